// The L4LoadBalancer resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import { KindResource } from "../framework/resource";
import { l4LoadBalancerKind } from "./definition";

/** An upstream server (L4 and L7 alike). The defaults are the API's. */
export interface LoadBalancerUpstreamArgs {
  /** IPv4 or IPv6 address. */
  readonly ip: pulumi.Input<string>;
  /** 1 to 65535. */
  readonly port: pulumi.Input<number>;
  /** A positive whole number; default 1. */
  readonly weight?: pulumi.Input<number>;
  /** 1 to 65535; default 63000. */
  readonly maxConns?: pulumi.Input<number>;
  /** Failures before the server is taken out; default 0. */
  readonly maxFails?: pulumi.Input<number>;
  /** Seconds, 1 to 60; default 30. */
  readonly failTimeout?: pulumi.Input<number>;
}

/**
 * A group of upstream servers of an L4 load balancer, with its balancing method and health checks.
 */
export interface L4UpstreamZoneArgs {
  /** 1 to 255 characters, unique; vhost zones name it in upstreamId. */
  readonly id: pulumi.Input<string>;
  /** "random.least_conn" (default), "round-robin" or "least_conn". */
  readonly method?: pulumi.Input<string>;
  /** Balance UDP instead of TCP; default false. */
  readonly udp?: pulumi.Input<boolean>;
  /** Health check interval in seconds, 1 to 60; default 5. */
  readonly hcInterval?: pulumi.Input<number>;
  /** Health check jitter in seconds, 0 to 60; default 5. */
  readonly hcJitter?: pulumi.Input<number>;
  /** The upstream servers of the zone; at least one. */
  readonly upstreams: pulumi.Input<pulumi.Input<LoadBalancerUpstreamArgs>[]>;
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

export interface L4LoadBalancerArgs {
  /** Where it runs (getLocation; load balancers must be enabled there); changing it replaces. */
  readonly locationId: pulumi.Input<number>;
  /** Default: the Pulumi resource name. */
  readonly name?: pulumi.Input<string>;
  /** A dedicated cluster (getLoadBalancerCluster); omitted: a shared one. Changed in place. */
  readonly clusterId?: pulumi.Input<string>;
  /** Keep logs; default false. */
  readonly storeLogs?: pulumi.Input<boolean>;
  /** The cloud region that keeps the logs. */
  readonly storeLogsRegionId?: pulumi.Input<number>;
  /** Forwarding rules: ports to an upstream zone. */
  readonly vhostZones: pulumi.Input<pulumi.Input<L4VhostZoneArgs>[]>;
  /** Groups of upstream servers. */
  readonly upstreamZones: pulumi.Input<pulumi.Input<L4UpstreamZoneArgs>[]>;
  /** The complete label set; omitted means none. */
  readonly labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
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
export class L4LoadBalancer extends KindResource {
  declare readonly name: pulumi.Output<string>;
  declare readonly status: pulumi.Output<string>;
  declare readonly locationId: pulumi.Output<number>;
  declare readonly locationCode: pulumi.Output<string | null>;
  /** null on a shared cluster. */
  declare readonly clusterId: pulumi.Output<string | null>;
  /** Whether the balancer runs on a shared cluster; null where the record leaves it out. */
  declare readonly sharedCluster: pulumi.Output<boolean | null>;
  declare readonly storeLogs: pulumi.Output<boolean | null>;
  declare readonly storeLogsRegionId: pulumi.Output<number | null>;
  /** The balancer's external IP addresses. */
  declare readonly externalAddresses: pulumi.Output<string[]>;
  /** Sorted by id, with the API's defaults filled in. */
  declare readonly vhostZones: pulumi.Output<pulumi.Unwrap<L4VhostZoneArgs>[]>;
  /** The upstream zones, sorted by id, with the API's defaults filled in. */
  declare readonly upstreamZones: pulumi.Output<pulumi.Unwrap<L4UpstreamZoneArgs>[]>;
  /** The labels, without the provider's ownership label. */
  declare readonly labels: pulumi.Output<Record<string, string>>;
  declare readonly createdAt: pulumi.Output<string | null>;
  declare readonly updatedAt: pulumi.Output<string | null>;

  constructor(name: string, args: L4LoadBalancerArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(l4LoadBalancerKind, name, { ...args, name: args.name ?? name }, opts);
  }
}
