// Cloud regions and their catalogues: /cloud_computing/regions. Read-only: what a cloud
// instance can be created from.
import { z } from "zod";
import type { CallOptions, ListOptions, PagePromise, Requester } from "../core/contract";
import { path } from "../core/contract";
import type { StateTable } from "../wait";
import { type PagingOptions, RecordsAt } from "./common";

export const CloudRegionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
});
export type CloudRegion = z.infer<typeof CloudRegionSchema>;

export const CloudFlavorSchema = z.object({
  id: z.string(),
  name: z.string(),
});
export type CloudFlavor = z.infer<typeof CloudFlavorSchema>;

export const CloudImageSchema = z.object({
  id: z.string(),
  name: z.string(),
});
export type CloudImage = z.infer<typeof CloudImageSchema>;

/** A snapshot or backup of an instance's disk, usable as an image. */
export const CloudSnapshotSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string().optional(),
  image_size: z.number().optional(),
  min_disk: z.number().optional(),
  is_backup: z.boolean().optional(),
  file_url: z.string().nullable().optional(),
});
export type CloudSnapshot = z.infer<typeof CloudSnapshotSchema>;

export interface CloudSnapshotListOptions extends PagingOptions {
  readonly instanceId?: string;
  readonly isBackup?: boolean;
}

/**
 * The OpenStack credentials of the account in a cloud region (GET .../regions/{id}/credentials;
 * Go `CloudComputingRegionCredentials`, srvctl `cloud-regions get-credentials`). Secret: the
 * password opens the region's OpenStack API. `tenant_name` and `username` are numbers on the wire
 * (Go int64, every fixture).
 */
export const CloudRegionCredentialsSchema = z.object({
  password: z.string(),
  tenant_name: z.union([z.number(), z.string()]).nullable().optional(),
  url: z.string().nullable().optional(),
  username: z.union([z.number(), z.string()]).nullable().optional(),
});
export type CloudRegionCredentials = z.infer<typeof CloudRegionCredentialsSchema>;

export class CloudRegionsApi {
  constructor(private readonly http: Requester) {}

  list(options?: ListOptions, callOptions?: CallOptions): PagePromise<CloudRegion> {
    return this.#under("", CloudRegionSchema).list(options, callOptions);
  }

  listFlavors(
    regionId: number,
    options?: PagingOptions,
    callOptions?: CallOptions,
  ): PagePromise<CloudFlavor> {
    return this.#under(path`/${regionId}/flavors`, CloudFlavorSchema).list(options, callOptions);
  }

  listImages(
    regionId: number,
    options?: PagingOptions,
    callOptions?: CallOptions,
  ): PagePromise<CloudImage> {
    return this.#under(path`/${regionId}/images`, CloudImageSchema).list(options, callOptions);
  }

  async getCredentials(regionId: number, options?: CallOptions): Promise<CloudRegionCredentials> {
    return this.http.request(
      {
        method: "GET",
        path: path`/cloud_computing/regions/${regionId}/credentials`,
        schema: CloudRegionCredentialsSchema,
      },
      options,
    );
  }

  listSnapshots(
    regionId: number,
    options?: CloudSnapshotListOptions,
    callOptions?: CallOptions,
  ): PagePromise<CloudSnapshot> {
    return this.#snapshots(regionId).list(options, callOptions);
  }

  /**
   * POST .../snapshots {name, instance_id}: a snapshot of the instance's disk (Go client
   * CreateSnapshot), answered in `pending`. No GET of one snapshot exists in any source: read it
   * from `listSnapshots`.
   */
  async createSnapshot(
    regionId: number,
    body: CloudSnapshotCreateBody,
    options?: CallOptions,
  ): Promise<CloudSnapshot> {
    return this.#snapshots(regionId).create(body, options);
  }

  /** DELETE .../snapshots/{id} (Go client DeleteSnapshot; the answer is not read). */
  async deleteSnapshot(regionId: number, snapshotId: string, options?: CallOptions): Promise<void> {
    return this.#snapshots(regionId).delete(snapshotId, options);
  }

  #snapshots(regionId: number): RecordsAt<CloudSnapshot> {
    return this.#under(path`/${regionId}/snapshots`, CloudSnapshotSchema);
  }

  /** The records at /cloud_computing/regions{below}. */
  #under<T>(below: string, schema: z.ZodType<T>): RecordsAt<T> {
    return new RecordsAt(this.http, `/cloud_computing/regions${below}`, schema);
  }
}

export interface CloudSnapshotCreateBody {
  readonly name: string;
  readonly instance_id: string;
}

/**
 * Snapshot `status`: `pending` then `active` (Go client fixtures); `available` in srvctl's records
 * (`cloud-regions/add_snapshot.json`, `list_snapshots.json`, v1.4.0). Both settle. The rest are
 * the image service's words.
 */
export const cloudSnapshotStates: StateTable = {
  transitional: ["pending", "queued", "saving", "uploading", "importing", "pending_delete"],
  settled: ["active", "available"],
  failed: ["killed", "deleted", "error"],
};
