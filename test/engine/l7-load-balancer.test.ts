// L7LoadBalancer through the real provider host, driven like `pulumi up` / `refresh` / `destroy`,
// terminating TLS with the simulator's seeded Let's Encrypt certificate of example.com.
// Needs a current dist/ (npm test builds it first; alone: npm run build).
import { describe, expect } from "vitest";
import type { Program } from "./harness";
import { destroyedCheck, removeOutside, replacedCheck, timedOutCreate } from "./load-balancer";
import { engineScenario } from "./scenario";

const RECORDS = "l7_load_balancers";

const site = (fields: Record<string, unknown> = {}) => ({
  id: "site",
  ports: [443],
  ssl: true,
  domains: ["example.com"],
  sslCertificateId: "LeCert01",
  locationZones: [{ location: "/", upstreamId: "web" }],
  ...fields,
});

const balancer =
  (args: Record<string, unknown> = {}, opts: Record<string, unknown> = {}): Program =>
  (serverscom) => {
    new serverscom.L7LoadBalancer(
      "web",
      {
        locationId: 1,
        vhostZones: [site()],
        upstreamZones: [{ id: "web", upstreams: [{ ip: "10.0.0.5", port: 80 }] }],
        ...args,
      },
      opts,
    );
  };

const s = engineScenario({
  kind: "L7LoadBalancer",
  name: "web",
  simulator: { speed: 3000, durations: { lb_apply: 600_000 } },
});

const replaced = balancer({ locationId: 2, vhostZones: [site({ http2: true })] });

describe("an L7LoadBalancer through the engine's steps", () => {
  s.up(balancer(), (resource) => {
    expect(resource.outputs).toMatchObject({
      status: "active",
      domains: ["example.com"],
      vhostZones: [{ id: "site", sslCertificateId: "LeCert01" }],
    });
  });
  s.noChange(balancer());
  s.noChangeAfterRebuild(balancer());
  // Labels carry ownership: a create-first replacement names the old generation, never takes it.
  s.replacements({
    program: (opts) => balancer({}, opts),
    newObject: true,
    count: async (sim) =>
      (await sim.control.records("l7_load_balancers")).filter((r) => r.status !== "deleting")
        .length,
  });
  s.inPlace(
    balancer({ geoip: true, vhostZones: [site({ httpToHttpsRedirect: true, ports: [80, 443] })] }),
    (resource) => {
      expect(resource.outputs).toMatchObject({ geoip: true, status: "active" });
    },
  );
  s.replace(replaced, replacedCheck(RECORDS));
  s.drift(
    replaced,
    async (resource, sim) => {
      await sim.control.patch(RECORDS, resource.id, { geoip: true });
    },
    (resource) => {
      expect(resource.outputs.geoip).toBe(true);
    },
  );
  s.deletedOutside(replaced, removeOutside(RECORDS));
  s.destroy(destroyedCheck(RECORDS));
  s.failedCreate(timedOutCreate(RECORDS, balancer));
});
