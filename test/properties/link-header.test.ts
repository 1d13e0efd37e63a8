// Property tests of the Link header parser (sdk/core/pagination.ts). It reads a header from the
// network, so it must take anything: every string gives a result (it has no error of its own:
// malformed links are skipped), generated headers round trip to their rel -> URL map, and hostile
// 100,000-character headers finish. No test here measures time (house rule). Linearity comes
// from reading the parser: one forward scan whose every loop advances the index, indexOf for the
// closing '>', and a single regular expression, /[ \t]+/ splitting a rel value, with one
// quantifier over one character class (nothing to backtrack into). So each adversarial shape
// below is linear; a backtracking parser would spin far past vitest's timeout on them.
// bench/parsers.mjs prints the 10k/100k times and their ratio.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PageLinks } from "../../sdk/core/contract";
import { parseLinkHeader } from "../../sdk/core/pagination";
import { runs } from "./arbitraries";

const RELS = ["next", "prev", "first", "last"] as const;
type Rel = (typeof RELS)[number];

/** What any result must look like: only the four rels, each a piece of the header's text. */
function expectWellFormed(header: string, links: PageLinks): void {
  expect(Object.getPrototypeOf(links)).toBe(Object.prototype);
  for (const [rel, url] of Object.entries(links)) {
    expect(RELS).toContain(rel);
    expect(typeof url).toBe("string");
    expect(header).toContain(url);
  }
}

// --- generated headers ---

const blank = fc.string({ unit: fc.constantFrom(" ", "\t"), maxLength: 2 });
const token = fc.string({
  unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-*!#$%&'+.^_`|~"),
  minLength: 1,
  maxLength: 8,
});

/** A parameter's value as a quoted string: any text, `"` and `\` escaped (RFC 9110 5.6.4). */
function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

interface GeneratedLink {
  readonly url: string;
  /** The rel parameters in order (only the first counts, RFC 8288 3.3), each a list of types. */
  readonly rels: readonly (readonly string[])[];
  readonly text: string;
}

const relType = fc.oneof(
  fc.constantFrom(...RELS),
  fc.constantFrom("alternate", "canonical", "self", "nextpage", "last-modified"),
);

/** `rel=next` or `rel="next last"` (any case, tabs or spaces between types). */
const relParameter = fc
  .tuple(
    fc.array(relType, { minLength: 1, maxLength: 3 }),
    fc.array(fc.constantFrom(" ", "\t", "  "), { minLength: 3, maxLength: 3 }),
    fc.boolean(),
    fc.constantFrom("rel", "REL", "Rel"),
    fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  )
  .map(([types, gaps, isQuoted, name, upper]) => {
    // Relation types compare without regard to case (RFC 8288 2.1.1).
    const cased = types.map((t, i) => (upper[i] === true ? t.toUpperCase() : t));
    // Unquoted, a value is one token: a single type.
    const value = isQuoted
      ? quoted(cased.map((t, i) => (i === 0 ? t : `${gaps[i % gaps.length]}${t}`)).join(""))
      : (cased[0] as string);
    return { types: isQuoted ? types : types.slice(0, 1), text: `${name}=${value}` };
  });

/** Other parameters, whose quoted values carry the header's separators: , ; < > = and quotes. */
const otherParameter = fc
  .tuple(
    token.filter((t) => t.toLowerCase() !== "rel"),
    fc.oneof(
      token,
      fc
        .string({
          unit: fc.constantFrom("a", ",", ";", "<", ">", "=", '"', "\\", " ", "é"),
          maxLength: 12,
        })
        .map(quoted),
    ),
  )
  .map(([name, value]) => ({ types: undefined, text: `${name}=${value}` }));

const link: fc.Arbitrary<GeneratedLink> = fc
  .tuple(
    // URLs with queries and fragments: commas, semicolons and = inside <...> must not split.
    fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.webUrl().map((u) => `${u}?page=2&label_selector=a%3Db,c;d`),
      fc.constantFrom("/v1/hosts?page=2", "?page=3", ""),
    ),
    fc.array(fc.oneof(relParameter, otherParameter), { maxLength: 4 }),
    fc.infiniteStream(blank),
  )
  .map(([url, params, stream]) => {
    const ws = stream[Symbol.iterator]();
    const b = () => ws.next().value ?? "";
    const text = `<${url}>${params.map((p) => `${b()};${b()}${p.text.replace("=", `${b()}=${b()}`)}`).join("")}${b()}`;
    const rels = params.flatMap((p) => (p.types === undefined ? [] : [p.types]));
    return { url, rels, text };
  });

/** The map the header means: the first link of each rel, by the first rel parameter of a link. */
function expectedLinks(links: readonly GeneratedLink[]): Partial<Record<Rel, string>> {
  const out: Partial<Record<Rel, string>> = {};
  for (const l of links) {
    for (const type of l.rels[0] ?? []) {
      const rel = type.toLowerCase();
      if ((RELS as readonly string[]).includes(rel) && out[rel as Rel] === undefined) {
        out[rel as Rel] = l.url;
      }
    }
  }
  return out;
}

describe("Link header: round trip", () => {
  it("a generated header parses to the first URL of each rel", () => {
    fc.assert(
      fc.property(
        fc.array(link, { maxLength: 6 }),
        fc.array(blank, { maxLength: 6 }),
        (links, gaps) => {
          const header = links.map((l, i) => `${gaps[i] ?? ""}${l.text}`).join(",");
          expect(parseLinkHeader(header)).toEqual(expectedLinks(links));
        },
      ),
      runs(1000, 501),
    );
  });

  // The simulator's and the service's own spelling: `<url>; rel="next", <url>; rel="last"`.
  it("the API's spelling round trips for any set of page URLs", () => {
    fc.assert(
      fc.property(
        fc.subarray([...RELS], { minLength: 0 }),
        fc.webUrl({ withQueryParameters: true }),
        (rels, base) => {
          const urls = Object.fromEntries(rels.map((rel, page) => [rel, `${base}#p${page}`]));
          const header = rels.map((rel) => `<${urls[rel]}>; rel="${rel}"`).join(", ");
          expect(parseLinkHeader(header)).toEqual(urls);
        },
      ),
      runs(300, 502),
    );
  });
});

describe("Link header: any string", () => {
  const linkish = fc.string({
    unit: fc.constantFrom(
      "<",
      ">",
      ",",
      ";",
      "=",
      '"',
      "\\",
      " ",
      "\t",
      "rel",
      "next",
      "last",
      "a",
      "é",
      "\uD800",
    ),
    maxLength: 60,
  });

  it("gives a result, never an exception, with only known rels taken from the text", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          linkish,
          fc.string({ unit: "binary", maxLength: 80 }),
          fc.string({ unit: "grapheme", maxLength: 80 }),
          // A valid header cut short or with one character changed: the near misses.
          fc
            .tuple(
              fc.array(link, { minLength: 1, maxLength: 3 }),
              fc.nat(),
              fc.string({ maxLength: 1 }),
            )
            .map(([links, n, c]) => {
              const text = links.map((l) => l.text).join(", ");
              const at = n % (text.length + 1);
              return text.slice(0, at) + c + text.slice(at + 1);
            }),
        ),
        (header) => {
          expectWellFormed(header, parseLinkHeader(header));
        },
      ),
      runs(3000, 503),
    );
  });

  // Each shape aims at one loop of the scanner: an unterminated `<`, quotes that never close,
  // escapes, parameters without values, separators only. A parser that rescanned the rest of
  // the header per link or per parameter (or a backtracking regex) would take quadratic or
  // exponential time here and run into the test timeout; the linear scan takes milliseconds.
  it("finishes on 100,000-character adversarial headers of every shape", () => {
    for (const [name, header] of Object.entries(ADVERSARIAL(100_000))) {
      expect(header.length, name).toBeGreaterThanOrEqual(99_000);
      expectWellFormed(header, parseLinkHeader(header));
    }
  });

  it("a long header of valid links still reads its links", () => {
    const header = `${'<https://api.example/x?page=1>; rel="alternate", '.repeat(2000)}<https://api.example/x?page=2>; rel="next"`;
    expect(parseLinkHeader(header)).toEqual({ next: "https://api.example/x?page=2" });
  });
});

/**
 * Adversarial headers of about `n` characters, by shape. bench/parsers.mjs has the same list (it
 * runs on the built package, outside TypeScript): keep the two in step.
 */
function ADVERSARIAL(n: number): Record<string, string> {
  const fill = (unit: string, prefix = "", suffix = "") =>
    prefix + unit.repeat(Math.ceil((n - prefix.length - suffix.length) / unit.length)) + suffix;
  return {
    commas: fill(","),
    "open angles": fill("<"),
    semicolons: fill(";", "<a>"),
    "unterminated quote": fill("x", '<a>; rel="'),
    "escaped quotes": fill('\\"', '<a>; rel="'),
    "quote toggles outside links": fill('x"'),
    "bare parameters": fill("; rel", "<a>"),
    "empty values": fill(";rel=", "<a>"),
    "many rel types": fill("next ", '<a>; rel="', '"'),
    "blanks in a rel": fill(" \t", '<a>; rel="next', ' last"'),
    "links without rel": fill("<a>,"),
    "links with rel": fill('<a>; rel="next",'),
    "open angles then close": fill("<", "", ">"),
    "angle pairs": fill("<>"),
    "unclosed url": fill("a", "<"),
    "equals signs": fill("=", "<a>;rel"),
  };
}
