// examples/ptr-and-l2: what it registers, and a round trip through the engine harness.
import { describe, expect, it } from "vitest";
import { byName, DYNAMIC, declared, opsByName, useExample } from "./support";

const example = useExample("ptr-and-l2");

describe("examples/ptr-and-l2", () => {
  it("registers two servers, a private L2 segment joining them, and a PTR record each", async () => {
    const { resources } = await example.registrations({}, (type, name) =>
      type === `${DYNAMIC}DedicatedServer`
        ? { publicIpv4Address: `198.51.100.${name.at(-1)}` }
        : {},
    );
    expect(declared(resources)).toEqual([
      "DedicatedServer db-1",
      "DedicatedServer db-2",
      "L2Segment db-replication",
      "PtrRecord db-1-ptr",
      "PtrRecord db-2-ptr",
    ]);
    const r = byName(resources);
    expect(r["db-1"]?.inputs).toMatchObject({
      hostname: "db-1.db.example.com",
      operatingSystemId: 303,
    });
    expect(r["db-replication"]?.inputs).toMatchObject({
      type: "private",
      locationGroupId: 1,
      members: [
        { id: "db-1-id", mode: "native" },
        { id: "db-2-id", mode: "native" },
      ],
    });
    expect(r["db-2-ptr"]?.inputs).toMatchObject({
      hostId: "db-2-id",
      hostType: "dedicated_server",
      ip: "198.51.100.2",
      domain: "db-2.db.example.com",
      ttl: 3600,
    });
  });

  example.roundTripTest(
    "runs through the engine: up, an up without changes, a new domain, destroy",
    {
      resources: 5,
      afterCreate: async (harness) => {
        expect(harness.outputs.get("segmentStatus")?.value).toBe("active");
        const segment = await example
          .sim()
          .control.peek("l2_segments", String(harness.outputs.get("segmentId")?.value));
        expect(segment?.status).toBe("active");
      },
      // Host names change in place; PTR records cannot change: they are replaced.
      flow: async (harness, program) => {
        harness.setConfig(example.configKey("domain"), "db.example.net");
        expect(opsByName(await harness.up(program))).toEqual({
          "db-1": "update",
          "db-2": "update",
          "db-replication": "same",
          "db-1-ptr": "replace",
          "db-2-ptr": "replace",
        });
        expect(harness.outputs.get("reverseNames")?.value).toEqual([
          expect.stringMatching(/ -> db-1\.db\.example\.net$/),
          expect.stringMatching(/ -> db-2\.db\.example\.net$/),
        ]);
      },
    },
  );
});
