// A lost create through the real CLI and the dynamic door (provider/framework/placeholder.ts,
// lost-create.ts): the volume's POST answers a gateway's 504 and the API commits the order long
// after the create stopped looking for it (the simulator's lateCommit fault, on its clock). The
// create fails as a partial create whose id is a placeholder, `lost-create:<create label>`.
// @pulumi/pulumi's dynamic provider host never asks the engine to Read it before the next update
// (node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js), so a TypeScript program takes the
// order with `pulumi refresh`; an `up` without it replaces the placeholder, and deleting the
// placeholder deletes the order that appeared.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREATE_LABEL_KEY } from "../../../provider/framework/ownership";
import { PLACEHOLDER_PREFIX } from "../../../provider/framework/placeholder";
import { cliSteps } from "../harness/journal";
import { type CliResult, expectSuccess } from "../support/cli";
import { type Lane, startLane } from "./lane";
import { printed } from "./output";

const VOLUMES = "/v1/remote_block_storage/volumes";
const DAY_MS = 86_400_000;
/** When the API commits the lost order, in simulated time: far past any command of a test. */
const LATE_MS = 30 * DAY_MS;

let lane: Lane;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "serverscom-cli-lost-create-"));
  lane = await startLane({
    root,
    project: "lost-create",
    program: (sc) => {
      new sc.RbsVolume("data", { name: "lost-create", locationId: 1, flavorId: 1, size: 10 });
    },
    // The create looks for its order for 1 s (real time) instead of 5 minutes.
    env: { SERVERSCOM_LATE_COMMIT_WINDOW_MS: "1000" },
  });
});

afterAll(async () => {
  await lane?.close();
  rmSync(root, { recursive: true, force: true });
});

const volumes = () => lane.sim.control.records("rbs_volumes");

/** The volume's record in the exported state, with the fields the engine keeps for it. */
async function recorded() {
  const all = (await lane.state()).raw.deployment?.resources ?? [];
  return all.find((resource) => resource.urn.endsWith("RbsVolume::data"));
}

/** The live volume carrying `createLabel`, if any. */
async function orderOf(createLabel: string) {
  return (await volumes()).find(
    (v) => (v.labels as Record<string, string> | undefined)?.[CREATE_LABEL_KEY] === createLabel,
  );
}

/**
 * An Automation API command with the engine's events, checked against the inventory after it:
 * the volume's steps as the engine started them, and what the provider said.
 */
async function withSteps(
  run: (onEvent: (event: EngineEvent) => void) => Promise<CliResult>,
): Promise<{ result: CliResult; ops: string[]; said: string }> {
  const events: EngineEvent[] = [];
  const result = expectSuccess(await run((event) => events.push(event)));
  await lane.checked(result);
  const ops = cliSteps(events)
    .filter((step) => step.resource === "RbsVolume::data")
    .map((step) => step.op);
  const said = events.map((event) => event.diagnosticEvent?.message ?? "").join("");
  return { result, ops, said };
}

/**
 * `pulumi up` whose volume POST is answered 504 and committed LATE_MS later: the update fails
 * and the state records the placeholder. Answers the placeholder's create label.
 */
async function loseCreate(): Promise<string> {
  await lane.sim.control.setFaults({
    rules: [
      {
        kind: "lateCommit",
        probability: 1,
        times: 1,
        method: "POST",
        path: VOLUMES,
        delayMs: LATE_MS,
      },
    ],
  });
  const failed = await lane.stack.up();
  await lane.sim.control.setFaults({});
  expect(failed.code, printed(failed)).not.toBe(0);
  await lane.checked(failed);
  expect(printed(failed)).toContain("no RBS volume it made appeared within 1 s");
  const resource = await recorded();
  const id = resource?.id ?? "";
  expect(id.startsWith(PLACEHOLDER_PREFIX), id).toBe(true);
  expect(printed(failed)).toContain(`The state records this resource as waiting for it (id ${id})`);
  expect(printed(failed)).toContain("TypeScript programs: run `pulumi refresh` before it");
  expect(resource?.initErrors).toHaveLength(1);
  // The dynamic provider host never sends refresh_before_update.
  expect(resource?.refreshBeforeUpdate).toBeUndefined();
  expect(await volumes()).toEqual([]);
  return id.slice(PLACEHOLDER_PREFIX.length);
}

describe("a volume order the API commits after the create gave up (real CLI, dynamic door)", () => {
  it("pulumi refresh takes the order's id; up resumes it; one volume; destroy leaves none", async () => {
    const label = await loseCreate();
    await lane.sim.control.advance(LATE_MS + DAY_MS);
    const refresh = await withSteps((onEvent) => lane.stack.refresh({ onEvent }));
    expect(refresh.ops).toEqual(["refresh"]);
    expect(refresh.said).toContain("has appeared: taking it");
    const order = await orderOf(label);
    expect((await recorded())?.id).toBe(order?.id);
    // The pending create: the up waits for the volume and brings it to the inputs, no create.
    const up = await withSteps((onEvent) => lane.stack.up({ onEvent }));
    expect(up.ops).toEqual(["update"]);
    expect((await recorded())?.initErrors ?? []).toEqual([]);
    expect((await volumes()).map((v) => v.id)).toEqual([order?.id]);
    expectSuccess(await lane.stack.preview({ expectNoChanges: true }));
    const destroyed = await withSteps((onEvent) => lane.stack.destroy({ onEvent }));
    expect(destroyed.ops).toEqual(["delete"]);
    expect(await volumes()).toEqual([]);
  }, 120_000);

  it("up without refresh: the placeholder is replaced, the order that appeared deleted", async () => {
    const label = await loseCreate();
    await lane.sim.control.advance(LATE_MS + DAY_MS);
    const { result, ops, said } = await withSteps((onEvent) => lane.stack.up({ onEvent }));
    // Created first (the diff says so: lost-create.ts, diffLost), then the placeholder's delete
    // finds the order by its create label.
    expect(ops).toEqual(["create-replacement", "replace", "delete-replaced"]);
    expect(result.stdout).toContain("+-1 replaced");
    expect(said).toContain("its order has not been found: this `up` orders again");
    expect(said).toContain("has appeared: deleting it");
    expect(await orderOf(label)).toBeUndefined();
    const [only, ...others] = await volumes();
    expect(others).toEqual([]);
    expect((await recorded())?.id).toBe(only?.id);
    const destroyed = await withSteps((onEvent) => lane.stack.destroy({ onEvent }));
    expect(destroyed.ops).toEqual(["delete"]);
    expect(await volumes()).toEqual([]);
  }, 120_000);
});
