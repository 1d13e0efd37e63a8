// A lost create through the real CLI and the dynamic door (provider/framework/placeholder.ts,
// lost-create.ts): the volume's POST answers a gateway's 504 and the API commits the order long
// after the create stopped looking for it (support/lost-create.ts). The create fails as a
// partial create whose id is a placeholder, `lost-create:<create label>`. @pulumi/pulumi's
// dynamic provider host never asks the engine to Read it before the next update
// (node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js), so a TypeScript program takes the
// order with `pulumi refresh`; an `up` without it stops if the order appeared, or else replaces
// the placeholder, creating first, and deleting the placeholder deletes the order that appeared
// meanwhile.
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { describe, expect, it } from "vitest";
import { type CliResult, expectSuccess } from "../support/cli";
import * as lost from "../support/lost-create";
import { useLane } from "./lane";
import { printed } from "./output";

const bed = useLane(
  "lost-create",
  (sc) => {
    new sc.RbsVolume("data", { name: "lost-create", locationId: 1, flavorId: 1, size: 10 });
  },
  { env: lost.SHORT_WINDOW },
);

const volumes = () => bed.lane.sim.control.records("rbs_volumes");
const recorded = async () => lost.volumeRecord(await bed.lane.state());

/** An Automation API command with the engine's events, checked against the inventory after it. */
async function withSteps(
  run: (onEvent: (event: EngineEvent) => void) => Promise<CliResult>,
): Promise<{ result: CliResult; ops: string[]; said: string }> {
  const events: EngineEvent[] = [];
  const result = expectSuccess(await run((event) => events.push(event)));
  await bed.lane.checked(result);
  return { result, ...lost.volumeSteps(events) };
}

/** `pulumi up` that loses the volume's order; answers the placeholder's create label. */
async function loseCreate(): Promise<string> {
  await bed.lane.sim.control.setFaults(lost.lateVolumeOrder);
  const failed = await bed.lane.stack.up();
  await bed.lane.sim.control.setFaults({});
  expect(failed.code, printed(failed)).not.toBe(0);
  await bed.lane.checked(failed);
  const resource = await recorded();
  const label = lost.placeholderLabel(printed(failed), resource);
  expect(printed(failed)).toContain("TypeScript programs: run `pulumi refresh` before it");
  // The dynamic provider host never sends refresh_before_update.
  expect(resource?.refreshBeforeUpdate).toBeUndefined();
  expect(await volumes()).toEqual([]);
  return label;
}

/** `pulumi destroy`: the volume's one delete, and no volume left. */
async function destroyLeavesNone(): Promise<void> {
  const destroyed = await withSteps((onEvent) => bed.lane.stack.destroy({ onEvent }));
  expect(destroyed.ops).toEqual(["delete"]);
  expect(await volumes()).toEqual([]);
}

describe("a volume order the API commits after the create gave up (real CLI, dynamic door)", () => {
  it("pulumi refresh takes the order's id; up resumes it; one volume; destroy leaves none", async () => {
    const label = await loseCreate();
    await bed.lane.sim.control.advance(lost.PAST_THE_ORDER_MS);
    const refresh = await withSteps((onEvent) => bed.lane.stack.refresh({ onEvent }));
    expect(refresh.ops).toEqual(["refresh"]);
    expect(refresh.said).toContain("has appeared: taking it");
    const order = await lost.orderOf(bed.lane.sim, label);
    expect((await recorded())?.id).toBe(order?.id);
    // The pending create: the up waits for the volume and brings it to the inputs, no create.
    const up = await withSteps((onEvent) => bed.lane.stack.up({ onEvent }));
    expect(up.ops).toEqual(["update"]);
    expect((await recorded())?.initErrors ?? []).toEqual([]);
    expect((await volumes()).map((v) => v.id)).toEqual([order?.id]);
    expectSuccess(await bed.lane.stack.preview({ expectNoChanges: true }));
    await destroyLeavesNone();
  }, 120_000);

  it("up without refresh: the placeholder is replaced, and the order that appears meanwhile deleted", async () => {
    const label = await loseCreate();
    // A refresh before the order appeared keeps the placeholder: the Read answers it again, as
    // a plain answer (the dynamic host has no partial Read), so the init error is gone and the
    // placeholder id alone makes the next up replace it.
    const placeholder = await recorded();
    const refresh = await withSteps((onEvent) => bed.lane.stack.refresh({ onEvent }));
    expect(refresh.ops).toEqual(["refresh"]);
    const refreshed = await recorded();
    expect(refreshed?.id).toBe(placeholder?.id);
    expect(refreshed?.initErrors).toBeUndefined();
    // The lost order is committed while the replacement is created.
    await bed.lane.sim.control.setFaults(lost.holdReplacement);
    const running = withSteps((onEvent) => bed.lane.stack.up({ onEvent }));
    const replacement = await lost.commitDuringReplacement(bed.lane.sim, label);
    const { result, ops, said } = await running;
    // Created first (the diff says so: lost-create.ts, diffLost), then the placeholder's delete
    // finds the order by its create label.
    expect(ops).toEqual(["create-replacement", "replace", "delete-replaced"]);
    expect(result.stdout).toContain("+-1 replaced");
    expect(said).toContain("its order has not been found: this `up` orders again");
    expect(said).toContain("has appeared: deleting it");
    expect(await lost.orderOf(bed.lane.sim, label)).toBeUndefined();
    expect((await volumes()).map((v) => v.id)).toEqual([replacement.id]);
    expect((await recorded())?.id).toBe(replacement.id);
    await destroyLeavesNone();
  }, 120_000);

  it("the order appeared before an up without refresh: the up stops, asking for the refresh", async () => {
    const label = await loseCreate();
    await bed.lane.sim.control.advance(lost.PAST_THE_ORDER_MS);
    // The diff looks for the order before replacing, finds it, and stops the up rather than
    // order again and delete it (lost-create.ts, hasAppeared and updateLost).
    const stopped = await bed.lane.stack.up();
    expect(stopped.code, printed(stopped)).not.toBe(0);
    await bed.lane.checked(stopped);
    const order = await lost.orderOf(bed.lane.sim, label);
    expect(printed(stopped)).toContain(
      `has appeared as ${order?.id}: run \`pulumi refresh\` to take it`,
    );
    expect((await volumes()).map((v) => v.id)).toEqual([order?.id]);
    // `up --refresh` Reads it first, takes it and resumes it.
    const { ops } = await withSteps((onEvent) => bed.lane.stack.up({ refresh: true, onEvent }));
    expect(ops).toEqual(["refresh", "update"]);
    expect((await recorded())?.id).toBe(order?.id);
    expect((await volumes()).map((v) => v.id)).toEqual([order?.id]);
    await destroyLeavesNone();
  }, 120_000);
});
