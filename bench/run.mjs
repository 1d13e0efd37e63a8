// Runs the benchmarks and prints each result as a ratio against a baseline measured in the
// same run. BENCH_QUICK=1 gives a short version (a smoke test, not a measurement).

import { QUICK } from "./lib.mjs";
import { runListing } from "./listing.mjs";
import { runOverhead } from "./overhead.mjs";

const fmt = (n, digits = 2) => n.toFixed(digits);

console.log(`pulumi-serverscom benchmarks (${QUICK ? "quick" : "full"}), Node ${process.version}`);

const overhead = await runOverhead();
console.log(
  `client overhead: HttpClient.request vs undici.request + JSON.parse, GET of a small JSON record on loopback, ` +
    `${overhead.rounds} rounds x ${overhead.perRound} requests: ` +
    `client ${fmt(overhead.clientUs, 1)} us, raw ${fmt(overhead.rawUs, 1)} us per request`,
);
console.log(
  `RATIO overhead ${fmt(overhead.ratio)}x (client time / raw time, median of rounds; target <= 1.15x)`,
);

const listing = await runListing();
console.log(
  `listing ${listing.total} items (${listing.pages} pages of 100, ${20} ms per response): ` +
    `sequential ${fmt(listing.seqMs, 0)} ms, concurrent(${listing.concurrency}) ${fmt(listing.concMs, 0)} ms ` +
    `(median of ${listing.runs})`,
);
console.log(`RATIO listing ${fmt(listing.ratio)}x (sequential time / concurrent time)`);

const { main: runSimulator } = await import("./simulator.mjs");
await runSimulator();

const { main: runStateWeight } = await import("./state-weight.mjs");
await runStateWeight();

const { main: runMemory } = await import("./memory.mjs");
await runMemory();

const { main: runSettling } = await import("./settling.mjs");
await runSettling();

const { main: runParsers } = await import("./parsers.mjs");
await runParsers();

const { main: runRefresh } = await import("./refresh.mjs");
await runRefresh();
