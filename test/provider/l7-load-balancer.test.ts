// L7LoadBalancer's provider implementation against the simulator, on virtual time: a TLS vhost
// with a certificate of the account, path rules and health checks; in-place changes, drift,
// deletion outside Pulumi, partial and interrupted creates, adoption and the L7 check rules.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { TIMEOUTS_INPUT } from "../../provider/framework/hidden";
import type { KindProvider } from "../../provider/framework/kind-provider";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { l7LoadBalancerKind } from "../../provider/l7-load-balancer/definition";
import {
  closeTestBed,
  engineInputs,
  failureOf,
  recordCount,
  requests,
  resetTestBed,
  startTestBed,
  type TestBed,
} from "./support";

let bed: TestBed;
let provider: KindProvider;
const messages: string[] = [];

beforeAll(async () => {
  bed = await startTestBed();
  provider = createKindProvider(l7LoadBalancerKind, bed.context);
});

afterAll(() => closeTestBed(bed, messages, { atLeast: 10 }));

beforeEach(() => resetTestBed(bed));

const RECORDS = "l7_load_balancers";
const failure = (promise: Promise<unknown>) => failureOf(promise, messages);

/** A TLS site with the seeded Let's Encrypt certificate of example.com, /api to another pool. */
const ZONES = {
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

const inputsOf = (fields: PropertyBag = {}) =>
  engineInputs("L7LoadBalancer", "web", { name: "web", locationId: 1, ...ZONES, ...fields });

async function created(fields: PropertyBag = {}) {
  const inputs = inputsOf(fields);
  const result = await provider.create(inputs);
  return { inputs, id: result.id, outs: result.outs as PropertyBag };
}

describe("the lifecycle", () => {
  it("creates a TLS site; outputs carry domains and the API's defaults; no diff", async () => {
    const { inputs, id, outs } = await created();
    expect(outs).toMatchObject({
      status: "active",
      geoip: false,
      domains: ["example.com", "www.example.com"],
      vhostZones: [
        {
          id: "site",
          ssl: true,
          http2: true,
          httpToHttpsRedirect: false,
          sslCertificateId: "LeCert01",
          // The record reports the preset on the vhost zone (Go L7VHostZone), not the upstream zone.
          tlsPreset: "TLSv1.3",
          locationZones: [
            { location: "/", upstreamId: "web", upstreamPath: null, redirect: false },
            { location: "/api", upstreamId: "api", upstreamPath: "/v1" },
          ],
          realIpHeader: null,
        },
      ],
      upstreamZones: [
        { id: "api", hcPath: "/health", sticky: true, hcMethod: "GET" },
        { id: "web", hcPath: "/", upstreams: [{ ip: "10.0.0.5", weight: 1 }] },
      ],
    });
    expect(await provider.diff(id, outs, inputs)).toMatchObject({ changes: false });
    const read = await provider.read(id, outs);
    expect(await provider.diff(id, read.props as PropertyBag, inputs)).toMatchObject({
      changes: false,
    });
  });

  it("ports in another order and domains in another case are the same zone", async () => {
    const { inputs, id, outs } = await created({
      vhostZones: [{ ...ZONES.vhostZones[0], ports: [443, 80] }],
    });
    const respelled = {
      ...inputs,
      vhostZones: [
        { ...ZONES.vhostZones[0], ports: [80, 443], domains: ["EXAMPLE.com", "www.example.com"] },
      ],
    };
    expect(await provider.diff(id, outs, respelled)).toMatchObject({ changes: false });
  });

  it("changes geoip, zones and the cluster in place; location replaces", async () => {
    const { inputs, id, outs } = await created();
    const news = {
      ...inputs,
      geoip: true,
      clusterId: "LbClAms1",
      vhostZones: [{ ...ZONES.vhostZones[0], httpToHttpsRedirect: true, ports: [80, 443] }],
    };
    const { outs: updated } = await provider.update(id, outs, news);
    expect(updated).toMatchObject({ geoip: true, clusterId: "LbClAms1", status: "active" });
    expect(await provider.diff(id, updated as PropertyBag, news)).toMatchObject({ changes: false });
    expect(await provider.diff(id, outs, { ...inputs, locationId: 2 })).toMatchObject({
      replaces: ["locationId"],
    });
  });

  it("a certificate the account does not have is the API's refusal, nothing recorded", async () => {
    const vhost = { ...ZONES.vhostZones[0], sslCertificateId: "NoCert01" };
    const error = await failure(created({ vhostZones: [vhost] }));
    expect(error.message).toContain("ssl_certificate_id");
    expect(error).not.toBeInstanceOf(PartialResourceError);
    expect(await recordCount(bed, RECORDS)).toBe(0);
  });

  it("deletes, waiting for the 404", async () => {
    const { id, outs } = await created();
    await provider.delete(id, outs);
    expect(await recordCount(bed, RECORDS)).toBe(0);
  });
});

describe("drift, partial and interrupted creates, adoption", () => {
  it("a health check path changed by hand shows as an update", async () => {
    const { inputs, id, outs } = await created();
    const [record] = await bed.sim.control.records(RECORDS);
    const zones = ((record?.upstream_zones ?? []) as Record<string, unknown>[]).map((zone) => ({
      ...zone,
      hc_path: "/by-hand",
    }));
    await bed.sim.control.patch(RECORDS, id, { upstream_zones: zones });
    const read = await provider.read(id, outs);
    expect(await provider.diff(id, read.props as PropertyBag, inputs)).toMatchObject({
      changes: true,
      replaces: [],
    });
  });

  it("a create timeout is a partial create that the next update resumes", async () => {
    const error = await failure(provider.create(inputsOf({ [TIMEOUTS_INPUT]: { create: 5_000 } })));
    expect(error).toBeInstanceOf(PartialResourceError);
    const partial = error as PartialResourceError;
    const { outs } = await provider.update(partial.id, partial.properties, inputsOf());
    expect(outs).toMatchObject({ status: "active" });
  });

  it("a lost POST answer: the ownership label finds the balancer", async () => {
    await bed.sim.control.setFaults({
      rules: [{ kind: "dropResponseAfterApply", probability: 1, method: "POST", times: 1 }],
    });
    await created();
    expect(await recordCount(bed, RECORDS)).toBe(1);
    expect(await requests(bed, "POST /v1/load_balancers/l7")).toBe(1);
  });

  it("a balancer deleted by hand reads as gone", async () => {
    const { id, outs } = await created();
    await bed.sim.control.remove(RECORDS, id);
    expect(await provider.read(id, outs)).toEqual({});
  });
});

describe("check", () => {
  const valid = inputsOf();

  async function failures(news: PropertyBag) {
    const result = await provider.check({}, { ...valid, ...news });
    for (const failure of result.failures ?? []) messages.push(failure.reason);
    return result.failures ?? [];
  }

  const vhost = (fields: PropertyBag) => ({ vhostZones: [{ ...ZONES.vhostZones[0], ...fields }] });
  const upstream = (fields: PropertyBag) => ({
    upstreamZones: [{ ...ZONES.upstreamZones[0], ...fields }, ZONES.upstreamZones[1]],
  });

  it("accepts valid inputs, and unknown values", async () => {
    expect(await provider.check({}, valid)).toEqual({ inputs: valid, failures: [] });
    expect(await failures(vhost({ sslCertificateId: UNKNOWN, domains: [UNKNOWN] }))).toEqual([]);
    expect(await failures({ upstreamZones: UNKNOWN })).toEqual([]);
  });

  it.each([
    [
      vhost({ domains: [] }),
      "vhostZones",
      "vhostZones[0].domains must be a non-empty list of domain names",
    ],
    [
      vhost({ domains: ["exa mple.com"] }),
      "vhostZones",
      "vhostZones[0].domains[0] must be a fully qualified domain name",
    ],
    [
      vhost({ sslCertificateId: undefined }),
      "vhostZones",
      "vhostZones[0].sslCertificateId is required with ssl",
    ],
    [
      vhost({ locationZones: [{ location: "/", upstreamId: "db" }] }),
      "vhostZones",
      'vhostZones[0].locationZones[0].upstreamId names the upstream zone "db"',
    ],
    [
      vhost({ locationZones: [{ upstreamId: "web" }] }),
      "vhostZones",
      "vhostZones[0].locationZones[0].location is required",
    ],
    [
      vhost({ realIpHeader: { name: "X-Real-IP", networks: ["10.0.0.1/8"] } }),
      "vhostZones",
      "realIpHeader.networks[0] must start at the network's first address",
    ],
    [vhost({ ports: [] }), "vhostZones", "vhostZones[0].ports must be a non-empty list"],
    [
      upstream({ hcMethod: "POST" }),
      "upstreamZones",
      "upstreamZones[0].hcMethod must be one of GET, HEAD",
    ],
    [
      upstream({ tlsPreset: "TLSv1.1" }),
      "upstreamZones",
      "upstreamZones[0].tlsPreset must be one of TLSv1.3, TLSv1.2",
    ],
    [
      upstream({ hcFails: 0 }),
      "upstreamZones",
      "upstreamZones[0].hcFails must be a whole number from 1",
    ],
    [
      upstream({ hcPasses: 0 }),
      "upstreamZones",
      "upstreamZones[0].hcPasses must be a whole number from 1",
    ],
    [
      upstream({ hcGrpcStatus: 17 }),
      "upstreamZones",
      "upstreamZones[0].hcGrpcStatus must be a whole number from 0 to 16",
    ],
    [
      upstream({ hcGrpcService: "x".repeat(65) }),
      "upstreamZones",
      "upstreamZones[0].hcGrpcService must be a string of 1 to 64 characters",
    ],
    [
      upstream({ hcPath: "x".repeat(256) }),
      "upstreamZones",
      "upstreamZones[0].hcPath must be a string of 1 to 255 characters",
    ],
    [upstream({ sticky: "yes" }), "upstreamZones", "upstreamZones[0].sticky must be true or false"],
    [{ geoip: "on" }, "geoip", 'geoip must be true or false (got "on")'],
  ])("%j fails on %s: %s", async (news, property, reason) => {
    const found = await failures(news as PropertyBag);
    expect(found.find((f) => f.property === property)?.reason).toContain(reason);
  });
});
