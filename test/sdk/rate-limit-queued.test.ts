// A request already queued for the budget when an answer moves the window far off (found by the
// fault soak: a refresh hung after a hostile `X-RateLimit-Reset` a day away, its reads queued
// behind one another and then slept for an hour). The bound of a wait (sdk/core/rate-limit.ts,
// DEFAULT_MAX_WAIT_MS, issue 25 item 5) must hold for a queued request too: it fails at once
// with BudgetWaitError naming the limit, instead of sleeping silently.
import { describe, expect, it } from "vitest";
import { BudgetWaitError, neverRefused, RateLimiter } from "../../sdk/core/rate-limit";

const T0 = Date.parse("2026-03-01T00:00:00Z");

/** Virtual time whose sleeps end when the test says so. */
function steppedClock() {
  let now = T0;
  const sleeps: number[] = [];
  let wake: (() => void) | undefined;
  return {
    sleeps,
    /** Ends the sleep under way, moving time on by its length. */
    async wakeUp(): Promise<void> {
      for (let i = 0; i < 20 && wake === undefined; i += 1) await null;
      const resume = wake;
      wake = undefined;
      resume?.();
      for (let i = 0; i < 20; i += 1) await null;
    },
    clock: {
      now: () => now,
      sleep: (ms: number) =>
        new Promise<void>((resolve) => {
          sleeps.push(ms);
          wake = () => {
            now += ms;
            resolve();
          };
        }),
    },
  };
}

const spent = (resetInS: number) => ({
  "x-ratelimit-limit": "2000",
  "x-ratelimit-remaining": "0",
  "x-ratelimit-reset": String(T0 / 1000 + resetInS),
});

/** What a turn for the budget ends in: "went", or the error that refused it. */
const outcomeOf = (turn: Promise<void> | undefined): Promise<unknown> =>
  (turn ?? Promise.resolve()).then(
    () => "went",
    (error: unknown) => error,
  );

describe("a request queued for the budget", () => {
  it("fails with BudgetWaitError once an answer puts the reset past the cap, sleeping no longer", async () => {
    const v = steppedClock();
    const limiter = new RateLimiter(v.clock);
    limiter.observe(200, spent(60), undefined);
    // A minute: within the cap, so it queues and the pump sleeps for the window.
    const queued = limiter.acquire("foreground");
    expect(queued).toBeDefined();
    const outcome = outcomeOf(queued);
    // Meanwhile another answer says the window resets in a day.
    limiter.observe(200, spent(86_400), undefined);
    await v.wakeUp();
    const error = await outcome;
    expect(error).toBeInstanceOf(BudgetWaitError);
    expect((error as BudgetWaitError).message).toMatch(
      /600 s a request waits for the budget at most/,
    );
    // One sleep: the minute it was told at first; never the hour after.
    expect(v.sleeps).toEqual([60_000]);
  });

  it("still goes when the window it waits for stays within the cap", async () => {
    const v = steppedClock();
    const limiter = new RateLimiter(v.clock);
    limiter.observe(200, spent(60), undefined);
    const queued = limiter.acquire("foreground");
    const outcome = outcomeOf(queued);
    await v.wakeUp();
    expect(await outcome).toBe("went");
    expect(v.sleeps).toEqual([60_000]);
  });
});

// The late-commit look-up after a lost create answer (provider/framework/late-commit.ts): a
// refusal would fail the create with its order applied, and the next `up` would order again.
describe("a request that must not be refused (neverRefused)", () => {
  it("goes at once where a wait would pass the cap, and others are still refused", async () => {
    const v = steppedClock();
    const limiter = new RateLimiter(v.clock);
    limiter.observe(200, spent(86_400), undefined);
    const { turn } = await neverRefused(async () => ({ turn: limiter.acquire("background") }));
    expect(turn).toBeUndefined();
    const plain = limiter.acquire("background");
    await expect(plain).rejects.toBeInstanceOf(BudgetWaitError);
    expect(v.sleeps).toEqual([]);
  });

  it("goes once queued when an answer puts the reset past the cap", async () => {
    const v = steppedClock();
    const limiter = new RateLimiter(v.clock);
    limiter.observe(200, spent(60), undefined);
    // Wrapped: awaiting the turn itself would wait for the sleep.
    const { turn: queued } = await neverRefused(async () => ({
      turn: limiter.acquire("foreground"),
    }));
    expect(queued).toBeDefined();
    const outcome = outcomeOf(queued);
    limiter.observe(200, spent(86_400), undefined);
    await v.wakeUp();
    expect(await outcome).toBe("went");
    // A wait within the bounds is still taken: the minute, never the hour.
    expect(v.sleeps).toEqual([60_000]);
  });
});
