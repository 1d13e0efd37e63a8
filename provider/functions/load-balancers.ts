// Load balancers of both layers (by label selector, type, location, cluster; one by id or name
// with its zones) and load balancer clusters (dedicated clusters a balancer may run on).
import type {
  L4LoadBalancer,
  L7LoadBalancer,
  LoadBalancer,
  LoadBalancerCluster,
} from "../../sdk/areas/load-balancers";
import { NotFoundError } from "../../sdk/core/errors";
import { withoutOwnerLabel } from "../framework/ownership";
import {
  definedFields,
  oneOf,
  optionalChoice,
  optionalText,
  optionalWholeNumber,
  text,
} from "./framework/args";
import { getById } from "./framework/by-id";
import { NoMatchError } from "./framework/errors";
import { camelFields } from "./framework/fields";
import { type Lookup, type LookupOptions, outputForm, promiseForm } from "./framework/invoke";
import { collectFiltered } from "./framework/lists";
import { nameCandidate, namedCandidate, pickBySearchList } from "./framework/match";
import { accountItem } from "./framework/one";
import { type LabelSelector, selectorText } from "./framework/selector";

export type LoadBalancerType = "l4" | "l7";
const TYPES: readonly LoadBalancerType[] = ["l4", "l7"];

export interface GetLoadBalancersArgs {
  /** Only balancers whose labels match (text or a builder). */
  readonly labelSelector?: LabelSelector;
  /** Only balancers of this layer: `l4` or `l7`. */
  readonly type?: LoadBalancerType;
  readonly locationId?: number;
  /** Only balancers on this dedicated cluster. */
  readonly clusterId?: string;
  /** Only balancers whose name contains this text. */
  readonly searchPattern?: string;
  /** The most balancers to return, 1 to 10,000 (default 1,000); more is an error. */
  readonly limit?: number;
}

/** One balancer by exactly one of id or name (case-insensitive), with its zones. */
export interface GetLoadBalancerArgs {
  /** The balancer's id (give exactly one of id and name). */
  readonly id?: string;
  /** The balancer's name, case-insensitive (give exactly one of id and name). */
  readonly name?: string;
  /** Its layer; without it the list tells. */
  readonly type?: LoadBalancerType;
}

/** An L4 or L7 load balancer. */
export interface LoadBalancerResult {
  /** The balancer's id. */
  readonly id: string;
  /** The balancer's name; null where the API does not say. */
  readonly name: string | null;
  /** "l4" or "l7". */
  readonly type: string | null;
  readonly status: string | null;
  /** The balancer's external IP addresses. */
  readonly externalAddresses: string[];
  readonly locationId: number | null;
  readonly locationCode: string | null;
  /** null on a shared cluster. */
  readonly clusterId: string | null;
  /** Whether the balancer keeps logs; null where the API does not say. */
  readonly storeLogs: boolean | null;
  /** The labels, without the provider's ownership label. */
  readonly labels: Record<string, string>;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
}

export interface GetLoadBalancerResult extends LoadBalancerResult {
  /** The zones as the API answers them, keys in camelCase. */
  readonly vhostZones: Record<string, unknown>[];
  /** The upstream zones as the API answers them, keys in camelCase. */
  readonly upstreamZones: Record<string, unknown>[];
  /** L7: the domains of its vhost zones; [] for L4. */
  readonly domains: string[];
}

export interface GetLoadBalancersResult {
  /** The balancers, in the API's order. */
  readonly loadBalancers: LoadBalancerResult[];
}

export interface GetLoadBalancerClustersArgs {
  /** Only clusters whose name contains this text. */
  readonly searchPattern?: string;
  /** Only clusters of this location. */
  readonly locationId?: number;
  readonly limit?: number;
}

export interface GetLoadBalancerClusterArgs {
  /** The cluster's id (give exactly one of id and name). */
  readonly id?: string;
  /** The cluster's name, case-insensitive (give exactly one of id and name). */
  readonly name?: string;
}

/** A dedicated load balancer cluster. */
export interface GetLoadBalancerClusterResult {
  /** The cluster's id (the `clusterId` property of an L4LoadBalancer or L7LoadBalancer). */
  readonly id: string;
  /** The cluster's name; null where the API does not say. */
  readonly name: string | null;
  readonly locationId: number | null;
  readonly locationCode: string | null;
  readonly status: string | null;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
}

export interface GetLoadBalancerClustersResult {
  /** The dedicated load balancer clusters, in the API's order. */
  readonly loadBalancerClusters: GetLoadBalancerClusterResult[];
}

/**
 * The account's L4 and L7 load balancers, filtered by labels, layer, location, cluster and name.
 */
export function getLoadBalancers(
  args: GetLoadBalancersArgs = {},
  opts?: LookupOptions,
): Promise<GetLoadBalancersResult> {
  return promiseForm("getLoadBalancers", opts, async (lookup) => {
    const filters = definedFields({
      labelSelector: selectorText(lookup.fn, args.labelSelector),
      type: optionalChoice(lookup.fn, args, "type", TYPES),
      locationId: optionalWholeNumber(lookup.fn, args, "locationId"),
      clusterId: optionalText(lookup.fn, args, "clusterId"),
      searchPattern: optionalText(lookup.fn, args, "searchPattern"),
    });
    const balancers = await collectFiltered(
      lookup,
      {
        what: "load balancers match",
        limit: args.limit,
        narrowWith: "labelSelector, type, locationId, clusterId or searchPattern",
      },
      filters,
      (query) => lookup.client.loadBalancers.list(query, lookup.call),
    );
    return { loadBalancers: balancers.map(loadBalancerResult) };
  });
}

export const getLoadBalancersOutput = outputForm(getLoadBalancers);

/**
 * One load balancer, L4 or L7, by exactly one of id or name (case-insensitive), with its zones.
 */
export function getLoadBalancer(
  args: GetLoadBalancerArgs,
  opts?: LookupOptions,
): Promise<GetLoadBalancerResult> {
  return promiseForm("getLoadBalancer", opts, async (lookup) => {
    const type = optionalChoice(lookup.fn, args, "type", TYPES);
    const key = oneOf(lookup.fn, args, ["id", "name"]);
    let id: string;
    let layer: string | undefined = type;
    if (key === "id") {
      id = text(lookup.fn, args, "id");
    } else {
      const found = await pickBySearchList(
        lookup,
        { what: "load balancer", query: text(lookup.fn, args, "name"), mode: "words" },
        { what: "load balancers" },
        (query) =>
          lookup.client.loadBalancers.list({ ...query, ...definedFields({ type }) }, lookup.call),
        (balancer) => namedCandidate(balancer, balancer.name ?? balancer.id),
      );
      id = found.id;
      layer = found.type;
    }
    if (layer === undefined) layer = await layerOf(lookup, id);
    const record = await getById(lookup, `${layer.toUpperCase()} load balancer`, id, () =>
      layer === "l7"
        ? lookup.client.loadBalancers.getL7(id, lookup.call)
        : lookup.client.loadBalancers.getL4(id, lookup.call),
    );
    return fullResult(record);
  });
}

export const getLoadBalancerOutput = outputForm(getLoadBalancer);

/** A balancer's layer, when not given: GET by id has a path per layer, each is tried in turn. */
async function layerOf(lookup: Lookup, id: string): Promise<string> {
  for (const layer of TYPES) {
    try {
      if (layer === "l4") await lookup.client.loadBalancers.getL4(id, lookup.call);
      else await lookup.client.loadBalancers.getL7(id, lookup.call);
      return layer;
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  throw new NoMatchError(`${lookup.fn}: no load balancer has id ${id}`);
}

/** The account's dedicated load balancer clusters, filtered by name and location. */
export function getLoadBalancerClusters(
  args: GetLoadBalancerClustersArgs = {},
  opts?: LookupOptions,
): Promise<GetLoadBalancerClustersResult> {
  return promiseForm("getLoadBalancerClusters", opts, async (lookup) => {
    const filters = definedFields({
      searchPattern: optionalText(lookup.fn, args, "searchPattern"),
    });
    const locationId = optionalWholeNumber(lookup.fn, args, "locationId");
    const clusters = await collectFiltered(
      lookup,
      { what: "load balancer clusters", limit: args.limit, narrowWith: "searchPattern" },
      filters,
      (query) => lookup.client.loadBalancers.listClusters(query, lookup.call),
    );
    // srvctl sends no location filter for clusters: it is applied here.
    return {
      loadBalancerClusters: clusters
        .filter((cluster) => locationId === undefined || cluster.location_id === locationId)
        .map(clusterResult),
    };
  });
}

export const getLoadBalancerClustersOutput = outputForm(getLoadBalancerClusters);

/** One dedicated load balancer cluster, by exactly one of id or name (case-insensitive). */
export function getLoadBalancerCluster(
  args: GetLoadBalancerClusterArgs,
  opts?: LookupOptions,
): Promise<GetLoadBalancerClusterResult> {
  return promiseForm("getLoadBalancerCluster", opts, async (lookup) => {
    const cluster = await accountItem(lookup, args, {
      what: "load balancer cluster",
      get: (id) => lookup.client.loadBalancers.getCluster(id, lookup.call),
      list: (query) => lookup.client.loadBalancers.listClusters(query, lookup.call),
      candidate: (item) => nameCandidate({ ...item, name: item.name ?? item.id }),
    });
    return clusterResult(cluster);
  });
}

export const getLoadBalancerClusterOutput = outputForm(getLoadBalancerCluster);

function camelKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** A zone as the API answers it, with camelCase keys at every depth. */
function camelCased(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelCased);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [camelKey(key), camelCased(entry)]),
  );
}

function loadBalancerResult(balancer: LoadBalancer): LoadBalancerResult {
  return {
    ...camelFields(balancer, [
      "id",
      "name",
      "type",
      "status",
      "location_id",
      "location_code",
      "cluster_id",
      "store_logs",
      "created_at",
      "updated_at",
    ]),
    externalAddresses: [...(balancer.external_addresses ?? [])],
    labels: withoutOwnerLabel(balancer.labels),
  };
}

function fullResult(balancer: L4LoadBalancer | L7LoadBalancer): GetLoadBalancerResult {
  return {
    ...loadBalancerResult(balancer),
    vhostZones: (balancer.vhost_zones ?? []).map(
      (zone) => camelCased(zone) as Record<string, unknown>,
    ),
    upstreamZones: (balancer.upstream_zones ?? []).map(
      (zone) => camelCased(zone) as Record<string, unknown>,
    ),
    domains: "domains" in balancer ? [...(balancer.domains ?? [])] : [],
  };
}

function clusterResult(cluster: LoadBalancerCluster): GetLoadBalancerClusterResult {
  return camelFields(cluster, [
    "id",
    "name",
    "location_id",
    "location_code",
    "status",
    "created_at",
    "updated_at",
  ]);
}
