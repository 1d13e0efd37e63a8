// The HostNetwork resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import { KindResource } from "../framework/resource";
import { type HostNetworkType, hostNetworkKind, type NetworkHostType } from "./definition";

export interface HostNetworkArgs {
  /** The server; changing it replaces the network. */
  readonly hostId: pulumi.Input<string>;
  /** "dedicated_server" or "sbm_server" (SBM servers: private_ipv4 only). */
  readonly hostType: pulumi.Input<NetworkHostType>;
  /** "public_ipv4", "private_ipv4" or "public_ipv6" (dedicated servers: the IPv6 activation). */
  readonly type: pulumi.Input<HostNetworkType>;
  /** IPv4 only: 26 to 29 with gateway, 32 with route. */
  readonly mask?: pulumi.Input<number>;
  /** IPv4 only: "gateway" (the default sent; the only one for private networks) or "route". */
  readonly distributionMethod?: pulumi.Input<"gateway" | "route">;
  /**
   * Take over the existing network with this id, `hosts/<dedicated_servers|sbm_servers>/<host
   * id>/networks/<network id>` (from the program itself, where `pulumi import` writes code). Its
   * host, type, mask and distribution method must match.
   */
  readonly adoptId?: pulumi.Input<string>;
}

/**
 * An additional network of a dedicated or SBM server: a public or private IPv4 network of the given
 * size, or a dedicated server's public IPv6 network. Waits until the network is active (its CIDR is
 * assigned then); destroy removes it and waits until it is gone. Nothing changes in place: every
 * change replaces the network (the old one is removed first).
 *
 * The resource's id is the network's API path below /v1,
 * `hosts/<dedicated_servers|sbm_servers>/<host id>/networks/<network id>`. Networks have no labels:
 * a create of the public IPv6 network (one per server) stops before ordering when the server has it
 * already, naming it (take it over with the `adoptId` property); an IPv4 order interrupted before
 * its answer may leave a network the next `pulumi up` does not know (the getHostNetworks function
 * with `additional` set to true lists them).
 *
 * Default timeouts (the custom timeouts resource option changes them): create and delete 15
 * minutes, update 5 minutes.
 */
export class HostNetwork extends KindResource {
  declare readonly hostId: pulumi.Output<string>;
  declare readonly hostType: pulumi.Output<NetworkHostType>;
  declare readonly type: pulumi.Output<HostNetworkType | null>;
  /** The CIDR's prefix length; null until active. */
  declare readonly mask: pulumi.Output<number | null>;
  declare readonly distributionMethod: pulumi.Output<string>;
  /** The network's own id in the API. */
  declare readonly networkId: pulumi.Output<string>;
  /** The network's title; null where the API does not say. */
  declare readonly title: pulumi.Output<string | null>;
  declare readonly status: pulumi.Output<string>;
  /** Assigned once the network is active. */
  declare readonly cidr: pulumi.Output<string | null>;
  /** The network's first usable address; null until allotted (or where the API leaves it out). */
  declare readonly firstIp: pulumi.Output<string | null>;
  /** The gateway address hosts on this network route through; null until allotted. */
  declare readonly gateway: pulumi.Output<string | null>;
  /** The network's family: `ipv4` or `ipv6`. */
  declare readonly family: pulumi.Output<string>;
  /** The interface the network is on: `public`, `private` or `oob`. */
  declare readonly interfaceType: pulumi.Output<string>;
  /** Whether the network was ordered in addition to the ones the server came with. */
  declare readonly additional: pulumi.Output<boolean>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: HostNetworkArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(hostNetworkKind, name, args, opts);
  }
}
