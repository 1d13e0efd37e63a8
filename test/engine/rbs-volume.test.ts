// RbsVolume through the real provider host, driven like `pulumi up` / `refresh` / `destroy`.
// Needs a current dist/ (npm test builds it first; alone: npm run build).
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../simulator";
import { EngineHarness, OperationFailed, type Program } from "./harness";

const REPO = join(__dirname, "..", "..");
const TYPE = "pulumi-nodejs:dynamic/serverscom:RbsVolume";

let sim: Simulator;
let harness: EngineHarness;
const passwords = new Set<string>();

function newHarness(packageDir?: string): EngineHarness {
  return new EngineHarness({
    projectDir: join(__dirname, "project"),
    project: "engine-harness",
    stack: "dev",
    config: {
      "serverscom:apiToken": { value: sim.token, secret: true },
      "serverscom:apiUrl": { value: sim.url },
    },
    // The provider polls every few milliseconds; the simulator runs 3000 times faster than real
    // time. No token in the environment: configure gives it.
    env: { SERVERSCOM_POLL_INTERVAL_MS: "5" },
    ...(packageDir === undefined ? {} : { packageDir }),
  });
}

beforeAll(async () => {
  if (!existsSync(join(REPO, "dist", "provider", "index.js"))) {
    throw new Error("dist/ is missing: run `npm run build` before the engine tests");
  }
  // A creation takes 10 simulated minutes, 200 ms of real time: long enough for the 1 ms create
  // timeout of the partial-create scenario to fail reliably on a busy machine.
  sim = await startSimulator({ speed: 3000, durations: { rbs_create: 600_000 } });
  harness = newHarness();
});

afterAll(async () => {
  await sim.close();
});

/** After each step: no token and no RBS password in the stored state or the provider's output. */
afterEach(async () => {
  for (const volume of await sim.control.records("rbs_volumes"))
    passwords.add(String(volume._password));
  expect(passwords.size).toBeGreaterThan(0);
  const texts = [harness.stateText(), ...harness.stderr];
  for (const text of texts) {
    expect(text).not.toContain(sim.token);
    for (const password of passwords) expect(text).not.toContain(password);
  }
});

const volume =
  (args: Record<string, unknown>, opts: Record<string, unknown> = {}): Program =>
  (serverscom) => {
    new serverscom.RbsVolume("data", { locationId: 1, flavorId: 1, size: 100, ...args }, opts);
  };

async function volumes() {
  return (await sim.control.records("rbs_volumes")).filter((v) => v.status !== "removing");
}

function stored() {
  const resource = harness.resource(TYPE, "data");
  if (resource === undefined) throw new Error("no RbsVolume data in the state");
  return resource;
}

describe("an RbsVolume through the engine's steps", () => {
  let firstProvider: unknown;

  it("up creates the volume and records its outputs, the credentials sealed as secrets", async () => {
    const steps = await harness.up(volume({ labels: { env: "prod" } }));
    expect(steps).toEqual([{ urn: expect.stringContaining("::data"), op: "create" }]);
    const state = stored();
    expect(state.outputs).toMatchObject({ status: "active", size: 100, labels: { env: "prod" } });
    expect(state.additionalSecretOutputs).toEqual(["username", "password"]);
    expect(state.outputs.password).toBe((await volumes())[0]?._password);
    expect(state.inputs.__provider).toBe(state.outputs.__provider);
    firstProvider = state.inputs.__provider;
    expect(String(firstProvider).length).toBeLessThan(4096);
    expect(harness.stderr).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^serverscom:RbsVolume data \\(${state.id}\\): creating -> active after \\d+m?s$`,
        ),
      ),
    );
  });

  it("a second up without changes is a Same step", async () => {
    expect(await harness.up(volume({ labels: { env: "prod" } }))).toEqual([
      { urn: expect.any(String), op: "same" },
    ]);
  });

  it("still no diff with a freshly rebuilt package: the serialised provider is byte-identical", async () => {
    const copy = mkdtempSync(join(tmpdir(), "serverscom-rebuild-"));
    try {
      // A type error elsewhere in the repository must not hide this test's point: tsc emits
      // anyway, and the test needs only the emitted files.
      const tsc = join(REPO, "node_modules", "typescript", "bin", "tsc");
      await promisify(execFile)(
        process.execPath,
        [tsc, "-p", join(REPO, "tsconfig.build.json"), "--outDir", join(copy, "dist")],
        { cwd: REPO },
      ).catch(() => undefined);
      expect(existsSync(join(copy, "dist", "provider", "index.js"))).toBe(true);
      copyFileSync(join(REPO, "package.json"), join(copy, "package.json"));
      symlinkSync(join(REPO, "node_modules"), join(copy, "node_modules"), "dir");
      const rebuilt = newHarness(copy);
      for (const [urn, resource] of harness.state) rebuilt.state.set(urn, resource);
      expect(await rebuilt.up(volume({ labels: { env: "prod" } }))).toEqual([
        { urn: expect.any(String), op: "same" },
      ]);
      expect(rebuilt.resource(TYPE, "data")?.inputs.__provider).toBe(firstProvider);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 120_000);

  it("an in-place change is an update with complete outputs", async () => {
    const id = stored().id;
    const steps = await harness.up(
      volume({ name: "data-2", size: 200, labels: { env: "staging" } }),
    );
    expect(steps.map((s) => s.op)).toEqual(["update"]);
    expect(stored()).toMatchObject({
      id,
      outputs: {
        name: "data-2",
        size: 200,
        status: "active",
        labels: { env: "staging" },
        iops: 2000,
      },
    });
    expect(typeof stored().outputs.password).toBe("string");
  });

  it("a replacing change deletes the old volume, then creates the new one", async () => {
    const oldId = stored().id;
    const steps = await harness.up(
      volume({ name: "data-2", size: 200, locationId: 2, flavorId: 3 }),
    );
    expect(steps.map((s) => s.op)).toEqual(["replace"]);
    expect(stored().id).not.toBe(oldId);
    expect(stored().outputs).toMatchObject({ locationCode: "DFW1", status: "active" });
    expect((await volumes()).map((v) => v.id)).toEqual([stored().id]);
  });

  it("refresh reports drift, and the next up puts it back", async () => {
    await sim.control.patch("rbs_volumes", stored().id, { name: "renamed-by-hand" });
    const steps = await harness.refresh();
    expect(steps.map((s) => s.op)).toEqual(["update"]);
    expect(stored().outputs.name).toBe("renamed-by-hand");
    expect(stored().inputs.name).toBe("renamed-by-hand");
    const program = volume({ name: "data-2", size: 200, locationId: 2, flavorId: 3 });
    expect((await harness.up(program)).map((s) => s.op)).toEqual(["update"]);
    expect(stored().outputs.name).toBe("data-2");
    expect((await harness.refresh()).map((s) => s.op)).toEqual(["same"]);
  });

  it("refresh after a deletion outside Pulumi drops the resource; up creates it again", async () => {
    await sim.control.remove("rbs_volumes", stored().id);
    expect((await harness.refresh()).map((s) => s.op)).toEqual(["delete"]);
    expect(harness.state.size).toBe(0);
    const program = volume({ name: "data-2", size: 200, locationId: 2, flavorId: 3 });
    expect((await harness.up(program)).map((s) => s.op)).toEqual(["create"]);
    expect(await volumes()).toHaveLength(1);
  });

  it("destroy deletes the volume and empties the state", async () => {
    expect((await harness.destroy()).map((s) => s.op)).toEqual(["delete"]);
    expect(harness.state.size).toBe(0);
    expect(await sim.control.records("rbs_volumes")).toEqual([]);
  });
});

describe("failures through the engine", () => {
  it("a check failure fails the up with the rule, and records nothing", async () => {
    const error = await harness.up(volume({ size: 5000 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperationFailed);
    expect((error as Error).message).toBe(
      `${TYPE} resource 'data': property size has a problem: size must be at most 2048 GB (got 5000 GB)`,
    );
    expect(harness.state.size).toBe(0);
  });

  it("a partial create records the id with init errors; the next up updates and resumes", async () => {
    // A create timeout far shorter than the creation: the wait fails after the POST.
    const error = await harness
      .up(volume({}, { customTimeouts: { create: "1ms" } }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperationFailed);
    const partial = stored();
    expect(partial.initErrors).toHaveLength(1);
    expect(partial.initErrors[0]).toContain(
      `serverscom:RbsVolume data (${partial.id}) was created but is not ready`,
    );
    expect(partial.outputs).toMatchObject({ status: "creating" });
    expect(typeof partial.outputs.__provider).toBe("string");

    // No diff (the timeout is a hidden input), but the init errors force an update.
    expect((await harness.up(volume({}))).map((s) => s.op)).toEqual(["update"]);
    expect(stored()).toMatchObject({
      id: partial.id,
      initErrors: [],
      outputs: { status: "active" },
    });
    expect(await volumes()).toHaveLength(1);
    await harness.destroy();
  });

  it("without a token the error names both ways to set one", async () => {
    const tokenless = new EngineHarness({
      projectDir: join(__dirname, "project"),
      project: "engine-harness",
      stack: "dev",
      config: { "serverscom:apiUrl": { value: sim.url } },
    });
    const error = await tokenless.up(volume({})).catch((e: unknown) => e);
    expect((error as Error).message).toContain(
      "serverscom: no API token. Set it with `pulumi config set --secret serverscom:apiToken <token>` " +
        "or the SERVERSCOM_API_TOKEN environment variable.",
    );
  });
});
