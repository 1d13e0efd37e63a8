// examples/ipxe-reinstall: the reinstall-based iPXE Boot flow. What it registers either way, and
// a round trip through the engine harness: Ubuntu, then iPXE Boot, then Ubuntu again.
import { describe, expect, it } from "vitest";
import { byName, declared, opsByName, useExample } from "./support";

const example = useExample("ipxe-reinstall");
const IPXE = example.configKey("ipxe");

describe("examples/ipxe-reinstall", () => {
  it("registers Ubuntu by default, and no OS with public iPXE Boot when ipxe is set", async () => {
    const disk = await example.registrations();
    expect(declared(disk.resources)).toEqual(["DedicatedServer app-1"]);
    const installed = byName(disk.resources)["app-1"]?.inputs;
    expect(installed).toMatchObject({
      operatingSystemId: 301,
      uplinkModels: { private: { id: 401 }, public: { id: 403, bandwidthModelId: 501 } },
      labels: { role: "app", boot: "disk" },
      reinstallTrigger: "disk",
    });
    expect(installed?.features).toBeUndefined();

    const ipxe = await example.registrations({ [IPXE]: "true" });
    expect(byName(ipxe.resources)["app-1"]?.inputs).toMatchObject({
      operatingSystemId: null,
      features: ["public_ipxe_boot"],
      ipxeConfig: expect.stringMatching(/^#!ipxe\n/),
      labels: { boot: "ipxe" },
      reinstallTrigger: "ipxe",
    });
  });

  example.roundTripTest(
    "runs through the engine: Ubuntu, then a reinstall into iPXE Boot and back, same server",
    {
      resources: 1,
      afterCreate: (harness) => {
        expect(harness.outputs.get("operatingSystem")?.value).toBe("Ubuntu 22.04-server x86_64");
        expect(harness.outputs.get("ipxeBootFeature")?.value).toBeNull();
      },
      flow: async (harness, program) => {
        const id = harness.outputs.get("serverId")?.value;
        harness.setConfig(IPXE, "true");
        expect(opsByName(await harness.up(program))).toEqual({ "app-1": "update" });
        expect(await example.reinstalls()).toBe(1);
        expect(harness.outputs.get("serverId")?.value).toBe(id);
        expect(harness.outputs.get("ipxeBootFeature")?.value).toBe("public_ipxe_boot");
        expect(harness.outputs.get("operatingSystem")?.value).toBeNull();
        expect(opsByName(await harness.up(program))).toEqual({ "app-1": "same" });

        harness.removeConfig(IPXE);
        expect(opsByName(await harness.up(program))).toEqual({ "app-1": "update" });
        expect(harness.outputs.get("ipxeBootFeature")?.value).toBeNull();
        expect(harness.outputs.get("operatingSystem")?.value).toBe("Ubuntu 22.04-server x86_64");
        expect(await example.reinstalls()).toBe(2);
      },
    },
  );
});
