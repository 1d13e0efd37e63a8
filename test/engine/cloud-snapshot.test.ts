// CloudSnapshot through the real provider host, driven like `pulumi up` / `refresh` / `destroy`.
// Needs a current dist/ (npm test builds it first; alone: npm run build).
import { describe, expect } from "vitest";
import { cloudSnapshotKind } from "../../provider/cloud-snapshot/definition";
import { OperationFailed, type Program } from "./harness";
import { engineScenario } from "./scenario";

const AMS1_UBUNTU = "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01";

/** A snapshot of one of two instances declared beside it. */
const snapshot =
  (of = "web", opts: Record<string, unknown> = {}, name = "golden"): Program =>
  (serverscom) => {
    const instances = {
      web: new serverscom.CloudInstance("web", {
        regionId: 1,
        flavorId: "SSD.30",
        imageId: AMS1_UBUNTU,
      }),
      db: new serverscom.CloudInstance("db", {
        regionId: 1,
        flavorId: "SSD.30",
        imageId: AMS1_UBUNTU,
      }),
    };
    new serverscom.CloudSnapshot(
      "golden",
      { regionId: 1, instanceId: instances[of as "web" | "db"].id, name },
      opts,
    );
  };

const s = engineScenario({
  kind: "CloudSnapshot",
  name: "golden",
  // A snapshot takes 10 simulated minutes, 200 ms: the 1 ms create timeout fails for sure.
  simulator: { speed: 3000, durations: { cloud_snapshot_change: 600_000 } },
});

describe("a CloudSnapshot through the engine's steps", () => {
  s.up(snapshot(), (resource) => {
    expect(resource.id).toBe(`1/${String(resource.outputs.snapshotId)}`);
    expect(resource.outputs).toMatchObject({ name: "golden", status: "active" });
  });
  s.noChange(snapshot());
  s.noChangeAfterRebuild(snapshot());
  s.replacements({
    program: (opts) => snapshot("web", opts),
    // Deleted first by default (replaceDeletesFirst): the old generation is gone before the
    // create, so there is nothing to name; `count` shows no duplicate either way.
    newObject: false,
    // A snapshot of the same name stops a create before ordering (kind.conflict).
    refused: "the region already has a snapshot named golden",
    count: async (sim) =>
      (await sim.control.records("cloud_snapshots")).filter((r) => r.status !== "pending_delete")
        .length,
  });
  s.notApplicable(
    "an in-place change",
    "no source of the API changes a snapshot: a new name is refused in place, the rest replaces",
    () => {
      const rules = Object.entries(cloudSnapshotKind.properties);
      expect(rules.filter(([, rule]) => rule.rule === "update").map(([name]) => name)).toEqual([
        "name",
      ]);
      expect(cloudSnapshotKind.refuseUpdate).toBeDefined();
    },
  );
  // Another instance is another snapshot; the old one is deleted first.
  s.replace(snapshot("db"), async (resource, sim) => {
    const live = (await sim.control.records("cloud_snapshots")).filter(
      (x) => x.status !== "pending_delete",
    );
    expect(live.map((x) => `1/${String(x.id)}`)).toEqual([resource.id]);
  });
  s.notApplicable(
    "refresh after drift, put back by the next up",
    "a snapshot's only input the API could drift is its name, and no source renames one: the next " +
      "up refuses to put it back (test/provider/cloud-snapshot.test.ts covers the refusal)",
    () => {
      const record = { regionId: 1, snapshot: { id: "s", name: "by-hand", status: "active" } };
      expect(cloudSnapshotKind.refuseUpdate?.(record, { name: "golden" })).toContain(
        "a snapshot cannot be renamed",
      );
    },
  );
  s.deletedOutside(snapshot("db"), async (resource, sim) => {
    await sim.control.remove("cloud_snapshots", String(resource.outputs.snapshotId));
  });
  s.destroy(async (sim) => {
    expect(await sim.control.records("cloud_snapshots")).toEqual([]);
  });
  s.failedCreate({
    failing: snapshot("web", { customTimeouts: { create: "1ms" } }),
    partial: true,
    resume: snapshot(),
    count: async (sim) => (await sim.control.records("cloud_snapshots")).length,
  });
  // Issue 25, item 2: a create answered 504 and never applied while another program took the
  // identical snapshot (the simulator's foreignTwin). Snapshots have no labels: never taken,
  // named with adoptId, nothing recorded, and the next up stops at the name.
  s.each(
    "a 504 not applied beside another program's identical snapshot: named, never taken",
    async () => {
      const h = s.harness();
      const sim = s.sim();
      await sim.control.setFaults({
        rules: [
          {
            kind: "foreignTwin",
            probability: 1,
            times: 1,
            method: "POST",
            path: "/v1/cloud_computing/regions/*/snapshots",
          },
        ],
      });
      const failed = await h.up(snapshot()).catch((caught: unknown) => caught);
      await sim.control.setFaults({});
      expect(failed).toBeInstanceOf(OperationFailed);
      const [twin] = await sim.control.records("cloud_snapshots");
      expect((failed as Error).message).toContain("504");
      expect((failed as Error).message).toContain(`adoptId: "1/${String(twin?.id)}"`);
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
