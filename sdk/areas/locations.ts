// Locations and their order options: /locations/{id}/order_options/... What a dedicated or SBM
// server can be ordered with, where.
import { z } from "zod";
import type { CallOptions, ListOptions, PagePromise, Requester } from "../core/contract";
import { path, toWireQuery } from "../core/contract";
import { type PagingOptions } from "./common";

// --- Records ---

/**
 * api-spec.md does not describe the location record: its id, name and code (what a lookup matches
 * on, on every record of every official source) are required, the rest optional (docs/wire.md).
 */
export const LocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string().optional(),
  code: z.string(),
  /** Additional features available here, by name (iPXE Boot among them where offered); absent or null reads as none. */
  supported_features: z
    .array(z.string())
    .nullish()
    .transform((features) => features ?? []),
  l2_segments_enabled: z.boolean().optional(),
  private_racks_enabled: z.boolean().optional(),
  load_balancers_enabled: z.boolean().optional(),
});
export type Location = z.infer<typeof LocationSchema>;

export type IpxeBootFeature = "private_ipxe_boot" | "public_ipxe_boot";
const ipxeBootFeatures: readonly IpxeBootFeature[] = ["private_ipxe_boot", "public_ipxe_boot"];

/** The iPXE Boot modes a location offers, in the order private then public. */
export function ipxeBootModes(location: Pick<Location, "supported_features">): IpxeBootFeature[] {
  return ipxeBootFeatures.filter((feature) => location.supported_features.includes(feature));
}

/**
 * True when the location offers iPXE Boot in at least one mode. Either mode counts: only one can
 * be active on a server at a time anyway, and each has its own incompatibilities (private with
 * no_private_ip, public with no_public_network and no_public_ip_address), so a caller that needs
 * a particular mode checks `ipxeBootModes` instead.
 */
export function supportsIpxeBoot(location: Pick<Location, "supported_features">): boolean {
  return ipxeBootModes(location).length > 0;
}

export const ServerModelDriveSlotSchema = z.object({
  position: z.number().int(),
  interface: z.string(),
  form_factor: z.string(),
  drive_model_id: z.number().int().nullable(),
  hot_swappable: z.boolean(),
});
export type ServerModelDriveSlot = z.infer<typeof ServerModelDriveSlotSchema>;

/**
 * A server model. Not described by the spec: only id and name are required. The list omits
 * `drive_slots`, which GET of one model carries.
 */
export const ServerModelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cpu_name: z.string().optional(),
  cpu_count: z.number().int().optional(),
  cpu_cores_count: z.number().int().optional(),
  /** MHz. */
  cpu_frequency: z.number().optional(),
  /** GB. */
  ram: z.number().int().optional(),
  ram_type: z.string().optional(),
  max_ram: z.number().int().optional(),
  has_raid_controller: z.boolean().optional(),
  raid_controller_name: z.string().nullable().optional(),
  drive_slots_count: z.number().int().optional(),
  drive_slots: z.array(ServerModelDriveSlotSchema).nullable().optional(),
});
export type ServerModel = z.infer<typeof ServerModelSchema>;

export const RamOptionSchema = z.object({
  /** GB. */
  ram: z.number().int(),
  type: z.string().optional(),
});
export type RamOption = z.infer<typeof RamOptionSchema>;

export const OperatingSystemSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  name: z.string(),
  version: z.string(),
  arch: z.string(),
  filesystems: z.array(z.string()).nullable().optional(),
});
export type OperatingSystem = z.infer<typeof OperatingSystemSchema>;

export const DriveModelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  capacity: z.number().int(),
  interface: z.string(),
  form_factor: z.string(),
  media_type: z.string(),
});
export type DriveModel = z.infer<typeof DriveModelSchema>;

export const UplinkModelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `public` or `private`: what an order picks an uplink by, on every record of every source. */
  type: z.string(),
  /** Mbit/s. */
  speed: z.number().int().optional(),
  redundancy: z.boolean().optional(),
});
export type UplinkModel = z.infer<typeof UplinkModelSchema>;

export const BandwidthOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string().optional(),
  /** Bytes committed; absent or null for unmetered options. */
  commit: z.number().int().nullable().optional(),
});
export type BandwidthOption = z.infer<typeof BandwidthOptionSchema>;

export const SbmFlavorModelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cpu_name: z.string().optional(),
  cpu_count: z.number().int().optional(),
  cpu_cores_count: z.number().int().optional(),
  /** GHz, as text ("3.8"). */
  cpu_frequency: z.string().optional(),
  /** MB. */
  ram_size: z.number().int().optional(),
  drives_configuration: z.string().optional(),
  public_uplink_model_id: z.number().int().nullable().optional(),
  public_uplink_model_name: z.string().nullable().optional(),
  private_uplink_model_id: z.number().int().nullable().optional(),
  private_uplink_model_name: z.string().nullable().optional(),
  bandwidth_id: z.number().int().nullable().optional(),
  bandwidth_name: z.string().nullable().optional(),
});
export type SbmFlavorModel = z.infer<typeof SbmFlavorModelSchema>;

// --- List filters (as the srvctl CLI sends them) ---

export type LocationListOptions = Pick<ListOptions, "searchPattern" | "perPage" | "page">;

export interface ServerModelListOptions extends PagingOptions {
  readonly searchPattern?: string;
  readonly hasRaidController?: boolean;
}

export interface DriveModelListOptions extends PagingOptions {
  readonly searchPattern?: string;
  readonly mediaType?: string;
  readonly interface?: string;
}

export interface UplinkModelListOptions extends PagingOptions {
  readonly type?: "public" | "private";
  readonly redundancy?: boolean;
  readonly operatingSystemId?: number;
}

export interface BandwidthOptionListOptions extends PagingOptions {
  readonly type?: string;
}

export interface SbmFlavorModelListOptions extends PagingOptions {
  readonly searchPattern?: string;
  /** Includes flavors currently out of stock. */
  readonly showAll?: boolean;
}

export interface OperatingSystemListOptions extends PagingOptions {
  readonly sorting?: "id" | "name" | "version" | "arch";
}

// --- Verbs ---

export class LocationsApi {
  constructor(private readonly http: Requester) {}

  list(options?: LocationListOptions, callOptions?: CallOptions): PagePromise<Location> {
    return this.http.list("/locations", toWireQuery(options), LocationSchema, callOptions);
  }

  async get(locationId: number, options?: CallOptions): Promise<Location> {
    return this.#get(path`/locations/${locationId}`, LocationSchema, options);
  }

  listServerModels(
    locationId: number,
    options?: ServerModelListOptions,
    callOptions?: CallOptions,
  ): PagePromise<ServerModel> {
    return this.#list(
      path`/locations/${locationId}/order_options/server_models`,
      options,
      ServerModelSchema,
      callOptions,
    );
  }

  /** One model, with its drive slots. */
  async getServerModel(
    locationId: number,
    serverModelId: number,
    options?: CallOptions,
  ): Promise<ServerModel> {
    return this.#get(
      path`/locations/${locationId}/order_options/server_models/${serverModelId}`,
      ServerModelSchema,
      options,
    );
  }

  listRamOptions(
    locationId: number,
    serverModelId: number,
    options?: PagingOptions,
    callOptions?: CallOptions,
  ): PagePromise<RamOption> {
    return this.#list(
      path`/locations/${locationId}/order_options/server_models/${serverModelId}/ram`,
      options,
      RamOptionSchema,
      callOptions,
    );
  }

  listOperatingSystems(
    locationId: number,
    serverModelId: number,
    options?: OperatingSystemListOptions,
    callOptions?: CallOptions,
  ): PagePromise<OperatingSystem> {
    return this.#list(
      path`/locations/${locationId}/order_options/server_models/${serverModelId}/operating_systems`,
      options,
      OperatingSystemSchema,
      callOptions,
    );
  }

  async getOperatingSystem(
    locationId: number,
    serverModelId: number,
    operatingSystemId: number,
    options?: CallOptions,
  ): Promise<OperatingSystem> {
    return this.#get(
      path`/locations/${locationId}/order_options/server_models/${serverModelId}/operating_systems/${operatingSystemId}`,
      OperatingSystemSchema,
      options,
    );
  }

  listDriveModels(
    locationId: number,
    serverModelId: number,
    options?: DriveModelListOptions,
    callOptions?: CallOptions,
  ): PagePromise<DriveModel> {
    return this.#list(
      path`/locations/${locationId}/order_options/server_models/${serverModelId}/drive_models`,
      options,
      DriveModelSchema,
      callOptions,
    );
  }

  /** The spec's one drive-model endpoint; 404 NOT_FOUND for an unknown model. */
  async getDriveModel(
    locationId: number,
    serverModelId: number,
    driveModelId: number,
    options?: CallOptions,
  ): Promise<DriveModel> {
    return this.#get(
      path`/locations/${locationId}/order_options/server_models/${serverModelId}/drive_models/${driveModelId}`,
      DriveModelSchema,
      options,
    );
  }

  listUplinkModels(
    locationId: number,
    serverModelId: number,
    options?: UplinkModelListOptions,
    callOptions?: CallOptions,
  ): PagePromise<UplinkModel> {
    return this.#list(
      path`/locations/${locationId}/order_options/server_models/${serverModelId}/uplink_models`,
      options,
      UplinkModelSchema,
      callOptions,
    );
  }

  async getUplinkModel(
    locationId: number,
    serverModelId: number,
    uplinkModelId: number,
    options?: CallOptions,
  ): Promise<UplinkModel> {
    return this.#get(
      path`/locations/${locationId}/order_options/server_models/${serverModelId}/uplink_models/${uplinkModelId}`,
      UplinkModelSchema,
      options,
    );
  }

  listBandwidthOptions(
    locationId: number,
    serverModelId: number,
    uplinkModelId: number,
    options?: BandwidthOptionListOptions,
    callOptions?: CallOptions,
  ): PagePromise<BandwidthOption> {
    return this.#list(
      path`/locations/${locationId}/order_options/server_models/${serverModelId}/uplink_models/${uplinkModelId}/bandwidth`,
      options,
      BandwidthOptionSchema,
      callOptions,
    );
  }

  async getBandwidthOption(
    locationId: number,
    serverModelId: number,
    uplinkModelId: number,
    bandwidthId: number,
    options?: CallOptions,
  ): Promise<BandwidthOption> {
    return this.#get(
      path`/locations/${locationId}/order_options/server_models/${serverModelId}/uplink_models/${uplinkModelId}/bandwidth/${bandwidthId}`,
      BandwidthOptionSchema,
      options,
    );
  }

  listSbmFlavorModels(
    locationId: number,
    options?: SbmFlavorModelListOptions,
    callOptions?: CallOptions,
  ): PagePromise<SbmFlavorModel> {
    return this.#list(
      path`/locations/${locationId}/order_options/sbm_flavor_models`,
      options,
      SbmFlavorModelSchema,
      callOptions,
    );
  }

  async getSbmFlavorModel(
    locationId: number,
    sbmFlavorModelId: number,
    options?: CallOptions,
  ): Promise<SbmFlavorModel> {
    return this.#get(
      path`/locations/${locationId}/order_options/sbm_flavor_models/${sbmFlavorModelId}`,
      SbmFlavorModelSchema,
      options,
    );
  }

  /** Windows systems are unavailable for SBM servers, so they never appear here. */
  listSbmOperatingSystems(
    locationId: number,
    sbmFlavorModelId: number,
    options?: OperatingSystemListOptions,
    callOptions?: CallOptions,
  ): PagePromise<OperatingSystem> {
    return this.#list(
      path`/locations/${locationId}/order_options/sbm_flavor_models/${sbmFlavorModelId}/operating_systems`,
      options,
      OperatingSystemSchema,
      callOptions,
    );
  }

  async getSbmOperatingSystem(
    locationId: number,
    sbmFlavorModelId: number,
    operatingSystemId: number,
    options?: CallOptions,
  ): Promise<OperatingSystem> {
    return this.#get(
      path`/locations/${locationId}/order_options/sbm_flavor_models/${sbmFlavorModelId}/operating_systems/${operatingSystemId}`,
      OperatingSystemSchema,
      options,
    );
  }

  #list<T>(
    listPath: string,
    options: object | undefined,
    schema: z.ZodType<T>,
    callOptions: CallOptions | undefined,
  ): PagePromise<T> {
    return this.http.list(listPath, toWireQuery(options), schema, callOptions);
  }

  #get<T>(getPath: string, schema: z.ZodType<T>, options: CallOptions | undefined): Promise<T> {
    return this.http.request({ method: "GET", path: getPath, schema }, options);
  }
}
