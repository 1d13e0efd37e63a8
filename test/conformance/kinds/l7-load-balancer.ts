import { l7LoadBalancerKind } from "../../../provider/l7-load-balancer/definition";
import type { WireRecord } from "../../../simulator";
import { L7_RECORDS, ZONES } from "../../provider/l7-load-balancer-support";
import type { KindRow } from "../row";
import { balancerOutputs } from "./balancer-outputs";
import { changedOutside } from "./changed-outside";
import { waited } from "./waited";

const SITE = ZONES.vhostZones[0];

/** An upstream zone with the API's defaults, in the API's order (by id). */
const upstreamZone = (id: string, hcPath: string, ip: string, port: number, weight: number) => ({
  id,
  method: "random.least_conn",
  ssl: false,
  sticky: true,
  hcInterval: 5,
  hcJitter: 5,
  hcFails: 3,
  hcPasses: 3,
  hcDomain: null,
  hcPath,
  hcMethod: "GET",
  hcMandatory: false,
  grpc: false,
  hcGrpcService: null,
  hcGrpcStatus: 0,
  upstreams: [{ ip, port, weight, maxConns: 63000, maxFails: 0, failTimeout: 30 }],
});

/** The vhost zone with the API's defaults, beside what `extra` adds to it and its paths. */
const siteZone = (extra: Readonly<Record<string, unknown>>, path: Record<string, unknown>) => ({
  ...SITE,
  httpToHttpsRedirect: false,
  http2PushPreload: false,
  ...extra,
  locationZones: [
    { location: "/", upstreamId: "web", upstreamPath: null, ...path },
    { location: "/api", upstreamId: "api", upstreamPath: "/v1", ...path },
  ],
  realIpHeader: null,
});

/** The declared balancer as the API keeps it, its live input values. */
const LIVE = {
  name: "web",
  locationId: 1,
  clusterId: null,
  storeLogs: false,
  storeLogsRegionId: null,
  geoip: false,
  vhostZones: [siteZone({}, {})],
  upstreamZones: [
    upstreamZone("api", "/health", "10.0.0.6", 8080, 2),
    upstreamZone("web", "/", "10.0.0.5", 80, 1),
  ],
  labels: { env: "prod" },
};

export const l7LoadBalancer: KindRow = {
  kind: l7LoadBalancerKind,
  name: "web",
  collection: L7_RECORDS,
  inputs: () => ({ name: "web", locationId: 1, ...ZONES, labels: { env: "prod" } }),
  id: ({ record }) => String(record.id),
  // The domains, and the record's TLS preset on the vhost zone (Go L7VHostZone), not the upstream
  // zone.
  outputs: () =>
    balancerOutputs(LIVE, {
      domains: ["example.com", "www.example.com"],
      vhostZones: [siteZone({ tlsPreset: "TLSv1.3" }, { redirect: false })],
    }),
  labels: { env: "prod" },
  readInputs: () => LIVE,
  createLines: ({ id }) =>
    waited(`serverscom:L7LoadBalancer web (${id})`, "in_process", "active", /1m \d+s/),
  deleteLines: ({ id }) =>
    waited(`serverscom:L7LoadBalancer web (${id})`, "deleting", "gone", /1m \d+s/),
  // Geoip, zones, the cluster and labels with one PUT, waiting until active again.
  update: {
    fields: () => ({
      geoip: true,
      clusterId: "LbClAms1",
      vhostZones: [{ ...SITE, httpToHttpsRedirect: true, ports: [80, 443] }],
      labels: { env: "staging" },
    }),
    updates: ["clusterId", "geoip", "vhostZones", "labels"],
    outputs: () => ({
      geoip: true,
      clusterId: "LbClAms1",
      status: "active",
      vhostZones: [{ httpToHttpsRedirect: true, ports: [80, 443] }],
      labels: { env: "staging" },
    }),
    labels: { env: "staging" },
    lines: ({ id }) =>
      waited(`serverscom:L7LoadBalancer web (${id})`, "in_process", "active", /1m \d+s/),
    requests: { "PUT /v1/load_balancers/l7/:id": 1 },
  },
  replace: [{ fields: () => ({ locationId: 2 }), replaces: ["locationId"] }],
  // Renamed, relabelled and every health check path changed by hand.
  drift: {
    change: changedOutside(L7_RECORDS, { name: "by-hand" }, { env: "x" }, (record) => ({
      upstream_zones: (record.upstream_zones as WireRecord[]).map((zone) => ({
        ...zone,
        hc_path: "/by-hand",
      })),
    })),
    shows: {
      name: "by-hand",
      labels: { env: "x" },
      upstreamZones: [
        { id: "api", hcPath: "/by-hand" },
        { id: "web", hcPath: "/by-hand" },
      ],
    },
    updates: ["name", "upstreamZones", "labels"],
  },
  removeOutside: ({ id }, client) => client.loadBalancers.deleteL7(id),
  partial: { timeoutMs: 5_000, properties: { status: "in_process", name: "web" } },
  // Its ownership and create labels find the balancer the API made.
  lostCreateAnswer: "adopts",
};
