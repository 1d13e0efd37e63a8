// The DNS area: domains (zones) with labels, and their records. Not in api-spec.md: paths and
// bodies follow the newest Go client (pkg/dns.go) and the Terraform provider's PR #73
// (docs/wire.md, "DNS"). A new zone holds the service's SOA record, which cannot be changed or
// deleted (Terraform: "SOA and PTR records are system-managed (read-only)").
import {
  type FieldErrors,
  isInteger,
  isNonEmptyString,
  noContent,
  ok,
  readBody,
  readLabels,
  validationFailed,
} from "../framework/body";
import { childOr404, registerCollection } from "../framework/collection";
import {
  type Area,
  type AreaHandler,
  type AreaHelpers,
  type Router,
  type SimContext,
  type WireRecord,
} from "../framework/contract";

const DOMAINS = "dns_domains";
const RECORDS = "dns_records";
const BASE = "/v1/dns/domains";
const TYPES = ["A", "AAAA", "CAA", "CNAME", "MX", "NS", "TXT", "SRV", "ALIAS"];
const WITH_PRIORITY = ["MX", "SRV"];
const MAX_TTL = 604_800;
const DEFAULT_TTL = 3600;
const LABEL = "[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?";
const DOMAIN_NAME = new RegExp(`^(?:${LABEL}\\.)+[a-z]{2,63}$`);

function text(record: WireRecord, field: string): string {
  const value = record[field];
  return typeof value === "string" ? value : "";
}

function checkTtl(value: unknown, errors: FieldErrors): void {
  if (value !== undefined && (!isInteger(value) || value < 0 || value > MAX_TTL)) {
    errors.ttl = `must be a whole number of seconds from 0 to ${MAX_TTL}`;
  }
}

/** A record name: "@", a name relative to the zone, or a FQDN within it. */
function nameProblem(name: unknown, zone: string): string | undefined {
  if (!isNonEmptyString(name)) return "is required";
  const lower = name.toLowerCase().replace(/\.$/, "");
  if (lower === "@" || lower === zone) return undefined;
  // A final dot makes the name absolute (DNS notation): outside the zone, it is not the zone's.
  if (name.endsWith(".") && !lower.endsWith(`.${zone}`)) return `must be within ${zone}`;
  const relative = lower.endsWith(`.${zone}`) ? lower.slice(0, -zone.length - 1) : lower;
  const pattern = new RegExp(`^(?:\\*\\.)?(?:${LABEL}\\.)*${LABEL}$`);
  return pattern.test(relative) ? undefined : "must be @, a name within the domain, or its FQDN";
}

const createDomain: AreaHandler = (ctx, helpers, req) => {
  const body = readBody(req);
  const errors: FieldErrors = {};
  if (!isNonEmptyString(body.name) || body.name.length > 255 || !DOMAIN_NAME.test(body.name)) {
    errors.name = "must be a lower-case domain name of at most 255 characters";
  } else if (ctx.store.all(DOMAINS).some((domain) => domain.name === body.name)) {
    errors.name = "has already been taken";
  }
  if (!isNonEmptyString(body.email) || !body.email.includes("@")) {
    errors.email = "must be an email address";
  }
  checkTtl(body.ttl, errors);
  const labels = readLabels(helpers, body, errors) ?? {};
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const id = ctx.newId();
  const now = ctx.clock.iso();
  const domain = ctx.store.insert(DOMAINS, {
    id,
    name: String(body.name),
    email: String(body.email),
    ttl: isInteger(body.ttl) ? body.ttl : DEFAULT_TTL,
    delegation_status: "undelegated",
    labels,
    unpublish_date: null,
    created_at: now,
    updated_at: now,
  });
  ctx.store.insert(RECORDS, {
    id: ctx.newId(),
    domain_id: id,
    name: "@",
    type: "SOA",
    data: `ns1.servers.com. ${String(body.email).replace("@", ".")}. 1 7200 3600 1209600 ${DEFAULT_TTL}`,
    ttl: DEFAULT_TTL,
    priority: null,
    created_at: now,
    updated_at: now,
    _system: true,
  });
  return ok(domain, 201);
};

const updateDomain: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  helpers.getOr404(ctx, DOMAINS, id);
  const body = readBody(req);
  const errors: FieldErrors = {};
  // As Terraform PR #73 says of the API: only labels change on an existing domain.
  for (const field of ["name", "email", "ttl"]) {
    if (body[field] !== undefined) errors[field] = "cannot be changed";
  }
  const labels = readLabels(helpers, body, errors);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return ok(ctx.store.update(DOMAINS, id, labels === undefined ? {} : { labels }));
};

const deleteDomain: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  helpers.getOr404(ctx, DOMAINS, id);
  for (const record of recordsOf(ctx, id)) ctx.store.remove(RECORDS, text(record, "id"));
  ctx.store.remove(DOMAINS, id);
  return noContent();
};

function recordsOf(ctx: SimContext, domainId: string): WireRecord[] {
  return ctx.store.all(RECORDS).filter((record) => record.domain_id === domainId);
}

function recordOr404(ctx: SimContext, domainId: string, id: string): WireRecord {
  const domain = { field: "domain_id", id: domainId };
  return childOr404(ctx, RECORDS, id, domain, `DNS record ${id} not found`);
}

function checkRecordFields(
  body: Record<string, unknown>,
  type: string,
  zone: string,
  errors: FieldErrors,
) {
  if (body.name !== undefined) {
    const problem = nameProblem(body.name, zone);
    if (problem !== undefined) errors.name = problem;
  }
  if (body.data !== undefined && !isNonEmptyString(body.data)) errors.data = "must not be empty";
  checkTtl(body.ttl, errors);
  if (body.priority !== undefined && body.priority !== null) {
    if (!WITH_PRIORITY.includes(type)) errors.priority = "is only for MX and SRV records";
    else if (!isInteger(body.priority) || body.priority < 0 || body.priority > 65_535) {
      errors.priority = "must be a whole number from 0 to 65535";
    }
  }
}

const createRecord: AreaHandler = (ctx, helpers, req) => {
  const domainId = req.params.domain_id ?? "";
  const domain = helpers.getOr404(ctx, DOMAINS, domainId);
  const body = readBody(req);
  const errors: FieldErrors = {};
  const type = typeof body.type === "string" ? body.type : "";
  if (!TYPES.includes(type)) errors.type = `must be one of ${TYPES.join(", ")}`;
  if (body.name === undefined) errors.name = "is required";
  if (body.data === undefined) errors.data = "is required";
  checkRecordFields(body, type, text(domain, "name"), errors);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const now = ctx.clock.iso();
  const record = ctx.store.insert(RECORDS, {
    id: ctx.newId(),
    domain_id: domainId,
    name: String(body.name),
    type,
    data: String(body.data),
    ttl: isInteger(body.ttl) ? body.ttl : (domain.ttl ?? DEFAULT_TTL),
    priority: isInteger(body.priority) ? body.priority : null,
    created_at: now,
    updated_at: now,
  });
  return ok(record, 201);
};

const updateRecord: AreaHandler = (ctx, helpers, req) => {
  const domainId = req.params.domain_id ?? "";
  const domain = helpers.getOr404(ctx, DOMAINS, domainId);
  const record = recordOr404(ctx, domainId, req.params.id ?? "");
  if (record._system === true)
    throw validationFailed({ type: "SOA records are managed by the service" });
  const body = readBody(req);
  const errors: FieldErrors = {};
  if (body.type !== undefined && body.type !== record.type) errors.type = "cannot be changed";
  checkRecordFields(body, text(record, "type"), text(domain, "name"), errors);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const patch: WireRecord = {};
  if (typeof body.name === "string") patch.name = body.name;
  if (typeof body.data === "string") patch.data = body.data;
  if (isInteger(body.ttl)) patch.ttl = body.ttl;
  if (isInteger(body.priority)) patch.priority = body.priority;
  return ok(ctx.store.update(RECORDS, text(record, "id"), patch));
};

const deleteRecord: AreaHandler = (ctx, helpers, req) => {
  const domainId = req.params.domain_id ?? "";
  helpers.getOr404(ctx, DOMAINS, domainId);
  const record = recordOr404(ctx, domainId, req.params.id ?? "");
  if (record._system === true)
    throw validationFailed({ type: "SOA records are managed by the service" });
  ctx.store.remove(RECORDS, text(record, "id"));
  return noContent();
};

function register(router: Router, helpers: AreaHelpers): void {
  registerCollection(router, helpers, {
    path: BASE,
    collection: DOMAINS,
    list: {
      sortable: ["id", "name", "created_at", "updated_at"],
      searchField: "name",
      labelSelector: true,
      filters: { delegation_status: "delegation_status" },
    },
    create: createDomain,
    update: updateDomain,
    remove: deleteDomain,
  });
  // Answered the same for every account of the simulator (a static segment: it wins over /:id).
  router.add("GET", `${BASE}/delegation_data`, () =>
    ok({
      nameservers: ["ns1.servers.com", "ns2.servers.com"],
      required_txt: "servers-com-verification=simulator",
    }),
  );
  const records = `${BASE}/:domain_id/records`;
  router.add("GET", records, (req, ctx) => {
    const domainId = req.params.domain_id ?? "";
    helpers.getOr404(ctx, DOMAINS, domainId);
    return helpers.list(req, recordsOf(ctx, domainId), { filters: { type: "type", name: "name" } });
  });
  router.add("POST", records, (req, ctx) => createRecord(ctx, helpers, req));
  router.add("GET", `${records}/:id`, (req, ctx) => {
    helpers.getOr404(ctx, DOMAINS, req.params.domain_id ?? "");
    return ok(recordOr404(ctx, req.params.domain_id ?? "", req.params.id ?? ""));
  });
  router.add("PUT", `${records}/:id`, (req, ctx) => updateRecord(ctx, helpers, req));
  router.add("DELETE", `${records}/:id`, (req, ctx) => deleteRecord(ctx, helpers, req));
}

export const dnsArea: Area = { name: "dns", register };
