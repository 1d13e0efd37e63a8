// examples/ipxe-order: the order-based iPXE Boot flow. What it registers, and a round trip
// through the engine harness.
import { describe, expect, it } from "vitest";
import { byName, declared, opsByName, useExample } from "./support";

const example = useExample("ipxe-order");

describe("examples/ipxe-order", () => {
  it("orders the server with no operating system, private iPXE Boot and the script", async () => {
    const { resources } = await example.registrations();
    expect(declared(resources)).toEqual(["DedicatedServer pxe-1"]);
    expect(byName(resources)["pxe-1"]?.inputs).toMatchObject({
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
      operatingSystemId: null,
      features: ["private_ipxe_boot"],
      ipxeConfig: "#!ipxe\ndhcp\nchain http://10.0.0.10/menu.ipxe\n",
    });
  });

  example.roundTripTest(
    "runs through the engine: up, an up without changes, a new script in place, destroy",
    {
      resources: 1,
      afterCreate: (harness) => {
        expect(harness.outputs.get("ipxeBootFeature")?.value).toBe("private_ipxe_boot");
        expect(harness.outputs.get("script")?.value).toMatch(/^#!ipxe\n/);
      },
      flow: async (harness, program) => {
        const id = harness.outputs.get("serverId")?.value;
        harness.setConfig(example.configKey("bootServer"), "http://10.0.0.20");
        expect(opsByName(await harness.up(program))).toEqual({ "pxe-1": "update" });
        expect(harness.outputs.get("serverId")?.value).toBe(id);
        expect(harness.outputs.get("script")?.value).toContain("http://10.0.0.20/menu.ipxe");
      },
    },
  );
});
