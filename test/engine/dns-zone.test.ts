// DnsZone's own tests through the real provider host, driven like `pulumi up` / `refresh` /
// `destroy`: the refused change. Its lifecycle is a row of the engine lifecycle table (kinds.ts).
// Needs a current dist/ (npm test builds it first; alone: npm run build).
import { describe, expect, it } from "vitest";
import { OperationFailed } from "./harness";
import { scenarioOf } from "./kinds";
import { dnsZone as zone } from "./programs";
import { engineScenario } from "./scenario";

const s = engineScenario(scenarioOf("DnsZone"));

describe("refusals through the engine", () => {
  it("a changed email fails the up with the reason, and the zone is unchanged", async () => {
    await s.harness().up(zone());
    const error = await s
      .harness()
      .up(zone({ email: "dns@example.com" }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperationFailed);
    expect((error as Error).message).toContain("the DNS API changes only a zone's labels");
    expect(s.stored().outputs.email).toBe("admin@example.com");
    await s.harness().destroy();
  });
});
