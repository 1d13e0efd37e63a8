// What the three kinds of host (dedicated server, SBM server, Kubernetes bare metal node) share:
// the record's common fields, the status vocabularies, list filters, and the network and PTR
// sub-resources that live under /hosts/{kind}/{id}. Kept apart from hosts.ts so that the kind
// areas and the all-hosts list can both import it without a cycle.
import { z } from "zod";
import type { CallOptions, ListOptions, PagePromise, Requester } from "../core/contract";
import { path, toWireQuery } from "../core/contract";
import type { StateTable } from "../wait";
import {
  DateSchema,
  LabelsSchema,
  type Network,
  type NetworkListOptions,
  NetworkSchema,
  type PtrRecord,
  type PtrRecordCreateBody,
  type PtrRecordListOptions,
  PtrRecordSchema,
  TimestampSchema,
} from "./common";

/** The path segment of each kind under /hosts, which is also the record's `type`. */
export type HostKind = "dedicated_server" | "sbm_server" | "kubernetes_baremetal_node";
export const hostKinds: readonly HostKind[] = [
  "dedicated_server",
  "sbm_server",
  "kubernetes_baremetal_node",
];

/** The collection path segment of a kind: `/hosts/dedicated_servers`, ... */
export type HostCollection = "dedicated_servers" | "sbm_servers" | "kubernetes_baremetal_nodes";

const nullableInt = z.number().int().nullable();
const nullableString = z.string().nullable();

/**
 * The fields every kind's `configuration_details` has. All nullable: the bare metal node fixture
 * sends null even for `ram_size`, which the spec types as an integer.
 */
export const configurationDetailsFields = {
  ram_size: nullableInt,
  bandwidth_id: nullableInt,
  bandwidth_name: nullableString,
  private_uplink_id: nullableInt,
  private_uplink_name: nullableString,
  public_uplink_id: nullableInt,
  public_uplink_name: nullableString,
  operating_system_id: nullableInt,
  operating_system_full_name: nullableString,
};

/** configuration_details of dedicated servers and bare metal nodes (by server model). */
export const ServerModelConfigurationDetailsSchema = z.object({
  ...configurationDetailsFields,
  server_model_id: nullableInt,
  server_model_name: nullableString,
});
export type ServerModelConfigurationDetails = z.infer<typeof ServerModelConfigurationDetailsSchema>;

/**
 * Fields of every host record. The ones the fixtures' older records lack (`rack_id`,
 * `operational_status`, `power_status`, `oob_ipv4_address`, `configuration_details`) are
 * optional; each kind adds its own `type` literal and `configuration_details` shape.
 */
export const hostRecordFields = {
  id: z.string(),
  rack_id: z.string().nullable().optional(),
  title: z.string(),
  location_id: z.number().int(),
  location_code: z.string(),
  status: z.string(),
  operational_status: z.string().optional(),
  power_status: z.string().optional(),
  configuration: z.string(),
  private_ipv4_address: z.string().nullable(),
  public_ipv4_address: z.string().nullable(),
  lease_start_at: DateSchema.nullable(),
  /**
   * Set once a release is scheduled. A released dedicated server keeps answering GET with this
   * set, so callers treat it as gone (wire-notes.md).
   */
  scheduled_release_at: z.string().nullable(),
  oob_ipv4_address: z.string().nullable().optional(),
  labels: LabelsSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
};

/** Host `status` (wire-notes.md, Status vocabularies). */
export const hostStatusStates: StateTable = {
  transitional: ["init", "pending"],
  settled: ["active"],
  failed: [],
};

/**
 * Host `operational_status`. `rescue_mode` counts as settled although wire-notes.md names only
 * `normal`: a host stays in rescue mode until asked to leave it, so waiting for `normal` there
 * would only run into the deadline.
 */
export const hostOperationalStatusStates: StateTable = {
  transitional: [
    "provisioning",
    "installation",
    "maintenance",
    "entering_rescue_mode",
    "exiting_rescue_mode",
  ],
  settled: ["normal", "rescue_mode"],
  failed: [],
};

/** Host `power_status`: settled unless powering on or off or cycling; `unknown` follows creation. */
export const hostPowerStatusStates: StateTable = {
  transitional: ["powering_on", "powering_off", "power_cycling"],
  settled: ["powered_on", "powered_off", "unknown"],
  failed: [],
};

/** Filters of host lists (GET /hosts and each kind's list), as the srvctl CLI sends them. */
export interface HostListOptions extends ListOptions {
  readonly locationId?: number;
  readonly locationCode?: string;
  readonly rackId?: string;
  readonly sorting?: "id" | "created_at" | "updated_at";
}

// --- Sub-resources shared by the kinds: networks and PTR records ---

export function listHostNetworks(
  http: Requester,
  collection: HostCollection,
  hostId: string,
  options?: NetworkListOptions,
  callOptions?: CallOptions,
): PagePromise<Network> {
  return http.list(
    path`/hosts/${collection}/${hostId}/networks`,
    toWireQuery(options),
    NetworkSchema,
    callOptions,
  );
}

export function getHostNetwork(
  http: Requester,
  collection: HostCollection,
  hostId: string,
  networkId: string,
  callOptions?: CallOptions,
): Promise<Network> {
  return http.request(
    {
      method: "GET",
      path: path`/hosts/${collection}/${hostId}/networks/${networkId}`,
      schema: NetworkSchema,
    },
    callOptions,
  );
}

export function listHostPtrRecords(
  http: Requester,
  collection: HostCollection,
  hostId: string,
  options?: PtrRecordListOptions,
  callOptions?: CallOptions,
): PagePromise<PtrRecord> {
  return http.list(
    path`/hosts/${collection}/${hostId}/ptr_records`,
    toWireQuery(options),
    PtrRecordSchema,
    callOptions,
  );
}

export function createHostPtrRecord(
  http: Requester,
  collection: HostCollection,
  hostId: string,
  body: PtrRecordCreateBody,
  callOptions?: CallOptions,
): Promise<PtrRecord> {
  return http.request(
    {
      method: "POST",
      path: path`/hosts/${collection}/${hostId}/ptr_records`,
      body,
      schema: PtrRecordSchema,
    },
    callOptions,
  );
}

export function deleteHostPtrRecord(
  http: Requester,
  collection: HostCollection,
  hostId: string,
  ptrRecordId: string,
  callOptions?: CallOptions,
): Promise<void> {
  return http.requestEmpty(
    { method: "DELETE", path: path`/hosts/${collection}/${hostId}/ptr_records/${ptrRecordId}` },
    callOptions,
  );
}

/** POST /hosts/{kind}/{id}/{action} with no body; every kind answers its own record. */
export function hostAction<T>(
  http: Requester,
  collection: HostCollection,
  hostId: string,
  action: "power_on" | "power_off" | "power_cycle",
  schema: z.ZodType<T>,
  callOptions?: CallOptions,
): Promise<T> {
  return http.request(
    { method: "POST", path: path`/hosts/${collection}/${hostId}/${action}`, schema },
    callOptions,
  );
}
