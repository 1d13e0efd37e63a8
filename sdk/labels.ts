// Label rules and the label selector grammar of api-spec.md ("Limits", "Labels"). Pure: the only
// import is the error base, because the simulator reuses this module to validate and filter
// exactly as the client does, and must not pull in the transport.
import { InputValidationError } from "./core/errors";

/** The service's own domain: neither it nor any subdomain may be used as a key prefix. */
export const RESERVED_LABEL_PREFIX = "servers.com";

const MAX_PREFIX_LENGTH = 253;
const MAX_PREFIX_PART_LENGTH = 63;
const MAX_NAME_LENGTH = 63;
const MAX_VALUE_LENGTH = 63;

/** One text per rule of the spec, so callers and tests can tell which rule a label breaks. */
export const LABEL_RULES = {
  object: "labels must be a plain object of string keys to string values",
  valueType: "a value must be a string",
  keyShape: "a key is name or prefix/name, with at most one slash",
  nameRequired: "a key's name is required",
  prefixRequired: "a prefix before the slash must not be empty",
  keyCharacters: "a key may contain only Latin letters, digits, dashes and dots",
  prefixLowercase: "a prefix may contain only lowercase letters, digits, dashes and dots",
  prefixEnds: "a prefix must start and end with a Latin letter or digit",
  nameEnds: "a name must start and end with a Latin letter or digit",
  prefixLength: `a prefix is at most ${MAX_PREFIX_LENGTH} characters`,
  prefixParts: `each dot-separated part of a prefix is 1 to ${MAX_PREFIX_PART_LENGTH} characters`,
  nameLength: `a name is at most ${MAX_NAME_LENGTH} characters`,
  reservedPrefix: `the prefix ${RESERVED_LABEL_PREFIX} and its subdomains are reserved for the service`,
  // Kubernetes allows an empty value, but the spec says a value starts and ends with a letter or
  // digit, which an empty string cannot: rejected, with its own text because "must start with"
  // reads oddly for "".
  valueRequired: "a value must not be empty",
  valueCharacters: "a value may contain only Latin letters, digits, dashes, dots and underscores",
  valueEnds: "a value must start and end with a Latin letter or digit",
  valueLength: `a value is at most ${MAX_VALUE_LENGTH} characters`,
} as const;

export type LabelRule = (typeof LABEL_RULES)[keyof typeof LABEL_RULES];

/** One broken rule: `field` is where it is (`labels.env`, `labels["bad key"]`). */
export interface LabelIssue {
  readonly key: string;
  readonly field: string;
  readonly rule: LabelRule;
}

/** Labels that break the spec's rules. `field`/`rule` are the first issue's; the message lists all. */
export class LabelValidationError extends InputValidationError {
  readonly key: string;
  readonly issues: readonly LabelIssue[];
  constructor(issues: readonly [LabelIssue, ...LabelIssue[]]) {
    const [first] = issues;
    super(first.field, first.rule, issues.map((i) => `${i.field}: ${i.rule}`).join("; "));
    this.key = first.key;
    this.issues = issues;
  }
}

// --- characters ---
// Compared by char code rather than with \w or [a-z] under flags: the spec means ASCII ("Latin"),
// and explicit ranges cannot be widened by a Unicode flag added later.

function isLatinLetterOrDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
function isUppercase(c: number): boolean {
  return c >= 65 && c <= 90;
}
const DASH = 45;
const DOT = 46;
const SLASH = 47;
const UNDERSCORE = 95;

function isKeyCharacter(c: number): boolean {
  return isLatinLetterOrDigit(c) || c === DASH || c === DOT;
}
function isValueCharacter(c: number): boolean {
  return isKeyCharacter(c) || c === UNDERSCORE;
}

function every(text: string, test: (c: number) => boolean): boolean {
  for (let i = 0; i < text.length; i++) if (!test(text.charCodeAt(i))) return false;
  return true;
}
function some(text: string, test: (c: number) => boolean): boolean {
  return !every(text, (c) => !test(c));
}
function startsAndEndsWithLetterOrDigit(text: string): boolean {
  return (
    text.length > 0 &&
    isLatinLetterOrDigit(text.charCodeAt(0)) &&
    isLatinLetterOrDigit(text.charCodeAt(text.length - 1))
  );
}

// --- rules ---

function prefixBreaches(prefix: string, out: Set<LabelRule>): void {
  if (prefix === "") {
    out.add(LABEL_RULES.prefixRequired);
    return;
  }
  if (!every(prefix, isKeyCharacter)) out.add(LABEL_RULES.keyCharacters);
  if (some(prefix, isUppercase)) out.add(LABEL_RULES.prefixLowercase);
  if (!startsAndEndsWithLetterOrDigit(prefix)) out.add(LABEL_RULES.prefixEnds);
  if (prefix.length > MAX_PREFIX_LENGTH) out.add(LABEL_RULES.prefixLength);
  if (prefix.split(".").some((part) => part === "" || part.length > MAX_PREFIX_PART_LENGTH)) {
    out.add(LABEL_RULES.prefixParts);
  }
}

function nameBreaches(name: string, out: Set<LabelRule>): void {
  if (name === "") {
    out.add(LABEL_RULES.nameRequired);
    return;
  }
  if (!every(name, isKeyCharacter)) out.add(LABEL_RULES.keyCharacters);
  if (!startsAndEndsWithLetterOrDigit(name)) out.add(LABEL_RULES.nameEnds);
  if (name.length > MAX_NAME_LENGTH) out.add(LABEL_RULES.nameLength);
}

/** The syntax rules a key breaks (not the reservation: a selector may name a reserved key). */
function keyBreaches(key: string): LabelRule[] {
  const slash = key.indexOf("/");
  // With two slashes there is no telling prefix from name, so the other rules would only mislead.
  if (slash !== -1 && key.indexOf("/", slash + 1) !== -1) return [LABEL_RULES.keyShape];
  const out = new Set<LabelRule>();
  if (slash !== -1) prefixBreaches(key.slice(0, slash), out);
  nameBreaches(slash === -1 ? key : key.slice(slash + 1), out);
  return [...out];
}

function valueBreaches(value: string): LabelRule[] {
  if (value === "") return [LABEL_RULES.valueRequired];
  const out: LabelRule[] = [];
  if (!every(value, isValueCharacter)) out.push(LABEL_RULES.valueCharacters);
  if (!startsAndEndsWithLetterOrDigit(value)) out.push(LABEL_RULES.valueEnds);
  if (value.length > MAX_VALUE_LENGTH) out.push(LABEL_RULES.valueLength);
  return out;
}

/** Whether the key's prefix is the service's own domain or a subdomain of it. */
export function isReservedLabelKey(key: string): boolean {
  const slash = key.indexOf("/");
  if (slash === -1) return false;
  // Lowercased so that "Servers.com/x" is reported as reserved too, not only as uppercase.
  const prefix = key.slice(0, slash).toLowerCase();
  return prefix === RESERVED_LABEL_PREFIX || prefix.endsWith(`.${RESERVED_LABEL_PREFIX}`);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The longest valid key: a full prefix, the slash, a full name. */
const MAX_KEY_LENGTH = MAX_PREFIX_LENGTH + 1 + MAX_NAME_LENGTH;

/**
 * `labels.env` when the key reads as a property name, `labels["bad key"]` otherwise. A key longer
 * than any valid one is cut short: every message names the field, and a key can be megabytes.
 */
function fieldOf(base: string, key: string): string {
  if (key.length > MAX_KEY_LENGTH) {
    return `${base}[${JSON.stringify(`${key.slice(0, 40)}...`)} (${key.length} characters)]`;
  }
  return IDENTIFIER.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Every rule the labels break, in key order; empty when they are valid. */
export function labelIssues(labels: unknown, field = "labels"): LabelIssue[] {
  if (!isPlainObject(labels)) return [{ key: "", field, rule: LABEL_RULES.object }];
  const issues: LabelIssue[] = [];
  for (const [key, value] of Object.entries(labels)) {
    const rules = keyBreaches(key);
    if (isReservedLabelKey(key)) rules.push(LABEL_RULES.reservedPrefix);
    if (typeof value === "string") rules.push(...valueBreaches(value));
    else rules.push(LABEL_RULES.valueType);
    for (const rule of rules) issues.push({ key, field: fieldOf(field, key), rule });
  }
  return issues;
}

/** Throws a LabelValidationError naming every broken rule unless the labels are valid. */
export function validateLabels(
  labels: unknown,
  field = "labels",
): asserts labels is Record<string, string> {
  const [first, ...rest] = labelIssues(labels, field);
  if (first !== undefined) throw new LabelValidationError([first, ...rest]);
}

// --- label selectors ---

export type EqualityOperator = "=" | "==" | "!=";
export type ExistenceOperator = "exists" | "!";
export type SetOperator = "in" | "notin";
export type LabelOperator = EqualityOperator | ExistenceOperator | SetOperator;

/**
 * One condition of a selector. `=` and `==` mean the same but are kept apart so that formatting
 * gives back the text that was parsed. `!` is "key absent".
 */
export type LabelRequirement =
  | {
      readonly key: string;
      readonly operator: EqualityOperator;
      readonly values: readonly [string];
    }
  | { readonly key: string; readonly operator: ExistenceOperator; readonly values: readonly [] }
  | {
      readonly key: string;
      readonly operator: SetOperator;
      readonly values: readonly [string, ...string[]];
    };

const SELECTOR_FIELD = "label_selector";

/** A selector that does not follow the grammar; `position` is a 0-based offset into the text. */
export class LabelSelectorError extends InputValidationError {
  constructor(
    readonly position: number,
    readonly expected: string,
    found: string,
    detail?: string,
  ) {
    const rule = `expected ${expected} at offset ${position}, found ${found}${detail === undefined ? "" : ` (${detail})`}`;
    super(SELECTOR_FIELD, rule);
  }
}

const COMMA = 44;
const BANG = 33;
const EQUALS = 61;
const OPEN = 40;
const CLOSE = 41;

function isWhitespace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}
/** Characters of a key or value token; the label rules then judge the token as a whole. */
function isWordCharacter(c: number): boolean {
  return isValueCharacter(c) || c === SLASH;
}

/**
 * A hand-written scanner: each character is looked at a bounded number of times, so the cost is
 * linear in the length of the selector whatever its shape (a crafted query parameter must not
 * stall the simulator or the client).
 */
class SelectorParser {
  private i = 0;
  constructor(private readonly text: string) {}

  parse(): LabelRequirement[] {
    this.skipWhitespace();
    // An empty selector selects everything, as an absent label_selector does.
    if (this.atEnd()) return [];
    const requirements: LabelRequirement[] = [];
    for (;;) {
      requirements.push(this.requirement());
      this.skipWhitespace();
      if (this.atEnd()) return requirements;
      if (this.peek() !== COMMA) throw this.error("',' or the end of the selector");
      this.i++;
    }
  }

  private requirement(): LabelRequirement {
    this.skipWhitespace();
    if (this.peek() === BANG) {
      this.i++;
      this.skipWhitespace();
      return { key: this.key(), operator: "!", values: [] };
    }
    const key = this.key();
    this.skipWhitespace();
    const c = this.peek();
    if (this.atEnd() || c === COMMA) return { key, operator: "exists", values: [] };
    if (c === EQUALS || (c === BANG && this.peek(1) === EQUALS)) {
      const operator: EqualityOperator = c === BANG ? "!=" : this.peek(1) === EQUALS ? "==" : "=";
      this.i += operator.length;
      this.skipWhitespace();
      return { key, operator, values: [this.value()] };
    }
    const start = this.i;
    const word = this.word();
    if (word === "in" || word === "notin") {
      this.skipWhitespace();
      if (this.peek() !== OPEN) throw this.error(`'(' after ${word}`);
      this.i++;
      return { key, operator: word, values: this.valueList() };
    }
    this.i = start;
    throw this.error("an operator (==, =, !=, in, notin), ',' or the end of the selector");
  }

  private valueList(): [string, ...string[]] {
    this.skipWhitespace();
    const values: [string, ...string[]] = [this.value()];
    for (;;) {
      this.skipWhitespace();
      const c = this.peek();
      if (c === CLOSE) {
        this.i++;
        return values;
      }
      if (c !== COMMA) throw this.error("',' or ')' in the list of values");
      this.i++;
      this.skipWhitespace();
      values.push(this.value());
    }
  }

  private key(): string {
    return this.token("a label key", "a valid label key", keyBreaches);
  }

  private value(): string {
    return this.token("a value", "a valid label value", valueBreaches);
  }

  /** A key or a value: a word, not empty, that breaks none of its label rules. */
  private token(
    expected: string,
    valid: string,
    breaches: (word: string) => readonly LabelRule[],
  ): string {
    const start = this.i;
    const word = this.word();
    if (word === "") throw this.error(expected);
    const [breach] = breaches(word);
    if (breach !== undefined) throw this.error(valid, start, breach);
    return word;
  }

  private word(): string {
    const start = this.i;
    while (!this.atEnd() && isWordCharacter(this.peek())) this.i++;
    return this.text.slice(start, this.i);
  }

  private skipWhitespace(): void {
    while (!this.atEnd() && isWhitespace(this.peek())) this.i++;
  }

  private atEnd(): boolean {
    return this.i >= this.text.length;
  }

  /** The char code `ahead` characters on, or NaN past the end (equal to nothing). */
  private peek(ahead = 0): number {
    return this.text.charCodeAt(this.i + ahead);
  }

  private error(expected: string, at = this.i, detail?: string): LabelSelectorError {
    // A short excerpt, not the whole text: a selector can be very long.
    const found =
      at >= this.text.length
        ? "the end of the selector"
        : JSON.stringify(this.text.slice(at, at + 16) + (this.text.length > at + 16 ? "..." : ""));
    return new LabelSelectorError(at, expected, found, detail);
  }
}

/** Parses a label selector (api-spec.md, Limits). Throws LabelSelectorError. */
export function parseLabelSelector(text: string): LabelRequirement[] {
  // Called from JavaScript too: a number or an object is the caller's mistake, said as such.
  if (typeof text !== "string") {
    const got = text === null ? "null" : Array.isArray(text) ? "an array" : `a ${typeof text}`;
    throw new InputValidationError(SELECTOR_FIELD, `must be a string (got ${got})`);
  }
  return new SelectorParser(text).parse();
}

/** The first rule a hand-built requirement breaks, so it cannot render into a broken selector. */
function requirementIssue(requirement: LabelRequirement): LabelIssue | undefined {
  const { key, operator, values } = requirement;
  const field = fieldOf(SELECTOR_FIELD, key);
  const [keyBreach] = keyBreaches(key);
  if (keyBreach !== undefined) return { key, field, rule: keyBreach };
  // `env in ()` is not in the grammar; the types say so, but a caller may cast an empty array.
  if ((operator === "in" || operator === "notin") && values.length === 0) {
    return { key, field, rule: LABEL_RULES.valueRequired };
  }
  for (const value of values) {
    const [valueBreach] = valueBreaches(value);
    if (valueBreach !== undefined) return { key, field, rule: valueBreach };
  }
  return undefined;
}

function checkRequirement(requirement: LabelRequirement): void {
  const issue = requirementIssue(requirement);
  if (issue !== undefined) throw new LabelValidationError([issue]);
}

function formatRequirement(r: LabelRequirement): string {
  switch (r.operator) {
    case "exists":
      return r.key;
    case "!":
      return `!${r.key}`;
    case "in":
    case "notin":
      return `${r.key} ${r.operator} (${r.values.join(", ")})`;
    default:
      return `${r.key}${r.operator}${r.values[0]}`;
  }
}

/**
 * The canonical text of requirements: conditions joined by ",", no spaces except around `in` and
 * `notin` and after the commas of their lists (the spec's own spelling). Throws
 * LabelValidationError for a requirement the grammar cannot express.
 */
export function formatLabelSelector(requirements: readonly LabelRequirement[]): string {
  for (const requirement of requirements) checkRequirement(requirement);
  return requirements.map(formatRequirement).join(",");
}

/**
 * Whether labels satisfy every requirement. As in Kubernetes, `!=` and `notin` also match when
 * the key is absent: "value differs" and "value is neither" hold for a missing value.
 */
export function matchesLabelSelector(
  requirements: readonly LabelRequirement[],
  labels: Readonly<Record<string, string>>,
): boolean {
  return requirements.every((r) => matchesRequirement(r, labels));
}

function matchesRequirement(
  r: LabelRequirement,
  labels: Readonly<Record<string, string>>,
): boolean {
  // hasOwn, not `in` or a lookup alone: "constructor" is a valid label key.
  const value = Object.hasOwn(labels, r.key) ? labels[r.key] : undefined;
  switch (r.operator) {
    case "=":
    case "==":
      return value === r.values[0];
    case "!=":
      return value !== r.values[0];
    case "exists":
      return value !== undefined;
    case "!":
      return value === undefined;
    case "in":
      return value !== undefined && r.values.includes(value);
    case "notin":
      return value === undefined || !r.values.includes(value);
  }
}

/**
 * An immutable selector builder: every method returns a new builder. Keys and values are checked
 * against the label rules as they are added (throwing LabelValidationError), so the text can
 * never break the grammar. The reserved prefix is allowed: it may not be set, but may be selected.
 */
export class LabelSelectorBuilder {
  static readonly empty = new LabelSelectorBuilder([]);

  private constructor(readonly requirements: readonly LabelRequirement[]) {}

  /** `key==value` */
  eq(key: string, value: string): LabelSelectorBuilder {
    return this.with({ key, operator: "==", values: [value] });
  }
  /** `key!=value` (also true when the key is absent) */
  ne(key: string, value: string): LabelSelectorBuilder {
    return this.with({ key, operator: "!=", values: [value] });
  }
  /** `key` */
  exists(key: string): LabelSelectorBuilder {
    return this.with({ key, operator: "exists", values: [] });
  }
  /** `!key` */
  notExists(key: string): LabelSelectorBuilder {
    return this.with({ key, operator: "!", values: [] });
  }
  /** `key in (v1, v2)`; at least one value. */
  in(key: string, values: readonly string[]): LabelSelectorBuilder {
    return this.withSet(key, "in", values);
  }
  /** `key notin (v1, v2)` (also true when the key is absent); at least one value. */
  notIn(key: string, values: readonly string[]): LabelSelectorBuilder {
    return this.withSet(key, "notin", values);
  }

  /** The selector text for `ListOptions.labelSelector`. */
  toString(): string {
    return formatLabelSelector(this.requirements);
  }

  private withSet(key: string, operator: SetOperator, values: readonly string[]) {
    const [first, ...rest] = values;
    if (first === undefined) {
      throw new LabelValidationError([
        { key, field: fieldOf(SELECTOR_FIELD, key), rule: LABEL_RULES.valueRequired },
      ]);
    }
    return this.with({ key, operator, values: [first, ...rest] });
  }

  private with(requirement: LabelRequirement): LabelSelectorBuilder {
    checkRequirement(requirement);
    return new LabelSelectorBuilder(Object.freeze([...this.requirements, requirement]));
  }
}

/** An empty selector builder (an empty selector matches everything). */
export function labelSelector(): LabelSelectorBuilder {
  return LabelSelectorBuilder.empty;
}

/**
 * A selector matching objects that carry all these labels (`k1==v1,k2==v2`), keys sorted so the
 * same labels always give the same text. Empty labels are refused: the empty selector matches
 * every object, which is never what a lookup by labels means.
 */
export function labelSelectorFromLabels(labels: Readonly<Record<string, string>>): string {
  const entries = Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length === 0) {
    throw new InputValidationError(
      SELECTOR_FIELD,
      "at least one label is required (an empty selector matches everything)",
    );
  }
  let builder = labelSelector();
  for (const [key, value] of entries) builder = builder.eq(key, value);
  return builder.toString();
}
