// The API's rate limit, when asked for (SimulatorOptions.rateLimit, --rate-limit): a budget of
// requests per window of simulated time, every answer carrying X-RateLimit-Limit, -Remaining and
// -Reset (epoch seconds), and a 429 with Retry-After once the budget is spent. Refused requests
// do not count. One budget for the simulator's one token (the real one is per account or per
// token: docs/wire.md).
import type { SimClock } from "./contract";

export interface RateLimitOptions {
  /** Requests per window. */
  readonly limit: number;
  /** The window, in simulated seconds; the first request starts it. */
  readonly windowSeconds: number;
}

export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly headers: Readonly<Record<string, string>>;
  /** Seconds to wait, on a refusal. */
  readonly retryAfterSeconds: number;
}

export function validateRateLimitOptions(value: unknown): RateLimitOptions {
  const given = (typeof value === "object" && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  const { limit, windowSeconds } = given;
  if (typeof limit !== "number" || !Number.isSafeInteger(limit) || limit < 1) {
    throw new RangeError("rateLimit.limit must be a whole number of requests, at least 1");
  }
  if (typeof windowSeconds !== "number" || !Number.isFinite(windowSeconds) || windowSeconds <= 0) {
    throw new RangeError("rateLimit.windowSeconds must be a positive number of seconds");
  }
  return { limit, windowSeconds };
}

export class RateLimitWindow {
  #startedAt: number | undefined;
  #used = 0;
  /** Requests refused with 429. */
  refused = 0;

  constructor(
    readonly options: RateLimitOptions,
    private readonly clock: SimClock,
  ) {}

  take(): RateLimitDecision {
    const now = this.clock.now();
    const windowMs = this.options.windowSeconds * 1000;
    if (this.#startedAt === undefined || now >= this.#startedAt + windowMs) {
      this.#startedAt = now;
      this.#used = 0;
    }
    const resetAt = this.#startedAt + windowMs;
    const allowed = this.#used < this.options.limit;
    if (allowed) this.#used += 1;
    else this.refused += 1;
    return {
      allowed,
      retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
      headers: {
        "x-ratelimit-limit": String(this.options.limit),
        "x-ratelimit-remaining": String(this.options.limit - this.#used),
        "x-ratelimit-reset": String(Math.ceil(resetAt / 1000)),
      },
    };
  }
}
