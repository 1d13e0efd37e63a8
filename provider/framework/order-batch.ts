// Batched orders: concurrent creates whose order bodies match except for their host entry go as
// one POST with several `hosts` (the API answers one record per entry), as the Terraform
// provider's servers_collector does for identical bodies. SBM servers only: an SBM order's host
// entry carries its own labels, so each server gets its own ownership label; a dedicated server
// order's `hosts` entries carry only a hostname and its `labels` are the order's (api-spec.md,
// POST /v1/hosts/dedicated_servers), so servers ordered together would share one ownership label
// and a lost answer could not be told apart: dedicated servers are ordered one by one.
//
// The window: an order goes at once when no order of the same body is under way; orders that
// arrive while one is (a fleet's creates, which the engine starts together) wait for it to be
// answered and then go together as one. So a single create is never delayed, a fleet of N is two
// orders (the first, then the N - 1 that came meanwhile), and the window is one order's round
// trip, bounded by the request timeout. SERVERSCOM_ORDER_BATCH=off orders every server alone.
//
// Each resource's create sees what a single create would see:
// - Its record: the answer's record carrying its own ownership label (every host entry carries its
//   own), else, when exactly one record has its hostname, that one. None: a plain error, which the
//   lifecycle treats as a lost answer and looks the server up by its ownership label.
// - A refusal (a 4xx, a 429 past the retries): the API applied none of the order, so each host is
//   ordered again alone, and each resource gets its own answer or refusal (one host's bad input
//   must not fail the others).
// - Any other failure (a 5xx, a timeout, a dropped connection): the order may have been applied,
//   so each resource gets that error, and the lifecycle looks for its own object by its ownership
//   label before failing, as after a single create's lost answer.
import { createHash } from "node:crypto";
import type { ServersComClient } from "../../sdk/client";
import { ApiError } from "../../sdk/core/errors";
import { CREATE_LABEL_KEY, OWNER_LABEL_KEY } from "./ownership";

export const ORDER_BATCH_ENV = "SERVERSCOM_ORDER_BATCH";

/** What an order's host entry carries that the batcher reads. */
export interface OrderHost {
  readonly hostname: string;
  readonly labels?: Readonly<Record<string, string>>;
}

/** What an answered record carries that the batcher reads. */
export interface OrderedRecord {
  readonly title: string;
  readonly labels?: Readonly<Record<string, string>> | null;
}

export interface BatchedOrder<Host extends OrderHost, Rec extends OrderedRecord> {
  /** The order's endpoint, such as "sbm_servers": orders to different ones never merge. */
  readonly endpoint: string;
  /** The order body without its `hosts`: orders merge only when these are equal. */
  readonly body: object;
  readonly host: Host;
  /** POSTs the body with these hosts; answers one record per host. */
  send(hosts: readonly Host[]): Promise<readonly Rec[]>;
}

interface Member {
  readonly order: BatchedOrder<OrderHost, OrderedRecord>;
  readonly resolve: (record: OrderedRecord) => void;
  readonly reject: (error: unknown) => void;
}

/** The orders of one body: whether one is under way, and those waiting for it. */
interface Queue {
  busy: boolean;
  readonly waiting: Member[];
}

export interface OrderBatcherOptions {
  /** Default: unless SERVERSCOM_ORDER_BATCH is off, false or 0. */
  readonly enabled?: () => boolean;
}

export class OrderBatcher {
  readonly #queues = new WeakMap<ServersComClient, Map<string, Queue>>();
  readonly #enabled: () => boolean;

  constructor(options: OrderBatcherOptions = {}) {
    this.#enabled = options.enabled ?? (() => orderBatchingFrom(process.env));
  }

  /** This host's record, from an order shared with concurrent ones of the same body. */
  order<Host extends OrderHost, Rec extends OrderedRecord>(
    client: ServersComClient,
    order: BatchedOrder<Host, Rec>,
  ): Promise<Rec> {
    if (!this.#enabled()) return sendAlone(order);
    let queues = this.#queues.get(client);
    if (queues === undefined) {
      queues = new Map();
      this.#queues.set(client, queues);
    }
    const key = createHash("sha256")
      .update(`${order.endpoint}\n${stableJson(order.body)}`)
      .digest("hex");
    let queue = queues.get(key);
    if (queue === undefined) {
      queue = { busy: false, waiting: [] };
      queues.set(key, queue);
    }
    const current = queue;
    const all = queues;
    return new Promise<Rec>((resolve, reject) => {
      current.waiting.push({
        order: order as unknown as BatchedOrder<OrderHost, OrderedRecord>,
        resolve: resolve as (record: OrderedRecord) => void,
        reject,
      });
      if (!current.busy) void drain(current, () => all.delete(key));
    });
  }
}

/** Sends what waits, as one order, until nothing came in meanwhile. */
async function drain(queue: Queue, done: () => void): Promise<void> {
  queue.busy = true;
  try {
    while (queue.waiting.length > 0) await flush(queue.waiting.splice(0));
  } finally {
    queue.busy = false;
    done();
  }
}

async function flush(members: readonly Member[]): Promise<void> {
  const [first] = members;
  if (first === undefined) return;
  if (members.length === 1) {
    await sendAlone(first.order).then(first.resolve, first.reject);
    return;
  }
  let records: readonly OrderedRecord[];
  try {
    records = await first.order.send(members.map((member) => member.order.host));
  } catch (error) {
    if (isRefusal(error)) {
      // Nothing was ordered: each host alone, so each resource gets its own answer.
      await Promise.all(
        members.map((member) => sendAlone(member.order).then(member.resolve, member.reject)),
      );
    } else {
      for (const member of members) member.reject(error);
    }
    return;
  }
  for (const member of members) {
    const record = matchHost(records, member.order.host);
    if (record !== undefined) member.resolve(record);
    else {
      member.reject(
        new Error(
          `the order of ${members.length} servers answered ${records.length} records and none is ` +
            `this one's (ownership label, or the only one titled "${member.order.host.hostname}")`,
        ),
      );
    }
  }
}

/** One host's order, as before batching: a lone record is its own even if renamed. */
async function sendAlone<Host extends OrderHost, Rec extends OrderedRecord>(
  order: BatchedOrder<Host, Rec>,
): Promise<Rec> {
  const records = await order.send([order.host]);
  const record = matchHost(records, order.host) ?? (records.length === 1 ? records[0] : undefined);
  if (record === undefined) {
    throw new Error(
      `the order answered ${records.length} records and none is titled "${order.host.hostname}"`,
    );
  }
  return record;
}

/**
 * The host's record: by its create label (which call of `create` made it), else its ownership
 * label, else the only one with its hostname.
 */
export function matchHost<Rec extends OrderedRecord>(
  records: readonly Rec[],
  host: OrderHost,
): Rec | undefined {
  for (const key of [CREATE_LABEL_KEY, OWNER_LABEL_KEY]) {
    const value = host.labels?.[key];
    if (value === undefined) continue;
    const labelled = records.filter((record) => record.labels?.[key] === value);
    if (labelled.length === 1) return labelled[0];
    if (labelled.length > 1) return undefined;
  }
  const titled = records.filter((record) => record.title === host.hostname);
  if (titled.length === 1) return titled[0];
  const folded = records.filter(
    (record) => record.title.toLowerCase() === host.hostname.toLowerCase(),
  );
  return folded.length === 1 ? folded[0] : undefined;
}

/** The API refused the request as a whole (4xx, 429 included): none of it was applied. */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** JSON with object keys sorted, so equal bodies give equal text whatever their key order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

const OFF = ["off", "false", "0"];
const ON = ["on", "true", "1"];

/**
 * SERVERSCOM_ORDER_BATCH: on (the default) or off. Refuses any other value, naming it and the
 * allowed ones: a typo must not leave batching on unnoticed. Checked at `configure`.
 */
export function orderBatchingFrom(env: Readonly<Record<string, string | undefined>>): boolean {
  const text = env[ORDER_BATCH_ENV];
  const value = text?.trim().toLowerCase();
  if (value === undefined || value === "" || ON.includes(value)) return true;
  if (OFF.includes(value)) return false;
  throw new Error(
    `serverscom: the environment variable ${ORDER_BATCH_ENV} is "${text}", which is not one of ` +
      `${[...OFF, ...ON].join(", ")}: set it to off (every server ordered alone) or on ` +
      "(concurrent orders of the same body go as one, the default), or unset it",
  );
}

/** The provider host's batcher: one process, one set of open orders. */
export const orderBatcher = new OrderBatcher();
