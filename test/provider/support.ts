// Shared by the provider suites: a simulator whose clock only moves when the provider's waits
// "sleep" (virtual time: no test sleeps for real), a client for it, and a provider context that
// collects progress lines.

import type * as dynamic from "@pulumi/pulumi/dynamic";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { OWNER_INPUT } from "../../provider/framework/hidden";
import type { ResourceKind } from "../../provider/framework/kind";
import type {
  KindProvider,
  LifecycleProvider,
  ProviderContext,
} from "../../provider/framework/kind-provider";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { ownerLabelValue } from "../../provider/framework/ownership";
import { typeToken } from "../../provider/framework/resource";
import { ServersComClient } from "../../sdk/client";
import {
  type FaultRule,
  type Simulator,
  type SimulatorOptions,
  startSimulator,
} from "../../simulator";
import { currentRegistry } from "../support/captured";
import { simulatedClock } from "../support/simulated-clock";

export interface TestBed {
  readonly sim: Simulator;
  readonly client: ServersComClient;
  readonly context: ProviderContext;
  /** Every progress line printed so far. */
  readonly lines: string[];
  close(): Promise<void>;
}

/**
 * Speed 0: simulated time moves only through the advance hook (the provider's waits). `options`
 * go to the simulator (a seed, faults), the speed excepted.
 */
export async function startTestBed(options: SimulatorOptions = {}): Promise<TestBed> {
  const sim = await startSimulator({ ...options, speed: 0 });
  // The SDK's own retry backoff would sleep for real: make it instant.
  const client = new ServersComClient({
    token: sim.token,
    baseUrl: sim.url,
    retry: { sleep: async () => {} },
  });
  const lines: string[] = [];
  // The secret scan (test/support/secret-scan.ts) searches every progress line after the file;
  // they are recorded as they come, since suites empty `lines` between tests.
  const registry = currentRegistry();
  registry.addSecret("API token", sim.token);
  const clock = simulatedClock(sim);
  const context: ProviderContext = {
    client: () => client,
    progress: (line) => {
      lines.push(line);
      registry.addText("progress", "test bed", line);
    },
    waitTuning: () => ({ clock, random: () => 0.5 }),
  };
  return {
    sim,
    client,
    context,
    lines,
    async close() {
      await client.close();
      await sim.close();
    },
  };
}

/** A stand-in for the serialised provider text the engine passes along with the inputs. */
export const PROVIDER_TEXT = "exports.handler = __f0; /* shim */";

/** Back to the seed state with no faults, no request counted and no progress line. */
export async function resetTestBed(bed: TestBed): Promise<void> {
  await bed.sim.control.reset();
  await bed.sim.control.setFaults({});
  await bed.sim.control.clearRequestCounts();
  bed.lines.length = 0;
}

/**
 * The suite's closing check, then closes the bed: no progress line and no collected message holds
 * the API token or any of `secrets`, and (a guard against a vacuous check) there are more than
 * `atLeast` of them when given.
 */
export async function closeTestBed(
  bed: TestBed,
  messages: readonly string[],
  check: { atLeast?: number; secrets?: Iterable<string> } = {},
): Promise<void> {
  const texts = [...bed.lines, ...messages];
  for (const message of messages) currentRegistry().addText("error", "closeTestBed", message);
  if (check.atLeast !== undefined) expect(texts.length).toBeGreaterThan(check.atLeast);
  for (const text of texts) {
    expect(text).not.toContain(bed.sim.token);
    for (const secret of check.secrets ?? []) expect(text).not.toContain(secret);
  }
  await bed.close();
}

/** closeTestBed's check, and the simulator's options (a seed, durations) for a suite's bed. */
export interface SuiteBedOptions {
  readonly atLeast?: number;
  readonly secrets?: Iterable<string>;
  readonly simulator?: SimulatorOptions;
}

/** A suite's test bed (suiteBed) and what its tests collect for the closing check. */
export interface SuiteBed {
  /**
   * The bed started before the suite's tests. Its context can be handed to a provider at once
   * (it reaches the bed only when called); the rest is there from beforeAll on.
   */
  readonly bed: TestBed;
  /** Error messages the tests saw: closeTestBed checks them with the progress lines. */
  readonly messages: string[];
  /** The error `promise` fails with, its message added to `messages`. */
  failure(promise: Promise<unknown>): Promise<Error>;
  /**
   * The failures `provider`'s check finds in `news` (from `olds`, none by default), their reasons
   * in `messages`.
   */
  checkFailures(
    provider: KindProvider,
    news: PropertyBag,
    olds?: PropertyBag,
  ): Promise<dynamic.CheckFailure[]>;
}

/**
 * Starts a test bed before the suite's tests (with `options.simulator`), resets it before each
 * test and closes it after them with closeTestBed's check over `messages`.
 */
export function suiteBed(options: SuiteBedOptions = {}): SuiteBed {
  let started: TestBed | undefined;
  const current = (): TestBed => {
    if (started === undefined) throw new Error("the test bed starts in beforeAll");
    return started;
  };
  const bed: TestBed = {
    get sim() {
      return current().sim;
    },
    get client() {
      return current().client;
    },
    get lines() {
      return current().lines;
    },
    context: {
      client: () => current().client,
      progress: (line) => current().context.progress(line),
      waitTuning: () => current().context.waitTuning(),
    },
    close: () => current().close(),
  };
  const messages: string[] = [];
  beforeAll(async () => {
    started = await startTestBed(options.simulator);
  });
  afterAll(async () => {
    if (started !== undefined) await closeTestBed(started, messages, options);
  });
  beforeEach(() => resetTestBed(current()));
  return {
    bed,
    messages,
    failure: (promise) => failureOf(promise, messages),
    async checkFailures(provider, news, olds = {}) {
      const failures = (await provider.check(olds, news)).failures ?? [];
      for (const failure of failures) messages.push(failure.reason);
      return failures;
    },
  };
}

/** suiteBed with the provider of `kind` on the bed. */
export function kindSuite<Live extends object>(
  kind: ResourceKind<Live>,
  options: SuiteBedOptions = {},
): SuiteBed & { readonly provider: LifecycleProvider } {
  const suite = suiteBed(options);
  return { ...suite, provider: createKindProvider(kind, suite.bed.context) };
}

/** What `provider` created from `inputs`: the inputs, the new id and the outputs. */
export async function createdBy(provider: KindProvider, inputs: PropertyBag) {
  const result = await provider.create(inputs);
  return { inputs, id: result.id, outs: result.outs as Record<string, unknown> };
}

/** The error `promise` fails with, its message added to `messages` when given. */
export async function failureOf(promise: Promise<unknown>, messages?: string[]): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    messages?.push(error.message);
    currentRegistry().addText("error", "failureOf", error.message);
    return error;
  }
  throw new Error("expected a failure");
}

/** How many records the simulator holds in `collection`. */
export async function recordCount(bed: TestBed, collection: string): Promise<number> {
  return (await bed.sim.control.records(collection)).length;
}

/** Requests of one route ("METHOD /v1/pattern") since the last reset or clearRequestCounts. */
export async function requests(bed: TestBed, route: string): Promise<number> {
  return (await bed.sim.control.requestCounts())[route] ?? 0;
}

/** Inputs as the engine would send them for a `kind` named `name` in project/stack p/s. */
export function engineInputs(
  kind: string,
  name: string,
  fields: PropertyBag = {},
): Record<string, unknown> {
  return {
    __provider: PROVIDER_TEXT,
    [OWNER_INPUT]: ownerLabelValue({
      project: "p",
      stack: "s",
      type: typeToken(kind),
      name,
      parent: "",
    }),
    ...fields,
  };
}

/** Inputs as the engine would send them for an RbsVolume named `name` in project/stack p/s. */
export function volumeInputs(name: string, fields: PropertyBag): Record<string, unknown> {
  return engineInputs("RbsVolume", name, { name, ...fields });
}

/** A fault on the next POST to `path` only (a lost answer, a late commit, a foreign twin). */
export function onceOnPost(
  kind: FaultRule["kind"],
  path: string,
  extra: Partial<FaultRule> = {},
): FaultRule {
  return { kind, probability: 1, times: 1, method: "POST", path, ...extra } as FaultRule;
}
