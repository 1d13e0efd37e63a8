// Property tests of the label selector grammar (sdk/labels.ts): generated requirements survive
// format -> parse unchanged (with the canonical text and with any spacing the grammar allows),
// and no text at all makes the parser throw anything but a LabelSelectorError.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputValidationError } from "../../sdk/core/errors";
import {
  formatLabelSelector,
  type LabelRequirement,
  LabelSelectorError,
  matchesLabelSelector,
  parseLabelSelector,
} from "../../sdk/labels";
import { labelName, labelPrefix, labelValue, runs } from "./arbitraries";

// Selectors may name reserved keys (the service's own labels can be selected, not set).
const selectorKey = fc.oneof(
  labelName(),
  fc.tuple(labelPrefix(), labelName()).map(([p, n]) => `${p}/${n}`),
  labelName().map((n) => `servers.com/${n}`),
  // Keys that read like the grammar's words: a parser that matched words before keys would trip.
  fc.constantFrom("in", "notin", "x.in", "in-1", "notin/in", "exists"),
);
const selectorValue = fc.oneof(labelValue(), fc.constantFrom("in", "notin", "0", "a_b"));

const requirement: fc.Arbitrary<LabelRequirement> = fc.oneof(
  fc
    .tuple(selectorKey, fc.constantFrom("=", "==", "!=" as const), selectorValue)
    .map(([key, operator, value]) => ({ key, operator, values: [value] as [string] })),
  fc
    .tuple(selectorKey, fc.constantFrom("exists", "!" as const))
    .map(([key, operator]) => ({ key, operator, values: [] as [] })),
  fc
    .tuple(
      selectorKey,
      fc.constantFrom("in", "notin" as const),
      fc.array(selectorValue, { minLength: 1, maxLength: 4 }),
    )
    .map(([key, operator, values]) => ({
      key,
      operator,
      values: values as [string, ...string[]],
    })),
);
const requirements = fc.array(requirement, { maxLength: 6 });

// The grammar's whitespace: spaces, tabs, CR and LF, anywhere between tokens.
const blank = fc.string({ unit: fc.constantFrom(" ", "\t", "\n", "\r"), maxLength: 3 });

/**
 * The test's own formatter, independent of formatLabelSelector: every place the grammar allows
 * whitespace gets some (drawn from `spaces`), and `in`/`notin` get the spaces they need.
 */
function spacedText(list: readonly LabelRequirement[], spaces: () => string): string {
  const one = (r: LabelRequirement): string => {
    const s = spaces;
    switch (r.operator) {
      case "exists":
        return `${s()}${r.key}${s()}`;
      case "!":
        return `${s()}!${s()}${r.key}${s()}`;
      case "in":
      case "notin":
        // A word operator needs at least one blank after the key to read as a separate word.
        return `${s()}${r.key} ${s()}${r.operator}${s()}(${r.values.map((v) => `${s()}${v}${s()}`).join(",")})${s()}`;
      default:
        return `${s()}${r.key}${s()}${r.operator}${s()}${r.values[0]}${s()}`;
    }
  };
  return list.map(one).join(",");
}

/** A parse that must not fail with anything but the grammar's own error. */
function parseOrSelectorError(text: string): LabelRequirement[] | LabelSelectorError {
  try {
    return parseLabelSelector(text);
  } catch (error) {
    if (error instanceof LabelSelectorError) return error;
    throw error;
  }
}

describe("label selectors: round trip", () => {
  it("parse(format(requirements)) gives the requirements back", () => {
    fc.assert(
      fc.property(requirements, (list) => {
        expect(parseLabelSelector(formatLabelSelector(list))).toEqual(list);
      }),
      runs(1000, 401),
    );
  });

  it("any spacing the grammar allows parses to the same requirements", () => {
    fc.assert(
      fc.property(
        requirements.filter((l) => l.length > 0),
        fc.infiniteStream(blank),
        (list, stream) => {
          const spaces = stream[Symbol.iterator]();
          const text = spacedText(list, () => spaces.next().value ?? "");
          expect(parseLabelSelector(text)).toEqual(list);
        },
      ),
      runs(1000, 402),
    );
  });

  // The canonical text is a fixed point: what the simulator or the service is sent does not
  // depend on how a selector was first spelled.
  it("format(parse(text)) is stable: formatting twice gives the same text", () => {
    fc.assert(
      fc.property(requirements, fc.infiniteStream(blank), (list, stream) => {
        const spaces = stream[Symbol.iterator]();
        const canonical = formatLabelSelector(
          parseLabelSelector(spacedText(list, () => spaces.next().value ?? "")),
        );
        expect(canonical).toBe(formatLabelSelector(list));
        expect(formatLabelSelector(parseLabelSelector(canonical))).toBe(canonical);
      }),
      runs(500, 403),
    );
  });

  // Matching is defined on the parsed form: what the formatted text selects is what the
  // requirements select, for labels drawn from the same keys and values.
  it("the parsed selector matches exactly the labels the requirements match", () => {
    fc.assert(
      fc.property(
        requirements,
        fc.dictionary(selectorKey, selectorValue, { maxKeys: 5, noNullPrototype: true }),
        (list, labels) => {
          const parsed = parseLabelSelector(formatLabelSelector(list));
          expect(matchesLabelSelector(parsed, labels)).toBe(matchesLabelSelector(list, labels));
        },
      ),
      runs(500, 404),
    );
  });
});

describe("label selectors: any text", () => {
  // Text in the grammar's own alphabet reaches deep into the parser (half-written operators,
  // unbalanced parentheses, stray commas); arbitrary Unicode and lone surrogates cover the rest.
  const grammarish = fc.string({
    unit: fc.constantFrom(
      "a",
      "Z",
      "0",
      "-",
      ".",
      "_",
      "/",
      "=",
      "!",
      "(",
      ")",
      ",",
      " ",
      "\t",
      "\n",
      "in",
      "notin",
      "servers.com/",
      "é",
      "\u{1F600}",
      "\uD800",
    ),
    maxLength: 40,
  });
  const anyText = fc.oneof(
    grammarish,
    fc.string({ unit: "grapheme", maxLength: 60 }),
    fc.string({ unit: "binary", maxLength: 60 }),
    // A valid selector with one character deleted, replaced or inserted: near misses.
    fc
      .tuple(requirements, fc.nat(), fc.string({ unit: "binary", maxLength: 1 }), fc.boolean())
      .map(([list, n, c, replace]) => {
        const text = formatLabelSelector(list);
        const at = text.length === 0 ? 0 : n % text.length;
        return text.slice(0, at) + c + text.slice(at + (replace ? 1 : 0));
      }),
  );

  it("either parses or throws a LabelSelectorError pointing into the text", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const result = parseOrSelectorError(text);
        if (result instanceof LabelSelectorError) {
          expect(result).toBeInstanceOf(InputValidationError);
          expect(result.field).toBe("label_selector");
          expect(result.position).toBeGreaterThanOrEqual(0);
          expect(result.position).toBeLessThanOrEqual(text.length);
          expect(result.message).toContain(`offset ${result.position}`);
          return;
        }
        // Whatever parses is well formed: it formats (no LabelValidationError) and round trips.
        expect(parseLabelSelector(formatLabelSelector(result))).toEqual(result);
      }),
      runs(3000, 405),
    );
  });

  it("handles 100,000-character selectors of every shape (a stuck parser hits the timeout)", () => {
    const n = 100_000;
    const shapes = [
      "a,".repeat(n / 2),
      "a in (".concat("b,".repeat(n / 2)),
      "(".repeat(n),
      "!".repeat(n),
      "=".repeat(n),
      " ".repeat(n),
      "a".repeat(n),
      `a in (${"b, ".repeat(n / 3)}b)`,
      "a=b,".repeat(n / 4).slice(0, -1),
    ];
    for (const text of shapes) {
      const result = parseOrSelectorError(text);
      expect(Array.isArray(result) || result instanceof LabelSelectorError).toBe(true);
    }
  });
});
