// CloudInstance's own tests through the real provider host, driven like `pulumi up` / `refresh` /
// `destroy`: user data, a replacement by user data, reinstall consent. Its lifecycle is a row of
// the engine lifecycle table (kinds.ts). Needs a current dist/ (npm test builds it first).
import { describe, expect, it } from "vitest";
import { scenarioOf } from "./kinds";
import { AMS1_DEBIAN, AMS1_UBUNTU, instance } from "./programs";
import { reinstallConsent } from "./reinstall-consent";
import { engineScenario } from "./scenario";
import { userDataIsSecret } from "./user-data";

const s = engineScenario(scenarioOf("CloudInstance"));

describe("CloudInstance user data", () => {
  userDataIsSecret(s, "CloudInstance", (userData) => [instance({ userData })]);
});

describe("deleteBeforeReplace: false and a replace-only property the API never reports", () => {
  // Issue 12, item 1: a new userData replaces the instance; with the resource option
  // deleteBeforeReplace: false the engine creates the new one first, while the old one (same
  // ownership label, same name, same region) still runs. The new create must not take the old.
  it("makes a new instance, records it, and deletes the old one", async () => {
    const h = s.harness();
    await h.up(instance({ userData: "#cloud-config\n# v1\n" }, { deleteBeforeReplace: false }));
    const old = s.stored();
    const steps = await h.up(
      instance({ userData: "#cloud-config\n# v2\n" }, { deleteBeforeReplace: false }),
    );
    expect(steps.find((step) => step.urn.endsWith("::app"))?.op).toBe("replace");
    const now = s.stored();
    expect(now.id).not.toBe(old.id);
    const live = await s.sim().control.records("cloud_instances");
    expect(live.map((record) => record.id)).toEqual([now.id]);
    expect(h.stderr.join("\n")).toContain(`not adopting ${old.id}`);
    await h.destroy();
  });
});

describe("CloudInstance reinstall: only with the program's consent", () => {
  reinstallConsent(s, {
    route: "POST /v1/cloud_computing/instances/:id/reinstall",
    program: instance,
    property: "imageId",
    before: AMS1_UBUNTU,
    after: AMS1_DEBIAN,
    afterImport: { labels: { env: "prod", team: "app" } },
    refusal:
      `property imageId value {${AMS1_DEBIAN}} has a problem: changing imageId from "${AMS1_UBUNTU}" to ` +
      `"${AMS1_DEBIAN}" reinstalls the cloud instance, which erases its disk`,
    settled: { imageId: AMS1_DEBIAN, status: "ACTIVE" },
    destroyAfter: true,
  });
});
