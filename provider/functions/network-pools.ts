// Network pools of the account (Terraform: data "serverscom_network_pool", by id or CIDR), and
// the subnetworks allocated from one.
import type { NetworkPool, Subnetwork } from "../../sdk/areas/network-pools";
import { parseCidr } from "../../sdk/core/cidr";
import { withoutOwnerLabel } from "../framework/ownership";
import {
  definedFields,
  oneOf,
  optionalBoolean,
  optionalChoice,
  optionalText,
  optionalWholeNumber,
  text,
} from "./framework/args";
import { getById } from "./framework/by-id";
import { AmbiguousMatchError, LookupError, NoMatchError } from "./framework/errors";
import { camelFields } from "./framework/fields";
import { type Lookup, type LookupOptions, outputForm, promiseForm } from "./framework/invoke";
import { collectFiltered, collectPages } from "./framework/lists";
import { namedCandidate, pickBySearchList } from "./framework/match";
import { type LabelSelector, selectorText } from "./framework/selector";

export type NetworkPoolType = "private" | "public";
const TYPES: readonly NetworkPoolType[] = ["private", "public"];

/** Filters of both pool lookups; the API applies them. */
interface NetworkPoolFilters {
  /**
   * Only pools whose labels match this label selector, e.g. `env==prod,tier in (web, api)`; checked
   * against the selector grammar before it is sent.
   */
  readonly labelSelector?: LabelSelector;
  /** Only pools of this location. */
  readonly locationId?: number;
  /** Only pools of this type: `public` or `private`. */
  readonly type?: NetworkPoolType;
}

export interface GetNetworkPoolsArgs extends NetworkPoolFilters {
  /** Only pools whose title (or CIDR) contains this text. */
  readonly searchPattern?: string;
  /** The most pools to return, 1 to 10,000 (default 1,000); more is an error. */
  readonly limit?: number;
}

/** One pool by exactly one of id, title (case-insensitive) or cidr, among the filtered pools. */
export interface GetNetworkPoolArgs extends NetworkPoolFilters {
  /** The pool's id (give exactly one of id, title and cidr). */
  readonly id?: string;
  /** The pool's title, case-insensitive (give exactly one of id, title and cidr). */
  readonly title?: string;
  /** The pool's whole range, e.g. "10.0.0.0/20" (compared as a network). */
  readonly cidr?: string;
}

/** A network pool: what subnetworks are allocated from. */
export interface GetNetworkPoolResult {
  /** The pool's id (the `networkPoolId` property of a Subnetwork). */
  readonly id: string;
  /** The pool's title; null where the API does not say. */
  readonly title: string | null;
  /** The pool's network in CIDR notation; null where the API does not say. */
  readonly cidr: string | null;
  /** "private" or "public". */
  readonly type: string | null;
  /** The ids of the locations the pool serves. */
  readonly locationIds: number[];
  /** The codes of the locations the pool serves. */
  readonly locationCodes: string[];
  /** The labels, without the provider's ownership label. */
  readonly labels: Record<string, string>;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
}

export interface GetNetworkPoolsResult {
  /** The network pools, in the API's order. */
  readonly networkPools: GetNetworkPoolResult[];
}

export interface GetSubnetworksArgs {
  /** The network pool's id. */
  readonly networkPoolId: string;
  /** true: only subnetworks attached to a server. */
  readonly attached?: boolean;
  /** Only subnetworks whose title (or CIDR) contains this text. */
  readonly searchPattern?: string;
  /** The most subnetworks to return, 1 to 10,000 (default 1,000); more is an error. */
  readonly limit?: number;
}

/** A subnetwork of a network pool. */
export interface SubnetworkResult {
  /** The subnetwork's own id (a Subnetwork resource's `subnetworkId`). */
  readonly id: string;
  /** The id of its network pool. */
  readonly networkPoolId: string;
  /** The subnetwork's title; null where the API does not say. */
  readonly title: string | null;
  /** The subnetwork in CIDR notation; null where the API does not say. */
  readonly cidr: string | null;
  /** Whether the subnetwork is attached to a server; null where the API does not say. */
  readonly attached: boolean | null;
  /** The interface it serves: `public` or `private`; null where the API does not say. */
  readonly interfaceType: string | null;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
}

export interface GetSubnetworksResult {
  /** The subnetworks, in the API's order. */
  readonly subnetworks: SubnetworkResult[];
}

function filtersOf(lookup: Lookup, args: NetworkPoolFilters) {
  return definedFields({
    labelSelector: selectorText(lookup.fn, args.labelSelector),
    locationId: optionalWholeNumber(lookup.fn, args, "locationId"),
    type: optionalChoice(lookup.fn, args, "type", TYPES),
  });
}

/**
 * The account's network pools (what subnetworks are allocated from), filtered by labels, location,
 * type and title.
 */
export function getNetworkPools(
  args: GetNetworkPoolsArgs = {},
  opts?: LookupOptions,
): Promise<GetNetworkPoolsResult> {
  return promiseForm("getNetworkPools", opts, async (lookup) => {
    const filters = {
      ...filtersOf(lookup, args),
      ...definedFields({ searchPattern: optionalText(lookup.fn, args, "searchPattern") }),
    };
    const pools = await collectFiltered(
      lookup,
      {
        what: "network pools match",
        limit: args.limit,
        narrowWith: "labelSelector, locationId, type or searchPattern",
      },
      filters,
      (query) => lookup.client.networkPools.list(query, lookup.call),
    );
    return { networkPools: pools.map(networkPoolResult) };
  });
}

export const getNetworkPoolsOutput = outputForm(getNetworkPools);

/** One network pool, by exactly one of id, title (case-insensitive) or CIDR. */
export function getNetworkPool(
  args: GetNetworkPoolArgs,
  opts?: LookupOptions,
): Promise<GetNetworkPoolResult> {
  return promiseForm("getNetworkPool", opts, async (lookup) => {
    const key = oneOf(lookup.fn, args, ["id", "title", "cidr"]);
    const filters = filtersOf(lookup, args);
    const list = (query: { readonly perPage: number; readonly searchPattern?: string }) =>
      lookup.client.networkPools.list({ ...query, ...filters }, lookup.call);
    if (key === "id") {
      const id = text(lookup.fn, args, "id");
      const pool = await getById(lookup, "network pool", id, () =>
        lookup.client.networkPools.get(id, lookup.call),
      );
      const listed =
        Object.keys(filters).length === 0
          ? [pool]
          : await collectPages(lookup, { what: "network pools" }, list);
      if (!listed.some((candidate) => candidate.id === pool.id)) {
        throw new NoMatchError(
          `${lookup.fn}: the network pool ${id} does not fit the filters given`,
        );
      }
      return networkPoolResult(pool);
    }
    if (key === "cidr")
      return networkPoolResult(await byCidr(lookup, text(lookup.fn, args, "cidr"), list));
    const pool = await pickBySearchList(
      lookup,
      { what: "network pool", query: text(lookup.fn, args, "title"), mode: "words" },
      { what: "network pools" },
      list,
      (item) => namedCandidate(item, item.title ?? item.cidr ?? item.id),
    );
    return networkPoolResult(pool);
  });
}

export const getNetworkPoolOutput = outputForm(getNetworkPool);

/** The pool whose range is this network: narrowed by search_pattern as Terraform does, then all. */
async function byCidr(
  lookup: Lookup,
  cidr: string,
  list: (query: {
    readonly perPage: number;
    readonly searchPattern?: string;
  }) => ReturnType<Lookup["client"]["networkPools"]["list"]>,
): Promise<NetworkPool> {
  const wanted = parseCidr(cidr);
  if (typeof wanted === "string")
    throw new LookupError(`${lookup.fn}: cidr ${wanted} (got "${cidr}")`);
  const fits = (pool: NetworkPool) => {
    const live = pool.cidr === undefined ? undefined : parseCidr(pool.cidr);
    return (
      live !== undefined &&
      typeof live !== "string" &&
      live.bits === wanted.bits &&
      live.prefix === wanted.prefix &&
      live.address === wanted.address
    );
  };
  let found = (
    await collectPages(lookup, { what: "network pools" }, (page) =>
      list({ ...page, searchPattern: cidr }),
    )
  ).filter(fits);
  if (found.length === 0)
    found = (await collectPages(lookup, { what: "network pools" }, list)).filter(fits);
  const [only, other] = found;
  if (only === undefined)
    throw new NoMatchError(`${lookup.fn}: no network pool has the range ${cidr}`);
  if (other !== undefined) {
    const ids = found.map((pool) => pool.id);
    throw new AmbiguousMatchError(
      `${lookup.fn}: ${found.length} network pools have the range ${cidr} (${ids.join(", ")}): give id`,
      ids,
    );
  }
  return only;
}

/** The subnetworks of a network pool, filtered by attachment and title. */
export function getSubnetworks(
  args: GetSubnetworksArgs,
  opts?: LookupOptions,
): Promise<GetSubnetworksResult> {
  return promiseForm("getSubnetworks", opts, async (lookup) => {
    const networkPoolId = text(lookup.fn, args, "networkPoolId");
    const attached = optionalBoolean(lookup.fn, args, "attached");
    // srvctl sends attached only as true; false is applied here, not sent.
    const filters = definedFields({
      attached: attached === true ? true : undefined,
      searchPattern: optionalText(lookup.fn, args, "searchPattern"),
    });
    const subnetworks = await getById(lookup, "network pool", networkPoolId, () =>
      collectFiltered(
        lookup,
        {
          what: `subnetworks of network pool ${networkPoolId}`,
          limit: args.limit,
          narrowWith: "attached or searchPattern",
        },
        filters,
        (query) => lookup.client.networkPools.listSubnetworks(networkPoolId, query, lookup.call),
      ),
    );
    return {
      subnetworks: subnetworks
        .filter((subnetwork) => attached !== false || subnetwork.attached !== true)
        .map((subnetwork) => subnetworkResult(networkPoolId, subnetwork)),
    };
  });
}

export const getSubnetworksOutput = outputForm(getSubnetworks);

function networkPoolResult(pool: NetworkPool): GetNetworkPoolResult {
  return {
    ...camelFields(pool, ["id", "title", "cidr", "type", "created_at", "updated_at"]),
    locationIds: [...(pool.location_ids ?? [])],
    locationCodes: [...(pool.location_codes ?? [])],
    labels: withoutOwnerLabel(pool.labels),
  };
}

function subnetworkResult(networkPoolId: string, subnetwork: Subnetwork): SubnetworkResult {
  return {
    ...camelFields(subnetwork, [
      "id",
      "title",
      "cidr",
      "attached",
      "interface_type",
      "created_at",
      "updated_at",
    ]),
    networkPoolId: subnetwork.network_pool_id ?? networkPoolId,
  };
}
