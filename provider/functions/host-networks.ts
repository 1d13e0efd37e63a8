// Networks of a host: a dedicated server, an SBM server or a Kubernetes bare metal node, with
// the spec's filters (family, interface type, distribution method, additional, search pattern).
import type {
  Network,
  NetworkDistributionMethod,
  NetworkFamily,
  NetworkInterfaceType,
  NetworkListOptions,
} from "../../sdk/areas/common";
import { type HostKind, hostKinds } from "../../sdk/areas/host-common";
import type { PagePromise } from "../../sdk/core/contract";
import { networkFields } from "../host-network/definition";
import {
  definedFields,
  optionalBoolean,
  optionalChoice,
  optionalText,
  text,
} from "./framework/args";
import { type Lookup, type LookupOptions, outputForm, promiseForm } from "./framework/invoke";
import { collect, listLimit, PAGE_SIZE } from "./framework/lists";
import { findHostById } from "./hosts";

const FAMILIES: readonly NetworkFamily[] = ["ipv4", "ipv6"];
const INTERFACE_TYPES: readonly NetworkInterfaceType[] = ["public", "private", "oob"];
const DISTRIBUTION_METHODS: readonly NetworkDistributionMethod[] = ["route", "gateway"];

export interface GetHostNetworksArgs {
  /** The host's id. */
  readonly hostId: string;
  /** The host's kind; without it, the host is read first to learn it (one to three requests). */
  readonly hostType?: HostKind;
  /** Only networks of this family: `ipv4` or `ipv6`. */
  readonly family?: NetworkFamily;
  /** Only networks on this interface: `public`, `private` or `oob`. */
  readonly interfaceType?: NetworkInterfaceType;
  /** Only networks of this distribution method: `route` or `gateway`. */
  readonly distributionMethod?: NetworkDistributionMethod;
  /** true: only networks ordered additionally; false: only the others. */
  readonly additional?: boolean;
  /** Only networks whose title contains this text. */
  readonly searchPattern?: string;
  /** The most networks to return, 1 to 10,000 (default 1,000); more is an error. */
  readonly limit?: number;
}

/** A network of a host. */
export interface NetworkResult {
  /** The network's id. */
  readonly id: string;
  /** null where the API has none (the Go client reads it as nullable). */
  readonly title: string | null;
  /** The network's status, e.g. `active`. */
  readonly status: string;
  /** IPv4 or IPv6 CIDR; null until an additional network is active. */
  readonly cidr: string | null;
  /** The network's first usable address; null where the API leaves it out. */
  readonly firstIp: string | null;
  /** The network's gateway address; null where the API leaves it out. */
  readonly gateway: string | null;
  /** "ipv4" or "ipv6". */
  readonly family: string;
  /** "public", "private" or "oob". */
  readonly interfaceType: string;
  /** "route" or "gateway". */
  readonly distributionMethod: string;
  /** true when the network was ordered additionally. */
  readonly additional: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface GetHostNetworksResult {
  /** The networks, in the API's order. */
  readonly networks: NetworkResult[];
}

/**
 * The networks of a host (a dedicated server, SBM server or Kubernetes bare metal node), filtered
 * by family, interface, distribution method and more.
 */
export function getHostNetworks(
  args: GetHostNetworksArgs,
  opts?: LookupOptions,
): Promise<GetHostNetworksResult> {
  return promiseForm("getHostNetworks", opts, async (lookup) => {
    const hostId = text(lookup.fn, args, "hostId");
    const givenType = optionalChoice(lookup.fn, args, "hostType", hostKinds);
    const filters = definedFields({
      family: optionalChoice(lookup.fn, args, "family", FAMILIES),
      interfaceType: optionalChoice(lookup.fn, args, "interfaceType", INTERFACE_TYPES),
      distributionMethod: optionalChoice(
        lookup.fn,
        args,
        "distributionMethod",
        DISTRIBUTION_METHODS,
      ),
      additional: optionalBoolean(lookup.fn, args, "additional"),
      searchPattern: optionalText(lookup.fn, args, "searchPattern"),
    });
    const limit = listLimit(lookup.fn, args.limit);
    const hostType = givenType ?? (await hostKindOf(lookup, hostId));
    const networks = await collect(
      listNetworks(lookup, hostType, hostId, { perPage: PAGE_SIZE, ...filters }),
      { fn: lookup.fn, what: `networks of host ${hostId}`, limit },
    );
    return { networks: networks.map(networkResult) };
  });
}

export const getHostNetworksOutput = outputForm(getHostNetworks);

async function hostKindOf(lookup: Lookup, hostId: string): Promise<HostKind> {
  return (await findHostById(lookup, hostId, undefined)).type;
}

function listNetworks(
  lookup: Lookup,
  hostType: HostKind,
  hostId: string,
  options: NetworkListOptions,
): PagePromise<Network> {
  switch (hostType) {
    case "dedicated_server":
      return lookup.client.dedicatedServers.listNetworks(hostId, options, lookup.call);
    case "sbm_server":
      return lookup.client.sbmServers.listNetworks(hostId, options, lookup.call);
    case "kubernetes_baremetal_node":
      return lookup.client.kubernetesBaremetalNodes.listNetworks(hostId, options, lookup.call);
  }
}

/** The fields the HostNetwork resource shows (one mapping for both), with the id. */
function networkResult(network: Network): NetworkResult {
  return { id: network.id, ...networkFields(network) };
}
