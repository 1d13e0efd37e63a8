// L4 load balancers as a resource kind (provider/framework/kind.ts). Sources (docs/wire.md, "Load
// balancers"): the Go client's L4 endpoints and records, Ansible's load_balancer_instance_l4
// (202 create, 200/202 update, 204 delete, waits for status active, the options' ranges and
// defaults). Everything but the location is changed in place: one PUT with the whole zone lists.
import {
  type L4LoadBalancer,
  type L4UpstreamZoneBody,
  type L4VhostZoneBody,
  loadBalancerStates,
} from "../../sdk/areas/load-balancers";
import type { ServersComClient } from "../../sdk/client";
import { NotFoundError } from "../../sdk/core/errors";
import { stateMatcher } from "../../sdk/wait";
import type { Checker, PropertyBag } from "../framework/check";
import type { ResourceKind } from "../framework/kind";
import { allOf, withoutOwnerLabel } from "../framework/ownership";
import {
  type Bag,
  byId,
  checkClusterAndLogs,
  definedOnly,
  isBag,
  known,
  portsView,
  UPSTREAM_METHODS,
  upstreamsBody,
  upstreamsView,
  viewOf,
  ZoneChecker,
} from "../load-balancer/rules";

const MINUTE = 60_000;
const states = stateMatcher(loadBalancerStates);

export interface L4LoadBalancerInputs {
  readonly name: string;
  readonly locationId: number;
  readonly clusterId?: string;
  readonly storeLogs?: boolean;
  readonly storeLogsRegionId?: number;
  readonly vhostZones: readonly Bag[];
  readonly upstreamZones: readonly Bag[];
  readonly labels?: Readonly<Record<string, string>>;
}

export const L4_LOAD_BALANCER_OUTPUTS = [
  "name",
  "status",
  "locationId",
  "locationCode",
  "clusterId",
  "storeLogs",
  "storeLogsRegionId",
  "externalAddresses",
  "vhostZones",
  "upstreamZones",
  "labels",
  "createdAt",
  "updatedAt",
] as const;

/** Vhost zones as compared and shown: the documented fields, Ansible's defaults where absent. */
export function l4VhostZonesView(value: unknown): Bag[] {
  const zones = Array.isArray(value) ? value.filter(isBag) : [];
  return byId(
    zones.map((zone) => ({
      id: zone.id,
      ports: portsView(zone.ports),
      udp: zone.udp ?? false,
      proxyProtocol: zone.proxyProtocol ?? zone.proxy_protocol ?? false,
      upstreamId: zone.upstreamId ?? zone.upstream_id,
      description: zone.description ?? null,
    })),
  );
}

export function l4UpstreamZonesView(value: unknown): Bag[] {
  const zones = Array.isArray(value) ? value.filter(isBag) : [];
  return byId(
    zones.map((zone) => ({
      id: zone.id,
      method: zone.method ?? "random.least_conn",
      udp: zone.udp ?? false,
      hcInterval: zone.hcInterval ?? zone.hc_interval ?? 5,
      hcJitter: zone.hcJitter ?? zone.hc_jitter ?? 5,
      upstreams: upstreamsView(zone.upstreams),
    })),
  );
}

function vhostZonesBody(value: readonly Bag[]): L4VhostZoneBody[] {
  return value.map(
    (zone) =>
      definedOnly({
        id: zone.id,
        ports: zone.ports,
        udp: zone.udp,
        proxy_protocol: zone.proxyProtocol,
        upstream_id: zone.upstreamId,
        description: zone.description,
      }) as unknown as L4VhostZoneBody,
  );
}

function upstreamZonesBody(value: readonly Bag[]): L4UpstreamZoneBody[] {
  return value.map(
    (zone) =>
      ({
        ...definedOnly({
          id: zone.id,
          method: zone.method,
          udp: zone.udp,
          hc_interval: zone.hcInterval,
          hc_jitter: zone.hcJitter,
        }),
        upstreams: upstreamsBody(zone.upstreams),
      }) as unknown as L4UpstreamZoneBody,
  );
}

function checkZones(c: Checker): void {
  const upstream = new ZoneChecker(c, "upstreamZones");
  const upstreamZones = upstream.list("upstreamZones", c.news.upstreamZones, false);
  const upstreamIds = upstream.ids("upstreamZones", upstreamZones);
  upstreamZones.forEach((zone, index) => {
    const at = `upstreamZones[${index}]`;
    upstream.choice(`${at}.method`, zone.method, UPSTREAM_METHODS);
    upstream.boolean(`${at}.udp`, zone.udp);
    upstream.integer(`${at}.hcInterval`, zone.hcInterval, 1, 60);
    upstream.integer(`${at}.hcJitter`, zone.hcJitter, 0, 60);
    upstream.upstreams(`${at}.upstreams`, zone.upstreams);
  });
  const vhost = new ZoneChecker(c, "vhostZones");
  const vhostZones = vhost.list("vhostZones", c.news.vhostZones, false);
  vhost.ids("vhostZones", vhostZones);
  const complete = known(c.news.upstreamZones);
  vhostZones.forEach((zone, index) => {
    const at = `vhostZones[${index}]`;
    vhost.ports(`${at}.ports`, zone.ports);
    vhost.boolean(`${at}.udp`, zone.udp);
    vhost.boolean(`${at}.proxyProtocol`, zone.proxyProtocol);
    vhost.reference(`${at}.upstreamId`, zone.upstreamId, upstreamIds, complete);
    vhost.text(`${at}.description`, zone.description, 255);
  });
}

export const l4LoadBalancerKind: ResourceKind<L4LoadBalancer> = {
  name: "L4LoadBalancer",
  noun: "L4 load balancer",
  // Ansible waits up to 10 minutes for a balancer to become active, after create and update.
  defaultTimeouts: { create: 20 * MINUTE, update: 20 * MINUTE, delete: 20 * MINUTE },
  properties: {
    // No source moves a balancer to another location: a new one is needed.
    locationId: { rule: "replace" },
    name: { rule: "update" },
    // Absent: a shared cluster (Ansible: "If omitted, a shared cluster is used").
    clusterId: { rule: "update", desired: (news) => news.clusterId ?? null },
    // Absent: false, as Ansible sends by default.
    storeLogs: { rule: "update", desired: (news) => news.storeLogs ?? false },
    storeLogsRegionId: { rule: "update" },
    vhostZones: { rule: "update", desired: (news) => viewOf(news.vhostZones, l4VhostZonesView) },
    upstreamZones: {
      rule: "update",
      desired: (news) => viewOf(news.upstreamZones, l4UpstreamZonesView),
    },
    labels: { rule: "update", desired: (news) => news.labels ?? {} },
  },
  secretOutputs: [],

  check(c: Checker) {
    c.string("name", true, 255);
    c.integer("locationId", true, { min: 1 });
    checkClusterAndLogs(c);
    checkZones(c);
    c.labels();
  },

  display: (bag: PropertyBag) => (typeof bag.name === "string" ? bag.name : "(unnamed)"),

  async get(client: ServersComClient, id: string) {
    try {
      return await client.loadBalancers.getL4(id);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  },
  // The list holds balancers of both layers without zones; the wait reads the full record.
  findByLabels: (client, labelSelector) =>
    allOf(client.loadBalancers.list({ type: "l4", labelSelector }), "L4 load balancers"),
  create(client, inputs, labels) {
    const i = inputs as unknown as L4LoadBalancerInputs;
    return client.loadBalancers.createL4({
      name: i.name,
      location_id: i.locationId,
      ...(i.clusterId === undefined ? {} : { cluster_id: i.clusterId }),
      store_logs: i.storeLogs ?? false,
      ...(i.storeLogsRegionId === undefined ? {} : { store_logs_region_id: i.storeLogsRegionId }),
      vhost_zones: vhostZonesBody(i.vhostZones),
      upstream_zones: upstreamZonesBody(i.upstreamZones),
      labels,
    });
  },
  update(client, id, changes, labels, context) {
    const news = context.news as unknown as L4LoadBalancerInputs;
    const live = context.record;
    // `changes` leaves out properties whose absence means a value (no cluster, no logs): what
    // to send is decided against the live record instead.
    const clusterId = news.clusterId ?? null;
    const moveCluster = clusterId !== (live.cluster_id ?? null);
    const storeLogs = news.storeLogs ?? false;
    const zones = "vhostZones" in changes || "upstreamZones" in changes;
    return client.loadBalancers.updateL4(id, {
      ...("name" in changes ? { name: news.name } : {}),
      ...(storeLogs !== (live.store_logs ?? false) ? { store_logs: storeLogs } : {}),
      ...("storeLogsRegionId" in changes && news.storeLogsRegionId !== undefined
        ? { store_logs_region_id: news.storeLogsRegionId }
        : {}),
      ...(moveCluster
        ? clusterId === null
          ? { shared_cluster: true }
          : { cluster_id: clusterId }
        : {}),
      // Zones reference each other: both lists go together.
      ...(zones
        ? {
            vhost_zones: vhostZonesBody(news.vhostZones),
            upstream_zones: upstreamZonesBody(news.upstreamZones),
          }
        : {}),
      ...(labels === undefined ? {} : { labels }),
    });
  },
  delete: (client, id) => client.loadBalancers.deleteL4(id),

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
    externalAddresses: [...(record.external_addresses ?? [])],
    vhostZones: l4VhostZonesView(record.vhost_zones),
    upstreamZones: l4UpstreamZonesView(record.upstream_zones),
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
    vhostZones: l4VhostZonesView(record.vhost_zones),
    upstreamZones: l4UpstreamZonesView(record.upstream_zones),
    labels: withoutOwnerLabel(record.labels),
  }),
};
