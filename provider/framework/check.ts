// Input validation for `check`. Every rule a kind states becomes a check failure naming the
// top-level property and the rule: the engine prints failures as "property <p> value <v> has a
// problem: <reason>" and looks <p> up among the inputs (step_generator.go, issueCheckFailures), so
// nested paths go into the reason, never into `property`. Values unknown during preview (the
// UNKNOWN sentinel) pass every rule: they are checked again once known.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { escapeControl } from "../../sdk/core/redact";
import { labelIssues } from "../../sdk/labels";
import { parseDuration } from "./durations";
import { OWNER_INPUT, PENDING_OUTPUT, TIMEOUTS_INPUT } from "./hidden";
import { OWNER_LABEL_KEY, RESERVED_LABEL_KEYS } from "./ownership";
import { containsUnknown, isUnknown } from "./unknowns";

/** A property bag as the engine sends it: JSON values, possibly holding UNKNOWN. */
export type PropertyBag = Readonly<Record<string, unknown>>;

/**
 * The longest id a kind accepts where the id becomes a path segment of a request. The spec
 * bounds no id (they are opaque, and short in practice), but a request line past the server's
 * header limit (16 KB in Node, 8 KB in common proxies) is refused before it is routed, with an
 * error repeating the whole URL: far below those limits, far above any real id.
 */
export const MAX_ID_LENGTH = 255;

/**
 * The longest name (of a volume, an instance, a key, a certificate, a segment). The API's own
 * bound where an official client states one: Terraform's serverscom_rbs_volume takes a name of
 * 1 to 255 characters (resource_serverscom_rbs.go, StringLenBetween(1, 255)); the other kinds'
 * names are held to the same, a documented choice (docs/reliability.md), rather than sent
 * unbounded to fail as a 413.
 */
export const MAX_NAME_LENGTH = 255;

/**
 * The largest user data, in bytes of UTF-8: 64 KB. No official source bounds user_data; this is
 * the spec's bound of the other script the API takes (ipxe_config, api-spec.md "Other limits"),
 * and the 64 KB OpenStack Nova (which runs cloud instances) accepts. A documented choice
 * (docs/reliability.md): past it a request would fail as a 413 or a reset connection.
 */
export const MAX_USER_DATA_BYTES = 65_536;

const MAX_SHOWN = 60;

// C0, DEL, C1 and the Unicode line separators: an id holding one could forge a log line.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
export const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * A value for a message: its JSON, cut short. A failure repeats the offending value, and a
 * megabyte of it in a message helps nobody (the engine prints every failure).
 */
export function shown(value: unknown): string {
  return cutShort(JSON.stringify(value) ?? String(value));
}

/**
 * `text` for a message: its first characters and its length when it is long, control characters
 * escaped (a CR or LF in an id would otherwise start a forged line in CI output).
 */
export function cutShort(text: string): string {
  return escapeControl(
    text.length <= MAX_SHOWN ? text : `${text.slice(0, MAX_SHOWN)}... (${text.length} characters)`,
  );
}

/** The type of a value for a message that must not quote it (a secret input). */
export function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/**
 * Why an id cannot be a path segment of a request, or undefined when it can: at most
 * MAX_ID_LENGTH characters, not "." or ".." (which a proxy would resolve to the parent resource:
 * the DELETE of a PTR record ".." would release its server), no control characters.
 */
export function idIssue(value: string): string | undefined {
  if (value.length > MAX_ID_LENGTH) {
    return `must be at most ${MAX_ID_LENGTH} characters (got ${value.length})`;
  }
  if (/^(\.|%2e){1,2}$/i.test(value)) {
    return `must not be "." or "..": it becomes a segment of the request's path`;
  }
  if (CONTROL.test(value)) {
    return "must not contain control characters (got one in an id that becomes a request path)";
  }
  return undefined;
}

export interface IntegerRule {
  readonly min?: number;
  readonly max?: number;
  /** Appended to numbers in messages, e.g. " GB". */
  readonly unit?: string;
}

/**
 * Collects check failures. Each `take*` method returns the value when it is known and valid,
 * `undefined` when it is absent, unknown or invalid (the failure is already recorded), so kind
 * rules that combine properties run only on values they can trust.
 */
export class Checker {
  readonly failures: dynamic.CheckFailure[] = [];

  constructor(
    /** The new inputs. */
    readonly news: PropertyBag,
    /** The previous inputs (`{}` on create). */
    readonly olds: PropertyBag,
  ) {}

  fail(property: string, reason: string): void {
    this.failures.push({ property, reason });
  }

  /** Whether the property is absent (so a required one fails). */
  private absent(property: string, required: boolean): boolean {
    const value = this.news[property];
    if (value !== undefined && value !== null) return false;
    if (required) this.fail(property, `${property} is required`);
    return true;
  }

  integer(property: string, required: boolean, rule: IntegerRule = {}): number | undefined {
    if (this.absent(property, required) || isUnknown(this.news[property])) return undefined;
    const value = this.news[property];
    const unit = rule.unit ?? "";
    if (typeof value !== "number" || !Number.isInteger(value)) {
      this.fail(property, `${property} must be a whole number (got ${shown(value)})`);
      return undefined;
    }
    // Past 2^53 numbers are no longer exact (2 ** 60 + 1 reads as 2 ** 60): such an id could name
    // another object than the program meant, so an unbounded rule is held to the exact range.
    const min = rule.min ?? Number.MIN_SAFE_INTEGER;
    const max = rule.max ?? Number.MAX_SAFE_INTEGER;
    if (value < min) {
      this.fail(property, `${property} must be at least ${min}${unit} (got ${value}${unit})`);
      return undefined;
    }
    if (value > max) {
      const why = rule.max === undefined ? ", the largest exact (safe) integer" : "";
      this.fail(property, `${property} must be at most ${max}${unit}${why} (got ${value}${unit})`);
      return undefined;
    }
    return value;
  }

  string(property: string, required: boolean, maxLength?: number): string | undefined {
    if (this.absent(property, required) || isUnknown(this.news[property])) return undefined;
    const value = this.news[property];
    if (typeof value !== "string" || value.trim() === "") {
      this.fail(property, `${property} must be a non-empty string (got ${shown(value)})`);
      return undefined;
    }
    if (maxLength !== undefined && value.length > maxLength) {
      this.fail(
        property,
        `${property} must be at most ${maxLength} characters (got ${value.length})`,
      );
      return undefined;
    }
    return value;
  }

  /**
   * An id that becomes a segment of a request's path (adoptId, cloudInstanceId, clusterId...):
   * a non-empty string passing idIssue, checked here so no request is sent with it.
   */
  id(property: string, required: boolean): string | undefined {
    const value = this.string(property, required);
    if (value === undefined) return undefined;
    const issue = idIssue(value);
    if (issue !== undefined) {
      this.fail(property, `${property} ${issue}`);
      return undefined;
    }
    return value;
  }

  /**
   * A secret text input (user data): a string of at most `maxBytes` bytes of UTF-8. A failure
   * names its type and size, never its content.
   */
  secretText(
    property: string,
    required: boolean,
    maxBytes: number,
    nonEmpty = false,
  ): string | undefined {
    if (this.absent(property, required) || isUnknown(this.news[property])) return undefined;
    const value = this.news[property];
    const wanted = nonEmpty ? "a non-empty string" : "a string";
    if (typeof value !== "string") {
      this.fail(
        property,
        `${property} must be ${wanted} (got ${typeOf(value)}; a secret, not shown)`,
      );
      return undefined;
    }
    if (nonEmpty && value.trim() === "") {
      this.fail(
        property,
        `${property} must be ${wanted} (got ${value === "" ? "an empty string" : "only blanks"})`,
      );
      return undefined;
    }
    const bytes = Buffer.byteLength(value, "utf8");
    if (bytes > maxBytes) {
      this.fail(
        property,
        `${property} must be at most ${maxBytes} bytes as UTF-8 (got ${bytes} bytes)`,
      );
      return undefined;
    }
    return value;
  }

  /** A name: a non-empty string of at most MAX_NAME_LENGTH characters. */
  name(property = "name", required = true): string | undefined {
    return this.string(property, required, MAX_NAME_LENGTH);
  }

  /**
   * Labels by the spec's rules (sdk/labels.ts), one failure per broken rule. The ownership
   * label's key is the provider's: a user label with that key would be overwritten or hide it.
   */
  labels(property = "labels"): void {
    const value = this.news[property];
    if (value === undefined || value === null || isUnknown(value)) return;
    if (typeof value !== "object" || Array.isArray(value)) {
      this.fail(property, `${property} must be an object of string keys to string values`);
      return;
    }
    // Known entries only: an unknown value is checked once known, an unknown key cannot occur.
    // No prototype: on a plain object, `known["__proto__"] = v` would set the prototype rather
    // than add the entry, and that (invalid) key would escape the rules and reach the API.
    const known: Record<string, unknown> = Object.create(null);
    for (const [key, entry] of Object.entries(value)) {
      if (RESERVED_LABEL_KEYS.includes(key)) {
        this.fail(property, `${property}: the key ${key} is reserved for the provider`);
      } else if (!containsUnknown(entry)) {
        known[key] = entry;
      }
    }
    for (const issue of labelIssues(known, property))
      this.fail(property, `${issue.field}: ${issue.rule}`);
  }

  /** The hidden inputs the resource constructor computed (hidden.ts). */
  hidden(): void {
    // What only the provider records: never an input (it would be carried into the outputs).
    if (this.news[PENDING_OUTPUT] !== undefined) {
      this.fail(
        PENDING_OUTPUT,
        "is recorded by the provider for an unfinished create or update, never given as an input: remove it",
      );
    }
    const owner = this.news[OWNER_INPUT];
    if (owner !== undefined && !isUnknown(owner)) {
      const issues = labelIssues({ [OWNER_LABEL_KEY]: owner });
      if (issues.length > 0) this.fail(OWNER_INPUT, `not a valid label value: ${issues[0]?.rule}`);
    }
    const timeouts = this.news[TIMEOUTS_INPUT];
    if (timeouts === undefined || isUnknown(timeouts)) return;
    if (typeof timeouts !== "object" || timeouts === null || Array.isArray(timeouts)) {
      this.fail(TIMEOUTS_INPUT, "must be an object of milliseconds per operation");
      return;
    }
    for (const [operation, ms] of Object.entries(timeouts)) {
      if (!["create", "update", "delete"].includes(operation)) {
        this.fail(
          TIMEOUTS_INPUT,
          `unknown operation "${cutShort(operation)}" (create, update, delete)`,
        );
      } else if (typeof ms !== "number" || !(ms > 0) || !Number.isFinite(ms)) {
        this.fail(TIMEOUTS_INPUT, `${operation} must be a positive number of milliseconds`);
      }
    }
  }

  /** A Go duration such as "30m"; for kinds that take durations as ordinary inputs. */
  duration(property: string, required: boolean): number | undefined {
    const text = this.string(property, required);
    if (text === undefined) return undefined;
    const ms = parseDuration(text);
    if (ms instanceof Error) {
      this.fail(property, `${property}: ${ms.message}`);
      return undefined;
    }
    return ms;
  }

  /** The old input's value when it is a known number (for rules comparing old and new). */
  oldInteger(property: string): number | undefined {
    const value = this.olds[property];
    return typeof value === "number" ? value : undefined;
  }
}
