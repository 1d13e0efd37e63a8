// Backups of cloud block storage volumes: /cloud_block_storage/backups. Not in api-spec.md:
// paths and bodies follow the official Go client (cloud_block_storage_backups.go) and srvctl
// (cloud-backups); docs/wire.md, "Cloud block storage".
import { z } from "zod";
import type { CallOptions, ListOptions, Requester } from "../core/contract";
import type { StateTable } from "../wait";
import { CrudCollectionApi, type LabelsInput, LabelsSchema, TimestampSchema } from "./common";

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

export class CloudBackupsApi extends CrudCollectionApi<
  CloudBackup,
  CloudBackupListOptions,
  CloudBackupCreateBody,
  CloudBackupUpdateBody
> {
  constructor(http: Requester) {
    super(http, "/cloud_block_storage/backups", CloudBackupSchema);
  }

  /**
   * POST .../restore {volume_id}: writes the backup over that volume (its data is replaced).
   * Answers the backup in `restoring`. Deliberately not a resource input: it erases data.
   */
  async restore(id: string, volumeId: string, options?: CallOptions): Promise<CloudBackup> {
    return this.records.action(id, "restore", { volume_id: volumeId }, options);
  }
}
