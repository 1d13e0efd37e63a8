// CloudVolume through the real provider host, driven like `pulumi up` / `refresh` / `destroy`.
// Needs a current dist/ (npm test builds it first; alone: npm run build).
import { describe, expect } from "vitest";
import type { Program } from "./harness";
import { engineScenario } from "./scenario";

const AMS1_UBUNTU = "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01";

/** A volume, with the instance it may be attached to declared beside it. */
const volume =
  (
    args: Record<string, unknown> = {},
    attach = false,
    opts: Record<string, unknown> = {},
  ): Program =>
  (serverscom) => {
    const web = new serverscom.CloudInstance("web", {
      regionId: 1,
      flavorId: "SSD.30",
      imageId: AMS1_UBUNTU,
    });
    new serverscom.CloudVolume(
      "data",
      { regionId: 1, size: 20, ...(attach ? { instanceId: web.id } : {}), ...args },
      opts,
    );
  };

const s = engineScenario({
  kind: "CloudVolume",
  name: "data",
  // A volume takes 10 simulated minutes to make, 200 ms: the 1 ms create timeout fails for sure.
  simulator: { speed: 3000, durations: { cloud_volume_change: 600_000 } },
});

const replaced = volume({ regionId: 2, size: 40, name: "data-2" });

describe("a CloudVolume through the engine's steps", () => {
  s.up(volume({ labels: { env: "prod" } }), (resource) => {
    expect(resource.outputs).toMatchObject({
      status: "available",
      size: 20,
      instanceId: null,
      labels: { env: "prod" },
    });
  });
  s.noChange(volume({ labels: { env: "prod" } }));
  s.noChangeAfterRebuild(volume({ labels: { env: "prod" } }));
  // Labels carry ownership: a create-first replacement names the old generation, never takes it.
  s.replacements({
    program: (opts) => volume({ labels: { env: "prod" } }, false, opts),
    newObject: true,
    count: async (sim) =>
      (await sim.control.records("cloud_volumes")).filter((r) => r.status !== "deleting").length,
  });
  s.inPlace(volume({ name: "data-x", labels: { env: "staging" } }, true), async (resource, sim) => {
    const [instance] = await sim.control.records("cloud_instances");
    expect(resource.outputs).toMatchObject({
      name: "data-x",
      status: "in-use",
      instanceId: instance?.id,
      device: "/dev/vdb",
      labels: { env: "staging" },
    });
  });
  // Another region is another volume; the attached one is detached before it is deleted.
  s.replace(replaced, async (resource, sim) => {
    expect(resource.outputs).toMatchObject({ regionCode: "DFW1", status: "available" });
    const live = (await sim.control.records("cloud_volumes")).filter(
      (v) => v.status !== "deleting",
    );
    expect(live.map((v) => v.id)).toEqual([resource.id]);
  });
  s.drift(
    replaced,
    async (resource, sim) => {
      await sim.control.patch("cloud_volumes", resource.id, { name: "renamed-by-hand" });
    },
    (resource) => {
      expect(resource.outputs.name).toBe("renamed-by-hand");
      expect(resource.inputs.name).toBe("renamed-by-hand");
    },
  );
  s.deletedOutside(replaced, async (resource, sim) => {
    await sim.control.remove("cloud_volumes", resource.id);
  });
  s.destroy(async (sim) => {
    expect(await sim.control.records("cloud_volumes")).toEqual([]);
  });
  s.failedCreate({
    failing: volume({}, false, { customTimeouts: { create: "1ms" } }),
    partial: true,
    resume: volume(),
    count: async (sim) => (await sim.control.records("cloud_volumes")).length,
  });
});
