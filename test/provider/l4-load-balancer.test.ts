// L4LoadBalancer's provider implementation against the simulator, on virtual time: what its
// conformance row (test/conformance/kinds/l4-load-balancer.ts: create with its wait, import read,
// name, zones, logs and labels in place, the location replacing, delete, drift, deletion outside
// Pulumi, partial create, lost create answer) does not assert: zones with the defaults spelled
// out, the cluster moves, an update the API refuses, adoption and every check rule.
import { describe, expect, it } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { l4LoadBalancerKind } from "../../provider/l4-load-balancer/definition";
import { failsOnEachContaining } from "./check-cases";
import { L4_RECORDS, ZONES } from "./l4-load-balancer-support";
import { engineInputs, kindSuite } from "./support";

const { bed, provider, failure, checkFailures } = kindSuite(l4LoadBalancerKind, {
  atLeast: 10,
});

const inputsOf = (fields: PropertyBag = {}) =>
  engineInputs("L4LoadBalancer", "tcp", { name: "tcp", locationId: 1, ...ZONES, ...fields });

async function created(fields: PropertyBag = {}) {
  const inputs = inputsOf(fields);
  const result = await provider.create(inputs);
  return { inputs, id: result.id, outs: result.outs as PropertyBag };
}

describe("the lifecycle", () => {
  // The row creates, reads, changes in place, replaces and deletes a balancer.
  it("a zone declared with the defaults spelled out is the same zone", async () => {
    const { id, outs } = await created({ labels: { env: "prod" } });
    const explicit = inputsOf({
      labels: { env: "prod" },
      upstreamZones: [
        {
          id: "app",
          method: "random.least_conn",
          hcInterval: 5,
          upstreams: [{ ip: "10.0.0.5", port: 8443, weight: 1 }],
        },
      ],
    });
    expect(await provider.diff(id, outs, explicit)).toMatchObject({ changes: false });
  });

  it("moves to a dedicated cluster and back to a shared one in place", async () => {
    const { inputs, id, outs } = await created();
    const dedicated = { ...inputs, clusterId: "LbClAms1" };
    const { outs: moved } = await provider.update(id, outs, dedicated);
    expect((moved as PropertyBag).clusterId).toBe("LbClAms1");
    expect(await provider.diff(id, moved as PropertyBag, inputs)).toMatchObject({
      changes: true,
      replaces: [],
    });
    const { outs: shared } = await provider.update(id, moved as PropertyBag, inputs);
    expect((shared as PropertyBag).clusterId).toBeNull();
    expect(await provider.diff(id, outs, { ...inputs, vhostZones: UNKNOWN })).toMatchObject({
      changes: true,
    });
  });

  it("an API refusal of an update is a plain error, the state kept", async () => {
    const { inputs, id, outs } = await created();
    const error = await failure(provider.update(id, outs, { ...inputs, clusterId: "LbClDfw1" }));
    expect(error.message).toContain("cluster_id");
    expect(error).not.toBeInstanceOf(PartialResourceError);
  });
});

// The row asserts a drift, a deletion outside Pulumi, a partial create and a lost create answer.
describe("adoption", () => {
  it("adoptId takes over a balancer and converges it; another location is refused", async () => {
    const made = await bed.client.loadBalancers.createL4({
      name: "legacy",
      location_id: 1,
      vhost_zones: [{ id: "a", ports: [80], upstream_id: "b" }],
      upstream_zones: [{ id: "b", upstreams: [{ ip: "10.0.0.1", port: 80 }] }],
    });
    const { id, outs } = await created({ adoptId: made.id });
    expect(id).toBe(made.id);
    expect(outs).toMatchObject({ name: "tcp", vhostZones: [{ id: "tls" }] });
    const [record] = await bed.sim.control.records(L4_RECORDS);
    expect(record?.labels).toHaveProperty(OWNER_LABEL_KEY);
    const wrong = await failure(created({ adoptId: made.id, locationId: 2 }));
    expect(wrong.message).toContain("locationId is 1 there but 2 in the program");
  });
});

describe("check", () => {
  const valid = inputsOf();

  const failures = (news: PropertyBag) => checkFailures(provider, { ...valid, ...news });

  it("accepts valid inputs, and unknown values at any depth", async () => {
    expect(await provider.check({}, valid)).toEqual({ inputs: valid, failures: [] });
    expect(await failures({ vhostZones: UNKNOWN, upstreamZones: UNKNOWN })).toEqual([]);
    expect(
      await failures({
        vhostZones: [{ id: "tls", ports: [UNKNOWN], upstreamId: UNKNOWN }],
        upstreamZones: [{ id: UNKNOWN, upstreams: [{ ip: UNKNOWN, port: 1 }] }],
      }),
    ).toEqual([]);
  });

  const upstreamZone = (fields: PropertyBag, upstream: PropertyBag = {}) => ({
    upstreamZones: [
      { id: "app", upstreams: [{ ip: "10.0.0.5", port: 80, ...upstream }], ...fields },
    ],
  });

  failsOnEachContaining(failures, [
    [{ locationId: undefined }, "locationId", "locationId is required"],
    [{ vhostZones: undefined }, "vhostZones", "vhostZones is required: a list"],
    [
      { vhostZones: [{ id: "tls", ports: [], upstreamId: "app" }] },
      "vhostZones",
      "vhostZones[0].ports must be a non-empty list of ports",
    ],
    [
      { vhostZones: [{ id: "tls", ports: [0], upstreamId: "app" }] },
      "vhostZones",
      "vhostZones[0].ports[0] must be a whole number from 1 to 65535 (got 0)",
    ],
    [
      { vhostZones: [{ id: "tls", ports: [70000], upstreamId: "app" }] },
      "vhostZones",
      "(got 70000)",
    ],
    [
      { vhostZones: [{ id: "tls", ports: [443], upstreamId: "db" }] },
      "vhostZones",
      'vhostZones[0].upstreamId names the upstream zone "db", which upstreamZones does not declare (declared: app)',
    ],
    [
      { vhostZones: [{ id: "", ports: [443], upstreamId: "app" }] },
      "vhostZones",
      "vhostZones[0].id must be a string of 1 to 255 characters",
    ],
    [
      {
        vhostZones: [
          { id: "a", ports: [1], upstreamId: "app" },
          { id: "a", ports: [2], upstreamId: "app" },
        ],
      },
      "vhostZones",
      'vhostZones[1].id repeats the zone id "a"',
    ],
    [
      { vhostZones: [{ id: "a", ports: [1], upstreamId: "app", description: "x".repeat(256) }] },
      "vhostZones",
      "description must be a string of 1 to 255",
    ],
    [
      { vhostZones: [{ id: "a", ports: [1], upstreamId: "app", udp: "yes" }] },
      "vhostZones",
      "vhostZones[0].udp must be true or false",
    ],
    [
      upstreamZone({ method: "fastest" }),
      "upstreamZones",
      "upstreamZones[0].method must be one of random.least_conn, round-robin, round_robin, least_conn",
    ],
    [
      upstreamZone({ hcInterval: 0 }),
      "upstreamZones",
      "upstreamZones[0].hcInterval must be a whole number from 1 to 60 (got 0)",
    ],
    [
      upstreamZone({ hcJitter: 61 }),
      "upstreamZones",
      "upstreamZones[0].hcJitter must be a whole number from 0 to 60 (got 61)",
    ],
    [
      upstreamZone({ upstreams: [] }),
      "upstreamZones",
      "upstreamZones[0].upstreams must not be empty",
    ],
    [
      upstreamZone({}, { ip: "10.0.0" }),
      "upstreamZones",
      "upstreamZones[0].upstreams[0].ip must be an IPv4 or IPv6 address",
    ],
    [
      upstreamZone({}, { port: 0 }),
      "upstreamZones",
      "upstreamZones[0].upstreams[0].port must be a whole number from 1 to 65535",
    ],
    [
      upstreamZone({}, { weight: 0 }),
      "upstreamZones",
      "upstreamZones[0].upstreams[0].weight must be a whole number from 1",
    ],
    [
      upstreamZone({}, { maxConns: 65536 }),
      "upstreamZones",
      "maxConns must be a whole number from 1 to 65535",
    ],
    [
      upstreamZone({}, { failTimeout: 61 }),
      "upstreamZones",
      "failTimeout must be a whole number from 1 to 60",
    ],
    [upstreamZone({}, { maxFails: -1 }), "upstreamZones", "maxFails must be a whole number from 0"],
    [{ storeLogs: "yes" }, "storeLogs", "storeLogs must be true or false"],
    [{ storeLogsRegionId: 0 }, "storeLogsRegionId", "storeLogsRegionId must be at least 1"],
    [{ labels: { [OWNER_LABEL_KEY]: "x" } }, "labels", "reserved for the provider"],
  ]);
});
