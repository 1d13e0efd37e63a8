// One lifecycle, every language's generated SDK (sdks/<language>): a program in Python, Go or
// TypeScript over sdks/nodejs, run as an Automation API inline program (the language hosts
// cannot be built here: scripts/pulumi-cli/build.mjs), one step per process, through the real
// CLI and the native plugin against the simulator. The program (test/cli/<language>/) declares
// an SBM server, an RBS volume, a subnetwork, a DNS zone and a record, and looks up a location
// and an RBS flavor; each step prints its change summary and outputs as JSON on its last line,
// and the simulator's inventory is compared with the exported state after every step
// (support/inventory.ts).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../../simulator";
import { type CliSetup, cliSetup, pulumiBin } from "./cli";
import { Inventory } from "./inventory";
import { runProgram } from "./program";
import { installPackage, writeProjectFile } from "./project";
import { exportState, secretsInFiles } from "./state";

export type Step = "up" | "preview-refresh" | "update" | "replace" | "destroy";

export interface StepResult {
  /** The change summary: operation (`create`, `same`, `update`, ...) -> count. */
  readonly summary: Record<string, number>;
  readonly outputs: Record<string, unknown>;
}

/** What `file args` prints, trimmed; undefined where `file` is not on PATH (or fails). */
export function toolOutput(file: string, args: readonly string[]): string | undefined {
  try {
    return execFileSync(file, args, {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return undefined;
  }
}

/** A cache folder of ours: `override` when set, else <XDG cache home>/pulumi-serverscom/<name>. */
export function cacheFolder(override: string | undefined, name: string): string {
  return (
    override ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "pulumi-serverscom", name)
  );
}

/** A hash of every file under `dir`, names included. */
export function treeHash(dir: string): string {
  const hash = createHash("sha256");
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(relative(dir, path)).update(readFileSync(path));
    }
  };
  walk(dir);
  return hash.digest("hex").slice(0, 16);
}

/** How a language runs one step: the command line of its program, given the step. */
export type StepCommand = (step: Step) => { file: string; args: string[] };

/**
 * The program's five resources and the stack itself (the default provider is not in the change
 * summary).
 */
const ALL = 6;

/**
 * Runs the step's program with the CLI's environment (its own PULUMI_HOME, a local backend, no
 * plugin download) and the stack's settings on stdin: the token never appears in a command line.
 */
function runStep(
  command: StepCommand,
  step: Step,
  setup: CliSetup,
  settings: Record<string, string>,
): Promise<StepResult> {
  return runProgram<StepResult>(step, command(step), setup, settings);
}

/**
 * The lifecycle suite of a language whose tool may be missing (`version` undefined): then it
 * reports itself skipped, naming the tool.
 */
export function lifecycleSuite(
  title: string,
  version: string | undefined,
  tool: string,
  runtime: "python" | "go",
  prepare: () => Promise<StepCommand> | StepCommand,
): void {
  const skipped = version === undefined ? ` (skipped: no ${tool} on PATH)` : "";
  describe.skipIf(version === undefined)(`${title}${skipped}`, () => {
    lifecycleTests(runtime, prepare);
  });
}

/**
 * The lifecycle's tests, in the calling describe block. `prepare` makes the language's
 * environment (a virtual environment, a build) and returns how to run a step.
 */
export function lifecycleTests(
  runtime: "python" | "go" | "nodejs",
  prepare: () => Promise<StepCommand> | StepCommand,
): void {
  let sim: Simulator;
  let root: string;
  let setup: CliSetup;
  let inventory: Inventory;
  let command: StepCommand;
  let settings: Record<string, string>;
  const dir = () => join(root, "project");
  const project = `${runtime}-lifecycle`;

  beforeAll(async () => {
    sim = await startSimulator({ speed: 3000 });
    root = mkdtempSync(join(tmpdir(), `serverscom-cli-${runtime}-`));
    setup = cliSetup(root);
    // The native plugin through `plugins.providers`, as the README tells users of every
    // language; the Automation API keeps a Pulumi.yaml it finds in its work dir.
    installPackage(dir());
    writeProjectFile(dir(), project, runtime);
    inventory = await Inventory.start(sim);
    command = await prepare();
    settings = {
      workDir: dir(),
      project,
      stack: "dev",
      cliRoot: dirname(pulumiBin()),
      apiUrl: sim.url,
      token: sim.token,
    };
  });
  afterAll(async () => {
    await sim?.close();
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
  });

  async function step(name: Step): Promise<StepResult> {
    const result = await runStep(command, name, setup, settings);
    const state = await exportState(setup, dir(), "dev");
    await inventory.expectClean(state, `${runtime} ${name}: ${JSON.stringify(result.summary)}`);
    return result;
  }

  it("up creates the server, volume, subnetwork, zone and record; the lookups run", async () => {
    const { summary, outputs } = await step("up");
    expect(summary).toEqual({ create: ALL });
    expect(outputs).toMatchObject({
      locationCode: "AMS1",
      volumeSize: 100,
      subnetCidr: "10.20.0.0/29",
      recordTtl: 300,
    });
    expect(outputs.volumeAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  });

  it("a preview with refresh proposes no change (--expect-no-changes)", async () => {
    const { summary } = await step("preview-refresh");
    expect(summary).toEqual({ same: ALL });
  });

  it("an in-place update: labels, size and TTL change, nothing is replaced", async () => {
    const { summary, outputs } = await step("update");
    expect(summary).toEqual({ update: 3, same: ALL - 3 });
    expect(outputs).toMatchObject({ volumeSize: 120, recordTtl: 600 });
  });

  it("a replacement: the subnetwork's CIDR, deleted first", async () => {
    const before = await exportState(setup, dir(), "dev");
    const { summary, outputs } = await step("replace");
    expect(summary).toEqual({ replace: 1, same: ALL - 1 });
    expect(outputs).toMatchObject({ subnetCidr: "10.20.0.8/29" });
    const after = await exportState(setup, dir(), "dev");
    const id = (state: typeof before) => state.resources.find((r) => r.name === "private")?.id;
    expect(id(after)).not.toEqual(id(before));
  });

  it("destroy deletes everything; no secret in clear in any file the CLI wrote", async () => {
    const { summary } = await step("destroy");
    expect(summary).toEqual({ delete: ALL });
    expect((await exportState(setup, dir(), "dev")).resources).toEqual([]);
    expect(secretsInFiles([root], [sim.token])).toEqual([]);
  });
}
