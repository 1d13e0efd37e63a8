// The CloudVolumeBackup resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import { KindResource } from "../framework/resource";
import { cloudVolumeBackupKind } from "./definition";

export interface CloudVolumeBackupArgs {
  /** The CloudVolume to back up; changing it makes a new backup (of that volume). */
  readonly volumeId: pulumi.Input<string>;
  /** The backup's name; default: the Pulumi resource name. Fixed once created. */
  readonly name?: pulumi.Input<string>;
  /** An incremental backup on top of the volume's last one (create-time only). */
  readonly incremental?: pulumi.Input<boolean>;
  /** Back up the volume even while it is attached (create-time only). */
  readonly force?: pulumi.Input<boolean>;
  /** The complete label set; omitted means none. */
  readonly labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Take over the existing backup with this id; its labels are then converged. */
  readonly adoptId?: pulumi.Input<string>;
}

/**
 * A backup of a cloud volume. To restore it, declare a CloudVolume whose `backupId` property is
 * this backup's id (a new volume made from it); writing a backup over an existing volume is an API
 * action no resource takes on its own.
 *
 * Default timeouts (the custom timeouts resource option changes them): create 60 minutes, update 10
 * minutes, delete 30 minutes.
 */
export class CloudVolumeBackup extends KindResource {
  declare readonly volumeId: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  /** `available` once made. */
  declare readonly status: pulumi.Output<string>;
  /** The backup's size in GB; null where the API does not say. */
  declare readonly size: pulumi.Output<number | null>;
  declare readonly regionId: pulumi.Output<number | null>;
  declare readonly regionCode: pulumi.Output<string | null>;
  declare readonly platformUuid: pulumi.Output<string | null>;
  /**
   * The id on the cloud platform of the volume the backup was made of; null where the API does not
   * say.
   */
  declare readonly platformVolumeUuid: pulumi.Output<string | null>;
  /** The labels, without the provider's ownership label. */
  declare readonly labels: pulumi.Output<Record<string, string>>;
  declare readonly createdAt: pulumi.Output<string | null>;

  constructor(name: string, args: CloudVolumeBackupArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(cloudVolumeBackupKind, name, { ...args, name: args.name ?? name }, opts);
  }
}
