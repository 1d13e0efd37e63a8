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
    base: server(),
    recorded: server({ reinstallTrigger: "2026-11-01" }),
    unconfirmed: server({ operatingSystemId: DEBIAN_12 }),
    confirmed: server({ operatingSystemId: DEBIAN_12, reinstallTrigger: "2026-11-24" }),
    again: server({ operatingSystemId: 301, reinstallTrigger: "2026-11-24" }),
    // The drive layout, which the API never returns, is taken as declared after the import.
    afterImport: server({
      operatingSystemId: DEBIAN_12,
      labels: { env: "prod", team: "db" },
      reinstallTrigger: "2026-12-01",
    }),
    changeAfterImport: server({ operatingSystemId: 301, reinstallTrigger: "2026-12-01" }),
    importedOutputs: {
      operatingSystemId: DEBIAN_12,
      labels: { env: "prod", team: "db" },
      drives: ORDER.drives,
    },
    property: "operatingSystemId",
    before: 301,
    refusal:
      "property operatingSystemId value {303} has a problem: changing operatingSystemId from 301 to 303 " +
      "reinstalls the dedicated server, which erases its drives",
    againRefusal: /changing operatingSystemId from 303 to 301/,
    settled: { operatingSystemId: DEBIAN_12, status: "active" },
    destroyAfter: true,
  });
});
