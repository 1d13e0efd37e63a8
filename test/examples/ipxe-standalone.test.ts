// examples/ipxe-standalone: the standalone iPXE Boot flow. What it registers, and a round trip
// through the engine harness: a bare server, iPXE Boot turned on in place, a new script.
import { describe, expect, it } from "vitest";
import { byName, declared, opsByName, useExample } from "./support";

const example = useExample("ipxe-standalone");
const MENU = example.configKey("menu");

describe("examples/ipxe-standalone", () => {
  it("registers a bare server, and private iPXE Boot with the menu's script once set", async () => {
    const bare = await example.registrations();
    expect(declared(bare.resources)).toEqual(["DedicatedServer lab-1"]);
    const inputs = byName(bare.resources)["lab-1"]?.inputs;
    expect(inputs).toMatchObject({ operatingSystemId: null, rebootOnIpxeChange: true });
    expect(inputs?.features).toBeUndefined();

    const ipxe = await example.registrations({ [MENU]: "install" });
    expect(byName(ipxe.resources)["lab-1"]?.inputs).toMatchObject({
      features: ["private_ipxe_boot"],
      ipxeConfig: "#!ipxe\ndhcp\nchain http://10.0.0.10/install.ipxe\n",
    });
  });

  example.roundTripTest(
    "runs through the engine: iPXE Boot on in place, then a new script, no reinstall",
    {
      resources: 1,
      afterCreate: (harness) => {
        expect(harness.outputs.get("ipxeBootFeature")?.value).toBeNull();
      },
      flow: async (harness, program) => {
        const id = harness.outputs.get("serverId")?.value;
        harness.setConfig(MENU, "install");
        expect(opsByName(await harness.up(program))).toEqual({ "lab-1": "update" });
        expect(harness.outputs.get("ipxeBootFeature")?.value).toBe("private_ipxe_boot");
        expect(harness.outputs.get("script")?.value).toContain("/install.ipxe");

        harness.setConfig(MENU, "rescue");
        expect(opsByName(await harness.up(program))).toEqual({ "lab-1": "update" });
        expect(harness.outputs.get("script")?.value).toContain("/rescue.ipxe");
        expect(harness.outputs.get("serverId")?.value).toBe(id);
        expect(harness.outputs.get("powerStatus")?.value).toBe("powered_on");
        expect(await example.reinstalls()).toBe(0);
      },
    },
  );
});
