// The create wait's PollSchedule (provider/framework/kind.ts): nothing is polled before the
// kind's first poll time, later polls come every interval to 1.5 times it, the create's answer is
// the first progress line, other waits keep the generic backoff, and SERVERSCOM_POLL_INTERVAL_MS
// (delays set by the surroundings) replaces the schedule. RbsVolume: first poll 15 s, interval 15 s.
import { describe, expect, it } from "vitest";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { rbsVolumeKind } from "../../provider/rbs-volume/definition";
import type { Clock } from "../../sdk/wait";
import { simulatedClock } from "../support/simulated-clock";
import { suiteBed, volumeInputs } from "./support";

// Volumes take 100 s to make and 40 s to resize: several polls each.
const { bed } = suiteBed({ simulator: { durations: { rbs_create: 100_000, rbs_resize: 40_000 } } });

/** A provider on the bed's simulator whose clock notes every sleep of its waits. */
function recordingProvider(delays: { minDelayMs?: number; maxDelayMs?: number } = {}) {
  const sleeps: number[] = [];
  const inner: Clock = simulatedClock(bed.sim);
  const clock: Clock = {
    now: () => inner.now(),
    async sleep(ms, signal) {
      sleeps.push(ms);
      await inner.sleep(ms, signal);
    },
  };
  const lines: string[] = [];
  const provider = createKindProvider(rbsVolumeKind, {
    client: () => bed.client,
    progress: (line) => lines.push(line),
    waitTuning: () => ({ clock, random: () => 0.5, ...delays }),
  });
  return { provider, sleeps, lines };
}

const inputs = volumeInputs("data", { locationId: 1, flavorId: 1, size: 100 });

describe("the create wait follows the kind's schedule", () => {
  it("waits 15 s before the first poll, then 15 to 22.5 s between polls", async () => {
    const { provider, sleeps, lines } = recordingProvider();
    await provider.create(inputs);
    // 15 s, then exactly the interval (the band starts there), then 15 + 0.5 x 7.5 s.
    expect(sleeps).toEqual([15_000, 15_000, 18_750, 18_750, 18_750, 18_750]);
    expect(sleeps.reduce((a, b) => a + b)).toBeGreaterThanOrEqual(100_000);
    // The create's answer is reported at once: the first line does not wait for a poll.
    expect(lines[0]).toMatch(/: creating$/);
    expect(lines.at(-1)).toMatch(/: creating -> active after 1m 45s$/);
  });

  it("leaves the other waits on the generic backoff (a resize polls after 1 s)", async () => {
    const { provider, sleeps } = recordingProvider();
    const { id, outs } = await provider.create(inputs);
    sleeps.length = 0;
    await provider.update(id, outs as Record<string, unknown>, { ...inputs, size: 200 });
    expect(sleeps[0]).toBe(1_000);
  });

  it("gives way to delays the surroundings set (SERVERSCOM_POLL_INTERVAL_MS)", async () => {
    const { provider, sleeps } = recordingProvider({ minDelayMs: 50, maxDelayMs: 1_500 });
    await provider.create(inputs);
    expect(sleeps[0]).toBe(50);
  });
});
