// Networks of an L2 segment, as the official Go client (and so the SDK) reads and changes them:
// GET /l2_segments/{id}/networks lists them; PUT /l2_segments/{id}/networks {create: [{mask,
// distribution_method}], delete: [network ids]} changes them in one go, through the segment's
// pending state. Statuses are those wire-notes.md gives L2 networks: new, active, removed. The
// networks live on the segment record (`_networks`), so the segment's rebuild step settles them.
import { type Body, type FieldErrors, isInteger, isObject, throwIfErrors } from "../framework/body";
import type { SimContext, WireRecord } from "../framework/contract";
import { nextSequence } from "../framework/sequence";

/** Prefix lengths the simulator hands out: enough for a few hosts up to a /24. */
const MIN_MASK = 24;
const MAX_MASK = 30;

/** The networks as the list answers them: removed ones stay visible until the rebuild. */
export function segmentNetworks(segment: WireRecord): WireRecord[] {
  const networks = segment._networks;
  if (!Array.isArray(networks)) return [];
  return networks.filter((n): n is WireRecord => isObject(n));
}

/**
 * The networks once the segment is rebuilt: new ones active, with the title and cidr they were
 * allotted (null until then), removed ones gone.
 */
export function settledNetworks(networks: readonly WireRecord[]): WireRecord[] {
  return networks
    .filter((n) => n.status !== "removed")
    .map(({ _title, _cidr, ...n }) => ({
      ...n,
      status: "active",
      title: n.title ?? _title ?? null,
      cidr: n.cidr ?? _cidr ?? null,
    }));
}

/**
 * A network range nobody routes: private segments from 10.200/16, public ones from the shared
 * address space 100.96/12, one /24 per network, numbered by a persisted counter.
 */
function cidrFor(ctx: SimContext, type: string, mask: number): string {
  const n = nextSequence(ctx, "l2_network_seq");
  const base = type === "public" ? `100.${96 + ((n >> 8) & 15)}` : "10.200";
  return `${base}.${n & 255}.0/${mask}`;
}

/**
 * The segment's networks after a change request: validated (every bad entry named in one 422),
 * new ones added as "new", deleted ones marked "removed". Throws when nothing would change.
 */
export function changedNetworks(ctx: SimContext, segment: WireRecord, body: Body): WireRecord[] {
  const errors: FieldErrors = {};
  const current = segmentNetworks(segment);
  const create = body.create ?? [];
  const remove = body.delete ?? [];
  if (!Array.isArray(create)) errors.create = "must be an array of {mask, distribution_method}";
  if (!Array.isArray(remove)) errors.delete = "must be an array of network ids";
  const creates = Array.isArray(create) ? create : [];
  const deletes = Array.isArray(remove) ? remove : [];
  if (creates.length === 0 && deletes.length === 0 && Object.keys(errors).length === 0) {
    errors.base = "name networks to create or to delete";
  }
  creates.forEach((entry: unknown, i) => {
    const item = isObject(entry) ? entry : {};
    if (!isInteger(item.mask) || item.mask < MIN_MASK || item.mask > MAX_MASK) {
      errors[`create.${i}.mask`] = `must be a prefix length from ${MIN_MASK} to ${MAX_MASK}`;
    }
    if (item.distribution_method !== "route" && item.distribution_method !== "gateway") {
      errors[`create.${i}.distribution_method`] = "must be route or gateway";
    }
  });
  deletes.forEach((id: unknown, i) => {
    const network = current.find((n) => n.id === id);
    if (network === undefined || network.status === "removed") {
      errors[`delete.${i}`] = `network ${String(id)} is not a network of this segment`;
    }
  });
  throwIfErrors(errors);

  const now = ctx.clock.iso();
  const type = String(segment.type);
  const kept = current.map((n) =>
    deletes.includes(n.id) ? { ...n, status: "removed", updated_at: now } : n,
  );
  const added = creates.map((entry): WireRecord => {
    const item = entry as Body;
    const cidr = cidrFor(ctx, type, Number(item.mask));
    // A network just ordered has no title and no cidr yet: both are null until the segment is
    // rebuilt (docs/wire.md: the Go client's Network decodes them as pointers, and the Ansible
    // collection's SBM network test sees cidr None right after ordering).
    return {
      id: ctx.newId(),
      title: null,
      status: "new",
      cidr: null,
      _title: `${type === "public" ? "Public" : "Private"} ${cidr}`,
      _cidr: cidr,
      family: "ipv4",
      interface_type: type === "public" ? "public" : "private",
      distribution_method: String(item.distribution_method),
      additional: true,
      created_at: now,
      updated_at: now,
    };
  });
  return [...kept, ...added];
}
