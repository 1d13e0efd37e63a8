// L2Segment through the real provider host, driven like `pulumi up` / `refresh` / `destroy`,
// with the two dedicated servers it joins declared in the same program. Needs a current dist/
// (npm test builds it first; alone: npm run build).
import { describe, expect } from "vitest";
import type { DedicatedServerArgs } from "../../provider/index";
import type { Program } from "./harness";
import { engineScenario } from "./scenario";

const ORDER: DedicatedServerArgs = {
  locationId: 1,
  serverModelId: 101,
  uplinkModels: { private: { id: 401 } },
  ramSize: 64,
  drives: {
    slots: [
      { position: 0, driveModelId: 201 },
      { position: 1, driveModelId: 201 },
    ],
  },
  operatingSystemId: 303,
};

/** Location groups (simulator/seed/l2.ts): 1 is AMS1 private, 5 AMS1 and DFW1 private. */
const segment =
  (
    args: Record<string, unknown> = {},
    opts: Record<string, unknown> = {},
    trunkSecond = false,
  ): Program =>
  (serverscom) => {
    const [a, b] = ["node-a", "node-b"].map((name) => new serverscom.DedicatedServer(name, ORDER));
    if (a === undefined || b === undefined) throw new Error("two servers expected");
    new serverscom.L2Segment(
      "lan",
      {
        type: "private",
        locationGroupId: 1,
        members: [
          { id: a.id, mode: "native" },
          ...(trunkSecond ? [{ id: b.id, mode: "trunk" as const }] : []),
        ],
        labels: { env: "prod" },
        ...args,
      },
      opts,
    );
  };

const s = engineScenario({
  kind: "L2Segment",
  name: "lan",
  // A change of the segment takes 10 simulated minutes, 200 ms: the 1 ms create timeout fails.
  simulator: { speed: 3000, durations: { l2_change: 600_000 } },
});

const spanning = segment({ locationGroupId: 5 }, {}, true);

describe("an L2Segment through the engine's steps", () => {
  s.up(segment(), (resource) => {
    expect(resource.outputs).toMatchObject({
      status: "active",
      type: "private",
      locationGroupId: 1,
      name: "lan",
      labels: { env: "prod" },
    });
    expect(resource.outputs.members).toHaveLength(1);
  });
  s.noChange(segment());
  s.replacements({
    program: (opts) => segment({}, opts),
    newObject: true,
    count: async (sim) => (await sim.control.records("l2_segments")).length,
  });
  s.noChangeAfterRebuild(segment());
  // A second member, tagged: the network applies it, the segment is active again.
  s.inPlace(segment({}, {}, true), (resource) => {
    expect(resource.outputs.status).toBe("active");
    expect(resource.outputs.members).toHaveLength(2);
  });
  s.replace(spanning, (resource) => {
    expect(resource.outputs).toMatchObject({ locationGroupId: 5, status: "active" });
  });
  s.drift(
    spanning,
    async (resource, sim) => {
      await sim.control.patch("l2_segments", resource.id, { name: "renamed-by-hand" });
    },
    (resource) => {
      expect(resource.outputs.name).toBe("renamed-by-hand");
    },
  );
  s.deletedOutside(spanning, async (resource, sim) => {
    await sim.control.remove("l2_segments", resource.id);
  });
  s.destroy(async (sim, last) => {
    expect(await sim.control.peek("l2_segments", last.id)).toBeUndefined();
  });
  s.failedCreate({
    failing: segment({}, { customTimeouts: { create: "1ms" } }),
    partial: true,
    resume: segment(),
    count: async (sim) => (await sim.control.records("l2_segments")).length,
  });
});
