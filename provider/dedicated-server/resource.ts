// The DedicatedServer resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import { KindResource } from "../framework/resource";
import type { DriveSlotResult } from "../functions/drive-slot-result";
import { dedicatedServerKind } from "./definition";

/** The server's uplinks: the private one, and the public one with its bandwidth option. */
export interface DedicatedServerUplinkModelsArgs {
  /** The private uplink model offered for the server model. */
  readonly private: pulumi.Input<{
    /** The private uplink model's id (see the getUplinkModel function). */
    readonly id: pulumi.Input<number>;
  }>;
  /** The public uplink and its bandwidth option; omitted: no public uplink. */
  readonly public?: pulumi.Input<{
    /** The public uplink model's id (see the getUplinkModel function). */
    readonly id: pulumi.Input<number>;
    /** The bandwidth option's id (see the getBandwidthOption function). */
    readonly bandwidthModelId: pulumi.Input<number>;
  }>;
}

/** The server's drives: which drive model in which slot, and how the slots are grouped. */
export interface DedicatedServerDrivesArgs {
  /** Which drive model goes in which slot (positions from 0). */
  readonly slots: pulumi.Input<
    pulumi.Input<{
      /** The slot's position (see the getServerModel function's drive slots). */
      readonly position: pulumi.Input<number>;
      /** The drive model's id (see the getDriveModel function). */
      readonly driveModelId: pulumi.Input<number>;
    }>[]
  >;
  /** Groups of filled slots; a group whose `ignore` property is true is left unconfigured. */
  readonly layout?: pulumi.Input<
    pulumi.Input<{
      /** The positions of the slots the group joins. */
      readonly slotPositions: pulumi.Input<pulumi.Input<number>[]>;
      /** Leave the group unconfigured; default false. */
      readonly ignore?: pulumi.Input<boolean>;
    }>[]
  >;
}

export interface DedicatedServerArgs {
  /** The location (ids from the location list); changing it replaces the server. */
  readonly locationId: pulumi.Input<number>;
  /** The server model offered there; changing it replaces the server. */
  readonly serverModelId: pulumi.Input<number>;
  /** Changing them replaces the server. */
  readonly uplinkModels: pulumi.Input<DedicatedServerUplinkModelsArgs>;
  /** GB, one of the server model's RAM options; changing it replaces the server. */
  readonly ramSize: pulumi.Input<number>;
  /** The drives and their layout; changing them replaces the server. */
  readonly drives: pulumi.Input<DedicatedServerDrivesArgs>;
  /**
   * The operating system (Windows included), or null for none: iPXE Boot, with an iPXE feature
   * in `features` and `ipxeConfig`. Changing it reinstalls the server in place (its disks are
   * wiped), which needs `reinstallTrigger` to change in the same update; changing it to null is
   * the reinstall-based iPXE Boot flow.
   */
  readonly operatingSystemId: pulumi.Input<number | null>;
  /**
   * The complete set of active features (omitted: none), such as private_ipxe_boot or
   * public_ipxe_boot (one at most), no_private_ip, no_public_ip_address, no_public_network.
   * Changed in place: features leave before others are activated.
   */
  readonly features?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * The iPXE script (first line `#!ipxe`, at most 64 KB) for iPXE Boot. On a server already in
   * iPXE Boot mode a new script is applied in place and takes effect at the next boot: see
   * rebootOnIpxeChange.
   */
  readonly ipxeConfig?: pulumi.Input<string>;
  /** Default false; changing it replaces the server. */
  readonly ipv6?: pulumi.Input<boolean>;
  /** The server's host name (the record's title); default: the resource name. */
  readonly hostname?: pulumi.Input<string>;
  /** The complete set of SSH keys attached to the server (omitted: none). */
  readonly sshKeyFingerprints?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Cloud-init user data for the order and for reinstalls. Changing it alone changes nothing on
   * the server: the new value is used by the next reinstall. A secret input and output.
   */
  readonly userData?: pulumi.Input<string>;
  /** The complete label set; omitted means none. */
  readonly labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * Take over the existing server with this id instead of ordering one (from the program itself,
   * where `pulumi import` writes code). Its location, server model, uplinks and RAM must match;
   * drives and IPv6 cannot be read back and are taken as declared; the rest is brought to the
   * declared values.
   */
  readonly adoptId?: pulumi.Input<string>;
  /**
   * Whether Pulumi reboots the server after changing the iPXE script or feature of a server in
   * iPXE Boot mode, so the new script applies at once. Default false: Pulumi prints that a reboot
   * is needed and leaves the timing to you.
   */
  readonly rebootOnIpxeChange?: pulumi.Input<boolean>;
  /** Any text; changing it reboots the server and waits until it is ready again. */
  readonly rebootTrigger?: pulumi.Input<string>;
  /**
   * Consent to a reinstall: any text. A reinstall erases the server's drives, so a change of
   * `operatingSystemId` is refused (a check failure, before any request) unless this changes to
   * a new value in the same update, e.g. today's date. Changing it alone does nothing; it needs
   * no value on create.
   */
  readonly reinstallTrigger?: pulumi.Input<string>;
}

/**
 * A dedicated server, ordered by the month. One resource is one server.
 *
 * Ready means status `active`, operational status `normal`, power status `powered_on`, and no
 * feature switching. Deleting schedules the release (at the end of the billing period): the server
 * counts as gone from then on.
 *
 * The API's `configuration_details` are flattened into outputs of their own (`ramSize`,
 * `serverModelId`, `operatingSystemId`, ...), so each input compares with the output of the same
 * name. The API promises few fields of a dedicated server, and a record may lack some of its
 * configuration details: such outputs are then absent.
 *
 * Default timeouts (the custom timeouts resource option changes them): create 6 hours, update 2
 * hours, delete 1 hour. Every wait of an update with several steps (feature switch, reinstall,
 * reboot) gets the update timeout.
 */
export class DedicatedServer extends KindResource {
  declare readonly hostname: pulumi.Output<string>;
  /** The server's title (its host name, as the API shows it). */
  declare readonly title: pulumi.Output<string>;
  /** The host's kind: `dedicated_server`. */
  declare readonly type: pulumi.Output<string>;
  declare readonly rackId: pulumi.Output<string | null | undefined>;
  declare readonly locationId: pulumi.Output<number | undefined>;
  declare readonly locationCode: pulumi.Output<string | undefined>;
  declare readonly status: pulumi.Output<string>;
  declare readonly operationalStatus: pulumi.Output<string | undefined>;
  declare readonly powerStatus: pulumi.Output<string | undefined>;
  /** The hardware in words: "Dell R640 / 64 GB RAM / 2 x Samsung PM883 960GB". */
  declare readonly configuration: pulumi.Output<string | undefined>;
  declare readonly privateIpv4Address: pulumi.Output<string | null | undefined>;
  declare readonly publicIpv4Address: pulumi.Output<string | null | undefined>;
  declare readonly oobIpv4Address: pulumi.Output<string | null | undefined>;
  declare readonly leaseStartAt: pulumi.Output<string | null | undefined>;
  /** Set once the release is scheduled; the resource is then gone. */
  declare readonly scheduledReleaseAt: pulumi.Output<string | null | undefined>;
  /** The labels, without the provider's ownership label. */
  declare readonly labels: pulumi.Output<Record<string, string>>;
  declare readonly createdAt: pulumi.Output<string | undefined>;
  declare readonly updatedAt: pulumi.Output<string | undefined>;
  // configuration_details, flattened.
  declare readonly ramSize: pulumi.Output<number | null | undefined>;
  declare readonly serverModelId: pulumi.Output<number | null | undefined>;
  declare readonly serverModelName: pulumi.Output<string | null | undefined>;
  declare readonly privateUplinkId: pulumi.Output<number | null | undefined>;
  declare readonly privateUplinkName: pulumi.Output<string | null | undefined>;
  declare readonly publicUplinkId: pulumi.Output<number | null | undefined>;
  declare readonly publicUplinkName: pulumi.Output<string | null | undefined>;
  declare readonly bandwidthId: pulumi.Output<number | null | undefined>;
  declare readonly bandwidthName: pulumi.Output<string | null | undefined>;
  declare readonly operatingSystemId: pulumi.Output<number | null | undefined>;
  declare readonly operatingSystemFullName: pulumi.Output<string | null | undefined>;
  declare readonly uplinkModels: pulumi.Output<{
    private: { id: number };
    public?: { id: number; bandwidthModelId: number | null };
  }>;
  /** The server's iPXE script, null when it has none. */
  declare readonly ipxeConfig: pulumi.Output<string | null>;
  /** The active features (activated, or activation requested), sorted. */
  declare readonly features: pulumi.Output<string[]>;
  /** Every feature the server lists, with its status (activated, deactivated, unavailable...). */
  declare readonly featureStatuses: pulumi.Output<Record<string, string>>;
  /** The active iPXE Boot feature: private_ipxe_boot, public_ipxe_boot, or null. */
  declare readonly ipxeBootFeature: pulumi.Output<string | null>;
  declare readonly sshKeyFingerprints: pulumi.Output<string[]>;
  /**
   * The server's drive slots, by position, each with the drive in it (null for an empty slot):
   * what the server has, read from the API once the server is active (absent before). The
   * `drives` input is the order as last applied; this is the hardware as the API reports it.
   */
  declare readonly driveSlots: pulumi.Output<DriveSlotResult[] | undefined>;
  // Inputs the API does not return: the values last applied.
  declare readonly drives: pulumi.Output<{
    slots: { position: number; driveModelId: number }[];
    layout: { slotPositions: number[]; ignore: boolean }[];
  }>;
  declare readonly ipv6: pulumi.Output<boolean>;
  declare readonly userData: pulumi.Output<string | undefined>;
  declare readonly rebootOnIpxeChange: pulumi.Output<boolean>;
  declare readonly rebootTrigger: pulumi.Output<string | undefined>;
  declare readonly reinstallTrigger: pulumi.Output<string | undefined>;

  constructor(name: string, args: DedicatedServerArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(dedicatedServerKind, name, { ...args, hostname: args.hostname ?? name }, opts);
  }
}
