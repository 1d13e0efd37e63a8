// The routes most collections of the API share: the list at a path (pages, sorting, search and
// label selectors by the collection's ListSpec), one record at `path/:id` (404 when absent), and
// the area's own create, update, delete and actions (POST `path/:id/<action>`). Areas register them here and keep only their rules
// (bodies, transitions, conflicts) and the routes no other collection has. Written only against
// contract.ts and body.ts, so areas may import it as they import the contract.
import { ok, readBody } from "./body";
import {
  type AreaHandler,
  type AreaHelpers,
  type Json,
  type ListSpec,
  type Router,
  SimApiError,
  type SimContext,
  type SimRequest,
  type WireRecord,
} from "./contract";

export interface CollectionRoutes {
  /** The list's path ("/v1/ssh_keys"); one record is at `${path}/:${param}`. */
  readonly path: string;
  /** The store's collection the records live in. */
  readonly collection: string;
  /** The path parameter naming one record (default "id"). */
  readonly param?: string;
  /** GET path answers the list with these options; omit for collections the API does not list. */
  readonly list?: ListSpec;
  /**
   * The records GET path lists (default: every record of the collection), for filters the
   * ListSpec cannot express.
   */
  readonly records?: (ctx: SimContext, req: SimRequest) => readonly WireRecord[];
  /** How one record is answered (default: as stored). */
  readonly present?: (record: WireRecord) => WireRecord;
  /** POST path. */
  readonly create?: AreaHandler;
  /** PUT path/:param. */
  readonly update?: AreaHandler;
  /** DELETE path/:param. */
  readonly remove?: AreaHandler;
  /** The record's actions: POST path/:param/<name> ("reboot", "attach", ...). */
  readonly actions?: Readonly<Record<string, AreaHandler>>;
}

export function registerCollection(
  router: Router,
  helpers: AreaHelpers,
  routes: CollectionRoutes,
): void {
  const { path, collection, list, records, present, create, update, remove, actions } = routes;
  const param = routes.param ?? "id";
  const one = `${path}/:${param}`;
  if (list !== undefined) {
    router.add("GET", path, (req, ctx) =>
      helpers.list(req, records?.(ctx, req) ?? ctx.store.all(collection), list),
    );
  }
  if (create !== undefined) router.add("POST", path, (req, ctx) => create(ctx, helpers, req));
  router.add("GET", one, (req, ctx) => {
    const record = helpers.getOr404(ctx, collection, req.params[param] ?? "");
    return ok(present === undefined ? record : present(record));
  });
  if (update !== undefined) router.add("PUT", one, (req, ctx) => update(ctx, helpers, req));
  if (remove !== undefined) router.add("DELETE", one, (req, ctx) => remove(ctx, helpers, req));
  for (const [name, action] of Object.entries(actions ?? {})) {
    router.add("POST", `${one}/${name}`, (req, ctx) => action(ctx, helpers, req));
  }
}

/** Which parent a child record belongs to: the child's field holding it, and the parent's id. */
export interface ParentRef {
  readonly field: string;
  readonly id: Json | undefined;
}

/**
 * A record of a child collection (a zone's DNS records, a cluster's nodes, an owner's PTR
 * records): one of another parent is as absent as one that does not exist, 404 with `message`.
 */
export function childOr404(
  ctx: SimContext,
  collection: string,
  key: string,
  parent: ParentRef,
  message: string,
): WireRecord {
  const record = ctx.store.get(collection, key);
  if (record === undefined || record[parent.field] !== parent.id) {
    throw new SimApiError(404, "NOT_FOUND", message);
  }
  return record;
}

/**
 * The PUT of a record whose only writable field is its labels: the object sent replaces the
 * whole set, a body without labels changes nothing (and stamps nothing). The record is at
 * `:id`; an unknown one answers 404 before its body is read.
 */
export function relabel(collection: string): AreaHandler {
  return (ctx, helpers, req) => {
    const id = req.params.id ?? "";
    const record = helpers.getOr404(ctx, collection, id);
    const labels = readBody(req).labels;
    if (labels === undefined) return ok(record);
    return ok(ctx.store.update(collection, id, { labels: helpers.checkLabels(labels) }));
  };
}
