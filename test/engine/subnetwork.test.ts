// Subnetwork through the real provider host, driven like `pulumi up` / `refresh` / `destroy`,
// from the simulator's seeded network pools. Needs a current dist/ (npm test builds it first).
import { describe, expect } from "vitest";
import type { Program } from "./harness";
import { engineScenario } from "./scenario";

const RECORDS = "subnetworks";

const subnetwork =
  (args: Record<string, unknown> = {}, opts: Record<string, unknown> = {}): Program =>
  (serverscom) => {
    new serverscom.Subnetwork(
      "private",
      { networkPoolId: "NpAms1Pr", cidr: "10.20.0.0/29", title: "db", ...args },
      opts,
    );
  };

/** The subnetwork's own id: the last part of the resource's id (its path below /v1). */
const subnetworkId = (id: string) => id.split("/").at(-1) ?? id;

const s = engineScenario({ kind: "Subnetwork", name: "private" });

const replaced = subnetwork({ cidr: undefined, mask: 28, title: "database" });

describe("a Subnetwork through the engine's steps", () => {
  s.up(subnetwork(), (resource) => {
    expect(resource.id).toMatch(/^network_pools\/NpAms1Pr\/subnetworks\/[^/]+$/);
    expect(resource.outputs).toMatchObject({ cidr: "10.20.0.0/29", mask: 29, title: "db" });
  });
  s.noChange(subnetwork());
  s.noChangeAfterRebuild(subnetwork());
  s.replacements({
    program: (opts) => subnetwork({}, opts),
    // Deleted first by default (replaceDeletesFirst): the old generation is gone before the
    // create, so there is nothing to name; `count` shows no duplicate either way.
    newObject: false,
    // The API refuses an overlapping CIDR: a create first stops before ordering (kind.conflict).
    refused: "already has the subnetwork 10.20.0.0/29",
    count: async (sim) => (await sim.control.records(RECORDS)).length,
  });
  s.inPlace(subnetwork({ title: "database" }), (resource) => {
    expect(resource.outputs.title).toBe("database");
  });
  s.replace(replaced, async (resource, sim) => {
    expect(resource.outputs).toMatchObject({ mask: 28, title: "database" });
    const live = await sim.control.records(RECORDS);
    expect(live.map((record) => record.id)).toEqual([subnetworkId(resource.id)]);
  });
  s.drift(
    replaced,
    async (resource, sim) => {
      await sim.control.patch(RECORDS, subnetworkId(resource.id), { title: "by-hand" });
    },
    (resource) => {
      expect(resource.outputs.title).toBe("by-hand");
      expect(resource.inputs.title).toBe("by-hand");
    },
  );
  s.deletedOutside(replaced, async (resource, sim) => {
    await sim.control.remove(RECORDS, subnetworkId(resource.id));
  });
  s.destroy(async (sim) => {
    expect(await sim.control.records(RECORDS)).toEqual([]);
  });
  // The API answers at once: a create fails before the subnetwork exists, or not at all.
  s.failedCreate({
    failing: subnetwork(),
    faults: {
      rules: [
        {
          kind: "error5xx",
          status: 500,
          probability: 1,
          method: "POST",
          path: "/v1/network_pools/*/subnetworks",
          times: 1,
        },
      ],
    },
    partial: false,
    resume: subnetwork(),
    count: async (sim) => (await sim.control.records(RECORDS)).length,
  });
});
