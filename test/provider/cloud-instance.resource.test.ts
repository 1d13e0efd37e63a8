// What a program declaring a CloudInstance registers with the engine (pulumi.runtime.setMocks).
import { describe, expect, it } from "vitest";
import { CloudInstance } from "../../provider/index";
import { inputsAnd, onlyRegistration, owner, registrationsOfEachTest, settle } from "./mocks";

const registered = registrationsOfEachTest({ state: inputsAnd({ status: "ACTIVE" }) });

describe("a program declaring a CloudInstance", () => {
  it("registers the dynamic type token, the inputs, the hidden inputs and userData as secret", async () => {
    const instance = new CloudInstance(
      "web",
      {
        regionId: 1,
        flavorId: "SSD.50",
        imageId: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01",
        gpnEnabled: true,
        backupCopies: 2,
        userData: "#cloud-config\n",
        upgradeConfirmation: "leave",
        rebootTrigger: "2026-01-05",
        reinstallTrigger: "2026-01-06",
        labels: { env: "prod" },
      },
      { customTimeouts: { update: "45m" } },
    );
    await settle(instance);
    const entry = onlyRegistration(registered, "CloudInstance");
    expect(entry.additionalSecretOutputs).toEqual(["userData"]);
    expect(entry.inputs).toMatchObject({
      regionId: 1,
      flavorId: "SSD.50",
      imageId: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01",
      // The instance's name defaults to the resource name.
      name: "web",
      gpnEnabled: true,
      backupCopies: 2,
      // Sealed as a secret (the wire's secret envelope), so the state stores it encrypted.
      userData: {
        "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
        value: "#cloud-config\n",
      },
      upgradeConfirmation: "leave",
      rebootTrigger: "2026-01-05",
      reinstallTrigger: "2026-01-06",
      labels: { env: "prod" },
      __ownerLabel: owner("CloudInstance", "web"),
      __timeouts: { update: 45 * 60_000 },
    });
    expect(entry.inputs).not.toHaveProperty("ipv6Enabled");
    expect(entry.inputs).not.toHaveProperty("sshKeyFingerprint");
    expect(await new Promise((resolve) => instance.status.apply(resolve))).toBe("ACTIVE");
  });

  it("keeps a declared name and passes adoptId through", async () => {
    const instance = new CloudInstance("web", {
      regionId: 1,
      flavorId: "SSD.50",
      imageId: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01",
      name: "frontend-1",
      adoptId: "c7zNzFFe",
    });
    await settle(instance);
    expect(registered[0]?.inputs).toMatchObject({ name: "frontend-1", adoptId: "c7zNzFFe" });
    expect(registered[0]?.inputs).not.toHaveProperty("upgradeConfirmation");
    expect(registered[0]?.inputs).not.toHaveProperty("reinstallTrigger");
  });
});
