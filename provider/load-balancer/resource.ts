// What the L4LoadBalancer and L7LoadBalancer classes share: the settings every balancer takes and
// shows, an upstream server, and the fields of an upstream zone both layers have. Each layer's
// class adds its zones (and L7 its own settings); definition.ts is the same split on the
// provider's side.
import type * as pulumi from "@pulumi/pulumi";
import { KindResource } from "../framework/resource";

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

/** What an upstream zone of either layer holds; each layer adds its own health checks. */
export interface LoadBalancerUpstreamZoneArgs {
  /** 1 to 255 characters, unique; the zones that send traffic here name it in upstreamId. */
  readonly id: pulumi.Input<string>;
  /** "random.least_conn" (default), "round-robin" or "least_conn". */
  readonly method?: pulumi.Input<string>;
  /** Health check interval in seconds, 1 to 60; default 5. */
  readonly hcInterval?: pulumi.Input<number>;
  /** Health check jitter in seconds, 0 to 60; default 5. */
  readonly hcJitter?: pulumi.Input<number>;
  /** The upstream servers of the zone; at least one. */
  readonly upstreams: pulumi.Input<pulumi.Input<LoadBalancerUpstreamArgs>[]>;
}

/** The settings every balancer takes; each layer adds its zones. */
export interface LoadBalancerArgs {
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
  /** The complete label set; omitted means none. */
  readonly labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
}

/** The outputs every balancer shows; each layer's class declares its zones (and settings). */
export abstract class LoadBalancerResource extends KindResource {
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
  /** The labels, without the provider's ownership label. */
  declare readonly labels: pulumi.Output<Record<string, string>>;
  declare readonly createdAt: pulumi.Output<string | null>;
  declare readonly updatedAt: pulumi.Output<string | null>;
}
