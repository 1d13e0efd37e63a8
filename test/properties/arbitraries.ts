// Shared generators of the property tests: labels (valid by construction), label keys and values
// that break exactly one rule, and API records derived from the SDK's zod schemas. Not a test
// file itself (vitest runs *.test.ts only).
import fc from "fast-check";
import type { z } from "zod";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import { isReservedLabelKey } from "../../sdk/labels";

// --- reproducible runs ---

/**
 * Settings for fc.assert: a fixed seed per property, so that a failure in CI fails the same way
 * on a laptop. FC_SEED=random (or a number) explores other runs; fast-check prints the seed and
 * the shrunk counterexample of any failure, which `seed`+`path` replay.
 */
export function runs(numRuns: number, seed: number): fc.Parameters<unknown> {
  const override = process.env.FC_SEED;
  if (override === undefined) return { numRuns, seed };
  if (override === "random") return { numRuns };
  return { numRuns, seed: Number(override) };
}

// --- characters (ASCII only: the spec's "Latin") ---

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = LOWER.toUpperCase();
const DIGITS = "0123456789";
const chars = (text: string) => fc.constantFrom(...text.split(""));

export const alnum = chars(LOWER + UPPER + DIGITS);
const lowerAlnum = chars(LOWER + DIGITS);
const keyChar = chars(`${LOWER}${UPPER}${DIGITS}-.`);
const valueChar = chars(`${LOWER}${UPPER}${DIGITS}-._`);
const prefixPartChar = chars(`${LOWER}${DIGITS}-`);

/**
 * `first middle last` with letter-or-digit ends, `min`..`max` characters in all. fast-check keeps
 * strings short by default (size "small"), so lengths up to `max` and exactly `max` are asked for
 * explicitly: the bounds are where off-by-one bugs live.
 */
function bounded(
  middle: fc.Arbitrary<string>,
  ends: fc.Arbitrary<string>,
  min: number,
  max: number,
): fc.Arbitrary<string> {
  const framed = (lo: number, hi: number, size: fc.SizeForArbitrary) =>
    fc
      .tuple(ends, fc.string({ unit: middle, minLength: lo, maxLength: hi, size }), ends)
      .map(([a, m, b]) => a + m + b);
  const lo = Math.max(0, min - 2);
  return fc.oneof(
    ...(min <= 1 ? [ends] : []),
    framed(lo, max - 2, "small"),
    framed(lo, max - 2, "max"),
    framed(max - 2, max - 2, "small"),
  );
}

// --- valid labels ---

/** A key's name: 1 to 63 of [A-Za-z0-9-.], letter or digit at both ends. */
export const labelName = (min = 1, max = 63) => bounded(keyChar, alnum, min, max);

/** A label value: 1 to 63 of [A-Za-z0-9-._], letter or digit at both ends. */
export const labelValue = (min = 1, max = 63) => bounded(valueChar, alnum, min, max);

/**
 * A key prefix: dot-separated lowercase parts of 1 to `maxPart` characters, letter or digit at
 * both ends, at most 253 characters, not the service's own domain. With `maxPart` 63, also
 * prefixes of exactly 253 characters made of 63-character parts.
 */
export const labelPrefix = (maxPart = 63, maxParts = 4): fc.Arbitrary<string> => {
  const part = fc.oneof(
    fc.string({ unit: prefixPartChar, minLength: 1, maxLength: maxPart }),
    fc.string({ unit: prefixPartChar, minLength: 1, maxLength: maxPart, size: "max" }),
  );
  const any = fc
    .array(part, { minLength: 1, maxLength: maxParts })
    .map((parts) => parts.join("."))
    .filter(
      (prefix) =>
        prefix.length <= 253 &&
        /^[a-z0-9]/.test(prefix) &&
        /[a-z0-9]$/.test(prefix) &&
        !isReservedLabelKey(`${prefix}/x`),
    );
  if (maxPart < 63 || maxParts < 4) return any;
  const exact = (n: number) => bounded(prefixPartChar, lowerAlnum, n, n);
  const longest = fc
    .tuple(exact(63), exact(63), exact(63), exact(61))
    .map((parts) => parts.join("."));
  return fc.oneof({ arbitrary: any, weight: 4 }, { arbitrary: longest, weight: 1 });
};

/** A valid key: `name` or `prefix/name`. */
export const labelKey: fc.Arbitrary<string> = fc.oneof(
  labelName(),
  fc.tuple(labelPrefix(), labelName()).map(([prefix, name]) => `${prefix}/${name}`),
);

/** Valid labels as a user writes them (never the ownership label: check refuses it). */
export const userLabels: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  labelKey.filter((key) => key !== OWNER_LABEL_KEY),
  labelValue(),
  { maxKeys: 6, noNullPrototype: true },
);

/** The ownership label's value: "o" and 40 hex characters (ownership.ts). */
export const ownerValue = fc
  .string({ unit: chars("0123456789abcdef"), minLength: 40, maxLength: 40 })
  .map((hex) => `o${hex}`);

/** Labels as the API holds them for a provider-made object: the user's, maybe with ownership. */
export const recordLabels: fc.Arbitrary<Record<string, string>> = fc
  .tuple(userLabels, fc.option(ownerValue, { nil: undefined }))
  .map(([labels, owner]) =>
    owner === undefined ? labels : { ...labels, [OWNER_LABEL_KEY]: owner },
  );

// --- keys and values that break one rule ---

/**
 * One character a value may not hold: a grapheme of any plane (at most 8 UTF-16 units, so that
 * inserting it keeps a short value within 63) or a lone surrogate.
 */
export const notValueChar = fc
  .oneof(
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  )
  .filter(
    (c) => c.length > 0 && c.length <= 8 && [...c].every((ch) => !/^[A-Za-z0-9._/-]$/.test(ch)),
  );

/** Characters a key may not hold (an underscore among them), never the slash (a separator). */
export const notKeyChar = fc.oneof(notValueChar, fc.constant("_"));

/** `text` with `insert` at a position strictly inside it (so both ends stay as they were). */
export function insideOf(text: fc.Arbitrary<string>, insert: fc.Arbitrary<string>) {
  return fc
    .tuple(
      text.filter((t) => t.length >= 2),
      insert,
      fc.nat(),
    )
    .map(([t, c, n]) => {
      const at = 1 + (n % (t.length - 1));
      return t.slice(0, at) + c + t.slice(at);
    });
}

/** A dash or dot at one end of `text`: no longer a letter or digit there. */
export function badEnd(text: fc.Arbitrary<string>, ends: string) {
  return fc
    .tuple(text, chars(ends), fc.boolean())
    .map(([t, c, atStart]) => (atStart ? c + t : t + c));
}

// --- timestamps, addresses, ids ---

const instant = fc.date({
  min: new Date("2015-01-01T00:00:00Z"),
  max: new Date("2035-12-31T23:59:59Z"),
  noInvalidDate: true,
});
/** ISO 8601 UTC as the API writes it, with or without milliseconds. */
export const timestamp = fc
  .tuple(instant, fc.boolean())
  .map(([d, ms]) => (ms ? d.toISOString() : d.toISOString().replace(/\.\d{3}Z$/, "Z")));
export const calendarDate = instant.map((d) => d.toISOString().slice(0, 10));
export const ipv4 = fc.ipV4();
export const ipv6 = fc.ipV6();
/** An opaque API id such as "Rbs2KdWL". */
export const apiId = fc.string({ unit: alnum, minLength: 4, maxLength: 12 });
/** An MD5 fingerprint as the API spells SSH key ids: 16 colon-separated hex pairs. */
export const fingerprint = fc
  .array(fc.string({ unit: chars("0123456789abcdef"), minLength: 2, maxLength: 2 }), {
    minLength: 16,
    maxLength: 16,
  })
  .map((pairs) => pairs.join(":"));
/** Free text as people name things: any well-formed Unicode, emoji and accents included. */
export const text = fc.string({ unit: "grapheme", maxLength: 24 });

// --- records from the SDK's schemas ---

/** Per-field generators by field name, for realism; `undefined` falls back to the schema's type. */
export type FieldOverrides = Readonly<Record<string, fc.Arbitrary<unknown>>>;

/** The generic fields every area shares, by name (realistic shapes for timestamps, labels...). */
export const COMMON_FIELDS: FieldOverrides = {
  labels: recordLabels,
  created_at: timestamp,
  updated_at: timestamp,
  expires_at: fc.option(timestamp, { nil: null }),
  lease_start_at: fc.option(calendarDate, { nil: null }),
  private_ipv4_address: fc.option(ipv4, { nil: null }),
  public_ipv4_address: fc.option(ipv4, { nil: null }),
  oob_ipv4_address: fc.option(ipv4, { nil: null }),
  local_ipv4_address: fc.option(ipv4, { nil: null }),
  public_ipv6_address: fc.option(ipv6, { nil: null }),
  ip_address: fc.option(ipv4, { nil: null }),
  id: apiId,
};

/** The parts of zod's internal definition that the derivation reads (zod 4, `_zod.def`). */
interface SchemaDef {
  readonly type: string;
  readonly shape?: Readonly<Record<string, z.ZodType>>;
  readonly innerType?: z.ZodType;
  readonly element?: z.ZodType;
  readonly valueType?: z.ZodType;
  readonly values?: readonly unknown[];
  readonly entries?: Readonly<Record<string, unknown>>;
}

function defOf(schema: z.ZodType): SchemaDef {
  return schema._zod.def as unknown as SchemaDef;
}

/**
 * A generator of values the schema accepts, derived from its shape: each field by its name in
 * `overrides` when listed, else by its type. Optional fields are sometimes absent (older records
 * lack them), never `undefined` (JSON has no undefined); nullable ones sometimes null. Deriving
 * keeps the generators in step with the schemas: a field added to a schema is generated at once.
 */
export function recordOf<T>(schema: z.ZodType<T>, overrides: FieldOverrides = {}): fc.Arbitrary<T> {
  return derive(schema, undefined, { ...COMMON_FIELDS, ...overrides }) as fc.Arbitrary<T>;
}

function derive(
  schema: z.ZodType,
  field: string | undefined,
  overrides: FieldOverrides,
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      const shape = def.shape ?? {};
      const fields: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [name, inner] of Object.entries(shape)) {
        const innerDef = defOf(inner);
        const optional = innerDef.type === "optional";
        const target = optional && innerDef.innerType !== undefined ? innerDef.innerType : inner;
        fields[name] = overrides[name] ?? derive(target, name, overrides);
        if (!optional) required.push(name);
      }
      return fc.record(fields, { requiredKeys: required, noNullPrototype: true });
    }
    case "optional":
      return def.innerType === undefined
        ? fc.constant(undefined)
        : derive(def.innerType, field, overrides);
    case "nullable":
      return def.innerType === undefined
        ? fc.constant(null)
        : fc.option(derive(def.innerType, field, overrides), { nil: null, freq: 3 });
    case "array":
      return def.element === undefined
        ? fc.constant([])
        : fc.array(derive(def.element, field, overrides), { maxLength: 4 });
    case "record":
      return fc.dictionary(
        text,
        def.valueType === undefined ? text : derive(def.valueType, field, overrides),
        { maxKeys: 4, noNullPrototype: true },
      );
    case "literal":
      return fc.constantFrom(...(def.values ?? []));
    case "enum":
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case "string":
      return text;
    case "number":
      // Ids, sizes and counts: whole numbers where the schema says so, else any finite number.
      return (schema as unknown as { isInt: boolean }).isInt
        ? fc.integer({ min: 0, max: 1_000_000 })
        : fc.double({ min: 0, max: 100_000, noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    default:
      throw new Error(`recordOf: no generator for a zod ${def.type} (field ${field ?? "(root)"})`);
  }
}
