// examples/cloud-upgrade: what it registers, and a round trip through the engine harness with
// the flavor upgrade it is about.
import { describe, expect, it } from "vitest";
import { byName, declared, opsByName, useExample } from "./support";

const example = useExample("cloud-upgrade");

describe("examples/cloud-upgrade", () => {
  it("registers an instance with the configured flavor, approving upgrades", async () => {
    const { resources } = await example.registrations();
    expect(declared(resources)).toEqual(["CloudInstance app"]);
    expect(byName(resources).app?.inputs).toMatchObject({
      regionId: 1,
      flavorId: "SSD.30",
      imageId: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01",
      backupCopies: 1,
      upgradeConfirmation: "approve",
    });
    const larger = await example.registrations({
      [example.configKey("flavor")]: "SSD.50",
    });
    expect(byName(larger.resources).app?.inputs.flavorId).toBe("SSD.50");
  });

  example.roundTripTest(
    "runs through the engine: up, an up without changes, an in-place upgrade, destroy",
    {
      resources: 1,
      afterCreate: (harness) => {
        expect(harness.outputs.get("flavorNow")?.value).toBe("SSD.30");
      },
      flow: async (harness, program) => {
        const id = harness.outputs.get("instanceId")?.value;
        harness.setConfig(example.configKey("flavor"), "SSD.50");
        expect(opsByName(await harness.up(program))).toEqual({ app: "update" });
        expect(harness.outputs.get("instanceId")?.value).toBe(id);
        expect(harness.outputs.get("flavorNow")?.value).toBe("SSD.50");
        expect(harness.outputs.get("awaitingUpgradeConfirmation")?.value).toBe(false);
        expect(opsByName(await harness.up(program))).toEqual({ app: "same" });
      },
    },
  );
});
