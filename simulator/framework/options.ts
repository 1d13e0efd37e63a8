// The simulator's options, shared by startSimulator and the command line.
import type { CatalogueOverrides } from "../seed/catalogue";
import type { Json, TransitionName, WireRecord } from "./contract";
import type { FaultOptions } from "./faults";
import type { RateLimitOptions } from "./rate-limit";

/** Changes to the fresh state (the seed): applied at start without a state file and on reset. */
export interface SeedOptions {
  /** Catalogue entries merged by id into the default catalogue (same id replaces, new id adds). */
  readonly catalogue?: CatalogueOverrides;
  /** Account fields merged over the default account (payment_method, storage_quota_gb...). */
  readonly account?: { readonly [key: string]: Json };
  /** Extra records inserted after every area's seed: collection -> records, keyed by `id` (SSH keys: `fingerprint`). */
  readonly records?: { readonly [collection: string]: readonly WireRecord[] };
}

export interface SimulatorOptions {
  /** TCP port; 0 (the default) picks a free one. */
  readonly port?: number;
  /** Interface to listen on; default 127.0.0.1 (loopback only). */
  readonly host?: string;
  /**
   * The bearer token every request must carry; default the one the state file kept, else a random
   * one (see Simulator.token).
   */
  readonly token?: string;
  /**
   * Simulated milliseconds per real millisecond. Default 60: a simulated minute per real second,
   * so a 20-minute dedicated install takes 20 s and an SBM install 3 s. 1 is real time; 0 stops
   * the clock (only the advance hook moves it), which makes tests deterministic.
   */
  readonly speed?: number;
  /** Persist the state here (atomically, after every change); a restart resumes it. */
  readonly stateFile?: string;
  readonly faults?: FaultOptions;
  /** Enforce the API's rate limit (rate-limit.ts): off unless given. */
  readonly rateLimit?: RateLimitOptions;
  readonly seed?: SeedOptions;
  /** The simulated time at start (epoch ms, ISO text or Date); default now. Ignored when a state file resumes. */
  readonly startTime?: number | string | Date;
  /** Overrides of the simulated durations of transitions, in simulated milliseconds. */
  readonly durations?: Partial<Record<TransitionName, number>>;
  /** Where unexpected handler errors are reported; default console.error. */
  readonly log?: (line: string) => void;
}
