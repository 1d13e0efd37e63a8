// The SDK against the simulator: a simulator whose clock stands still (speed 0) and moves only
// when a wait "sleeps", a ServersComClient pointed at it, and waits built from the areas' state
// tables. No test sleeps for real, and every transition happens exactly when the client looks.
import { afterAll, beforeAll, expect } from "vitest";
import {
  hostOperationalStatusStates,
  hostPowerStatusStates,
  hostStatusStates,
} from "../../sdk/areas/host-common";
import { ServersComClient } from "../../sdk/client";
import { BadRequestError, NotFoundError } from "../../sdk/core/errors";
import {
  type Clock,
  type StateTable,
  stateMatcher,
  type WaitOptions,
  waitFor,
} from "../../sdk/wait";
import { type Simulator, type SimulatorOptions, startSimulator } from "../../simulator";
// The provider suites' clock (a wait's sleep advances the simulator by as much) is the same one.
import { simulatedClock } from "../support/simulated-clock";
import { rejection } from "../support/thrown";

/** A fixed start, so dates in assertions are known. */
export const START_TIME = Date.parse("2026-03-02T09:00:00.000Z");
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export interface SdkBed {
  readonly sim: Simulator;
  readonly client: ServersComClient;
  readonly clock: Clock;
}

/**
 * One simulator and one client per test file, started in beforeAll and closed in afterAll. Read
 * the bed inside tests through the returned getter.
 */
export function useSdkSimulator(options: SimulatorOptions = {}): () => SdkBed {
  let bed: SdkBed | undefined;
  beforeAll(async () => {
    const sim = await startSimulator({ speed: 0, startTime: START_TIME, ...options });
    // The SDK's retry backoff would sleep for real: these tests inject no faults, so any retry
    // would be a bug; still, never wait for one.
    const client = new ServersComClient({
      token: sim.token,
      baseUrl: sim.url,
      retry: { sleep: async () => {} },
    });
    bed = { sim, client, clock: simulatedClock(sim) };
  });
  afterAll(async () => {
    await bed?.client.close();
    await bed?.sim.close();
  });
  return () => {
    if (bed === undefined) throw new Error("the simulator starts in beforeAll");
    return bed;
  };
}

/** One status field of a record and the state table that says when it is settled. */
export type StatusCheck<T> = readonly [table: StateTable, read: (value: T) => string | undefined];

/** The status fields every host kind has. */
interface HostStatuses {
  readonly status: string;
  readonly operational_status?: string | undefined;
  readonly power_status?: string | undefined;
}

/** A host is ready when status, operational_status and power_status are all settled. */
export function hostReady<T extends HostStatuses>(): readonly StatusCheck<T>[] {
  return [
    [hostStatusStates, (h) => h.status],
    [hostOperationalStatusStates, (h) => h.operational_status],
    [hostPowerStatusStates, (h) => h.power_status],
  ];
}

/** Only the power of a host: no power operation in process. */
export function hostPowerSettled<T extends HostStatuses>(): readonly StatusCheck<T>[] {
  return [[hostPowerStatusStates, (h) => h.power_status]];
}

/** Default deadline: longer than any transition of the simulator's default durations but 72 h. */
const DEFAULT_TIMEOUT_MS = 2 * HOUR;

/**
 * Polls `fetch` on simulated time until every checked field is settled by its table; fails at
 * once on a failed state. Answers the settled value and the states seen on the way.
 */
export async function waitSettled<T>(
  bed: SdkBed,
  fetch: () => Promise<T>,
  checks: readonly StatusCheck<T>[],
  options: { readonly timeoutMs?: number; readonly description?: string } = {},
): Promise<{ value: T; states: string[] }> {
  const matchers = checks.map(([table, read]) => [stateMatcher(table), read] as const);
  const states: string[] = [];
  const wait: WaitOptions<T> = {
    state: (value) => checks.map(([, read]) => read(value) ?? "?").join("/"),
    isSettled: (value) => matchers.every(([m, read]) => m.isSettled(read(value))),
    isFailed: (value) => {
      const failed = matchers.find(([m, read]) => m.isFailed(read(value)));
      return failed === undefined ? undefined : `status ${failed[1](value)}`;
    },
    onChange: (change) => states.push(change.state),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    clock: bed.clock,
    random: () => 0.5,
    ...(options.description === undefined ? {} : { description: options.description }),
  };
  const value = await waitFor(fetch, wait);
  return { value, states };
}

/** The record an order of one host answers: exactly one (fails the test otherwise). */
export function onlyHost<T>(records: readonly T[]): T {
  const [host] = records;
  if (records.length !== 1 || host === undefined) {
    throw new Error(`an order of one host answers one record, not ${records.length}`);
  }
  return host;
}

/** Polls a host on simulated time until it is installed (hostReady), and answers it. */
export async function waitInstalled<T extends HostStatuses>(
  bed: SdkBed,
  fetch: () => Promise<T>,
): Promise<T> {
  return (await waitSettled(bed, fetch, hostReady<T>())).value;
}

/** Polls on simulated time until `fetch` answers 404 NOT_FOUND: the resource is gone. */
export async function waitGone(
  bed: SdkBed,
  fetch: () => Promise<unknown>,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<void> {
  const gone = Symbol("gone");
  await waitFor(
    async () => {
      try {
        return await fetch();
      } catch (error) {
        if (error instanceof NotFoundError) return gone;
        throw error;
      }
    },
    {
      state: (value) => (value === gone ? "gone" : "present"),
      isSettled: (value) => value === gone,
      timeoutMs,
      clock: bed.clock,
      random: () => 0.5,
    },
  );
}

/** What `for await` over a list yields (the SDK's iteration across pages), each item by `pick`. */
export async function iterated<T, V>(items: AsyncIterable<T>, pick: (item: T) => V): Promise<V[]> {
  const values: V[] = [];
  for await (const item of items) values.push(pick(item));
  return values;
}

/** The error a promise rejects with, checked to be of `type` (fails the test otherwise). */
export async function rejectionOf<E extends Error>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(type);
  return error as E;
}

/** A malformed label selector: refused with 400 BAD_REQUEST naming the label_selector parameter. */
export async function expectSelectorRefused(list: Promise<unknown>): Promise<void> {
  const error = await rejectionOf(list, BadRequestError);
  expect(error.code).toBe("BAD_REQUEST");
  expect(error.params).toEqual(["label_selector"]);
}
