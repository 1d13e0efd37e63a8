// Kubernetes bare metal nodes: /hosts/kubernetes_baremetal_nodes. Part of a cluster ordered
// elsewhere: the API can read, relabel and power them, never create or delete them.
import { z } from "zod";
import type { CallOptions, ListOptions, PagePromise, Requester } from "../core/contract";
import type { LabelsInput } from "./common";
import {
  type HostDriveSlot,
  HostDriveSlotSchema,
  HostKindApi,
  type HostListOptions,
  hostRecordFields,
  listHostItemsAt,
  ServerModelConfigurationDetailsSchema,
} from "./host-common";

export const KubernetesBaremetalNodeSchema = z.object({
  ...hostRecordFields,
  type: z.literal("kubernetes_baremetal_node"),
  /** Unlike other hosts, a node's title may be null (api-spec.md). */
  title: z.string().nullable(),
  kubernetes_cluster_id: z.string(),
  kubernetes_cluster_node_id: z.string(),
  kubernetes_cluster_node_number: z.number().int(),
  configuration_details: ServerModelConfigurationDetailsSchema.optional(),
});
export type KubernetesBaremetalNode = z.infer<typeof KubernetesBaremetalNodeSchema>;

export interface KubernetesBaremetalNodeUpdateBody {
  /** Replaces the whole label set. */
  readonly labels?: LabelsInput;
}

export type KubernetesBaremetalNodeListOptions = HostListOptions;

export class KubernetesBaremetalNodesApi extends HostKindApi<
  KubernetesBaremetalNode,
  KubernetesBaremetalNodeUpdateBody
> {
  constructor(http: Requester) {
    super(http, "kubernetes_baremetal_nodes", KubernetesBaremetalNodeSchema);
  }

  /** The node's drive slots (Go `KubernetesBaremetalNodeDriveSlots`). */
  listDriveSlots(
    id: string,
    options?: Pick<ListOptions, "perPage" | "page">,
    callOptions?: CallOptions,
  ): PagePromise<HostDriveSlot> {
    return listHostItemsAt(
      this.http,
      this.collection,
      id,
      "drive_slots",
      HostDriveSlotSchema,
      options,
      callOptions,
    );
  }
}
