// Network pools and their subnetworks (docs/wire.md, "Network pools and subnetworks"): pools are
// seeded (the API reads, retitles and relabels them); subnetworks are allocated from a pool by a
// given CIDR or by a mask (the first free aligned range of that size). A subnetwork has no status
// and no labels: it exists from the create's answer until its DELETE (204).
import {
  type Body,
  type FieldErrors,
  isInteger,
  noContent,
  ok,
  optionalString,
  readBody,
  readLabels,
  throwIfErrors,
  validationFailed,
} from "../framework/body";
import { registerCollection } from "../framework/collection";
import {
  type Area,
  type AreaHandler,
  type AreaHelpers,
  type Router,
  SimApiError,
  type SimContext,
  type SimRequest,
  type WireRecord,
} from "../framework/contract";
import { networkPoolSeeds } from "../seed/network-pools";

const POOLS = "network_pools";
const SUBNETWORKS = "subnetworks";
const BASE = "/v1/network_pools";

/** An IPv4 range as numbers: the simulator's pools are IPv4, as every pool in the sources. */
interface Range {
  readonly start: number;
  readonly prefix: number;
}

function parseIpv4Cidr(text: string): Range | undefined {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(text);
  if (match === null) return undefined;
  const octets = match.slice(1, 5).map(Number);
  const prefix = Number(match[5]);
  if (octets.some((octet) => octet > 255) || prefix > 32) return undefined;
  const start = octets.reduce((sum, octet) => sum * 256 + octet, 0);
  if (start % size(prefix) !== 0) return undefined;
  return { start, prefix };
}

function size(prefix: number): number {
  return 2 ** (32 - prefix);
}

function formatRange(range: Range): string {
  const octets = [24, 16, 8, 0].map((shift) => Math.floor(range.start / 2 ** shift) % 256);
  return `${octets.join(".")}/${range.prefix}`;
}

function overlaps(a: Range, b: Range): boolean {
  return a.start < b.start + size(b.prefix) && b.start < a.start + size(a.prefix);
}

function inside(outer: Range, inner: Range): boolean {
  return (
    inner.start >= outer.start &&
    inner.start + size(inner.prefix) <= outer.start + size(outer.prefix)
  );
}

function poolOr404(ctx: SimContext, helpers: AreaHelpers, req: SimRequest): WireRecord {
  return helpers.getOr404(ctx, POOLS, req.params.pool_id ?? "");
}

function subnetworksOf(ctx: SimContext, poolId: string): WireRecord[] {
  return ctx.store.all(SUBNETWORKS).filter((record) => record.network_pool_id === poolId);
}

function subnetworkOr404(ctx: SimContext, helpers: AreaHelpers, req: SimRequest): WireRecord {
  const pool = poolOr404(ctx, helpers, req);
  const record = helpers.getOr404(ctx, SUBNETWORKS, req.params.id ?? "");
  if (record.network_pool_id !== pool.id) {
    throw new SimApiError(404, "NOT_FOUND", `Subnetwork ${String(record.id)} not found`);
  }
  return record;
}

function usedRanges(ctx: SimContext, poolId: string): Range[] {
  return subnetworksOf(ctx, poolId)
    .map((record) => parseIpv4Cidr(String(record.cidr)))
    .filter((range): range is Range => range !== undefined);
}

/** The range a create asks for: the given CIDR, or the first free aligned one of the mask. */
function allocate(ctx: SimContext, pool: WireRecord, body: Body, errors: FieldErrors) {
  const poolRange = parseIpv4Cidr(String(pool.cidr));
  if (poolRange === undefined) throw new Error(`pool ${String(pool.id)} has no IPv4 CIDR`);
  const used = usedRanges(ctx, String(pool.id));
  if (body.cidr !== undefined && body.mask !== undefined) {
    errors.cidr = "give either cidr or mask, not both";
    return undefined;
  }
  if (body.cidr !== undefined) {
    const range = typeof body.cidr === "string" ? parseIpv4Cidr(body.cidr) : undefined;
    if (range === undefined) {
      errors.cidr = "must be an IPv4 network in CIDR notation starting at its first address";
    } else if (!inside(poolRange, range)) {
      errors.cidr = `is not inside the pool's ${String(pool.cidr)}`;
    } else if (used.some((other) => overlaps(other, range))) {
      errors.cidr = "overlaps a subnetwork of the pool";
    } else {
      return range;
    }
    return undefined;
  }
  if (!isInteger(body.mask)) {
    errors.mask = "cidr or mask is required; mask must be an integer";
    return undefined;
  }
  if (body.mask < poolRange.prefix || body.mask > 32) {
    errors.mask = `must be from ${poolRange.prefix} to 32 for the pool's ${String(pool.cidr)}`;
    return undefined;
  }
  const step = size(body.mask);
  for (
    let start = poolRange.start;
    start < poolRange.start + size(poolRange.prefix);
    start += step
  ) {
    const range = { start, prefix: body.mask };
    if (!used.some((other) => overlaps(other, range))) return range;
  }
  errors.mask = `no free /${body.mask} is left in the pool's ${String(pool.cidr)}`;
  return undefined;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** A subnetwork's title: optional text without control characters (issue 25, our reading). */
function subnetworkTitle(body: Body, errors: FieldErrors): string | null | undefined {
  const title = optionalString(body, "title", errors);
  if (typeof title === "string" && CONTROL.test(title)) {
    errors.title = "must not contain control characters";
  }
  return title;
}

const createSubnetwork: AreaHandler = (ctx, helpers, req) => {
  const pool = poolOr404(ctx, helpers, req);
  const body = readBody(req);
  const errors: FieldErrors = {};
  const title = subnetworkTitle(body, errors);
  const range = allocate(ctx, pool, body, errors);
  if (range === undefined || Object.keys(errors).length > 0) throw validationFailed(errors);
  const now = ctx.clock.iso();
  const record: WireRecord = {
    id: ctx.newId(),
    network_pool_id: String(pool.id),
    title: title ?? null,
    cidr: formatRange(range),
    attached: false,
    interface_type: String(pool.type),
    created_at: now,
    updated_at: now,
  };
  return ok(ctx.store.insert(SUBNETWORKS, record), 201);
};

const updateSubnetwork: AreaHandler = (ctx, helpers, req) => {
  const record = subnetworkOr404(ctx, helpers, req);
  const errors: FieldErrors = {};
  const title = subnetworkTitle(readBody(req), errors);
  throwIfErrors(errors);
  // The Go client always sends title: null clears it, absent leaves it.
  const patch: WireRecord = title === undefined ? {} : { title };
  return ok(ctx.store.update(SUBNETWORKS, String(record.id), patch));
};

const updatePool: AreaHandler = (ctx, helpers, req) => {
  const pool = poolOr404(ctx, helpers, req);
  const body = readBody(req);
  const errors: FieldErrors = {};
  const title = optionalString(body, "title", errors);
  const labels = readLabels(helpers, body, errors);
  throwIfErrors(errors);
  const patch: WireRecord = {};
  if (title !== undefined) patch.title = title;
  if (labels !== undefined) patch.labels = labels;
  return ok(ctx.store.update(POOLS, String(pool.id), patch));
};

/** search_pattern matches the title or the CIDR (Terraform's data source searches by CIDR). */
function searched(records: WireRecord[], req: SimRequest): WireRecord[] {
  const pattern = req.query.get("search_pattern")?.toLowerCase();
  if (pattern === undefined || pattern === "") return records;
  return records.filter((record) =>
    [record.title, record.cidr].some(
      (field) => typeof field === "string" && field.toLowerCase().includes(pattern),
    ),
  );
}

function register(router: Router, helpers: AreaHelpers): void {
  const sortable = ["id", "title", "cidr", "created_at", "updated_at"];
  // Pools are seeded: the API reads, retitles and relabels them, and cannot create or delete one.
  registerCollection(router, helpers, {
    path: BASE,
    collection: POOLS,
    param: "pool_id",
    list: { sortable, labelSelector: true, filters: { type: "type" } },
    records: (ctx, req) => {
      const location = req.query.get("location_id");
      return searched(ctx.store.all(POOLS), req).filter(
        (pool) =>
          location === null ||
          (Array.isArray(pool.location_ids) && pool.location_ids.map(String).includes(location)),
      );
    },
    update: updatePool,
  });
  router.add("GET", `${BASE}/:pool_id/subnetworks`, (req, ctx) => {
    const pool = poolOr404(ctx, helpers, req);
    const records = searched(subnetworksOf(ctx, String(pool.id)), req);
    return helpers.list(req, records, { sortable, filters: { attached: "attached" } });
  });
  router.add("POST", `${BASE}/:pool_id/subnetworks`, (req, ctx) =>
    createSubnetwork(ctx, helpers, req),
  );
  router.add("GET", `${BASE}/:pool_id/subnetworks/:id`, (req, ctx) =>
    ok(subnetworkOr404(ctx, helpers, req)),
  );
  router.add("PUT", `${BASE}/:pool_id/subnetworks/:id`, (req, ctx) =>
    updateSubnetwork(ctx, helpers, req),
  );
  router.add("DELETE", `${BASE}/:pool_id/subnetworks/:id`, (req, ctx) => {
    const record = subnetworkOr404(ctx, helpers, req);
    ctx.store.remove(SUBNETWORKS, String(record.id));
    return noContent();
  });
}

function seed(ctx: SimContext): void {
  const at = new Date(ctx.clock.now() - 90 * 24 * 3_600_000).toISOString();
  for (const pool of networkPoolSeeds) {
    ctx.store.insert(POOLS, {
      ...pool,
      location_ids: [...pool.location_ids],
      location_codes: [...pool.location_codes],
      labels: { ...pool.labels },
      created_at: at,
      updated_at: at,
    });
  }
}

export const networkPoolsArea: Area = { name: "network-pools", register, seed };
