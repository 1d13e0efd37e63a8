// The `reinstallTrigger` input of the server kinds (DedicatedServer, SbmServer) and of
// CloudInstance: any text, meaningless to the API, whose change is the program's consent to a
// reinstall. A reinstall erases a server's drives, so a change that needs one (a new operating
// system; for an SBM server also a new host name, SSH keys or user data, which its API applies
// only by reinstalling; for a cloud instance a new image, which rewrites its disk) is refused by `check`, before any request, unless `reinstallTrigger` changes in the same
// update. The refusal names the property, what the reinstall would erase, and how to confirm.
//
// Shaped like `rebootTrigger` (reboot-trigger.ts): a string, write-only (the outputs keep the
// value last applied, and a change is seen against them). Unlike it, the trigger only confirms:
// changing it alone reinstalls nothing (the update records it), so adding it to an existing
// server is safe. Setting it on create needs no reinstall (a new server has no data), and a
// change that replaces the server (a new location or model) needs no consent: the preview shows
// the replacement.
//
// Two gates. `check` compares the old and new inputs and fails before any request, also in
// preview: the dynamic provider host forwards no detailed diff to the engine, so a diff cannot
// label an update "reinstall"; a check failure stops the preview itself, and with consent the
// preview lists `reinstallTrigger` among the changed inputs, next to the property. `update`
// compares the live server with the inputs, which differ from the old inputs after a change made
// outside Pulumi: before any request, it refuses a reinstall the trigger did not confirm in this
// very update (`reinstallConsented`).
//
// A kind uses it in four places:
//   properties: { [REINSTALL_TRIGGER_INPUT]: reinstallTriggerRule, ... }
//   check(c):   checkReinstallTrigger(c, { noun, erases, inputs, properties })
//   update:     if (<a reinstall is needed> && !reinstallConsented(changes)) throw refusal(...)
//   resource:   `reinstallTrigger?: pulumi.Input<string>` in the Args, passed through
import { type Checker, type PropertyBag, shown } from "./check";
import { desiredValue, jsonEqual, type PropertyRule, type PropertyRules } from "./diff";
import { containsUnknown, isUnknown } from "./unknowns";

export const REINSTALL_TRIGGER_INPUT = "reinstallTrigger";

/** Write-only: compared with the value last applied; a change alone is recorded, not sent. */
export const reinstallTriggerRule: PropertyRule = { rule: "update", writeOnly: true };

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
 * not being replaced, every reinstall input whose value changes fails unless the trigger
 * changes too. Values unknown in preview pass: `check` runs again with known values before the
 * update, so the rule holds before any request either way.
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
  for (const [name, input] of Object.entries(consent.inputs)) {
    const rule = consent.properties[name] ?? { rule: "update" };
    const wanted = desiredValue(name, rule, c.news);
    if (wanted === undefined || containsUnknown(wanted)) continue;
    const before = desiredValue(name, rule, c.olds);
    if (jsonEqual(wanted, before)) continue;
    const change =
      input.showValues === true && before !== undefined
        ? ` from ${shown(before)} to ${shown(wanted)}`
        : "";
    c.fail(
      name,
      `changing ${name}${change} reinstalls the ${consent.noun}${input.why === undefined ? "" : ` (${input.why})`}, ` +
        `which erases ${consent.erases}. To confirm, change ${REINSTALL_TRIGGER_INPUT} to a new ` +
        `value in the same update (any text, e.g. today's date); to keep the data, restore ${name}` +
        `${input.showValues === true && before !== undefined ? ` to ${shown(before)}` : ""}.`,
    );
  }
}

/** An update (or a replacement): the engine sends the old inputs; a create sends none. */
function isExisting(olds: PropertyBag): boolean {
  return Object.keys(olds).length > 0;
}

/** The trigger is set to a new value (or may be, while unknown); removing it is no consent. */
function consented(olds: PropertyBag, news: PropertyBag): boolean {
  const trigger = news[REINSTALL_TRIGGER_INPUT];
  if (trigger === undefined || trigger === null) return false;
  return isUnknown(trigger) || trigger !== olds[REINSTALL_TRIGGER_INPUT];
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

/** Whether this update's changes carry the consent (the trigger changed to a new value). */
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
    `${REINSTALL_TRIGGER_INPUT} to a new value; to keep the server as it is, run \`pulumi refresh\` ` +
    "and declare its current values."
  );
}
