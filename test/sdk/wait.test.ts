import { describe, expect, it } from "vitest";
import { InputValidationError, ServersComError } from "../../sdk/core/errors";
import {
  backoffDelays,
  type Clock,
  formatDuration,
  type StateChange,
  stateMatcher,
  systemClock,
  WaitAbortedError,
  WaitFailedError,
  type WaitOptions,
  WaitTimeoutError,
  waitFor,
} from "../../sdk/wait";
import { rejection } from "../support/thrown";

/** Virtual time: sleep advances the clock and resolves at once. */
class FakeClock implements Clock {
  time = 0;
  readonly sleeps: number[] = [];
  now(): number {
    return this.time;
  }
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    this.sleeps.push(ms);
    this.time += ms;
  }
}

/** A fetch that returns the given states in turn (repeating the last), noting when it polled. */
function scripted(clock: FakeClock, states: readonly string[], latencyMs = 0) {
  const polledAt: number[] = [];
  const signals: (AbortSignal | undefined)[] = [];
  const fetch = async (signal?: AbortSignal): Promise<{ status: string }> => {
    signals.push(signal);
    clock.time += latencyMs;
    polledAt.push(clock.time);
    const status = states[Math.min(polledAt.length - 1, states.length - 1)];
    if (status === undefined) throw new Error("no states scripted");
    return { status };
  };
  return { fetch, polledAt, signals };
}

const volumeStates = stateMatcher({
  transitional: ["creating", "pending", "removing"],
  settled: ["active"],
  failed: ["error"],
});

function options(
  clock: Clock,
  extra: Partial<WaitOptions<{ status: string }>> = {},
): WaitOptions<{ status: string }> {
  return {
    state: (v) => v.status,
    isSettled: (v) => volumeStates.isSettled(v.status),
    isFailed: (v) => (volumeStates.isFailed(v.status) ? `status is ${v.status}` : undefined),
    timeoutMs: 600_000,
    clock,
    random: () => 0.5,
    description: "RBS volume 42 to be active",
    ...extra,
  };
}

describe("waiting until settled", () => {
  it("resolves with the first settled value after N polls", async () => {
    const clock = new FakeClock();
    const { fetch, polledAt } = scripted(clock, ["creating", "pending", "pending", "active"]);
    await expect(waitFor(fetch, options(clock))).resolves.toEqual({ status: "active" });
    expect(polledAt).toHaveLength(4);
    expect(clock.sleeps).toHaveLength(3);
  });

  it("does not sleep when the first poll is settled", async () => {
    const clock = new FakeClock();
    const { fetch } = scripted(clock, ["active"]);
    await waitFor(fetch, options(clock));
    expect(clock.sleeps).toEqual([]);
  });

  it("passes the signal to fetch", async () => {
    const clock = new FakeClock();
    const controller = new AbortController();
    const { fetch, signals } = scripted(clock, ["active"]);
    await waitFor(fetch, options(clock, { signal: controller.signal }));
    expect(signals).toEqual([controller.signal]);
  });
});

describe("a failed state stops the wait at once", () => {
  it("throws WaitFailedError with the state and the reason, without polling again", async () => {
    const clock = new FakeClock();
    const { fetch, polledAt } = scripted(clock, ["creating", "error", "active"]);
    const error = await rejection(waitFor(fetch, options(clock)));
    expect(error).toBeInstanceOf(WaitFailedError);
    expect(error).toBeInstanceOf(ServersComError);
    const failed = error as WaitFailedError;
    expect(failed.state).toBe("error");
    expect(failed.reason).toBe("status is error");
    expect(failed.message).toContain("RBS volume 42 to be active");
    expect(polledAt).toHaveLength(2);
  });

  it("treats isFailed returning false as not failed", async () => {
    const clock = new FakeClock();
    const { fetch } = scripted(clock, ["creating", "active"]);
    const result = waitFor(fetch, options(clock, { isFailed: () => false }));
    await expect(result).resolves.toEqual({ status: "active" });
  });
});

describe("the deadline", () => {
  it("throws WaitTimeoutError naming the last state seen", async () => {
    const clock = new FakeClock();
    const { fetch } = scripted(clock, ["creating", "pending"]);
    const error = await rejection(waitFor(fetch, options(clock, { timeoutMs: 60_000 })));
    expect(error).toBeInstanceOf(WaitTimeoutError);
    const timeout = error as WaitTimeoutError;
    expect(timeout.lastState).toBe("pending");
    expect(timeout.timeoutMs).toBe(60_000);
    expect(timeout.elapsedMs).toBe(60_000);
    expect(timeout.message).toContain('"pending"');
    expect(timeout.message).toContain("RBS volume 42 to be active");
    expect(timeout.message).toContain("1m 0s");
  });

  it("polls exactly at the deadline and never sleeps past it", async () => {
    const clock = new FakeClock();
    const { fetch, polledAt } = scripted(clock, ["pending"]);
    await rejection(
      waitFor(fetch, options(clock, { timeoutMs: 10_000, minDelayMs: 3_000, maxDelayMs: 3_000 })),
    );
    // 3 s steps would reach 12 s: the last sleep is cut to 1 s so the final poll is at 10 s.
    expect(clock.sleeps).toEqual([3_000, 3_000, 3_000, 1_000]);
    expect(polledAt).toEqual([0, 3_000, 6_000, 9_000, 10_000]);
  });

  it("counts the time fetch takes against the deadline", async () => {
    const clock = new FakeClock();
    const { fetch, polledAt } = scripted(clock, ["pending"], 700);
    await rejection(
      waitFor(fetch, options(clock, { timeoutMs: 5_000, minDelayMs: 1_000, maxDelayMs: 1_000 })),
    );
    expect(Math.max(...polledAt)).toBeLessThanOrEqual(5_000 + 700);
    expect(clock.sleeps.every((ms) => ms > 0 && ms <= 1_000)).toBe(true);
    // Sleeps plus fetch time before the last poll reach the deadline exactly.
    const beforeLastPoll = clock.sleeps.reduce((a, b) => a + b, 0) + 700 * (polledAt.length - 1);
    expect(beforeLastPoll).toBe(5_000);
  });

  it("polls once and times out with a zero timeout", async () => {
    const clock = new FakeClock();
    const { fetch, polledAt } = scripted(clock, ["pending"]);
    const error = await rejection(waitFor(fetch, options(clock, { timeoutMs: 0 })));
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(polledAt).toEqual([0]);
  });

  it("returns a value that settles on the poll at the deadline", async () => {
    const clock = new FakeClock();
    const { fetch } = scripted(clock, ["pending", "pending", "active"]);
    const result = waitFor(
      fetch,
      options(clock, { timeoutMs: 2_000, minDelayMs: 1_000, maxDelayMs: 1_000 }),
    );
    await expect(result).resolves.toEqual({ status: "active" });
  });

  it.each([
    ["a negative timeout", { timeoutMs: -1 }, "timeoutMs"],
    ["an infinite timeout (polling without a deadline)", { timeoutMs: Infinity }, "timeoutMs"],
    ["a zero minimum delay", { minDelayMs: 0 }, "minDelayMs"],
    ["a maximum below the minimum", { minDelayMs: 5_000, maxDelayMs: 1_000 }, "maxDelayMs"],
  ])("rejects %s before polling", async (_, extra, field) => {
    const clock = new FakeClock();
    const { fetch, polledAt } = scripted(clock, ["active"]);
    const error = await rejection(waitFor(fetch, options(clock, extra)));
    expect(error).toBeInstanceOf(InputValidationError);
    expect((error as InputValidationError).field).toBe(field);
    expect(polledAt).toEqual([]);
  });
});

describe("an unknown state is never fatal", () => {
  it("is treated as transitional and the wait goes on", async () => {
    const clock = new FakeClock();
    const { fetch } = scripted(clock, ["creating", "resizing_quietly", "active"]);
    await expect(waitFor(fetch, options(clock))).resolves.toEqual({ status: "active" });
    expect(volumeStates.isKnown("resizing_quietly")).toBe(false);
  });

  it("is named in the timeout error when the deadline passes", async () => {
    const clock = new FakeClock();
    const { fetch } = scripted(clock, ["creating", "resizing_quietly"]);
    const error = await rejection(waitFor(fetch, options(clock, { timeoutMs: 30_000 })));
    expect((error as WaitTimeoutError).lastState).toBe("resizing_quietly");
    expect((error as WaitTimeoutError).message).toContain("resizing_quietly");
  });
});

describe("onChange fires once per observed state change", () => {
  it("a,a,b,b,b,c gives three calls, the first from undefined", async () => {
    const clock = new FakeClock();
    const { fetch } = scripted(clock, ["a", "a", "b", "b", "b", "c"]);
    const changes: StateChange<{ status: string }>[] = [];
    await waitFor(
      fetch,
      options(clock, {
        isSettled: (v) => v.status === "c",
        minDelayMs: 1_000,
        maxDelayMs: 1_000,
        onChange: (change) => changes.push(change),
      }),
    );
    expect(changes).toEqual([
      { state: "a", previous: undefined, value: { status: "a" }, elapsedMs: 0 },
      { state: "b", previous: "a", value: { status: "b" }, elapsedMs: 2_000 },
      { state: "c", previous: "b", value: { status: "c" }, elapsedMs: 5_000 },
    ]);
  });

  it("reports the failed state before failing", async () => {
    const clock = new FakeClock();
    const { fetch } = scripted(clock, ["creating", "error"]);
    const states: string[] = [];
    await rejection(waitFor(fetch, options(clock, { onChange: (c) => states.push(c.state) })));
    expect(states).toEqual(["creating", "error"]);
  });

  it("does not count a failed poll as a state change", async () => {
    const clock = new FakeClock();
    let calls = 0;
    const fetch = async () => {
      calls++;
      if (calls === 2) throw new Error("ECONNRESET");
      return { status: calls < 4 ? "pending" : "active" };
    };
    const states: (string | undefined)[] = [];
    await waitFor(
      fetch,
      options(clock, {
        retryOn: () => true,
        onChange: (c) => states.push(`${c.previous}->${c.state}`),
      }),
    );
    expect(states).toEqual(["undefined->pending", "pending->active"]);
  });
});

describe("errors from fetch", () => {
  class Transient extends Error {}

  it("go on polling for errors retryOn accepts", async () => {
    const clock = new FakeClock();
    let calls = 0;
    const fetch = async () => {
      calls++;
      if (calls <= 2) throw new Transient("502 Bad Gateway");
      return { status: "active" };
    };
    const result = waitFor(fetch, options(clock, { retryOn: (e) => e instanceof Transient }));
    await expect(result).resolves.toEqual({ status: "active" });
    expect(calls).toBe(3);
  });

  it("are rethrown as they are when retryOn does not accept them", async () => {
    const clock = new FakeClock();
    const boom = new Error("404 Not Found");
    let calls = 0;
    const fetch = async () => {
      calls++;
      if (calls === 2) throw boom;
      return { status: "pending" };
    };
    const error = await rejection(
      waitFor(fetch, options(clock, { retryOn: (e) => e instanceof Transient })),
    );
    expect(error).toBe(boom);
    expect(calls).toBe(2);
  });

  it("are rethrown without retryOn", async () => {
    const clock = new FakeClock();
    const boom = new Transient("502");
    const error = await rejection(waitFor(() => Promise.reject(boom), options(clock)));
    expect(error).toBe(boom);
  });

  it("end in a timeout carrying the last error when they last until the deadline", async () => {
    const clock = new FakeClock();
    let calls = 0;
    const last = new Transient("503 Service Unavailable");
    const fetch = async () => {
      calls++;
      if (calls === 1) return { status: "pending" };
      throw last;
    };
    const error = await rejection(
      waitFor(fetch, options(clock, { timeoutMs: 20_000, retryOn: () => true })),
    );
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as WaitTimeoutError).lastState).toBe("pending");
    expect((error as WaitTimeoutError).cause).toBe(last);
    expect((error as WaitTimeoutError).message).toContain("503 Service Unavailable");
  });

  it("say that no state was observed when no poll succeeded", async () => {
    const clock = new FakeClock();
    const fetch = () => Promise.reject(new Transient("down"));
    const error = await rejection(
      waitFor(fetch, options(clock, { timeoutMs: 5_000, retryOn: () => true })),
    );
    expect((error as WaitTimeoutError).lastState).toBeUndefined();
    expect((error as WaitTimeoutError).message).toContain("no state was observed");
  });
});

describe("abort", () => {
  /** A clock whose sleep never ends and ignores the signal, and says when it was entered. */
  function stuckClock() {
    let entered: () => void = () => {};
    const sleeping = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const clock: Clock = {
      now: () => 0,
      sleep: () => {
        entered();
        return new Promise<void>(() => {});
      },
    };
    return { clock, sleeping };
  }

  it("rejects at once with WaitAbortedError while sleeping, even if the clock ignores the signal", async () => {
    const { clock, sleeping } = stuckClock();
    const controller = new AbortController();
    const reason = new Error("user pressed ^C");
    const fetch = async () => ({ status: "pending" });
    const result = rejection(waitFor(fetch, options(clock, { signal: controller.signal })));
    await sleeping;
    controller.abort(reason);
    const error = await result;
    expect(error).toBeInstanceOf(WaitAbortedError);
    expect(error).toBeInstanceOf(ServersComError);
    expect((error as WaitAbortedError).cause).toBe(reason);
    expect((error as WaitAbortedError).message).toContain("RBS volume 42 to be active");
  });

  it("rejects at once while fetch is in flight, even if fetch ignores the signal", async () => {
    const controller = new AbortController();
    let fetching: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => {
      fetching = resolve;
    });
    const fetch = () => {
      fetching();
      return new Promise<{ status: string }>(() => {});
    };
    const result = rejection(
      waitFor(fetch, options(new FakeClock(), { signal: controller.signal })),
    );
    await inFlight;
    controller.abort();
    expect(await result).toBeInstanceOf(WaitAbortedError);
  });

  it("gives WaitAbortedError, not fetch's own error, when fetch rejects because of the abort", async () => {
    const controller = new AbortController();
    const fetch = (signal?: AbortSignal) => {
      controller.abort();
      return Promise.reject(signal?.reason);
    };
    const error = await rejection(
      waitFor(fetch, options(new FakeClock(), { signal: controller.signal, retryOn: () => true })),
    );
    expect(error).toBeInstanceOf(WaitAbortedError);
  });

  it("does not poll at all with a signal already aborted", async () => {
    const clock = new FakeClock();
    const { fetch, polledAt } = scripted(clock, ["active"]);
    const error = await rejection(waitFor(fetch, options(clock, { signal: AbortSignal.abort() })));
    expect(error).toBeInstanceOf(WaitAbortedError);
    expect(polledAt).toEqual([]);
  });

  it("leaves no listener on the signal after many polls", async () => {
    const clock = new FakeClock();
    const controller = new AbortController();
    let added = 0;
    let removed = 0;
    const signal = controller.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = (...args: Parameters<AbortSignal["addEventListener"]>) => {
      added++;
      add(...args);
    };
    signal.removeEventListener = (...args: Parameters<AbortSignal["removeEventListener"]>) => {
      removed++;
      remove(...args);
    };
    const { fetch } = scripted(clock, [...Array<string>(50).fill("pending"), "active"]);
    await waitFor(fetch, options(clock, { signal, minDelayMs: 1_000, maxDelayMs: 1_000 }));
    expect(added).toBeGreaterThan(50);
    expect(removed).toBe(added);
  });
});

describe("a value in hand and a first delay (the create wait's schedule)", () => {
  it("reports the initial value at once and polls first after firstDelayMs", async () => {
    const clock = new FakeClock();
    const { fetch, polledAt } = scripted(clock, ["pending", "active"]);
    const changes: string[] = [];
    const value = await waitFor(
      fetch,
      options(clock, {
        initial: { value: { status: "creating" } },
        firstDelayMs: 90_000,
        minDelayMs: 60_000,
        maxDelayMs: 90_000,
        onChange: (change) => changes.push(`${change.state}@${change.elapsedMs}`),
      }),
    );
    expect(value).toEqual({ status: "active" });
    // The first poll waits 90 s; the next delay is exactly the interval (the band starts there).
    expect(polledAt).toEqual([90_000, 150_000]);
    expect(changes).toEqual(["creating@0", "pending@90000", "active@150000"]);
  });

  it("ends without a request when the initial value is settled, and fails on a failed one", async () => {
    const clock = new FakeClock();
    const { fetch, polledAt } = scripted(clock, ["active"]);
    await expect(
      waitFor(
        fetch,
        options(clock, { initial: { value: { status: "active" } }, firstDelayMs: 5_000 }),
      ),
    ).resolves.toEqual({ status: "active" });
    expect(
      await rejection(
        waitFor(
          fetch,
          options(clock, { initial: { value: { status: "error" } }, firstDelayMs: 5_000 }),
        ),
      ),
    ).toBeInstanceOf(WaitFailedError);
    expect(polledAt).toEqual([]);
    expect(clock.sleeps).toEqual([]);
  });

  it("cuts the first delay at the deadline and still polls once there", async () => {
    const clock = new FakeClock();
    const { fetch, polledAt } = scripted(clock, ["creating"]);
    const error = await rejection(
      waitFor(fetch, options(clock, { firstDelayMs: 90_000, timeoutMs: 30_000 })),
    );
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(polledAt).toEqual([30_000]);
  });

  it("refuses a negative or infinite first delay, naming it", async () => {
    const clock = new FakeClock();
    const { fetch } = scripted(clock, ["active"]);
    for (const firstDelayMs of [-1, Number.POSITIVE_INFINITY, Number.NaN]) {
      const error = await rejection(waitFor(fetch, options(clock, { firstDelayMs })));
      expect(error).toBeInstanceOf(InputValidationError);
      expect(String(error)).toMatch(/firstDelayMs/);
    }
  });
});

describe("backoff delays", () => {
  function take(n: number, generator: Iterator<number>): number[] {
    return Array.from({ length: n }, () => generator.next().value as number);
  }

  it("start at the minimum and double up to the maximum (no jitter at random = 1)", () => {
    const delays = backoffDelays({ minDelayMs: 1_000, maxDelayMs: 30_000, random: () => 1 });
    expect(take(8, delays)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it("jitter down to half the band, never below the minimum (random = 0)", () => {
    const delays = backoffDelays({ minDelayMs: 1_000, maxDelayMs: 30_000, random: () => 0 });
    expect(take(8, delays)).toEqual([1_000, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000]);
  });

  it("stay within [min, max] and within each step's band for any random values", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const delays = take(40, backoffDelays({ minDelayMs: 500, maxDelayMs: 20_000, random }));
    delays.forEach((delay, n) => {
      const ceiling = Math.min(20_000, 500 * 2 ** n);
      expect(delay).toBeGreaterThanOrEqual(Math.max(500, ceiling / 2));
      expect(delay).toBeLessThanOrEqual(ceiling);
    });
    // Growth: the bands are contiguous up to the cap, so the delays never shrink before it.
    const beforeCap = delays.slice(0, 6);
    expect(beforeCap).toEqual([...beforeCap].sort((x, y) => x - y));
    // Jitter: at the cap the delays differ, so waiters do not poll in lockstep.
    expect(new Set(delays.slice(10)).size).toBeGreaterThan(1);
  });

  it("are constant when the minimum equals the maximum", () => {
    const delays = backoffDelays({ minDelayMs: 5_000, maxDelayMs: 5_000, random: Math.random });
    expect(take(5, delays)).toEqual([5_000, 5_000, 5_000, 5_000, 5_000]);
  });

  it("are clamped even if random strays outside [0, 1)", () => {
    const delays = backoffDelays({ minDelayMs: 1_000, maxDelayMs: 8_000, random: () => 3 });
    expect(take(5, delays)).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
  });

  it("are validated when created, not at the first delay", () => {
    expect(() => backoffDelays({ minDelayMs: -1, maxDelayMs: 10, random: Math.random })).toThrow(
      InputValidationError,
    );
  });

  it("drive waitFor's sleeps", async () => {
    const clock = new FakeClock();
    const { fetch } = scripted(clock, ["pending"]);
    await rejection(
      waitFor(
        fetch,
        options(clock, {
          timeoutMs: 100_000,
          minDelayMs: 1_000,
          maxDelayMs: 30_000,
          random: () => 1,
        }),
      ),
    );
    expect(clock.sleeps).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 9_000]);
  });
});

describe("state tables", () => {
  const table = stateMatcher({
    transitional: ["PENDING", "BUILDING"],
    settled: ["ACTIVE", "SWITCHED_OFF"],
    failed: ["ERROR"],
  });

  it.each([
    ["ACTIVE", { settled: true, failed: false, known: true }],
    ["SWITCHED_OFF", { settled: true, failed: false, known: true }],
    ["BUILDING", { settled: false, failed: false, known: true }],
    ["ERROR", { settled: false, failed: true, known: true }],
    ["SHELVED", { settled: false, failed: false, known: false }],
    ["active", { settled: false, failed: false, known: false }],
    [undefined, { settled: false, failed: false, known: false }],
  ])("%s", (status, expected) => {
    expect({
      settled: table.isSettled(status),
      failed: table.isFailed(status),
      known: table.isKnown(status),
    }).toEqual(expected);
  });
});

describe("the system clock", () => {
  it("rejects a sleep at once when its signal is already aborted", async () => {
    const reason = new Error("stop");
    await expect(systemClock.sleep(60_000, AbortSignal.abort(reason))).rejects.toBe(reason);
  });

  it("rejects a pending sleep when its signal aborts", async () => {
    const controller = new AbortController();
    const sleeping = systemClock.sleep(60_000, controller.signal);
    controller.abort();
    await expect(sleeping).rejects.toBeInstanceOf(DOMException);
  });
});

describe("durations in messages", () => {
  it.each([
    [850, "850ms"],
    [42_000, "42s"],
    [60_000, "1m 0s"],
    [725_000, "12m 5s"],
    [12_000_000, "3h 20m"],
  ])("%i ms reads %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
