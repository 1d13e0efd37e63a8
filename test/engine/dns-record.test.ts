// DnsRecord through the real provider host, driven like `pulumi up` / `refresh` / `destroy`.
// Needs a current dist/ (npm test builds it first; alone: npm run build).
import { describe, expect } from "vitest";
import { OperationFailed, type Program } from "./harness";
import { engineScenario } from "./scenario";

/** A record, with the zone it lives in declared beside it. */
const record =
  (args: Record<string, unknown> = {}, opts: Record<string, unknown> = {}): Program =>
  (serverscom) => {
    const zone = new serverscom.DnsZone("zone", {
      name: "example.com",
      email: "admin@example.com",
    });
    new serverscom.DnsRecord(
      "www",
      { zoneId: zone.id, name: "www", type: "A", data: "192.0.2.1", ...args },
      opts,
    );
  };

const s = engineScenario({ kind: "DnsRecord", name: "www" });

const replaced = record({ type: "AAAA", data: "2001:db8::1" });

describe("a DnsRecord through the engine's steps", () => {
  s.up(record({ ttl: 300 }), (resource) => {
    expect(resource.id).toBe(
      `${String(resource.outputs.zoneId)}/${String(resource.outputs.recordId)}`,
    );
    expect(resource.outputs).toMatchObject({ name: "www", type: "A", data: "192.0.2.1", ttl: 300 });
  });
  s.noChange(record({ ttl: 300 }));
  s.noChangeAfterRebuild(record({ ttl: 300 }));
  s.replacements({
    program: (opts) => record({ ttl: 300 }, opts),
    // Deleted first by default (replaceDeletesFirst): the old generation is gone before the
    // create, so there is nothing to name; `count` shows no duplicate either way.
    newObject: false,
    // An identical record stops a create before ordering (kind.conflict).
    refused: "the zone already has this A record www -> 192.0.2.1",
    count: async (sim) =>
      (await sim.control.records("dns_records")).filter((r) => r.type === "A").length,
  });
  s.inPlace(record({ data: "192.0.2.2", ttl: 60 }), (resource) => {
    expect(resource.outputs).toMatchObject({ data: "192.0.2.2", ttl: 60 });
  });
  s.replace(replaced, async (resource, sim) => {
    expect(resource.outputs).toMatchObject({ type: "AAAA" });
    const mine = (await sim.control.records("dns_records")).filter((r) => r.type !== "SOA");
    expect(mine.map((r) => `${String(r.domain_id)}/${String(r.id)}`)).toEqual([resource.id]);
  });
  s.drift(
    replaced,
    async (resource, sim) => {
      await sim.control.patch("dns_records", String(resource.outputs.recordId), {
        data: "2001:db8::99",
      });
    },
    (resource) => {
      expect(resource.outputs.data).toBe("2001:db8::99");
      expect(resource.inputs.data).toBe("2001:db8::99");
    },
  );
  s.deletedOutside(replaced, async (resource, sim) => {
    await sim.control.remove("dns_records", String(resource.outputs.recordId));
  });
  s.destroy(async (sim) => {
    expect(await sim.control.records("dns_records")).toEqual([]);
  });
  // The API answers at once: a create fails before the object exists, or not at all.
  s.failedCreate({
    failing: record(),
    faults: {
      rules: [
        {
          kind: "error5xx",
          status: 500,
          probability: 1,
          method: "POST",
          path: "/v1/dns/domains/*/records",
          times: 1,
        },
      ],
    },
    partial: false,
    resume: record(),
    count: async (sim) =>
      (await sim.control.records("dns_records")).filter((r) => r.type !== "SOA").length,
  });
  // Issue 25, item 2: a create answered 504 and never applied while another program made the
  // identical record (the simulator's foreignTwin). Nothing tells the two apart, so it is never
  // taken: named with adoptId, nothing recorded, and the next up stops at the same conflict.
  s.each(
    "a 504 not applied beside another program's identical record: named, never taken",
    async () => {
      const h = s.harness();
      const sim = s.sim();
      const aRecords = async () =>
        (await sim.control.records("dns_records")).filter((r) => r.type === "A");
      await sim.control.setFaults({
        rules: [
          {
            kind: "foreignTwin",
            probability: 1,
            times: 1,
            method: "POST",
            path: "/v1/dns/domains/*/records",
          },
        ],
      });
      const failed = await h.up(record()).catch((caught: unknown) => caught);
      await sim.control.setFaults({});
      expect(failed).toBeInstanceOf(OperationFailed);
      const [twin] = await aRecords();
      const twinId = `${String(twin?.domain_id)}/${String(twin?.id)}`;
      expect((failed as Error).message).toContain("504");
      expect((failed as Error).message).toContain(`adoptId: "${twinId}"`);
      expect(() => s.stored()).toThrow(/no DnsRecord www in the state/);
      // The next up stops at it, and still takes nothing.
      const again = await h.up(record()).catch((caught: unknown) => caught);
      expect((again as Error).message).toContain(
        "the zone already has this A record www -> 192.0.2.1",
      );
      expect(() => s.stored()).toThrow(/no DnsRecord www in the state/);
      expect((await aRecords()).length).toBe(1);
      // The other program deletes its record; then the zone goes with the stack.
      await sim.control.remove("dns_records", String(twin?.id));
      await h.destroy();
    },
  );
});
