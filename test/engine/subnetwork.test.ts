// Subnetwork's own tests through the real provider host and the native plugin, driven like
// `pulumi up` / `refresh` / `destroy`, from the simulator's seeded network pools: lost creates by
// CIDR and by mask. Its lifecycle is a row of the engine lifecycle table (kinds.ts). Needs a
// current dist/ (npm test builds it first).
import { describe, expect } from "vitest";
import { scenarioOf } from "./kinds";
import { expectNamedNotTaken, upLosingCreate } from "./lost-create";
import { subnetwork } from "./programs";
import { engineScenario } from "./scenario";

const RECORDS = "subnetworks";
const POST_PATH = "/v1/network_pools/*/subnetworks";

/** The subnetwork's own id: the last part of the resource's id (its path below /v1). */
const subnetworkId = (id: string) => id.split("/").at(-1) ?? id;

const s = engineScenario(scenarioOf("Subnetwork"));

const replaced = subnetwork({ cidr: undefined, mask: 28, title: "database" });

describe("a Subnetwork whose create is lost", () => {
  // Issue 25, item 2: a create by CIDR answered 504 and never applied while another program
  // took the same CIDR (the simulator's foreignTwin): never taken, named with adoptId.
  s.each(
    "by CIDR: a 504 not applied beside another program's subnetwork is named, never taken",
    async () => {
      const h = s.harness();
      const sim = s.sim();
      const failed = await upLosingCreate(s, "foreignTwin", POST_PATH, subnetwork());
      const [twin] = await sim.control.records(RECORDS);
      expectNamedNotTaken(failed, String(twin?.id), "adoptId");
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
    expect(await upLosingCreate(s, "dropResponseAfterApply", POST_PATH, replaced)).toBeUndefined();
    const records = await sim.control.records(RECORDS);
    expect(records).toHaveLength(1);
    expect(subnetworkId(s.stored().id)).toBe(String(records[0]?.id));
    expect(s.stored().outputs).toMatchObject({ mask: 28, title: "database" });
    await h.destroy();
    expect(await sim.control.records(RECORDS)).toEqual([]);
  });
});
