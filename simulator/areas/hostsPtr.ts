// PTR records of hosts (wire-notes.md): list, create, delete. They cannot be changed: only
// created and deleted. ttl defaults to 60 and priority to 0, as the service does.
import { isIP } from "node:net";
import type { AreaHelpers, Router, SimContext, WireRecord } from "../framework/contract";
import {
  type FieldErrors,
  type HostKind,
  hostnameProblem,
  isInteger,
  noContent,
  notFound,
  PTR_RECORDS,
  readBody,
  throwIfErrors,
} from "./hostsShared";

const MAX_TTL = 604_800;

export function ptrRecordsOf(ctx: SimContext, hostId: string): WireRecord[] {
  return ctx.store.all(PTR_RECORDS).filter((r) => r._host_id === hostId);
}

export function registerPtrRoutes(router: Router, helpers: AreaHelpers, kind: HostKind): void {
  const base = `/v1/hosts/${kind.segment}/:id/ptr_records`;
  router.add("GET", base, (req, ctx) => {
    helpers.getOr404(ctx, kind.collection, req.params.id ?? "");
    return helpers.list(req, ptrRecordsOf(ctx, req.params.id ?? ""), {});
  });
  router.add("POST", base, (req, ctx) => {
    const hostId = req.params.id ?? "";
    helpers.getOr404(ctx, kind.collection, hostId);
    const body = readBody(req);
    const errors: FieldErrors = {};
    if (typeof body.ip !== "string" || isIP(body.ip) === 0)
      errors.ip = "must be an IPv4 or IPv6 address";
    const domainProblem = hostnameProblem(body.data);
    if (domainProblem !== undefined)
      errors.data = `${domainProblem.replace("host name", "domain name")}`;
    const ttl = body.ttl ?? 60;
    if (!isInteger(ttl) || ttl < 1 || ttl > MAX_TTL)
      errors.ttl = `must be an integer from 1 to ${MAX_TTL}`;
    const priority = body.priority ?? 0;
    if (!isInteger(priority) || priority < 0 || priority > 65_535) {
      errors.priority = "must be an integer from 0 to 65535";
    }
    throwIfErrors(errors);
    const record: WireRecord = {
      id: ctx.newId(),
      ip: String(body.ip),
      domain: String(body.data),
      priority: Number(priority),
      ttl: Number(ttl),
      _host_id: hostId,
    };
    return { status: 201, body: ctx.store.insert(PTR_RECORDS, record) };
  });
  router.add("DELETE", `${base}/:ptr_id`, (req, ctx) => {
    const hostId = req.params.id ?? "";
    helpers.getOr404(ctx, kind.collection, hostId);
    const record = ctx.store.get(PTR_RECORDS, req.params.ptr_id ?? "");
    if (record === undefined || record._host_id !== hostId)
      throw notFound("PTR record", req.params.ptr_id ?? "");
    ctx.store.remove(PTR_RECORDS, String(record.id));
    return noContent();
  });
}
