// examples/sbm-fleet: what it registers, and a round trip through the engine harness, with the
// label selector lookup finding the fleet's stable servers.
import { describe, expect, it } from "vitest";
import { byName, declared, opsByName, useExample } from "./support";

const example = useExample("sbm-fleet");

describe("examples/sbm-fleet", () => {
  it("registers three labelled SBM servers, the first a canary", async () => {
    const { resources } = await example.registrations();
    expect(declared(resources)).toEqual(["SbmServer web-1", "SbmServer web-2", "SbmServer web-3"]);
    const servers = byName(resources);
    // SBM-01 in AMS1 with Debian 12, from the simulator's catalogue.
    expect(servers["web-1"]?.inputs).toMatchObject({
      locationId: 1,
      sbmFlavorModelId: 601,
      operatingSystemId: 303,
      hostname: "web-1.example.com",
      labels: { fleet: "web", role: "canary" },
    });
    expect(servers["web-3"]?.inputs).toMatchObject({ labels: { fleet: "web", role: "stable" } });
  });

  example.roundTripTest(
    "runs through the engine; the lookup finds the stable servers by label; a fourth joins",
    {
      resources: 3,
      afterCreate: (harness) => {
        expect(harness.outputs.get("stableHosts")?.value).toEqual([
          { title: "web-2.example.com", publicIp: expect.any(String) },
          { title: "web-3.example.com", publicIp: expect.any(String) },
        ]);
      },
      flow: async (harness, program) => {
        harness.setConfig(example.configKey("size"), "4");
        expect(opsByName(await harness.up(program))).toEqual({
          "web-1": "same",
          "web-2": "same",
          "web-3": "same",
          "web-4": "create",
        });
        // Sorted by title in the program.
        expect(harness.outputs.get("stableHosts")?.value).toEqual([
          { title: "web-2.example.com", publicIp: expect.any(String) },
          { title: "web-3.example.com", publicIp: expect.any(String) },
          { title: "web-4.example.com", publicIp: expect.any(String) },
        ]);
        // Back to three: the fourth server is released.
        harness.removeConfig(example.configKey("size"));
        expect(opsByName(await harness.up(program))["web-4"]).toBe("delete");
      },
    },
  );
});
