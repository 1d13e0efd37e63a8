// Property tests of the label validator (sdk/labels.ts). test/sdk/labels.test.ts has a table of
// examples per rule; these generate the labels instead: every valid shape is accepted, a label
// broken in exactly one way is refused naming exactly that rule, and no input whatever makes the
// validator throw anything but its own error.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputValidationError } from "../../sdk/core/errors";
import {
  isReservedLabelKey,
  LABEL_RULES,
  type LabelRule,
  LabelValidationError,
  labelIssues,
  labelSelectorFromLabels,
  matchesLabelSelector,
  parseLabelSelector,
  validateLabels,
} from "../../sdk/labels";
import { thrownBy } from "../support/thrown";
import {
  badEnd,
  insideOf,
  labelKey,
  labelName,
  labelPrefix,
  labelValue,
  notKeyChar,
  notValueChar,
  runs,
  userLabels,
} from "./arbitraries";

const ALL_RULES: ReadonlySet<string> = new Set(Object.values(LABEL_RULES));

/** The rules `validateLabels` reports, from its error; [] when it accepts the labels. */
function rulesReported(labels: unknown): string[] {
  try {
    validateLabels(labels);
    return [];
  } catch (error) {
    if (!(error instanceof LabelValidationError)) throw error;
    return error.issues.map((issue) => issue.rule);
  }
}

// Room to spare, so that inserting or appending a character (up to 8 UTF-16 units: an emoji, a
// combined grapheme) cannot push a part, a name or a value past its bound and break a second
// rule by accident.
const shortPrefix = labelPrefix(20, 3);
const shortName = labelName(1, 55);
const shortValue = labelValue(1, 55);
const anyValue = labelValue();
const lowerChars = /[a-z]/;
/** Any text: printable, any Unicode, and lone surrogates. */
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "binary" }),
);

/**
 * For each rule, labels `[key, value]` that break that rule and no other. A rule that stopped
 * being checked makes its case pass validation; one that fires for the wrong reason, or a rule
 * that drags another in, makes the reported set differ.
 */
const breakers: ReadonlyArray<readonly [LabelRule, fc.Arbitrary<readonly [string, unknown]>]> = [
  [
    LABEL_RULES.keyShape,
    // Two slashes make prefix and name ambiguous: the only rule reported, whatever the rest is
    // (unless the text before the first slash is the reserved domain, which is its own rule).
    fc
      .tuple(anyText, anyText, anyText, fc.array(anyText, { maxLength: 2 }))
      .map(([a, b, c, more]) => [a, b, c, ...more].join("/"))
      .filter((key) => !isReservedLabelKey(key))
      .map((key) => [key, "v"] as const),
  ],
  [
    LABEL_RULES.nameRequired,
    fc
      .oneof(
        fc.constant(""),
        shortPrefix.map((p) => `${p}/`),
      )
      .map((key) => [key, "v"] as const),
  ],
  [LABEL_RULES.prefixRequired, labelName().map((name) => [`/${name}`, "v"] as const)],
  [
    LABEL_RULES.keyCharacters,
    fc
      .oneof(
        insideOf(shortName, notKeyChar),
        fc
          .tuple(insideOf(shortPrefix, notKeyChar), labelName())
          .map(([prefix, name]) => `${prefix}/${name}`),
      )
      .map((key) => [key, "v"] as const),
  ],
  [
    LABEL_RULES.prefixLowercase,
    fc
      .tuple(
        shortPrefix.filter((p) => lowerChars.test(p)),
        fc.nat(),
        labelName(),
      )
      .map(([prefix, n, name]) => {
        const letters = [...prefix].flatMap((c, i) => (lowerChars.test(c) ? [i] : []));
        const at = letters[n % letters.length] ?? 0;
        const upper = prefix.slice(0, at) + prefix.charAt(at).toUpperCase() + prefix.slice(at + 1);
        return [`${upper}/${name}`, "v"] as const;
      })
      // "SERVERS.com" is the reserved domain too (the reservation ignores case).
      .filter(([key]) => !isReservedLabelKey(key)),
  ],
  [
    LABEL_RULES.prefixEnds,
    fc
      .tuple(badEnd(shortPrefix, "-"), labelName())
      .map(([prefix, name]) => [`${prefix}/${name}`, "v"] as const),
  ],
  [
    LABEL_RULES.nameEnds,
    fc
      .tuple(fc.option(labelPrefix(), { nil: undefined }), badEnd(shortName, "-."))
      .map(([prefix, name]) => [prefix === undefined ? name : `${prefix}/${name}`, "v"] as const),
  ],
  [
    LABEL_RULES.prefixLength,
    // Five to eight parts of 50 to 63 characters: 254 and more, each part within its bound.
    fc
      .array(fc.string({ unit: fc.constantFrom(..."abcxyz0129"), minLength: 50, maxLength: 63 }), {
        minLength: 5,
        maxLength: 8,
      })
      .map((parts) => [`${parts.join(".")}/app`, "v"] as const),
  ],
  [
    LABEL_RULES.prefixParts,
    fc.oneof(
      // An empty part between two others ("a..b"): the ends stay letters or digits.
      fc
        .tuple(shortPrefix, shortPrefix, labelName())
        .map(([a, b, name]) => [`${a}..${b}/${name}`, "v"] as const),
      // A part of 64 to 100 characters in a prefix that is still short enough.
      fc
        .tuple(
          fc.string({ unit: fc.constantFrom(..."abc019"), minLength: 64, maxLength: 100 }),
          labelName(),
        )
        .map(([part, name]) => [`x.${part}/${name}`, "v"] as const),
    ),
  ],
  [
    LABEL_RULES.nameLength,
    fc
      .tuple(fc.option(labelPrefix(), { nil: undefined }), labelName(64, 120))
      .map(([prefix, name]) => [prefix === undefined ? name : `${prefix}/${name}`, "v"] as const),
  ],
  [
    LABEL_RULES.reservedPrefix,
    fc
      .tuple(fc.option(shortPrefix, { nil: undefined }), labelName())
      .map(
        ([sub, name]) => [`${sub === undefined ? "" : `${sub}.`}servers.com/${name}`, "v"] as const,
      ),
  ],
  [
    LABEL_RULES.valueType,
    fc
      .tuple(
        labelKey,
        fc.oneof(
          fc.integer(),
          fc.double(),
          fc.boolean(),
          fc.constant(null),
          fc.constant(undefined),
          fc.bigInt(),
          fc.array(fc.string(), { maxLength: 2 }),
          fc.object({ maxDepth: 1 }),
          fc.string().map((s) => new String(s)),
        ),
      )
      .map(([key, value]) => [key, value] as const),
  ],
  [LABEL_RULES.valueRequired, labelKey.map((key) => [key, ""] as const)],
  [
    LABEL_RULES.valueCharacters,
    fc.tuple(labelKey, insideOf(shortValue, notValueChar)).map(([k, v]) => [k, v] as const),
  ],
  [
    LABEL_RULES.valueEnds,
    fc.tuple(labelKey, badEnd(shortValue, "-._")).map(([k, v]) => [k, v] as const),
  ],
  [
    LABEL_RULES.valueLength,
    fc.tuple(labelKey, labelValue(64, 130)).map(([k, v]) => [k, v] as const),
  ],
];

describe("label validator: generated valid labels", () => {
  it("accepts any labels built by the rules (keys with and without prefix, edge lengths)", () => {
    fc.assert(
      fc.property(userLabels, (labels) => {
        expect(labelIssues(labels)).toEqual([]);
        expect(() => validateLabels(labels)).not.toThrow();
      }),
      runs(500, 101),
    );
  });

  it("accepts every single valid key and value, 63-character names and values included", () => {
    fc.assert(
      fc.property(labelKey, anyValue, (key, value) => {
        expect(labelIssues({ [key]: value })).toEqual([]);
      }),
      runs(1000, 102),
    );
  });

  // The provider finds its objects by a selector made of labels (the ownership label): every
  // valid label set must become selector text that parses back and matches those very labels.
  it("turns into a selector that parses back and matches the labels", () => {
    fc.assert(
      fc.property(
        userLabels.filter((l) => Object.keys(l).length > 0),
        (labels) => {
          const requirements = parseLabelSelector(labelSelectorFromLabels(labels));
          expect(requirements).toHaveLength(Object.keys(labels).length);
          expect(matchesLabelSelector(requirements, labels)).toBe(true);
        },
      ),
      runs(300, 103),
    );
  });
});

describe("label validator: labels broken in exactly one way", () => {
  for (const [rule, broken] of breakers) {
    it(`refuses with exactly "${rule}"`, () => {
      fc.assert(
        fc.property(userLabels, broken, (valid, [key, value]) => {
          // One broken label among valid ones: only it is reported, with only its rule.
          const labels = { ...valid, [key]: value };
          expect(labelIssues(labels).map((i) => [i.key, i.rule])).toEqual([[key, rule]]);
          const thrown = thrownBy(() => validateLabels(labels));
          expect(thrown).toBeInstanceOf(LabelValidationError);
          const error = thrown as LabelValidationError;
          expect(error.rule).toBe(rule);
          expect(error.key).toBe(key);
          expect(error.issues).toHaveLength(1);
          expect(error.message).toContain(rule);
          // The field names where the label is, under the given base name.
          expect(error.field.startsWith("labels.") || error.field.startsWith("labels[")).toBe(true);
        }),
        runs(200, 200 + breakers.findIndex(([r]) => r === rule)),
      );
    });
  }

  it("reports one issue per broken label, in the labels' key order", () => {
    const anyBroken = fc.oneof(
      ...breakers.map(([rule, arbitrary]) =>
        arbitrary.map(([key, value]) => ({ rule, key, value })),
      ),
    );
    fc.assert(
      fc.property(fc.array(anyBroken, { minLength: 2, maxLength: 5 }), (entries) => {
        // Two entries may share a key: the later one replaces the earlier, as in any object.
        const labels: Record<string, unknown> = {};
        for (const { key, value } of entries) labels[key] = value;
        // Object.keys order (integer-like keys first): the order the issues are reported in.
        const expected = Object.keys(labels).map((key) => [
          key,
          entries.filter((e) => e.key === key).at(-1)?.rule,
        ]);
        expect(labelIssues(labels).map((i) => [i.key, i.rule])).toEqual(expected);
        expect(rulesReported(labels)).toEqual(expected.map(([, rule]) => rule));
      }),
      runs(200, 299),
    );
  });
});

describe("label validator: any input", () => {
  // Whatever a program or a state file passes (the engine's values are arbitrary JSON; a caller
  // of the SDK may pass anything), the answer is either acceptance or a LabelValidationError that
  // lists known rules: never a TypeError from poking at a strange object.
  const strangeInputs = fc.oneof(
    fc.anything({
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
      key: fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.constant("__proto__")),
    }),
    fc.dictionary(
      fc.string({ unit: "binary" }),
      fc.oneof(fc.string({ unit: "binary" }), fc.anything()),
    ),
    fc.dictionary(labelKey, fc.oneof(anyValue, fc.string({ unit: "binary" }))),
    fc.constantFrom(
      Object.create(null),
      new (class Labels {})(),
      Object.freeze({ a: "b" }),
      JSON.parse('{"__proto__": "x", "constructor": "y"}'),
      [],
      () => ({}),
      Symbol("labels"),
    ),
  );

  it("accepts or throws a LabelValidationError naming known rules, nothing else", () => {
    fc.assert(
      fc.property(strangeInputs, (input) => {
        const issues = labelIssues(input);
        for (const issue of issues) expect(ALL_RULES.has(issue.rule)).toBe(true);
        try {
          validateLabels(input);
        } catch (error) {
          expect(error).toBeInstanceOf(LabelValidationError);
          expect(error).toBeInstanceOf(InputValidationError);
          expect((error as LabelValidationError).issues).toEqual(issues);
          return;
        }
        // Accepted: then it really is a plain object of strings with no issue.
        expect(issues).toEqual([]);
        expect(typeof input === "object" && input !== null && !Array.isArray(input)).toBe(true);
        for (const value of Object.values(input as object)) expect(typeof value).toBe("string");
      }),
      runs(1000, 301),
    );
  });
});
