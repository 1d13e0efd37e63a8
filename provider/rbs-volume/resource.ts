// The RbsVolume resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import { KindResource } from "../framework/resource";
import { rbsVolumeKind } from "./definition";

export interface RbsVolumeArgs {
  /** The location; changing it replaces the volume (a new, empty one). */
  readonly locationId: pulumi.Input<number>;
  /** The RBS flavor offered in that location; changing it replaces the volume. */
  readonly flavorId: pulumi.Input<number>;
  /** Gigabytes, 1 to 2048. A volume can only grow. */
  readonly size: pulumi.Input<number>;
  /** The volume's name; default: the Pulumi resource name. */
  readonly name?: pulumi.Input<string>;
  /** The complete label set; omitted means none. */
  readonly labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * Take over the existing volume with this id instead of creating one (from the program itself,
   * where `pulumi import` writes code). Its location and flavor must match; name, size and labels
   * are then brought to the declared values.
   */
  readonly adoptId?: pulumi.Input<string>;
}

/**
 * A remote block storage (RBS) volume, reached over iSCSI.
 *
 * The `username` and `password` outputs (the iSCSI credentials) are secret. A volume can only grow:
 * a smaller `size` is refused before any request; a new location or flavor replaces the volume with
 * a new, empty one.
 *
 * Default timeouts (the custom timeouts resource option changes them): create, update and delete 30
 * minutes.
 */
export class RbsVolume extends KindResource {
  declare readonly name: pulumi.Output<string>;
  declare readonly size: pulumi.Output<number>;
  declare readonly status: pulumi.Output<string>;
  declare readonly locationId: pulumi.Output<number>;
  declare readonly locationCode: pulumi.Output<string>;
  declare readonly flavorId: pulumi.Output<number>;
  /** The name of the RBS flavor. */
  declare readonly flavorName: pulumi.Output<string>;
  /** The volume's I/O operations per second. */
  declare readonly iops: pulumi.Output<number>;
  /** The volume's bandwidth, as the API gives it. */
  declare readonly bandwidth: pulumi.Output<number>;
  /** The labels, without the provider's ownership label. */
  declare readonly labels: pulumi.Output<Record<string, string>>;
  /** The iSCSI target address; set once the volume is active. */
  declare readonly ipAddress: pulumi.Output<string | null>;
  /** The iSCSI target's name (IQN); null right after creation. */
  declare readonly targetIqn: pulumi.Output<string | null>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;
  /** Secret. */
  declare readonly username: pulumi.Output<string>;
  /** Secret. */
  declare readonly password: pulumi.Output<string>;

  constructor(name: string, args: RbsVolumeArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(rbsVolumeKind, name, { ...args, name: args.name ?? name }, opts);
  }
}
