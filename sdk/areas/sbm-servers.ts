// Scalable Bare Metal servers: /hosts/sbm_servers. Billed by the hour and released with DELETE.
import { z } from "zod";
import type { CallOptions, Requester } from "../core/contract";
import type { LabelsInput } from "./common";
import {
  configurationDetailsFields,
  createHostsAt,
  type HostListOptions,
  hostRecordFields,
  ServerKindApi,
} from "./host-common";

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

export class SbmServersApi extends ServerKindApi<SbmServer, SbmServerUpdateBody> {
  constructor(http: Requester) {
    super(http, "sbm_servers", SbmServerSchema);
  }

  /** Answers one record per `hosts` entry: status init, operational_status provisioning. */
  async create(body: SbmServerCreateBody, options?: CallOptions): Promise<SbmServer[]> {
    return createHostsAt(this.http, this.collection, body, SbmServerSchema, options);
  }

  /** Releases the server at the end of the billing hour; answers the server. */
  async release(id: string, options?: CallOptions): Promise<SbmServer> {
    return this.http.request(
      { method: "DELETE", path: this.records.at(id), schema: SbmServerSchema },
      options,
    );
  }

  async reinstall(
    id: string,
    body: SbmServerReinstallBody,
    options?: CallOptions,
  ): Promise<SbmServer> {
    return this.records.action(id, "reinstall", body, options);
  }
}
