// The `reinstallTrigger` input of the server kinds (DedicatedServer, SbmServer) and of
// CloudInstance: any text, meaningless to the API, whose change is the program's consent to a
// reinstall. A reinstall erases a server's drives, so a change that needs one (a new operating
// system; for an SBM server also a new host name, SSH keys or user data, which its API applies
// only by reinstalling; for a cloud instance a new image, which rewrites its disk) is refused by
// `check`, before any request, unless `reinstallTrigger` changes in the same update. The refusal
// names the property, what the reinstall would erase, and how to confirm.
//
// Shaped like `rebootTrigger` (reboot-trigger.ts): a string, write-only (the outputs keep the
// value last applied, and a change is seen against them). Unlike it, the trigger only confirms:
// changing it alone reinstalls nothing (the update records it). Only a change of a RECORDED
// trigger is consent (issue 25, item 1): a trigger the state never recorded (a server created or
// imported without one, a state written before the kind had a trigger) is recorded by the update
// that first carries it and confirms nothing, even when it comes with a new operating system.
// Setting it on create needs no reinstall (a new server has no data), and a change that replaces
// the server (a new location or model) needs no consent: the preview shows the replacement.
//
// Three places, all before any request:
// - `check` compares the old and new inputs and fails, also in preview, on a reinstall the
//   recorded trigger does not confirm;
// - `diff` (lifecycle.ts) prints, in preview and in `up`, a line saying in words that the update
//   reinstalls the server and what it erases, whenever a confirmed reinstall input changes: the
//   dynamic provider host forwards no detailed diff, so the preview itself cannot label an update
//   "reinstall";
// - `update` compares the live server with the inputs, which differ from the old inputs after a
//   change made outside Pulumi: it refuses a reinstall the trigger did not confirm in this very
//   update (`reinstallConsented`; the framework passes a never-recorded trigger as no change).
//
// A kind uses it in four places:
//   properties: { [REINSTALL_TRIGGER_INPUT]: reinstallTriggerRule, ... }
//   reinstall:  { noun, erases, inputs, properties } (the kind's ReinstallConsent)
//   check(c):   checkReinstallTrigger(c, <that consent>)
//   update:     if (<a reinstall is needed> && !reinstallConsented(changes)) throw refusal(...)
//   resource:   `reinstallTrigger?: pulumi.Input<string>` in the Args, passed through
import { type Checker, type PropertyBag, shown } from "./check";
import {
  changedProperties,
  desiredValue,
  jsonEqual,
  type PropertyRule,
  type PropertyRules,
} from "./diff";
import { unrecordedOf } from "./hidden";
import { containsUnknown, isUnknown } from "./unknowns";

export const REINSTALL_TRIGGER_INPUT = "reinstallTrigger";

/**
 * Write-only: compared with the value last applied; a change alone is recorded, not sent. A
 * confirmation: a value never recorded before confirms nothing (diff.ts).
 */
export const reinstallTriggerRule: PropertyRule = {
  rule: "update",
  writeOnly: true,
  confirmation: true,
};

/** One input whose change reinstalls the server. */
export interface ReinstallInput {
  /** Why changing it needs a reinstall, when that is not obvious ("the API ... only ..."). */
  readonly why?: string;
  /** The values may be shown in the message (not for user data or other secrets). */
  readonly showValues?: boolean;
}

export interface ReinstallConsent {
  /** "SBM server". */
  readonly noun: string;
  /** What a reinstall erases: "its drives: the operating system and every file on them". */
  readonly erases: string;
  readonly inputs: Readonly<Record<string, ReinstallInput>>;
  /** The kind's rules: a change to a "replace" property makes a new server (no consent). */
  readonly properties: PropertyRules;
}

/**
 * The trigger's shape, then the consent rule: on an existing server (`olds` present) that is
 * not being replaced, every reinstall input whose value changes fails unless the recorded
 * trigger changes too. Values unknown in preview pass: `check` runs again with known values
 * before the update, so the rule holds before any request either way. Inputs an import never
 * recorded (hidden.ts, UNRECORDED_OUTPUT) are taken as declared: no change.
 */
export function checkReinstallTrigger(c: Checker, consent: ReinstallConsent): void {
  const trigger = c.news[REINSTALL_TRIGGER_INPUT];
  if (
    trigger !== undefined &&
    trigger !== null &&
    !isUnknown(trigger) &&
    typeof trigger !== "string"
  ) {
    c.fail(
      REINSTALL_TRIGGER_INPUT,
      `${REINSTALL_TRIGGER_INPUT} must be a string (got ${shown(trigger)}): any text; ` +
        "changing it confirms a reinstall that erases the server's drives",
    );
    return;
  }
  if (!isExisting(c.olds) || consented(c.olds, c.news) || replaced(consent.properties, c)) return;
  const unrecorded = unrecordedOf(c.olds);
  const recorded = isRecorded(c.olds[REINSTALL_TRIGGER_INPUT]);
  for (const [name, input] of Object.entries(consent.inputs)) {
    if (unrecorded.includes(name)) continue;
    const rule = consent.properties[name] ?? { rule: "update" };
    const wanted = desiredValue(name, rule, c.news);
    if (wanted === undefined || containsUnknown(wanted)) continue;
    const before = desiredValue(name, rule, c.olds);
    // The rule's own equality: a value the API does not report (PropertyRule.equal) is no change.
    if ((rule.equal ?? jsonEqual)(wanted, before)) continue;
    const change =
      input.showValues === true && before !== undefined
        ? ` from ${shown(before)} to ${shown(wanted)}`
        : "";
    const keep = `to keep the data, restore ${name}${input.showValues === true && before !== undefined ? ` to ${shown(before)}` : ""}.`;
    const how = recorded
      ? `To confirm, change ${REINSTALL_TRIGGER_INPUT} to a new value in the same update (any ` +
        `text, e.g. today's date); ${keep}`
      : `The state records no ${REINSTALL_TRIGGER_INPUT} for this ${consent.noun} (it was ` +
        "created or imported without one, or recorded by an older version), and a trigger the " +
        `state never recorded confirms nothing. To confirm: first run \`pulumi up\` with ` +
        `${REINSTALL_TRIGGER_INPUT} set (any text) and ${name} unchanged, which records it and ` +
        `changes nothing; then change ${name} and ${REINSTALL_TRIGGER_INPUT} together. Or, ${keep}`;
    c.fail(
      name,
      `changing ${name}${change} reinstalls the ${consent.noun}${input.why === undefined ? "" : ` (${input.why})`}, ` +
        `which erases ${consent.erases}. ${how}`,
    );
  }
}

/**
 * The words the preview shows for an update that reinstalls (lifecycle.ts, diff): the recorded
 * trigger changes and a reinstall input differs from what the state recorded (`olds`: the old
 * outputs). Undefined when the update reinstalls nothing (or may not: the line then says "may").
 */
export function reinstallNotice(
  consent: ReinstallConsent,
  olds: PropertyBag,
  news: PropertyBag,
): string | undefined {
  if (!consented(olds, news)) return undefined;
  const unrecorded = unrecordedOf(olds);
  const rules: Record<string, PropertyRule> = {};
  for (const name of Object.keys(consent.inputs)) {
    if (!unrecorded.includes(name)) rules[name] = consent.properties[name] ?? { rule: "update" };
  }
  const changing = changedProperties(rules, olds, news, () => true);
  if (changing.length === 0) return undefined;
  const unknown = changing.some((name) => containsUnknown(news[name]));
  return (
    `this update ${unknown ? "may reinstall" : "REINSTALLS"} the ${consent.noun} ` +
    `(${changing.join(", ")} ${changing.length === 1 ? "changes" : "change"}, confirmed by ` +
    `${REINSTALL_TRIGGER_INPUT}), which erases ${consent.erases}`
  );
}

/** An update (or a replacement): the engine sends the old inputs; a create sends none. */
function isExisting(olds: PropertyBag): boolean {
  return Object.keys(olds).length > 0;
}

/**
 * The recorded trigger is set to a new value (or may be, while unknown). Removing it is no
 * consent, and neither is a first value: a trigger the state never recorded confirms nothing.
 */
function consented(olds: PropertyBag, news: PropertyBag): boolean {
  const trigger = news[REINSTALL_TRIGGER_INPUT];
  const before = olds[REINSTALL_TRIGGER_INPUT];
  if (trigger === undefined || trigger === null || !isRecorded(before)) return false;
  return isUnknown(trigger) || trigger !== before;
}

/** A trigger value the state holds (a string; an unknown in preview counts as none). */
function isRecorded(value: unknown): boolean {
  return typeof value === "string" && !isUnknown(value);
}

/**
 * A replace-only property changes (or may: unknown): the server is replaced, not reinstalled.
 * A property absent before is not counted: the diff compares it with the live value, which it
 * may equal. Nor is `adoptId`: check cannot tell whether it names the object the state already
 * holds (no replacement). Requiring consent is the safe side of both.
 */
function replaced(properties: PropertyRules, c: Checker): boolean {
  return Object.entries(properties).some(([name, rule]) => {
    if (rule.rule !== "replace") return false;
    const wanted = desiredValue(name, rule, c.news);
    const before = desiredValue(name, rule, c.olds);
    if (wanted === undefined || before === undefined) return false;
    return containsUnknown(wanted) || !jsonEqual(wanted, before);
  });
}

/**
 * Whether this update's changes carry the consent: the recorded trigger changed to a new value
 * (the framework leaves a trigger the old outputs never recorded out of `changes`).
 */
export function reinstallConsented(changes: PropertyBag): boolean {
  return changes[REINSTALL_TRIGGER_INPUT] !== undefined;
}

/**
 * Why `update` refuses a reinstall `check` did not see (the server changed outside Pulumi, or an
 * earlier update with consent failed before its reinstall): the reason and how to go on.
 */
export function unconsentedReinstall(noun: string, what: string, erases: string): string {
  return (
    `${what}, which needs a reinstall of the ${noun} and erases ${erases}; ` +
    `${REINSTALL_TRIGGER_INPUT} did not change in this update. To confirm, change ` +
    `${REINSTALL_TRIGGER_INPUT} to a new value (a trigger the state had not recorded yet ` +
    "confirms nothing: the update that first carries it records it); to keep the server as it " +
    "is, run `pulumi refresh` and declare its current values."
  );
}
