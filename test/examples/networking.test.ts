// examples/networking: what it registers, and a round trip through the engine harness.
import { describe, expect, it } from "vitest";
import { byName, DYNAMIC, declared, opsByName, useExample } from "./support";

const example = useExample("networking");

describe("examples/networking", () => {
  it("registers a subnetwork, a server with an extra network, and two load balancers", async () => {
    const { resources, outputs } = await example.registrations({}, (type) =>
      type === `${DYNAMIC}SbmServer` ? { privateIpv4Address: "10.0.1.2" } : {},
    );
    expect(declared(resources)).toEqual([
      "HostNetwork app-private",
      "L4LoadBalancer postgres",
      "L7LoadBalancer web",
      "SbmServer app",
      "Subnetwork backend",
    ]);
    const r = byName(resources);
    // The seeded pool "AMS1 private" and the seeded certificate of example.com.
    expect(r.backend?.inputs).toMatchObject({
      networkPoolId: "NpAms1Pr",
      mask: 29,
      title: "backend",
    });
    expect(r["app-private"]?.inputs).toMatchObject({
      hostId: "app-id",
      hostType: "sbm_server",
      type: "private_ipv4",
      mask: 29,
    });
    expect(r.postgres?.inputs).toMatchObject({
      locationId: 1,
      vhostZones: [{ id: "postgres", ports: [5432], upstreamId: "db" }],
      upstreamZones: [{ id: "db", upstreams: [{ ip: "10.0.1.2", port: 5432 }] }],
    });
    expect(r.web?.inputs).toMatchObject({
      vhostZones: [{ ssl: true, domains: ["example.com"], sslCertificateId: "LeCert01" }],
      upstreamZones: [
        { id: "app", hcPath: "/healthz", upstreams: [{ ip: "10.0.1.2", port: 8080 }] },
      ],
    });
    expect([...outputs.keys()]).toEqual([
      "subnetworkCidr",
      "extraNetworkCidr",
      "postgresAddresses",
      "webAddresses",
      "webDomains",
      "loadBalancerStatuses",
    ]);
  });

  example.roundTripTest(
    "runs through the engine: up, an up without changes, one more upstream in place, destroy",
    {
      resources: 5,
      afterCreate: (harness) => {
        expect(harness.outputs.get("subnetworkCidr")?.value).toMatch(/^10\.20\.\d+\.\d+\/29$/);
        expect(harness.outputs.get("extraNetworkCidr")?.value).toMatch(/\/29$/);
        expect(harness.outputs.get("loadBalancerStatuses")?.value).toEqual(["active", "active"]);
        expect(harness.outputs.get("webDomains")?.value).toEqual(["example.com"]);
      },
      flow: async (harness, program) => {
        harness.setConfig(example.configKey("webPorts"), "2");
        expect(opsByName(await harness.up(program))).toEqual({
          backend: "same",
          app: "same",
          "app-private": "same",
          postgres: "same",
          web: "update",
        });
      },
    },
  );
});
