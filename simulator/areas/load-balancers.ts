// Load balancers and their clusters (docs/wire.md, "Load balancers"). L4 and L7 balancers are
// made (202, status in_process), changed (202, in_process again; 200 when nothing changes) and
// deleted (204, deleting, then gone); they become active after the lb_apply duration with an
// external address. Zones are checked for what the sources state (Ansible's ranges and choices,
// references between zones, certificates that exist) and stored with the Go fixtures' defaults.
// Clusters are seeded: the API only reads them.
import { isIP } from "node:net";
import {
  type Body,
  type FieldErrors,
  isInteger,
  isNonEmptyString,
  isObject,
  noContent,
  ok,
  readBody,
  readLabels,
  validationFailed,
} from "../framework/body";
import { registerCollection } from "../framework/collection";
import type {
  Area,
  AreaHelpers,
  Json,
  Router,
  SimContext,
  SimRequest,
  SimResponse,
  Step,
  WireRecord,
} from "../framework/contract";
import { nextSequence } from "../framework/sequence";
import { location } from "./locations-catalogue";

const L4 = "l4_load_balancers";
const L7 = "l7_load_balancers";
const CLUSTERS = "load_balancer_clusters";
const CERTIFICATES = "ssl_certificates";
type Layer = "l4" | "l7";

/** Ansible's choices; "round_robin" is how the Go client's L7 fixture spells one. */
const METHODS = ["random.least_conn", "round-robin", "round_robin", "least_conn"];

const L4_UPSTREAM_ZONE_DEFAULTS: WireRecord = {
  method: "random.least_conn",
  udp: false,
  hc_interval: 5,
  hc_jitter: 5,
  hc_fails: 1,
  hc_passes: 3,
};
const L7_UPSTREAM_ZONE_DEFAULTS: WireRecord = {
  method: "random.least_conn",
  ssl: false,
  sticky: true,
  hc_interval: 5,
  hc_jitter: 5,
  hc_fails: 3,
  hc_passes: 3,
  hc_path: "/",
  hc_method: "GET",
  hc_mandatory: false,
  grpc: false,
  hc_grpc_status: 0,
};
/**
 * Inputs of an L7 upstream zone that its record does not carry (Go `L7UpstreamZoneInput` has them,
 * the record `L7UpstreamZone` and Ansible's documented output do not): taken, never echoed.
 */
const L7_UPSTREAM_INPUT_ONLY = ["hc_status", "tls_preset"];
const TLS_PRESETS = ["TLSv1.3", "TLSv1.2"];

const UPSTREAM_DEFAULTS: WireRecord = {
  weight: 1,
  max_conns: 63000,
  max_fails: 0,
  fail_timeout: 30,
};

function collectionOf(layer: Layer): string {
  return layer === "l4" ? L4 : L7;
}

function inRange(value: unknown, min: number, max: number): boolean {
  return isInteger(value) && value >= min && value <= max;
}

function withDefaults(value: Record<string, unknown>, defaults: WireRecord): WireRecord {
  const out: WireRecord = { ...defaults };
  for (const [key, entry] of Object.entries(value)) {
    if (entry !== undefined) out[key] = entry as Json;
  }
  return out;
}

/**
 * The entries of a body's array, each read by `check` into its record at `<field>.<index>`; an
 * entry that is not an object is an error and stands as {}.
 */
function eachObject(
  field: string,
  entries: readonly unknown[],
  errors: FieldErrors,
  check: (entry: Record<string, unknown>, at: string) => WireRecord,
): WireRecord[] {
  return entries.map((entry, index) => {
    const at = `${field}.${index}`;
    if (!isObject(entry)) {
      errors[at] = "must be an object";
      return {};
    }
    return check(entry, at);
  });
}

function checkUpstreams(field: string, value: unknown, errors: FieldErrors): WireRecord[] {
  if (!Array.isArray(value) || value.length === 0) {
    errors[field] = "must be a non-empty array";
    return [];
  }
  return eachObject(field, value, errors, (upstream, at) => {
    if (typeof upstream.ip !== "string" || isIP(upstream.ip) === 0)
      errors[`${at}.ip`] = "must be an IP address";
    if (!inRange(upstream.port, 1, 65535)) errors[`${at}.port`] = "must be from 1 to 65535";
    if (upstream.weight !== undefined && !inRange(upstream.weight, 1, 2 ** 31 - 1)) {
      errors[`${at}.weight`] = "must be a positive integer";
    }
    if (upstream.max_conns !== undefined && !inRange(upstream.max_conns, 1, 65535)) {
      errors[`${at}.max_conns`] = "must be from 1 to 65535";
    }
    if (upstream.fail_timeout !== undefined && !inRange(upstream.fail_timeout, 1, 60)) {
      errors[`${at}.fail_timeout`] = "must be from 1 to 60";
    }
    return { ...withDefaults(upstream, UPSTREAM_DEFAULTS), status: "unknown" };
  });
}

/** A body's zones: an array of objects, each with an id of 1 to 255 characters. */
function checkZoneList(
  field: "upstream_zones" | "vhost_zones",
  value: unknown,
  errors: FieldErrors,
  check: (zone: Record<string, unknown>, at: string) => WireRecord,
): WireRecord[] {
  if (!Array.isArray(value)) {
    errors[field] = "is required and must be an array";
    return [];
  }
  return eachObject(field, value, errors, (zone, at) => {
    if (!isNonEmptyString(zone.id) || zone.id.length > 255)
      errors[`${at}.id`] = "must be 1 to 255 characters";
    return check(zone, at);
  });
}

function checkUpstreamZones(layer: Layer, value: unknown, errors: FieldErrors): WireRecord[] {
  return checkZoneList("upstream_zones", value, errors, (zone, at) => {
    if (zone.method !== undefined && !METHODS.includes(String(zone.method))) {
      errors[`${at}.method`] = `must be one of ${METHODS.join(", ")}`;
    }
    if (zone.hc_interval !== undefined && !inRange(zone.hc_interval, 1, 60)) {
      errors[`${at}.hc_interval`] = "must be from 1 to 60";
    }
    if (zone.hc_jitter !== undefined && !inRange(zone.hc_jitter, 0, 60)) {
      errors[`${at}.hc_jitter`] = "must be from 0 to 60";
    }
    if (zone.tls_preset !== undefined && !TLS_PRESETS.includes(String(zone.tls_preset))) {
      errors[`${at}.tls_preset`] = `must be one of ${TLS_PRESETS.join(", ")}`;
    }
    const upstreams = checkUpstreams(`${at}.upstreams`, zone.upstreams, errors);
    if (layer === "l4") return { ...withDefaults(zone, L4_UPSTREAM_ZONE_DEFAULTS), upstreams };
    const record = withDefaults(zone, L7_UPSTREAM_ZONE_DEFAULTS);
    for (const key of L7_UPSTREAM_INPUT_ONLY) delete record[key];
    return { ...record, upstreams };
  });
}

/**
 * The TLS preset each L7 upstream zone of a body asks for (default TLSv1.3, Ansible). The record
 * reports a preset per vhost zone (Go `L7VHostZone.TLSPreset`): a vhost zone shows the preset of
 * the upstream zone its first location zone names (our reading: no source says how they map).
 */
function tlsPresetsOf(value: unknown): Map<string, string> {
  const presets = new Map<string, string>();
  for (const zone of Array.isArray(value) ? value : []) {
    if (isObject(zone) && typeof zone.id === "string") {
      presets.set(zone.id, typeof zone.tls_preset === "string" ? zone.tls_preset : "TLSv1.3");
    }
  }
  return presets;
}

function checkPorts(at: string, value: unknown, errors: FieldErrors): void {
  if (!Array.isArray(value) || value.length === 0 || !value.every((p) => inRange(p, 1, 65535))) {
    errors[`${at}.ports`] = "must be a non-empty array of ports from 1 to 65535";
  }
}

function checkVhostZones(
  ctx: SimContext,
  layer: Layer,
  value: unknown,
  upstreamIds: ReadonlySet<string>,
  errors: FieldErrors,
  presets: ReadonlyMap<string, string> = new Map(),
): WireRecord[] {
  return checkZoneList("vhost_zones", value, errors, (zone, at) => {
    checkPorts(at, zone.ports, errors);
    if (layer === "l4") {
      if (typeof zone.upstream_id !== "string" || !upstreamIds.has(zone.upstream_id)) {
        errors[`${at}.upstream_id`] = "must name an upstream zone of this balancer";
      }
      if (typeof zone.description === "string" && zone.description.length > 255) {
        errors[`${at}.description`] = "must be at most 255 characters";
      }
      return withDefaults(zone, {
        udp: false,
        proxy_protocol: false,
        description: null,
        acl_list: [],
        acl_allow: false,
      });
    }
    if (!Array.isArray(zone.domains) || zone.domains.length === 0) {
      errors[`${at}.domains`] = "must be a non-empty array of domain names";
    }
    const certificate = zone.ssl_certificate_id;
    if (zone.ssl === true && typeof certificate !== "string") {
      errors[`${at}.ssl_certificate_id`] = "is required with ssl";
    } else if (
      typeof certificate === "string" &&
      ctx.store.get(CERTIFICATES, certificate) === undefined
    ) {
      errors[`${at}.ssl_certificate_id`] = `certificate ${certificate} does not exist`;
    }
    const locations = Array.isArray(zone.location_zones) ? zone.location_zones : [];
    locations.forEach((entry, n) => {
      if (
        !isObject(entry) ||
        typeof entry.upstream_id !== "string" ||
        !upstreamIds.has(entry.upstream_id)
      ) {
        errors[`${at}.location_zones.${n}.upstream_id`] =
          "must name an upstream zone of this balancer";
      }
    });
    const first = locations.find(isObject);
    const preset = presets.get(String(first?.upstream_id)) ?? "TLSv1.3";
    return withDefaults(
      {
        ...zone,
        location_zones: locations.map((entry) =>
          isObject(entry) ? withDefaults(entry, { upstream_path: "", redirect: false }) : entry,
        ),
      },
      {
        ssl: false,
        http2: false,
        http_to_https_redirect: false,
        http2_push_preload: false,
        ssl_certificate_id: null,
        tls_preset: preset,
        location_zones: [],
      },
    );
  });
}

/** The most zones of a list (our bound: provider/load-balancer/rules.ts, MAX_ZONES). */
const MAX_ZONES = 1_000;

/**
 * The refusals of a zone list as a whole (issue 25): none, more than MAX_ZONES, a listener twice
 * (L4: a port and protocol; L7: a port and domain), an L7 location that is not a path.
 */
function checkListeners(layer: Layer, body: Body, errors: FieldErrors): void {
  for (const field of ["vhost_zones", "upstream_zones"]) {
    const list = body[field];
    if (Array.isArray(list) && list.length === 0) errors[field] = "must not be empty";
    if (Array.isArray(list) && list.length > MAX_ZONES) {
      errors[field] = `must hold at most ${MAX_ZONES} zones`;
    }
  }
  const zones = Array.isArray(body.vhost_zones) ? body.vhost_zones : [];
  const taken = new Set<string>();
  zones.forEach((zone, index) => {
    if (!isObject(zone) || !Array.isArray(zone.ports)) return;
    const claims =
      layer === "l4"
        ? [zone.udp === true ? "udp" : "tcp"]
        : (Array.isArray(zone.domains) ? zone.domains : []).map((d) => String(d).toLowerCase());
    const own = new Set<unknown>();
    for (const port of zone.ports) {
      if (own.has(port)) errors[`vhost_zones.${index}.ports`] = `repeats port ${String(port)}`;
      own.add(port);
      for (const claim of claims) {
        const key = `${String(port)} ${claim}`;
        if (taken.has(key)) {
          errors[`vhost_zones.${index}.ports`] = `port ${String(port)} is taken by another zone`;
        }
        taken.add(key);
      }
    }
    const locations = Array.isArray(zone.location_zones) ? zone.location_zones : [];
    locations.forEach((entry, n) => {
      if (
        isObject(entry) &&
        (typeof entry.location !== "string" || !entry.location.startsWith("/"))
      ) {
        errors[`vhost_zones.${index}.location_zones.${n}.location`] =
          'must be a path starting with "/"';
      }
    });
  });
}

/** Zones of a body, checked together: a vhost zone names an upstream zone of the same body. */
function checkZones(ctx: SimContext, layer: Layer, body: Body, errors: FieldErrors) {
  checkListeners(layer, body, errors);
  const upstreamZones = checkUpstreamZones(layer, body.upstream_zones, errors);
  const ids = new Set(upstreamZones.map((zone) => String(zone.id)));
  const presets = tlsPresetsOf(body.upstream_zones);
  const vhostZones = checkVhostZones(ctx, layer, body.vhost_zones, ids, errors, presets);
  return { vhost_zones: vhostZones, upstream_zones: upstreamZones };
}

function checkCluster(
  ctx: SimContext,
  value: unknown,
  locationId: Json | undefined,
  errors: FieldErrors,
) {
  if (value === undefined || value === null) return null;
  const cluster = typeof value === "string" ? ctx.store.get(CLUSTERS, value) : undefined;
  if (cluster === undefined) errors.cluster_id = `cluster ${String(value)} does not exist`;
  else if (cluster.location_id !== locationId) errors.cluster_id = "is in another location";
  return typeof value === "string" ? value : null;
}

function domainsOf(vhostZones: readonly WireRecord[]): string[] {
  return [
    ...new Set(
      vhostZones.flatMap((zone) => (Array.isArray(zone.domains) ? zone.domains.map(String) : [])),
    ),
  ];
}

function applySteps(ctx: SimContext, helpers: AreaHelpers, record: WireRecord): Step[] {
  const addresses = Array.isArray(record.external_addresses) ? record.external_addresses : [];
  const address = `203.0.113.${(nextSequence(ctx, "lb_address_seq") % 250) + 1}`;
  return [
    {
      afterMs: helpers.duration("lb_apply"),
      set: { status: "active", external_addresses: addresses.length > 0 ? addresses : [address] },
    },
  ];
}

function create(ctx: SimContext, helpers: AreaHelpers, layer: Layer, req: SimRequest): SimResponse {
  const body = readBody(req);
  const errors: FieldErrors = {};
  if (!isNonEmptyString(body.name)) errors.name = "is required";
  const loc = location(ctx.store, body.location_id);
  if (loc === undefined) errors.location_id = "must be an existing location";
  else if (loc.load_balancers_enabled !== true) errors.location_id = "offers no load balancers";
  const zones = checkZones(ctx, layer, body, errors);
  const clusterId = checkCluster(ctx, body.cluster_id, loc?.id, errors);
  const labels = readLabels(helpers, body, errors) ?? {};
  if (Object.keys(errors).length > 0 || loc === undefined) throw validationFailed(errors);
  const now = ctx.clock.iso();
  const record: WireRecord = {
    id: ctx.newId(),
    name: String(body.name),
    type: layer,
    status: "in_process",
    external_addresses: [],
    location_id: loc.id ?? null,
    location_code: loc.code ?? null,
    store_logs: body.store_logs === true,
    store_logs_region_id: isInteger(body.store_logs_region_id) ? body.store_logs_region_id : null,
    cluster_id: clusterId,
    shared_cluster: clusterId === null,
    ...(layer === "l4"
      ? { proxy_protocol_enabled: zones.vhost_zones.some((zone) => zone.proxy_protocol === true) }
      : { geoip: body.geoip === true, domains: domainsOf(zones.vhost_zones) }),
    ...zones,
    labels,
    created_at: now,
    updated_at: now,
  };
  return {
    status: 202,
    body: ctx.store.insert(collectionOf(layer), record, applySteps(ctx, helpers, record)),
  };
}

function update(ctx: SimContext, helpers: AreaHelpers, layer: Layer, req: SimRequest): SimResponse {
  const collection = collectionOf(layer);
  const current = helpers.getOr404(ctx, collection, req.params.id ?? "");
  if (current.status === "deleting")
    throw validationFailed({ base: "the load balancer is being deleted" });
  const body = readBody(req);
  const errors: FieldErrors = {};
  const patch: WireRecord = {};
  if (body.name !== undefined) {
    if (!isNonEmptyString(body.name)) errors.name = "must not be empty";
    else patch.name = body.name;
  }
  if (body.store_logs !== undefined) patch.store_logs = body.store_logs === true;
  if (isInteger(body.store_logs_region_id)) patch.store_logs_region_id = body.store_logs_region_id;
  if (layer === "l7" && body.geoip !== undefined) patch.geoip = body.geoip === true;
  if (body.shared_cluster === true) patch.cluster_id = null;
  else if (body.cluster_id !== undefined)
    patch.cluster_id = checkCluster(ctx, body.cluster_id, current.location_id, errors);
  if (patch.cluster_id !== undefined) patch.shared_cluster = patch.cluster_id === null;
  if (body.vhost_zones !== undefined || body.upstream_zones !== undefined) {
    const zones = checkZones(
      ctx,
      layer,
      {
        vhost_zones: body.vhost_zones ?? current.vhost_zones,
        upstream_zones: body.upstream_zones ?? current.upstream_zones,
      },
      errors,
    );
    Object.assign(patch, zones);
    if (layer === "l7") patch.domains = domainsOf(zones.vhost_zones);
  }
  const labels = readLabels(helpers, body, errors);
  if (labels !== undefined) patch.labels = labels;
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const changed = Object.entries(patch).some(
    ([key, value]) => JSON.stringify(current[key]) !== JSON.stringify(value),
  );
  if (!changed) return ok(current);
  const id = String(current.id);
  const updated = ctx.store.update(
    collection,
    id,
    { ...patch, status: "in_process" },
    applySteps(ctx, helpers, current),
  );
  return { status: 202, body: updated };
}

function remove(ctx: SimContext, helpers: AreaHelpers, layer: Layer, req: SimRequest): SimResponse {
  const collection = collectionOf(layer);
  const current = helpers.getOr404(ctx, collection, req.params.id ?? "");
  if (current.status !== "deleting") {
    const steps: Step[] = [{ afterMs: helpers.duration("lb_apply"), remove: true }];
    ctx.store.update(collection, String(current.id), { status: "deleting" }, steps);
  }
  return noContent();
}

/** A list record: Go's LoadBalancer has no zones. */
function summary(record: WireRecord): WireRecord {
  const {
    vhost_zones: _v,
    upstream_zones: _u,
    domains: _d,
    geoip: _g,
    proxy_protocol_enabled: _p,
    ...rest
  } = record;
  return rest;
}

function registerLayer(router: Router, helpers: AreaHelpers, layer: Layer): void {
  const base = `/v1/load_balancers/${layer}`;
  // Each layer is listed with the other (GET /v1/load_balancers), not on its own path.
  registerCollection(router, helpers, {
    path: base,
    collection: collectionOf(layer),
    create: (ctx, helpers, req) => create(ctx, helpers, layer, req),
    update: (ctx, helpers, req) => update(ctx, helpers, layer, req),
    remove: (ctx, helpers, req) => remove(ctx, helpers, layer, req),
  });
}

function register(router: Router, helpers: AreaHelpers): void {
  const sortable = ["id", "name", "created_at", "updated_at"];
  router.add("GET", "/v1/load_balancers", (req, ctx) =>
    helpers.list(req, [...ctx.store.all(L4), ...ctx.store.all(L7)].map(summary), {
      sortable,
      searchField: "name",
      labelSelector: true,
      filters: { type: "type", location_id: "location_id", cluster_id: "cluster_id" },
    }),
  );
  registerLayer(router, helpers, "l4");
  registerLayer(router, helpers, "l7");
  registerCollection(router, helpers, {
    path: "/v1/load_balancer_clusters",
    collection: CLUSTERS,
    list: { sortable, searchField: "name", filters: { location_id: "location_id" } },
  });
}

/**
 * Dedicated clusters of the account, shaped as the Go client's newest fixture shows one (no
 * `status`: `load_balancer_clusters/get_response.json` at abb982c9 and `LoadBalancerCluster`).
 */
function seed(ctx: SimContext): void {
  const at = new Date(ctx.clock.now() - 30 * 24 * 3_600_000).toISOString();
  for (const [id, name, locationId, code] of [
    ["LbClAms1", "dedicated-ams1", 1, "AMS1"],
    ["LbClDfw1", "dedicated-dfw1", 2, "DFW1"],
  ] as const) {
    ctx.store.insert(CLUSTERS, {
      id,
      name,
      location_id: locationId,
      location_code: code,
      created_at: at,
      updated_at: at,
    });
  }
}

export const loadBalancersArea: Area = { name: "load-balancers", register, seed };
