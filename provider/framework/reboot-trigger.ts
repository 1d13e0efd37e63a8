// The `rebootTrigger` input of the server kinds (DedicatedServer; CloudInstance may reuse it): any
// text, meaningless to the API; when it changes, `update` reboots the server and waits until it is
// back. The API has no value to compare it with, so it is write-only (diff.ts): the outputs keep
// the value last applied and a change is seen against them. Setting it on create does nothing
// (a new server has just booted), and neither does removing it.
//
// A kind uses it in four places:
//   properties: { [REBOOT_TRIGGER_INPUT]: rebootTriggerRule, ... }
//   check(c):   checkRebootTrigger(c)
//   update:     if (rebootRequested(changes)) record = await rebootAndWait(context, { ... })
//   resource:   `rebootTrigger?: pulumi.Input<string>` in the Args, passed through
import { type Checker, type PropertyBag, shown } from "./check";
import type { PropertyRule } from "./diff";
import type { UpdateContext } from "./kind";
import { isUnknown } from "./unknowns";

export const REBOOT_TRIGGER_INPUT = "rebootTrigger";

/** Changed in place (a reboot); write-only: compared with the value last applied. */
export const rebootTriggerRule: PropertyRule = { rule: "update", writeOnly: true };

/** Any string; anything else is an error (a number would stringify ambiguously). */
export function checkRebootTrigger(c: Checker): void {
  const value = c.news[REBOOT_TRIGGER_INPUT];
  if (value === undefined || value === null || isUnknown(value) || typeof value === "string") {
    return;
  }
  c.fail(
    REBOOT_TRIGGER_INPUT,
    `${REBOOT_TRIGGER_INPUT} must be a string (got ${shown(value)}): any text; ` +
      "changing it reboots the server",
  );
}

/** Whether this update's changes ask for a reboot (the trigger changed to a new value). */
export function rebootRequested(changes: PropertyBag): boolean {
  return changes[REBOOT_TRIGGER_INPUT] !== undefined;
}

export interface RebootSteps<Live extends object> {
  /** Why, for the progress line: "rebootTrigger changed". */
  readonly reason: string;
  /** Asks the API for the reboot. */
  reboot(): Promise<unknown>;
  /** The server is back: powered on and ready (each kind's own rule). */
  isBack(record: Live): boolean;
  /** A reason when the record shows the reboot failed (waiting longer would not help). */
  failure?(record: Live): string | undefined;
}

/**
 * Reboots and waits until the server is back, with the update's timeout and progress lines.
 * The API answers before the power cycle shows in the record on some services; the wait then
 * ends at the first ready record, which is the best the record can tell.
 */
export async function rebootAndWait<Live extends object>(
  context: UpdateContext<Live>,
  steps: RebootSteps<Live>,
): Promise<Live> {
  await steps.reboot();
  // Said once the service accepted the reboot: a kind whose requests are retried while the
  // object is busy would otherwise print it on every attempt.
  context.say(`rebooting (${steps.reason})`);
  return context.waitUntil({
    description: "to be back after the reboot",
    isDone: (record) => steps.isBack(record),
    ...(steps.failure === undefined ? {} : { failure: steps.failure }),
  });
}
