// L4LoadBalancer through the real provider host, driven like `pulumi up` / `refresh` / `destroy`.
// Needs a current dist/ (npm test builds it first; alone: npm run build).
import { describe, expect } from "vitest";
import type { Program } from "./harness";
import { destroyedCheck, removeOutside, replacedCheck, timedOutCreate } from "./load-balancer";
import { engineScenario } from "./scenario";

const RECORDS = "l4_load_balancers";

const balancer =
  (args: Record<string, unknown> = {}, opts: Record<string, unknown> = {}): Program =>
  (serverscom) => {
    new serverscom.L4LoadBalancer(
      "tcp",
      {
        locationId: 1,
        vhostZones: [{ id: "tls", ports: [443], upstreamId: "app" }],
        upstreamZones: [{ id: "app", upstreams: [{ ip: "10.0.0.5", port: 8443 }] }],
        labels: { env: "prod" },
        ...args,
      },
      opts,
    );
  };

const s = engineScenario({
  kind: "L4LoadBalancer",
  name: "tcp",
  // Applying takes 10 simulated minutes, 200 ms: the 1 ms create timeout fails for sure.
  simulator: { speed: 3000, durations: { lb_apply: 600_000 } },
});

const replaced = balancer({ locationId: 2, name: "tcp-dfw" });

describe("an L4LoadBalancer through the engine's steps", () => {
  s.up(balancer(), (resource) => {
    expect(resource.outputs).toMatchObject({
      status: "active",
      name: "tcp",
      labels: { env: "prod" },
      vhostZones: [{ id: "tls", ports: [443], upstreamId: "app" }],
    });
  });
  s.noChange(balancer());
  s.noChangeAfterRebuild(balancer());
  // Labels carry ownership: a create-first replacement names the old generation, never takes it.
  s.replacements({
    program: (opts) => balancer({}, opts),
    newObject: true,
    count: async (sim) =>
      (await sim.control.records("l4_load_balancers")).filter((r) => r.status !== "deleting")
        .length,
  });
  s.inPlace(
    balancer({
      storeLogs: true,
      upstreamZones: [
        {
          id: "app",
          upstreams: [
            { ip: "10.0.0.5", port: 8443 },
            { ip: "10.0.0.6", port: 8443 },
          ],
        },
      ],
    }),
    (resource) => {
      expect(resource.outputs).toMatchObject({ storeLogs: true, status: "active" });
      const [zone] = resource.outputs.upstreamZones as { upstreams: unknown[] }[];
      expect(zone?.upstreams).toHaveLength(2);
    },
  );
  s.replace(replaced, replacedCheck(RECORDS));
  s.drift(
    replaced,
    async (resource, sim) => {
      await sim.control.patch(RECORDS, resource.id, { name: "renamed-by-hand" });
    },
    (resource) => {
      expect(resource.outputs.name).toBe("renamed-by-hand");
    },
  );
  s.deletedOutside(replaced, removeOutside(RECORDS));
  s.destroy(destroyedCheck(RECORDS));
  s.failedCreate(timedOutCreate(RECORDS, balancer));
});
