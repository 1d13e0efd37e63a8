// SbmServer through the real provider host, driven like `pulumi up` / `refresh` / `destroy`.
// Needs a current dist/ (npm test builds it first; alone: npm run build).
import { describe, expect, it } from "vitest";
import type { Simulator } from "../../simulator";
import type { Program } from "./harness";
import { reinstallConsent } from "./reinstall-consent";
import { engineScenario } from "./scenario";

const SBM_01 = 601;
const SBM_02 = 602;
const UBUNTU_24 = 302;
const DEBIAN_12 = 303;

const server =
  (args: Record<string, unknown> = {}, opts: Record<string, unknown> = {}): Program =>
  (serverscom) => {
    new serverscom.SbmServer(
      "web",
      {
        locationId: 1,
        sbmFlavorModelId: SBM_01,
        operatingSystemId: UBUNTU_24,
        hostname: "web-1",
        labels: { env: "prod" },
        ...args,
      },
      opts,
    );
  };

const s = engineScenario({
  kind: "SbmServer",
  name: "web",
  // An installation takes 10 simulated minutes, 200 ms: the 1 ms create timeout fails for sure.
  simulator: { speed: 3000, durations: { sbm_install: 600_000 } },
});

const replaced = server({ sbmFlavorModelId: SBM_02 });
const HOUR = 60 * 60_000;

/** The servers whose release is not scheduled. */
async function liveServers(sim: Simulator) {
  return (await sim.control.records("sbm_servers")).filter(
    (r) => r.scheduled_release_at === null || r.scheduled_release_at === undefined,
  );
}

describe("an SbmServer through the engine's steps", () => {
  s.up(server(), (resource) => {
    expect(resource.outputs).toMatchObject({
      status: "active",
      operationalStatus: "normal",
      title: "web-1",
      sbmFlavorModelId: SBM_01,
      operatingSystemId: UBUNTU_24,
      labels: { env: "prod" },
    });
  });
  s.noChange(server());
  s.replacements({
    program: (opts) => server({}, opts),
    newObject: true,
    count: async (sim) =>
      (await sim.control.records("sbm_servers")).filter(
        (r) => r.scheduled_release_at === null || r.scheduled_release_at === undefined,
      ).length,
  });
  s.noChangeAfterRebuild(server());
  s.inPlace(server({ labels: { env: "staging" } }), (resource) => {
    expect(resource.outputs.labels).toEqual({ env: "staging" });
  });
  s.replace(replaced, async (resource, sim) => {
    expect(resource.outputs).toMatchObject({ sbmFlavorModelName: "SBM-02", status: "active" });
    const live = await liveServers(sim);
    expect(live.map((r) => r.id)).toEqual([resource.id]);
  });
  s.drift(
    replaced,
    async (resource, sim) => {
      const record = await sim.control.peek("sbm_servers", resource.id);
      const labels = { ...(record?.labels as Record<string, string>), env: "changed-by-hand" };
      await sim.control.patch("sbm_servers", resource.id, { labels });
    },
    (resource) => {
      expect(resource.outputs.labels).toEqual({ env: "changed-by-hand" });
    },
  );
  s.deletedOutside(replaced, async (resource, sim) => {
    await sim.control.remove("sbm_servers", resource.id);
  });
  // The service releases an SBM server at the end of its billing hour: destroy ends once the
  // release is scheduled (it did not wait: the server is still there), and the server goes at
  // that time.
  s.destroy(async (sim, last) => {
    const released = await sim.control.peek("sbm_servers", last.id);
    expect(released?.scheduled_release_at).toMatch(/Z$/);
    await sim.control.advance(HOUR);
    expect(await sim.control.peek("sbm_servers", last.id)).toBeUndefined();
  });
  s.failedCreate({
    failing: server({}, { customTimeouts: { create: "1ms" } }),
    partial: true,
    resume: server(),
    count: async (sim) => (await liveServers(sim)).length,
  });
});

describe("SbmServer user data", () => {
  const userData = "#cloud-config\nchpasswd: { list: 'root:plain-user-data-secret' }\n";
  let stateText = "";

  it("is a secret output", async () => {
    // The server from the suite above gets user data: a reinstall, confirmed by a change of the
    // trigger, which an up records first (one the state never recorded confirms nothing).
    await s.harness().up(server({ reinstallTrigger: "first" }));
    await s.harness().up(server({ userData, reinstallTrigger: "user-data" }));
    expect(s.stored().additionalSecretOutputs).toContain("userData");
    stateText = s.harness().stateText();
    await s.harness().destroy();
  });

  // The engine seals additionalSecretOutputs only (pkg/resource/deploy/step_executor.go):
  // registration() wraps the input of the same name in pulumi.secret so it is sealed too.
  it("plain user data never reaches the stored state in clear", () => {
    expect(stateText).toContain("serverscom:SbmServer");
    expect(stateText).not.toContain("plain-user-data-secret");
  });
});

describe("SbmServer reinstall: only with the program's consent", () => {
  reinstallConsent(s, {
    route: "POST /v1/hosts/sbm_servers/:id/reinstall",
    base: server(),
    recorded: server({ reinstallTrigger: "2026-11-01" }),
    unconfirmed: server({ operatingSystemId: DEBIAN_12 }),
    confirmed: server({ operatingSystemId: DEBIAN_12, reinstallTrigger: "2026-11-24" }),
    again: server({ operatingSystemId: UBUNTU_24, reinstallTrigger: "2026-11-24" }),
    // The README's import recipe: user data written into the generated code is taken as declared.
    afterImport: server({
      operatingSystemId: DEBIAN_12,
      labels: { env: "prod", team: "web" },
      userData: "#cloud-config\n# given after the import\n",
      reinstallTrigger: "2026-12-01",
    }),
    changeAfterImport: server({ operatingSystemId: UBUNTU_24, reinstallTrigger: "2026-12-01" }),
    importedOutputs: {
      operatingSystemId: DEBIAN_12,
      labels: { env: "prod", team: "web" },
      userData: "#cloud-config\n# given after the import\n",
    },
    property: "operatingSystemId",
    before: UBUNTU_24,
    refusal:
      "property operatingSystemId value {303} has a problem: changing operatingSystemId from 302 to 303 " +
      "reinstalls the SBM server, which erases its drives",
    againRefusal: /changing operatingSystemId from 303 to 302/,
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
