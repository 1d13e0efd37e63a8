// Shared waits: the polls of concurrent waits of one kind share one list per round instead of a
// GET each, so a fleet of 200 servers settling costs about the requests of one (issue 19). The
// list is the one refresh's read snapshots take (read-snapshot.ts): the kind's `listRead`, pages
// of its objects carrying the ownership label (any value), 100 a page.
//
// Why a listed answer is as good as a poll's GET:
// - A listed record is the record a GET answers (read-snapshot.ts); a kind whose GET carries more
//   declares no `listRead`, and its waits keep their GETs.
// - Newer than anything the wait has seen: a round answers a poll only when the round began after
//   the wait began (so after the write it waits on, which ended before) and after the wait's
//   previous answer, so every poll observes the object later than the one before, as a GET would.
// - Fresh: a round answers polls for at most TTL_MS after it began, about one poll interval of
//   the slowest kinds (SBM servers poll every 10 to 15 s while provisioning).
// - An object missing from the pages (created after the page, deleted, its label removed) is asked
//   for with the kind's GET: a deleted object is still reported gone by its 404.
// - Never much dearer than GETs: a wait alone polls with GETs; a round fetches a further page only
//   while the pages fetched are fewer than the waits under way; a failed page ends the round (its
//   polls ask with GETs, whose error, if the failure persists, is the wait's own).
// Every request made here is a background request (sdk/core/rate-limit.ts): creates and updates
// go first within the request budget.
// SERVERSCOM_READ_SNAPSHOT=off turns this off too (every poll a GET, as before).
import type { ServersComClient } from "../../sdk/client";
import { inBackground } from "../../sdk/core/rate-limit";
import { labelSelector } from "../../sdk/labels";
import { OWNER_LABEL_KEY } from "./ownership";
import {
  type ListedEntry,
  type ListedPage,
  READ_SNAPSHOT_ENV,
  type ReadableKind,
} from "./read-snapshot";

/** How long a round answers polls after it began. */
export const TTL_MS = 10_000;
/** A wait that has not polled for this long no longer counts as under way (it ended). */
const ACTIVE_MS = 120_000;

const OWNED = labelSelector().exists(OWNER_LABEL_KEY).toString();

export interface SharedPollsOptions {
  /** Milliseconds on a monotonic scale. Default performance.now. */
  readonly now?: () => number;
  readonly ttlMs?: number;
  readonly enabled?: () => boolean;
}

/** One wait's view: its polls, each newer than the last. */
export interface Poller<Live extends object> {
  /** The live record, undefined when the object is gone (404). */
  get(): Promise<Live | undefined>;
}

interface Round {
  /** Its place in the order of events (see `#tick`). */
  readonly begun: number;
  readonly startedAt: number;
  readonly entries: Map<string, ListedEntry<object>>;
  pages: number;
  last: ListedPage<object> | undefined;
  complete: boolean;
  dead: boolean;
  fetching: Promise<void> | undefined;
}

interface PollerState {
  /** The event after which its next answer must have been observed. */
  seen: number;
  lastPollAt: number;
  readonly now: () => number;
}

interface Pool {
  readonly pollers: Set<PollerState>;
  round: Round | undefined;
}

/** Requests this module made, for the benchmark and tests. */
export interface SharedPollStats {
  lists: number;
  gets: number;
  answered: number;
}

export class SharedPolls {
  readonly #pools = new WeakMap<ServersComClient, Map<string, Pool>>();
  readonly #now: () => number;
  readonly #ttlMs: number;
  readonly #enabled: () => boolean;
  /** Orders events: a wait's start, a poll's answer, a round's start. */
  #clock = 0;
  readonly stats: SharedPollStats = { lists: 0, gets: 0, answered: 0 };

  constructor(options: SharedPollsOptions = {}) {
    this.#now = options.now ?? (() => performance.now());
    this.#ttlMs = options.ttlMs ?? TTL_MS;
    this.#enabled = options.enabled ?? pollsShared;
  }

  /** A poller for one wait; made when the wait begins, after the write it waits on. */
  poller<Live extends object>(
    kind: ReadableKind<Live>,
    client: ServersComClient,
    id: string,
    clock?: { now(): number },
  ): Poller<Live> {
    // The wait's own clock when it has one (virtual time in tests and benchmarks).
    const now = clock === undefined ? this.#now : () => clock.now();
    const state: PollerState = { seen: this.#tick(), lastPollAt: now(), now };
    // Under way from its start: the first polls of a fleet's waits already share a list.
    if (kind.listRead !== undefined) this.#pool(client, kind.name).pollers.add(state);
    return {
      get: () => inBackground(() => this.#poll(kind, client, id, state)),
    };
  }

  #tick(): number {
    this.#clock += 1;
    return this.#clock;
  }

  async #poll<Live extends object>(
    kind: ReadableKind<Live>,
    client: ServersComClient,
    id: string,
    state: PollerState,
  ): Promise<Live | undefined> {
    const source = kind.listRead;
    if (source === undefined || !this.#enabled()) return kind.get(client, id);
    const pool = this.#pool(client, kind.name);
    const now = state.now();
    state.lastPollAt = now;
    pool.pollers.add(state);
    const active = this.#active(pool, now);
    // A wait alone keeps its GET: a list pays off only when polls can share it.
    if (active < 2) return this.#get(kind, client, id, state);
    let round = pool.round;
    if (round === undefined || !this.#answers(round, state)) {
      round = {
        begun: this.#tick(),
        startedAt: now,
        entries: new Map(),
        pages: 0,
        last: undefined,
        complete: false,
        dead: false,
        fetching: undefined,
      };
      pool.round = round;
    }
    for (;;) {
      if (!this.#answers(round, state)) return this.#get(kind, client, id, state);
      const entry = round.entries.get(id) as ListedEntry<Live> | undefined;
      if (entry !== undefined) {
        state.seen = round.begun;
        this.stats.answered += 1;
        return entry.live(client);
      }
      if (round.fetching !== undefined) {
        await round.fetching;
        continue;
      }
      if (round.complete || round.pages >= active) return this.#get(kind, client, id, state);
      const request = next(round, source.firstPage.bind(source), client);
      if (request === undefined) return this.#get(kind, client, id, state);
      this.stats.lists += 1;
      round.fetching = receive(round, request as Promise<ListedPage<object>>);
      await round.fetching;
    }
  }

  async #get<Live extends object>(
    kind: ReadableKind<Live>,
    client: ServersComClient,
    id: string,
    state: PollerState,
  ): Promise<Live | undefined> {
    const begun = this.#tick();
    this.stats.gets += 1;
    const record = await kind.get(client, id);
    state.seen = Math.max(state.seen, begun);
    return record;
  }

  /** A round may answer this poll: alive, fresh, and begun after everything the wait has seen. */
  #answers(round: Round, state: PollerState): boolean {
    return !round.dead && round.begun > state.seen && state.now() - round.startedAt <= this.#ttlMs;
  }

  #active(pool: Pool, now: number): number {
    for (const poller of pool.pollers) {
      if (now - poller.lastPollAt > ACTIVE_MS) pool.pollers.delete(poller);
    }
    return pool.pollers.size;
  }

  #pool(client: ServersComClient, kind: string): Pool {
    let byKind = this.#pools.get(client);
    if (byKind === undefined) {
      byKind = new Map();
      this.#pools.set(client, byKind);
    }
    let pool = byKind.get(kind);
    if (pool === undefined) {
      pool = { pollers: new Set(), round: undefined };
      byKind.set(kind, pool);
    }
    return pool;
  }
}

/** The round's next page request, or undefined when there is none (or it cannot be made). */
function next(
  round: Round,
  firstPage: (client: ServersComClient, selector: string) => Promise<ListedPage<object>>,
  client: ServersComClient,
): Promise<ListedPage<object>> | undefined {
  try {
    const request = round.last === undefined ? firstPage(client, OWNED) : round.last.next();
    if (request === null) round.complete = true;
    return request ?? undefined;
  } catch {
    round.dead = true;
    return undefined;
  }
}

/** Takes a page in; awaits first, so `fetching` is set before its `finally` clears it. */
async function receive(round: Round, request: Promise<ListedPage<object>>): Promise<void> {
  try {
    const page = await request;
    round.pages += 1;
    round.last = page;
    for (const entry of page.entries) {
      if (!round.entries.has(entry.id)) round.entries.set(entry.id, entry);
    }
    if (page.entries.length === 0) round.complete = true;
  } catch {
    round.dead = true;
  } finally {
    round.fetching = undefined;
  }
}

function pollsShared(): boolean {
  const value = process.env[READ_SNAPSHOT_ENV]?.trim().toLowerCase();
  return value === undefined || !["off", "false", "0"].includes(value);
}

/** The provider host's shared polls: one process, one set, shared by every kind's provider. */
export const sharedPolls = new SharedPolls();
