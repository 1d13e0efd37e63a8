// Small pure helpers over property bags (inputs, outputs, state) that every lifecycle module
// uses. Two of them serve an engine rule: `defined`, because the provider host converts results
// to a protobuf Struct, which rejects undefined; `carry`, because read and delete receive only
// the outputs, so the hidden inputs they need travel in the outputs.
import type { PropertyBag } from "./check";
import { pendingOf, pickHidden } from "./hidden";
import { ADOPT_INPUT } from "./kind-provider";
import { isUnknown } from "./unknowns";

/** A string input that is set and known, or undefined. */
export function stringValue(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" && !isUnknown(value) ? value : undefined;
}

/** The user's labels: an absent `labels` means "no labels" (so removing it removes them all). */
export function labelsOf(bag: PropertyBag): Record<string, string> {
  const labels = bag.labels;
  return typeof labels === "object" && labels !== null
    ? { ...(labels as Record<string, string>) }
    : {};
}

/** Inputs that outputs carry so that read and delete, which get only outputs, still have them. */
export function carry(bag: PropertyBag): Record<string, unknown> {
  return {
    ...pickHidden(bag),
    ...pendingOf(bag),
    ...(bag[ADOPT_INPUT] === undefined ? {} : { [ADOPT_INPUT]: bag[ADOPT_INPUT] }),
  };
}

export function pick(bag: PropertyBag, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) if (bag[name] !== undefined) out[name] = bag[name];
  return out;
}

/** Without undefined values: the host converts results to a protobuf Struct, which rejects them. */
export function defined(bag: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(bag)) if (value !== undefined) out[key] = value;
  return out;
}
