// DnsRecord's own tests through the real provider host and the native plugin, driven like
// `pulumi up` / `refresh` / `destroy`: a lost create beside another program's record. Its
// lifecycle is a row of the engine lifecycle table (kinds.ts). Needs a current dist/.
import { describe } from "vitest";
import { scenarioOf } from "./kinds";
import { foreignTwinNeverTaken } from "./lost-create";
import { dnsRecord as record } from "./programs";
import { engineScenario } from "./scenario";

const s = engineScenario(scenarioOf("DnsRecord"));

describe("a DnsRecord whose create is lost", () => {
  // The other program's identical record is named by its zone and id; the zone goes with the stack.
  foreignTwinNeverTaken(
    s,
    "a 504 not applied beside another program's identical record: named, never taken",
    {
      path: "/v1/dns/domains/*/records",
      program: record(),
      collection: "dns_records",
      reachable: (r) => r.type === "A",
      named: (twin) => `adoptId: "${String(twin.domain_id)}/${String(twin.id)}"`,
      conflict: "the zone already has this A record www -> 192.0.2.1",
    },
  );
});
