// One YAML stack driven through the real CLI, the simulator's inventory compared with the
// exported state after every command (support/inventory.ts): a test never runs `pulumi` without
// that check.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type Simulator, type SimulatorOptions, startSimulator } from "../../../simulator";
import { type CliResult, type CliSetup, cliSetup, expectSuccess, pulumi } from "../support/cli";
import { Inventory } from "../support/inventory";
import { yamlProject } from "../support/project";
import { type ExportedState, exportState } from "../support/state";
import { certificateFiles, KEY_CONFIG } from "./program";

export class YamlStack {
  private constructor(
    readonly setup: CliSetup,
    readonly dir: string,
    readonly project: string,
    public stack: string,
    readonly inventory: Inventory,
  ) {}

  /**
   * A project folder with the package installed, a stack configured for the simulator (the
   * token and the certificate's private key as secrets), and the inventory's seed taken now.
   */
  static async create(
    sim: Simulator,
    root: string,
    project: string,
    body: string,
    /** Extra environment of every `pulumi` command (and so of the plugin it starts). */
    env: Readonly<Record<string, string>> = {},
  ): Promise<YamlStack> {
    const setup = cliSetup(root, env);
    const dir = join(root, "project");
    yamlProject(dir, project, body);
    const stack = new YamlStack(setup, dir, project, "dev", await Inventory.start(sim));
    await stack.init("dev", sim);
    return stack;
  }

  /** `pulumi stack init` and the stack's configuration. */
  async init(name: string, sim: Simulator): Promise<void> {
    this.stack = name;
    expectSuccess(await this.raw(["stack", "init", name]));
    expectSuccess(await this.raw(["config", "set", "serverscom:apiUrl", sim.url]));
    expectSuccess(await this.raw(["config", "set", "--secret", "serverscom:apiToken", sim.token]));
    // set-all's `--secret=key=value`: a PEM key starts with dashes, which `config set` would take
    // for flags (and its `--` cannot be used: pulumi() appends its flags after the arguments).
    const { key } = certificateFiles();
    expectSuccess(await this.raw(["config", "set-all", `--secret=${KEY_CONFIG}=${key}`]));
  }

  /** Pulumi.yaml's resources etc. (after `plugins`), as a user edits the program. */
  set program(body: string) {
    // The header yamlProject wrote (the plugin through `plugins.providers`), the new body.
    const header = readFileSync(join(this.dir, "Pulumi.yaml"), "utf8").split("\n").slice(0, 6);
    writeFileSync(join(this.dir, "Pulumi.yaml"), [...header, body].join("\n"));
  }

  writeFile(name: string, text: string): string {
    const path = join(this.dir, name);
    writeFileSync(path, text);
    return path;
  }

  /** A `pulumi` command on this stack, without the inventory check (setup commands). */
  raw(args: readonly string[], env?: Readonly<Record<string, string>>): Promise<CliResult> {
    const withStack =
      args[0] === "stack" && args[1] === "init" ? args : [...args, "--stack", this.stack];
    return pulumi(this.setup, this.dir, withStack, env === undefined ? {} : { env });
  }

  state(): Promise<ExportedState> {
    return exportState(this.setup, this.dir, this.stack);
  }

  /**
   * Runs a command and checks the inventory after it. A command that failed may name the kinds
   * its error was about (`failedKinds`): their resources may miss objects the error explains.
   */
  async run(
    args: readonly string[],
    failedKinds?: readonly string[],
    env?: Readonly<Record<string, string>>,
  ): Promise<CliResult> {
    const result = await this.raw(args, env);
    const state = await this.state();
    const label = `pulumi ${args.join(" ")} (exit ${result.code})`;
    if (result.code === 0 || failedKinds === undefined) {
      await this.inventory.expectClean(state, `${label}\n${result.stdout}\n${result.stderr}`);
    } else {
      const findings = await this.inventory.check(state, {
        messages: `${result.stdout}\n${result.stderr}`.split("\n"),
        kinds: failedKinds,
      });
      // An object a failed step made and did not record yet is "awaiting": the next step adopts
      // or records it, so only findings of other kinds count here.
      const hard = findings.filter((f) => f.finding !== "awaiting");
      if (hard.length > 0) {
        throw new Error(`inventory after ${label}: ${JSON.stringify(hard, null, 2)}`);
      }
    }
    return result;
  }
}

/** What a suite of one YAML stack works with; set before its tests run. */
export interface YamlBed {
  sim: Simulator;
  /** The suite's folder: the project, the CLI's home and backend. */
  root: string;
  stack: YamlStack;
}

/**
 * One simulator (3000 times real time unless `options` say otherwise) and one YAML stack of
 * `project` per test file: made in beforeAll with the program `body()`, closed and removed in
 * afterAll; `env` is added to every command's environment. Read the bed's fields inside hooks
 * and tests.
 */
export function useYamlStack(
  project: string,
  body: () => string,
  options: SimulatorOptions = {},
  env: Readonly<Record<string, string>> = {},
): YamlBed {
  const bed = {} as YamlBed;
  beforeAll(async () => {
    bed.sim = await startSimulator({ speed: 3000, ...options });
    bed.root = mkdtempSync(join(tmpdir(), `serverscom-cli-${project}-`));
    bed.stack = await YamlStack.create(bed.sim, bed.root, project, body(), env);
  });
  afterAll(async () => {
    await bed.sim?.close();
    if (bed.root !== undefined) rmSync(bed.root, { recursive: true, force: true });
  });
  return bed;
}
