// The engine scenarios every resource kind goes through, as `pulumi` would run them, each one a
// test of its own: up; a second up with no change (also after rebuilding the package); an
// in-place change; a replacing change; refresh after drift; refresh after a deletion outside
// Pulumi; destroy; a failed create, then refreshed and resumed; `up --replace` and a replacement
// with deleteBeforeReplace: false (issue 12). After each, no secret (the API token, the
// secrets the kind's suite names, every secret input and output of the state) may appear in the
// stored state or in what the provider printed.
//
// The lifecycle table (kinds.ts, run by lifecycle.ts) calls engineScenario once per kind, then one
// method per scenario, in order (a kind's own tests, test/engine/<kind>.test.ts, start their
// own): they share one simulator and one stack, as successive `pulumi` commands do.
// The harness keeps one provider process per door for the suite (reuseHost), restarted when the
// configuration changes; the rebuilt-package scenario starts its own.
// A scenario that cannot apply to a kind is recorded with `notApplicable`, the reason, and a
// check of that reason against the kind's definition (so it fails if the reason stops holding).
//
// Every scenario runs through both doors (DOORS below): the dynamic provider host, and the
// native plugin (named "... (native plugin)"), each with its own simulator and stack and one
// provider process per file. The plugin door adds `pulumi import` after the no-change up, checks
// detailedDiff in the in-place and replacing changes, and that its state holds no `__provider`,
// no hidden input, and every secret output sealed by the plugin. A new scenario method registers
// its test with `each(...)` to run through both.
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { UNRECORDED_OUTPUT } from "../../provider/framework/hidden";
import { DELETE_FIRST } from "../../provider/native/delete-first";
import { PluginHost } from "../../scripts/engine/plugin";
import { repoRoot } from "../../scripts/engine/repo";
import { secretValue } from "../../scripts/engine/secrets";
import {
  type FaultOptions,
  type Simulator,
  type SimulatorOptions,
  startSimulator,
} from "../../simulator";
import {
  type EngineHarness,
  OperationFailed,
  type Program,
  requireDist,
  type StepOp,
  type StepRecord,
  type StoredResource,
  simulatorHarness,
} from "./harness";
import { rebuiltPackage } from "./rebuild";
import { expectNoSecrets } from "./secrets";

const PROJECT_DIR = join(repoRoot(), "test", "engine", "project");

/**
 * The two doors every scenario goes through (harness.ts, `door`): the dynamic provider host as
 * TypeScript programs reach it, and the native plugin as programs in other languages and
 * `pulumi import` reach it. Each door has its own simulator and stack; a scenario's test runs
 * once per door, the native one named with NATIVE_SUFFIX.
 */
export type Door = "dynamic" | "plugin";
const DOORS: readonly Door[] = ["dynamic", "plugin"];
const NATIVE_SUFFIX = " (native plugin)";
/** PropertyDiff kinds of an in-place change: ADD, DELETE, UPDATE (provider.proto). */
const IN_PLACE: readonly number[] = [0, 2, 4];
/** What only the dynamic door stores: the serialised shim and the hidden inputs. */
const DYNAMIC_ONLY = ["__provider", "__ownerLabel", "__timeouts"];

export interface ScenarioOptions {
  /** The kind's name: the type token is pulumi-nodejs:dynamic/serverscom:<kind>. */
  readonly kind: string;
  /** The name of the resource under test (a program may declare others it needs). */
  readonly name: string;
  /** Default: speed 3000 (a 20-minute install in 400 ms). */
  readonly simulator?: SimulatorOptions;
  /** Secrets only the simulator knows (RBS passwords, private keys), looked for in the state. */
  readonly secrets?: (sim: Simulator) => Promise<readonly string[]>;
}

export interface FailedCreate {
  /** The program whose up fails: a short create timeout, or run under `faults`. */
  readonly failing: Program;
  /** Faults set for the failing up only. */
  readonly faults?: FaultOptions;
  /**
   * true: the object exists when the up fails (a partial create): the state records it with an
   * init error and the next up updates it, resuming the wait. false: nothing was made, nothing
   * is recorded, and the next up creates it.
   */
  readonly partial: boolean;
  /** The program of the next up. */
  readonly resume: Program;
  /** How many objects of the kind the simulator holds after the resumed up (no duplicate). */
  readonly count?: (sim: Simulator) => Promise<number>;
}

/** What a scenario checks or does: the resource under test, the simulator, the harness. */
export type Check = (
  resource: StoredResource,
  sim: Simulator,
  harness: EngineHarness,
) => Promise<void> | void;

export interface Replacements {
  /** The program of the current state, with these resource options on the resource under test. */
  readonly program: (opts: Record<string, unknown>) => Program;
  /** How many live objects of the kind the simulator holds (exactly 1 after each replacement). */
  readonly count?: (sim: Simulator) => Promise<number>;
  /** Whether a replacement makes a new object (false: the kind takes charge of an existing one). */
  readonly newObject: boolean;
  /** The kind refuses `deleteBeforeReplace: false`; its error contains this text. */
  readonly refused?: string;
}

export interface Scenario {
  /** The simulator of the suite (valid inside tests). */
  readonly sim: () => Simulator;
  readonly harness: () => EngineHarness;
  /** The resource under test in the state. */
  readonly stored: () => StoredResource;
  up(program: Program, check?: Check): void;
  noChange(program: Program): void;
  noChangeAfterRebuild(program: Program): void;
  inPlace(program: Program, check?: Check): void;
  replace(program: Program, check?: Check): void;
  /**
   * `change` alters the object behind Pulumi's back; `check` sees the refreshed resource; the
   * next up puts it back with `fix` (default update; a replace-only property needs a replace).
   */
  drift(program: Program, change: Check, check: Check, fix?: StepOp): void;
  /**
   * `remove` deletes the object behind Pulumi's back. For an object the API cannot create (a
   * Kubernetes cluster, a bare metal node), `restore` brings it back before the next up, as its
   * new order would.
   */
  deletedOutside(
    program: Program,
    remove: Check,
    restore?: (sim: Simulator) => Promise<void>,
  ): void;
  destroy(check?: (sim: Simulator, last: StoredResource) => Promise<void> | void): void;
  failedCreate(scenario: FailedCreate): void;
  /**
   * `pulumi up --replace URN` (the engine asks no diff: create-before-delete unless the resource
   * option says otherwise), then the same with the resource option `deleteBeforeReplace: false`.
   * Each leaves the state naming a live object (a refresh finds it unchanged) and no other
   * object of the kind (`count`). `refused`: the kind refuses `deleteBeforeReplace: false`, and
   * the error says this.
   */
  replacements(scenario: Replacements): void;
  notApplicable(scenario: string, reason: string, proof: () => void): void;
  /** A test of the suite's own, once per door (s.harness(), s.sim(), s.stored() see its lane). */
  each(
    name: string,
    body: (door: Door) => Promise<void> | void,
    timeout?: number,
    doors?: readonly Door[],
  ): void;
  /**
   * `pulumi import` of the resource under test, in place of its entry (the plugin door only):
   * Read with the id alone, Check of the read inputs; the state then holds what the engine
   * writes for an import (step.go, ImportStep), and the program's next `up` diffs against it.
   */
  reimport(): Promise<void>;
  /**
   * `pulumi import` of the resource under test's object under another URN (the plugin door
   * only): the Read with the id alone, as a second stack or resource would send it.
   */
  importAs(urn: string): Promise<unknown>;
}

function opOf(steps: readonly StepRecord[], name: string): StepOp | undefined {
  return steps.find((step) => step.urn.endsWith(`::${name}`))?.op;
}

interface Lane {
  readonly door: Door;
  sim?: Simulator;
  harness?: EngineHarness;
}

export function engineScenario(options: ScenarioOptions): Scenario {
  const type = `pulumi-nodejs:dynamic/serverscom:${options.kind}`;
  const lanes: Lane[] = DOORS.map((door) => ({ door }));
  const dynamicLane = lanes[0] as Lane;
  /** The lane of the scenario test running; the dynamic one for a suite's own tests. */
  let active: Lane = dynamicLane;

  /** One test per door (or per listed door), each seeing its own lane through s.sim() etc. */
  const each = (
    name: string,
    body: (door: Door) => Promise<void> | void,
    timeout?: number,
    doors: readonly Door[] = DOORS,
  ) => {
    for (const lane of lanes) {
      if (!doors.includes(lane.door)) continue;
      it(
        lane.door === "dynamic" ? name : `${name}${NATIVE_SUFFIX}`,
        async () => {
          active = lane;
          try {
            await body(lane.door);
          } finally {
            active = dynamicLane;
          }
        },
        timeout,
      );
    }
  };

  const newHarness = (door: Door, packageDir?: string) => {
    const simulator = current();
    // The token comes from configure, not from the environment.
    return simulatorHarness(simulator, {
      door,
      // A create that failed ambiguously looks for a late commit for 3 s (100 simulated minutes).
      env: { SERVERSCOM_LATE_COMMIT_WINDOW_MS: "3000" },
      // One provider host for the whole suite; the rebuilt package's harness starts its own.
      ...(packageDir === undefined ? { reuseHost: true } : { packageDir }),
    });
  };
  const current = (): Simulator => {
    if (active.sim === undefined) throw new Error("the scenario's simulator has not started");
    return active.sim;
  };
  const currentHarness = (): EngineHarness => {
    if (active.harness === undefined) throw new Error("the scenario's harness has not started");
    return active.harness;
  };
  const stored = (): StoredResource => {
    const resource = currentHarness().resource(type, options.name);
    if (resource === undefined) throw new Error(`no ${options.kind} ${options.name} in the state`);
    return resource;
  };
  const up = async (program: Program) => currentHarness().up(program);

  beforeAll(async () => {
    requireDist();
    for (const lane of lanes) {
      lane.sim = await startSimulator({ speed: 3000, ...options.simulator });
      active = lane;
      lane.harness = newHarness(lane.door);
      // The lane's provider host starts here, not in the suite's first test (whatever that test
      // is: a kind's own tests have no plain create first): an up of a program that declares
      // nothing, which records nothing, not even the provider's configuration.
      await lane.harness.up(() => {});
    }
    active = dynamicLane;
  });

  afterAll(async () => {
    for (const lane of lanes) {
      await lane.harness?.close();
      await lane.sim?.close();
    }
  });

  afterEach(async () => {
    for (const { sim, harness, door } of lanes) {
      if (sim === undefined || harness === undefined) continue;
      expectNoSecrets(harness, sim, (await options.secrets?.(sim)) ?? []);
      if (door === "plugin") expectNativeState(harness);
    }
  });

  return {
    sim: current,
    harness: currentHarness,
    stored,

    up(program, check) {
      each("up creates it and records its outputs", async (door) => {
        expect(opOf(await up(program), options.name)).toBe("create");
        const resource = stored();
        expect(resource.initErrors).toEqual([]);
        if (door === "dynamic") {
          expect(resource.inputs.__provider).toBe(resource.outputs.__provider);
          // The serialised shim: a couple of kilobytes, whatever the kind.
          expect(String(resource.inputs.__provider).length).toBeLessThan(4096);
        }
        await check?.(resource, current(), currentHarness());
      });
    },

    noChange(program) {
      each("a second up without changes is a Same step for every resource", async () => {
        const steps = await up(program);
        expect(steps.map((s) => s.op)).toEqual(steps.map(() => "same"));
      });
      each(
        "pulumi import: Read with the id alone gives inputs and outputs that diff as no change",
        async () => {
          const resource = stored();
          const host = await startPlugin(currentHarness(), current());
          try {
            // ImportStep (pkg/resource/deploy/step.go): Read with the id only, then Check of the
            // read inputs; the next preview diffs the program's (= those) inputs against them.
            const read = await host.importRead(resource.urn, resource.id);
            expect(read.id).toBe(resource.id);
            const inputs = read.inputs ?? {};
            // Required inputs the API never returns (an SSH key's public key, a server's drives,
            // a certificate's private key): the import's Check may name only those (the engine
            // then warns that the generated program needs them), and the user writes them in.
            const unreadable = Object.keys(resource.inputs).filter((key) => !(key in inputs));
            const importCheck = await host.check(resource.urn, inputs, inputs);
            const program = { ...inputs };
            for (const { property } of importCheck.failures) {
              expect(unreadable).toContain(property);
              program[property] = resource.inputs[property];
            }
            const checked = await host.check(resource.urn, inputs, program);
            expect(checked.failures).toEqual([]);
            const diff = await host.diff(
              resource.urn,
              read.id,
              read.properties,
              checked.inputs,
              inputs,
            );
            expect({ changes: diff.changes, detailed: diff.detailed }).toEqual({
              changes: "none",
              detailed: {},
            });
            // What the object is, imported or created: the same outputs (secrets included),
            // but for what only the program knew (adoptId, write-only inputs).
            // (and the mark of what the import could not read: framework/hidden.ts).
            for (const [key, value] of Object.entries(read.properties)) {
              if (key === UNRECORDED_OUTPUT) continue;
              expect(resource.outputs[key], key).toEqual(value);
            }
          } finally {
            await host.stop();
          }
        },
        undefined,
        ["plugin"],
      );
    },

    noChangeAfterRebuild(program) {
      // Only the dynamic door stores code (`__provider`); the plugin's state holds none.
      it("still no diff with a freshly rebuilt package: the serialised provider is identical", async () => {
        const before = stored().inputs.__provider;
        const rebuilt = newHarness("dynamic", await rebuiltPackage());
        for (const [urn, resource] of currentHarness().state) rebuilt.state.set(urn, resource);
        const steps = await rebuilt.up(program);
        expect(steps.map((s) => s.op)).toEqual(steps.map(() => "same"));
        expect(rebuilt.resource(type, options.name)?.inputs.__provider).toBe(before);
      }, 120_000);
    },

    inPlace(program, check) {
      each(
        "an in-place change is an update of the same object, with complete outputs",
        async (door) => {
          const id = stored().id;
          expect(opOf(await up(program), options.name)).toBe("update");
          expect(stored().id).toBe(id);
          if (door === "dynamic") expect(stored().outputs.__provider).toEqual(expect.any(String));
          if (door === "plugin") {
            // detailedDiff: the changed properties, each an in-place UPDATE (or ADD/DELETE).
            const detailed = Object.values(PluginHost.lastDiff.get(stored().urn) ?? {});
            expect(detailed.length).toBeGreaterThan(0);
            for (const kind of detailed) expect(IN_PLACE).toContain(kind);
          }
          await check?.(stored(), current(), currentHarness());
        },
      );
    },

    replace(program, check) {
      each("a replacing change makes a new object in place of the old", async (door) => {
        const id = stored().id;
        const urn = stored().urn;
        expect(opOf(await up(program), options.name)).toBe("replace");
        if (door === "plugin") {
          // detailedDiff says which properties replace it (UPDATE_REPLACE, ADD_REPLACE, ...).
          const detailed = Object.values(PluginHost.lastDiff.get(urn) ?? {});
          expect(detailed.some((kind) => !IN_PLACE.includes(kind))).toBe(true);
        }
        expect(stored().id).not.toBe(id);
        await check?.(stored(), current(), currentHarness());
      });
    },

    drift(program, change, check, fix = "update") {
      each(
        "refresh reports a change made outside Pulumi, and the next up puts it back",
        async () => {
          await change(stored(), current(), currentHarness());
          expect(opOf(await currentHarness().refresh(), options.name)).toBe("update");
          await check(stored(), current(), currentHarness());
          expect(opOf(await up(program), options.name)).toBe(fix);
          const again = await currentHarness().refresh();
          expect(again.map((s) => s.op)).toEqual(again.map(() => "same"));
        },
      );
    },

    deletedOutside(program, remove, restore) {
      each(
        "refresh after a deletion outside Pulumi drops it; the next up creates it again",
        async () => {
          await remove(stored(), current(), currentHarness());
          expect(opOf(await currentHarness().refresh(), options.name)).toBe("delete");
          expect(currentHarness().resource(type, options.name)).toBeUndefined();
          await restore?.(current());
          expect(opOf(await up(program), options.name)).toBe("create");
        },
      );
    },

    destroy(check) {
      each("destroy deletes everything and empties the state", async () => {
        const resource = stored();
        const steps = await currentHarness().destroy();
        expect(steps.map((s) => s.op)).toEqual(steps.map(() => "delete"));
        expect(currentHarness().state.size).toBe(0);
        await check?.(current(), resource);
      });
    },

    failedCreate(scenario) {
      // A 5xx on the create's POST is ambiguous (the API may still apply it), a refusal of
      // anything else is not.
      const lostPost =
        scenario.faults?.rules?.some(
          (rule) => rule.method === "POST" && rule.kind === "error5xx",
        ) === true;
      each(
        scenario.partial
          ? "a create that fails after the object exists is recorded; the next up resumes it"
          : lostPost
            ? "a create whose POST fails (500) records a placeholder; the next up orders again"
            : "a create that fails before the object exists records nothing; the next up creates it",
        async (door) => {
          expect(currentHarness().state.size).toBe(0);
          if (scenario.faults !== undefined) await current().control.setFaults(scenario.faults);
          const error = await up(scenario.failing).catch((e: unknown) => e);
          await current().control.setFaults({});
          expect(error).toBeInstanceOf(OperationFailed);
          const recorded = currentHarness().resource(type, options.name);
          if (scenario.partial) {
            expect(recorded?.initErrors).toHaveLength(1);
            if (door === "dynamic") {
              expect(recorded?.outputs.__provider).toEqual(expect.any(String));
            }
            // `pulumi refresh` clears the init errors (step.go, RefreshStep): the object stays,
            // visibly unfinished (the provider's pending mark), and the next up still resumes it.
            await currentHarness().refresh();
            const refreshed = currentHarness().resource(type, options.name);
            expect(refreshed?.id).toBe(recorded?.id);
            expect(refreshed?.initErrors).toEqual([]);
            expect(opOf(await up(scenario.resume), options.name)).toBe("update");
            expect(stored().id).toBe(recorded?.id);
            expect(stored().outputs).not.toHaveProperty("__pending");
          } else if (lostPost) {
            // A 500 on the POST leaves its fate unknown: after the look-up the create records a
            // placeholder (provider/framework/placeholder.ts), which the next up, finding no
            // order, replaces: it orders again.
            expect(recorded?.id).toMatch(/^lost-create:/);
            expect(recorded?.initErrors).toHaveLength(1);
            expect(opOf(await up(scenario.resume), options.name)).toBe("replace");
          } else {
            expect(recorded).toBeUndefined();
            expect(opOf(await up(scenario.resume), options.name)).toBe("create");
          }
          expect(stored().initErrors).toEqual([]);
          if (scenario.count !== undefined) expect(await scenario.count(current())).toBe(1);
          await currentHarness().destroy();
        },
      );
    },

    replacements(scenario) {
      const replaced = async (opts: Record<string, unknown>) => {
        const before = stored();
        const mark = currentHarness().stderr.length;
        const steps = await currentHarness().up(scenario.program(opts), { replace: [before.urn] });
        expect(opOf(steps, options.name)).toBe("replace");
        const after = stored();
        expect(after.initErrors).toEqual([]);
        if (scenario.newObject) {
          expect(after.id).not.toBe(before.id);
          // Created first (no diff was asked), beside the old generation, which it named and
          // did not take.
          expect(currentHarness().stderr.slice(mark).join("\n")).toContain(
            `not adopting ${before.id}`,
          );
        }
        // The state names a live object whose outputs are what the API holds.
        const refreshed = await currentHarness().refresh();
        expect(opOf(refreshed, options.name)).toBe("same");
        if (scenario.count !== undefined) expect(await scenario.count(current())).toBe(1);
      };
      each(
        "`up --replace` leaves the state naming a live object and the old one released",
        async () => {
          await replaced({});
        },
      );
      each(
        scenario.refused === undefined
          ? "a replacement with deleteBeforeReplace: false (create first) does the same"
          : "deleteBeforeReplace: false is refused with a clear error, nothing changes",
        async () => {
          if (scenario.refused === undefined) {
            await replaced({ deleteBeforeReplace: false });
            return;
          }
          const before = stored();
          const error = await currentHarness()
            .up(scenario.program({ deleteBeforeReplace: false }), { replace: [before.urn] })
            .catch((e: unknown) => e);
          // Through the native plugin, a kind whose create would meet the old generation is
          // stopped there first, naming the option (provider/native/delete-first.ts); a
          // refusal made before any create (the program's own) is the same through both doors.
          const message = String((error as Error).message);
          const plugin = active.door === "plugin" && DELETE_FIRST[options.kind] !== undefined;
          const expected = plugin
            ? [scenario.refused, "set the resource option deleteBeforeReplace to true"]
            : [scenario.refused];
          expect(
            expected.some((text) => message.includes(text)),
            message,
          ).toBe(true);
          expect(stored()).toEqual(before);
        },
      );
    },

    each,

    async reimport() {
      if (active.door !== "plugin") throw new Error("pulumi import reaches the plugin door only");
      const resource = stored();
      const host = await startPlugin(currentHarness(), current());
      try {
        const read = await host.importRead(resource.urn, resource.id);
        const inputs = read.inputs ?? {};
        const checked = await host.check(resource.urn, inputs, inputs);
        currentHarness().state.set(resource.urn, {
          ...resource,
          inputs: checked.inputs,
          outputs: read.properties,
          initErrors: [],
        });
      } finally {
        await host.stop();
      }
    },

    async importAs(urn) {
      if (active.door !== "plugin") throw new Error("pulumi import reaches the plugin door only");
      const host = await startPlugin(currentHarness(), current());
      try {
        return await host.importRead(urn, stored().id);
      } finally {
        await host.stop();
      }
    },

    notApplicable(scenario, reason, proof) {
      // The scenario cannot exist for this kind (no replacing property, no in-place change): the
      // test checks the reason instead, so the scenario is written once the reason stops holding.
      each(`${scenario}: not applicable to ${options.kind} (${reason})`, proof);
    },
  };
}

/**
 * What the native door must store: no `__provider`, no hidden input, and every secret output the
 * resource holds sealed by the plugin itself (the engine keeps a plugin's secrets as it marks
 * them; nothing seals them for it).
 */
function expectNativeState(harness: EngineHarness): void {
  for (const resource of harness.state.values()) {
    for (const key of DYNAMIC_ONLY) {
      expect(resource.inputs).not.toHaveProperty(key);
      expect(resource.outputs).not.toHaveProperty(key);
    }
    const sealed = PluginHost.sealedSecrets.get(resource.urn) ?? [];
    for (const key of resource.additionalSecretOutputs) {
      if (resource.outputs[key] !== undefined) expect(sealed).toContain(key);
    }
  }
}

/** A plugin of its own, configured like the harness's (for `pulumi import`'s calls). */
async function startPlugin(harness: EngineHarness, sim: Simulator): Promise<PluginHost> {
  const host = await PluginHost.start({
    projectDir: PROJECT_DIR,
    project: "engine-harness",
    env: { SERVERSCOM_POLL_INTERVAL_MS: "5" },
    onStderr: (line) => harness.stderr.push(line),
  });
  await host.configure({
    "serverscom:apiToken": secretValue(sim.token),
    "serverscom:apiUrl": sim.url,
  });
  return host;
}
