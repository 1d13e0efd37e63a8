// DnsRecord's own tests through the real provider host and the native plugin, driven like
// `pulumi up` / `refresh` / `destroy`: a lost create beside another program's record. Its
// lifecycle is a row of the engine lifecycle table (kinds.ts). Needs a current dist/.
import { describe, expect } from "vitest";
import { scenarioOf } from "./kinds";
import { expectNamedNotTaken, upLosingCreate } from "./lost-create";
import { dnsRecord as record } from "./programs";
import { engineScenario } from "./scenario";

const s = engineScenario(scenarioOf("DnsRecord"));

describe("a DnsRecord whose create is lost", () => {
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
      const failed = await upLosingCreate(s, "foreignTwin", "/v1/dns/domains/*/records", record());
      const [twin] = await aRecords();
      expectNamedNotTaken(failed, `adoptId: "${String(twin?.domain_id)}/${String(twin?.id)}"`);
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
