// Hidden inputs: values the resource constructor computes (where the Pulumi project, stack,
// resource name and options are known) and passes to the provider as inputs, because a dynamic
// provider sees none of them (architecture.md, items 8 and 9). They never cause a diff, are never
// shown in `labels`, and are copied into the outputs so that `read` and `delete`, which receive
// only the outputs, still have them.

/** The ownership label's value (see ownership.ts); key OWNER_LABEL_KEY. */
export const OWNER_INPUT = "__ownerLabel";
/** Custom timeouts in milliseconds, from the `customTimeouts` resource option. */
export const TIMEOUTS_INPUT = "__timeouts";

export const HIDDEN_INPUTS: readonly string[] = [OWNER_INPUT, TIMEOUTS_INPUT];

// Hidden outputs: what the provider itself records about the object, never an input.

/**
 * Set while a create or update is unfinished (a partial create or update): "create" or
 * "update". Read carries it, diff reports a change while it is set, so the next `pulumi up`
 * resumes even after a `pulumi refresh` cleared the engine's init errors (issue 12, item 9).
 */
export const PENDING_OUTPUT = "__pending";

/**
 * The write-only properties (PropertyRule.writeOnly) whose values the state never recorded:
 * `pulumi import` reads the object alone, and the API never returns them (user data, SSH keys, a
 * drive layout). Set by the native door's import read, on the outputs and the inputs; until the
 * next update records them, the program's values are taken as declared, never as a change (the
 * README's import recipe): check, diff and update alike. A consent (PropertyRule.confirmation)
 * is never listed: a trigger the state never recorded confirms nothing and is recorded.
 */
export const UNRECORDED_OUTPUT = "__unrecorded";

/** The names a bag's UNRECORDED_OUTPUT lists (none when absent or malformed). */
export function unrecordedOf(bag: Readonly<Record<string, unknown>>): readonly string[] {
  const names = bag[UNRECORDED_OUTPUT];
  return Array.isArray(names)
    ? names.filter((name): name is string => typeof name === "string")
    : [];
}

/** The pending mark of a property bag (old outputs), to carry it over. */
export function pendingOf(bag: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const pending = bag[PENDING_OUTPUT];
  return typeof pending === "string" ? { [PENDING_OUTPUT]: pending } : {};
}

/** Timeouts in milliseconds per operation; absent operations use the kind's defaults. */
export interface TimeoutsMs {
  readonly create?: number;
  readonly update?: number;
  readonly delete?: number;
}

/** The hidden inputs as the provider receives them. */
export interface HiddenInputs {
  readonly [OWNER_INPUT]?: string;
  readonly [TIMEOUTS_INPUT]?: TimeoutsMs;
}

/** The hidden inputs found in a property bag (inputs or outputs), for carrying them over. */
export function pickHidden(bag: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of HIDDEN_INPUTS) {
    if (bag[key] !== undefined) out[key] = bag[key];
  }
  return out;
}
