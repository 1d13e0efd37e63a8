// Subnetwork's own tests through the real provider host and the native plugin, driven like
// `pulumi up` / `refresh` / `destroy`, from the simulator's seeded network pools: lost creates by
// CIDR and by mask. Its lifecycle is a row of the engine lifecycle table (kinds.ts). Needs a
// current dist/ (npm test builds it first).
import { describe, expect } from "vitest";
import { scenarioOf } from "./kinds";
import { foreignTwinNeverTaken, upLosingCreate } from "./lost-create";
import { subnetwork } from "./programs";
import { engineScenario } from "./scenario";

const RECORDS = "subnetworks";
const POST_PATH = "/v1/network_pools/*/subnetworks";

/** The subnetwork's own id: the last part of the resource's id (its path below /v1). */
const subnetworkId = (id: string) => id.split("/").at(-1) ?? id;

const s = engineScenario(scenarioOf("Subnetwork"));

const replaced = subnetwork({ cidr: undefined, mask: 28, title: "database" });

describe("a Subnetwork whose create is lost", () => {
  // A create by CIDR: another program took the same CIDR.
  foreignTwinNeverTaken(
    s,
    "by CIDR: a 504 not applied beside another program's subnetwork is named, never taken",
    {
      path: POST_PATH,
      program: subnetwork(),
      collection: RECORDS,
      named: (twin) => String(twin.id),
      conflict: "already has the subnetwork 10.20.0.0/29",
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
