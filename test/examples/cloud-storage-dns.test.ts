// examples/cloud-storage-dns: what it registers, and a round trip through the engine harness with
// the volume detached and attached again in place.
import { describe, expect, it } from "vitest";
import { byName, declared, opsByName, useExample } from "./support";

const example = useExample("cloud-storage-dns");

describe("examples/cloud-storage-dns", () => {
  it("registers an instance, its attached volume, a backup, a snapshot, a zone and two records", async () => {
    const { resources, outputs } = await example.registrations();
    expect(declared(resources)).toEqual([
      "CloudInstance app",
      "CloudSnapshot golden",
      "CloudVolume data",
      "CloudVolumeBackup nightly",
      "DnsRecord mail",
      "DnsRecord www",
      "DnsZone zone",
    ]);
    const { data, nightly, zone, mail } = byName(resources);
    expect(data?.inputs).toMatchObject({ regionId: 1, size: 50, instanceId: "app-id" });
    expect(nightly?.inputs).toMatchObject({ volumeId: "data-id", force: true });
    expect(zone?.inputs).toMatchObject({ name: "example.com", email: "hostmaster@example.com" });
    expect(mail?.inputs).toMatchObject({ zoneId: "zone-id", type: "MX", priority: 10 });
    expect([...outputs.keys()]).toEqual([
      "instanceIp",
      "dataVolume",
      "backup",
      "snapshot",
      "dns",
      "accountBalance",
    ]);
    expect(outputs.get("accountBalance")?.value).toBe("123.45 EUR");
    const detached = await example.registrations({
      [example.configKey("attachData")]: "false",
    });
    expect(byName(detached.resources).data?.inputs).not.toHaveProperty("instanceId");
  });

  example.roundTripTest(
    "runs through the engine: up, an up without changes, detach and attach in place, destroy",
    {
      resources: 7,
      afterCreate: (harness) => {
        expect(harness.outputs.get("dataVolume")?.value).toMatchObject({
          status: "in-use",
          device: "/dev/vdb",
        });
        expect(harness.outputs.get("backup")?.value).toMatchObject({
          status: "available",
          size: 50,
        });
        expect(harness.outputs.get("snapshot")?.value).toMatchObject({ status: "active" });
      },
      flow: async (harness, program) => {
        harness.setConfig(example.configKey("attachData"), "false");
        expect(opsByName(await harness.up(program))).toMatchObject({ data: "update", app: "same" });
        expect(harness.outputs.get("dataVolume")?.value).toMatchObject({
          status: "available",
          device: null,
        });
        harness.setConfig(example.configKey("attachData"), "true");
        expect(opsByName(await harness.up(program))).toMatchObject({ data: "update", www: "same" });
        expect(harness.outputs.get("dataVolume")?.value).toMatchObject({ status: "in-use" });
      },
    },
  );
});
