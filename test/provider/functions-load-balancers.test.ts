// Lookup functions over load balancers (two made here through the SDK, one with the ownership
// label) and the simulator's seeded load balancer clusters.
import { describe, expect, it } from "vitest";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import {
  getLoadBalancer,
  getLoadBalancerClusters,
  getLoadBalancers,
  LookupError,
  NoMatchError,
} from "../../provider/functions";
import { lookupBed } from "./functions-support";

let l4Id: string;
let l7Id: string;

const { failure } = lookupBed({}, async ({ client }) => {
  const l4 = await client.loadBalancers.createL4({
    name: "tcp front",
    location_id: 1,
    cluster_id: "LbClAms1",
    vhost_zones: [{ id: "tls", ports: [443], upstream_id: "app" }],
    upstream_zones: [{ id: "app", upstreams: [{ ip: "10.0.0.5", port: 8443 }] }],
    labels: { env: "prod", [OWNER_LABEL_KEY]: `o${"1".repeat(40)}` },
  });
  const l7 = await client.loadBalancers.createL7({
    name: "web front",
    location_id: 2,
    vhost_zones: [{ id: "site", ports: [80], domains: ["example.com"] }],
    upstream_zones: [{ id: "app", upstreams: [{ ip: "10.0.0.6", port: 80 }] }],
    labels: { env: "staging" },
  });
  l4Id = l4.id;
  l7Id = l7.id;
});

describe("getLoadBalancers", () => {
  it("lists both layers, filtered by type, location, cluster and labels", async () => {
    const ids = async (args: Parameters<typeof getLoadBalancers>[0]) =>
      (await getLoadBalancers(args)).loadBalancers.map((b) => b.id).sort();
    expect(await ids({})).toEqual([l4Id, l7Id].sort());
    expect(await ids({ type: "l7" })).toEqual([l7Id]);
    expect(await ids({ locationId: 1 })).toEqual([l4Id]);
    expect(await ids({ clusterId: "LbClAms1" })).toEqual([l4Id]);
    expect(await ids({ labelSelector: "env==prod" })).toEqual([l4Id]);
    const [l4] = (await getLoadBalancers({ type: "l4" })).loadBalancers;
    expect(l4).toMatchObject({ name: "tcp front", type: "l4", labels: { env: "prod" } });
    expect((await failure(getLoadBalancers({ type: "l5" as "l4" }))).message).toBe(
      'getLoadBalancers: type must be one of l4, l7 (got "l5")',
    );
  });
});

describe("getLoadBalancer", () => {
  it("finds one by id (either layer) or by name, with its zones in camelCase", async () => {
    const byId = await getLoadBalancer({ id: l4Id });
    expect(byId).toMatchObject({
      type: "l4",
      clusterId: "LbClAms1",
      vhostZones: [{ id: "tls", ports: [443], upstreamId: "app" }],
      upstreamZones: [{ id: "app", upstreams: [{ ip: "10.0.0.5", maxConns: 63000 }] }],
      domains: [],
    });
    const byName = await getLoadBalancer({ name: "web front" });
    expect(byName).toMatchObject({ id: l7Id, type: "l7", domains: ["example.com"] });
    expect((await getLoadBalancer({ id: l7Id, type: "l7" })).id).toBe(l7Id);
  });

  it("says what did not fit", async () => {
    expect(await failure(getLoadBalancer({ id: "NoSuchLb" }))).toBeInstanceOf(NoMatchError);
    expect(await failure(getLoadBalancer({ id: l4Id, type: "l7" }))).toBeInstanceOf(NoMatchError);
    expect(await failure(getLoadBalancer({ name: "front" }))).toBeInstanceOf(LookupError);
  });
});

// Finding one cluster by id or name, and an unknown id: functions-lookups.test.ts.
describe("load balancer clusters", () => {
  it("lists them, by location too", async () => {
    const all = (await getLoadBalancerClusters()).loadBalancerClusters;
    expect(all.map((c) => c.id)).toEqual(["LbClAms1", "LbClDfw1"]);
    const dfw = (await getLoadBalancerClusters({ locationId: 2 })).loadBalancerClusters;
    expect(dfw).toEqual([
      {
        id: "LbClDfw1",
        name: "dedicated-dfw1",
        locationId: 2,
        locationCode: "DFW1",
        // The newest Go record and fixture of a cluster have no status (abb982c9): null.
        status: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
  });
});
