// Read snapshots: a refresh of many resources asks the API once per page of 100 objects instead
// of once per object. The engine refreshes resources concurrently (up to `--parallel`, 4 x the
// CPUs by default), each one a `read` of this provider host. When reads of one kind overlap, the
// first page of that kind's list of the objects carrying the ownership label (any value: every
// object the provider created, in any stack) is fetched once and answers the reads of every
// object on it; further pages come as reads ask for objects not yet seen. Only `read` uses it
// (lifecycle.ts); the waits of create, update and delete share rounds of the same list on rules
// of their own (shared-polls.ts).
//
// Why the answers are as good as a GET's:
// - A listed record is the record a GET answers (the SDK parses both with one schema, and
//   adoption already takes list records for outputs). A kind whose GET carries more than its list
//   (a dedicated server's ipxe_config, wire-notes.md) declares no list read.
// - Fresh enough: a page serves reads for at most TTL_MS after the snapshot began, and only
//   within one round of reads. A refresh reads each object once, so a second read of an object
//   (by whatever means it was read first: the page, or a GET) means a new round: the next
//   refresh by the same host (as tests with a shared host do after changing objects behind its
//   back), or a read after a change. It ends the round and drops its snapshot, whose pages may
//   predate the new round; a snapshot made in the new round lists afresh.
// - Never older than this process's own writes: any request other than GET or HEAD from this
//   process (a create, update, delete, action of any kind) ends every snapshot, as it starts and
//   as it ends; a page fetched across a write is dropped. Writes are seen at the transport
//   (undici's diagnostics channels), so no write path has to remember to say so.
// - An object not on the list (adopted without the ownership label, created after the page,
//   deleted) is read with the kind's GET: a deleted object is still reported gone by its 404.
//   One deleted after its page was fetched reads as present for at most TTL_MS: the same race as
//   a deletion just after a GET.
// - Never much dearer than GETs: a page is fetched only while the pages already fetched do not
//   outnumber the reads they answered, so a snapshot costs at most one request more than the
//   reads it answers; a read with no other read of its kind under way and no snapshot of the
//   round to take from is a plain GET (a lone `get`, a refresh at --parallel 1).
// SERVERSCOM_READ_SNAPSHOT=off turns it off (every read a GET, as before).
import { subscribe } from "node:diagnostics_channel";
import type { ServersComClient } from "../../sdk/client";
import type { Page, PagePromise } from "../../sdk/core/contract";
import { inBackground } from "../../sdk/core/rate-limit";
import { labelSelector } from "../../sdk/labels";
import { OWNER_LABEL_KEY } from "./ownership";

/** How long a snapshot answers reads after it began. */
export const TTL_MS = 10_000;
/** The API's largest page (api-spec.md, pagination). */
export const PAGE_SIZE = 100;
/** `off`, `0` or `false` turns snapshots off; read at every read, never at module load. */
export const READ_SNAPSHOT_ENV = "SERVERSCOM_READ_SNAPSHOT";

/** Every object the provider made carries the ownership label, whatever its value. */
const OWNED = labelSelector().exists(OWNER_LABEL_KEY).toString();

/** How a kind's objects are read from its list (ResourceKind.listRead). */
export interface ListRead<Live extends object> {
  /** The first page of the objects that carry `labelSelector`. */
  firstPage(client: ServersComClient, labelSelector: string): Promise<ListedPage<Live>>;
}

export interface ListedPage<Live extends object> {
  readonly entries: readonly ListedEntry<Live>[];
  /** The next page, or null after the last one (no request made then). */
  next(): Promise<ListedPage<Live>> | null;
}

export interface ListedEntry<Live extends object> {
  readonly id: string;
  /**
   * The live record as the kind's `get` gives it, undefined when gone. Requests the list cannot
   * answer (an L2 segment's members) are made here, when a read takes the entry.
   */
  live(client: ServersComClient): Promise<Live | undefined>;
}

/** The list options a kind's `list` receives: pass them to the SDK's list as they are. */
export interface SnapshotListOptions {
  readonly labelSelector: string;
  readonly perPage: number;
}

/**
 * A ListRead from the SDK's list of the kind's records: `id` names a record as the resource's id
 * does, `live` makes the kind's live record of it (the record itself for most kinds).
 */
export function listRead<Live extends object, Item extends object>(spec: {
  list(client: ServersComClient, options: SnapshotListOptions): PagePromise<Item>;
  id(item: Item): string;
  live(client: ServersComClient, item: Item): Promise<Live | undefined>;
}): ListRead<Live> {
  const wrap = (page: Page<Item>): ListedPage<Live> => ({
    entries: page.items.map((item) => ({
      id: spec.id(item),
      live: (client) => spec.live(client, item),
    })),
    next: () => page.nextPage()?.then(wrap) ?? null,
  });
  return {
    firstPage: async (client, labelSelector) =>
      wrap(await spec.list(client, { labelSelector, perPage: PAGE_SIZE })),
  };
}

/** What `read` needs of a kind (kind.ts, ResourceKind). */
export interface ReadableKind<Live extends object> {
  readonly name: string;
  get(client: ServersComClient, id: string): Promise<Live | undefined>;
  readonly listRead?: ListRead<Live>;
}

/** A request as it starts, as its answer arrives, as it fails. */
const WRITE_CHANNELS = ["undici:request:create", "undici:request:headers", "undici:request:error"];

/** A number that changes whenever this process starts or finishes a write request. */
export interface WriteCounter {
  epoch(): number;
}

/**
 * Writes as undici sees them: every request the SDK sends (and fetch's) is published on these
 * channels (undici's documented diagnostics API). Subscribed on first use; a write in flight then
 * is still counted when it ends, which is what matters (see `valid`).
 */
export class UndiciWrites implements WriteCounter {
  #epoch = 0;
  #subscribed = false;

  epoch(): number {
    if (!this.#subscribed) {
      this.#subscribed = true;
      const count = (message: unknown) => {
        if (isWrite(message)) this.#epoch += 1;
      };
      for (const name of WRITE_CHANNELS) subscribe(name, count);
    }
    return this.#epoch;
  }
}

/** Anything but GET and HEAD changes something; a message without a method counts too. */
function isWrite(message: unknown): boolean {
  const request =
    typeof message === "object" && message !== null && "request" in message
      ? message.request
      : undefined;
  const method =
    typeof request === "object" && request !== null && "method" in request
      ? request.method
      : undefined;
  return method !== "GET" && method !== "HEAD";
}

export interface ReadSnapshotOptions {
  readonly ttlMs?: number;
  readonly now?: () => number;
  readonly writes?: WriteCounter;
  /** Default: unless SERVERSCOM_READ_SNAPSHOT is off, 0 or false. */
  readonly enabled?: () => boolean;
}

interface Snapshot<Live extends object> {
  readonly startedAt: number;
  readonly epoch: number;
  readonly entries: Map<string, ListedEntry<Live>>;
  /** Reads it answered: they pay for its pages. */
  answered: number;
  pages: number;
  last: ListedPage<Live> | undefined;
  complete: boolean;
  dead: boolean;
  /** The page being fetched: reads that need one more page wait for it. */
  fetching: Promise<void> | undefined;
}

interface Collection {
  /** Reads of the kind under way. */
  reading: number;
  /** The objects read (from a page or by a GET) in this round of reads. */
  readonly round: Set<string>;
  /** The round's snapshot, if it made one. */
  snapshot: Snapshot<object> | undefined;
}

/** "Ask the API for this one" (a GET): not an answer. */
const MISS = Symbol("miss");

export class ReadSnapshots {
  /** Per client (token and URL), per kind. */
  readonly #collections = new WeakMap<ServersComClient, Map<string, Collection>>();
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #writes: WriteCounter;
  readonly #enabled: () => boolean;

  constructor(options: ReadSnapshotOptions = {}) {
    this.#ttlMs = options.ttlMs ?? TTL_MS;
    this.#now = options.now ?? Date.now;
    this.#writes = options.writes ?? new UndiciWrites();
    this.#enabled = options.enabled ?? snapshotsEnabled;
  }

  /** The live record for `read`: from a snapshot when one can answer, else the kind's `get`. */
  read<Live extends object>(
    kind: ReadableKind<Live>,
    client: ServersComClient,
    id: string,
  ): Promise<Live | undefined> {
    // A refresh's reads yield to creates and updates within the request budget (rate-limit.ts).
    return inBackground(() => this.#read(kind, client, id));
  }

  async #read<Live extends object>(
    kind: ReadableKind<Live>,
    client: ServersComClient,
    id: string,
  ): Promise<Live | undefined> {
    const source = kind.listRead;
    if (source === undefined || !this.#enabled()) return kind.get(client, id);
    const collection = this.#collection(client, kind.name);
    const concurrent = collection.reading > 0;
    if (collection.round.has(id)) {
      // Read before in this round: a new round begins, and nothing listed before it may answer.
      collection.round.clear();
      collection.snapshot = undefined;
    }
    collection.round.add(id);
    collection.reading += 1;
    try {
      const found = await this.#fromSnapshot(collection, source, client, id, concurrent);
      return found === MISS ? await kind.get(client, id) : found;
    } finally {
      collection.reading -= 1;
    }
  }

  async #fromSnapshot<Live extends object>(
    collection: Collection,
    source: ListRead<Live>,
    client: ServersComClient,
    id: string,
    concurrent: boolean,
  ): Promise<Live | undefined | typeof MISS> {
    // The snapshot holds records of this kind only: the collection is per kind name.
    let snapshot = collection.snapshot as Snapshot<Live> | undefined;
    if (snapshot === undefined || !this.#valid(snapshot)) {
      // A lone read stays one GET; a list pays off only for a burst of them.
      if (!concurrent) return MISS;
      snapshot = this.#start();
      collection.snapshot = snapshot as unknown as Snapshot<object>;
    }
    for (;;) {
      // Ended meanwhile by a write, its age, or a new round (then this read asks the API).
      if (!this.#valid(snapshot) || collection.snapshot !== (snapshot as unknown)) return MISS;
      const entry = snapshot.entries.get(id);
      if (entry !== undefined) {
        snapshot.answered += 1;
        return entry.live(client);
      }
      if (snapshot.fetching !== undefined) {
        await snapshot.fetching;
        continue;
      }
      // Listed to the end, or more pages than the reads they answered: this one alone.
      if (snapshot.complete || snapshot.pages > snapshot.answered) return MISS;
      const request = this.#request(snapshot, source, client);
      if (request === undefined) return MISS;
      snapshot.fetching = this.#receive(snapshot, request);
      await snapshot.fetching;
    }
  }

  #start<Live extends object>(): Snapshot<Live> {
    return {
      startedAt: this.#now(),
      epoch: this.#writes.epoch(),
      entries: new Map(),
      answered: 0,
      pages: 0,
      last: undefined,
      complete: false,
      dead: false,
      fetching: undefined,
    };
  }

  /** The next page's request, or undefined when there is none (or it cannot be made). */
  #request<Live extends object>(
    snapshot: Snapshot<Live>,
    source: ListRead<Live>,
    client: ServersComClient,
  ): Promise<ListedPage<Live>> | undefined {
    try {
      const request =
        snapshot.last === undefined ? source.firstPage(client, OWNED) : snapshot.last.next();
      if (request === null) snapshot.complete = true;
      return request ?? undefined;
    } catch {
      snapshot.dead = true;
      return undefined;
    }
  }

  /**
   * Takes the page in. It awaits before anything else, so its `finally` always runs after the
   * caller has stored it in `fetching`: a fetch that ended at once would otherwise leave a settled
   * promise there, which readers would await again and again without ever yielding to I/O.
   */
  async #receive<Live extends object>(
    snapshot: Snapshot<Live>,
    request: Promise<ListedPage<Live>>,
  ): Promise<void> {
    try {
      const page = await request;
      snapshot.pages += 1;
      snapshot.last = page;
      // A write started or ended meanwhile: the page may predate it.
      if (this.#writes.epoch() !== snapshot.epoch) {
        snapshot.dead = true;
        return;
      }
      for (const entry of page.entries) {
        if (!snapshot.entries.has(entry.id)) snapshot.entries.set(entry.id, entry);
      }
    } catch {
      // A failed list costs no read anything: each one asks the API for its object, whose
      // error (if the failure persists) is then the read's own.
      snapshot.dead = true;
    } finally {
      snapshot.fetching = undefined;
    }
  }

  #valid<Live extends object>(snapshot: Snapshot<Live>): boolean {
    return (
      !snapshot.dead &&
      this.#writes.epoch() === snapshot.epoch &&
      this.#now() - snapshot.startedAt <= this.#ttlMs
    );
  }

  #collection(client: ServersComClient, kind: string): Collection {
    let byKind = this.#collections.get(client);
    if (byKind === undefined) {
      byKind = new Map();
      this.#collections.set(client, byKind);
    }
    let collection = byKind.get(kind);
    if (collection === undefined) {
      collection = { reading: 0, round: new Set(), snapshot: undefined };
      byKind.set(kind, collection);
    }
    return collection;
  }
}

const SNAPSHOTS_OFF = ["off", "false", "0"];
const SNAPSHOTS_ON = ["on", "true", "1"];

function snapshotsEnabled(): boolean {
  const value = process.env[READ_SNAPSHOT_ENV]?.trim().toLowerCase();
  return value === undefined || !SNAPSHOTS_OFF.includes(value);
}

/**
 * Refuses a SERVERSCOM_READ_SNAPSHOT it does not know (a typo would otherwise leave snapshots on
 * unnoticed), naming the value and the allowed ones. Checked at `configure`, before any request.
 */
export function checkReadSnapshotSetting(env: Readonly<Record<string, string | undefined>>): void {
  const text = env[READ_SNAPSHOT_ENV];
  const value = text?.trim().toLowerCase();
  if (value === undefined || value === "" || [...SNAPSHOTS_OFF, ...SNAPSHOTS_ON].includes(value)) {
    return;
  }
  throw new Error(
    `serverscom: the environment variable ${READ_SNAPSHOT_ENV} is "${text}", which is not one of ` +
      `${[...SNAPSHOTS_OFF, ...SNAPSHOTS_ON].join(", ")}: set it to off (every read a GET) or on ` +
      "(overlapping reads share list pages, the default), or unset it",
  );
}

/** The provider host's snapshots: one process, one set, shared by every kind's provider. */
export const readSnapshots = new ReadSnapshots();
