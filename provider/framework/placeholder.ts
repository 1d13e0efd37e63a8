// The placeholder of a create that gave up looking for its order (issue 25, the last known
// limit). After an ambiguous POST failure the create looks for what it made for a window
// (late-commit.ts); an order the API commits later was lost to the next `pulumi up`, which
// cannot tell it from an older generation (ownership.ts) and ordered again. Instead the create
// fails as a partial create whose id is a placeholder, and records what finds its order: the
// create label it POSTed, or for a kind without labels the objects that were there before.
// - The native door asks the engine to Read such a resource before the next `up` changes
//   anything (ErrorResourceInitFailed.refresh_before_update: pulumi/pulumi v3.274.1
//   pkg/resource/plugin/provider_plugin.go:2649-2656 and deploy/step.go:493-514 record it,
//   deploy/deployment_executor.go:188-195 and :841-845 read those resources first). Read may
//   answer another id than it was given (deploy/step.go:1785-1797), Update may not (its response
//   has no id), so Read is where the placeholder becomes the order's real id.
// - @pulumi/pulumi's dynamic provider host never sets the flag: TypeScript programs take the
//   order with `pulumi refresh` (or `pulumi up --refresh`).
// - A placeholder that no Read resolved is replaced: the next `up` orders again, and deleting
//   the placeholder deletes the order should it have appeared meanwhile (by its create label;
//   an object without labels is named, never deleted: nothing tells whose it is).
import { randomBytes } from "node:crypto";
import type { PropertyBag } from "./check";

/** The id a lost create records until its order is found: never an id the API gives. */
export const PLACEHOLDER_PREFIX = "lost-create:";

/** The hidden output that holds what finds the order (LostCreate). */
export const LOST_CREATE_OUTPUT = "__lostCreate";

/** What finds a lost create's order. */
export interface LostCreate {
  /** The create label it was POSTed with (labelled kinds). */
  readonly createLabel?: string;
  /** Kinds without labels: the ids of the objects alike that were there before the POST. */
  readonly before?: readonly string[];
  /** Kinds without labels: objects that appeared since, more than one could be the order. */
  readonly candidates?: readonly string[];
  /** When the POST was sent (ISO 8601), for the user. */
  readonly at: string;
}

/** A placeholder id, new for each lost create. */
export function placeholderId(createLabel: string | undefined): string {
  return `${PLACEHOLDER_PREFIX}${createLabel ?? `n${randomBytes(16).toString("hex")}`}`;
}

export function isPlaceholder(id: string | undefined): boolean {
  return typeof id === "string" && id.startsWith(PLACEHOLDER_PREFIX);
}

/** The record a bag (outputs) holds of its lost create, if it is a well-formed one. */
export function lostCreateOf(bag: PropertyBag): LostCreate | undefined {
  const value = bag[LOST_CREATE_OUTPUT];
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const ids = (list: unknown) =>
    Array.isArray(list) ? list.filter((id): id is string => typeof id === "string") : undefined;
  const createLabel = typeof record.createLabel === "string" ? record.createLabel : undefined;
  const before = ids(record.before);
  if (createLabel === undefined && before === undefined) return undefined;
  const candidates = ids(record.candidates);
  return {
    ...(createLabel === undefined ? {} : { createLabel }),
    ...(before === undefined ? {} : { before }),
    ...(candidates === undefined || candidates.length === 0 ? {} : { candidates }),
    at: typeof record.at === "string" ? record.at : "",
  };
}
