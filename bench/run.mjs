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
  // Through the real Pulumi CLI (built by `npm run -s pulumi-cli`); minutes, so last.
  cli: () => import("./cli.mjs"),
};

const names = process.argv.slice(2);
const unknown = names.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  console.error(
    `unknown benchmark(s): ${unknown.join(", ")} (known: ${Object.keys(BENCHMARKS).join(", ")})`,
  );
  process.exit(2);
}

console.log(`pulumi-serverscom benchmarks (${QUICK ? "quick" : "full"}), Node ${process.version}`);
for (const name of names.length > 0 ? names : Object.keys(BENCHMARKS)) {
  const { main } = await BENCHMARKS[name]();
  await main();
}
