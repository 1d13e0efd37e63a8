// What the L4 and L7 load balancer kinds share beyond the input rules (rules.ts): the settings
// every balancer has (name, location, cluster, logs, labels), how they are sent, diffed and shown,
// and how a balancer record is read and waited for. Each kind adds its own layer's settings (L7:
// geoip, domains) and its zones; a fix here reaches both kinds.
import { type LoadBalancer, loadBalancerStates } from "../../sdk/areas/load-balancers";
import type { ServersComClient } from "../../sdk/client";
import { stateMatcher } from "../../sdk/wait";
import type { PropertyBag } from "../framework/check";
import type { PropertyRules } from "../framework/diff";
import type { ResourceKind } from "../framework/kind";
import { allOf, withoutOwnerLabel } from "../framework/ownership";
import { type Bag, viewOf, zonesEqual } from "./rules";

const MINUTE = 60_000;
const states = stateMatcher(loadBalancerStates);

/** The inputs every balancer takes (zones as the user gave them). */
export interface LoadBalancerInputs {
  readonly name: string;
  readonly locationId: number;
  readonly clusterId?: string;
  readonly storeLogs?: boolean;
  readonly storeLogsRegionId?: number;
  readonly vhostZones: readonly Bag[];
  readonly upstreamZones: readonly Bag[];
  readonly labels?: Readonly<Record<string, string>>;
}

/** A layer's zones as compared and shown (defaults filled in, sorted). */
export interface ZoneViews {
  vhostZones(value: unknown): Bag[];
  upstreamZones(value: unknown): Bag[];
}

/** A balancer record with its zones (GET /load_balancers/l4|l7/{id}). */
type ZonedRecord = LoadBalancer & {
  readonly vhost_zones?: unknown;
  readonly upstream_zones?: unknown;
};

/** The property rules; `layer` holds the layer's own settings, listed after the shared ones. */
function loadBalancerProperties(views: ZoneViews, layer: PropertyRules = {}): PropertyRules {
  return {
    // No source moves a balancer to another location: a new one is needed.
    locationId: { rule: "replace" },
    name: { rule: "update" },
    // Absent: a shared cluster (Ansible: "If omitted, a shared cluster is used").
    clusterId: { rule: "update", desired: (news) => news.clusterId ?? null },
    // Absent: false, as Ansible sends by default.
    storeLogs: { rule: "update", desired: (news) => news.storeLogs ?? false },
    storeLogsRegionId: { rule: "update" },
    ...layer,
    vhostZones: {
      rule: "update",
      desired: (news) => viewOf(news.vhostZones, views.vhostZones),
      equal: zonesEqual,
    },
    upstreamZones: {
      rule: "update",
      desired: (news) => viewOf(news.upstreamZones, views.upstreamZones),
      equal: zonesEqual,
    },
    labels: { rule: "update", desired: (news) => news.labels ?? {} },
  };
}

/** The list holds balancers of both layers without zones; the wait reads the full record. */
export function listByLabels(
  client: ServersComClient,
  type: "l4" | "l7",
  labelSelector: string,
): Promise<LoadBalancer[]> {
  // Every page, labels checked by the lifecycle (ownership.ts, allOf): never a silent cut. The
  // list holds balancers without zones; the wait reads the full record.
  return allOf(
    client.loadBalancers.list({ type, labelSelector }),
    `${type.toUpperCase()} load balancers`,
  );
}

/** The shared settings of a create body (the layer adds its settings, zones and labels). */
function createSettings(inputs: LoadBalancerInputs) {
  return {
    name: inputs.name,
    location_id: inputs.locationId,
    ...(inputs.clusterId === undefined ? {} : { cluster_id: inputs.clusterId }),
    store_logs: inputs.storeLogs ?? false,
    ...(inputs.storeLogsRegionId === undefined
      ? {}
      : { store_logs_region_id: inputs.storeLogsRegionId }),
  };
}

/**
 * The shared settings of an update body. `changes` leaves out properties whose absence means a
 * value (no cluster, no logs): what to send is decided against the live record instead.
 */
function updateSettings(
  news: LoadBalancerInputs,
  live: LoadBalancer,
  changes: PropertyBag,
): {
  name?: string;
  store_logs?: boolean;
  store_logs_region_id?: number;
  cluster_id?: string;
  shared_cluster?: boolean;
} {
  const clusterId = news.clusterId ?? null;
  const storeLogs = news.storeLogs ?? false;
  return {
    ...("name" in changes ? { name: news.name } : {}),
    ...(storeLogs !== (live.store_logs ?? false) ? { store_logs: storeLogs } : {}),
    ...("storeLogsRegionId" in changes && news.storeLogsRegionId !== undefined
      ? { store_logs_region_id: news.storeLogsRegionId }
      : {}),
    ...(clusterId !== (live.cluster_id ?? null)
      ? clusterId === null
        ? { shared_cluster: true }
        : { cluster_id: clusterId }
      : {}),
  };
}

/** Zones reference each other: when either list changed, both lists go together. */
function zonesChanged(changes: PropertyBag): boolean {
  return "vhostZones" in changes || "upstreamZones" in changes;
}

/** A layer's zone lists as the API takes them: both together (zones reference each other). */
export type ZonesBody<Zones extends object> = (inputs: LoadBalancerInputs) => Zones;

/** A create body: the shared settings, the layer's zones and the labels. */
export function createBody<Zones extends object>(
  inputs: LoadBalancerInputs,
  zones: ZonesBody<Zones>,
  labels: Record<string, string>,
) {
  return { ...createSettings(inputs), ...zones(inputs), labels };
}

/** An update body: the shared settings that change, the zones when either list changed, labels. */
export function updateBody<Zones extends object>(
  news: LoadBalancerInputs,
  live: LoadBalancer,
  changes: PropertyBag,
  labels: Record<string, string> | undefined,
  zones: ZonesBody<Zones>,
) {
  return {
    ...updateSettings(news, live, changes),
    ...(zonesChanged(changes) ? zones(news) : {}),
    ...(labels === undefined ? {} : { labels }),
  };
}

/** What a layer adds to what every balancer has (loadBalancerParts). */
export interface LoadBalancerLayer {
  /** The layer's zones as compared and shown. */
  readonly views: ZoneViews;
  /** The layer's own settings' property rules, listed after the shared ones. */
  readonly properties?: PropertyRules;
  /** The layer's own outputs, listed after the settings (as loadBalancerOutputs' `layer`). */
  readonly outputs?: readonly string[];
}

/**
 * What both layers' kinds are made of alike: the property rules, the output names, and how a
 * balancer record is named, waited for and labelled.
 */
export function loadBalancerParts<Live extends LoadBalancer>(
  layer: LoadBalancerLayer,
): Pick<
  ResourceKind<Live>,
  | "defaultTimeouts"
  | "properties"
  | "secretOutputs"
  | "outputNames"
  | "display"
  | "id"
  | "state"
  | "isReady"
  | "failure"
  | "isGone"
  | "labels"
> {
  return {
    // Ansible waits up to 10 minutes for a balancer to become active, after create and update.
    defaultTimeouts: { create: 20 * MINUTE, update: 20 * MINUTE, delete: 20 * MINUTE },
    properties: loadBalancerProperties(layer.views, layer.properties),
    secretOutputs: [],
    // In loadBalancerOutputs' order.
    outputNames: [
      "name",
      "status",
      "locationId",
      "locationCode",
      "clusterId",
      "sharedCluster",
      "storeLogs",
      "storeLogsRegionId",
      ...(layer.outputs ?? []),
      "externalAddresses",
      "vhostZones",
      "upstreamZones",
      "labels",
      "createdAt",
      "updatedAt",
    ],
    display: (bag: PropertyBag) => (typeof bag.name === "string" ? bag.name : "(unnamed)"),
    id: (record) => record.id,
    state: (record) => record.status ?? "unknown",
    isReady: (record) => states.isSettled(record.status),
    failure: (record) => (states.isFailed(record.status) ? `status ${record.status}` : undefined),
    isGone: (record) => record.status === "deleting",
    labels: (record) => record.labels ?? {},
  };
}

/** Outputs from a record; `layer` holds the layer's own outputs, listed after the settings. */
export function loadBalancerOutputs(
  record: ZonedRecord,
  views: ZoneViews,
  layer: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    name: record.name ?? null,
    status: record.status ?? null,
    locationId: record.location_id ?? null,
    locationCode: record.location_code ?? null,
    clusterId: record.cluster_id ?? null,
    // Go `LoadBalancer.SharedCluster`: whether the cluster is a shared one (clusterId null).
    sharedCluster: record.shared_cluster ?? null,
    storeLogs: record.store_logs ?? null,
    storeLogsRegionId: record.store_logs_region_id ?? null,
    ...layer,
    // A Go nil slice arrives as null (srvctl's records): read as none.
    externalAddresses: [...(record.external_addresses ?? [])],
    vhostZones: views.vhostZones(record.vhost_zones),
    upstreamZones: views.upstreamZones(record.upstream_zones),
    labels: withoutOwnerLabel(record.labels),
    createdAt: record.created_at ?? null,
    updatedAt: record.updated_at ?? null,
  };
}

/**
 * The live values of the input properties: the outputs without those that are only outputs, so
 * that both read the record alike. `layer`: the layer's own input properties (L7: geoip).
 */
export function loadBalancerLiveInputs(
  record: ZonedRecord,
  views: ZoneViews,
  layer: Record<string, unknown> = {},
): Record<string, unknown> {
  const {
    status,
    locationCode,
    sharedCluster,
    externalAddresses,
    createdAt,
    updatedAt,
    ...inputs
  } = loadBalancerOutputs(record, views, layer);
  return inputs;
}
