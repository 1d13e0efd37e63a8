// What the lost-create suites of both doors share (test/cli/yaml/lost-create.test.ts,
// test/cli/typescript/lost-create.test.ts): one RbsVolume `data` whose POST is answered with a
// gateway's 504 and committed by the API long after the create stopped looking for it (the
// simulator's lateCommit fault, on its clock); the placeholder the failed `up` records; the
// volume's steps and the provider's words in a command's engine events.
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { expect, vi } from "vitest";
import { CREATE_LABEL_KEY } from "../../../provider/framework/ownership";
import { PLACEHOLDER_PREFIX } from "../../../provider/framework/placeholder";
import type { FaultOptions, Simulator } from "../../../simulator";
import { createsHeld } from "../../support/held-create";
import { cliSteps } from "../harness/journal";
import type { ExportedResource, ExportedState } from "./state";

export const VOLUMES = "/v1/remote_block_storage/volumes";
const DAY_MS = 86_400_000;
/** When the API commits the lost order, in simulated time: far past any command of a test. */
const LATE_MS = 30 * DAY_MS;
/** What the suites advance the simulator's clock by for the order to appear. */
export const PAST_THE_ORDER_MS = LATE_MS + DAY_MS;

/** The create looks for its order for 1 s (real time) instead of 5 minutes. */
export const SHORT_WINDOW = { SERVERSCOM_LATE_COMMIT_WINDOW_MS: "1000" };

/** The next volume POST is answered 504 and applied LATE_MS later. */
export const lateVolumeOrder: FaultOptions = {
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
};

/**
 * Makes the lost order appear while the `up` under way (started just before, its POST faults
 * set by `holdReplacement`) creates the replacement: the replacement's volume is held coming up,
 * the clock moves past the order's commit, which the replacement's next poll applies, and the
 * hold is released. Answers the replacement's volume.
 */
export async function commitDuringReplacement(sim: Simulator, createLabel: string) {
  const wait = { timeout: 60_000, interval: 50 };
  const replacement = await vi.waitFor(async () => {
    const [made] = await sim.control.records("rbs_volumes");
    if (made === undefined) throw new Error("no replacement ordered yet");
    return made;
  }, wait);
  expect(replacement.labels).not.toMatchObject({ [CREATE_LABEL_KEY]: createLabel });
  await sim.control.advance(PAST_THE_ORDER_MS);
  await vi.waitFor(async () => {
    if ((await orderOf(sim, createLabel)) === undefined) throw new Error("no late order yet");
  }, wait);
  await sim.control.setFaults({});
  return replacement;
}

/** The faults for commitDuringReplacement: the next volume POST's transitions are held. */
export const holdReplacement: FaultOptions = createsHeld(VOLUMES);

/** The volume's record in an exported state, with the fields the engine keeps for it. */
export function volumeRecord(state: ExportedState): ExportedResource | undefined {
  return state.raw.deployment?.resources?.find((r) => r.urn.endsWith("RbsVolume::data"));
}

/**
 * Checks what a failed `up` printed and recorded for a lost create (the create's own words, the
 * placeholder id, one init error naming it) and answers the placeholder's create label.
 */
export function placeholderLabel(printed: string, recorded: ExportedResource | undefined): string {
  expect(printed).toContain("no RBS volume it made appeared within 1 s");
  const id = recorded?.id ?? "";
  expect(id.startsWith(PLACEHOLDER_PREFIX), id).toBe(true);
  expect(printed).toContain(`The state records this resource as waiting for it (id ${id})`);
  expect(recorded?.initErrors).toHaveLength(1);
  expect(recorded?.initErrors?.[0]).toContain(id);
  return id.slice(PLACEHOLDER_PREFIX.length);
}

/** The live volume carrying `createLabel`, if any. */
export async function orderOf(sim: Simulator, createLabel: string) {
  return (await sim.control.records("rbs_volumes")).find(
    (v) => (v.labels as Record<string, string> | undefined)?.[CREATE_LABEL_KEY] === createLabel,
  );
}

/**
 * The volume's steps as the engine started them, and what the provider said (its diagnostics:
 * the CLI's display of a `preview --diff` can end before it prints a Read's message).
 */
export function volumeSteps(events: readonly EngineEvent[]): { ops: string[]; said: string } {
  const ops = cliSteps(events)
    .filter((step) => step.resource === "RbsVolume::data")
    .map((step) => step.op);
  const said = events.map((event) => event.diagnosticEvent?.message ?? "").join("");
  return { ops, said };
}
