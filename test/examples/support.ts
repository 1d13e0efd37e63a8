// What every example's test needs: the example's files, a run under plain setMocks that records
// what the program registers, and a round trip through the engine harness against a simulator.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { EngineHarness, type StepOp, type StepRecord } from "../../scripts/engine/harness";
import {
  type Program,
  type PulumiModule,
  programFile,
  resolveStackOutputs,
  type StackOutput,
} from "../../scripts/engine/program";
import { repoRoot } from "../../scripts/engine/repo";
import { type Simulator, startSimulator } from "../../simulator";
import { expectNoSecrets } from "../engine/secrets";
import { currentRegistry } from "../support/captured";

const REPO = repoRoot();

/** The type token prefix of our dynamic resources as a program registers them. */
export const DYNAMIC = "pulumi-nodejs:dynamic/serverscom:";

/** One example's test file: its simulator and the helpers below bound to the example. */
export interface ExampleBed {
  /** The file's simulator, started before its tests and closed after them. */
  sim(): Simulator;
  registrations(
    extraConfig?: Record<string, string>,
    computed?: MockOutputs,
  ): ReturnType<typeof registrations>;
  roundTrip(options: RoundTripOptions): Promise<void>;
  /** A test named `title` that is the round trip alone (most example files have one). */
  roundTripTest(title: string, options: RoundTripOptions): void;
  configKey(key: string): string;
  /** How many dedicated server reinstalls the simulator has been asked for so far. */
  reinstalls(): Promise<number>;
  /** The passwords of the RBS volumes the simulator holds: secrets no state may show. */
  rbsPasswords(): Promise<string[]>;
}

/**
 * The bed of the test file of examples/<name>. Its simulator runs at 3000 times real speed: a
 * 20-minute installation takes 400 ms and a reinstall 300 ms.
 */
export function useExample(name: string): ExampleBed {
  let started: Simulator | undefined;
  beforeAll(async () => {
    started = await startSimulator({ speed: 3000 });
  });
  afterAll(async () => {
    await started?.close();
  });
  const sim = () => {
    if (started === undefined) throw new Error("the simulator starts in beforeAll");
    return started;
  };
  return {
    sim,
    registrations: (extraConfig, computed) => registrations(name, sim(), extraConfig, computed),
    roundTrip: (options) => roundTrip(name, sim(), options),
    roundTripTest: (title, options) => {
      it(title, () => roundTrip(name, sim(), options));
    },
    configKey: (key) => configKey(name, key),
    reinstalls: async () =>
      (await sim().control.requestCounts())["POST /v1/hosts/dedicated_servers/:id/reinstall"] ?? 0,
    rbsPasswords: async () =>
      (await sim().control.records("rbs_volumes")).map((v) => String(v._password)),
  };
}

export function exampleDir(name: string): string {
  return join(REPO, "examples", name);
}

/** The project name in the example's Pulumi.yaml (the ownership label is derived from it). */
export function projectName(dir: string): string {
  const match = /^name:\s*(\S+)\s*$/m.exec(readFileSync(join(dir, "Pulumi.yaml"), "utf8"));
  if (match?.[1] === undefined) throw new Error(`${dir}/Pulumi.yaml has no name`);
  return match[1];
}

/** The stack configuration pointing at the simulator, the token as a secret. */
export function simulatorConfig(sim: Simulator, extra: Record<string, string> = {}) {
  return {
    "serverscom:apiToken": { value: sim.token, secret: true },
    "serverscom:apiUrl": { value: sim.url },
    ...Object.fromEntries(Object.entries(extra).map(([key, value]) => [key, { value }])),
  };
}

export interface Registered {
  readonly type: string;
  readonly name: string;
  /** As the program sent them: secret inputs still wrapped. */
  readonly inputs: Record<string, unknown>;
}

/**
 * The registrations by resource name, with their types: registration order follows the order in
 * which inputs resolve (lookups first), not the program's text.
 */
export function byName(resources: readonly Registered[]): Record<string, Registered> {
  return Object.fromEntries(resources.map((r) => [r.name, r]));
}

/** `type name` of each registration, sorted: what a program declares, in a stable order. */
export function declared(resources: readonly Registered[]): string[] {
  const short = (type: string) => type.replace(DYNAMIC, "");
  return resources.map((r) => `${short(r.type)} ${r.name}`).sort();
}

/** Outputs a mock adds to a resource's inputs (what a provider would compute, such as an id). */
export type MockOutputs = (type: string, name: string) => Record<string, unknown>;

/**
 * Runs the example under setMocks, with no provider behind it: each resource's outputs are its
 * inputs plus `computed`. Lookup functions still call the API (they run in the program), hence
 * the simulator.
 */
export async function registrations(
  name: string,
  sim: Simulator,
  extraConfig: Record<string, string> = {},
  computed: MockOutputs = () => ({}),
): Promise<{ resources: Registered[]; outputs: Map<string, StackOutput> }> {
  const dir = exampleDir(name);
  const pulumi = createRequire(join(REPO, "noop.js"))("@pulumi/pulumi") as PulumiModule;
  const resources: Registered[] = [];
  await pulumi.runtime.setMocks(
    {
      newResource: async (args) => {
        resources.push({ type: args.type, name: args.name, inputs: args.inputs });
        return {
          id: `${args.name}-id`,
          state: { ...args.inputs, ...computed(args.type, args.name) },
        };
      },
      call: () => ({}),
    },
    projectName(dir),
    "test",
    false,
  );
  const config = simulatorConfig(sim, extraConfig);
  pulumi.runtime.setAllConfig(
    Object.fromEntries(Object.entries(config).map(([key, { value }]) => [key, value])),
    ["serverscom:apiToken"],
  );
  const exported = programFile(join(dir, "index.ts"))(
    createRequire(join(REPO, "noop.js"))("pulumi-serverscom"),
    pulumi,
  );
  await (pulumi.runtime as unknown as { waitForRPCs(): Promise<void> }).waitForRPCs();
  return { resources, outputs: await resolveStackOutputs(pulumi, exported ?? {}) };
}

/** A harness on the example's project, against the simulator, polling fast. */
export function exampleHarness(
  name: string,
  sim: Simulator,
  extraConfig: Record<string, string> = {},
): EngineHarness {
  const dir = exampleDir(name);
  return new EngineHarness({
    projectDir: dir,
    project: projectName(dir),
    stack: "test",
    config: simulatorConfig(sim, extraConfig),
    env: { SERVERSCOM_POLL_INTERVAL_MS: "5" },
    // One provider host until the configuration changes (the caller closes it).
    reuseHost: true,
  });
}

/** The project-namespaced key of an example's own configuration value. */
export function configKey(name: string, key: string): string {
  return `${projectName(exampleDir(name))}:${key}`;
}

export interface RoundTripOptions {
  /** How many resources the program declares. */
  readonly resources: number;
  /** Checks after the first up. */
  readonly afterCreate?: (harness: EngineHarness) => Promise<void> | void;
  /** What the example is about, between the no-change up and destroy (config changes, ups). */
  readonly flow?: (harness: EngineHarness, program: Program) => Promise<void>;
  /** Secrets only the simulator knows (RBS passwords...), to look for in the state. */
  readonly secrets?: () => Promise<readonly string[]>;
  readonly config?: Record<string, string>;
}

/**
 * `pulumi up`; a second `pulumi up` that changes nothing; `pulumi preview --refresh` without
 * drift or changes; the example's own flow; `pulumi destroy`. Checks the steps, and after each
 * operation that no secret reached the state or the provider's output.
 */
export async function roundTrip(
  name: string,
  sim: Simulator,
  options: RoundTripOptions,
): Promise<void> {
  const harness = exampleHarness(name, sim, options.config);
  try {
    await runRoundTrip(harness, name, sim, options);
  } finally {
    await harness.close();
  }
}

async function runRoundTrip(
  harness: EngineHarness,
  name: string,
  sim: Simulator,
  options: RoundTripOptions,
): Promise<void> {
  const program = programFile(join(exampleDir(name), "index.ts"));
  const ops = (op: StepOp) => Array.from({ length: options.resources }, () => op);
  const check = async () => {
    const known = (await options.secrets?.()) ?? [];
    // The run-wide secret scan (test/support/secret-scan.ts) searches for them too.
    currentRegistry().addSecret(`${name} secret`, known);
    expectNoSecrets(harness, sim, known);
  };

  expect((await harness.up(program)).map((s) => s.op)).toEqual(ops("create"));
  await check();
  await options.afterCreate?.(harness);
  expect((await harness.up(program)).map((s) => s.op)).toEqual(ops("same"));
  const preview = await harness.preview(program, { refresh: true });
  expect(preview.refresh.map((s) => s.op)).toEqual(ops("same"));
  expect(preview.steps.map((s) => s.op)).toEqual(ops("same"));
  await check();
  if (options.flow !== undefined) {
    await options.flow(harness, program);
    await check();
  }
  expect((await harness.destroy()).map((s) => s.op)).toEqual(ops("delete"));
  expect(harness.state.size).toBe(0);
  await check();
}

/** The op of each step, by resource name (the URN's last part). */
export function opsByName(steps: readonly StepRecord[]): Record<string, StepOp> {
  return Object.fromEntries(steps.map((step) => [step.urn.split("::").at(-1), step.op]));
}
