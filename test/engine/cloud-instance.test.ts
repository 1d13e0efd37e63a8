// CloudInstance through the real provider host, driven like `pulumi up` / `refresh` / `destroy`.
// Needs a current dist/ (npm test builds it first; alone: npm run build).
import { describe, expect, it } from "vitest";
import type { Program } from "./harness";
import { reinstallConsent } from "./reinstall-consent";
import { engineScenario } from "./scenario";

/** Ubuntu 24.04 in region 1 (AMS1) and in region 2 (DFW1): images differ per region. */
const AMS1_UBUNTU = "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01";
const DFW1_UBUNTU = "8a2d4c6e-3e6b-4d9f-8c1a-2b3c4d5e6f11";
const AMS1_DEBIAN = "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e03";

const instance =
  (args: Record<string, unknown> = {}, opts: Record<string, unknown> = {}): Program =>
  (serverscom) => {
    new serverscom.CloudInstance(
      "app",
      { regionId: 1, flavorId: "SSD.30", imageId: AMS1_UBUNTU, labels: { env: "prod" }, ...args },
      opts,
    );
  };

const s = engineScenario({
  kind: "CloudInstance",
  name: "app",
  // A creation takes 10 simulated minutes, 200 ms: the 1 ms create timeout fails for sure.
  simulator: { speed: 3000, durations: { cloud_create: 600_000 } },
});

const replaced = instance({ regionId: 2, imageId: DFW1_UBUNTU, flavorId: "SSD.50" });

describe("a CloudInstance through the engine's steps", () => {
  s.up(instance(), (resource) => {
    expect(resource.outputs).toMatchObject({
      status: "ACTIVE",
      name: "app",
      flavorId: "SSD.30",
      regionCode: "AMS1",
      labels: { env: "prod" },
    });
  });
  s.noChange(instance());
  s.replacements({
    program: (opts) => instance({}, opts),
    newObject: true,
    count: async (sim) => (await sim.control.records("cloud_instances")).length,
  });
  s.noChangeAfterRebuild(instance());
  // A larger flavor: an upgrade in place, approved at once.
  s.inPlace(instance({ flavorId: "SSD.50" }), (resource) => {
    expect(resource.outputs).toMatchObject({
      flavorId: "SSD.50",
      status: "ACTIVE",
      awaitingUpgradeConfirmation: false,
    });
  });
  s.replace(replaced, (resource) => {
    expect(resource.outputs).toMatchObject({ regionCode: "DFW1", status: "ACTIVE" });
  });
  s.drift(
    replaced,
    async (resource, sim) => {
      await sim.control.patch("cloud_instances", resource.id, { name: "renamed-by-hand" });
    },
    (resource) => {
      expect(resource.outputs.name).toBe("renamed-by-hand");
    },
  );
  s.deletedOutside(replaced, async (resource, sim) => {
    await sim.control.remove("cloud_instances", resource.id);
  });
  s.destroy(async (sim, last) => {
    expect(await sim.control.peek("cloud_instances", last.id)).toBeUndefined();
  });
  s.failedCreate({
    failing: instance({}, { customTimeouts: { create: "1ms" } }),
    partial: true,
    resume: instance(),
    count: async (sim) => (await sim.control.records("cloud_instances")).length,
  });
});

describe("CloudInstance user data", () => {
  const userData = "#cloud-config\nchpasswd: { list: 'root:plain-user-data-secret' }\n";
  let stateText = "";

  it("is a secret output", async () => {
    await s.harness().up(instance({ userData }));
    expect(s.stored().additionalSecretOutputs).toContain("userData");
    stateText = s.harness().stateText();
    await s.harness().destroy();
  });

  // The engine seals additionalSecretOutputs only (pkg/resource/deploy/step_executor.go):
  // registration() wraps the input of the same name in pulumi.secret so it is sealed too.
  it("plain user data never reaches the stored state in clear", () => {
    expect(stateText).toContain("serverscom:CloudInstance");
    expect(stateText).not.toContain("plain-user-data-secret");
  });
});

describe("deleteBeforeReplace: false and a replace-only property the API never reports", () => {
  // Issue 12, item 1: a new userData replaces the instance; with the resource option
  // deleteBeforeReplace: false the engine creates the new one first, while the old one (same
  // ownership label, same name, same region) still runs. The new create must not take the old.
  it("makes a new instance, records it, and deletes the old one", async () => {
    const h = s.harness();
    await h.up(instance({ userData: "#cloud-config\n# v1\n" }, { deleteBeforeReplace: false }));
    const old = s.stored();
    const steps = await h.up(
      instance({ userData: "#cloud-config\n# v2\n" }, { deleteBeforeReplace: false }),
    );
    expect(steps.find((step) => step.urn.endsWith("::app"))?.op).toBe("replace");
    const now = s.stored();
    expect(now.id).not.toBe(old.id);
    const live = await s.sim().control.records("cloud_instances");
    expect(live.map((record) => record.id)).toEqual([now.id]);
    expect(h.stderr.join("\n")).toContain(`not adopting ${old.id}`);
    await h.destroy();
  });
});

describe("CloudInstance reinstall: only with the program's consent", () => {
  reinstallConsent(s, {
    route: "POST /v1/cloud_computing/instances/:id/reinstall",
    base: instance(),
    recorded: instance({ reinstallTrigger: "2026-11-01" }),
    unconfirmed: instance({ imageId: AMS1_DEBIAN }),
    confirmed: instance({ imageId: AMS1_DEBIAN, reinstallTrigger: "2026-11-24" }),
    again: instance({ imageId: AMS1_UBUNTU, reinstallTrigger: "2026-11-24" }),
    afterImport: instance({
      imageId: AMS1_DEBIAN,
      labels: { env: "prod", team: "app" },
      reinstallTrigger: "2026-12-01",
    }),
    changeAfterImport: instance({ imageId: AMS1_UBUNTU, reinstallTrigger: "2026-12-01" }),
    importedOutputs: { imageId: AMS1_DEBIAN, labels: { env: "prod", team: "app" } },
    property: "imageId",
    before: AMS1_UBUNTU,
    refusal:
      `property imageId value {${AMS1_DEBIAN}} has a problem: changing imageId from "${AMS1_UBUNTU}" to ` +
      `"${AMS1_DEBIAN}" reinstalls the cloud instance, which erases its disk`,
    againRefusal: /changing imageId from "6f1c3b4e/,
    settled: { imageId: AMS1_DEBIAN, status: "ACTIVE" },
    destroyAfter: true,
  });
});
