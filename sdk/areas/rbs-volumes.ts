// Remote block storage volumes: /remote_block_storage/volumes, and the flavors a location
// offers for them.
import { z } from "zod";
import type { CallOptions, ListOptions, PagePromise, Requester } from "../core/contract";
import { path } from "../core/contract";
import { NotFoundError } from "../core/errors";
import { checkRbsSize } from "../core/limits";
import type { StateTable } from "../wait";
import {
  CrudCollectionApi,
  type LabelsInput,
  LabelsSchema,
  type PagingOptions,
  RecordsAt,
  TimestampSchema,
} from "./common";

/**
 * The spec lists every field below, but the fixtures' records carry only id, status, name and
 * (not even always) labels, so only those three are required.
 */
export const RbsVolumeSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  labels: LabelsSchema.optional(),
  /** Gigabytes. */
  size: z.number().int().optional(),
  location_id: z.number().int().optional(),
  location_code: z.string().optional(),
  flavor_id: z.number().int().optional(),
  flavor_name: z.string().optional(),
  iops: z.number().optional(),
  bandwidth: z.number().optional(),
  /** null right after creation. */
  ip_address: z.string().nullable().optional(),
  /** null right after creation. */
  target_iqn: z.string().nullable().optional(),
  created_at: TimestampSchema.optional(),
  updated_at: TimestampSchema.optional(),
});
export type RbsVolume = z.infer<typeof RbsVolumeSchema>;

/**
 * iSCSI credentials of a volume. Secret: never log them, and mark them secret wherever they
 * are stored (Pulumi: additionalSecretOutputs).
 */
export const RbsVolumeCredentialsSchema = z.object({
  volume_id: z.string().optional(),
  username: z.string(),
  password: z.string(),
  target_iqn: z.string().nullable().optional(),
  ip_address: z.string().nullable().optional(),
});
export type RbsVolumeCredentials = z.infer<typeof RbsVolumeCredentialsSchema>;

export const RbsFlavorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  iops_per_gb: z.number().optional(),
  bandwidth_per_gb: z.number().optional(),
  min_size_gb: z.number().int().optional(),
});
export type RbsFlavor = z.infer<typeof RbsFlavorSchema>;

/**
 * Volume `status`: `creating` or `pending` while made, `removing` while deleted (the Ansible
 * collection's rbs_volume documentation). The Go client's fixtures (c5902ff, 2025-11) show an
 * older vocabulary: `available` for a usable volume, `updating` while resized, `deleting` while
 * deleted; both are accepted, the same way (docs/wire.md, Remote block storage).
 */
export const rbsVolumeStates: StateTable = {
  transitional: ["creating", "pending", "updating", "removing", "deleting"],
  settled: ["active", "available"],
  failed: [],
};

/** The statuses of a volume on its way out: the goal of a delete, a failure otherwise. */
export const rbsVolumeGoneStatuses: readonly string[] = ["removing", "deleting"];

export interface RbsVolumeCreateBody {
  readonly name: string;
  readonly location_id: number;
  readonly flavor_id: number;
  /** Gigabytes, at most 2048. */
  readonly size: number;
  readonly labels?: LabelsInput;
}

export interface RbsVolumeUpdateBody {
  readonly name?: string;
  /** Gigabytes, at most 2048; a volume can only grow. */
  readonly size?: number;
  /** Replaces the whole label set. */
  readonly labels?: LabelsInput;
}

export type RbsVolumeListOptions = ListOptions;

/** `delete`'s answer is not documented and not read; the volume goes through `removing`. */
export class RbsVolumesApi extends CrudCollectionApi<
  RbsVolume,
  RbsVolumeListOptions,
  RbsVolumeCreateBody,
  RbsVolumeUpdateBody
> {
  constructor(http: Requester) {
    super(http, "/remote_block_storage/volumes", RbsVolumeSchema);
  }

  /**
   * Answers the volume in status creating, ip_address and target_iqn null. 402
   * PAYMENT_REQUIRED without a payment method; 422 under errors.size beyond quota or space.
   */
  override async create(body: RbsVolumeCreateBody, options?: CallOptions): Promise<RbsVolume> {
    checkRbsSize(body.size, "size");
    return super.create(body, options);
  }

  override async update(
    id: string,
    body: RbsVolumeUpdateBody,
    options?: CallOptions,
  ): Promise<RbsVolume> {
    if (body.size !== undefined) checkRbsSize(body.size, "size");
    return super.update(id, body, options);
  }

  /** Secret: see RbsVolumeCredentialsSchema. */
  async getCredentials(id: string, options?: CallOptions): Promise<RbsVolumeCredentials> {
    return this.http.request(
      {
        method: "GET",
        path: path`/remote_block_storage/volumes/${id}/credentials`,
        schema: RbsVolumeCredentialsSchema,
      },
      options,
    );
  }

  /**
   * Issues new credentials; answers the volume, which goes back to active. The sources disagree
   * on the path (docs/wire.md, "Remote block storage"): POST .../reset_credentials is what the
   * Ansible collection sends and its integration test checks against the live API; the Go client
   * (and so srvctl) sends POST .../credentials/reset. The first is sent; a 404 to it (the route
   * absent, not the volume: the volume is read first) sends the second once.
   */
  async resetCredentials(id: string, options?: CallOptions): Promise<RbsVolume> {
    const reset = (action: string) => this.records.action(id, action, undefined, options);
    try {
      return await reset("reset_credentials");
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      // A 404 for the volume itself answers the same to both: the get tells them apart.
      await this.get(id, options);
      return reset("credentials/reset");
    }
  }

  listFlavors(
    locationId: number,
    options?: PagingOptions,
    callOptions?: CallOptions,
  ): PagePromise<RbsFlavor> {
    return this.#flavors(locationId).list(options, callOptions);
  }

  async getFlavor(locationId: number, flavorId: number, options?: CallOptions): Promise<RbsFlavor> {
    return this.#flavors(locationId).get(flavorId, options);
  }

  /** The RBS flavors a location offers, among its order options. */
  #flavors(locationId: number): RecordsAt<RbsFlavor> {
    return new RecordsAt(
      this.http,
      path`/locations/${locationId}/order_options/remote_block_storage/flavors`,
      RbsFlavorSchema,
    );
  }
}
