// L7 (HTTP) load balancers as a resource kind (provider/framework/kind.ts). Sources (docs/wire.md,
// "Load balancers"): the Go client's L7 endpoints, inputs and fixtures, Ansible's
// load_balancer_instance_l7 (202 create, 200/202 update, 204 delete, waits for status active, the
// options' ranges, choices and defaults). Shaped as L4LoadBalancer; the zones differ: vhost zones
// carry domains, TLS (a certificate from SslCertificate) and location rules, upstream zones HTTP
// health checks.
import {
  type L7LoadBalancer,
  type L7UpstreamZoneBody,
  type L7VhostZoneBody,
  loadBalancerStates,
} from "../../sdk/areas/load-balancers";
import type { ServersComClient } from "../../sdk/client";
import { parseCidr } from "../../sdk/core/cidr";
import { NotFoundError } from "../../sdk/core/errors";
import { stateMatcher } from "../../sdk/wait";
import { type Checker, MAX_ID_LENGTH, type PropertyBag, shown } from "../framework/check";
import type { ResourceKind } from "../framework/kind";
import { allOf, withoutOwnerLabel } from "../framework/ownership";
import { isUnknown } from "../framework/unknowns";
import {
  type Bag,
  byId,
  checkClusterAndLogs,
  definedOnly,
  domainsView,
  isBag,
  known,
  portsView,
  UPSTREAM_METHODS,
  upstreamsBody,
  upstreamsView,
  viewOf,
  ZoneChecker,
} from "../load-balancer/rules";
import { domainProblem } from "../ptr-record/names";

const MINUTE = 60_000;
const states = stateMatcher(loadBalancerStates);

export interface L7LoadBalancerInputs {
  readonly name: string;
  readonly locationId: number;
  readonly clusterId?: string;
  readonly storeLogs?: boolean;
  readonly storeLogsRegionId?: number;
  readonly geoip?: boolean;
  readonly vhostZones: readonly Bag[];
  readonly upstreamZones: readonly Bag[];
  readonly labels?: Readonly<Record<string, string>>;
}

export const L7_LOAD_BALANCER_OUTPUTS = [
  "name",
  "status",
  "locationId",
  "locationCode",
  "clusterId",
  "storeLogs",
  "storeLogsRegionId",
  "geoip",
  "domains",
  "externalAddresses",
  "vhostZones",
  "upstreamZones",
  "labels",
  "createdAt",
  "updatedAt",
] as const;

function locationZonesView(value: unknown): Bag[] {
  const zones = Array.isArray(value) ? value.filter(isBag) : [];
  return zones.map((zone) => ({
    location: zone.location,
    upstreamId: zone.upstreamId ?? zone.upstream_id,
    upstreamPath: zone.upstreamPath ?? zone.upstream_path ?? null,
  }));
}

function realIpHeaderView(value: unknown): Bag | null {
  if (!isBag(value)) return null;
  return { name: value.name, networks: Array.isArray(value.networks) ? value.networks : [] };
}

/** Vhost zones as compared and shown: the documented fields, Ansible's defaults where absent. */
export function l7VhostZonesView(value: unknown): Bag[] {
  const zones = Array.isArray(value) ? value.filter(isBag) : [];
  return byId(
    zones.map((zone) => ({
      id: zone.id,
      ports: portsView(zone.ports),
      ssl: zone.ssl ?? false,
      http2: zone.http2 ?? false,
      httpToHttpsRedirect: zone.httpToHttpsRedirect ?? zone.http_to_https_redirect ?? false,
      http2PushPreload: zone.http2PushPreload ?? zone.http2_push_preload ?? false,
      domains: domainsView(zone.domains),
      sslCertificateId: zone.sslCertificateId ?? zone.ssl_certificate_id ?? null,
      locationZones: locationZonesView(zone.locationZones ?? zone.location_zones),
      realIpHeader: realIpHeaderView(zone.realIpHeader ?? zone.real_ip_header),
    })),
  );
}

export function l7UpstreamZonesView(value: unknown): Bag[] {
  const zones = Array.isArray(value) ? value.filter(isBag) : [];
  const pick = (zone: Bag, camel: string, snake: string, fallback: unknown) =>
    zone[camel] ?? zone[snake] ?? fallback;
  return byId(
    zones.map((zone) => ({
      id: zone.id,
      method: zone.method ?? "random.least_conn",
      ssl: zone.ssl ?? false,
      sticky: zone.sticky ?? true,
      hcInterval: pick(zone, "hcInterval", "hc_interval", 5),
      hcJitter: pick(zone, "hcJitter", "hc_jitter", 5),
      hcFails: pick(zone, "hcFails", "hc_fails", 3),
      hcPasses: pick(zone, "hcPasses", "hc_passes", 3),
      hcDomain: pick(zone, "hcDomain", "hc_domain", null),
      hcPath: pick(zone, "hcPath", "hc_path", "/"),
      hcMethod: pick(zone, "hcMethod", "hc_method", "GET"),
      hcMandatory: pick(zone, "hcMandatory", "hc_mandatory", false),
      hcStatus: pick(zone, "hcStatus", "hc_status", "200-399"),
      tlsPreset: pick(zone, "tlsPreset", "tls_preset", "TLSv1.3"),
      grpc: zone.grpc ?? false,
      hcGrpcService: pick(zone, "hcGrpcService", "hc_grpc_service", null),
      hcGrpcStatus: pick(zone, "hcGrpcStatus", "hc_grpc_status", 0),
      upstreams: upstreamsView(zone.upstreams),
    })),
  );
}

function vhostZonesBody(value: readonly Bag[]): L7VhostZoneBody[] {
  return value.map((zone) => {
    const header = isBag(zone.realIpHeader) ? zone.realIpHeader : undefined;
    const locations = Array.isArray(zone.locationZones)
      ? zone.locationZones.filter(isBag)
      : undefined;
    return definedOnly({
      id: zone.id,
      ports: zone.ports,
      ssl: zone.ssl,
      http2: zone.http2,
      http_to_https_redirect: zone.httpToHttpsRedirect,
      http2_push_preload: zone.http2PushPreload,
      domains: zone.domains,
      ssl_certificate_id: zone.sslCertificateId,
      location_zones: locations?.map((entry) =>
        definedOnly({
          location: entry.location,
          upstream_id: entry.upstreamId,
          upstream_path: entry.upstreamPath,
        }),
      ),
      real_ip_header:
        header === undefined ? undefined : { name: header.name, networks: header.networks ?? [] },
    }) as unknown as L7VhostZoneBody;
  });
}

function upstreamZonesBody(value: readonly Bag[]): L7UpstreamZoneBody[] {
  return value.map(
    (zone) =>
      ({
        ...definedOnly({
          id: zone.id,
          method: zone.method,
          ssl: zone.ssl,
          sticky: zone.sticky,
          hc_interval: zone.hcInterval,
          hc_jitter: zone.hcJitter,
          hc_fails: zone.hcFails,
          hc_passes: zone.hcPasses,
          hc_domain: zone.hcDomain,
          hc_path: zone.hcPath,
          hc_method: zone.hcMethod,
          hc_mandatory: zone.hcMandatory,
          hc_status: zone.hcStatus,
          tls_preset: zone.tlsPreset,
          grpc: zone.grpc,
          hc_grpc_service: zone.hcGrpcService,
          hc_grpc_status: zone.hcGrpcStatus,
        }),
        upstreams: upstreamsBody(zone.upstreams),
      }) as unknown as L7UpstreamZoneBody,
  );
}

function checkDomains(z: ZoneChecker, path: string, value: unknown): void {
  if (value === undefined || value === null) {
    z.fail(path, "is required: a non-empty list of domain names");
    return;
  }
  if (isUnknown(value)) return;
  if (!Array.isArray(value) || value.length === 0) {
    z.fail(path, `must be a non-empty list of domain names (got ${shown(value)})`);
    return;
  }
  value.forEach((domain, index) => {
    if (isUnknown(domain)) return;
    const problem = typeof domain === "string" ? domainProblem(domain) : "must be a domain name";
    if (problem !== undefined) z.fail(`${path}[${index}]`, problem.replace(/^domain /, ""));
  });
}

function checkUpstreamZones(c: Checker): Set<string> {
  const z = new ZoneChecker(c, "upstreamZones");
  const zones = z.list("upstreamZones", c.news.upstreamZones, false);
  const ids = z.ids("upstreamZones", zones);
  zones.forEach((zone, index) => {
    const at = `upstreamZones[${index}]`;
    z.choice(`${at}.method`, zone.method, UPSTREAM_METHODS);
    for (const flag of ["ssl", "sticky", "hcMandatory", "grpc"])
      z.boolean(`${at}.${flag}`, zone[flag]);
    z.integer(`${at}.hcInterval`, zone.hcInterval, 1, 60);
    z.integer(`${at}.hcJitter`, zone.hcJitter, 0, 60);
    z.integer(`${at}.hcFails`, zone.hcFails, 1, 2_147_483_647);
    z.integer(`${at}.hcPasses`, zone.hcPasses, 1, 2_147_483_647);
    z.text(`${at}.hcDomain`, zone.hcDomain, 253);
    z.text(`${at}.hcPath`, zone.hcPath, 255);
    z.choice(`${at}.hcMethod`, zone.hcMethod, ["GET", "HEAD"]);
    z.text(`${at}.hcStatus`, zone.hcStatus, 255);
    z.choice(`${at}.tlsPreset`, zone.tlsPreset, ["TLSv1.3", "TLSv1.2"]);
    z.text(`${at}.hcGrpcService`, zone.hcGrpcService, 64);
    z.integer(`${at}.hcGrpcStatus`, zone.hcGrpcStatus, 0, 16);
    z.upstreams(`${at}.upstreams`, zone.upstreams);
  });
  return ids;
}

function checkVhostZones(c: Checker, upstreamIds: ReadonlySet<string>): void {
  const z = new ZoneChecker(c, "vhostZones");
  const zones = z.list("vhostZones", c.news.vhostZones, false);
  z.ids("vhostZones", zones);
  const complete = known(c.news.upstreamZones);
  zones.forEach((zone, index) => {
    const at = `vhostZones[${index}]`;
    z.ports(`${at}.ports`, zone.ports);
    for (const flag of ["ssl", "http2", "httpToHttpsRedirect", "http2PushPreload"]) {
      z.boolean(`${at}.${flag}`, zone[flag]);
    }
    checkDomains(z, `${at}.domains`, zone.domains);
    z.text(`${at}.sslCertificateId`, zone.sslCertificateId, MAX_ID_LENGTH);
    if (
      zone.ssl === true &&
      (zone.sslCertificateId === undefined || zone.sslCertificateId === null)
    ) {
      z.fail(
        `${at}.sslCertificateId`,
        "is required with ssl: name the certificate to terminate TLS with (an SslCertificate's id)",
      );
    }
    const locations = zone.locationZones;
    if (locations !== undefined && locations !== null) {
      z.list(`${at}.locationZones`, locations, false).forEach((entry, n) => {
        const path = `${at}.locationZones[${n}]`;
        z.text(`${path}.location`, entry.location, 255, true);
        z.reference(`${path}.upstreamId`, entry.upstreamId, upstreamIds, complete);
        z.text(`${path}.upstreamPath`, entry.upstreamPath, 255);
      });
    }
    const header = zone.realIpHeader;
    if (header !== undefined && header !== null && !isUnknown(header)) {
      if (!isBag(header))
        z.fail(`${at}.realIpHeader`, `must be an object {name, networks} (got ${shown(header)})`);
      else {
        z.text(`${at}.realIpHeader.name`, header.name, 255, true);
        const networks = header.networks;
        if (Array.isArray(networks)) {
          networks.forEach((network, n) => {
            if (isUnknown(network)) return;
            const parsed =
              typeof network === "string"
                ? parseCidr(network)
                : "must be a network in CIDR notation";
            if (typeof parsed === "string") z.fail(`${at}.realIpHeader.networks[${n}]`, parsed);
          });
        } else if (networks !== undefined && !isUnknown(networks)) {
          z.fail(
            `${at}.realIpHeader.networks`,
            `must be a list of networks in CIDR notation (got ${shown(networks)})`,
          );
        }
      }
    }
  });
}

export const l7LoadBalancerKind: ResourceKind<L7LoadBalancer> = {
  name: "L7LoadBalancer",
  noun: "L7 load balancer",
  // Ansible waits up to 10 minutes for a balancer to become active, after create and update.
  defaultTimeouts: { create: 20 * MINUTE, update: 20 * MINUTE, delete: 20 * MINUTE },
  properties: {
    locationId: { rule: "replace" },
    name: { rule: "update" },
    clusterId: { rule: "update", desired: (news) => news.clusterId ?? null },
    storeLogs: { rule: "update", desired: (news) => news.storeLogs ?? false },
    storeLogsRegionId: { rule: "update" },
    // Absent: false, as Ansible sends by default.
    geoip: { rule: "update", desired: (news) => news.geoip ?? false },
    vhostZones: { rule: "update", desired: (news) => viewOf(news.vhostZones, l7VhostZonesView) },
    upstreamZones: {
      rule: "update",
      desired: (news) => viewOf(news.upstreamZones, l7UpstreamZonesView),
    },
    labels: { rule: "update", desired: (news) => news.labels ?? {} },
  },
  secretOutputs: [],

  check(c: Checker) {
    c.string("name", true, 255);
    c.integer("locationId", true, { min: 1 });
    checkClusterAndLogs(c);
    const geoip = c.news.geoip;
    if (known(geoip) && typeof geoip !== "boolean") {
      c.fail("geoip", `geoip must be true or false (got ${shown(geoip)})`);
    }
    checkVhostZones(c, checkUpstreamZones(c));
    c.labels();
  },

  display: (bag: PropertyBag) => (typeof bag.name === "string" ? bag.name : "(unnamed)"),

  async get(client: ServersComClient, id: string) {
    try {
      return await client.loadBalancers.getL7(id);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  },
  findByLabels: (client, labelSelector) =>
    allOf(client.loadBalancers.list({ type: "l7", labelSelector }), "L7 load balancers"),
  create(client, inputs, labels) {
    const i = inputs as unknown as L7LoadBalancerInputs;
    return client.loadBalancers.createL7({
      name: i.name,
      location_id: i.locationId,
      ...(i.clusterId === undefined ? {} : { cluster_id: i.clusterId }),
      store_logs: i.storeLogs ?? false,
      ...(i.storeLogsRegionId === undefined ? {} : { store_logs_region_id: i.storeLogsRegionId }),
      geoip: i.geoip ?? false,
      vhost_zones: vhostZonesBody(i.vhostZones),
      upstream_zones: upstreamZonesBody(i.upstreamZones),
      labels,
    });
  },
  update(client, id, changes, labels, context) {
    const news = context.news as unknown as L7LoadBalancerInputs;
    const live = context.record;
    // `changes` leaves out properties whose absence means a value: decided against the record.
    const clusterId = news.clusterId ?? null;
    const storeLogs = news.storeLogs ?? false;
    const geoip = news.geoip ?? false;
    const zones = "vhostZones" in changes || "upstreamZones" in changes;
    return client.loadBalancers.updateL7(id, {
      ...("name" in changes ? { name: news.name } : {}),
      ...(storeLogs !== (live.store_logs ?? false) ? { store_logs: storeLogs } : {}),
      ...(geoip !== (live.geoip ?? false) ? { geoip } : {}),
      ...("storeLogsRegionId" in changes && news.storeLogsRegionId !== undefined
        ? { store_logs_region_id: news.storeLogsRegionId }
        : {}),
      ...(clusterId !== (live.cluster_id ?? null)
        ? clusterId === null
          ? { shared_cluster: true }
          : { cluster_id: clusterId }
        : {}),
      ...(zones
        ? {
            vhost_zones: vhostZonesBody(news.vhostZones),
            upstream_zones: upstreamZonesBody(news.upstreamZones),
          }
        : {}),
      ...(labels === undefined ? {} : { labels }),
    });
  },
  delete: (client, id) => client.loadBalancers.deleteL7(id),

  id: (record) => record.id,
  state: (record) => record.status ?? "unknown",
  isReady: (record) => states.isSettled(record.status),
  failure: (record) => (states.isFailed(record.status) ? `status ${record.status}` : undefined),
  isGone: (record) => record.status === "deleting",
  labels: (record) => record.labels ?? {},

  outputs: (record) => ({
    name: record.name ?? null,
    status: record.status ?? null,
    locationId: record.location_id ?? null,
    locationCode: record.location_code ?? null,
    clusterId: record.cluster_id ?? null,
    storeLogs: record.store_logs ?? null,
    storeLogsRegionId: record.store_logs_region_id ?? null,
    geoip: record.geoip ?? null,
    domains: [...(record.domains ?? [])],
    externalAddresses: [...(record.external_addresses ?? [])],
    vhostZones: l7VhostZonesView(record.vhost_zones),
    upstreamZones: l7UpstreamZonesView(record.upstream_zones),
    labels: withoutOwnerLabel(record.labels),
    createdAt: record.created_at ?? null,
    updatedAt: record.updated_at ?? null,
  }),
  liveInputs: (record) => ({
    name: record.name ?? null,
    locationId: record.location_id ?? null,
    clusterId: record.cluster_id ?? null,
    storeLogs: record.store_logs ?? null,
    storeLogsRegionId: record.store_logs_region_id ?? null,
    geoip: record.geoip ?? null,
    vhostZones: l7VhostZonesView(record.vhost_zones),
    upstreamZones: l7UpstreamZonesView(record.upstream_zones),
    labels: withoutOwnerLabel(record.labels),
  }),
};
