// CloudVolumeBackup through the real provider host, driven like `pulumi up` / `refresh` /
// `destroy`. Needs a current dist/ (npm test builds it first; alone: npm run build).
import { describe, expect } from "vitest";
import type { Program } from "./harness";
import { engineScenario } from "./scenario";

/** A backup of a volume declared beside it (two volumes: the replacement backs up the other). */
const backup =
  (args: Record<string, unknown> = {}, of = "data", opts: Record<string, unknown> = {}): Program =>
  (serverscom) => {
    const volumes = {
      data: new serverscom.CloudVolume("data", { regionId: 1, size: 20 }),
      logs: new serverscom.CloudVolume("logs", { regionId: 1, size: 10 }),
    };
    new serverscom.CloudVolumeBackup(
      "nightly",
      { volumeId: volumes[of as "data" | "logs"].id, ...args },
      opts,
    );
  };

const s = engineScenario({
  kind: "CloudVolumeBackup",
  name: "nightly",
  // A backup takes 10 simulated minutes, 200 ms: the 1 ms create timeout fails for sure.
  simulator: {
    speed: 3000,
    durations: { cloud_backup_change: 600_000, cloud_volume_change: 1_000 },
  },
});

const replaced = backup({ labels: { env: "prod" } }, "logs");

describe("a CloudVolumeBackup through the engine's steps", () => {
  s.up(backup({ labels: { env: "prod" } }), (resource) => {
    expect(resource.outputs).toMatchObject({
      status: "available",
      size: 20,
      labels: { env: "prod" },
    });
  });
  s.noChange(backup({ labels: { env: "prod" } }));
  s.noChangeAfterRebuild(backup({ labels: { env: "prod" } }));
  // Labels carry ownership: a create-first replacement names the old generation, never takes it.
  s.replacements({
    program: (opts) => backup({ labels: { env: "prod" } }, "data", opts),
    newObject: true,
    count: async (sim) =>
      (await sim.control.records("cloud_backups")).filter((r) => r.status !== "deleting").length,
  });
  s.inPlace(backup({ labels: { env: "staging" } }), (resource) => {
    expect(resource.outputs.labels).toEqual({ env: "staging" });
  });
  s.replace(replaced, async (resource, sim) => {
    expect(resource.outputs).toMatchObject({ size: 10, status: "available" });
    const live = (await sim.control.records("cloud_backups")).filter(
      (b) => b.status !== "deleting",
    );
    expect(live.map((b) => b.id)).toEqual([resource.id]);
  });
  s.drift(
    replaced,
    async (resource, sim) => {
      const labels = (await sim.control.peek("cloud_backups", resource.id))?.labels as Record<
        string,
        string
      >;
      await sim.control.patch("cloud_backups", resource.id, {
        labels: { ...labels, env: "by-hand" },
      });
    },
    (resource) => {
      expect(resource.outputs.labels).toEqual({ env: "by-hand" });
    },
  );
  s.deletedOutside(replaced, async (resource, sim) => {
    await sim.control.remove("cloud_backups", resource.id);
  });
  s.destroy(async (sim) => {
    expect(await sim.control.records("cloud_backups")).toEqual([]);
  });
  s.failedCreate({
    failing: backup({}, "data", { customTimeouts: { create: "1ms" } }),
    partial: true,
    resume: backup(),
    count: async (sim) => (await sim.control.records("cloud_backups")).length,
  });
});
