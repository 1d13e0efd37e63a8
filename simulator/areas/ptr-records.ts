// PTR records (docs/wire.md), the same under hosts and cloud instances: list, create, delete.
// They cannot be changed, only created and deleted. The create body is {ip, domain} under hosts
// (the Go client's PTRRecordCreateInput, the Ansible collection) and {ip, data} under cloud
// instances (api-spec.md), with ttl defaulting to 60 and priority to 0, as the service does. The
// other spelling is refused, as the real API would: the simulator must not hide a wire bug.
import { isIP } from "node:net";
import {
  type Body,
  type FieldErrors,
  isInteger,
  noContent,
  ok,
  readBody,
  throwIfErrors,
} from "../framework/body";
import { childOr404 } from "../framework/collection";
import type { AreaHelpers, Router, SimContext, WireRecord } from "../framework/contract";
import { hostnameProblem } from "./hosts-shared";

const MAX_TTL = 604_800;
const MAX_PRIORITY = 65_535;

/** Whose PTR records these are: one owner kind (a host kind, cloud instances). */
export interface PtrOwner {
  /** The owner's route, whose `:id` names it, e.g. "/v1/hosts/sbm_servers/:id". */
  readonly route: string;
  /** The collection the records are stored in. */
  readonly collection: string;
  /** The internal field of a record that holds its owner's id. */
  readonly ownerField: string;
  /** The create body's field of the domain name: `domain` for hosts, `data` for cloud instances. */
  readonly domainField: "domain" | "data";
  /** The owner record, or a 404 (or another refusal of the owner's state) for a new record. */
  owner(ctx: SimContext, id: string, forWrite: boolean): WireRecord;
  /** An owner's own rule about the address, e.g. "must be one of its addresses". */
  ipProblem?(owner: WireRecord, ip: string): string | undefined;
}

/** Where an owner kind's records are kept. */
export type PtrStore = Pick<PtrOwner, "collection" | "ownerField">;

export function ptrRecordsOf(ctx: SimContext, owner: PtrStore, ownerId: string): WireRecord[] {
  return ctx.store.all(owner.collection).filter((r) => r[owner.ownerField] === ownerId);
}

function checkPtrBody(body: Body, ownerRecord: WireRecord, owner: PtrOwner) {
  const errors: FieldErrors = {};
  if (typeof body.ip !== "string" || isIP(body.ip) === 0) {
    errors.ip = "must be an IPv4 or IPv6 address";
  } else {
    const problem = owner.ipProblem?.(ownerRecord, body.ip);
    if (problem !== undefined) errors.ip = problem;
  }
  const field = owner.domainField;
  const domainProblem = hostnameProblem(body[field]);
  if (domainProblem !== undefined)
    errors[field] = domainProblem.replace("host name", "domain name");
  const ttl = body.ttl ?? 60;
  if (!isInteger(ttl) || ttl < 1 || ttl > MAX_TTL) {
    errors.ttl = `must be an integer from 1 to ${MAX_TTL}`;
  }
  const priority = body.priority ?? 0;
  if (!isInteger(priority) || priority < 0 || priority > MAX_PRIORITY) {
    errors.priority = `must be an integer from 0 to ${MAX_PRIORITY}`;
  }
  throwIfErrors(errors);
  return {
    ip: String(body.ip),
    domain: String(body[field]),
    ttl: Number(ttl),
    priority: Number(priority),
  };
}

export function registerPtrRecordRoutes(
  router: Router,
  helpers: AreaHelpers,
  owner: PtrOwner,
): void {
  const base = `${owner.route}/ptr_records`;
  router.add("GET", base, (req, ctx) => {
    const ownerId = req.params.id ?? "";
    owner.owner(ctx, ownerId, false);
    return helpers.list(req, ptrRecordsOf(ctx, owner, ownerId), {});
  });
  router.add("POST", base, (req, ctx) => {
    const ownerId = req.params.id ?? "";
    const ownerRecord = owner.owner(ctx, ownerId, true);
    const input = checkPtrBody(readBody(req), ownerRecord, owner);
    const record: WireRecord = { id: ctx.newId(), ...input, [owner.ownerField]: ownerId };
    return ok(ctx.store.insert(owner.collection, record), 201);
  });
  router.add("DELETE", `${base}/:ptr_id`, (req, ctx) => {
    const ownerId = req.params.id ?? "";
    owner.owner(ctx, ownerId, false);
    const ptrId = req.params.ptr_id ?? "";
    const ownedBy = { field: owner.ownerField, id: ownerId };
    childOr404(ctx, owner.collection, ptrId, ownedBy, `PTR record ${ptrId} not found`);
    ctx.store.remove(owner.collection, ptrId);
    return noContent();
  });
}
