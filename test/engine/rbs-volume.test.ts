// RbsVolume's own tests through the real provider host and the native plugin, driven like
// `pulumi up` / `refresh` / `destroy`: an import under another resource's name, failures, the
// plugin's handshake, what a preview hands the program. Its lifecycle is a row of the engine
// lifecycle table (kinds.ts). Needs a current dist/ (npm test builds it first).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ownerLabelForUrn } from "../../provider/framework/ownership";
import { PluginHost } from "../../scripts/engine/plugin";
import { createsHeld } from "../support/held-create";
import { lostAnswerUnderSpentBudget } from "../support/lost-answer-faults";
import type { Program } from "./harness";
import { EngineHarness, OperationFailed } from "./harness";
import { scenarioOf } from "./kinds";
import { rbsVolume as volume } from "./programs";
import { engineScenario } from "./scenario";

const TYPE = "pulumi-nodejs:dynamic/serverscom:RbsVolume";

const s = engineScenario(scenarioOf("RbsVolume"));

/** A harness of the test's own, on the scenario's simulator: each command its own host. */
const ownHarness = (door: "dynamic" | "plugin", stack: string, env: Record<string, string> = {}) =>
  new EngineHarness({
    door,
    projectDir: join(__dirname, "project"),
    project: "engine-harness",
    stack,
    config: {
      "serverscom:apiToken": { value: s.sim().token, secret: true },
      "serverscom:apiUrl": { value: s.sim().url },
    },
    env: { SERVERSCOM_POLL_INTERVAL_MS: "5", ...env },
  });

describe("an import of an RbsVolume another resource owns", () => {
  // Issue 25, item 4.
  s.each(
    "is refused, naming the owner's hash and how to release it; its own import passes",
    async () => {
      await s.harness().up(volume({ labels: { env: "prod" } }));
      const resource = s.stored();
      const other = resource.urn.replace(/::data$/, "::copy");
      const error = await s.importAs(other).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      const message = (error as Error).message;
      // The owner: the hash of the resource's URN under the plugin's type token.
      const owner = ownerLabelForUrn(
        resource.urn.replace("pulumi-nodejs:dynamic/serverscom:", "serverscom:index:"),
      );
      expect(message).toContain(`pulumi-serverscom/owner=${owner}`);
      expect(message).toContain("pulumi state delete");
      expect(message).toContain(resource.id);
      // The resource's own URN (a re-import of its own object) is no takeover.
      await expect(s.importAs(resource.urn)).resolves.toMatchObject({ id: resource.id });
      await s.harness().destroy();
    },
    undefined,
    ["plugin"],
  );
});

describe("failures through the engine", () => {
  it("a check failure fails the up with the rule, and records nothing", async () => {
    const error = await s
      .harness()
      .up(volume({ size: 5000 }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperationFailed);
    expect((error as Error).message).toBe(
      `${TYPE} resource 'data': property size value {5000} has a problem: size must be at most 2048 GB (got 5000 GB)`,
    );
    expect(s.harness().state.size).toBe(0);
  });

  it("a partial create's error names the object that was made", async () => {
    // Its creation held (createsHeld): the volume is surely still creating when the 1 ms ends.
    await s.sim().control.setFaults(createsHeld("/v1/remote_block_storage/volumes"));
    const error = await s
      .harness()
      .up(volume({}, { customTimeouts: { create: "1ms" } }))
      .catch((e: unknown) => e);
    await s.sim().control.setFaults({});
    const partial = s.stored();
    // In the engine's words (InitError.Error(), host.ts initErrorText): one bullet per reason.
    const message = (error as OperationFailed).errors[0]?.message ?? "";
    expect(
      message.startsWith(
        `1 error occurred:\n\t* serverscom:RbsVolume data (${partial.id}) was created but is not ready: `,
      ),
      message,
    ).toBe(true);
    expect(partial.outputs).toMatchObject({ status: "creating" });
    await s.harness().up(volume());
    await s.harness().destroy();
  });

  // Issue 25 (the soak's last duplicates): the create's answer is lost after the API applied
  // it, and an answer before it said the request budget is spent until tomorrow but for that
  // POST. The look-up for this create's label must still go: refused, it failed the create with
  // nothing recorded, and the next `up` ordered a second volume. Each command starts its own
  // provider host, as each `pulumi` command does, so the budget learnt dies with the first.
  s.each("a lost create answer whose look-up the budget would refuse is taken", async (door) => {
    const h = ownHarness(door, "lost-answer", { SERVERSCOM_LATE_COMMIT_WINDOW_MS: "3000" });
    await s.sim().control.setFaults(lostAnswerUnderSpentBudget("/v1/remote_block_storage/volumes"));
    const lost = volume({ name: "lost-answer" });
    const error = await h.up(lost).catch((e: unknown) => e);
    await s.sim().control.setFaults({});
    expect(error).toBeInstanceOf(OperationFailed);
    const mine = async () =>
      (await s.sim().control.records("rbs_volumes")).filter((v) => v.name === "lost-answer");
    const [made] = await mine();
    // Found by its create label and recorded (the wait after it was refused by the budget).
    const partial = h.resource(TYPE, "data");
    expect(partial?.id).toBe(made?.id);
    expect(partial?.initErrors).toHaveLength(1);
    expect((error as Error).message).toContain("was created but is not ready");
    // The next `up` (a new process, a new budget) resumes it: still one volume.
    await h.up(lost);
    expect(h.resource(TYPE, "data")?.initErrors).toEqual([]);
    expect((await mine()).map((v) => v.id)).toEqual([made?.id]);
    await h.destroy();
    expect(await mine()).toEqual([]);
  });

  it("through the plugin door each command loads the provider as the engine does", async () => {
    const h = ownHarness("plugin", "dev");
    /** The handshake calls since the last look. */
    const calls = () => PluginHost.calls.splice(0);
    calls();
    // No provider state yet: nothing to DiffConfig against (registry.go:677, :759).
    await h.up(volume());
    expect(calls()).toEqual(["GetPluginInfo", "CheckConfig", "Configure", "Cancel"]);
    await h.up(volume());
    expect(calls()).toEqual(["GetPluginInfo", "CheckConfig", "DiffConfig", "Configure", "Cancel"]);
    // No program: Configure with the state's inputs, no CheckConfig (registry.go:795-869).
    await h.refresh();
    expect(calls()).toEqual(["GetPluginInfo", "Configure", "Cancel"]);
    await h.destroy();
    expect(calls()).toEqual(["GetPluginInfo", "Configure", "Cancel"]);
  });

  it("without a token the error names both ways to set one", async () => {
    const tokenless = new EngineHarness({
      projectDir: join(__dirname, "project"),
      project: "engine-harness",
      stack: "dev",
      config: { "serverscom:apiUrl": { value: s.sim().url } },
    });
    const error = await tokenless.up(volume()).catch((e: unknown) => e);
    expect((error as Error).message).toContain(
      "serverscom: no API token. Set it with `pulumi config set --secret serverscom:apiToken <token>` " +
        "or the SERVERSCOM_API_TOKEN environment variable.",
    );
  });
});

describe("what a preview hands the program", () => {
  /** The volume, recording which of its outputs the program sees known, and their values. */
  const watched =
    (seen: Record<string, unknown>, size: number): Program =>
    (serverscom) => {
      const v = new serverscom.RbsVolume("data", { locationId: 1, flavorId: 1, size });
      // An unknown output runs no apply in a preview: what stays unset was unknown.
      v.size.apply((value: unknown) => {
        seen.size = value;
      });
      v.status.apply((value: unknown) => {
        seen.status = value;
      });
    };

  s.each("a previewed update: the new inputs, and the door's preview answer", async (door) => {
    const h = s.harness();
    await h.up(volume());
    const seen: Record<string, unknown> = {};
    const { steps } = await h.preview(watched(seen, 200));
    expect(steps.map((step) => step.op)).toEqual(["update"]);
    expect(seen.size).toBe(200);
    if (door === "dynamic") {
      // The engine answers for the dynamic host (no supportsPreview): inputs only, the rest
      // unknown (provider_plugin.go:1748), not the old outputs.
      expect(seen).not.toHaveProperty("status");
    }
    // A Same step hands the old outputs.
    const same: Record<string, unknown> = {};
    await h.preview(watched(same, 100));
    expect(same).toMatchObject({ size: 100, status: "active" });
    await h.destroy();
  });
});
