// The client's request budget (sdk/core/rate-limit.ts): learnt from X-RateLimit-* and 429s,
// capped locally, foreground before background; and the client against the simulator's rate
// limit, on virtual time: the budget runs out, the client waits for the window instead of a 429.
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { REQUEST_BUDGET_ENV, requestBudgetFrom } from "../../provider/framework/request-budget";
import { inBackground, RateLimiter, resetAtMs } from "../../sdk/core/rate-limit";
import { HttpClient } from "../../sdk/core/transport";
import { startTestSimulator, TEST_START_TIME, type TestSimulator } from "../simulator/helpers";

const T0 = Date.parse("2026-03-01T00:00:00Z");

/** Virtual time: `sleep` moves it on and records the wait. */
function virtualClock() {
  let now = T0;
  const sleeps: number[] = [];
  return {
    sleeps,
    at: () => now,
    clock: {
      now: () => now,
      // Time moves once the sleeper resumes, as a timer's would, not when the sleep begins.
      sleep: async (ms: number) => {
        sleeps.push(ms);
        await null;
        now += ms;
      },
    },
  };
}

const headers = (limit: number, remaining: number, resetInS: number) => ({
  "x-ratelimit-limit": String(limit),
  "x-ratelimit-remaining": String(remaining),
  "x-ratelimit-reset": String(T0 / 1000 + resetInS),
});

/** A limiter on virtual time that has seen one answer with these X-RateLimit-* headers. */
function limiterAfter(limit: number, remaining: number, resetInS: number) {
  const v = virtualClock();
  const limiter = new RateLimiter(v.clock);
  limiter.observe(200, headers(limit, remaining, resetInS), undefined);
  return { v, limiter };
}

async function go(limiter: RateLimiter, priority: "foreground" | "background"): Promise<void> {
  await limiter.acquire(priority);
}

describe("RateLimiter", () => {
  it("goes at once while the budget lasts, then waits for the window's reset", async () => {
    const v = virtualClock();
    const limiter = new RateLimiter(v.clock);
    expect(limiter.acquire("foreground")).toBeUndefined();
    limiter.observe(200, headers(10, 2, 60), undefined);
    await go(limiter, "foreground");
    await go(limiter, "foreground");
    expect(v.sleeps).toEqual([]);
    await go(limiter, "foreground");
    expect(v.sleeps).toEqual([60_000]);
  });

  it("background requests leave a tenth of the budget to the foreground", async () => {
    const { v, limiter } = limiterAfter(100, 10, 60);
    expect(limiter.acquire("foreground")).toBeUndefined();
    await go(limiter, "background");
    expect(v.sleeps).toEqual([60_000]);
  });

  it("past half the budget, background requests are spread over the rest of the window", async () => {
    // 40 left of 100, 10 kept back: 30 background requests over 60 s, one every 2 s.
    const { v, limiter } = limiterAfter(100, 40, 60);
    await go(limiter, "background");
    await go(limiter, "background");
    await go(limiter, "background");
    expect(v.sleeps.length).toBe(2);
    for (const ms of v.sleeps) expect(ms).toBeGreaterThanOrEqual(1900);
    // The foreground is not paced.
    expect(limiter.acquire("foreground")).toBeUndefined();
  });

  it("a foreground request overtakes background ones already waiting", async () => {
    const { limiter } = limiterAfter(10, 0, 5);
    const order: string[] = [];
    const background = limiter.acquire("background")?.then(() => order.push("background"));
    const foreground = limiter.acquire("foreground")?.then(() => order.push("foreground"));
    await Promise.all([background, foreground]);
    expect(order).toEqual(["foreground", "background"]);
  });

  it("a 429 holds back every new request for its Retry-After, not the resend that waited it", async () => {
    const v = virtualClock();
    const limiter = new RateLimiter(v.clock);
    limiter.observe(429, {}, 3_000);
    expect(limiter.acquire("foreground", undefined, true)).toBeUndefined();
    await go(limiter, "foreground");
    expect(v.sleeps).toEqual([3_000]);
  });

  it("the local cap bounds the requests per window, whatever the API allows", async () => {
    const v = virtualClock();
    const limiter = new RateLimiter(v.clock, { maxRequests: 2, windowMs: 1_000 });
    limiter.observe(200, headers(2000, 2000, 3600), undefined);
    await go(limiter, "foreground");
    await go(limiter, "foreground");
    await go(limiter, "foreground");
    expect(v.sleeps).toEqual([1_000]);
  });

  it("an aborted wait leaves the queue with the signal's reason", async () => {
    let release: () => void = () => {};
    const limiter = new RateLimiter({
      now: () => T0,
      sleep: () => new Promise<void>((resolve) => (release = resolve)),
    });
    limiter.observe(200, headers(10, 0, 60), undefined);
    const controller = new AbortController();
    const waiting = limiter.acquire("foreground", controller.signal);
    controller.abort(new Error("stop"));
    await expect(waiting).rejects.toThrow("stop");
    release();
  });

  it("a foreground request is not held for the background wait the pump sleeps on", async () => {
    // A clock whose timers the test fires, and which honours the sleep's signal.
    let now = T0;
    const timers: { due: number; resolve: () => void }[] = [];
    const clock = {
      now: () => now,
      sleep: (ms: number, signal?: AbortSignal) =>
        new Promise<void>((resolve, reject) => {
          signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
          timers.push({ due: now + ms, resolve });
        }),
    };
    const fire = async (to: number) => {
      // The pump sets its timers in microtasks: let them run first.
      await new Promise((resolve) => setImmediate(resolve));
      now = to;
      for (const timer of timers.filter((t) => t.due <= to)) timer.resolve();
      await new Promise((resolve) => setImmediate(resolve));
    };
    // A local cap of 100 a minute, 95 spent: background requests wait for its reset, 60 s away.
    const limiter = new RateLimiter(clock, { maxRequests: 100, windowMs: 60_000 });
    for (let i = 0; i < 95; i += 1) expect(limiter.acquire("foreground")).toBeUndefined();
    let backgroundWent = false;
    void limiter.acquire("background")?.then(() => (backgroundWent = true));
    limiter.observe(429, {}, 2_000);
    let foregroundWent = false;
    void limiter.acquire("foreground")?.then(() => (foregroundWent = true));
    await fire(T0 + 2_000);
    expect(foregroundWent).toBe(true);
    expect(backgroundWent).toBe(false);
    await fire(T0 + 60_000);
    expect(backgroundWent).toBe(true);
  });

  it("withdrawing the last waiter cuts the pump's sleep short (no timer holds the process)", async () => {
    const aborted: boolean[] = [];
    const limiter = new RateLimiter(
      {
        now: () => T0,
        sleep: (_ms, signal) =>
          new Promise<void>((_resolve, reject) => {
            signal?.addEventListener(
              "abort",
              () => {
                aborted.push(true);
                reject(signal.reason);
              },
              { once: true },
            );
          }),
      },
      // An hour's wait is past the default bound (10 minutes): allowed here, to be withdrawn.
      { maxWaitMs: 2 * 3_600_000 },
    );
    limiter.observe(200, headers(10, 0, 3600), undefined);
    const controller = new AbortController();
    const waiting = limiter.acquire("foreground", controller.signal);
    controller.abort(new Error("cancelled"));
    await expect(waiting).rejects.toThrow("cancelled");
    expect(aborted).toEqual([true]);
  });

  it("refuses settings that are not a budget", () => {
    const clock = virtualClock().clock;
    expect(() => new RateLimiter(clock, { maxRequests: 0 })).toThrow(/maxRequests/);
    expect(() => new RateLimiter(clock, { windowMs: -1 })).toThrow(/windowMs/);
    expect(() => new RateLimiter(clock, { reserve: 1 })).toThrow(/reserve/);
  });

  it("reads X-RateLimit-Reset as epoch seconds or, when small, seconds to wait", () => {
    expect(resetAtMs(String(T0 / 1000 + 5), T0)).toBe(T0 + 5_000);
    expect(resetAtMs("30", T0)).toBe(T0 + 30_000);
    expect(resetAtMs("soon", T0)).toBeUndefined();
  });
});

describe(`${REQUEST_BUDGET_ENV}`, () => {
  it("reads <requests>/<h|min|s>", () => {
    // Besides the cap, always the hooks that bound and announce waits (issue 25, item 5).
    const hooks = { deadline: expect.any(Function), onWait: expect.any(Function) };
    expect(requestBudgetFrom({})).toEqual(hooks);
    expect(requestBudgetFrom({ [REQUEST_BUDGET_ENV]: "1000/h" })).toEqual({
      maxRequests: 1000,
      windowMs: 3_600_000,
      ...hooks,
    });
    expect(requestBudgetFrom({ [REQUEST_BUDGET_ENV]: " 30 / min" })).toEqual({
      maxRequests: 30,
      windowMs: 60_000,
      ...hooks,
    });
  });

  it("names the variable, the value and what to set on a bad value", () => {
    for (const bad of ["1000", "0/h", "ten/h", "5/day", "-1/s"]) {
      expect(() => requestBudgetFrom({ [REQUEST_BUDGET_ENV]: bad })).toThrow(
        new RegExp(`${REQUEST_BUDGET_ENV} is "${bad}".*such as 1000/h`),
      );
    }
  });
});

describe("the client within the simulator's rate limit", () => {
  let sim: TestSimulator | undefined;
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });

  async function setup(limit: number) {
    const started = await startTestSimulator({ rateLimit: { limit, windowSeconds: 60 } });
    sim = started;
    let now = TEST_START_TIME;
    const retrySleeps: number[] = [];
    const limiterSleeps: number[] = [];
    // Retry waits and limiter waits share one virtual clock: the simulator's, moved by advance.
    const client = new HttpClient({
      token: started.token,
      baseUrl: started.url,
      retry: {
        now: () => now,
        sleep: async (ms) => {
          retrySleeps.push(ms);
          await started.advance(ms);
          now += ms;
        },
      },
    });
    return { sim: started, client, retrySleeps, limiterSleeps };
  }

  const get = (client: HttpClient) =>
    client.request({ method: "GET", path: "/locations", schema: z.array(z.unknown()) });

  it("answers with X-RateLimit-* and 429 past the budget; the window resets", async () => {
    const { sim } = await setup(2);
    const first = await sim.req("GET", "/v1/locations");
    expect(first.headers["x-ratelimit-limit"]).toBe("2");
    expect(first.headers["x-ratelimit-remaining"]).toBe("1");
    expect(Number(first.headers["x-ratelimit-reset"])).toBe(TEST_START_TIME / 1000 + 60);
    expect((await sim.req("GET", "/v1/locations")).status).toBe(200);
    const refused = await sim.req("GET", "/v1/locations");
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBe("60");
    await sim.advance(60_000);
    expect((await sim.req("GET", "/v1/locations")).status).toBe(200);
  });

  it("waits for the next window instead of being refused", async () => {
    const { client, retrySleeps } = await setup(3);
    for (let i = 0; i < 7; i += 1) await get(client);
    // Every wait was the limiter's, to the window's end; no 429 was resent.
    expect(retrySleeps).toEqual([60_000, 60_000]);
    await client.close();
  });

  it("background reads keep back the last request of the window for the foreground", async () => {
    const { client, retrySleeps } = await setup(5);
    await get(client);
    // 4 left of 5, one kept back for the foreground.
    await inBackground(async () => {
      for (let i = 0; i < 2; i += 1) await get(client);
    });
    await get(client);
    expect(retrySleeps).toEqual([]);
    // The last one is the foreground's: a background read waits for the next window.
    await inBackground(() => get(client));
    expect(retrySleeps).toEqual([60_000]);
    await client.close();
  });
});
