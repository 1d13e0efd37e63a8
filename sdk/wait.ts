// The one waiter (docs/architecture.md, "Waiting"): poll until settled, failed or the deadline.
// Time comes from an injectable Clock so tests run on virtual time and never sleep.
import { InputValidationError, ServersComError } from "./core/errors";

export interface Clock {
  /** Milliseconds on a monotonic scale; only differences are used. */
  now(): number;
  /** Resolves after `ms`; rejects when the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Real time. `performance.now()` rather than `Date.now()`: a wall-clock jump must not end a wait. */
export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      signal?.addEventListener("abort", onAbort, { once: true });
    }),
};

/** A resource kind's status vocabulary, as data (docs/wire.md, "Status vocabularies"). */
export interface StateTable {
  readonly transitional: readonly string[];
  readonly settled: readonly string[];
  readonly failed: readonly string[];
}

export interface StateMatcher {
  isSettled(status: string | undefined): boolean;
  isFailed(status: string | undefined): boolean;
  /** False for a status outside the table, which callers treat as transitional (never fatal). */
  isKnown(status: string | undefined): boolean;
}

export function stateMatcher(table: StateTable): StateMatcher {
  const settled = new Set(table.settled);
  const failed = new Set(table.failed);
  const known = new Set([...table.transitional, ...table.settled, ...table.failed]);
  return {
    isSettled: (status) => status !== undefined && settled.has(status),
    isFailed: (status) => status !== undefined && failed.has(status),
    isKnown: (status) => status !== undefined && known.has(status),
  };
}

export interface StateChange<T> {
  readonly state: string;
  readonly previous: string | undefined;
  readonly value: T;
  readonly elapsedMs: number;
}

export interface WaitOptions<T> {
  /** The state name shown in progress lines and errors, e.g. "active/normal/powered_on" or "gone". */
  state(value: T): string;
  isSettled(value: T): boolean;
  /** A reason when the value is in a failed state (stop at once), otherwise undefined/false. */
  isFailed?(value: T): string | false | undefined;
  timeoutMs: number;
  /**
   * Time before the first poll; default 0 (poll at once). For a caller that already holds a fresh
   * value (a create's answer) and knows the object cannot settle sooner: polls spent before then
   * would only count against the API's rate limit. Cut short at the deadline.
   */
  firstDelayMs?: number;
  /**
   * A value already in hand (the create's answer): reported and judged as a poll's would be, so
   * the first progress line does not wait for the first poll.
   */
  initial?: { readonly value: T };
  /** Default 1 000. */
  minDelayMs?: number;
  /** Default 30 000. */
  maxDelayMs?: number;
  signal?: AbortSignal;
  /** Called once per observed state change (the first observation is a change from undefined). */
  onChange?(change: StateChange<T>): void;
  /** Errors from fetch for which polling goes on (e.g. a transient network failure) until the deadline. */
  retryOn?(error: unknown): boolean;
  clock?: Clock;
  /** Uniform in [0, 1); default Math.random. */
  random?(): number;
  /** What is waited for, for messages: "dedicated server xkazYeJ0 to be ready". */
  description?: string;
}

const DEFAULT_DESCRIPTION = "the resource";

/** The deadline passed before the value settled. `cause` is the last poll's error, if it failed. */
export class WaitTimeoutError extends ServersComError {
  readonly description: string;
  /** The last state observed, or undefined when no poll succeeded. */
  readonly lastState: string | undefined;
  readonly elapsedMs: number;
  readonly timeoutMs: number;
  constructor(init: {
    description: string;
    lastState: string | undefined;
    elapsedMs: number;
    timeoutMs: number;
    lastError?: { readonly error: unknown };
  }) {
    const seen =
      init.lastState === undefined
        ? "no state was observed"
        : `the last state seen was "${init.lastState}"`;
    const failure =
      init.lastError === undefined
        ? ""
        : `; the last poll failed: ${messageOf(init.lastError.error)}`;
    super(
      `timed out after ${formatDuration(init.elapsedMs)} (timeout ${formatDuration(init.timeoutMs)}) waiting for ${init.description}: ${seen}${failure}`,
      init.lastError === undefined ? undefined : { cause: init.lastError.error },
    );
    this.description = init.description;
    this.lastState = init.lastState;
    this.elapsedMs = init.elapsedMs;
    this.timeoutMs = init.timeoutMs;
  }
}

/** The value reached a failed state; waiting longer would not help. */
export class WaitFailedError extends ServersComError {
  constructor(
    readonly description: string,
    readonly state: string,
    readonly reason: string,
  ) {
    super(`gave up waiting for ${description}: it reached the failed state "${state}": ${reason}`);
  }
}

/**
 * The caller's signal aborted the wait. The SDK's own class (not the signal's reason or a
 * DOMException) so every error the SDK throws is a ServersComError; the reason is the `cause`.
 */
export class WaitAbortedError extends ServersComError {
  constructor(
    readonly description: string,
    cause: unknown,
  ) {
    super(`stopped waiting for ${description}: aborted`, { cause });
  }
}

export interface BackoffOptions {
  readonly minDelayMs: number;
  readonly maxDelayMs: number;
  readonly random: () => number;
}

/**
 * Delays between polls: the n-th delay is drawn from [max(min, c/2), c] where c = min * 2^n capped
 * at max. So the first delay is exactly min, the band doubles, every delay stays within
 * [min, max], and at the cap delays still jitter in [max/2, max] so that many resources waiting
 * together do not poll in lockstep.
 */
export function backoffDelays(options: BackoffOptions): Generator<number, never, undefined> {
  const { minDelayMs, maxDelayMs, random } = options;
  // Checked here rather than in the generator body, which would only run at the first next().
  checkDelays(minDelayMs, maxDelayMs);
  return (function* () {
    let ceiling = minDelayMs;
    for (;;) {
      const floor = Math.max(minDelayMs, ceiling / 2);
      const drawn = floor + random() * (ceiling - floor);
      yield Math.min(ceiling, Math.max(floor, drawn));
      ceiling = Math.min(maxDelayMs, ceiling * 2);
    }
  })();
}

/**
 * Polls `fetch` until `isSettled` holds (resolves with that value), `isFailed` gives a reason
 * (WaitFailedError), the deadline passes (WaitTimeoutError naming the last state), fetch throws
 * an error `retryOn` does not accept (rethrown as is), or the signal aborts (WaitAbortedError,
 * at once, even if fetch or the clock ignore the signal). A state no table lists is simply not
 * settled: it is never fatal before the deadline. The last sleep is cut short so that the final
 * poll happens at the deadline, never after it.
 */
export async function waitFor<T>(
  fetch: (signal?: AbortSignal) => Promise<T>,
  options: WaitOptions<T>,
): Promise<T> {
  const {
    timeoutMs,
    signal,
    clock = systemClock,
    random = Math.random,
    description = DEFAULT_DESCRIPTION,
  } = options;
  if (!Number.isFinite(timeoutMs) || timeoutMs < 0) {
    throw new InputValidationError("timeoutMs", "a finite number of milliseconds, at least 0");
  }
  const delays = backoffDelays({
    minDelayMs: options.minDelayMs ?? 1_000,
    maxDelayMs: options.maxDelayMs ?? 30_000,
    random,
  });
  const firstDelayMs = options.firstDelayMs ?? 0;
  if (!Number.isFinite(firstDelayMs) || firstDelayMs < 0) {
    throw new InputValidationError("firstDelayMs", "a finite number of milliseconds, at least 0");
  }
  const aborted = () => new WaitAbortedError(description, signal?.reason);
  const start = clock.now();
  const deadline = start + timeoutMs;
  let lastState: string | undefined;
  let lastError: { readonly error: unknown } | undefined;

  /** A value seen: reports a change of state, then says whether the wait is over. */
  const settles = (value: T): boolean => {
    const state = options.state(value);
    if (state !== lastState) {
      options.onChange?.({ state, previous: lastState, value, elapsedMs: clock.now() - start });
      lastState = state;
    }
    const reason = options.isFailed?.(value);
    if (reason !== undefined && reason !== false) {
      throw new WaitFailedError(description, state, reason);
    }
    return options.isSettled(value);
  };

  if (options.initial !== undefined && settles(options.initial.value)) return options.initial.value;
  if (firstDelayMs > 0) {
    await sleepUnlessAborted(clock, Math.min(firstDelayMs, timeoutMs), signal, aborted);
  }
  for (;;) {
    if (signal?.aborted) throw aborted();
    let polled: { readonly value: T } | undefined;
    try {
      polled = { value: await untilAborted(fetch(signal), signal, aborted) };
      lastError = undefined;
    } catch (error) {
      if (signal?.aborted) throw aborted();
      if (!options.retryOn?.(error)) throw error;
      lastError = { error };
    }
    if (polled !== undefined && settles(polled.value)) return polled.value;

    const now = clock.now();
    if (now >= deadline) {
      throw new WaitTimeoutError({
        description,
        lastState,
        elapsedMs: now - start,
        timeoutMs,
        ...(lastError === undefined ? {} : { lastError }),
      });
    }
    await sleepUnlessAborted(clock, Math.min(delays.next().value, deadline - now), signal, aborted);
  }
}

/** The clock's sleep; an abort during it is reported as the wait's WaitAbortedError. */
async function sleepUnlessAborted(
  clock: Clock,
  ms: number,
  signal: AbortSignal | undefined,
  aborted: () => Error,
): Promise<void> {
  try {
    await untilAborted(clock.sleep(ms, signal), signal, aborted);
  } catch (error) {
    if (signal?.aborted) throw aborted();
    throw error;
  }
}

/**
 * Settles with `promise`, or rejects with `onAbort()` as soon as the signal aborts, whichever is
 * first. The listener is removed afterwards: a long wait polls many times on one signal.
 */
function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  onAbort: () => Error,
): Promise<T> {
  if (signal === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(onAbort());
    if (signal.aborted) {
      abort();
    } else {
      signal.addEventListener("abort", abort, { once: true });
    }
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

function checkDelays(minDelayMs: number, maxDelayMs: number): void {
  if (!Number.isFinite(minDelayMs) || minDelayMs <= 0) {
    throw new InputValidationError("minDelayMs", "a finite number of milliseconds above 0");
  }
  if (!Number.isFinite(maxDelayMs) || maxDelayMs < minDelayMs) {
    throw new InputValidationError(
      "maxDelayMs",
      "a finite number of milliseconds, at least minDelayMs",
    );
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A duration for people: "850ms", "42s", "12m 5s", "3h 20m". For progress lines and errors. */
export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)}ms`;
  const seconds = Math.floor(ms / 1_000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
