// Subnetwork through the real provider host, driven like `pulumi up` / `refresh` / `destroy`,
// from the simulator's seeded network pools. Needs a current dist/ (npm test builds it first).
import { describe, expect } from "vitest";
import { OperationFailed, type Program } from "./harness";
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
  // Issue 25, item 2: a create by CIDR answered 504 and never applied while another program
  // took the same CIDR (the simulator's foreignTwin): never taken, named with adoptId.
  s.each(
    "by CIDR: a 504 not applied beside another program's subnetwork is named, never taken",
    async () => {
      const h = s.harness();
      const sim = s.sim();
      const twinRule = {
        kind: "foreignTwin",
        probability: 1,
        times: 1,
        method: "POST",
        path: "/v1/network_pools/*/subnetworks",
      } as const;
      await sim.control.setFaults({ rules: [twinRule] });
      const failed = await h.up(subnetwork()).catch((caught: unknown) => caught);
      await sim.control.setFaults({});
      expect(failed).toBeInstanceOf(OperationFailed);
      const [twin] = await sim.control.records(RECORDS);
      expect((failed as Error).message).toContain("504");
      expect((failed as Error).message).toContain(String(twin?.id));
      expect((failed as Error).message).toContain("adoptId");
      expect(() => s.stored()).toThrow(/no Subnetwork private in the state/);
      const again = await h.up(subnetwork()).catch((caught: unknown) => caught);
      expect((again as Error).message).toContain("already has the subnetwork 10.20.0.0/29");
      expect(await sim.control.records(RECORDS)).toHaveLength(1);
      await sim.control.remove(RECORDS, String(twin?.id));
      await h.destroy();
    },
  );
  // Issue 25, item 3: a create by mask whose answer is lost (applied, the connection dropped)
  // finds its own subnetwork (the labels ride in its title until it is retitled): one object.
  s.each("by mask: a lost answer finds its own subnetwork, ordered once", async () => {
    const h = s.harness();
    const sim = s.sim();
    await sim.control.setFaults({
      rules: [
        {
          kind: "dropResponseAfterApply",
          probability: 1,
          times: 1,
          method: "POST",
          path: "/v1/network_pools/*/subnetworks",
        },
      ],
    });
    await h.up(replaced);
    await sim.control.setFaults({});
    const records = await sim.control.records(RECORDS);
    expect(records).toHaveLength(1);
    expect(subnetworkId(s.stored().id)).toBe(String(records[0]?.id));
    expect(s.stored().outputs).toMatchObject({ mask: 28, title: "database" });
    await h.destroy();
    expect(await sim.control.records(RECORDS)).toEqual([]);
  });
});
