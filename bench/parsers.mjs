// Linearity of the parsers that read untrusted text: the Link header parser (every list response
// of the API) and the label selector parser (the simulator reads it from a query string). For
// each adversarial shape (test/properties/link-header.test.ts has the same list, and checks there,
// untimed, that every shape finishes), the time to parse 10,000 and 100,000 characters. A linear
// parser takes ten times as long for ten times the text: time(100k) / time(10k) / 10 is ~1; a
// quadratic one gives ~10, a backtracking regex far more. The RATIO is the worst shape's.
// BENCH_QUICK=1 gives a short smoke run.
//
// Runs standalone (`node bench/parsers.mjs`, after `npm run build`) or through `main()`.
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { isMain, median, QUICK } from "./lib.mjs";

const require = createRequire(import.meta.url);

const SMALL = 10_000;
const LARGE = 100_000;

/** Adversarial Link headers of about `n` characters, by shape: each aims at one loop of the scanner. */
export function linkShapes(n) {
  const fill = (unit, prefix = "", suffix = "") =>
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

/** Adversarial label selectors of about `n` characters (most end in a LabelSelectorError). */
export function selectorShapes(n) {
  const fill = (unit, prefix = "", suffix = "") =>
    prefix + unit.repeat(Math.ceil((n - prefix.length - suffix.length) / unit.length)) + suffix;
  return {
    "exists list": fill("a,", "", "a"),
    "long value list": fill("b,", "a in (", "b)"),
    "unclosed value list": fill("b, ", "a in ("),
    "equality list": fill("a=b,", "", "a=b"),
    parentheses: fill("("),
    bangs: fill("!"),
    blanks: fill(" "),
    "one long word": fill("a"),
  };
}

/** Milliseconds per call of `parse(text)` over `reps` calls. */
function timePerCall(parse, text, reps) {
  let sink = 0;
  const start = performance.now();
  for (let i = 0; i < reps; i++) {
    try {
      sink += Object.keys(parse(text)).length;
    } catch (error) {
      sink += error.message.length;
    }
  }
  const ms = (performance.now() - start) / reps;
  if (sink === -1) console.log(sink); // keeps the results alive
  return ms;
}

/**
 * Per shape: rounds that time 10k then 100k characters back to back (so that a machine busy with
 * something else slows both alike), each about BUDGET characters of parsing; the medians of the
 * times and of the per-round ratios.
 */
function measure(parse, shapesOf) {
  const rounds = QUICK ? 3 : 7;
  const budget = QUICK ? 500_000 : 3_000_000;
  const small = shapesOf(SMALL);
  const large = shapesOf(LARGE);
  return Object.keys(small).map((shape) => {
    const repsSmall = Math.round(budget / SMALL);
    const repsLarge = Math.round(budget / LARGE);
    // Warm-up: both texts flattened, the parser optimised.
    timePerCall(parse, small[shape], repsSmall);
    timePerCall(parse, large[shape], repsLarge);
    const smallMs = [];
    const largeMs = [];
    const ratios = [];
    for (let r = 0; r < rounds; r++) {
      const s = timePerCall(parse, small[shape], repsSmall);
      const l = timePerCall(parse, large[shape], repsLarge);
      smallMs.push(s);
      largeMs.push(l);
      ratios.push(l / s / (LARGE / SMALL));
    }
    return { shape, smallMs: median(smallMs), largeMs: median(largeMs), ratio: median(ratios) };
  });
}

export function runParsersBench() {
  const { parseLinkHeader } = require("../dist/sdk/core/pagination.js");
  const { parseLabelSelector } = require("../dist/sdk/labels.js");
  return {
    link: measure(parseLinkHeader, linkShapes),
    selector: measure(parseLabelSelector, selectorShapes),
  };
}

export async function main() {
  const r = runParsersBench();
  const report = (title, rows) => {
    console.log(`${title}: time per parse of 10,000 vs 100,000 characters (medians of rounds)`);
    for (const row of rows) {
      console.log(
        `  ${row.shape}: ${row.smallMs.toFixed(4)} ms vs ${row.largeMs.toFixed(4)} ms ` +
          `(${row.ratio.toFixed(2)}x linear)`,
      );
    }
    const worst = rows.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    console.log(`  worst shape: ${worst.shape}`);
    return worst.ratio;
  };
  const link = report("Link header parser, adversarial headers", r.link);
  console.log(
    `RATIO link-parser-linearity ${link.toFixed(2)}x (time(100k)/time(10k)/10; ~1 means linear)`,
  );
  const selector = report("label selector parser, adversarial selectors", r.selector);
  console.log(
    `RATIO selector-parser-linearity ${selector.toFixed(2)}x (time(100k)/time(10k)/10; ~1 means linear)`,
  );
  return r;
}

if (isMain(import.meta.url)) {
  await main();
}
