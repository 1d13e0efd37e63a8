// Every resource kind in one TypeScript program, through the real Pulumi CLI (the Automation
// API's inline program; the real engine, dynamic provider host and state files): preview, up, no
// false drift, drift on every kind put back, `up --replace` of every kind, a partial create
// resumed, destroy. The simulator's inventory is compared with the exported state after every
// command, and no secret may reach a file the CLI wrote.
import { beforeAll, describe, expect, it } from "vitest";
import { OWNER_LABEL_KEY } from "../../../provider/framework/ownership";
import { OBJECT_KINDS } from "../../../scripts/soak/kinds";
import { expectSuccess } from "../support/cli";
import { DELETE_FIRST_KINDS } from "../support/delete-first";
import type { ExportedState } from "../support/state";
import { secretsInFiles } from "../support/state";
import {
  allKinds,
  DECLARED,
  DRIFTS,
  LATE_HELD,
  PRIVATE_KEY,
  REPLACED,
  resourceOf,
  typeOf,
  USER_DATA,
} from "./all-kinds";
import { useLane } from "./lane";
import { blockOf, diffBlocks, printed } from "./output";

/** `pulumi preview --expect-no-changes` fails with this code (pulumi/pulumi v3.274.1 pkg/cmd/pulumi/cmd/exit_codes.go:37). */
const EXIT_NO_CHANGES = 7;
/** A deployment in which a step failed: a bail, the generic error code. */
const EXIT_ERROR = 1;

/** Resources and a resource their inputs come from: [dependent, dependency]. */
const DEPENDENTS: readonly (readonly [readonly [string, string], readonly [string, string]])[] = [
  [
    ["DnsRecord", "www"],
    ["DnsZone", "zone"],
  ],
  [
    ["CloudVolumeBackup", "nightly"],
    ["CloudVolume", "vol"],
  ],
  [
    ["PtrRecord", "app-ptr"],
    ["CloudInstance", "app"],
  ],
  [
    ["L2Segment", "lan"],
    ["DedicatedServer", "db"],
  ],
  [
    ["HostNetwork", "extra"],
    ["DedicatedServer", "db"],
  ],
];

const bed = useLane("all-kinds", allKinds());
/** The live objects of every kind before the stack made anything (the simulator's seed). */
let seedObjects: Record<string, string[]>;

/** The keys of the live objects of every kind the inventory knows. */
async function liveObjects(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const [kind, spec] of Object.entries(OBJECT_KINDS)) {
    out[kind] = (await bed.lane.sim.control.records(spec.collection))
      .filter((record) => (spec.mine?.(record) ?? true) && spec.live(record))
      .map((record) => spec.recordKey(record))
      .sort();
  }
  return out;
}

beforeAll(async () => {
  seedObjects = await liveObjects();
});

/** The ids of the declared resources, by kind. */
function idsByKind(state: ExportedState): Map<string, string> {
  return new Map(DECLARED.map(({ kind, name }) => [kind, resourceOf(state, kind, name).id]));
}

/** `pulumi preview --refresh --expect-no-changes` passes: what is, is what the program says. */
async function expectConverged(): Promise<void> {
  const result = await bed.lane.stack.preview({ refresh: true, expectNoChanges: true });
  await bed.lane.checked(expectSuccess(result));
}

describe("every resource kind through the real Pulumi CLI", () => {
  it("preview: 20 creates, with the values only an up can know shown as unknown", async () => {
    const result = expectSuccess(await bed.lane.stack.preview());
    const blocks = diffBlocks(result.stdout);
    for (const { kind, name } of DECLARED) {
      expect(blocks.find((b) => b.type === typeOf(kind) && b.name === name)?.op, name).toBe(
        "create",
      );
    }
    // Inputs made of other resources' ids and addresses (and every stack output built on them).
    const unknown = /:\s+\[unknown\]/;
    expect(blockOf(result.stdout, typeOf("HostNetwork"), "extra", "create").body).toMatch(
      /hostId\s+:\s+\[unknown\]/,
    );
    expect(blockOf(result.stdout, typeOf("DnsRecord"), "www", "create").body).toMatch(
      /zoneId\s+:\s+\[unknown\]/,
    );
    expect(blockOf(result.stdout, typeOf("PtrRecord"), "app-ptr", "create").body).toMatch(
      /cloudInstanceId\s*:\s+\[unknown\]/,
    );
    expect(blockOf(result.stdout, typeOf("CloudVolumeBackup"), "nightly", "create").body).toMatch(
      unknown,
    );
    // A lookup's result is known during a preview: the catalogue ids are plain values.
    expect(blockOf(result.stdout, typeOf("SbmServer"), "web", "create").body).toMatch(
      /sbmFlavorModelId\s*:\s+601/,
    );
    expect(result.stdout).toMatch(/\+ 21 to create/);
    const state = await bed.lane.checked(result);
    expect(state.resources).toEqual([]);
  });

  it("up: every kind created and recorded, without init errors", async () => {
    const result = expectSuccess(await bed.lane.stack.up());
    expect(result.stdout).toMatch(/\+ 21 created/);
    const state = await bed.lane.checked(result);
    expect(state.resources).toHaveLength(DECLARED.length);
    for (const { kind, name } of DECLARED) {
      const resource = resourceOf(state, kind, name);
      expect(resource.id, name).not.toBe("");
      expect(resource.initErrors, name).toEqual([]);
    }
    // The RBS credentials: secret outputs, sealed in the state, and the stack output secret.
    expect(resourceOf(state, "RbsVolume", "data").additionalSecretOutputs).toEqual(
      expect.arrayContaining(["password"]),
    );
    expect(result.stdout).toMatch(/dataPassword\s*:\s*\[secret\]/);
    // The out-of-band secret: a secret lookup result, kept for the scan of the files.
    const { oobSecret } = await bed.lane.stack.stack.outputs();
    expect(oobSecret?.secret).toBe(true);
    expect(typeof oobSecret?.value).toBe("string");
    bed.lane.secrets.add(String(oobSecret?.value));
    expect(resourceOf(state, "CloudInstance", "app").additionalSecretOutputs).toContain("userData");
  });

  it("preview --expect-no-changes right after: nothing to do", async () => {
    const result = expectSuccess(await bed.lane.stack.preview({ expectNoChanges: true }));
    expect(result.stdout).toMatch(/21 unchanged/);
    await bed.lane.checked(result);
  });

  it("preview --refresh --expect-no-changes: no false drift on any kind", async () => {
    await expectConverged();
  });

  it("drift on every kind: refresh names each changed property, the next up puts it back", async () => {
    const before = await bed.lane.state();
    for (const drift of DRIFTS) {
      const resource = resourceOf(before, drift.kind, drift.name);
      await drift.change(bed.lane.sim, resource.id, resource.outputs as Record<string, unknown>);
    }

    const preview = await bed.lane.stack.preview({ refresh: true, expectNoChanges: true });
    expect(preview.code, printed(preview)).toBe(EXIT_NO_CHANGES);
    const shown = printed(preview);
    expect(shown).toContain("no changes were expected for preview but changes were proposed");
    for (const drift of DRIFTS) {
      const type = typeOf(drift.kind);
      const refreshed = blockOf(shown, type, drift.name, "refresh");
      if (drift.gone === true) {
        // Every output read as gone, and the step that follows creates it again.
        expect(refreshed.body, drift.kind).toMatch(/^\s+- name\s*:/m);
        blockOf(shown, type, drift.name, "create");
        continue;
      }
      const named = (marks: string) => new RegExp(`^\\s+[${marks}] ${drift.property}\\s*:`, "m");
      expect(refreshed.body, `${drift.kind} refresh`).toMatch(named("~"));
      // The step's display diffs the refreshed inputs against the program's: a property the
      // program leaves to its default (an L7 balancer's geoip) shows as removed, "- geoip".
      const step = blockOf(shown, type, drift.name, drift.fix);
      expect(step.body, `${drift.kind} ${drift.fix}`).toMatch(named("~-"));
    }
    // The instance is updated (its name): the dynamic provider host cannot preview an update,
    // so the engine hands the program the new inputs as the instance's outputs, and its address
    // is unknown to the record built on it (pulumi/pulumi v3.274.1
    // pkg/resource/plugin/provider_plugin.go:1748). The up then finds it unchanged.
    expect(blockOf(shown, typeOf("DnsRecord"), "www", "update").body).toMatch(
      /~ data\s*:\s*"[^"]+" => \[unknown\]/,
    );
    // A preview changes nothing: the deleted snapshot is still recorded, the only finding.
    const findings = await bed.lane.findings(await bed.lane.state());
    expect(findings.map((f) => `${f.finding} ${f.kind}`)).toEqual(["lost CloudSnapshot"]);

    const refresh = expectSuccess(await bed.lane.stack.refresh());
    const refreshed = await bed.lane.checked(refresh);
    expect(refreshed.resources.map((r) => r.name)).not.toContain("golden");

    const up = expectSuccess(await bed.lane.stack.up());
    const after = await bed.lane.checked(up);
    for (const drift of DRIFTS) {
      const old = resourceOf(before, drift.kind, drift.name).id;
      const now = resourceOf(after, drift.kind, drift.name).id;
      if (drift.fix === "update") expect(now, drift.kind).toBe(old);
      else expect(now, drift.kind).not.toBe(old);
    }
    expect(resourceOf(after, "DnsRecord", "www").outputs.data).toBe(
      resourceOf(after, "CloudInstance", "app").outputs.publicIpv4Address,
    );
    await expectConverged();
  });

  it("up --replace of every kind: new objects, old ones released, delete-first kinds first", async () => {
    const before = await bed.lane.state();
    const oldIds = idsByKind(before);
    const urns = DECLARED.map(({ kind, name }) => resourceOf(before, kind, name).urn);
    const result = expectSuccess(await bed.lane.stack.up({ replace: urns }));
    expect(result.stdout).toMatch(/\+-20 replaced/);
    const after = await bed.lane.checked(result);
    const newIds = idsByKind(after);

    for (const { kind, name } of DECLARED) {
      const [oldId, newId] = [oldIds.get(kind) ?? "", newIds.get(kind) ?? ""];
      const spec = OBJECT_KINDS[kind];
      if (spec === undefined) throw new Error(`OBJECT_KINDS has no ${kind}`);
      const records = await bed.lane.sim.control.records(spec.collection);
      const keyOf = (id: string) => spec.keyOf({ ...resourceOf(after, kind, name), id });
      const record = (id: string) => records.find((r) => spec.recordKey(r) === keyOf(id));
      if (REPLACED[kind] === "new") {
        expect(newId, kind).not.toBe(oldId);
        const old = record(oldId);
        expect(old === undefined || !spec.live(old), `${kind}: the old object is released`).toBe(
          true,
        );
      } else {
        expect(newId, kind).toBe(oldId);
      }
      const current = record(newId);
      expect(current !== undefined && spec.live(current), `${kind}: the new object`).toBe(true);

      // The order the README promises: delete first for the kinds that cannot have two.
      const line = (what: string) => result.stdout.indexOf(`${typeOf(kind)} ${name} ${what}`);
      const [deleting, creating] = [line("deleting original"), line("creating replacement")];
      expect(deleting, kind).toBeGreaterThan(-1);
      expect(creating, kind).toBeGreaterThan(-1);
      if (DELETE_FIRST_KINDS.has(kind))
        expect(deleting, `${kind} deletes first`).toBeLessThan(creating);
      else expect(creating, `${kind} creates first`).toBeLessThan(deleting);
      // Created first, beside the old generation, which the create found, named and left (the
      // provider's progress line, shown under the stack). A PTR record's new generation is
      // made on the new instance, where there is nothing of the old one to find.
      if (REPLACED[kind] === "new" && !DELETE_FIRST_KINDS.has(kind) && kind !== "PtrRecord") {
        expect(result.stdout, kind).toContain(`not adopting ${oldId}`);
      }
    }
    // Old generations go dependents first (the engine schedules deletes in reverse dependency
    // order: pulumi/pulumi v3.274.1 pkg/resource/deploy/step_generator.go:2883, ScheduleDeletes),
    // also where the dependency is deleted first (step_generator.go:2150, its dependents go
    // before it).
    const at = (kind: string, name: string, what: string) =>
      result.stdout.indexOf(`${typeOf(kind)} ${name} ${what}`);
    for (const [[kind, name], [dependencyKind, dependencyName]] of DEPENDENTS) {
      expect(at(kind, name, "deleted original"), `${kind} before ${dependencyKind}`).toBeLessThan(
        at(dependencyKind, dependencyName, "deleting original"),
      );
    }
    await expectConverged();
  });

  it("a create that times out after the object exists is recorded, refreshed and resumed", async () => {
    bed.lane.stack.program = allKinds({ late: "failing" });
    await bed.lane.sim.control.setFaults(LATE_HELD);
    const failed = await bed.lane.stack.up();
    await bed.lane.sim.control.setFaults({});
    expect(failed.code, printed(failed)).toBe(EXIT_ERROR);
    expect(printed(failed)).toMatch(
      /serverscom:RbsVolume late-data \([^)]+\) was created but is not ready/,
    );
    const partial = await bed.lane.checked(failed);
    const late = [
      resourceOf(partial, "RbsVolume", "late-data"),
      resourceOf(partial, "CloudVolume", "late-vol"),
    ];
    for (const resource of late) {
      expect(resource.id, resource.name).not.toBe("");
      expect(resource.initErrors, resource.name).toHaveLength(1);
    }

    // refresh clears the init errors (RefreshStep) and keeps the objects.
    const refreshed = await bed.lane.checked(expectSuccess(await bed.lane.stack.refresh()));
    for (const resource of late) {
      const now = resourceOf(refreshed, resource.type.split(":").at(-1) ?? "", resource.name);
      expect(now.id).toBe(resource.id);
      expect(now.initErrors).toEqual([]);
    }

    bed.lane.stack.program = allKinds({ late: "resume" });
    const resumed = expectSuccess(await bed.lane.stack.up());
    expect(resumed.stdout).toMatch(/~ 2 updated/);
    const state = await bed.lane.checked(resumed);
    const volume = resourceOf(state, "RbsVolume", "late-data");
    expect(volume.id).toBe(late[0]?.id);
    expect(volume.outputs.status).toBe("active");
    expect(volume.outputs).not.toHaveProperty("__pending");
    const cloudVolume = resourceOf(state, "CloudVolume", "late-vol");
    expect(cloudVolume.id).toBe(late[1]?.id);
    expect(cloudVolume.outputs.status).toBe("available");
    // One object each: no second create (the inventory finds no duplicate either).
    const rbs = await bed.lane.sim.control.records("rbs_volumes");
    expect(rbs.filter((r) => r.size === 50).map((r) => r.id)).toEqual([volume.id]);
    await expectConverged();
  });

  it("destroy: nothing of the stack is left in the simulator", async () => {
    const result = expectSuccess(await bed.lane.stack.destroy());
    const state = await bed.lane.checked(result);
    expect(state.resources).toEqual([]);
    expect(state.pendingDeletes).toEqual([]);
    expect(await liveObjects()).toEqual(seedObjects);
    // What the stack took charge of is as it found it: labels put back, no ownership label.
    const cluster = await bed.lane.sim.control.peek("kubernetes_clusters", "K8sProd1");
    expect(cluster?.labels).toEqual({ env: "prod", team: "platform" });
    const certificate = await bed.lane.sim.control.peek("ssl_certificates", "LeCert02");
    expect(Object.keys(certificate?.labels as object)).not.toContain(OWNER_LABEL_KEY);
  });

  it("no secret in any file the CLI wrote: token, RBS credentials, private key, user data, OOB secret", () => {
    const secrets = [...bed.lane.secrets, PRIVATE_KEY, USER_DATA];
    // The key's base64 lines: a private key must not appear even reformatted.
    for (const line of PRIVATE_KEY.split("\n")) {
      if (line.length > 0 && !line.startsWith("-----")) secrets.push(line);
    }
    expect(bed.lane.secrets.size).toBeGreaterThan(2);
    expect(secretsInFiles([bed.lane.setup.root], secrets)).toEqual([]);
  });
});
