// The simulated clock: real time scaled by a speed factor, plus the advances the hooks ask for.
// Transitions are scheduled in simulated time, so a 20-minute install can take a second of real
// time (high speed) or be stepped through deterministically (speed 0 and the advance hook).
import type { SimClock } from "./contract";

/** Monotonic real milliseconds: wall-clock jumps (NTP) must not move simulated time backwards. */
function monotonicNow(): number {
  return performance.timeOrigin + performance.now();
}

export class SimulatedClock implements SimClock {
  private anchorSim: number;
  private anchorReal: number;

  constructor(
    startSim: number,
    private speed: number,
    private readonly realNow: () => number = monotonicNow,
  ) {
    if (!Number.isFinite(speed) || speed < 0) {
      throw new RangeError(`speed must be a finite number >= 0, got ${speed}`);
    }
    this.anchorSim = startSim;
    this.anchorReal = realNow();
  }

  now(): number {
    // Whole milliseconds, so timestamps and due times compare exactly after a JSON round trip.
    return Math.floor(this.anchorSim + (this.realNow() - this.anchorReal) * this.speed);
  }

  iso(): string {
    return new Date(this.now()).toISOString();
  }

  /** Moves simulated time forward (the advance hook). */
  advance(ms: number): void {
    this.anchorSim += ms;
  }

  /**
   * From now on, this many simulated ms per real ms (the clock hook): 0 holds every transition
   * where it is until the clock moves again, a gate that no machine load can open early.
   */
  setSpeed(speed: number): void {
    if (!Number.isFinite(speed) || speed < 0) {
      throw new RangeError(`speed must be a finite number >= 0, got ${speed}`);
    }
    this.anchorSim = this.now();
    this.anchorReal = this.realNow();
    this.speed = speed;
  }

  /** The simulated ms per real ms of the moment. */
  get currentSpeed(): number {
    return this.speed;
  }

  /** Continues from a persisted simulated time (a restart resumes where the last run stopped). */
  resumeAt(simNow: number): void {
    this.anchorSim = simNow;
    this.anchorReal = this.realNow();
  }
}
