// Dedicated servers: /hosts/dedicated_servers. Ordered by the month, released rather than
// deleted, and the only kind with features (iPXE Boot among them) and attached SSH keys.
import { z } from "zod";
import type { CallOptions, PagePromise, Requester } from "../core/contract";
import { path } from "../core/contract";
import { checkIpxeConfig } from "../core/limits";
import type { StateTable } from "../wait";
import {
  type LabelsInput,
  type Network,
  type SshKey,
  SshKeySchema,
  TimestampSchema,
} from "./common";
import {
  createHostsAt,
  type HostDriveSlot,
  HostDriveSlotSchema,
  type HostListOptions,
  hostRecordFields,
  listHostItemsAt,
  ServerKindApi,
  ServerModelConfigurationDetailsSchema,
} from "./host-common";
import { type NetworkOrderBody, orderNetworkAt } from "./host-networks";

// --- Records ---

/**
 * The record of wire-notes.md "Records the spec leaves out". api-spec.md promises only id, title,
 * status and operational_status on a dedicated server (and older records lack the last), so by
 * the schema policy (docs/wire.md) the other shared host fields are optional here.
 */
export const DedicatedServerSchema = z.object({
  ...hostRecordFields,
  location_id: hostRecordFields.location_id.optional(),
  location_code: hostRecordFields.location_code.optional(),
  configuration: hostRecordFields.configuration.optional(),
  private_ipv4_address: hostRecordFields.private_ipv4_address.optional(),
  public_ipv4_address: hostRecordFields.public_ipv4_address.optional(),
  lease_start_at: hostRecordFields.lease_start_at.optional(),
  scheduled_release_at: hostRecordFields.scheduled_release_at.optional(),
  labels: hostRecordFields.labels.optional(),
  created_at: hostRecordFields.created_at.optional(),
  updated_at: hostRecordFields.updated_at.optional(),
  type: z.literal("dedicated_server"),
  configuration_details: ServerModelConfigurationDetailsSchema.optional(),
  /** Carried by GET only: the script an iPXE Boot feature boots from. */
  ipxe_config: z.string().nullable().optional(),
});
export type DedicatedServer = z.infer<typeof DedicatedServerSchema>;

export const DedicatedServerFeatureSchema = z.object({
  name: z.string(),
  status: z.string(),
});
export type DedicatedServerFeature = z.infer<typeof DedicatedServerFeatureSchema>;

/** Feature names wire-notes.md lists; others may appear, hence the string fallback. */
export type DedicatedServerFeatureName =
  | "private_ipxe_boot"
  | "public_ipxe_boot"
  | "no_private_ip"
  | "no_public_ip_address"
  | "no_public_network"
  | "host_rescue_mode"
  | "oob_public_access"
  | "disaggregated_public_ports"
  | "disaggregated_private_ports"
  | (string & {});

/** Feature `status`: `incompatible` and `unavailable` mean the feature cannot be used here. */
export const dedicatedServerFeatureStates: StateTable = {
  transitional: ["activation", "deactivation"],
  settled: ["activated", "deactivated"],
  failed: ["incompatible", "unavailable"],
};

// --- Request bodies ---

export interface DriveSlotInput {
  readonly position: number;
  readonly drive_model_id?: number;
}

export interface DrivePartitionInput {
  readonly target: string;
  readonly size: number;
  readonly fs?: string;
  readonly fill?: boolean;
}

/** api-spec.md names slot_positions and ignore; raid and partitions come from the Go client. */
export interface DriveLayoutInput {
  readonly slot_positions: readonly number[];
  readonly ignore?: boolean;
  readonly raid?: number;
  readonly partitions?: readonly DrivePartitionInput[];
}

export interface DedicatedServerHostInput {
  readonly hostname: string;
  readonly public_ipv4_network_id?: string;
  readonly private_ipv4_network_id?: string;
  readonly labels?: LabelsInput;
}

export interface DedicatedServerCreateBody {
  readonly location_id: number;
  readonly server_model_id: number;
  readonly uplink_models: {
    readonly private: { readonly id: number };
    readonly public?: { readonly id: number; readonly bandwidth_model_id: number };
  };
  readonly ram_size: number;
  readonly drives: {
    readonly slots: readonly DriveSlotInput[];
    readonly layout?: readonly DriveLayoutInput[];
  };
  /** null orders the server without an operating system, for iPXE Boot. */
  readonly operating_system_id?: number | null;
  readonly features?: readonly DedicatedServerFeatureName[];
  /** An iPXE script (first line `#!ipxe`), at most 64 KB. */
  readonly ipxe_config?: string;
  readonly ipv6?: boolean;
  /** One server is ordered per entry; the response has one record per entry, in order. */
  readonly hosts: readonly DedicatedServerHostInput[];
  readonly ssh_key_fingerprints?: readonly string[];
  readonly user_data?: string;
  readonly labels?: LabelsInput;
}

export interface DedicatedServerUpdateBody {
  readonly title?: string;
  /** Replaces the whole label set. */
  readonly labels?: LabelsInput;
  readonly user_data?: string;
  readonly ipxe_config?: string;
}

export interface DedicatedServerReinstallBody {
  readonly hostname: string;
  /** null reinstalls without an operating system, for iPXE Boot. */
  readonly operating_system_id?: number | null;
  readonly ipxe_config?: string;
  readonly drives?: { readonly layout?: readonly DriveLayoutInput[] };
  readonly ssh_key_fingerprints?: readonly string[];
  readonly user_data?: string;
}

export interface DedicatedServerScheduleReleaseBody {
  /** When to release; omitted, the service picks the end of the billing period. */
  readonly release_after?: string;
}

/**
 * Body of a feature activation. `ipxe_config` goes with the iPXE features; `auth_methods` and
 * `ssh_key_fingerprints` with host_rescue_mode (as the Go client sends them).
 */
export interface DedicatedServerFeatureActivationBody {
  readonly ipxe_config?: string;
  readonly auth_methods?: readonly string[];
  readonly ssh_key_fingerprints?: readonly string[];
}

export type DedicatedServerListOptions = HostListOptions;

/**
 * A network port of the server (GET .../connections; Go `HostConnection`, srvctl `hosts ds
 * list-connections`): `macaddr` null where the port has no address recorded.
 */
export const HostConnectionSchema = z.object({
  port: z.string(),
  type: z.string().nullable().optional(),
  macaddr: z.string().nullable().optional(),
});
export type HostConnection = z.infer<typeof HostConnectionSchema>;

/**
 * A billed service of the server (GET .../services; Go `DedicatedServerService`, srvctl `hosts
 * ds list-services`): the base rent, traffic and options, with the current period's charges.
 */
export const DedicatedServerServiceSchema = z.object({
  id: z.string(),
  name: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
  currency: z.string().nullable().optional(),
  label: z.string().nullable().optional(),
  started_at: TimestampSchema.nullable().optional(),
  finished_at: TimestampSchema.nullable().optional(),
  date_from: z.string().nullable().optional(),
  date_to: z.string().nullable().optional(),
  usage_quantity: z.number().nullable().optional(),
  tax: z.number().nullable().optional(),
  total: z.number().nullable().optional(),
  subtotal: z.number().nullable().optional(),
  discount_rate: z.number().nullable().optional(),
});
export type DedicatedServerService = z.infer<typeof DedicatedServerServiceSchema>;

type Paging = Pick<DedicatedServerListOptions, "perPage" | "page">;

// --- Verbs ---

export class DedicatedServersApi extends ServerKindApi<DedicatedServer, DedicatedServerUpdateBody> {
  constructor(http: Requester) {
    super(http, "dedicated_servers", DedicatedServerSchema);
  }

  /** Orders one server per `hosts` entry and answers their records (status init). */
  async create(body: DedicatedServerCreateBody, options?: CallOptions): Promise<DedicatedServer[]> {
    if (body.ipxe_config !== undefined) checkIpxeConfig(body.ipxe_config, "ipxe_config");
    return createHostsAt(this.http, this.collection, body, DedicatedServerSchema, options);
  }

  override async update(
    id: string,
    body: DedicatedServerUpdateBody,
    options?: CallOptions,
  ): Promise<DedicatedServer> {
    if (body.ipxe_config !== undefined) checkIpxeConfig(body.ipxe_config, "ipxe_config");
    return super.update(id, body, options);
  }

  /**
   * Releasing replaces deleting: the server keeps answering GET with `scheduled_release_at` set
   * until it is gone.
   */
  async scheduleRelease(
    id: string,
    body: DedicatedServerScheduleReleaseBody = {},
    options?: CallOptions,
  ): Promise<DedicatedServer> {
    return this.records.action(id, "schedule_release", body, options);
  }

  async abortRelease(id: string, options?: CallOptions): Promise<DedicatedServer> {
    return this.records.action(id, "abort_release", undefined, options);
  }

  /** After the request, operational_status leaves `normal` and returns to it when done. */
  async reinstall(
    id: string,
    body: DedicatedServerReinstallBody,
    options?: CallOptions,
  ): Promise<DedicatedServer> {
    if (body.ipxe_config !== undefined) checkIpxeConfig(body.ipxe_config, "ipxe_config");
    return this.records.action(id, "reinstall", body, options);
  }

  /** Power-cycles the server. The spec does not show the response, so none is read. */
  async reboot(id: string, options?: CallOptions): Promise<void> {
    return this.http.requestEmpty(
      { method: "POST", path: path`/hosts/${this.collection}/${id}/reboot` },
      options,
    );
  }

  // --- Features ---

  listFeatures(
    id: string,
    options?: Paging,
    callOptions?: CallOptions,
  ): PagePromise<DedicatedServerFeature> {
    return this.#list(id, "features", DedicatedServerFeatureSchema, options, callOptions);
  }

  /** Answers `{name, status}` with status `activation`; poll listFeatures for the outcome. */
  async activateFeature(
    id: string,
    name: DedicatedServerFeatureName,
    body?: DedicatedServerFeatureActivationBody,
    options?: CallOptions,
  ): Promise<DedicatedServerFeature> {
    if (body?.ipxe_config !== undefined) checkIpxeConfig(body.ipxe_config, "ipxe_config");
    return this.http.request(
      {
        method: "POST",
        path: path`/hosts/${this.collection}/${id}/features/${name}/activate`,
        body,
        schema: DedicatedServerFeatureSchema,
      },
      options,
    );
  }

  async deactivateFeature(
    id: string,
    name: DedicatedServerFeatureName,
    options?: CallOptions,
  ): Promise<DedicatedServerFeature> {
    return this.http.request(
      {
        method: "POST",
        path: path`/hosts/${this.collection}/${id}/features/${name}/deactivate`,
        schema: DedicatedServerFeatureSchema,
      },
      options,
    );
  }

  // --- SSH keys attached to the server ---

  /** The server's drive slots, filled or not (Terraform's dedicated server read fills its own from it). */
  listDriveSlots(
    id: string,
    options?: Paging,
    callOptions?: CallOptions,
  ): PagePromise<HostDriveSlot> {
    return this.#list(id, "drive_slots", HostDriveSlotSchema, options, callOptions);
  }

  /** The server's network ports and their MAC addresses. */
  listConnections(
    id: string,
    options?: Paging,
    callOptions?: CallOptions,
  ): PagePromise<HostConnection> {
    return this.#list(id, "connections", HostConnectionSchema, options, callOptions);
  }

  /** The server's billed services. */
  listServices(
    id: string,
    options?: Paging,
    callOptions?: CallOptions,
  ): PagePromise<DedicatedServerService> {
    return this.#list(id, "services", DedicatedServerServiceSchema, options, callOptions);
  }

  listSshKeys(id: string, options?: Paging, callOptions?: CallOptions): PagePromise<SshKey> {
    return this.#list(id, "ssh_keys", SshKeySchema, options, callOptions);
  }

  /** One attached key (Go `GetDedicatedServerSSHKey`, fixture `ssh_keys/get_response.json`); 404 when not attached. */
  async getSshKey(id: string, fingerprint: string, options?: CallOptions): Promise<SshKey> {
    return this.http.request(
      {
        method: "GET",
        path: path`/hosts/${this.collection}/${id}/ssh_keys/${fingerprint}`,
        schema: SshKeySchema,
      },
      options,
    );
  }

  /** Answers the SSH key records now attached. */
  async attachSshKeys(
    id: string,
    fingerprints: readonly string[],
    options?: CallOptions,
  ): Promise<SshKey[]> {
    return this.http.request(
      {
        method: "POST",
        path: path`/hosts/${this.collection}/${id}/ssh_keys`,
        body: { ssh_key_fingerprints: fingerprints },
        schema: z.array(SshKeySchema),
      },
      options,
    );
  }

  async detachSshKey(id: string, fingerprint: string, options?: CallOptions): Promise<void> {
    return this.http.requestEmpty(
      { method: "DELETE", path: path`/hosts/${this.collection}/${id}/ssh_keys/${fingerprint}` },
      options,
    );
  }

  // --- Additional networks (sdk/areas/host-networks.ts) ---

  /** Orders a public IPv4 network; 202 with the network (status new, no CIDR yet). */
  addPublicIpv4Network(
    id: string,
    body: NetworkOrderBody,
    options?: CallOptions,
  ): Promise<Network> {
    return orderNetworkAt(this.http, this.records.at(id), "public_ipv4", body, options);
  }

  /** Activates the server's public IPv6 network (no body). */
  activatePublicIpv6Network(id: string, options?: CallOptions): Promise<Network> {
    return orderNetworkAt(this.http, this.records.at(id), "public_ipv6", undefined, options);
  }

  #list<T>(
    id: string,
    items: "drive_slots" | "features" | "connections" | "services" | "ssh_keys",
    schema: z.ZodType<T>,
    options: Paging | undefined,
    callOptions: CallOptions | undefined,
  ): PagePromise<T> {
    return listHostItemsAt(this.http, this.collection, id, items, schema, options, callOptions);
  }
}
