// L7LoadBalancer's provider implementation against the simulator, on virtual time: what its
// conformance row (test/conformance/kinds/l7-load-balancer.ts: a TLS vhost with a certificate of
// the account, path rules and health checks created, read, changed in place, replaced, deleted,
// drifted, deleted outside Pulumi, partial create, lost create answer) does not assert: zones
// spelled otherwise, a certificate the account does not have, and the L7 check rules.
import { describe, expect, it } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { l7LoadBalancerKind } from "../../provider/l7-load-balancer/definition";
import { failsOnEachContaining } from "./check-cases";
import { L7_RECORDS, ZONES } from "./l7-load-balancer-support";
import { engineInputs, kindSuite, recordCount } from "./support";

const { bed, provider, failure, checkFailures } = kindSuite(l7LoadBalancerKind, {
  atLeast: 10,
});

const inputsOf = (fields: PropertyBag = {}) =>
  engineInputs("L7LoadBalancer", "web", { name: "web", locationId: 1, ...ZONES, ...fields });

async function created(fields: PropertyBag = {}) {
  const inputs = inputsOf(fields);
  const result = await provider.create(inputs);
  return { inputs, id: result.id, outs: result.outs as PropertyBag };
}

describe("the lifecycle", () => {
  // The row creates, reads, changes in place, replaces and deletes a balancer.
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

  it("a certificate the account does not have is the API's refusal, nothing recorded", async () => {
    const vhost = { ...ZONES.vhostZones[0], sslCertificateId: "NoCert01" };
    const error = await failure(created({ vhostZones: [vhost] }));
    expect(error.message).toContain("ssl_certificate_id");
    expect(error).not.toBeInstanceOf(PartialResourceError);
    expect(await recordCount(bed, L7_RECORDS)).toBe(0);
  });
});

describe("check", () => {
  const valid = inputsOf();

  const failures = (news: PropertyBag) => checkFailures(provider, { ...valid, ...news });

  const vhost = (fields: PropertyBag) => ({ vhostZones: [{ ...ZONES.vhostZones[0], ...fields }] });
  const upstream = (fields: PropertyBag) => ({
    upstreamZones: [{ ...ZONES.upstreamZones[0], ...fields }, ZONES.upstreamZones[1]],
  });

  it("accepts valid inputs, and unknown values", async () => {
    expect(await provider.check({}, valid)).toEqual({ inputs: valid, failures: [] });
    expect(await failures(vhost({ sslCertificateId: UNKNOWN, domains: [UNKNOWN] }))).toEqual([]);
    expect(await failures({ upstreamZones: UNKNOWN })).toEqual([]);
  });

  failsOnEachContaining(failures, [
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
  ]);
});
