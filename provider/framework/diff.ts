// Diff: compare each input with the live value in the OLD OUTPUTS (the dynamic provider host
// passes outputs as `olds`; cmd/dynamic-provider/index.js, diff). The host forwards only
// `changes`, `replaces` and `deleteBeforeReplace` to the engine (`stables` is dropped), so that is
// all a diff can say. The same function serves refresh, where the engine calls it with the
// refreshed outputs as `olds` and the old inputs as `news` (pkg/resource/deploy/step.go,
// RefreshStep): a drifted field then shows as a change.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { PropertyBag } from "./check";
import { containsUnknown } from "./unknowns";

/**
 * How an input property relates to the live object:
 * - "update": changed in place (PUT);
 * - "replace": the API cannot change it; a new object is needed;
 * - "ignore": never compared (create-time instructions, hidden inputs).
 */
export type ChangeRule = "update" | "replace" | "ignore";

export interface PropertyRule {
  readonly rule: ChangeRule;
  /** The output holding the live value; default: the same name. */
  readonly output?: string;
  /**
   * The desired value to compare, from the new inputs; default: the input itself, and an absent
   * input is not managed (never a change). Labels use this to mean "absent = no labels".
   */
  readonly desired?: (news: PropertyBag) => unknown;
  /**
   * The API never returns this value (a dedicated server's user_data, drives or ipv6; a reboot
   * trigger). The framework copies the input into the outputs, so diff compares the new input
   * with the value last applied, read reports it back unchanged, update sees a change against
   * the old outputs, and adoption (which has nothing to compare it with) skips it.
   */
  readonly writeOnly?: boolean;
  /**
   * A consent (reinstallTrigger, reinstall-trigger.ts): write-only, and its change confirms
   * another change of the same update. A value the old outputs never recorded (a server created
   * or imported without one, a state of an older version) confirms nothing: the update records
   * it and passes it to the kind as no change.
   */
  readonly confirmation?: boolean;
  /**
   * Whether the live value already is the desired one; default: JSON equality. For values whose
   * order does not matter or whose live form holds more than the input (L2 segment members).
   */
  readonly equal?: (desired: unknown, live: unknown) => boolean;
}

/** A kind's input properties and their rules; hidden inputs and `__provider` are not listed. */
export type PropertyRules = Readonly<Record<string, PropertyRule>>;

/** The diff as the framework computes it: `updates` is for tests and messages (not sent). */
export interface DiffOutcome extends dynamic.DiffResult {
  readonly changes: boolean;
  readonly replaces: string[];
  readonly updates: string[];
}

/** Structural equality of JSON values; object key order does not matter. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => jsonEqual(item, b[index]))
    );
  }
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const aKeys = Object.keys(a).filter((k) => (a as PropertyBag)[k] !== undefined);
  const bKeys = Object.keys(b).filter((k) => (b as PropertyBag)[k] !== undefined);
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((key) => jsonEqual((a as PropertyBag)[key], (b as PropertyBag)[key]))
  );
}

/**
 * PropertyRule.equal for a value a record may leave out: absent from the record means the API did
 * not report it, not that it changed; drift shows where the record reports the value. The
 * official clients' records of some kinds carry no such field (issue 24: the Go client's SBM
 * server and RBS volume records), and a program declaring it would otherwise show a change on
 * every preview.
 */
export function sameWhenReported(desired: unknown, live: unknown): boolean {
  return live === undefined || jsonEqual(desired, live);
}

/** The rules whose values the API returns (`live`) and the write-only ones (`writeOnly`). */
export function splitWriteOnly(rules: PropertyRules): {
  live: PropertyRules;
  writeOnly: PropertyRules;
} {
  const live: Record<string, PropertyRule> = {};
  const writeOnly: Record<string, PropertyRule> = {};
  for (const [name, rule] of Object.entries(rules)) {
    if (rule.writeOnly === true) writeOnly[name] = rule;
    else live[name] = rule;
  }
  return { live, writeOnly };
}

/** The desired value of one property per its rule (undefined: not managed). */
export function desiredValue(name: string, rule: PropertyRule, news: PropertyBag): unknown {
  return rule.desired === undefined ? news[name] : rule.desired(news);
}

/**
 * Properties whose desired value differs from the live one. An unknown desired value (preview)
 * "may change", so it counts as a change: the preview then shows the update or replacement
 * that may happen rather than hiding it.
 */
export function changedProperties(
  rules: PropertyRules,
  live: PropertyBag,
  news: PropertyBag,
  which: (rule: ChangeRule) => boolean,
): string[] {
  const changed: string[] = [];
  for (const [name, rule] of Object.entries(rules)) {
    if (!which(rule.rule)) continue;
    const desired = desiredValue(name, rule, news);
    if (desired === undefined) continue;
    const equal = rule.equal ?? jsonEqual;
    if (containsUnknown(desired) || !equal(desired, live[rule.output ?? name])) {
      changed.push(name);
    }
  }
  return changed;
}

/**
 * The diff of a kind's inputs against the old outputs. `deleteBeforeReplace` is always set: for
 * servers billed by the month, a replacement that overlaps the old one bills twice. It is advice
 * only: the resource option `deleteBeforeReplace` overrides it, and a targeted replacement (`up
 * --replace`) never asks (pkg/resource/deploy/step_generator.go). Creating first is safe either
 * way: `create` never adopts the old generation (architecture.md, "Ownership").
 */
export function diffProperties(
  rules: PropertyRules,
  olds: PropertyBag,
  news: PropertyBag,
): DiffOutcome {
  const replaces = changedProperties(rules, olds, news, (rule) => rule === "replace");
  const updates = changedProperties(rules, olds, news, (rule) => rule === "update");
  return {
    changes: replaces.length > 0 || updates.length > 0,
    replaces,
    updates,
    deleteBeforeReplace: true,
  };
}
