// When and how long to wait before resending a request. The delays are plain functions and a
// generator so they are tested as sequences, without HTTP and without waiting.
import { setTimeout as delay } from "node:timers/promises";
import type { HttpMethod } from "./contract";
import { AbortError, ApiError, ConnectionError, isRetryable, type ResponseHeaders } from "./errors";

/** Knobs of the retry behaviour; tests inject `sleep`, `random` and `now` instead of waiting. */
export interface RetryTuning {
  /** First backoff ceiling; doubled per retry. Default 500 ms. */
  readonly baseDelayMs?: number;
  /** Largest backoff ceiling. Default 20 s. */
  readonly maxDelayMs?: number;
  /** Largest wait a server may ask for with Retry-After or X-RateLimit-Reset. Default 60 s. */
  readonly maxRetryAfterMs?: number;
  /** Waits `ms`; rejects when `signal` aborts. Default: a timer. */
  sleep?(ms: number, signal: AbortSignal | undefined): Promise<void>;
  /** A number in [0, 1). Default Math.random. */
  random?(): number;
  /** Milliseconds since the epoch, to read HTTP dates and X-RateLimit-Reset. Default Date.now. */
  now?(): number;
}

export const DEFAULT_MAX_RETRIES = 3;
export const DEFAULT_BASE_DELAY_MS = 500;
export const DEFAULT_MAX_DELAY_MS = 20_000;
export const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;

/**
 * "Full jitter": a uniformly random wait below an exponentially growing ceiling, so clients
 * that failed together do not retry together.
 */
export function fullJitterDelay(
  retry: number,
  baseDelayMs: number,
  maxDelayMs: number,
  random: () => number,
): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** retry);
  return Math.floor(random() * ceiling);
}

/** The backoff delays of retry 0, 1, 2...: endless, the retry budget bounds it. */
export function* backoffDelays(tuning: RetryTuning = {}): Generator<number, never, undefined> {
  const base = tuning.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
  const cap = tuning.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  const random = tuning.random ?? Math.random;
  for (let retry = 0; ; retry += 1) yield fullJitterDelay(retry, base, cap, random);
}

const DECIMAL = /^\d+(?:\.\d+)?$/;

// Epoch seconds before 2001 cannot be a real reset time: such a small X-RateLimit-Reset is a
// number of seconds to wait, which some rate limiters send instead.
const SMALLEST_EPOCH_SECONDS = 1_000_000_000;

/**
 * How long the server asked to wait, in ms: `Retry-After` (seconds or an HTTP date) on any
 * status, else `X-RateLimit-Reset` (epoch seconds) on a 429. Undefined when it did not say.
 */
export function retryAfterMs(
  headers: ResponseHeaders,
  status: number,
  nowMs: number,
): number | undefined {
  const retryAfter = headers["retry-after"]?.trim();
  if (retryAfter !== undefined && retryAfter !== "") {
    if (DECIMAL.test(retryAfter)) return Math.ceil(Number(retryAfter) * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - nowMs);
  }
  const reset = headers["x-ratelimit-reset"]?.trim();
  if (status === 429 && reset !== undefined && DECIMAL.test(reset)) {
    const seconds = Number(reset);
    if (seconds < SMALLEST_EPOCH_SECONDS) return Math.ceil(seconds * 1000);
    return Math.max(0, Math.ceil(seconds * 1000 - nowMs));
  }
  return undefined;
}

/**
 * Connection failures that prove the request never left this machine: nothing reached the
 * server, so even a POST may be resent. A reset or a closed socket may come after the server
 * read the request, so they are absent.
 */
const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  // undici's connect timeout: the TCP or TLS handshake never completed.
  "UND_ERR_CONNECT_TIMEOUT",
]);

const IDEMPOTENT: ReadonlySet<HttpMethod> = new Set(["GET", "PUT", "DELETE"]);

/**
 * Whether a failed request may be sent again. The API has no idempotency keys, so a POST that
 * may have reached the server (and perhaps bought a server) is never resent; but a 429 is the
 * server's refusal to act on the request at all (RFC 6585: "too many requests"), so every verb,
 * POST included, is resent after it, once the server's Retry-After has passed.
 */
export function mayResend(method: HttpMethod, error: unknown): boolean {
  if (error instanceof ApiError && error.status === 429) return true;
  // A read changes nothing: a 500 answered to it is worth the same resends as a 503 (issue 25:
  // under heavy faults a 500 to one GET in an update failed the whole `up`).
  if (method === "GET" && error instanceof ApiError && error.status === 500) return true;
  if (IDEMPOTENT.has(method)) return isRetryable(error);
  return (
    error instanceof ConnectionError && error.code !== undefined && NOT_SENT_CODES.has(error.code)
  );
}

/** The wait before the next attempt: the server's hint (capped), else the backoff delay. */
export function retryDelayMs(error: unknown, backoffMs: number, maxRetryAfterMs: number): number {
  const hint =
    typeof error === "object" && error !== null && "retryAfterMs" in error
      ? (error as { retryAfterMs: unknown }).retryAfterMs
      : undefined;
  return typeof hint === "number" ? Math.min(hint, maxRetryAfterMs) : backoffMs;
}

export function defaultSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return delay(ms, undefined, signal === undefined ? {} : { signal });
}

export interface RetryPolicy {
  readonly method: HttpMethod;
  /** Names the request in an AbortError. */
  readonly path: string;
  /** Resends allowed after the first attempt (0: none). */
  readonly maxRetries: number;
  readonly signal: AbortSignal | undefined;
  readonly tuning: RetryTuning;
}

/** Runs `attempt` until it succeeds, fails in a way that may not be retried, or the budget ends. */
export async function withRetries<T>(policy: RetryPolicy, attempt: () => Promise<T>): Promise<T> {
  // Set up on the first failure only: most requests succeed at once.
  let backoff: Generator<number, never, undefined> | undefined;
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (retry >= policy.maxRetries || !mayResend(policy.method, error)) throw error;
      backoff ??= backoffDelays(policy.tuning);
      const sleep = policy.tuning.sleep ?? defaultSleep;
      const maxRetryAfterMs = policy.tuning.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
      const wait = retryDelayMs(error, backoff.next().value, maxRetryAfterMs);
      try {
        await sleep(wait, policy.signal);
      } catch (sleepError) {
        if (policy.signal?.aborted) throw new AbortError(policy.method, policy.path, sleepError);
        throw sleepError;
      }
      // An injected sleep may ignore the signal: the caller's abort still wins.
      if (policy.signal?.aborted) {
        throw new AbortError(policy.method, policy.path, policy.signal.reason);
      }
    }
  }
}
