// The contract between the simulator's framework (server, router, store, clock, faults, hooks)
// and its API areas (simulator/areas/*.ts). Areas depend only on this file, on the helpers
// written purely against it (framework/body.ts: bodies and answers; framework/sequence.ts:
// counters) and on sdk/labels.ts; the framework implements it. Nothing here imports the SDK's
// transport or schemas, so a mistake in the client cannot hide behind the same mistake in the
// server.

/** A JSON value as stored and sent. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A stored record: the wire fields of one resource, snake_case, exactly as GET returns them. */
export type WireRecord = { [key: string]: Json };

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface SimRequest {
  readonly method: Method;
  /** The path without the query string, e.g. "/v1/hosts/dedicated_servers/x1". */
  readonly path: string;
  /** Named segments of the route pattern (":id" -> params.id), already percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The parsed JSON body, or undefined when there is none. Invalid JSON is a 400 before any handler runs. */
  readonly body: unknown;
}

export interface SimResponse {
  readonly status: number;
  /** Serialised as JSON; omitted for 204. */
  readonly body?: Json;
  /** A text body instead (text/plain): the metrics endpoints' Prometheus exposition. */
  readonly text?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Thrown by handlers (and by framework helpers) to answer with the spec's error body:
 * { code, message } plus `errors` for UNPROCESSABLE_ENTITY and `params` for BAD_REQUEST.
 */
export class SimApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { errors?: Record<string, string>; params?: string[] } = {},
  ) {
    super(message);
    this.name = "SimApiError";
  }
}

/**
 * A scheduled change of a stored record, relative to the moment it is scheduled, in simulated
 * milliseconds. Steps are data (not closures) so that state files can persist transitions in
 * flight: a restarted simulator resumes them.
 */
export interface Step {
  /** Simulated milliseconds after scheduling. */
  readonly afterMs: number;
  /** Fields to merge into the record (shallow; nested objects are replaced whole). */
  readonly set?: WireRecord;
  /** Remove the record (it is gone: GET answers 404 from then on). */
  readonly remove?: true;
}

/**
 * The state store. Collections are named by the table in docs/architecture.md (for example
 * "dedicated_servers", "cloud_instances", "rbs_volumes"). Every read first applies the steps that
 * are due at the current simulated time, so transitions happen lazily and exactly on time.
 * Every write stamps `updated_at` and persists (atomically) when a state file is configured.
 */
export interface Store {
  /** Inserts a record (it must carry `id`, or the key given) and schedules its steps. */
  insert(collection: string, record: WireRecord, steps?: readonly Step[], key?: string): WireRecord;
  /** The record after due steps, or undefined when absent or removed. */
  get(collection: string, key: string): WireRecord | undefined;
  /** Every record of a collection after due steps, in insertion order. */
  all(collection: string): WireRecord[];
  /** Merges fields into the record and returns it; `steps` replaces any steps still pending. */
  update(collection: string, key: string, patch: WireRecord, steps?: readonly Step[]): WireRecord;
  /** Appends steps to the record's pending steps (keeps those already pending). */
  schedule(collection: string, key: string, steps: readonly Step[]): void;
  /** Pending steps of a record, for areas that must know whether a transition is in flight. */
  pending(collection: string, key: string): readonly Step[];
  remove(collection: string, key: string): void;
  /** Account-level settings (payment method, storage quota...): a mutable JSON object. */
  readonly account: { [key: string]: Json };
  /** Free-form per-area data that must persist (for example locks and maintenance flags). */
  readonly flags: { [key: string]: Json };
}

export interface SimClock {
  /** Simulated epoch milliseconds: real time scaled by `speed`, plus hook advances. */
  now(): number;
  /** ISO 8601 UTC of the simulated now, e.g. "2026-11-21T10:00:00.000Z". */
  iso(): string;
}

export interface SimContext {
  readonly store: Store;
  readonly clock: SimClock;
  /** A fresh opaque id in the service's style (8 characters, letters and digits). */
  newId(): string;
}

export type Handler = (req: SimRequest, ctx: SimContext) => SimResponse | Promise<SimResponse>;

/** An area's route handler: the store and clock, the framework's helpers, the request. */
export type AreaHandler = (ctx: SimContext, helpers: AreaHelpers, req: SimRequest) => SimResponse;

export interface Router {
  /** Registers a route; pattern segments starting with ":" are parameters ("/v1/ssh_keys/:fingerprint"). */
  add(method: Method, pattern: string, handler: Handler): void;
}

/** Options of a list endpoint, as the spec lists them per endpoint. */
export interface ListSpec {
  /** Fields accepted by `sorting` (default "id"); omit for lists without sorting parameters. */
  readonly sortable?: readonly string[];
  /** Field matched by `search_pattern` (substring, case-insensitive); omit when not accepted. */
  readonly searchField?: string;
  /** Whether `label_selector` is accepted (filters on the record's `labels`). */
  readonly labelSelector?: boolean;
  /** Extra exact-match filters: query parameter -> record field (e.g. { type: "type" }). */
  readonly filters?: Readonly<Record<string, string>>;
}

/** An API area: registers its routes. Seed data it owns is inserted by `seed`. */
export interface Area {
  readonly name: string;
  register(router: Router, helpers: AreaHelpers): void;
  /** Inserts the area's seed records into a fresh store. */
  seed?(ctx: SimContext): void;
}

/** Framework helpers given to areas, so every area answers lists and errors the same way. */
export interface AreaHelpers {
  /**
   * Answers a list request: validates page/per_page (400 BAD_REQUEST with params), applies
   * search_pattern, label_selector (400 BAD_REQUEST naming label_selector when malformed),
   * filters, sorting and direction, then pages and sets Link (next, prev, first, last) and X-Total.
   */
  list(req: SimRequest, records: readonly WireRecord[], spec: ListSpec): SimResponse;
  /** The record or a 404 NOT_FOUND SimApiError. */
  getOr404(ctx: SimContext, collection: string, key: string): WireRecord;
  /**
   * Validates a labels object against the spec's label rules (sdk/labels.ts) and the reserved
   * prefix; throws 422 UNPROCESSABLE_ENTITY with errors.labels (or errors["labels.<key>"]).
   * `field` names the labels elsewhere in a body (default "labels", e.g. "hosts.0.labels").
   */
  checkLabels(labels: unknown, field?: string): { [key: string]: string };
  /** Simulated duration in ms for a named transition of the seed timing table. */
  duration(name: TransitionName): number;
}

/** Simulated durations, in the spirit of the real service (scaled by speed at run time). */
export type TransitionName =
  | "dedicated_install" // tens of minutes
  | "dedicated_reinstall"
  | "sbm_install" // a few minutes
  | "sbm_reinstall"
  | "host_power" // powering_on/off, power_cycling, reboot
  | "sbm_billing_hour" // an SBM server is billed, and released, by the hour
  | "feature_toggle" // activation -> activated, deactivation -> deactivated
  | "cloud_create" // about a minute
  | "cloud_reboot"
  | "cloud_upgrade" // UPGRADING -> AWAITING_UPGRADE_CONFIRM (up to 10 minutes of downtime)
  | "cloud_upgrade_confirm" // the automatic confirmation: 72 hours
  | "cloud_reinstall"
  | "cloud_delete"
  | "rbs_create"
  | "rbs_resize"
  | "rbs_delete"
  | "l2_change" // pending -> active after create and update
  | "l2_delete"
  | "k8s_node_power"
  | "host_network" // an additional network: new -> active, removing -> gone
  | "lb_apply" // a load balancer: in_process -> active after create and update, deleting -> gone
  | "cloud_volume_change" // create, attach, detach, delete of a cloud volume
  | "cloud_backup_change" // a cloud volume backup made, restored or deleted
  | "cloud_snapshot_change"; // a cloud instance snapshot taken or deleted

/*
 * Conventions every area follows:
 * - Top-level record fields whose names start with "_" are internal (locks, parents, secrets
 *   such as RBS credentials or a certificate's private key): the framework strips them from
 *   every response body, so areas may keep them on stored records.
 * - Test hooks live outside /v1, under /_simulator/ (same bearer token). The generic ones
 *   (framework): POST /_simulator/advance {ms}; GET|PATCH|DELETE
 *   /_simulator/resources/:collection/:key (peek, drift a field, delete behind the client's
 *   back); PATCH /_simulator/account; GET /_simulator/requests (counts per "METHOD /v1/pattern");
 *   POST /_simulator/reset. Lock a cloud instance = PATCH its `_locked: true`; a region in
 *   maintenance = PATCH cloud_regions/<id> `_maintenance: true`; no payment method = PATCH
 *   /_simulator/account {"payment_method": null}.
 */
