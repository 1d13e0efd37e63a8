// CloudSnapshot's own tests through the real provider host and the native plugin, driven like
// `pulumi up` / `refresh` / `destroy`: a lost create beside another program's snapshot. Its
// lifecycle is a row of the engine lifecycle table (kinds.ts). Needs a current dist/.
import { describe } from "vitest";
import { scenarioOf } from "./kinds";
import { foreignTwinNeverTaken } from "./lost-create";
import { snapshot } from "./programs";
import { engineScenario } from "./scenario";

const s = engineScenario(scenarioOf("CloudSnapshot"));

describe("a CloudSnapshot whose create is lost", () => {
  // Snapshots have no labels: the other program's identical snapshot is named by the region and
  // its id, and the next up stops at the name. The instances go with the stack.
  foreignTwinNeverTaken(
    s,
    "a 504 not applied beside another program's identical snapshot: named, never taken",
    {
      path: "/v1/cloud_computing/regions/*/snapshots",
      program: snapshot(),
      collection: "cloud_snapshots",
      named: (twin) => `adoptId: "1/${String(twin.id)}"`,
      conflict: "the region already has a snapshot named golden",
    },
  );
});
