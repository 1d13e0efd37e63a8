// A lost create through the real CLI and the native plugin (provider/framework/placeholder.ts,
// lost-create.ts): the volume's POST answers a gateway's 504 and the API commits the order long
// after the create stopped looking for it (support/lost-create.ts). The create fails as a partial
// create whose id is a placeholder, `lost-create:<create label>`, with refresh_before_update; the
// CLI Reads the resource before the next preview, up and destroy (pulumi/pulumi v3.274.1
// pkg/resource/deploy/deployment_executor.go:188-195), and the Read answers the order's real id
// once it appeared. Otherwise the next `up` replaces the placeholder, creating first, and
// deleting the placeholder deletes the order, should it have appeared meanwhile; an order
// that appeared before an `up` that did not Read it stops that `up`, asking for a refresh.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CREATE_LABEL_KEY } from "../../../provider/framework/ownership";
import { type CliResult, expectSuccess } from "../support/cli";
import { readEventLog } from "../support/event-log";
import * as lost from "../support/lost-create";
import { oneVolume } from "./program";
import { useYamlStack } from "./stack";

// The event logs need PULUMI_DEBUG_COMMANDS (support/event-log.ts).
const bed = useYamlStack(
  "yaml-lost-create",
  () => oneVolume("lost-create"),
  {},
  { ...lost.SHORT_WINDOW, PULUMI_DEBUG_COMMANDS: "true" },
);

const volumes = () => bed.sim.control.records("rbs_volumes");
const recorded = async () => lost.volumeRecord(await bed.stack.state());

/** A command with its event log, checked against the inventory after it. */
async function withSteps(
  args: readonly string[],
  env?: Readonly<Record<string, string>>,
): Promise<{ result: CliResult; ops: string[]; said: string }> {
  const log = join(bed.root, `events-${Date.now()}.json`);
  const result = expectSuccess(await bed.stack.run([...args, "--event-log", log], undefined, env));
  return { result, ...lost.volumeSteps(readEventLog(log)) };
}

/**
 * The CLI's switch for refresh_before_update: it drops the flag from what the plugin answers
 * (pulumi/pulumi v3.274.1 pkg/resource/plugin/provider_plugin.go:62, :1534), so the state does
 * not record it; a resource the state already flags is still Read first
 * (deploy/deployment_executor.go:188-195).
 */
const NO_REFRESH_BEFORE_UPDATE = { PULUMI_DISABLE_REFRESH_BEFORE_UPDATE: "true" };

/** `pulumi up` that loses the volume's order; answers the placeholder's create label. */
async function loseCreate(env?: Readonly<Record<string, string>>): Promise<string> {
  await bed.sim.control.setFaults(lost.lateVolumeOrder);
  const failed = await bed.stack.run(["up", "--yes"], ["RbsVolume"], env);
  await bed.sim.control.setFaults({});
  expect(failed.code).not.toBe(0);
  const resource = await recorded();
  const label = lost.placeholderLabel(`${failed.stdout}\n${failed.stderr}`, resource);
  // What the engine records for a partial create that asked for a Read first
  // (pulumi/pulumi v3.274.1 pkg/resource/deploy/step.go:493-514).
  expect(resource?.refreshBeforeUpdate).toBe(env === NO_REFRESH_BEFORE_UPDATE ? undefined : true);
  expect(await volumes()).toEqual([]);
  return label;
}

describe("a volume order the API commits after the create gave up (real CLI, native plugin)", () => {
  it("the next preview and up Read the placeholder first and take the order: no second order", async () => {
    const label = await loseCreate();
    await bed.sim.control.advance(lost.PAST_THE_ORDER_MS);
    // The Read before the preview finds the order (its list applies the late commit) and
    // answers its id: the preview plans an update of it (the pending create), no create.
    const preview = await withSteps(["preview", "--diff"]);
    expect(preview.ops).toEqual(["refresh", "update"]);
    expect(preview.result.stdout).toContain("~ 1 to update");
    expect(preview.said).toContain("has appeared: taking it");
    const [order] = await volumes();
    expect(order?.labels).toMatchObject({ [CREATE_LABEL_KEY]: label });
    expect(preview.result.stdout).toContain(`[id=${order?.id}]`);
    const up = await withSteps(["up", "--yes"]);
    expect(up.ops).toEqual(["refresh", "update"]);
    expect(up.result.stdout).toContain("~ 1 updated");
    const resource = await recorded();
    expect(resource?.id).toBe(order?.id);
    expect(resource?.initErrors ?? []).toEqual([]);
    expect(resource?.refreshBeforeUpdate).toBeUndefined();
    expect((await volumes()).map((v) => v.id)).toEqual([order?.id]);
    expectSuccess(await bed.stack.run(["up", "--yes", "--expect-no-changes"]));
    expectSuccess(await bed.stack.run(["destroy", "--yes"]));
    expect(await volumes()).toEqual([]);
  }, 120_000);

  it("not appeared yet: the up replaces the placeholder, and deletes the order that appears meanwhile", async () => {
    const label = await loseCreate();
    // A refresh before the order appeared keeps the placeholder, its init error and its flag
    // (native/resources.ts answers a partial Read again), and the engine warns.
    const placeholder = await recorded();
    const refresh = await withSteps(["refresh", "--yes"]);
    expect(refresh.ops).toEqual(["refresh"]);
    expect(refresh.result.stdout).toContain("Refreshed resource is in an unhealthy state");
    const refreshed = await recorded();
    expect(refreshed?.id).toBe(placeholder?.id);
    expect(refreshed?.refreshBeforeUpdate).toBe(true);
    expect(refreshed?.initErrors).toHaveLength(1);
    // The lost order is committed while the replacement is created, so it is there when the
    // engine deletes the placeholder, after the replacement's create.
    await bed.sim.control.setFaults(lost.holdReplacement);
    const running = withSteps(["up", "--yes"]);
    const replacement = await lost.commitDuringReplacement(bed.sim, label);
    const { result, ops, said } = await running;
    // Created first (lost-create.ts, diffLost): the native door's diffs otherwise advise
    // deleting first, and the placeholder's delete then ran before the order appeared.
    expect(ops).toEqual(["refresh", "create-replacement", "replace", "delete-replaced"]);
    expect(said).toContain(
      "its order has not been found: this `up` orders again, and deletes that order should it " +
        "appear meanwhile",
    );
    expect(said).toContain("has appeared: deleting it");
    expect(result.stdout).toContain("+-1 replaced");
    // One volume, the replacement, recorded; the late order is gone (the inventory found no
    // orphan either).
    expect((await volumes()).map((v) => v.id)).toEqual([replacement.id]);
    expect((await recorded())?.id).toBe(replacement.id);
    expectSuccess(await bed.stack.run(["destroy", "--yes"]));
    expect(await volumes()).toEqual([]);
  }, 120_000);

  it("destroy of a placeholder whose order appeared Reads it first and deletes it: nothing left", async () => {
    const label = await loseCreate();
    await bed.sim.control.advance(lost.PAST_THE_ORDER_MS);
    const { result, ops, said } = await withSteps(["destroy", "--yes"]);
    // The Read takes the order's id, and the delete deletes the order itself.
    expect(ops).toEqual(["refresh", "delete"]);
    expect(said).toContain("has appeared: taking it");
    expect(result.stdout).toContain("- 2 deleted");
    expect(await lost.orderOf(bed.sim, label)).toBeUndefined();
    expect(await volumes()).toEqual([]);
    expect((await bed.stack.state()).resources).toEqual([]);
  }, 120_000);

  it("with PULUMI_DISABLE_REFRESH_BEFORE_UPDATE the up stops at the order, as in TypeScript", async () => {
    const label = await loseCreate(NO_REFRESH_BEFORE_UPDATE);
    await bed.sim.control.advance(lost.PAST_THE_ORDER_MS);
    // No Read first: the diff looks for the order before replacing, finds it, and stops the up
    // rather than order again and delete it (lost-create.ts, hasAppeared and updateLost).
    const stopped = await bed.stack.run(["up", "--yes"], ["RbsVolume"], NO_REFRESH_BEFORE_UPDATE);
    expect(stopped.code).not.toBe(0);
    const order = await lost.orderOf(bed.sim, label);
    expect(`${stopped.stdout}\n${stopped.stderr}`).toContain(
      `has appeared as ${order?.id}: run \`pulumi refresh\` to take it`,
    );
    expect((await volumes()).map((v) => v.id)).toEqual([order?.id]);
    // `up --refresh` Reads it first, and takes it.
    const { ops } = await withSteps(["up", "--yes", "--refresh"], NO_REFRESH_BEFORE_UPDATE);
    expect(ops).toEqual(["refresh", "update"]);
    expect((await recorded())?.id).toBe(order?.id);
    expect((await volumes()).map((v) => v.id)).toEqual([order?.id]);
    expectSuccess(await bed.stack.run(["destroy", "--yes"]));
    expect(await volumes()).toEqual([]);
  }, 120_000);
});
