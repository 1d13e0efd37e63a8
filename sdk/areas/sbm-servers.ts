// Scalable Bare Metal servers: /hosts/sbm_servers. Billed by the hour and released with DELETE.
import { z } from "zod";
import type { CallOptions, Requester } from "../core/contract";
import { path } from "../core/contract";
import { checkLabels, type LabelsInput, type Network } from "./common";
import {
  configurationDetailsFields,
  getNetworkUsageAt,
  HostKindApi,
  type HostListOptions,
  hostRecordFields,
  type NetworkUsage,
} from "./host-common";
import { deleteNetworkAt, type NetworkOrderBody, orderNetworkAt } from "./host-networks";

const collection = "sbm_servers";

// --- Records ---

/** configuration_details of an SBM server: by flavor rather than by server model. */
export const SbmConfigurationDetailsSchema = z.object({
  ...configurationDetailsFields,
  sbm_flavor_model_id: z.number().int().nullable().optional(),
  sbm_flavor_model_name: z.string().nullable().optional(),
});
export type SbmConfigurationDetails = z.infer<typeof SbmConfigurationDetailsSchema>;

export const SbmServerSchema = z.object({
  ...hostRecordFields,
  type: z.literal("sbm_server"),
  configuration_details: SbmConfigurationDetailsSchema.optional(),
});
export type SbmServer = z.infer<typeof SbmServerSchema>;

// --- Request bodies ---

export interface SbmServerHostInput {
  readonly hostname: string;
  /** Needs a public uplink in the order, else 422 under hosts.N.public_ipv4_network_id. */
  readonly public_ipv4_network_id?: string;
  readonly private_ipv4_network_id?: string;
  readonly labels?: LabelsInput;
}

export interface SbmServerCreateBody {
  readonly sbm_flavor_model_id: number;
  readonly location_id: number;
  readonly operating_system_id: number;
  /** One server per entry; the response has one record per entry. */
  readonly hosts: readonly SbmServerHostInput[];
  readonly ssh_key_fingerprints?: readonly string[];
  readonly user_data?: string;
}

export interface SbmServerUpdateBody {
  /** Replaces the whole label set. */
  readonly labels?: LabelsInput;
}

export interface SbmServerReinstallBody {
  readonly hostname: string;
  readonly operating_system_id: number;
  readonly ssh_key_fingerprints?: readonly string[];
  readonly user_data?: string;
}

export type SbmServerListOptions = HostListOptions;

// --- Verbs ---

export class SbmServersApi extends HostKindApi<SbmServer> {
  constructor(http: Requester) {
    super(http, collection, SbmServerSchema);
  }

  /** The traffic of the current billing period (Go `GetSBMServerNetworkUsage`). */
  async getNetworkUsage(id: string, options?: CallOptions): Promise<NetworkUsage> {
    return getNetworkUsageAt(this.http, collection, id, options);
  }

  /** Answers one record per `hosts` entry: status init, operational_status provisioning. */
  async create(body: SbmServerCreateBody, options?: CallOptions): Promise<SbmServer[]> {
    body.hosts.forEach((host, index) => {
      checkLabels(host.labels, `hosts.${index}.labels`);
    });
    return this.http.request(
      {
        method: "POST",
        path: path`/hosts/${collection}`,
        body,
        schema: z.array(SbmServerSchema),
      },
      options,
    );
  }

  async update(id: string, body: SbmServerUpdateBody, options?: CallOptions): Promise<SbmServer> {
    checkLabels(body.labels);
    return this.http.request(
      { method: "PUT", path: path`/hosts/${collection}/${id}`, body, schema: SbmServerSchema },
      options,
    );
  }

  /** Releases the server at the end of the billing hour; answers the server. */
  async release(id: string, options?: CallOptions): Promise<SbmServer> {
    return this.http.request(
      { method: "DELETE", path: path`/hosts/${collection}/${id}`, schema: SbmServerSchema },
      options,
    );
  }

  async reinstall(
    id: string,
    body: SbmServerReinstallBody,
    options?: CallOptions,
  ): Promise<SbmServer> {
    return this.http.request(
      {
        method: "POST",
        path: path`/hosts/${collection}/${id}/reinstall`,
        body,
        schema: SbmServerSchema,
      },
      options,
    );
  }

  // --- Additional networks (sdk/areas/host-networks.ts): private IPv4 only ---

  /** Orders a private IPv4 network (Ansible's sbm_server_network); 202, status new, no CIDR yet. */
  addPrivateIpv4Network(
    id: string,
    body: NetworkOrderBody,
    options?: CallOptions,
  ): Promise<Network> {
    return orderNetworkAt(
      this.http,
      path`/hosts/${collection}/${id}`,
      "private_ipv4",
      body,
      options,
    );
  }

  /** Removes a network; 409 while it cannot go yet. */
  deleteNetwork(id: string, networkId: string, options?: CallOptions): Promise<void> {
    return deleteNetworkAt(
      this.http,
      path`/hosts/${collection}/${id}/networks/${networkId}`,
      options,
    );
  }
}
