// Checks of a lookup's arguments. TypeScript enforces the types at compile time, but arguments
// also arrive from JavaScript programs and from other resources' outputs at run time, and a
// wrong one must fail with the function and field named rather than as an odd API answer.
import { cutShort, idIssue } from "../../framework/check";
import { LookupError } from "./errors";

/** The argument bag as the checks read it. */
export type Args = object;

function field(args: Args, name: string): unknown {
  return (args as Record<string, unknown>)[name];
}

/**
 * The longest text argument (an id, a name, a code, a search pattern). The spec bounds none of
 * them, and real ones are far shorter; but ids and search patterns travel in the URL, and a request
 * line past the server's header limit (16 KB in Node, 8 KB in common proxies; a non-Latin
 * character takes up to 12 once percent-encoded) fails as an HTTP 431 repeating the whole URL.
 */
export const MAX_TEXT_LENGTH = 255;

/** A value for a message, cut short: an argument can be megabytes. */
function describe(value: unknown): string {
  return cutShort(typeof value === "string" ? JSON.stringify(value) : String(value));
}

/** An integer id of the API (locations, models, options): a whole number, at least 1. */
export function wholeNumber(fn: string, args: Args, name: string): number {
  const value = field(args, name);
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    throw new LookupError(
      `${fn}: ${name} must be a whole number, at least 1 (got ${describe(value)})`,
    );
  }
  return value;
}

/** An optional whole number (an id filter). */
export function optionalWholeNumber(fn: string, args: Args, name: string): number | undefined {
  return field(args, name) === undefined ? undefined : wholeNumber(fn, args, name);
}

/** A non-empty string (an id such as "BmNode01", a name). */
export function text(fn: string, args: Args, name: string): string {
  const value = field(args, name);
  if (typeof value !== "string" || value.trim() === "") {
    throw new LookupError(`${fn}: ${name} must be a non-empty string (got ${describe(value)})`);
  }
  if (value.length > MAX_TEXT_LENGTH) {
    throw new LookupError(
      `${fn}: ${name} must be at most ${MAX_TEXT_LENGTH} characters (got ${value.length})`,
    );
  }
  // Ids become path segments: "." or ".." would address the parent, a control character
  // would be quoted into messages (framework/check.ts).
  const issue = idIssue(value);
  if (issue !== undefined) throw new LookupError(`${fn}: ${name} ${issue}`);
  return value;
}

export function optionalText(fn: string, args: Args, name: string): string | undefined {
  return field(args, name) === undefined ? undefined : text(fn, args, name);
}

export function optionalBoolean(fn: string, args: Args, name: string): boolean | undefined {
  const value = field(args, name);
  if (value === undefined || typeof value === "boolean") return value;
  throw new LookupError(`${fn}: ${name} must be true or false (got ${describe(value)})`);
}

/** One of the API's values for a field, such as a network family. */
export function optionalChoice<T extends string>(
  fn: string,
  args: Args,
  name: string,
  choices: readonly T[],
): T | undefined {
  const value = field(args, name);
  if (value === undefined) return undefined;
  if (typeof value === "string" && (choices as readonly string[]).includes(value)) {
    return value as T;
  }
  throw new LookupError(
    `${fn}: ${name} must be one of ${choices.join(", ")} (got ${describe(value)})`,
  );
}

/**
 * Which one of several ways to name the thing the program used (`id`, `code`, `name`...):
 * exactly one must be given, or the lookup would silently prefer one.
 */
export function oneOf<K extends string>(fn: string, args: Args, keys: readonly K[]): K {
  const given = keys.filter((key) => field(args, key) !== undefined);
  const [only, other] = given;
  if (only !== undefined && other === undefined) return only;
  const choices = keys.join(", ");
  throw new LookupError(
    given.length === 0
      ? `${fn}: give one of ${choices}`
      : `${fn}: give only one of ${choices} (got ${given.join(" and ")})`,
  );
}

/** At most one of several optional arguments (a parent given by one of two ids). */
export function atMostOneOf<K extends string>(
  fn: string,
  args: Args,
  keys: readonly K[],
): K | undefined {
  const given = keys.filter((key) => field(args, key) !== undefined);
  if (given.length > 1) {
    throw new LookupError(
      `${fn}: give only one of ${keys.join(", ")} (got ${given.join(" and ")})`,
    );
  }
  return given[0];
}

/**
 * The object without its undefined fields: the SDK's option types are exact (an absent filter
 * and an undefined one are different types under exactOptionalPropertyTypes).
 */
export function definedFields<T extends object>(
  fields: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return out as { [K in keyof T]?: Exclude<T[K], undefined> };
}
