// Runs the benchmarks and prints each result as a ratio against a baseline measured in the
// same run (docs/performance.md). BENCH_QUICK=1 gives a short version (a smoke test, not a
// measurement). Names run only those: `node bench/run.mjs settling refresh` (after a build), or
// `npm run bench -- settling refresh`; each file also runs alone (`node bench/settling.mjs`).
import { QUICK } from "./lib.mjs";

/** Every benchmark, in the order of docs/performance.md. */
const BENCHMARKS = {
  "state-weight": () => import("./state-weight.mjs"),
  overhead: () => import("./overhead.mjs"),
  listing: () => import("./listing.mjs"),
  settling: () => import("./settling.mjs"),
  fleet: () => import("./fleet.mjs"),
  refresh: () => import("./refresh.mjs"),
  simulator: () => import("./simulator.mjs"),
  memory: () => import("./memory.mjs"),
  parsers: () => import("./parsers.mjs"),
};

/**
 * Run only when named (`npm run bench -- cli`): through the real Pulumi CLI, which
 * `npm run -s pulumi-cli` builds from its Go modules (minutes, cold), and minutes of its own.
 * Not in the default set, so that `npm test`'s quick run (test/bench/quick.test.ts) needs no CLI:
 * its own quick test is test/cli/bench/, in the CLI suites.
 */
const ON_REQUEST = {
  cli: () => import("./cli.mjs"),
  // Discovery of 5,000 objects (about 40 s; its requests per route are counted by
  // test/provider/discover/discover.test.ts in the main suite).
  discover: () => import("./discover.mjs"),
};

const names = process.argv.slice(2);
const known = { ...BENCHMARKS, ...ON_REQUEST };
const unknown = names.filter((name) => !(name in known));
if (unknown.length > 0) {
  console.error(
    `unknown benchmark(s): ${unknown.join(", ")} (known: ${Object.keys(known).join(", ")})`,
  );
  process.exit(2);
}

console.log(`pulumi-serverscom benchmarks (${QUICK ? "quick" : "full"}), Node ${process.version}`);
for (const name of names.length > 0 ? names : Object.keys(BENCHMARKS)) {
  const { main } = await known[name]();
  await main();
}
