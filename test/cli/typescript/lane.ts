// One stack of a TypeScript program run through the real CLI against its own simulator: the
// setup (file backend, passphrase, PULUMI_HOME), the project with the package installed, the
// inline stack, and after every command the inventory check and the secrets seen so far.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { Program } from "../../../scripts/engine/program";
import type { Finding } from "../../../scripts/soak/inventory";
import { type Simulator, type SimulatorOptions, startSimulator } from "../../../simulator";
import { type CliResult, type CliSetup, cliSetup } from "../support/cli";
import { InlineStack } from "../support/inline";
import { Inventory } from "../support/inventory";
import { installPackage } from "../support/project";
import { type ExportedState, exportState } from "../support/state";

export interface Lane {
  readonly sim: Simulator;
  readonly setup: CliSetup;
  readonly projectDir: string;
  readonly stack: InlineStack;
  readonly stackName: string;
  /**
   * Every secret value the stack's objects held at some point (RBS passwords, private keys),
   * read from the simulator after each command: none may reach a file the CLI wrote.
   */
  readonly secrets: Set<string>;
  /** `pulumi stack export`, parsed. */
  state(): Promise<ExportedState>;
  /**
   * After a command: the exported state, checked against the simulator's inventory (0
   * duplicates, 0 orphans, every recorded object live), and the secrets of the objects noted.
   */
  checked(result: CliResult): Promise<ExportedState>;
  /** The inventory's findings after a command, for the moments some are expected. */
  findings(state: ExportedState): Promise<Finding[]>;
  close(): Promise<void>;
}

export interface LaneOptions {
  readonly root: string;
  readonly project: string;
  readonly program: Program;
  readonly simulator?: SimulatorOptions;
  /** Extra environment of every command (and so of the dynamic provider host it starts). */
  readonly env?: Readonly<Record<string, string>>;
}

/** The secret fields the simulator keeps on its records (never returned by a GET in clear). */
const SECRET_FIELDS: readonly (readonly [string, string])[] = [
  ["rbs_volumes", "_password"],
  ["rbs_volumes", "_username"],
  ["ssl_certificates", "_private_key"],
];

export async function startLane(options: LaneOptions): Promise<Lane> {
  const sim = await startSimulator({ speed: 3000, ...options.simulator });
  const inventory = await Inventory.start(sim);
  const setup = cliSetup(options.root, options.env);
  const projectDir = join(setup.root, "project");
  installPackage(projectDir);
  const stackName = "dev";
  const stack = await InlineStack.create({
    setup,
    projectDir,
    project: options.project,
    stack: stackName,
    program: options.program,
    config: {
      "serverscom:apiUrl": { value: sim.url },
      "serverscom:apiToken": { value: sim.token, secret: true },
    },
  });
  const secrets = new Set<string>([sim.token]);
  const state = () => exportState(setup, projectDir, stackName);
  return {
    sim,
    setup,
    projectDir,
    stack,
    stackName,
    secrets,
    state,
    async checked(result) {
      for (const [collection, field] of SECRET_FIELDS) {
        for (const record of await sim.control.records(collection)) {
          const value = record[field];
          if (typeof value === "string") secrets.add(value);
        }
      }
      const exported = await state();
      await inventory.expectClean(exported, `${result.command} (exit ${result.code})`);
      return exported;
    },
    findings: (exported) => inventory.check(exported),
    close: () => sim.close(),
  };
}

/** What a suite of one lane works with; set before its tests run. */
export interface LaneBed {
  lane: Lane;
}

/**
 * One lane of `project` per test file, in a temporary folder: started in beforeAll with
 * `program`, closed and removed in afterAll. Read the bed's lane inside hooks and tests.
 */
export function useLane(
  project: string,
  program: Program,
  options: Pick<LaneOptions, "simulator" | "env"> = {},
): LaneBed {
  const bed = {} as LaneBed;
  let root: string | undefined;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), `serverscom-cli-${project}-`));
    bed.lane = await startLane({ ...options, root, project, program });
  });
  afterAll(async () => {
    await bed.lane?.close();
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
  });
  return bed;
}
