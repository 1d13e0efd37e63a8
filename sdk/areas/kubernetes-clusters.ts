// Kubernetes clusters and their nodes: /kubernetes_clusters. Clusters are ordered elsewhere:
// the API reads them, relabels them and moves nodes between node groups, nothing more.
import { z } from "zod";
import type { CallOptions, ListOptions, PagePromise, Requester } from "../core/contract";
import { path } from "../core/contract";
import type { StateTable } from "../wait";
import {
  type LabelsInput,
  LabelsSchema,
  RecordsAt,
  TimestampSchema,
  UpdatableCollectionApi,
} from "./common";

export const KubernetesClusterSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  location_id: z.number().int(),
  location_code: z.string().optional(),
  labels: LabelsSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type KubernetesCluster = z.infer<typeof KubernetesClusterSchema>;

export const KubernetesNodeGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** The nodes in the group (G+ `KubernetesClusterNodeGroup.NodeCount` at abb982c9). */
  node_count: z.number().int().nullable().optional(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type KubernetesNodeGroup = z.infer<typeof KubernetesNodeGroupSchema>;

/** Go `KubernetesClusterNodeGroupCreateInput` (types.go abb982c9). */
export interface KubernetesNodeGroupCreateBody {
  readonly name: string;
  readonly description?: string;
}

/** Go `KubernetesClusterNodeGroupUpdateInput`: both omitempty. */
export interface KubernetesNodeGroupUpdateBody {
  readonly name?: string;
  readonly description?: string;
}

/** Go `KubernetesClusterMoveNodesInput`. */
export interface KubernetesMoveNodesBody {
  readonly node_group_id: string;
  readonly node_ids: readonly string[];
}

export const KubernetesClusterNodeSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  hostname: z.string(),
  configuration: z.string(),
  type: z.string(),
  role: z.string(),
  status: z.string(),
  private_ipv4_address: z.string().nullable(),
  public_ipv4_address: z.string().nullable(),
  /** The id of the underlying server or cloud instance. */
  ref_id: z.string(),
  cluster_id: z.string(),
  labels: LabelsSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  // In the spec's record, absent from the fixture's older one.
  location_id: z.number().int().optional(),
  location_code: z.string().optional(),
  // Null (or absent) for a node outside any group.
  node_group: KubernetesNodeGroupSchema.nullable().optional(),
});
export type KubernetesClusterNode = z.infer<typeof KubernetesClusterNodeSchema>;

/** Cluster and node `status`: no full list is published (docs/wire.md). */
export const kubernetesClusterStates: StateTable = {
  transitional: ["pending"],
  settled: ["active"],
  failed: [],
};
export const kubernetesNodeStates: StateTable = {
  transitional: ["pending"],
  settled: ["active"],
  failed: [],
};

export interface KubernetesClusterUpdateBody {
  /** Replaces the whole label set. */
  readonly labels?: LabelsInput;
}

export interface KubernetesClusterNodeUpdateBody {
  /** The node group to move the node to. */
  readonly node_group_id: string;
}

export interface KubernetesClusterListOptions extends ListOptions {
  readonly locationId?: number;
}

export type KubernetesClusterNodeListOptions = ListOptions;

export class KubernetesClustersApi extends UpdatableCollectionApi<
  KubernetesCluster,
  KubernetesClusterListOptions,
  KubernetesClusterUpdateBody
> {
  constructor(http: Requester) {
    super(http, "/kubernetes_clusters", KubernetesClusterSchema);
  }

  listNodes(
    clusterId: string,
    options?: KubernetesClusterNodeListOptions,
    callOptions?: CallOptions,
  ): PagePromise<KubernetesClusterNode> {
    return this.#nodes(clusterId).list(options, callOptions);
  }

  async getNode(
    clusterId: string,
    nodeId: string,
    options?: CallOptions,
  ): Promise<KubernetesClusterNode> {
    return this.#nodes(clusterId).get(nodeId, options);
  }

  /** Moves the node to another node group; answers the node with its new node_group. */
  async updateNode(
    clusterId: string,
    nodeId: string,
    body: KubernetesClusterNodeUpdateBody,
    options?: CallOptions,
  ): Promise<KubernetesClusterNode> {
    return this.#nodes(clusterId).update(nodeId, body, options);
  }

  /** GET .../node_groups (Go `NodeGroups`): the cluster's node groups. */
  listNodeGroups(
    clusterId: string,
    options?: Pick<ListOptions, "perPage" | "page">,
    callOptions?: CallOptions,
  ): PagePromise<KubernetesNodeGroup> {
    return this.#nodeGroups(clusterId).list(options, callOptions);
  }

  /** POST .../node_groups {name, description?} (Go `CreateNodeGroup`). */
  async createNodeGroup(
    clusterId: string,
    body: KubernetesNodeGroupCreateBody,
    options?: CallOptions,
  ): Promise<KubernetesNodeGroup> {
    return this.#nodeGroups(clusterId).create(body, options);
  }

  /** PUT .../node_groups/{id} {name?, description?} (Go `UpdateNodeGroup`). */
  async updateNodeGroup(
    clusterId: string,
    nodeGroupId: string,
    body: KubernetesNodeGroupUpdateBody,
    options?: CallOptions,
  ): Promise<KubernetesNodeGroup> {
    return this.#nodeGroups(clusterId).update(nodeGroupId, body, options);
  }

  /** DELETE .../node_groups/{id} (Go `DeleteNodeGroup`; the answer is not read). */
  async deleteNodeGroup(
    clusterId: string,
    nodeGroupId: string,
    options?: CallOptions,
  ): Promise<void> {
    return this.#nodeGroups(clusterId).delete(nodeGroupId, options);
  }

  /** POST .../nodes/move {node_group_id, node_ids} (Go `MoveNodes`): answers the moved nodes. */
  async moveNodes(
    clusterId: string,
    body: KubernetesMoveNodesBody,
    options?: CallOptions,
  ): Promise<KubernetesClusterNode[]> {
    return this.http.request(
      {
        method: "POST",
        path: path`/kubernetes_clusters/${clusterId}/nodes/move`,
        body,
        schema: z.array(KubernetesClusterNodeSchema),
      },
      options,
    );
  }

  /** A cluster's nodes: /kubernetes_clusters/{id}/nodes. */
  #nodes(clusterId: string): RecordsAt<KubernetesClusterNode> {
    return this.records.under(clusterId, "nodes", KubernetesClusterNodeSchema);
  }

  /** A cluster's node groups: /kubernetes_clusters/{id}/node_groups. */
  #nodeGroups(clusterId: string): RecordsAt<KubernetesNodeGroup> {
    return this.records.under(clusterId, "node_groups", KubernetesNodeGroupSchema);
  }
}
