import { l4LoadBalancerKind } from "../../../provider/l4-load-balancer/definition";
import type { WireRecord } from "../../../simulator";
import { L4_RECORDS, ZONES } from "../../provider/l4-load-balancer-support";
import type { KindRow } from "../row";
import { balancerOutputs } from "./balancer-outputs";
import { changedOutside } from "./changed-outside";
import { waited } from "./waited";

/** The declared balancer as the API keeps it: its zones with the API's defaults. */
const LIVE = {
  name: "tcp",
  locationId: 1,
  clusterId: null,
  storeLogs: false,
  storeLogsRegionId: null,
  vhostZones: [
    {
      id: "tls",
      ports: [443],
      udp: false,
      proxyProtocol: false,
      upstreamId: "app",
      description: null,
    },
  ],
  upstreamZones: [
    {
      id: "app",
      method: "random.least_conn",
      udp: false,
      hcInterval: 5,
      hcJitter: 5,
      upstreams: [
        { ip: "10.0.0.5", port: 8443, weight: 1, maxConns: 63000, maxFails: 0, failTimeout: 30 },
      ],
    },
  ],
  labels: { env: "prod" },
};

export const l4LoadBalancer: KindRow = {
  kind: l4LoadBalancerKind,
  name: "tcp",
  collection: L4_RECORDS,
  inputs: () => ({ name: "tcp", locationId: 1, ...ZONES, labels: { env: "prod" } }),
  id: ({ record }) => String(record.id),
  // The zones with the API's defaults.
  outputs: () => balancerOutputs(LIVE),
  labels: { env: "prod" },
  readInputs: () => LIVE,
  createLines: ({ id }) =>
    waited(`serverscom:L4LoadBalancer tcp (${id})`, "in_process", "active", /1m \d+s/),
  deleteLines: ({ id }) =>
    waited(`serverscom:L4LoadBalancer tcp (${id})`, "deleting", "gone", /1m \d+s/),
  // Name, zones, logs and labels with one PUT, waiting until active again.
  update: {
    fields: () => ({
      name: "tcp-2",
      storeLogs: true,
      labels: { env: "staging" },
      vhostZones: [
        { id: "tls", ports: [443, 8443], upstreamId: "app" },
        { id: "dns", ports: [53], udp: true, upstreamId: "resolvers" },
      ],
      upstreamZones: [
        { id: "app", upstreams: [{ ip: "10.0.0.5", port: 8443, weight: 3 }] },
        {
          id: "resolvers",
          udp: true,
          method: "least_conn",
          upstreams: [{ ip: "10.0.0.9", port: 53 }],
        },
      ],
    }),
    updates: ["name", "storeLogs", "vhostZones", "upstreamZones", "labels"],
    outputs: () => ({
      name: "tcp-2",
      storeLogs: true,
      status: "active",
      labels: { env: "staging" },
      // The API's order: by id.
      vhostZones: [
        { id: "dns", ports: [53], udp: true },
        { id: "tls", ports: [443, 8443] },
      ],
      upstreamZones: [
        { id: "app", upstreams: [{ weight: 3 }] },
        { id: "resolvers", udp: true, method: "least_conn" },
      ],
    }),
    labels: { env: "staging" },
    lines: ({ id }) =>
      waited(`serverscom:L4LoadBalancer tcp-2 (${id})`, "in_process", "active", /1m \d+s/),
    requests: { "PUT /v1/load_balancers/l4/:id": 1 },
  },
  replace: [{ fields: () => ({ locationId: 2 }), replaces: ["locationId"] }],
  // Renamed, relabelled, and the zones cut to the first with another upstream, by hand.
  drift: {
    change: changedOutside(L4_RECORDS, { name: "by-hand" }, { env: "x" }, (record) => ({
      upstream_zones: (record.upstream_zones as WireRecord[])
        .slice(0, 1)
        .map((zone) => ({ ...zone, upstreams: [{ ip: "10.9.9.9", port: 1 }] })),
    })),
    shows: {
      name: "by-hand",
      labels: { env: "x" },
      upstreamZones: [{ id: "app", upstreams: [{ ip: "10.9.9.9", port: 1 }] }],
    },
    updates: ["name", "upstreamZones", "labels"],
  },
  removeOutside: ({ id }, client) => client.loadBalancers.deleteL4(id),
  partial: { timeoutMs: 5_000, properties: { status: "in_process", name: "tcp" } },
  // Its ownership and create labels find the balancer the API made.
  lostCreateAnswer: "adopts",
};
