// The simulator's moving parts in one place: clock, store (replaced on reset), routers, faults,
// request counts and the state file. The HTTP listener and the hooks work on it.

import { SimulatedClock } from "./clock";
import type { Area, SimContext } from "./contract";
import { type Durations, resolveDurations } from "./durations";
import { FaultInjector, type FaultOptions } from "./faults";
import { seedFreshState } from "./fresh";
import { createAreaHelpers } from "./helpers";
import { newId } from "./ids";
import type { SimulatorOptions } from "./options";
import { readStateFile, StateFileWriter } from "./persistence";
import { RateLimitWindow, validateRateLimitOptions } from "./rate-limit";
import { SimRouter } from "./router";
import { MemoryStore } from "./store";

export const DEFAULT_SPEED = 60;

function startTimeOf(start: SimulatorOptions["startTime"]): number {
  if (start === undefined) return Date.now();
  const ms =
    start instanceof Date ? start.getTime() : typeof start === "string" ? Date.parse(start) : start;
  if (!Number.isFinite(ms)) throw new RangeError(`startTime is not a valid time: ${String(start)}`);
  return ms;
}

export class Engine {
  readonly clock: SimulatedClock;
  readonly api = new SimRouter();
  readonly hooks = new SimRouter();
  readonly durations: Durations;
  /** Requests per "METHOD /v1/route-pattern", faulted ones included: the client sent them. */
  readonly counts = new Map<string, number>();
  readonly writer: StateFileWriter | undefined;
  readonly ctx: SimContext;
  faults: FaultInjector;
  /** The rate limit, when the options ask for one. */
  readonly rateLimit: RateLimitWindow | undefined;
  /** Set once the server listens: the fallback origin of Link headers. */
  origin = "http://127.0.0.1";
  private current: MemoryStore;
  /** The token of the state file, when it has one (see SavedState.token). */
  readonly savedToken: string | undefined;
  /** The token requests must carry, kept in the state file; set by runSimulator. */
  token: string | undefined;

  constructor(
    readonly options: SimulatorOptions,
    private readonly areas: readonly Area[],
  ) {
    this.clock = new SimulatedClock(startTimeOf(options.startTime), options.speed ?? DEFAULT_SPEED);
    this.durations = resolveDurations(options.durations);
    this.faults = new FaultInjector(options.faults);
    this.rateLimit =
      options.rateLimit === undefined
        ? undefined
        : new RateLimitWindow(validateRateLimitOptions(options.rateLimit), this.clock);
    this.current = new MemoryStore(this.clock);
    const engine = this;
    // A getter, so handlers always see the store of the moment, also after a reset.
    this.ctx = {
      get store() {
        return engine.current;
      },
      clock: this.clock,
      newId,
    };
    const helpers = createAreaHelpers(this.durations, () => this.origin);
    for (const area of areas) area.register(this.api, helpers);

    const saved = options.stateFile === undefined ? undefined : readStateFile(options.stateFile);
    this.savedToken = saved?.token;
    if (saved === undefined) {
      seedFreshState(this.ctx, areas, options.seed);
    } else {
      this.clock.resumeAt(saved.clockNow);
      this.current.restore(saved.store);
    }
    this.writer =
      options.stateFile === undefined
        ? undefined
        : new StateFileWriter(options.stateFile, () => ({
            clockNow: this.clock.now(),
            store: this.current.snapshot(),
            ...(this.token === undefined ? {} : { token: this.token }),
          }));
  }

  get store(): MemoryStore {
    return this.current;
  }

  /** Back to the seed; the clock keeps running (time never goes backwards). */
  reset(): void {
    this.current = new MemoryStore(this.clock);
    seedFreshState(this.ctx, this.areas, this.options.seed);
    this.counts.clear();
  }

  /** New faults; the transitions the old ones held go on (holdTransitions). */
  setFaults(options: FaultOptions): void {
    this.faults = new FaultInjector(options);
    this.current.release();
  }

  count(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  async persist(): Promise<void> {
    await this.writer?.flush();
  }
}
