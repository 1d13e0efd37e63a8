// What the three kinds of host (dedicated server, SBM server, Kubernetes bare metal node) share:
// the record's common fields, the status vocabularies, list filters, and the network and PTR
// sub-resources that live under /hosts/{kind}/{id}. Kept apart from hosts.ts so that the kind
// areas and the all-hosts list can both import it without a cycle.
import { z } from "zod";
import type { CallOptions, ListOptions, PagePromise, Requester } from "../core/contract";
import { path, toWireQuery } from "../core/contract";
import type { StateTable } from "../wait";
import {
  checkLabels,
  DateSchema,
  type HostPtrRecordCreateBody,
  type LabelsInput,
  LabelsSchema,
  type Network,
  type NetworkListOptions,
  NetworkSchema,
  PtrRecordOwnerApi,
  TimestampSchema,
} from "./common";
import { deleteNetworkAt, type NetworkOrderBody, orderNetworkAt } from "./host-networks";
import { DriveModelSchema } from "./locations";

/** The path segment of each kind under /hosts, which is also the record's `type`. */
export type HostKind = "dedicated_server" | "sbm_server" | "kubernetes_baremetal_node";
export const hostKinds: readonly HostKind[] = [
  "dedicated_server",
  "sbm_server",
  "kubernetes_baremetal_node",
];

/** The collection path segment of a kind: `/hosts/dedicated_servers`, ... */
export type HostCollection = "dedicated_servers" | "sbm_servers" | "kubernetes_baremetal_nodes";

// Nullable, and optional too: some host records lack keys of configuration_details altogether
// (docs/wire.md, Hosts), and a missing key must not fail a whole list.
const nullableInt = z.number().int().nullable().optional();
const nullableString = z.string().nullable().optional();

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
  location_code: z.string().optional(),
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

/** Host `status` (docs/wire.md, Status vocabularies). */
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

/**
 * Host `power_status`: settled unless powering on or off or cycling. `unknown` is shown while a
 * host is provisioned and "when something went wrong" (the Ansible collection's documentation):
 * no power operation runs then, so it counts as settled, and a host's readiness rests on its
 * `status` and `operational_status`. The SDK and every kind use this one table (docs/wire.md).
 */
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

// --- Hardware and usage records of a host (Go client types.go at abb982c9) ---

/**
 * A drive slot of a host (GET /hosts/{dedicated_servers|kubernetes_baremetal_nodes}/{id}/
 * drive_slots; Go `HostDriveSlot`, srvctl `hosts ds list-drive-slots`, Terraform's dedicated
 * server read). `drive_model` is null for an empty slot (Go `*DriveModel`).
 */
export const HostDriveSlotSchema = z.object({
  position: z.number().int(),
  interface: z.string().nullable().optional(),
  form_factor: z.string().nullable().optional(),
  drive_model: DriveModelSchema.nullable().optional(),
});
export type HostDriveSlot = z.infer<typeof HostDriveSlotSchema>;

/**
 * A power feed of a host (GET /hosts/{collection}/{id}/power_feeds, not paged: Go answers
 * `[]HostPowerFeed`). `status` "on" or "off", `type` "physical" in srvctl's records; the Go
 * fixtures leave `type` out.
 */
export const HostPowerFeedSchema = z.object({
  name: z.string(),
  status: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
});
export type HostPowerFeed = z.infer<typeof HostPowerFeedSchema>;

/**
 * The traffic of a server's current billing period (GET /hosts/{dedicated_servers|sbm_servers}/
 * {id}/network_utilization; Go `NetworkUsage`). `utilization` is null where nothing is metered.
 */
export const NetworkUsageSchema = z.object({
  type: z.string().nullable().optional(),
  utilization: z
    .object({
      value: z.number().nullable().optional(),
      commit: z.number().nullable().optional(),
      unit: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type NetworkUsage = z.infer<typeof NetworkUsageSchema>;

/**
 * GET /hosts/{collection}/{id}/{items}: a paged list under one host (drive_slots of dedicated
 * servers and bare metal nodes; features, connections, services and ssh_keys of dedicated
 * servers), paged only: none of them takes a filter.
 */
export function listHostItemsAt<T>(
  http: Requester,
  collection: HostCollection,
  id: string,
  items: "drive_slots" | "features" | "connections" | "services" | "ssh_keys",
  schema: z.ZodType<T>,
  options: Pick<ListOptions, "perPage" | "page"> | undefined,
  callOptions: CallOptions | undefined,
): PagePromise<T> {
  return http.list(
    path`/hosts/${collection}/${id}/${items}`,
    toWireQuery(options),
    schema,
    callOptions,
  );
}

/** GET /hosts/{dedicated_servers|sbm_servers}/{id}/network_utilization. */
export function getNetworkUsageAt(
  http: Requester,
  collection: "dedicated_servers" | "sbm_servers",
  id: string,
  options: CallOptions | undefined,
): Promise<NetworkUsage> {
  return http.request(
    {
      method: "GET",
      path: path`/hosts/${collection}/${id}/network_utilization`,
      schema: NetworkUsageSchema,
    },
    options,
  );
}

/**
 * POST /hosts/{collection}: orders one host per `hosts` entry and answers one record per entry,
 * in order (dedicated servers: Go `CreateDedicatedServers`; SBM servers: Go `CreateSBMServers`).
 * The order's labels and each entry's are checked first, named by their place in the body.
 */
export function createHostsAt<T>(
  http: Requester,
  collection: "dedicated_servers" | "sbm_servers",
  body: { readonly labels?: LabelsInput; readonly hosts: readonly { labels?: LabelsInput }[] },
  schema: z.ZodType<T>,
  options: CallOptions | undefined,
): Promise<T[]> {
  checkLabels(body.labels);
  body.hosts.forEach((host, index) => {
    checkLabels(host.labels, `hosts.${index}.labels`);
  });
  return http.request(
    { method: "POST", path: path`/hosts/${collection}`, body, schema: z.array(schema) },
    options,
  );
}

// --- The verbs every kind has, written once ---

/**
 * What the three kind areas share: listing, reading and updating the kind's records (`labels`
 * replaces the whole set), powering a host, and its network and PTR record sub-resources, all
 * under `/hosts/{collection}`. Each area extends it with its collection, record schema and
 * update body, and adds its own verbs (create, release...).
 */
export abstract class HostKindApi<
  T,
  U extends { readonly labels?: LabelsInput },
  C extends HostCollection = HostCollection,
> extends PtrRecordOwnerApi<T, HostListOptions, U, HostPtrRecordCreateBody> {
  protected constructor(
    http: Requester,
    protected readonly collection: C,
    schema: z.ZodType<T>,
  ) {
    super(http, `/hosts/${collection}`, schema);
  }

  /**
   * Answers the host with power_status powering_on. 409 CONFLICT while another power operation
   * runs, 412 PRECONDITION_FAILED when the host is not ready.
   */
  async powerOn(id: string, options?: CallOptions): Promise<T> {
    return this.records.action(id, "power_on", undefined, options);
  }

  async powerOff(id: string, options?: CallOptions): Promise<T> {
    return this.records.action(id, "power_off", undefined, options);
  }

  async powerCycle(id: string, options?: CallOptions): Promise<T> {
    return this.records.action(id, "power_cycle", undefined, options);
  }

  /** The host's power feeds (every kind: Go `DedicatedServerPowerFeeds`, `SBMServerPowerFeeds`, `KubernetesBaremetalNodePowerFeeds`). */
  async getPowerFeeds(id: string, options?: CallOptions): Promise<HostPowerFeed[]> {
    return this.http.request(
      {
        method: "GET",
        path: path`/hosts/${this.collection}/${id}/power_feeds`,
        schema: z.array(HostPowerFeedSchema),
      },
      options,
    );
  }

  listNetworks(
    id: string,
    options?: NetworkListOptions,
    callOptions?: CallOptions,
  ): PagePromise<Network> {
    return this.http.list(
      path`/hosts/${this.collection}/${id}/networks`,
      toWireQuery(options),
      NetworkSchema,
      callOptions,
    );
  }

  async getNetwork(id: string, networkId: string, options?: CallOptions): Promise<Network> {
    return this.http.request(
      {
        method: "GET",
        path: path`/hosts/${this.collection}/${id}/networks/${networkId}`,
        schema: NetworkSchema,
      },
      options,
    );
  }
}

/**
 * What dedicated and SBM servers share beyond every host's verbs: the traffic of the billing
 * period and the private IPv4 networks ordered on them (sdk/areas/host-networks.ts). Kubernetes
 * bare metal nodes have neither.
 */
export abstract class ServerKindApi<
  T,
  U extends { readonly labels?: LabelsInput },
> extends HostKindApi<T, U, "dedicated_servers" | "sbm_servers"> {
  /** The traffic of the current billing period (Go `GetDedicatedServerNetworkUsage`, `GetSBMServerNetworkUsage`). */
  async getNetworkUsage(id: string, options?: CallOptions): Promise<NetworkUsage> {
    return getNetworkUsageAt(this.http, this.collection, id, options);
  }

  /**
   * Orders a private IPv4 network, distribution method gateway only (Go client for dedicated
   * servers, Ansible's sbm_server_network for SBM servers); 202 with the network, status new and
   * no CIDR yet.
   */
  addPrivateIpv4Network(
    id: string,
    body: NetworkOrderBody,
    options?: CallOptions,
  ): Promise<Network> {
    return orderNetworkAt(this.http, this.records.at(id), "private_ipv4", body, options);
  }

  /** Removes a network: it goes through removing to a 404; 409 while it cannot go yet. */
  deleteNetwork(id: string, networkId: string, options?: CallOptions): Promise<void> {
    return deleteNetworkAt(
      this.http,
      path`/hosts/${this.collection}/${id}/networks/${networkId}`,
      options,
    );
  }
}
