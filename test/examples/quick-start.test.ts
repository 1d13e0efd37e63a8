// examples/quick-start (the root Pulumi.yaml's program): what it registers, and a round trip
// through the engine harness.
import { describe, expect, it } from "vitest";
import { byName, DYNAMIC, declared, useExample } from "./support";

const example = useExample("quick-start");

describe("examples/quick-start", () => {
  it("registers an SSH key, an SBM server that trusts it, and a volume, ids from lookups", async () => {
    const { resources, outputs } = await example.registrations({}, (type) =>
      type === `${DYNAMIC}SshKey` ? { fingerprint: "aa:bb" } : {},
    );
    expect(declared(resources)).toEqual(["RbsVolume data", "SbmServer web", "SshKey deploy"]);
    const { deploy: key, web: server, data: volume } = byName(resources);
    expect(key?.inputs.publicKey).toMatch(/^ssh-ed25519 /);
    // AMS1, SBM-01, Ubuntu 24.04 and the Standard RBS flavor of the simulator's catalogue.
    expect(server?.inputs).toMatchObject({
      locationId: 1,
      sbmFlavorModelId: 601,
      operatingSystemId: 302,
      hostname: "web-1",
      sshKeyFingerprints: ["aa:bb"],
      labels: { app: "quick-start", role: "web" },
    });
    expect(volume?.inputs).toMatchObject({ locationId: 1, flavorId: 1, size: 100 });
    expect([...outputs.keys()]).toEqual([
      "sshKeyFingerprint",
      "serverId",
      "serverPublicIp",
      "volumeTarget",
      "volumePassword",
    ]);
  });

  example.roundTripTest("runs through the engine: up, an up without changes, destroy", {
    resources: 3,
    secrets: example.rbsPasswords,
    afterCreate: (harness) => {
      expect(harness.outputs.get("volumePassword")?.secret).toBe(true);
      expect(harness.outputs.get("serverPublicIp")?.value).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      expect(harness.outputs.get("sshKeyFingerprint")?.value).toMatch(/^([0-9a-f]{2}:){15}/);
    },
  });
});
