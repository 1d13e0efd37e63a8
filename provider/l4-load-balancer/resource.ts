// The L4LoadBalancer resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import {
  type LoadBalancerArgs,
  LoadBalancerResource,
  type LoadBalancerUpstreamZoneArgs,
} from "../load-balancer/resource";
import { l4LoadBalancerKind } from "./definition";

/**
 * A group of upstream servers of an L4 load balancer, with its balancing method and health checks.
 */
export interface L4UpstreamZoneArgs extends LoadBalancerUpstreamZoneArgs {
  /** Balance UDP instead of TCP; default false. */
  readonly udp?: pulumi.Input<boolean>;
}

/** A forwarding rule of an L4 load balancer: ports to an upstream zone. */
export interface L4VhostZoneArgs {
  /** 1 to 255 characters, unique. */
  readonly id: pulumi.Input<string>;
  /** The ports to balance, each 1 to 65535; at least one. */
  readonly ports: pulumi.Input<pulumi.Input<number>[]>;
  /** Default false. */
  readonly udp?: pulumi.Input<boolean>;
  /** Default false. */
  readonly proxyProtocol?: pulumi.Input<boolean>;
  /** The id of one of upstreamZones. */
  readonly upstreamId: pulumi.Input<string>;
  /** At most 255 characters. */
  readonly description?: pulumi.Input<string>;
}

export interface L4LoadBalancerArgs extends LoadBalancerArgs {
  /** Forwarding rules: ports to an upstream zone. */
  readonly vhostZones: pulumi.Input<pulumi.Input<L4VhostZoneArgs>[]>;
  /** Groups of upstream servers. */
  readonly upstreamZones: pulumi.Input<pulumi.Input<L4UpstreamZoneArgs>[]>;
  /** Take over the existing L4 balancer with this id; its location must match. */
  readonly adoptId?: pulumi.Input<string>;
}

/**
 * An L4 (TCP/UDP) load balancer. Everything but the location changes in place: one request with the
 * complete zone lists, then a wait until the balancer is active again.
 *
 * Default timeouts (the custom timeouts resource option changes them): create, update and delete 20
 * minutes.
 */
export class L4LoadBalancer extends LoadBalancerResource {
  /** Sorted by id, with the API's defaults filled in. */
  declare readonly vhostZones: pulumi.Output<pulumi.Unwrap<L4VhostZoneArgs>[]>;
  /** The upstream zones, sorted by id, with the API's defaults filled in. */
  declare readonly upstreamZones: pulumi.Output<pulumi.Unwrap<L4UpstreamZoneArgs>[]>;

  constructor(name: string, args: L4LoadBalancerArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(l4LoadBalancerKind, name, { ...args, name: args.name ?? name }, opts);
  }
}
