// SbmServer's own tests through the real provider host and the native plugin, driven like
// `pulumi up` / `refresh` / `destroy`: user data, reinstall consent, the release on destroy. Its
// lifecycle is a row of the engine lifecycle table (kinds.ts). Needs a current dist/.
import { describe, expect, it } from "vitest";
import type { Simulator } from "../../simulator";
import { scenarioOf, unscheduled } from "./kinds";
import { DEBIAN_12, sbmServer as server, UBUNTU_24 } from "./programs";
import { reinstallConsent } from "./reinstall-consent";
import { engineScenario } from "./scenario";
import { userDataIsSecret } from "./user-data";

const s = engineScenario(scenarioOf("SbmServer"));

/** The servers whose release is not scheduled. */
async function liveServers(sim: Simulator) {
  return (await sim.control.records("sbm_servers")).filter(unscheduled);
}

describe("SbmServer user data", () => {
  // A server gets user data: a reinstall, confirmed by a change of the trigger, which an up
  // records first (one the state never recorded confirms nothing).
  userDataIsSecret(s, "SbmServer", (userData) => [
    server({ reinstallTrigger: "first" }),
    server({ userData, reinstallTrigger: "user-data" }),
  ]);
});

describe("SbmServer reinstall: only with the program's consent", () => {
  reinstallConsent(s, {
    route: "POST /v1/hosts/sbm_servers/:id/reinstall",
    program: server,
    property: "operatingSystemId",
    before: UBUNTU_24,
    after: DEBIAN_12,
    // The README's import recipe: user data written into the generated code is taken as declared.
    afterImport: {
      labels: { env: "prod", team: "web" },
      userData: "#cloud-config\n# given after the import\n",
    },
    refusal:
      "property operatingSystemId value {303} has a problem: changing operatingSystemId from 302 to 303 " +
      "reinstalls the SBM server, which erases its drives",
    settled: { operatingSystemId: DEBIAN_12, operationalStatus: "normal" },
    destroyAfter: false,
  });

  it("destroy ends at once with the release scheduled; the next up orders a new server", async () => {
    const h = s.harness();
    const old = s.stored().id;
    await h.destroy();
    expect(h.stderr.join("\n")).not.toContain("timed out");
    const released = await s.sim().control.peek("sbm_servers", old);
    expect(released?.scheduled_release_at).toMatch(/Z$/);
    // The released server carries the same ownership label: never adopted, never reported.
    const steps = await h.up(server());
    expect(steps.map((step) => step.op)).toEqual(["create"]);
    expect(s.stored().id).not.toBe(old);
    expect((await liveServers(s.sim())).map((r) => r.id)).toEqual([s.stored().id]);
    await h.destroy();
  });
});
