// examples/rbs-volumes: what it registers, and a round trip through the engine harness.
import { describe, expect, it } from "vitest";
import { byName, DYNAMIC, declared, opsByName, useExample } from "./support";

const TYPE = `${DYNAMIC}RbsVolume`;
const example = useExample("rbs-volumes");

describe("examples/rbs-volumes", () => {
  it("registers a Standard and an Ultra volume in AMS1 with labels", async () => {
    const { resources, outputs } = await example.registrations();
    expect(declared(resources)).toEqual(["RbsVolume data", "RbsVolume journal"]);
    expect(resources.every((r) => r.type === TYPE)).toBe(true);
    const { data, journal } = byName(resources);
    expect(data?.inputs).toMatchObject({
      locationId: 1,
      flavorId: 1,
      size: 100,
      name: "data",
      labels: { app: "billing", tier: "data" },
    });
    expect(journal?.inputs).toMatchObject({ flavorId: 2, size: 50, name: "billing-journal" });
    expect([...outputs.keys()]).toEqual(["dataVolume", "journalVolume", "dataCredentials"]);
  });

  it("takes the data volume's size from the stack configuration", async () => {
    const { resources } = await example.registrations({
      [example.configKey("dataSize")]: "250",
    });
    expect(byName(resources).data?.inputs.size).toBe(250);
  });

  example.roundTripTest(
    "runs through the engine: up, an up without changes, destroy; credentials stay secret",
    {
      resources: 2,
      secrets: example.rbsPasswords,
      afterCreate: (harness) => {
        expect(harness.outputs.get("dataCredentials")?.secret).toBe(true);
        expect(harness.outputs.get("dataVolume")).toMatchObject({
          secret: false,
          value: { status: "active", iops: 1000 },
        });
      },
      // Growing the data volume is an in-place update of that volume alone.
      flow: async (harness, program) => {
        harness.setConfig(example.configKey("dataSize"), "200");
        expect(opsByName(await harness.up(program))).toEqual({ data: "update", journal: "same" });
        expect(harness.outputs.get("dataVolume")?.value).toMatchObject({ iops: 2000 });
      },
    },
  );
});
