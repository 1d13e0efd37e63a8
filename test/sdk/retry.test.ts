import { describe, expect, it } from "vitest";
import { AbortError, ApiError, ConnectionError, TimeoutError } from "../../sdk/core/errors";
import {
  backoffDelays,
  fullJitterDelay,
  mayResend,
  retryAfterMs,
  retryDelayMs,
  withRetries,
} from "../../sdk/core/retry";

function take(iterator: Iterator<number>, count: number): number[] {
  return Array.from({ length: count }, () => iterator.next().value as number);
}

function connectionError(code: string): ConnectionError {
  return new ConnectionError("POST", "/v1/x", Object.assign(new Error(code), { code }));
}

function apiError(status: number, headers: Record<string, string> = {}): ApiError {
  return ApiError.from({ status, method: "GET", path: "/v1/x", headers, body: "" });
}

describe("backoff: full jitter below a doubling ceiling, capped", () => {
  it("with the largest random value, the ceilings double from the base up to the cap", () => {
    const delays = backoffDelays({ baseDelayMs: 500, maxDelayMs: 20_000, random: () => 1 });
    expect(take(delays, 8)).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 20_000, 20_000]);
  });

  it("the random value scales each ceiling", () => {
    const delays = backoffDelays({ baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.5 });
    expect(take(delays, 5)).toEqual([50, 100, 200, 400, 500]);
  });

  it("uses the defaults of 500 ms and 20 s", () => {
    expect(take(backoffDelays({ random: () => 1 }), 7)).toEqual([
      500, 1000, 2000, 4000, 8000, 16_000, 20_000,
    ]);
  });

  it("never exceeds the cap, even far along", () => {
    expect(fullJitterDelay(5000, 500, 20_000, () => 0.999)).toBeLessThanOrEqual(20_000);
    expect(fullJitterDelay(3, 500, 20_000, () => 0)).toBe(0);
  });
});

describe("the server's hint: Retry-After and X-RateLimit-Reset", () => {
  const now = Date.parse("2025-01-01T00:00:00Z");

  it("reads Retry-After in seconds", () => {
    expect(retryAfterMs({ "retry-after": "7" }, 429, now)).toBe(7000);
    expect(retryAfterMs({ "retry-after": "0.5" }, 503, now)).toBe(500);
  });

  it("reads Retry-After as an HTTP date", () => {
    expect(retryAfterMs({ "retry-after": "Wed, 01 Jan 2025 00:00:30 GMT" }, 429, now)).toBe(30_000);
    expect(retryAfterMs({ "retry-after": "Tue, 31 Dec 2024 00:00:00 GMT" }, 429, now)).toBe(0);
  });

  it("reads X-RateLimit-Reset as epoch seconds on a 429", () => {
    const reset = String(now / 1000 + 12);
    expect(retryAfterMs({ "x-ratelimit-reset": reset }, 429, now)).toBe(12_000);
    expect(retryAfterMs({ "x-ratelimit-reset": reset }, 503, now)).toBeUndefined();
  });

  it("prefers Retry-After to X-RateLimit-Reset", () => {
    const headers = { "retry-after": "2", "x-ratelimit-reset": String(now / 1000 + 50) };
    expect(retryAfterMs(headers, 429, now)).toBe(2000);
  });

  it("ignores what it cannot read", () => {
    expect(retryAfterMs({ "retry-after": "soon" }, 429, now)).toBeUndefined();
    expect(retryAfterMs({}, 429, now)).toBeUndefined();
  });

  it("caps the hint, and falls back to the backoff without one", () => {
    const error = ApiError.from({
      status: 429,
      method: "GET",
      path: "/v1/x",
      headers: {},
      body: "",
      retryAfterMs: 3_600_000,
    });
    expect(retryDelayMs(error, 123, 60_000)).toBe(60_000);
    expect(retryDelayMs(apiError(503), 123, 60_000)).toBe(123);
  });
});

describe("which requests may be resent", () => {
  it.each(["GET", "PUT", "DELETE"] as const)(
    "%s on 429, 502, 503, 504, connection errors and timeouts",
    (method) => {
      for (const status of [429, 502, 503, 504])
        expect(mayResend(method, apiError(status))).toBe(true);
      expect(mayResend(method, connectionError("ECONNRESET"))).toBe(true);
      expect(mayResend(method, new TimeoutError(method, "/v1/x", 10))).toBe(true);
      // A 500 to a read is resent too (issue 25); to a change, never.
      expect(mayResend(method, apiError(500))).toBe(method === "GET");
      expect(mayResend(method, apiError(404))).toBe(false);
      expect(mayResend(method, new AbortError(method, "/v1/x"))).toBe(false);
    },
  );

  it("POST never once it may have reached the server", () => {
    for (const status of [500, 502, 503, 504])
      expect(mayResend("POST", apiError(status))).toBe(false);
    expect(mayResend("POST", connectionError("ECONNRESET"))).toBe(false);
    expect(mayResend("POST", connectionError("UND_ERR_SOCKET"))).toBe(false);
    expect(mayResend("POST", new TimeoutError("POST", "/v1/x", 10))).toBe(false);
  });

  it("every verb, POST included, after a 429: the server refused to act on it", () => {
    for (const method of ["GET", "PUT", "DELETE", "POST"] as const)
      expect(mayResend(method, apiError(429))).toBe(true);
  });

  it.each(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"])(
    "POST after %s, which proves nothing was sent",
    (code) => {
      expect(mayResend("POST", connectionError(code))).toBe(true);
    },
  );
});

describe("the retry loop", () => {
  function recorder() {
    const delays: number[] = [];
    return {
      delays,
      tuning: {
        random: () => 1,
        sleep: async (ms: number) => {
          delays.push(ms);
        },
      },
    };
  }

  it("stops after maxRetries resends and throws the last failure", async () => {
    const { delays, tuning } = recorder();
    let attempts = 0;
    const run = withRetries(
      { method: "GET", path: "/v1/x", maxRetries: 2, signal: undefined, tuning },
      async () => {
        attempts += 1;
        throw apiError(503);
      },
    );
    await expect(run).rejects.toBeInstanceOf(ApiError);
    expect(attempts).toBe(3);
    expect(delays).toEqual([500, 1000]);
  });

  it("an abort during the wait ends the loop with an AbortError", async () => {
    const controller = new AbortController();
    const tuning = {
      sleep: async () => {
        controller.abort();
      },
    };
    const run = withRetries(
      { method: "GET", path: "/v1/x", maxRetries: 3, signal: controller.signal, tuning },
      async () => {
        throw apiError(503);
      },
    );
    await expect(run).rejects.toBeInstanceOf(AbortError);
  });

  it("the default sleep rejects at once when the signal aborts", async () => {
    const controller = new AbortController();
    const run = withRetries(
      { method: "GET", path: "/v1/x", maxRetries: 1, signal: controller.signal, tuning: {} },
      async () => {
        // The default backoff would wait up to 500 ms: abort instead of waiting it out.
        queueMicrotask(() => controller.abort());
        throw apiError(503);
      },
    );
    await expect(run).rejects.toBeInstanceOf(AbortError);
  });
});
