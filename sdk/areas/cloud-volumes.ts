// Cloud block storage volumes: /cloud_block_storage/volumes, attached to cloud instances. Not in
// api-spec.md: paths and bodies follow the official Go client (cloud_block_storage_volumes.go)
// and srvctl (cloud-volumes); docs/wire.md, "Cloud block storage", records each decision.
import { z } from "zod";
import type { CallOptions, ListOptions, Requester } from "../core/contract";
import { InputValidationError } from "../core/errors";
import type { StateTable } from "../wait";
import { CrudCollectionApi, type LabelsInput, LabelsSchema, TimestampSchema } from "./common";

/** One instance a volume is attached to (the Go client's Attachment). */
export const CloudVolumeAttachmentSchema = z.object({
  id: z.string().optional(),
  instance_id: z.string(),
  instance_name: z.string().nullable().optional(),
  /** The device path inside the instance, e.g. /dev/vdb. */
  device: z.string().nullable().optional(),
});
export type CloudVolumeAttachment = z.infer<typeof CloudVolumeAttachmentSchema>;

/**
 * No spec: only id, name and status are required (every official fixture has them). The Go
 * client's create fixture answers openstack_uuid and created_at null; the rest may be absent.
 */
export const CloudVolumeSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  openstack_uuid: z.string().nullable().optional(),
  region_id: z.number().int().optional(),
  region_code: z.string().nullable().optional(),
  /** Gigabytes. */
  size: z.number().int().optional(),
  bootable: z.boolean().optional(),
  description: z.string().nullable().optional(),
  labels: LabelsSchema.optional(),
  attachments: z.array(CloudVolumeAttachmentSchema).nullable().optional(),
  created_at: TimestampSchema.nullable().optional(),
});
export type CloudVolume = z.infer<typeof CloudVolumeSchema>;

/**
 * Volume `status`, the platform's (OpenStack block storage) words as the fixtures show them:
 * `pending` (the create answer), `attaching`, `backing-up`. `available` is a detached volume,
 * `in-use` an attached one. A status no row lists is simply not settled (and shown as is).
 */
export const cloudVolumeStates: StateTable = {
  transitional: [
    "pending",
    "creating",
    "attaching",
    "detaching",
    "backing-up",
    "restoring-backup",
    "downloading",
    "extending",
    "deleting",
    "reserved",
  ],
  settled: ["available", "in-use"],
  failed: ["error", "error_restoring", "error_extending", "error_deleting"],
};

export interface CloudVolumeCreateBody {
  readonly name: string;
  readonly region_id: number;
  /** Gigabytes; may be left out when the volume is made from an image, snapshot or backup. */
  readonly size?: number;
  readonly description?: string;
  readonly image_id?: string;
  readonly snapshot_id?: string;
  readonly backup_id?: string;
  /** Attaches the new volume to this cloud instance. */
  readonly attach_instance_id?: string;
  readonly labels?: LabelsInput;
}

/**
 * The Go client's update input: no size (no official source resizes a cloud volume). `name` is
 * always sent: Go `CloudBlockStorageVolumeUpdateInput.Name` has no omitempty and srvctl's
 * `cloud-volumes update` always sets it, so a PUT without it is one no official client makes.
 */
export interface CloudVolumeUpdateBody {
  readonly name: string;
  readonly description?: string;
  /** Replaces the whole label set. */
  readonly labels?: LabelsInput;
}

/**
 * Filters of GET /cloud_block_storage/volumes, as srvctl's `cloud-volumes list` sends them
 * (label_selector, region_id, instance_id). No source sends `search_pattern` here.
 */
export interface CloudVolumeListOptions extends Omit<ListOptions, "searchPattern"> {
  readonly regionId?: number;
  /** Only volumes attached to this cloud instance. */
  readonly instanceId?: string;
}

function checkSize(size: number | undefined): void {
  if (size === undefined) return;
  if (!Number.isInteger(size) || size < 1) {
    throw new InputValidationError("size", `a whole number of gigabytes, at least 1 (got ${size})`);
  }
}

/** `delete` answers the volume (Go client, not read), which goes through `deleting` until GET answers 404. */
export class CloudVolumesApi extends CrudCollectionApi<
  CloudVolume,
  CloudVolumeListOptions,
  CloudVolumeCreateBody,
  CloudVolumeUpdateBody
> {
  constructor(http: Requester) {
    super(http, "/cloud_block_storage/volumes", CloudVolumeSchema);
  }

  /** Answers the volume in a transitional status (`pending` in the Go client's fixture). */
  override async create(body: CloudVolumeCreateBody, options?: CallOptions): Promise<CloudVolume> {
    checkSize(body.size);
    return super.create(body, options);
  }

  /** POST .../attach {instance_id}: the volume goes `attaching`, then `in-use`. */
  async attach(id: string, instanceId: string, options?: CallOptions): Promise<CloudVolume> {
    return this.records.action(id, "attach", { instance_id: instanceId }, options);
  }

  /** POST .../detach {instance_id}: the volume goes `detaching`, then `available`. */
  async detach(id: string, instanceId: string, options?: CallOptions): Promise<CloudVolume> {
    return this.records.action(id, "detach", { instance_id: instanceId }, options);
  }
}

/** The instance a volume is attached to (a volume attaches to at most one), or undefined. */
export function attachedInstanceId(volume: CloudVolume): string | undefined {
  return volume.attachments?.[0]?.instance_id;
}
