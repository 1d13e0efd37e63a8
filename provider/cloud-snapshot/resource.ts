// The CloudSnapshot resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import { KindResource } from "../framework/resource";
import { cloudSnapshotKind } from "./definition";

export interface CloudSnapshotArgs {
  /** The cloud instance's region; changing it makes a new snapshot. */
  readonly regionId: pulumi.Input<number>;
  /** The cloud instance to snapshot; changing it makes a new snapshot. */
  readonly instanceId: pulumi.Input<string>;
  /** Unique in the region among this program's snapshots; default: the resource name. Fixed. */
  readonly name?: pulumi.Input<string>;
  /** Take over the existing snapshot "<regionId>/<snapshotId>" instead of taking one. */
  readonly adoptId?: pulumi.Input<string>;
}

/**
 * A snapshot of a cloud instance's disk. Its id is `<regionId>/<snapshotId>`. Snapshots have no
 * labels: a snapshot of the same name in the region stops the create (take it over with the
 * `adoptId` property).
 *
 * Default timeouts (the custom timeouts resource option changes them): create 60 minutes, update 10
 * minutes, delete 30 minutes.
 */
export class CloudSnapshot extends KindResource {
  declare readonly regionId: pulumi.Output<number>;
  declare readonly instanceId: pulumi.Output<string>;
  /** The snapshot's own id in the region (an image id). */
  declare readonly snapshotId: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  /** `active` once taken. */
  declare readonly status: pulumi.Output<string>;
  /** The snapshot image's size, as the API gives it; null where it does not say. */
  declare readonly imageSize: pulumi.Output<number | null>;
  /**
   * The smallest disk, in GB, an instance made from the snapshot needs; null where the API does not
   * say.
   */
  declare readonly minDisk: pulumi.Output<number | null>;
  /** Whether the snapshot was made as a backup; null where the API does not say. */
  declare readonly isBackup: pulumi.Output<boolean | null>;
  /** The address the snapshot image can be downloaded from; null where the API does not say. */
  declare readonly fileUrl: pulumi.Output<string | null>;

  constructor(name: string, args: CloudSnapshotArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(cloudSnapshotKind, name, { ...args, name: args.name ?? name }, opts);
  }
}
