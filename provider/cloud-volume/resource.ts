// The CloudVolume resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import { KindResource } from "../framework/resource";
import { cloudVolumeKind } from "./definition";

export interface CloudVolumeArgs {
  /** The cloud region; changing it replaces the volume (a new, empty one). */
  readonly regionId: pulumi.Input<number>;
  /** Gigabytes. Fixed once created: no official client resizes a cloud volume. */
  readonly size: pulumi.Input<number>;
  /** The volume's name; default: the Pulumi resource name. */
  readonly name?: pulumi.Input<string>;
  /** The volume's description. */
  readonly description?: pulumi.Input<string>;
  /**
   * The cloud instance (of the same region) to attach the volume to; omitted means detached.
   * Changing it detaches and attaches in place.
   */
  readonly instanceId?: pulumi.Input<string>;
  /** Make the volume from this CloudVolumeBackup (a restore into a new volume); replaces. */
  readonly backupId?: pulumi.Input<string>;
  /** The complete label set; omitted means none. */
  readonly labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * Take over the existing volume with this id instead of creating one. Its region must match;
   * name, description, attachment and labels are then brought to the declared values.
   */
  readonly adoptId?: pulumi.Input<string>;
}

/**
 * A cloud block storage volume, attached to at most one cloud instance. Deleting an attached volume
 * detaches it first.
 *
 * Default timeouts (the custom timeouts resource option changes them): create, update and delete 20
 * minutes.
 */
export class CloudVolume extends KindResource {
  declare readonly name: pulumi.Output<string>;
  declare readonly size: pulumi.Output<number>;
  /** `available` (detached) or `in-use` (attached) once settled. */
  declare readonly status: pulumi.Output<string>;
  declare readonly regionId: pulumi.Output<number>;
  declare readonly regionCode: pulumi.Output<string | null>;
  /** The volume's description; null when it has none. */
  declare readonly description: pulumi.Output<string | null>;
  /** Whether an instance can boot from the volume; null where the API does not say. */
  declare readonly bootable: pulumi.Output<boolean | null>;
  /** The attached cloud instance, or null. */
  declare readonly instanceId: pulumi.Output<string | null>;
  /** The device inside the instance (e.g. /dev/vdb), or null. */
  declare readonly device: pulumi.Output<string | null>;
  declare readonly platformUuid: pulumi.Output<string | null>;
  /** The labels, without the provider's ownership label. */
  declare readonly labels: pulumi.Output<Record<string, string>>;
  declare readonly createdAt: pulumi.Output<string | null>;
  declare readonly backupId: pulumi.Output<string | undefined>;

  constructor(name: string, args: CloudVolumeArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(cloudVolumeKind, name, { ...args, name: args.name ?? name }, opts);
  }
}
