// The in-memory state store with lazy transitions. Pending steps carry absolute simulated due
// times, so they survive a restart (the state file holds them and the clock), and every read
// applies the steps that are due before answering: no timers, transitions happen exactly on time
// however fast the clock runs. A record whose steps a holdTransitions fault holds (faults.ts)
// lives on a clock of its own, stopped where the hold began, until the faults change.
import {
  type Json,
  SimApiError,
  type SimClock,
  type Step,
  type Store,
  type WireRecord,
} from "./contract";

/** A step with its absolute simulated due time: the persisted form of `Step`. */
export interface DueStep {
  readonly dueAt: number;
  readonly set?: WireRecord;
  readonly remove?: true;
}

interface Entry {
  record: WireRecord;
  /** Sorted by dueAt; equal due times keep the order they were scheduled in. */
  steps: DueStep[];
  /** While held: the simulated time its steps stopped at (none becomes due until release). */
  heldAt?: number;
}

/** The whole state as plain JSON, for the state file. */
export interface StoreSnapshot {
  readonly collections: {
    [collection: string]: { [key: string]: { record: WireRecord; steps: DueStep[] } };
  };
  readonly account: { [key: string]: Json };
  readonly flags: { [key: string]: Json };
}

/**
 * Stored records are deep-frozen: an area that mutates a record it read (instead of calling
 * `update`) fails loudly, rather than changing state without stamping or persisting it.
 */
function deepFreeze<T extends Json>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function cloneJson<T extends Json>(value: T): T {
  return structuredClone(value);
}

export class MemoryStore implements Store {
  private readonly collections = new Map<string, Map<string, Entry>>();
  readonly account: { [key: string]: Json } = {};
  readonly flags: { [key: string]: Json } = {};
  /** True while a held request's handler runs: the steps it schedules are held. */
  private holding = false;

  constructor(private readonly clock: SimClock) {}

  /**
   * Runs a request's handler so that every record it gives steps to keeps them, and any given
   * later, where they are until `release`: an order the API accepted and does not go on with.
   * Handlers are synchronous (contract.ts, AreaHandler): what runs after `run` returns is not held.
   */
  holdingSteps<T>(run: () => T): T {
    this.holding = true;
    try {
      return run();
    } finally {
      this.holding = false;
    }
  }

  /** Every held record's steps go on from where they stopped, as long as they had left. */
  release(): void {
    const now = this.clock.now();
    for (const bucket of this.collections.values()) {
      for (const entry of bucket.values()) {
        entry.steps = releasedSteps(entry, now);
        delete entry.heldAt;
      }
    }
  }

  insert(
    collection: string,
    record: WireRecord,
    steps: readonly Step[] = [],
    key?: string,
  ): WireRecord {
    const id = key ?? record.id;
    if (typeof id !== "string" && typeof id !== "number") {
      throw new Error(`insert into ${collection}: the record has no id and no key was given`);
    }
    const frozen = deepFreeze(cloneJson(record));
    const now = this.clock.now();
    const entry: Entry = { record: frozen, steps: this.toDue(steps, now, []) };
    this.holdIfHolding(entry, steps, now);
    this.bucket(collection).set(String(id), entry);
    return frozen;
  }

  get(collection: string, key: string): WireRecord | undefined {
    const bucket = this.collections.get(collection);
    const entry = bucket?.get(key);
    if (bucket === undefined || entry === undefined) return undefined;
    return this.settle(bucket, key, entry, this.clock.now());
  }

  all(collection: string): WireRecord[] {
    const bucket = this.collections.get(collection);
    if (bucket === undefined) return [];
    const now = this.clock.now();
    const out: WireRecord[] = [];
    for (const [key, entry] of bucket) {
      const record = this.settle(bucket, key, entry, now);
      if (record !== undefined) out.push(record);
    }
    return out;
  }

  update(collection: string, key: string, patch: WireRecord, steps?: readonly Step[]): WireRecord {
    const bucket = this.collections.get(collection);
    const entry = bucket?.get(key);
    const now = this.clock.now();
    if (bucket === undefined || entry === undefined || !this.settle(bucket, key, entry, now)) {
      throw notFound(collection, key);
    }
    entry.record = this.merged(entry.record, cloneJson(patch), now);
    if (steps !== undefined) {
      entry.steps = this.toDue(steps, entry.heldAt ?? now, []);
      this.holdIfHolding(entry, steps, now);
    }
    return entry.record;
  }

  schedule(collection: string, key: string, steps: readonly Step[]): void {
    const bucket = this.collections.get(collection);
    const entry = bucket?.get(key);
    const now = this.clock.now();
    if (bucket === undefined || entry === undefined || !this.settle(bucket, key, entry, now)) {
      throw notFound(collection, key);
    }
    entry.steps = this.toDue(steps, entry.heldAt ?? now, entry.steps);
    this.holdIfHolding(entry, steps, now);
  }

  pending(collection: string, key: string): readonly Step[] {
    const now = this.clock.now();
    // Reading through `get` first applies what is due, so only future steps remain.
    if (this.get(collection, key) === undefined) return [];
    const entry = this.collections.get(collection)?.get(key);
    const at = entry?.heldAt ?? now;
    return (entry?.steps ?? []).map((s) => ({
      afterMs: s.dueAt - at,
      ...(s.set === undefined ? {} : { set: s.set }),
      ...(s.remove === undefined ? {} : { remove: s.remove }),
    }));
  }

  remove(collection: string, key: string): void {
    this.collections.get(collection)?.delete(key);
  }

  /**
   * The persisted form; due steps are applied first so the file holds settled records. Held steps
   * are written as released now: faults, holds among them, do not outlive a restart.
   */
  snapshot(): StoreSnapshot {
    const collections: StoreSnapshot["collections"] = {};
    for (const [name, bucket] of this.collections) {
      const now = this.clock.now();
      const out: { [key: string]: { record: WireRecord; steps: DueStep[] } } = {};
      for (const [key, entry] of bucket) {
        if (this.settle(bucket, key, entry, now) !== undefined) {
          out[key] = { record: entry.record, steps: releasedSteps(entry, now) };
        }
      }
      collections[name] = out;
    }
    return { collections, account: this.account, flags: this.flags };
  }

  /** Replaces the whole state with a snapshot read from a state file. */
  restore(snapshot: StoreSnapshot): void {
    this.collections.clear();
    for (const [name, records] of Object.entries(snapshot.collections)) {
      const bucket = this.bucket(name);
      for (const [key, { record, steps }] of Object.entries(records)) {
        bucket.set(key, { record: deepFreeze(record), steps: [...steps].sort(byDue) });
      }
    }
    replaceContents(this.account, snapshot.account);
    replaceContents(this.flags, snapshot.flags);
  }

  private bucket(collection: string): Map<string, Entry> {
    let bucket = this.collections.get(collection);
    if (bucket === undefined) {
      bucket = new Map();
      this.collections.set(collection, bucket);
    }
    return bucket;
  }

  /** Applies due steps in order; returns the record, or undefined when a step removed it. */
  private settle(
    bucket: Map<string, Entry>,
    key: string,
    entry: Entry,
    now: number,
  ): WireRecord | undefined {
    const at = entry.heldAt ?? now;
    while (entry.steps.length > 0) {
      const step = entry.steps[0];
      if (step === undefined || step.dueAt > at) break;
      entry.steps.shift();
      if (step.remove) {
        bucket.delete(key);
        return undefined;
      }
      if (step.set !== undefined) entry.record = this.merged(entry.record, step.set, step.dueAt);
    }
    return entry.record;
  }

  /**
   * Shallow merge that stamps updated_at at the moment of the change (a step's due time, not the
   * time it is observed), and only on records that have the field: catalogue entries have none.
   */
  private merged(record: WireRecord, patch: WireRecord, at: number): WireRecord {
    const next: WireRecord = { ...record, ...patch };
    if ("updated_at" in record && !("updated_at" in patch)) {
      next.updated_at = new Date(at).toISOString();
    }
    return deepFreeze(next);
  }

  /** Under holdingSteps, a record given steps is held from now (if it is not already). */
  private holdIfHolding(entry: Entry, steps: readonly Step[], now: number): void {
    if (this.holding && steps.length > 0) entry.heldAt ??= now;
  }

  private toDue(steps: readonly Step[], now: number, existing: readonly DueStep[]): DueStep[] {
    const added = steps.map(
      (s): DueStep => ({
        dueAt: now + Math.max(0, s.afterMs),
        ...(s.set === undefined ? {} : { set: deepFreeze(cloneJson(s.set)) }),
        ...(s.remove === undefined ? {} : { remove: s.remove }),
      }),
    );
    // A stable sort keeps same-time steps in scheduling order.
    return [...existing, ...added].sort(byDue);
  }
}

/** A write to a record that is gone (removed by a step or behind the client's back) is a 404. */
function notFound(collection: string, key: string): SimApiError {
  return new SimApiError(404, "NOT_FOUND", `${collection} ${key} not found`);
}

/** The entry's steps as due once released at `now`: later by as long as they were held. */
function releasedSteps(entry: Entry, now: number): DueStep[] {
  const { heldAt } = entry;
  if (heldAt === undefined) return entry.steps;
  return entry.steps.map((step) => ({ ...step, dueAt: step.dueAt + (now - heldAt) }));
}

function byDue(a: DueStep, b: DueStep): number {
  return a.dueAt - b.dueAt;
}

function replaceContents(target: { [key: string]: Json }, source: { [key: string]: Json }): void {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, structuredClone(source));
}
