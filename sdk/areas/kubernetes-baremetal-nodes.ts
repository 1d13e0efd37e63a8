// Kubernetes bare metal nodes: /hosts/kubernetes_baremetal_nodes. Part of a cluster ordered
// elsewhere: the API can read, relabel and power them, never create or delete them.
import { z } from "zod";
import type { CallOptions, PagePromise, Requester } from "../core/contract";
import { path, toWireQuery } from "../core/contract";
import {
  checkLabels,
  type LabelsInput,
  type Network,
  type NetworkListOptions,
  type PtrRecord,
  type PtrRecordCreateBody,
  type PtrRecordListOptions,
} from "./common";
import {
  createHostPtrRecord,
  deleteHostPtrRecord,
  getHostNetwork,
  type HostListOptions,
  hostAction,
  hostRecordFields,
  listHostNetworks,
  listHostPtrRecords,
  ServerModelConfigurationDetailsSchema,
} from "./host-common";

const collection = "kubernetes_baremetal_nodes";

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

export class KubernetesBaremetalNodesApi {
  constructor(private readonly http: Requester) {}

  list(
    options?: KubernetesBaremetalNodeListOptions,
    callOptions?: CallOptions,
  ): PagePromise<KubernetesBaremetalNode> {
    return this.http.list(
      path`/hosts/${collection}`,
      toWireQuery(options),
      KubernetesBaremetalNodeSchema,
      callOptions,
    );
  }

  async get(id: string, options?: CallOptions): Promise<KubernetesBaremetalNode> {
    return this.http.request(
      {
        method: "GET",
        path: path`/hosts/${collection}/${id}`,
        schema: KubernetesBaremetalNodeSchema,
      },
      options,
    );
  }

  async update(
    id: string,
    body: KubernetesBaremetalNodeUpdateBody,
    options?: CallOptions,
  ): Promise<KubernetesBaremetalNode> {
    checkLabels(body.labels);
    return this.http.request(
      {
        method: "PUT",
        path: path`/hosts/${collection}/${id}`,
        body,
        schema: KubernetesBaremetalNodeSchema,
      },
      options,
    );
  }

  /**
   * Answers the node with power_status powering_on. 409 CONFLICT while another power operation
   * runs, 412 PRECONDITION_FAILED when the host is not ready.
   */
  async powerOn(id: string, options?: CallOptions): Promise<KubernetesBaremetalNode> {
    return hostAction(
      this.http,
      collection,
      id,
      "power_on",
      KubernetesBaremetalNodeSchema,
      options,
    );
  }

  async powerOff(id: string, options?: CallOptions): Promise<KubernetesBaremetalNode> {
    return hostAction(
      this.http,
      collection,
      id,
      "power_off",
      KubernetesBaremetalNodeSchema,
      options,
    );
  }

  async powerCycle(id: string, options?: CallOptions): Promise<KubernetesBaremetalNode> {
    return hostAction(
      this.http,
      collection,
      id,
      "power_cycle",
      KubernetesBaremetalNodeSchema,
      options,
    );
  }

  listNetworks(
    id: string,
    options?: NetworkListOptions,
    callOptions?: CallOptions,
  ): PagePromise<Network> {
    return listHostNetworks(this.http, collection, id, options, callOptions);
  }

  async getNetwork(id: string, networkId: string, options?: CallOptions): Promise<Network> {
    return getHostNetwork(this.http, collection, id, networkId, options);
  }

  listPtrRecords(
    id: string,
    options?: PtrRecordListOptions,
    callOptions?: CallOptions,
  ): PagePromise<PtrRecord> {
    return listHostPtrRecords(this.http, collection, id, options, callOptions);
  }

  async createPtrRecord(
    id: string,
    body: PtrRecordCreateBody,
    options?: CallOptions,
  ): Promise<PtrRecord> {
    return createHostPtrRecord(this.http, collection, id, body, options);
  }

  async deletePtrRecord(id: string, ptrRecordId: string, options?: CallOptions): Promise<void> {
    return deleteHostPtrRecord(this.http, collection, id, ptrRecordId, options);
  }
}
