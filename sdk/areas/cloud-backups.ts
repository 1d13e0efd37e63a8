// Backups of cloud block storage volumes: /cloud_block_storage/backups. Not in api-spec.md:
// paths and bodies follow the official Go client (cloud_block_storage_backups.go) and srvctl
// (cloud-backups); docs/wire.md, "Cloud block storage".
import { z } from "zod";
import type { CallOptions, ListOptions, PagePromise, Requester } from "../core/contract";
import { path, toWireQuery } from "../core/contract";
import type { StateTable } from "../wait";
import { checkLabels, type LabelsInput, LabelsSchema, TimestampSchema } from "./common";

/** No spec: id, name and status required (every official fixture has them), the rest optional. */
export const CloudBackupSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  openstack_uuid: z.string().nullable().optional(),
  /** The platform id of the volume the backup was taken from. */
  openstack_volume_uuid: z.string().nullable().optional(),
  region_id: z.number().int().optional(),
  region_code: z.string().nullable().optional(),
  /** Gigabytes. */
  size: z.number().int().optional(),
  labels: LabelsSchema.optional(),
  created_at: TimestampSchema.nullable().optional(),
});
export type CloudBackup = z.infer<typeof CloudBackupSchema>;

/** Backup `status`: fixtures show `available` and `restoring` (after a restore). */
export const cloudBackupStates: StateTable = {
  transitional: ["pending", "creating", "restoring", "deleting"],
  settled: ["available"],
  failed: ["error", "error_deleting"],
};

export interface CloudBackupCreateBody {
  readonly volume_id: string;
  readonly name: string;
  /** An incremental backup (on top of the volume's last full one). */
  readonly incremental?: boolean;
  /** Back up a volume even while it is attached. */
  readonly force?: boolean;
  readonly labels?: LabelsInput;
}

/** The Go client's update input: labels only. */
export interface CloudBackupUpdateBody {
  readonly labels?: LabelsInput;
}

export interface CloudBackupListOptions extends ListOptions {
  readonly regionId?: number;
}

export class CloudBackupsApi {
  constructor(private readonly http: Requester) {}

  list(options?: CloudBackupListOptions, callOptions?: CallOptions): PagePromise<CloudBackup> {
    return this.http.list(
      "/cloud_block_storage/backups",
      toWireQuery(options),
      CloudBackupSchema,
      callOptions,
    );
  }

  async get(id: string, options?: CallOptions): Promise<CloudBackup> {
    return this.http.request(
      { method: "GET", path: backupPath(id), schema: CloudBackupSchema },
      options,
    );
  }

  async create(body: CloudBackupCreateBody, options?: CallOptions): Promise<CloudBackup> {
    checkLabels(body.labels);
    return this.http.request(
      { method: "POST", path: "/cloud_block_storage/backups", body, schema: CloudBackupSchema },
      options,
    );
  }

  async update(
    id: string,
    body: CloudBackupUpdateBody,
    options?: CallOptions,
  ): Promise<CloudBackup> {
    checkLabels(body.labels);
    return this.http.request(
      { method: "PUT", path: backupPath(id), body, schema: CloudBackupSchema },
      options,
    );
  }

  async delete(id: string, options?: CallOptions): Promise<void> {
    return this.http.requestEmpty({ method: "DELETE", path: backupPath(id) }, options);
  }

  /**
   * POST .../restore {volume_id}: writes the backup over that volume (its data is replaced).
   * Answers the backup in `restoring`. Deliberately not a resource input: it erases data.
   */
  async restore(id: string, volumeId: string, options?: CallOptions): Promise<CloudBackup> {
    return this.http.request(
      {
        method: "POST",
        path: path`/cloud_block_storage/backups/${id}/restore`,
        body: { volume_id: volumeId },
        schema: CloudBackupSchema,
      },
      options,
    );
  }
}

function backupPath(id: string): string {
  return path`/cloud_block_storage/backups/${id}`;
}
