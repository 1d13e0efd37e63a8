// Kubernetes clusters (ordered elsewhere: the API reads and relabels them) and their nodes.
import type {
  KubernetesCluster,
  KubernetesClusterNode,
  KubernetesNodeGroup,
} from "../../sdk/areas/kubernetes-clusters";
import { withoutOwnerLabel } from "../framework/ownership";
import { clusterFields } from "../kubernetes-cluster/definition";
import { definedFields, optionalText, optionalWholeNumber, text } from "./framework/args";
import { camelFields } from "./framework/fields";
import { type LookupOptions, outputForm, promiseForm } from "./framework/invoke";
import { collectFiltered } from "./framework/lists";
import { nameCandidate, namedCandidate } from "./framework/match";
import { accountItem } from "./framework/one";
import { type LabelSelector, selectorText } from "./framework/selector";

export interface GetKubernetesClustersArgs {
  /** Only clusters whose labels match (text or a builder). */
  readonly labelSelector?: LabelSelector;
  /** Only clusters whose name contains this text. */
  readonly searchPattern?: string;
  readonly locationId?: number;
  /** The most clusters to return, 1 to 10,000 (default 1,000); more is an error. */
  readonly limit?: number;
}

/** One cluster by exactly one of id or name (case-insensitive). */
export interface GetKubernetesClusterArgs {
  /** The cluster's id (give exactly one of id and name). */
  readonly id?: string;
  /** The cluster's name, case-insensitive (give exactly one of id and name). */
  readonly name?: string;
}

/** A Kubernetes cluster. */
export interface GetKubernetesClusterResult {
  /** The cluster's id. */
  readonly id: string;
  /** The cluster's name. */
  readonly name: string;
  readonly status: string;
  readonly locationId: number;
  readonly locationCode: string | null;
  /** The labels, without the provider's ownership label. */
  readonly labels: Record<string, string>;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface GetKubernetesClustersResult {
  /** The clusters, in the API's order. */
  readonly kubernetesClusters: GetKubernetesClusterResult[];
}

export interface GetKubernetesClusterNodesArgs {
  /** The cluster's id. */
  readonly clusterId: string;
  /** Only nodes whose labels match (text or a builder). */
  readonly labelSelector?: LabelSelector;
  /** Only nodes whose hostname contains this text. */
  readonly searchPattern?: string;
  /** The most nodes to return, 1 to 10,000 (default 1,000); more is an error. */
  readonly limit?: number;
}

/** One node of a cluster by exactly one of id or hostname (case-insensitive). */
export interface GetKubernetesClusterNodeArgs {
  /** The cluster's id. */
  readonly clusterId: string;
  /** The node's id (give exactly one of id and hostname). */
  readonly id?: string;
  /** The node's host name, exact but for case (give exactly one of id and hostname). */
  readonly hostname?: string;
}

/** A node group of a Kubernetes cluster. */
export interface KubernetesNodeGroupResult {
  /** The node group's id. */
  readonly id: string;
  /** The node group's name. */
  readonly name: string;
  /** The node group's description; null when it has none. */
  readonly description: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** Fields older records lack are null. */
export interface GetKubernetesClusterNodeResult {
  /** The node's id. */
  readonly id: string;
  /** The node's number in the cluster. */
  readonly number: number;
  /** The node's host name. */
  readonly hostname: string;
  readonly configuration: string;
  /** "cloud" or "baremetal". */
  readonly type: string;
  /** The node's role: `master` or `node`. */
  readonly role: string;
  readonly status: string;
  readonly privateIpv4Address: string | null;
  readonly publicIpv4Address: string | null;
  readonly locationId: number | null;
  readonly locationCode: string | null;
  /** The id of the underlying cloud instance or bare metal node host. */
  readonly refId: string;
  /** The id of the node's cluster. */
  readonly clusterId: string;
  /** The node group the node is in; null when it is in none. */
  readonly nodeGroup: KubernetesNodeGroupResult | null;
  /** The node's labels, without the provider's ownership label. */
  readonly labels: Record<string, string>;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface GetKubernetesClusterNodesResult {
  /** The nodes, in the API's order. */
  readonly nodes: GetKubernetesClusterNodeResult[];
}

/** The account's Kubernetes clusters, filtered by labels, name and location. */
export function getKubernetesClusters(
  args: GetKubernetesClustersArgs = {},
  opts?: LookupOptions,
): Promise<GetKubernetesClustersResult> {
  return promiseForm("getKubernetesClusters", opts, async (lookup) => {
    const filters = definedFields({
      labelSelector: selectorText(lookup.fn, args.labelSelector),
      searchPattern: optionalText(lookup.fn, args, "searchPattern"),
      locationId: optionalWholeNumber(lookup.fn, args, "locationId"),
    });
    const clusters = await collectFiltered(
      lookup,
      {
        what: "Kubernetes clusters match",
        limit: args.limit,
        narrowWith: "labelSelector, searchPattern or locationId",
      },
      filters,
      (query) => lookup.client.kubernetesClusters.list(query, lookup.call),
    );
    return { kubernetesClusters: clusters.map(clusterResult) };
  });
}

export const getKubernetesClustersOutput = outputForm(getKubernetesClusters);

/** One Kubernetes cluster, by exactly one of id or name (case-insensitive). */
export function getKubernetesCluster(
  args: GetKubernetesClusterArgs,
  opts?: LookupOptions,
): Promise<GetKubernetesClusterResult> {
  return promiseForm("getKubernetesCluster", opts, async (lookup) => {
    const cluster = await accountItem(lookup, args, {
      what: "Kubernetes cluster",
      get: (id) => lookup.client.kubernetesClusters.get(id, lookup.call),
      list: (query) => lookup.client.kubernetesClusters.list(query, lookup.call),
      candidate: nameCandidate,
    });
    return clusterResult(cluster);
  });
}

export const getKubernetesClusterOutput = outputForm(getKubernetesCluster);

/** The nodes of a Kubernetes cluster, filtered by labels and name. */
export function getKubernetesClusterNodes(
  args: GetKubernetesClusterNodesArgs,
  opts?: LookupOptions,
): Promise<GetKubernetesClusterNodesResult> {
  return promiseForm("getKubernetesClusterNodes", opts, async (lookup) => {
    const clusterId = text(lookup.fn, args, "clusterId");
    const filters = definedFields({
      labelSelector: selectorText(lookup.fn, args.labelSelector),
      searchPattern: optionalText(lookup.fn, args, "searchPattern"),
    });
    const nodes = await collectFiltered(
      lookup,
      {
        what: `nodes of Kubernetes cluster ${clusterId}`,
        limit: args.limit,
        narrowWith: "labelSelector or searchPattern",
      },
      filters,
      (query) => lookup.client.kubernetesClusters.listNodes(clusterId, query, lookup.call),
    );
    return { nodes: nodes.map(nodeResult) };
  });
}

export const getKubernetesClusterNodesOutput = outputForm(getKubernetesClusterNodes);

/** One node of a Kubernetes cluster, by exactly one of id or host name. */
export function getKubernetesClusterNode(
  args: GetKubernetesClusterNodeArgs,
  opts?: LookupOptions,
): Promise<GetKubernetesClusterNodeResult> {
  return promiseForm("getKubernetesClusterNode", opts, async (lookup) => {
    const clusterId = text(lookup.fn, args, "clusterId");
    const node = await accountItem(lookup, args, {
      what: "Kubernetes cluster node",
      listed: `nodes of Kubernetes cluster ${clusterId}`,
      nameKey: "hostname",
      mode: "exact",
      where: async () => ` in Kubernetes cluster ${clusterId}`,
      get: (id) => lookup.client.kubernetesClusters.getNode(clusterId, id, lookup.call),
      list: (query) => lookup.client.kubernetesClusters.listNodes(clusterId, query, lookup.call),
      candidate: (candidate) => namedCandidate(candidate, candidate.hostname),
    });
    return nodeResult(node);
  });
}

export const getKubernetesClusterNodeOutput = outputForm(getKubernetesClusterNode);

/** The fields the KubernetesCluster resource shows (one mapping for both), with the id. */
function clusterResult(cluster: KubernetesCluster): GetKubernetesClusterResult {
  return { id: cluster.id, ...clusterFields(cluster) };
}

function nodeResult(node: KubernetesClusterNode): GetKubernetesClusterNodeResult {
  return {
    ...camelFields(node, [
      "id",
      "number",
      "hostname",
      "configuration",
      "type",
      "role",
      "status",
      "private_ipv4_address",
      "public_ipv4_address",
      "location_id",
      "location_code",
      "ref_id",
      "cluster_id",
      "created_at",
      "updated_at",
    ]),
    nodeGroup: node.node_group == null ? null : nodeGroupResult(node.node_group),
    labels: withoutOwnerLabel(node.labels),
  };
}

function nodeGroupResult(group: KubernetesNodeGroup): KubernetesNodeGroupResult {
  return camelFields(group, ["id", "name", "description", "created_at", "updated_at"]);
}
