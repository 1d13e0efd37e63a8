// Hosts of the account (dedicated servers, SBM servers, Kubernetes bare metal nodes), by label
// selector and kind, or one of them by id or title.
import type { DedicatedServer } from "../../sdk/areas/dedicated-servers";
import {
  type HostKind,
  hostKinds,
  type ServerModelConfigurationDetails,
} from "../../sdk/areas/host-common";
import {
  type Host,
  isDedicatedServer,
  isKubernetesBaremetalNode,
  isSbmServer,
} from "../../sdk/areas/hosts";
import type { KubernetesBaremetalNode } from "../../sdk/areas/kubernetes-baremetal-nodes";
import type { SbmServer } from "../../sdk/areas/sbm-servers";
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
import { NoMatchError } from "./framework/errors";
import { camelFields } from "./framework/fields";
import { type Lookup, type LookupOptions, outputForm, promiseForm } from "./framework/invoke";
import { collectFiltered } from "./framework/lists";
import { pickBySearchList } from "./framework/match";
import { type LabelSelector, selectorText } from "./framework/selector";

export type { HostKind } from "../../sdk/areas/host-common";

export interface GetHostsArgs {
  /**
   * Only hosts whose labels match this label selector, e.g. `env==prod,tier in (web, api)`; checked
   * against the selector grammar before it is sent.
   */
  readonly labelSelector?: LabelSelector;
  /** Only hosts of this kind. */
  readonly type?: HostKind;
  readonly locationId?: number;
  /** Only hosts whose title contains this text. */
  readonly searchPattern?: string;
  /**
   * The most hosts to return, 1 to 10,000 (default 1,000). More matching hosts is an error, not
   * a shorter list: a program must not act on part of them believing it saw them all.
   */
  readonly limit?: number;
}

/** One host by exactly one of id or title (case-insensitive). */
export interface GetHostArgs {
  /** The host's id (give exactly one of id and title). */
  readonly id?: string;
  /** The host name it was ordered with. */
  readonly title?: string;
  /** Its kind; without it an id is tried as each kind in turn. */
  readonly type?: HostKind;
}

/**
 * `configuration_details`: dedicated servers and bare metal nodes have server model fields,
 * SBM servers flavor fields; those of the other kind are null.
 */
export interface HostConfigurationDetails {
  /** GB. */
  readonly ramSize: number | null;
  readonly serverModelId: number | null;
  readonly serverModelName: string | null;
  readonly sbmFlavorModelId: number | null;
  readonly sbmFlavorModelName: string | null;
  readonly bandwidthId: number | null;
  readonly bandwidthName: string | null;
  readonly privateUplinkId: number | null;
  readonly privateUplinkName: string | null;
  readonly publicUplinkId: number | null;
  readonly publicUplinkName: string | null;
  readonly operatingSystemId: number | null;
  readonly operatingSystemFullName: string | null;
}

/** A host of any kind; fields a kind or an older record lacks are null. */
export interface GetHostResult {
  /** The host's id. */
  readonly id: string;
  /** "dedicated_server", "sbm_server" or "kubernetes_baremetal_node". */
  readonly type: string;
  /** null for a bare metal node without one. */
  readonly title: string | null;
  readonly rackId: string | null;
  readonly locationId: number | null;
  readonly locationCode: string | null;
  readonly status: string;
  readonly operationalStatus: string | null;
  readonly powerStatus: string | null;
  readonly configuration: string | null;
  readonly privateIpv4Address: string | null;
  readonly publicIpv4Address: string | null;
  readonly oobIpv4Address: string | null;
  readonly leaseStartAt: string | null;
  /** Set once a release is scheduled. */
  readonly scheduledReleaseAt: string | null;
  /** The configuration as ordered; null where the API leaves it out. */
  readonly configurationDetails: HostConfigurationDetails | null;
  /** Bare metal nodes only. */
  readonly kubernetesClusterId: string | null;
  /** For a Kubernetes bare metal node, its id as a node of the cluster; otherwise null. */
  readonly kubernetesClusterNodeId: string | null;
  /** For a Kubernetes bare metal node, its number in the cluster; otherwise null. */
  readonly kubernetesClusterNodeNumber: number | null;
  /** The labels, without the provider's ownership label. */
  readonly labels: Record<string, string>;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
}

export interface GetHostsResult {
  /** The hosts, in the API's order. */
  readonly hosts: GetHostResult[];
}

/** Hosts matching every filter given (all hosts without any). */
export function getHosts(args: GetHostsArgs = {}, opts?: LookupOptions): Promise<GetHostsResult> {
  return promiseForm("getHosts", opts, async (lookup) => {
    const filters = definedFields({
      labelSelector: selectorText(lookup.fn, args.labelSelector),
      type: optionalChoice(lookup.fn, args, "type", hostKinds),
      locationId: optionalWholeNumber(lookup.fn, args, "locationId"),
      searchPattern: optionalText(lookup.fn, args, "searchPattern"),
    });
    const hosts = await collectFiltered(
      lookup,
      {
        what: "hosts match",
        limit: args.limit,
        narrowWith: "labelSelector, type, locationId or searchPattern",
      },
      filters,
      (query) => lookup.client.hosts.list(query, lookup.call),
    );
    return { hosts: hosts.map(hostResult) };
  });
}

export const getHostsOutput = outputForm(getHosts);

/**
 * One host of any kind (dedicated server, SBM server, Kubernetes bare metal node), by exactly one
 * of id or title (case-insensitive), optionally narrowed to one kind.
 */
export function getHost(args: GetHostArgs, opts?: LookupOptions): Promise<GetHostResult> {
  return promiseForm("getHost", opts, async (lookup) => {
    const type = optionalChoice(lookup.fn, args, "type", hostKinds);
    const key = oneOf(lookup.fn, args, ["id", "title"]);
    if (key === "id")
      return hostResult(await findHostById(lookup, text(lookup.fn, args, "id"), type));
    const typed = definedFields({ type });
    const host = await pickBySearchList(
      lookup,
      { what: "host", query: text(lookup.fn, args, "title"), mode: "words" },
      { what: "hosts", narrowWith: "type" },
      ({ perPage, ...search }) =>
        lookup.client.hosts.list({ perPage, ...typed, ...search }, lookup.call),
      hostCandidate,
    );
    return hostResult(host);
  });
}

export const getHostOutput = outputForm(getHost);

/**
 * A host by id: GET of its kind, or of each kind in turn when the kind is not known (an id names
 * one host whatever its kind). Also used by getHostNetworks.
 */
export async function findHostById(
  lookup: Lookup,
  id: string,
  type: HostKind | undefined,
): Promise<KnownHost> {
  for (const kind of type === undefined ? hostKinds : [type]) {
    try {
      return await getHostOfKind(lookup, kind, id);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  const kinds = type === undefined ? "of any kind" : `of type ${type}`;
  throw new NoMatchError(`${lookup.fn}: no host ${kinds} has id ${id}`);
}

/** A host of a kind this SDK knows: its `type` is a HostKind. */
type KnownHost = DedicatedServer | SbmServer | KubernetesBaremetalNode;

function getHostOfKind(lookup: Lookup, kind: HostKind, id: string): Promise<KnownHost> {
  switch (kind) {
    case "dedicated_server":
      return lookup.client.dedicatedServers.get(id, lookup.call);
    case "sbm_server":
      return lookup.client.sbmServers.get(id, lookup.call);
    case "kubernetes_baremetal_node":
      return lookup.client.kubernetesBaremetalNodes.get(id, lookup.call);
  }
}

function hostCandidate(host: Host) {
  const title = host.title ?? "";
  return { item: host, names: [title], label: title === "" ? host.id : title, id: host.id };
}

export function hostResult(host: Host): GetHostResult {
  return {
    ...camelFields(host, [
      "id",
      "type",
      "title",
      "rack_id",
      "location_id",
      "location_code",
      "status",
      "operational_status",
      "power_status",
      "configuration",
      "private_ipv4_address",
      "public_ipv4_address",
      "oob_ipv4_address",
      "lease_start_at",
      "scheduled_release_at",
      "created_at",
      "updated_at",
    ]),
    configurationDetails: configurationDetails(host),
    kubernetesClusterId: isKubernetesBaremetalNode(host) ? host.kubernetes_cluster_id : null,
    kubernetesClusterNodeId: isKubernetesBaremetalNode(host)
      ? host.kubernetes_cluster_node_id
      : null,
    kubernetesClusterNodeNumber: isKubernetesBaremetalNode(host)
      ? host.kubernetes_cluster_node_number
      : null,
    labels: withoutOwnerLabel(host.labels ?? {}),
  };
}

function configurationDetails(host: Host): HostConfigurationDetails | null {
  if (isSbmServer(host)) {
    const details = host.configuration_details;
    if (details === undefined) return null;
    return {
      ...commonDetails(details),
      serverModelId: null,
      serverModelName: null,
      sbmFlavorModelId: details.sbm_flavor_model_id ?? null,
      sbmFlavorModelName: details.sbm_flavor_model_name ?? null,
    };
  }
  if (isDedicatedServer(host) || isKubernetesBaremetalNode(host)) {
    const details = host.configuration_details;
    if (details === undefined) return null;
    return {
      ...commonDetails(details),
      serverModelId: details.server_model_id ?? null,
      serverModelName: details.server_model_name ?? null,
      sbmFlavorModelId: null,
      sbmFlavorModelName: null,
    };
  }
  // A kind this SDK does not know yet: its configuration_details are not typed.
  return null;
}

/** The fields every kind's configuration_details has. */
function commonDetails(
  details: Omit<ServerModelConfigurationDetails, "server_model_id" | "server_model_name">,
) {
  return camelFields(details, [
    "ram_size",
    "bandwidth_id",
    "bandwidth_name",
    "private_uplink_id",
    "private_uplink_name",
    "public_uplink_id",
    "public_uplink_name",
    "operating_system_id",
    "operating_system_full_name",
  ]);
}
