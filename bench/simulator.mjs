// Throughput of the simulator against a bare node:http server answering the same JSON bytes,
// measured in the same run: a GET of one record, and a list page of 100 records (auth, routing,
// lazy transitions, filtering, sorting, paging headers and serialisation included). Rounds
// alternate between the two servers so machine noise hits both alike; each ratio is the median of
// the per-round ratios. BENCH_QUICK=1 gives a short smoke run.
//
// Runs standalone (`node bench/simulator.mjs`, after `npm run build`) or from run.mjs through
// `runSimulatorBench()` / `main()`.
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { median, QUICK, startServer, undici } from "./lib.mjs";

const require = createRequire(import.meta.url);

const TOKEN = "bench-token";
const CONCURRENCY = 8;

/** A valid order of 100 dedicated servers: the list page holds full, realistic records. */
function order() {
  return {
    location_id: 1,
    server_model_id: 101,
    uplink_models: { private: { id: 401 }, public: { id: 403, bandwidth_model_id: 501 } },
    ram_size: 64,
    drives: {
      slots: [
        { position: 0, drive_model_id: 202 },
        { position: 1, drive_model_id: 202 },
      ],
    },
    operating_system_id: 301,
    hosts: Array.from({ length: 100 }, (_, i) => ({ hostname: `bench-${i}.example.com` })),
    labels: { env: "bench", team: "core" },
  };
}

/** `count` GETs of `path`, `CONCURRENCY` at a time; answers requests per second. */
async function burst(pool, path, count) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const { statusCode, body } = await pool.request({
        path,
        method: "GET",
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      await body.text();
      if (statusCode !== 200) throw new Error(`GET ${path} answered ${statusCode}`);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return count / ((performance.now() - start) / 1000);
}

export async function runSimulatorBench() {
  const { startSimulator } = require("../dist/simulator/index.js");
  const sim = await startSimulator({ speed: 0, token: TOKEN });
  const created = await fetch(`${sim.url}/v1/hosts/dedicated_servers`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(order()),
  });
  const [first] = await created.json();
  const cases = {
    one: `/v1/hosts/dedicated_servers/${first.id}`,
    list: "/v1/hosts/dedicated_servers?per_page=100",
  };
  // The baseline answers exactly the bytes the simulator answers, from memory.
  const bodies = new Map();
  for (const path of Object.values(cases)) {
    const res = await fetch(`${sim.url}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    bodies.set(path, Buffer.from(await res.arrayBuffer()));
  }
  const baseline = await startServer((req, res) => {
    const body = bodies.get(req.url);
    res.writeHead(body === undefined ? 404 : 200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": body === undefined ? 0 : body.length,
    });
    res.end(body);
  });
  const simPool = new undici.Pool(sim.url, { connections: CONCURRENCY });
  const basePool = new undici.Pool(baseline.origin, { connections: CONCURRENCY });

  const rounds = QUICK ? 3 : 15;
  const perRound = { one: QUICK ? 200 : 2000, list: QUICK ? 40 : 400 };
  const results = {};
  try {
    for (const [name, path] of Object.entries(cases)) {
      // Warm-up: connections open, code optimised, before anything is measured.
      await burst(simPool, path, perRound[name]);
      await burst(basePool, path, perRound[name]);
      const simRps = [];
      const baseRps = [];
      const ratios = [];
      for (let r = 0; r < rounds; r++) {
        const s = await burst(simPool, path, perRound[name]);
        const b = await burst(basePool, path, perRound[name]);
        simRps.push(s);
        baseRps.push(b);
        ratios.push(s / b);
      }
      results[name] = {
        path,
        bytes: bodies.get(path).length,
        simRps: median(simRps),
        baseRps: median(baseRps),
        ratio: median(ratios),
      };
    }
  } finally {
    await simPool.close();
    await basePool.close();
    await baseline.close();
    await sim.close();
  }
  return { rounds, perRound, concurrency: CONCURRENCY, ...results };
}

export async function main() {
  const r = await runSimulatorBench();
  const line = (label, x) =>
    console.log(
      `simulator ${label} (${x.bytes} bytes, ${r.rounds} rounds, ${r.concurrency} concurrent): ` +
        `${x.simRps.toFixed(0)} req/s vs bare node:http ${x.baseRps.toFixed(0)} req/s`,
    );
  line("GET one dedicated server", r.one);
  console.log(
    `RATIO simulator-get ${r.one.ratio.toFixed(2)}x (simulator req/s / bare node:http req/s, median of rounds)`,
  );
  line("GET a list page of 100 dedicated servers", r.list);
  console.log(
    `RATIO simulator-list ${r.list.ratio.toFixed(2)}x (simulator req/s / bare node:http req/s, median of rounds)`,
  );
  return r;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
