// The CloudInstance resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import { KindResource } from "../framework/resource";
import { cloudInstanceKind } from "./definition";
import type { UpgradeConfirmation } from "./update";

export type { UpgradeConfirmation } from "./update";

export interface CloudInstanceArgs {
  /** The cloud region; changing it replaces the instance. */
  readonly regionId: pulumi.Input<number>;
  /**
   * A flavor of the region, e.g. "SSD.50". A larger one upgrades the instance in place (it is
   * down for up to 10 minutes; see `upgradeConfirmation`). A smaller one is refused with an
   * error: an instance cannot shrink, so downsizing means replacing it (`pulumi up --replace`).
   */
  readonly flavorId: pulumi.Input<string>;
  /**
   * An image of the region (a UUID). Changing it reinstalls the instance in place (POST
   * reinstall): the disk is erased, the id and the addresses stay. That needs
   * `reinstallTrigger` to change in the same update.
   */
  readonly imageId: pulumi.Input<string>;
  /** The instance's name; default: the Pulumi resource name. Changed in place. */
  readonly name?: pulumi.Input<string>;
  /** The global private network; default false. Changed in place. */
  readonly gpnEnabled?: pulumi.Input<boolean>;
  /**
   * A public IPv4 address; default true (the API's default). false creates the instance without
   * one; changing it replaces the instance (the API takes it only on creation).
   */
  readonly ipv4Enabled?: pulumi.Input<boolean>;
  /** A public IPv6 address; default false. Changed in place. */
  readonly ipv6Enabled?: pulumi.Input<boolean>;
  /** The fingerprint of an account SSH key to install; changing it replaces the instance. */
  readonly sshKeyFingerprint?: pulumi.Input<string>;
  /** How many backup copies to keep; default 0. Changed in place. */
  readonly backupCopies?: pulumi.Input<number>;
  /** Cloud-init user data; changing it replaces the instance. A secret output. */
  readonly userData?: pulumi.Input<string>;
  /** The complete label set; omitted means none. */
  readonly labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * After a flavor upgrade the instance awaits confirmation (AWAITING_UPGRADE_CONFIRM).
   * "approve" (default): confirm it at once and wait for ACTIVE; an upgrade found awaiting
   * confirmation is approved too. "leave": leave it awaiting, to be confirmed or reverted by
   * hand; the API confirms it by itself 72 hours after the upgrade.
   */
  readonly upgradeConfirmation?: pulumi.Input<UpgradeConfirmation>;
  /**
   * Any text; changing it reboots the instance (unless the same update upgrades or reinstalls
   * it, which restarts it anyway). Setting it on create or removing it does nothing.
   */
  readonly rebootTrigger?: pulumi.Input<string>;
  /**
   * Consent to a reinstall: any text. A reinstall erases the instance's disk, so a change of
   * `imageId` is refused (a check failure, before any request) unless this changes to a new
   * value in the same update, e.g. today's date. Changing it alone does nothing; it needs no
   * value on create, nor when the instance is replaced (a new region, SSH key or user data).
   */
  readonly reinstallTrigger?: pulumi.Input<string>;
  /**
   * Take over the existing instance with this id instead of creating one (from the program itself,
   * where `pulumi import` writes code). Its region and image must match (a new image would
   * reinstall it unannounced); the rest is brought to the declared values. The SSH key and user
   * data cannot be read back: they are taken on trust.
   */
  readonly adoptId?: pulumi.Input<string>;
}

/**
 * A cloud computing instance.
 *
 * - Ready means a settled status: `ACTIVE` after a create (`ERROR`, `QUOTA_EXCEEDED` and
 *   `KEYPAIR_NOT_FOUND` fail at once; `DELETED`, `DELETING` or a 404 mean it is gone).
 * - In place: name, backup copies, GPN, IPv6, labels; flavor (an upgrade, then its approval as the
 *   `upgradeConfirmation` property says); image (a reinstall: the disk is erased, so only when the
 *   `reinstallTrigger` property changes in the same update, or the change is refused before any
 *   request); the reboot trigger. Replaced: region, SSH key, user data (the API takes them at
 *   creation only).
 * - An update does the upgrade first when it approves it (a refused upgrade then changes nothing),
 *   then the reinstall, the other changes, an upgrade left awaiting confirmation, and the reboot.
 *   While an upgrade awaits confirmation the API refuses every other action: with
 *   `upgradeConfirmation` set to `leave`, change the flavor in an update of its own.
 * - A locked instance (409 CONFLICT) or a region in maintenance (CLOUD_REGION_MAINTENANCE): the
 *   update is repeated with backoff until its timeout, one progress line per change, then fails
 *   naming the reason; the next `pulumi up` tries again.
 *
 * The `platformUuid` output is the instance's id on the cloud platform, null until the platform has
 * built it. `userData` is secret.
 *
 * Default timeouts (the custom timeouts resource option changes them): create 15 minutes, update 30
 * minutes, delete 15 minutes.
 */
export class CloudInstance extends KindResource {
  declare readonly platformUuid: pulumi.Output<string | null>;
  /** Upper case: ACTIVE, AWAITING_UPGRADE_CONFIRM, ... */
  declare readonly status: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly regionId: pulumi.Output<number>;
  declare readonly regionCode: pulumi.Output<string>;
  declare readonly flavorId: pulumi.Output<string>;
  /** The name of the flavor. */
  declare readonly flavorName: pulumi.Output<string>;
  declare readonly imageId: pulumi.Output<string>;
  /** The name of the image; null where the API does not say. */
  declare readonly imageName: pulumi.Output<string | null>;
  declare readonly publicIpv4Address: pulumi.Output<string | null>;
  declare readonly privateIpv4Address: pulumi.Output<string | null>;
  declare readonly localIpv4Address: pulumi.Output<string | null>;
  declare readonly publicIpv6Address: pulumi.Output<string | null>;
  declare readonly ipv6Enabled: pulumi.Output<boolean>;
  declare readonly gpnEnabled: pulumi.Output<boolean>;
  declare readonly backupCopies: pulumi.Output<number>;
  /** Whether the public port is blocked (by the service, e.g. for abuse). */
  declare readonly publicPortBlocked: pulumi.Output<boolean>;
  /** The labels, without the provider's ownership label. */
  declare readonly labels: pulumi.Output<Record<string, string>>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;
  /** True while an upgrade awaits confirmation (status AWAITING_UPGRADE_CONFIRM). */
  declare readonly awaitingUpgradeConfirmation: pulumi.Output<boolean>;
  /** As declared (the API does not return it). */
  declare readonly sshKeyFingerprint: pulumi.Output<string | undefined>;
  /** As declared (the API does not return it). */
  declare readonly ipv4Enabled: pulumi.Output<boolean | undefined>;
  /** The value last applied. */
  declare readonly rebootTrigger: pulumi.Output<string | undefined>;
  /** The value last applied. */
  declare readonly reinstallTrigger: pulumi.Output<string | undefined>;
  /** As declared (the API does not return it). Secret. */
  declare readonly userData: pulumi.Output<string | undefined>;

  constructor(name: string, args: CloudInstanceArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(cloudInstanceKind, name, { ...args, name: args.name ?? name }, opts);
  }
}
