// The zones the L4LoadBalancer tests declare, shared by l4-load-balancer.test.ts and the kind's
// conformance row (test/conformance/kinds/l4-load-balancer.ts).

export const L4_RECORDS = "l4_load_balancers";

/** One TLS port to one upstream. */
export const ZONES = {
  vhostZones: [{ id: "tls", ports: [443], upstreamId: "app" }],
  upstreamZones: [{ id: "app", upstreams: [{ ip: "10.0.0.5", port: 8443 }] }],
};
