// The L7LoadBalancer resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import {
  type LoadBalancerArgs,
  LoadBalancerResource,
  type LoadBalancerUpstreamZoneArgs,
} from "../load-balancer/resource";
import { l7LoadBalancerKind } from "./definition";

/**
 * A group of upstream servers of an L7 load balancer, with its balancing method and HTTP health
 * checks.
 */
export interface L7UpstreamZoneArgs extends LoadBalancerUpstreamZoneArgs {
  /** TLS to the upstreams; default false. */
  readonly ssl?: pulumi.Input<boolean>;
  /** Sticky cookie; default true. */
  readonly sticky?: pulumi.Input<boolean>;
  /** Failed checks before an upstream is taken out, at least 1; default 3. */
  readonly hcFails?: pulumi.Input<number>;
  /** Passed checks to take it back, at least 1; default 3. */
  readonly hcPasses?: pulumi.Input<number>;
  /** The host name health checks ask for. */
  readonly hcDomain?: pulumi.Input<string>;
  /** At most 255 characters; default "/". */
  readonly hcPath?: pulumi.Input<string>;
  /** "GET" (default) or "HEAD". */
  readonly hcMethod?: pulumi.Input<string>;
  /** Default false. */
  readonly hcMandatory?: pulumi.Input<boolean>;
  /** Expected status (nginx match syntax), at most 255 characters; default "200-399". */
  readonly hcStatus?: pulumi.Input<string>;
  /** "TLSv1.3" (default) or "TLSv1.2". */
  readonly tlsPreset?: pulumi.Input<string>;
  /** Default false. */
  readonly grpc?: pulumi.Input<boolean>;
  /** At most 64 characters. */
  readonly hcGrpcService?: pulumi.Input<string>;
  /** 0 to 16; default 0. */
  readonly hcGrpcStatus?: pulumi.Input<number>;
}

/** A path rule of an L7 virtual host: requests under a location go to an upstream zone. */
export interface L7LocationZoneArgs {
  /** The path prefix, e.g. "/api". */
  readonly location: pulumi.Input<string>;
  /** The id of one of upstreamZones. */
  readonly upstreamId: pulumi.Input<string>;
  /** The path the request is sent to on the upstream, in place of the matched location. */
  readonly upstreamPath?: pulumi.Input<string>;
}

/** A virtual host of an L7 load balancer: domains and ports, TLS, and where requests go. */
export interface L7VhostZoneArgs {
  /** 1 to 255 characters, unique. */
  readonly id: pulumi.Input<string>;
  /** Each 1 to 65535; at least one. */
  readonly ports: pulumi.Input<pulumi.Input<number>[]>;
  /** TLS termination with sslCertificateId; default false. */
  readonly ssl?: pulumi.Input<boolean>;
  /** Serve HTTP/2; default false. */
  readonly http2?: pulumi.Input<boolean>;
  /** Redirect HTTP requests to HTTPS; default false. */
  readonly httpToHttpsRedirect?: pulumi.Input<boolean>;
  /** HTTP/2 server push of preloaded resources; default false. */
  readonly http2PushPreload?: pulumi.Input<boolean>;
  /** At least one domain name. */
  readonly domains: pulumi.Input<pulumi.Input<string>[]>;
  /** An SslCertificate's (or getSslCertificate's) id; required with ssl. */
  readonly sslCertificateId?: pulumi.Input<string>;
  /** Path rules to upstream zones. */
  readonly locationZones?: pulumi.Input<pulumi.Input<L7LocationZoneArgs>[]>;
  /** Take the client address from this header when the request comes from these networks. */
  readonly realIpHeader?: pulumi.Input<{
    /** The header's name, e.g. `X-Forwarded-For`. */
    readonly name: pulumi.Input<string>;
    /** The networks (CIDR notation) whose requests the header is trusted from. */
    readonly networks: pulumi.Input<pulumi.Input<string>[]>;
  }>;
}

export interface L7LoadBalancerArgs extends LoadBalancerArgs {
  /** GeoIP; default false. */
  readonly geoip?: pulumi.Input<boolean>;
  /** Virtual hosts: domains and ports to location zones or an upstream zone. */
  readonly vhostZones: pulumi.Input<pulumi.Input<L7VhostZoneArgs>[]>;
  /** Groups of upstream servers. */
  readonly upstreamZones: pulumi.Input<pulumi.Input<L7UpstreamZoneArgs>[]>;
  /** Take over the existing L7 balancer with this id; its location must match. */
  readonly adoptId?: pulumi.Input<string>;
}

/**
 * An L7 (HTTP) load balancer: virtual hosts by domain, TLS with a certificate of the account, path
 * rules to groups of upstream servers with HTTP health checks. Everything but the location changes
 * in place: one request with the complete zone lists, then a wait until it is active again.
 *
 * Default timeouts (the custom timeouts resource option changes them): create, update and delete 20
 * minutes.
 */
export class L7LoadBalancer extends LoadBalancerResource {
  declare readonly geoip: pulumi.Output<boolean | null>;
  /** The domains of every vhost zone. */
  declare readonly domains: pulumi.Output<string[]>;
  /** Sorted by id, with the API's defaults filled in. */
  declare readonly vhostZones: pulumi.Output<pulumi.Unwrap<L7VhostZoneArgs>[]>;
  /** The upstream zones, sorted by id, with the API's defaults filled in. */
  declare readonly upstreamZones: pulumi.Output<pulumi.Unwrap<L7UpstreamZoneArgs>[]>;

  constructor(name: string, args: L7LoadBalancerArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(l7LoadBalancerKind, name, { ...args, name: args.name ?? name }, opts);
  }
}
