// CloudSnapshot's own tests through the real provider host and the native plugin, driven like
// `pulumi up` / `refresh` / `destroy`: a lost create beside another program's snapshot. Its
// lifecycle is a row of the engine lifecycle table (kinds.ts). Needs a current dist/.
import { describe, expect } from "vitest";
import { scenarioOf } from "./kinds";
import { expectNamedNotTaken, upLosingCreate } from "./lost-create";
import { snapshot } from "./programs";
import { engineScenario } from "./scenario";

const s = engineScenario(scenarioOf("CloudSnapshot"));

describe("a CloudSnapshot whose create is lost", () => {
  // Issue 25, item 2: a create answered 504 and never applied while another program took the
  // identical snapshot (the simulator's foreignTwin). Snapshots have no labels: never taken,
  // named with adoptId, nothing recorded, and the next up stops at the name.
  s.each(
    "a 504 not applied beside another program's identical snapshot: named, never taken",
    async () => {
      const h = s.harness();
      const sim = s.sim();
      const path = "/v1/cloud_computing/regions/*/snapshots";
      const failed = await upLosingCreate(s, "foreignTwin", path, snapshot());
      const [twin] = await sim.control.records("cloud_snapshots");
      expectNamedNotTaken(failed, `adoptId: "1/${String(twin?.id)}"`);
      expect(() => s.stored()).toThrow(/no CloudSnapshot golden in the state/);
      const again = await h.up(snapshot()).catch((caught: unknown) => caught);
      expect((again as Error).message).toContain("the region already has a snapshot named golden");
      expect(() => s.stored()).toThrow(/no CloudSnapshot golden in the state/);
      expect(await sim.control.records("cloud_snapshots")).toHaveLength(1);
      // The other program deletes its snapshot; the instances go with the stack.
      await sim.control.remove("cloud_snapshots", String(twin?.id));
      await h.destroy();
    },
  );
});
