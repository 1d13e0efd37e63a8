// The site the L7LoadBalancer tests declare, shared by l7-load-balancer.test.ts and the kind's
// conformance row (test/conformance/kinds/l7-load-balancer.ts).

export const L7_RECORDS = "l7_load_balancers";

/** A TLS site with the seeded Let's Encrypt certificate of example.com, /api to another pool. */
export const ZONES = {
  vhostZones: [
    {
      id: "site",
      ports: [443],
      ssl: true,
      http2: true,
      domains: ["example.com", "www.example.com"],
      sslCertificateId: "LeCert01",
      locationZones: [
        { location: "/", upstreamId: "web" },
        { location: "/api", upstreamId: "api", upstreamPath: "/v1" },
      ],
    },
  ],
  upstreamZones: [
    { id: "web", upstreams: [{ ip: "10.0.0.5", port: 80 }] },
    { id: "api", hcPath: "/health", upstreams: [{ ip: "10.0.0.6", port: 8080, weight: 2 }] },
  ],
};
