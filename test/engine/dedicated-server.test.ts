// DedicatedServer's own tests through the real provider host and the native plugin, driven like
// `pulumi up` / `refresh` / `destroy`: reinstall consent (test/provider/dedicated-server-engine.test.ts
// follows its iPXE Boot flows). Its lifecycle is a row of the engine lifecycle table (kinds.ts).
// Needs a current dist/ (npm test builds it first; alone: npm run build).
import { describe } from "vitest";
import { scenarioOf } from "./kinds";
import { ORDER, dedicatedServer as server } from "./programs";
import { reinstallConsent } from "./reinstall-consent";
import { engineScenario } from "./scenario";

const s = engineScenario(scenarioOf("DedicatedServer"));

describe("DedicatedServer reinstall: only with the program's consent", () => {
  const DEBIAN_12 = 303;
  reinstallConsent(s, {
    route: "POST /v1/hosts/dedicated_servers/:id/reinstall",
    program: server,
    property: "operatingSystemId",
    before: 301,
    after: DEBIAN_12,
    afterImport: { labels: { env: "prod", team: "db" } },
    // The drive layout, which the API never returns, is taken as declared after the import.
    importedOutputs: { drives: ORDER.drives },
    refusal:
      "property operatingSystemId value {303} has a problem: changing operatingSystemId from 301 to 303 " +
      "reinstalls the dedicated server, which erases its drives",
    settled: { operatingSystemId: DEBIAN_12, status: "active" },
    destroyAfter: true,
  });
});
