// One request budget per client: requests wait here before they go, so a fleet slows down before
// the API refuses it rather than after (docs/wire.md, "Rate limit").
//
// The API's budget is learnt from its answers: X-RateLimit-Limit (requests per window),
// X-RateLimit-Remaining and X-RateLimit-Reset (epoch seconds, or seconds to wait), and a 429's
// Retry-After. The sources disagree on the budget itself (2,000 requests per hour per account, or
// per minute per token): the limiter assumes neither and follows the headers; a local cap
// (SERVERSCOM_REQUEST_BUDGET in the provider) bounds it further when the account is shared.
//
// Two priorities. A foreground request (a create, an update, a delete, a user's GET) spends the
// budget to its last request. A background one (a wait's poll, a refresh's read: GETs marked
// `background`) leaves a reserve for the foreground, is paced evenly across the rest of the
// window once half the budget is spent, and always goes after any foreground request waiting.
import { AsyncLocalStorage } from "node:async_hooks";
import { InputValidationError, type ResponseHeaders, ServersComError } from "./errors";

export type RequestPriority = "foreground" | "background";

const backgroundScope = new AsyncLocalStorage<true>();

/**
 * Runs `work` with every GET it makes marked background (as CallOptions.background does): for
 * callers such as a wait, whose requests go through functions that take no call options.
 */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return backgroundScope.run(true, work);
}

/** Whether the caller runs inside `inBackground`. */
export function isBackground(): boolean {
  return backgroundScope.getStore() === true;
}

const neverRefusedScope = new AsyncLocalStorage<true>();

/**
 * Runs `work` with its requests never refused by the budget: a wait within the bounds (the cap,
 * the operation's deadline) is still taken, but one past them is skipped and the request goes at
 * once instead of failing with BudgetWaitError. For the one look-up whose refusal costs more than
 * a refused request: the search for what a create whose answer was lost has made (the provider's
 * late-commit look-up). The budget learnt from a header may be wrong (a reset said to be a day
 * away); if it is right, the API answers 429, which the caller retries within its own window.
 */
export function neverRefused<T>(work: () => Promise<T>): Promise<T> {
  return neverRefusedScope.run(true, work);
}

/** Whether the caller runs inside `neverRefused`. */
export function isNeverRefused(): boolean {
  return neverRefusedScope.getStore() === true;
}

export interface RateLimitClock {
  /** Milliseconds since the epoch (X-RateLimit-Reset is epoch seconds). */
  now(): number;
  /** Resolves after `ms`; may reject (or resolve early) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface RateLimitOptions {
  /** A local cap: at most this many requests per `windowMs`, whatever the API allows. */
  readonly maxRequests?: number;
  /** The local cap's window; default one hour. */
  readonly windowMs?: number;
  /** Share of a budget background requests leave to the foreground; default 0.1. */
  readonly reserve?: number;
  /**
   * The longest a request waits for the budget (issue 25, item 5); default 10 minutes. A server
   * asking for longer (X-RateLimit-Reset an hour away, Retry-After: 86400) fails the request at
   * once with a BudgetWaitError naming the limit, rather than holding it silently.
   */
  readonly maxWaitMs?: number;
  /**
   * When the caller must be done (epoch ms of the clock), or undefined: a wait that would end
   * later fails at once (the provider passes the resource's create/update/delete deadline).
   */
  deadline?(): number | undefined;
  /** Told of every wait for the budget before it starts: how long and why (a progress line). */
  onWait?(wait: BudgetWait): void;
}

/** One wait for the budget. */
export interface BudgetWait {
  readonly ms: number;
  /** "the API's rate limit is spent until <time>", "a 429 asked to wait", "the local budget". */
  readonly reason: string;
}

/** A wait for the budget longer than the caller may wait: the request was not sent. */
export class BudgetWaitError extends ServersComError {
  constructor(
    readonly waitMs: number,
    readonly reason: string,
    readonly bound: string,
    /** The request it stopped ("POST /remote_block_storage/volumes"), once the client knows. */
    readonly request?: string,
  ) {
    super(
      `${request === undefined ? "" : `${request}: `}rate limit: ${reason}, which means waiting ${Math.ceil(waitMs / 1000)} s before the next ` +
        `request; that is longer than ${bound}, so the request was not sent. Run again once the ` +
        "rate limit has reset (SERVERSCOM_REQUEST_BUDGET lowers this provider's own pace)",
    );
  }
}

/** The default bound of one wait for the budget: 10 minutes (docs/reliability.md). */
export const DEFAULT_MAX_WAIT_MS = 10 * 60_000;

export const DEFAULT_WINDOW_MS = 3_600_000;
const DEFAULT_RESERVE = 0.1;
/** A window never assumed to end later than this from now, whatever a header says. */
const MAX_WAIT_MS = 3_600_000;
const DECIMAL = /^\d+(?:\.\d+)?$/;
const SMALLEST_EPOCH_SECONDS = 1_000_000_000;

/** A window's budget: `remaining` of `limit` requests until `resetAt` (epoch ms). */
interface Budget {
  limit: number;
  remaining: number;
  resetAt: number;
}

interface Waiter {
  readonly priority: RequestPriority;
  /** A resend after a 429, whose retry loop already waited what the server asked. */
  readonly retry: boolean;
  /** Sent at once when its wait passes the bounds, never refused (`neverRefused`). */
  readonly pressing: boolean;
  readonly resolve: () => void;
  readonly reject: (reason: unknown) => void;
}

/** When X-RateLimit-Reset says the window ends, in epoch ms; undefined when it does not say. */
export function resetAtMs(text: string | undefined, nowMs: number): number | undefined {
  const value = text?.trim();
  if (value === undefined || !DECIMAL.test(value)) return undefined;
  const seconds = Number(value);
  // A small number is seconds to wait, which some limiters send instead of a time.
  return seconds < SMALLEST_EPOCH_SECONDS ? nowMs + seconds * 1000 : seconds * 1000;
}

function count(text: string | undefined): number | undefined {
  const value = text?.trim();
  return value !== undefined && /^\d{1,12}$/.test(value) ? Number(value) : undefined;
}

export class RateLimiter {
  readonly #clock: RateLimitClock;
  readonly #reserve: number;
  readonly #capLimit: number | undefined;
  readonly #capWindowMs: number;
  readonly #maxWaitMs: number;
  readonly #deadline: (() => number | undefined) | undefined;
  readonly #onWait: ((wait: BudgetWait) => void) | undefined;
  /** The API's budget as its last answer told it (and spent since). */
  #server: Budget | undefined;
  /** The local cap's window, started by its first request. */
  #cap: Budget | undefined;
  /** No request before this (a 429's Retry-After). */
  #pausedUntil = 0;
  /** When the last background request went, for pacing. */
  #lastBackground = Number.NEGATIVE_INFINITY;
  readonly #queue: Waiter[] = [];
  #pumping = false;
  /** The pump's current sleep: cut short when the queue changes. */
  #sleeping: AbortController | undefined;
  #slept = Number.NEGATIVE_INFINITY;

  constructor(clock: RateLimitClock, options: RateLimitOptions = {}) {
    this.#clock = clock;
    this.#reserve = options.reserve ?? DEFAULT_RESERVE;
    if (!(this.#reserve >= 0 && this.#reserve < 1)) {
      throw new InputValidationError("rateLimit.reserve", "must be a number in [0, 1)");
    }
    this.#capLimit = options.maxRequests;
    if (
      this.#capLimit !== undefined &&
      !(Number.isSafeInteger(this.#capLimit) && this.#capLimit > 0)
    ) {
      throw new InputValidationError("rateLimit.maxRequests", "must be a whole number, at least 1");
    }
    this.#maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
    if (!(this.#maxWaitMs >= 0)) {
      throw new InputValidationError("rateLimit.maxWaitMs", "must be milliseconds, at least 0");
    }
    this.#deadline = options.deadline;
    this.#onWait = options.onWait;
    this.#capWindowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
    if (!(Number.isFinite(this.#capWindowMs) && this.#capWindowMs > 0)) {
      throw new InputValidationError(
        "rateLimit.windowMs",
        "must be a positive number of milliseconds",
      );
    }
  }

  /**
   * Resolves when a request of this priority may go (and counts it). Undefined when it may go at
   * once: the usual case costs no promise.
   */
  acquire(
    priority: RequestPriority,
    signal?: AbortSignal,
    retry = false,
  ): Promise<void> | undefined {
    // A foreground request overtakes background ones already waiting.
    const ahead =
      priority === "foreground"
        ? this.#queue.some((waiter) => waiter.priority === "foreground")
        : this.#queue.length > 0;
    const delay = this.#delayFor(priority, retry);
    const pressing = isNeverRefused();
    if (!ahead && delay <= 0) {
      this.#spend(priority);
      return undefined;
    }
    // Bounded and announced (issue 25, item 5): never a silent hour.
    if (delay > 0) {
      const refused = this.#refusal(delay, priority, retry);
      if (refused !== undefined && pressing) {
        this.#spend(priority);
        return undefined;
      }
      if (refused !== undefined) return Promise.reject(refused);
      this.#onWait?.({ ms: delay, reason: this.#reasonFor(priority, retry) });
    }
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      this.#enqueue(priority, retry, pressing, signal, resolve, reject);
    });
  }

  /**
   * The error of a wait longer than a request may wait (the cap, or what is left of the
   * operation's timeout), or undefined when the wait may start.
   */
  #refusal(delay: number, priority: RequestPriority, retry: boolean): BudgetWaitError | undefined {
    const deadline = this.#deadline?.();
    const left = deadline === undefined ? Number.POSITIVE_INFINITY : deadline - this.#now();
    if (delay <= this.#maxWaitMs && delay <= left) return undefined;
    const bound =
      left < this.#maxWaitMs
        ? `the ${Math.max(0, Math.ceil(left / 1000))} s left of the operation's timeout`
        : `the ${Math.round(this.#maxWaitMs / 1000)} s a request waits for the budget at most`;
    return new BudgetWaitError(delay, this.#reasonFor(priority, retry), bound);
  }

  #enqueue(
    priority: RequestPriority,
    retry: boolean,
    pressing: boolean,
    signal: AbortSignal | undefined,
    resolve: () => void,
    reject: (reason: unknown) => void,
  ): void {
    const queue = this.#queue;
    const entry: { waiter: Waiter | undefined } = { waiter: undefined };
    const onAbort = (): void => {
      const index = entry.waiter === undefined ? -1 : queue.indexOf(entry.waiter);
      if (index !== -1) queue.splice(index, 1);
      // Nobody left to wait for: no timer may hold the process open for them.
      if (queue.length === 0) this.#sleeping?.abort();
      reject(signal?.reason);
    };
    entry.waiter = {
      priority,
      retry,
      pressing,
      resolve: () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      },
      reject: (reason: unknown) => {
        signal?.removeEventListener("abort", onAbort);
        reject(reason);
      },
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    queue.push(entry.waiter);
    // A foreground request may be due sooner than the background one the pump sleeps for.
    if (priority === "foreground") this.#sleeping?.abort();
    void this.#pump();
  }

  /** Learns the budget from an answer's headers; a 429 pauses every request until it ends. */
  observe(status: number, headers: ResponseHeaders, retryAfterMs: number | undefined): void {
    const now = this.#now();
    const limit = count(headers["x-ratelimit-limit"]);
    const remaining = count(headers["x-ratelimit-remaining"]);
    const resetAt = resetAtMs(headers["x-ratelimit-reset"], now);
    if (limit !== undefined && remaining !== undefined && resetAt !== undefined) {
      const server = this.#server;
      // Answers arrive out of order: within one window the lowest count is the truest.
      if (server === undefined || resetAt > server.resetAt + 1000 || remaining < server.remaining) {
        this.#server = { limit, remaining, resetAt: Math.min(resetAt, now + MAX_WAIT_MS) };
      }
    }
    if (status === 429) {
      const until = now + Math.min(retryAfterMs ?? 1000, MAX_WAIT_MS);
      this.#pausedUntil = Math.max(this.#pausedUntil, until);
      if (this.#server !== undefined) this.#server.remaining = 0;
    }
  }

  /** Why a request of this priority waits now, in words. */
  #reasonFor(priority: RequestPriority, retry: boolean): string {
    const now = this.#now();
    if (!retry && this.#pausedUntil > now) {
      return `a 429 answer asked to wait until ${new Date(this.#pausedUntil).toISOString()}`;
    }
    const server = this.#server;
    if (server !== undefined && now < server.resetAt) {
      return (
        `the API's rate limit (X-RateLimit-Remaining ${Math.max(0, server.remaining)} of ` +
        `${server.limit}${priority === "background" ? ", less the foreground's reserve" : ""}) ` +
        `resets at ${new Date(server.resetAt).toISOString()}`
      );
    }
    return "the local request budget (SERVERSCOM_REQUEST_BUDGET) is spent for its window";
  }

  /** Milliseconds a request of this priority must wait now; 0 or less: it may go. */
  #delayFor(priority: RequestPriority, retry: boolean): number {
    const now = this.#now();
    let delay = retry ? 0 : this.#pausedUntil - now;
    for (const budget of [this.#server, this.#cap]) {
      if (budget === undefined || now >= budget.resetAt) continue;
      const background = priority === "background";
      const reserve = background ? Math.ceil(budget.limit * this.#reserve) : 0;
      if (budget.remaining <= reserve) {
        delay = Math.max(delay, budget.resetAt - now);
      } else if (background && budget.remaining * 2 < budget.limit) {
        // Past half the budget: spread what is left over what is left of the window.
        const spacing = (budget.resetAt - now) / (budget.remaining - reserve);
        delay = Math.max(delay, this.#lastBackground + spacing - now);
      }
    }
    return delay;
  }

  /**
   * The clock's time, but never before the end of a sleep that has resolved: an injected sleep
   * that returns at once (a test's, a benchmark's virtual time) still moves time on.
   */
  #now(): number {
    return Math.max(this.#clock.now(), this.#slept);
  }

  #spend(priority: RequestPriority): void {
    const now = this.#now();
    if (this.#server !== undefined && now >= this.#server.resetAt) this.#server = undefined;
    if (this.#server !== undefined) this.#server.remaining -= 1;
    if (this.#capLimit !== undefined) {
      if (this.#cap === undefined || now >= this.#cap.resetAt) {
        this.#cap = {
          limit: this.#capLimit,
          remaining: this.#capLimit,
          resetAt: now + this.#capWindowMs,
        };
      }
      this.#cap.remaining -= 1;
    }
    if (priority === "background") this.#lastBackground = now;
  }

  /** Lets waiters go in order (foreground first), sleeping while the head must wait. */
  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      while (this.#queue.length > 0) {
        const index = this.#queue.findIndex((waiter) => waiter.priority === "foreground");
        const at = index === -1 ? 0 : index;
        const head = this.#queue[at] as Waiter;
        const delay = this.#delayFor(head.priority, head.retry);
        // An answer learnt while it queued may have moved the window far off (a reset in a day):
        // the bound of `acquire` holds for a queued request too, never a silent hour.
        const refused = delay > 0 ? this.#refusal(delay, head.priority, head.retry) : undefined;
        if (refused !== undefined) {
          this.#queue.splice(at, 1);
          // A request that must not be refused goes now instead (`neverRefused`).
          if (head.pressing) {
            this.#spend(head.priority);
            head.resolve();
          } else {
            head.reject(refused);
          }
          continue;
        }
        if (delay > 0) {
          const from = this.#now();
          const ms = Math.min(delay, MAX_WAIT_MS);
          const sleeping = new AbortController();
          this.#sleeping = sleeping;
          try {
            await this.#clock.sleep(ms, sleeping.signal);
          } catch (error) {
            if (!sleeping.signal.aborted) throw error;
          }
          this.#sleeping = undefined;
          // Woken early (a new or a withdrawn waiter): what is due is computed afresh.
          if (!sleeping.signal.aborted) this.#slept = from + ms;
          continue;
        }
        this.#queue.splice(at, 1);
        this.#spend(head.priority);
        head.resolve();
      }
    } finally {
      this.#pumping = false;
    }
  }
}
