// The SbmServer resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import { KindResource } from "../framework/resource";
import { sbmServerKind } from "./definition";

export interface SbmServerArgs {
  /** The location; changing it replaces the server. */
  readonly locationId: pulumi.Input<number>;
  /** The SBM flavor offered in that location; changing it replaces the server. */
  readonly sbmFlavorModelId: pulumi.Input<number>;
  /**
   * The operating system, from the flavor's SBM list (Windows is not offered for SBM servers: a
   * Windows id is refused before anything is ordered). Changing it reinstalls the server, which
   * needs `reinstallTrigger` to change in the same update.
   */
  readonly operatingSystemId: pulumi.Input<number>;
  /**
   * The host name (the record's `title`). Changing it reinstalls the server (the API renames an
   * SBM server no other way), which needs `reinstallTrigger` to change in the same update.
   */
  readonly hostname: pulumi.Input<string>;
  /** A network to take the public address from (the flavor needs a public uplink); replaces. */
  readonly publicIpv4NetworkId?: pulumi.Input<string>;
  /** A network to take the private address from (the flavor needs a private uplink); replaces. */
  readonly privateIpv4NetworkId?: pulumi.Input<string>;
  /**
   * Fingerprints of account SSH keys to install. Changing them reinstalls the server, which
   * needs `reinstallTrigger` to change in the same update.
   */
  readonly sshKeyFingerprints?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Cloud-init user data. Changing it reinstalls the server, which needs `reinstallTrigger` to
   * change in the same update. A secret output.
   */
  readonly userData?: pulumi.Input<string>;
  /**
   * Consent to a reinstall: any text. A reinstall erases the server's drives, so a change of
   * `operatingSystemId`, `hostname`, `sshKeyFingerprints` or `userData` is refused (a check
   * failure, before any request) unless this changes to a new value in the same update, e.g.
   * today's date. Changing it alone does nothing; it needs no value on create.
   */
  readonly reinstallTrigger?: pulumi.Input<string>;
  /** The complete label set; omitted means none. */
  readonly labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * Take over the existing SBM server with this id instead of ordering one (from the program
   * itself, where `pulumi import` writes code). Its location, flavor, operating system and host
   * name must match (the last two would otherwise reinstall it unannounced); its labels are then
   * brought to the declared ones. The network ids, keys and user data cannot be read back: they are
   * taken on trust.
   */
  readonly adoptId?: pulumi.Input<string>;
}

/**
 * A Scalable Bare Metal (SBM) server: one host, billed by the hour.
 *
 * - Ready means status `active`, operational status `normal` and the power settled (on, or off if
 *   someone switched it off: the provider never switches a server on).
 * - In place: labels. A new `operatingSystemId`, `hostname`, `sshKeyFingerprints` or `userData`
 *   reinstalls the server (its drives are erased, its id and addresses stay), and only with
 *   consent: the `reinstallTrigger` property must change in the same update, or the change is
 *   refused before any request. A new location, flavor or network id replaces the server (the old
 *   one is deleted first).
 * - Windows cannot run on SBM servers: the operating system is looked up in the SBM catalogue of
 *   the location and flavor before the order or reinstall, and a Windows system is refused there.
 * - Delete releases the server: the service schedules the release for the end of the billing hour
 *   (the `scheduledReleaseAt` output). The delete ends there, with a progress line saying when; the
 *   server is billed until then. A server whose release is scheduled is never taken over again.
 *
 * The API's `configuration_details` are flattened into outputs of their own (`ramSize`,
 * `sbmFlavorModelId`, `operatingSystemId`, ...), lined up with the inputs. `userData` is secret.
 *
 * Default timeouts (the custom timeouts resource option changes them): create 1 hour, update 1
 * hour, delete 30 minutes.
 */
export class SbmServer extends KindResource {
  declare readonly rackId: pulumi.Output<string | null>;
  /** The host name. */
  declare readonly title: pulumi.Output<string>;
  /** Always `sbm_server`. */
  declare readonly type: pulumi.Output<string>;
  declare readonly locationId: pulumi.Output<number>;
  declare readonly locationCode: pulumi.Output<string>;
  declare readonly status: pulumi.Output<string>;
  declare readonly operationalStatus: pulumi.Output<string>;
  declare readonly powerStatus: pulumi.Output<string>;
  declare readonly configuration: pulumi.Output<string>;
  declare readonly privateIpv4Address: pulumi.Output<string | null>;
  declare readonly publicIpv4Address: pulumi.Output<string | null>;
  declare readonly oobIpv4Address: pulumi.Output<string | null>;
  /** YYYY-MM-DD. */
  declare readonly leaseStartAt: pulumi.Output<string | null>;
  declare readonly scheduledReleaseAt: pulumi.Output<string | null>;
  declare readonly ramSize: pulumi.Output<number | null>;
  declare readonly sbmFlavorModelId: pulumi.Output<number | null>;
  declare readonly sbmFlavorModelName: pulumi.Output<string | null>;
  declare readonly bandwidthId: pulumi.Output<number | null>;
  declare readonly bandwidthName: pulumi.Output<string | null>;
  declare readonly privateUplinkId: pulumi.Output<number | null>;
  declare readonly privateUplinkName: pulumi.Output<string | null>;
  declare readonly publicUplinkId: pulumi.Output<number | null>;
  declare readonly publicUplinkName: pulumi.Output<string | null>;
  declare readonly operatingSystemId: pulumi.Output<number | null>;
  declare readonly operatingSystemFullName: pulumi.Output<string | null>;
  /** The labels, without the provider's ownership label. */
  declare readonly labels: pulumi.Output<Record<string, string>>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;
  /** As declared (the API does not return it). */
  declare readonly publicIpv4NetworkId: pulumi.Output<string | undefined>;
  /** As declared (the API does not return it). */
  declare readonly privateIpv4NetworkId: pulumi.Output<string | undefined>;
  /** As declared (the API does not return them). */
  declare readonly sshKeyFingerprints: pulumi.Output<string[] | undefined>;
  /** As declared (the API does not return it). Secret. */
  declare readonly userData: pulumi.Output<string | undefined>;
  /** The value last applied. */
  declare readonly reinstallTrigger: pulumi.Output<string | undefined>;

  constructor(name: string, args: SbmServerArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(sbmServerKind, name, args, opts);
  }
}
