// Per-request overhead of HttpClient.request (headers, timeout, retry wrapper, zod parse, error
// mapping) against the floor: a bare undici.request + JSON.parse to the same loopback server.
// The two are interleaved in rounds in one process, so machine noise hits both alike; the
// result is the median of the per-round ratios.
import { performance } from "node:perf_hooks";
import { isMain, loadTransport, median, QUICK, startServer, undici, z } from "./lib.mjs";

const RECORD = JSON.stringify({
  id: "a1b2c3",
  name: "bench-key",
  fingerprint: "48:81:0c:43:99:12:71:5e:ba:fd:e7:2f:20:d7:95:e7",
  labels: { env: "bench", team: "core" },
  created_at: "2025-01-01T00:00:00Z",
  updated_at: "2025-01-01T00:00:00Z",
});

const Record = z.object({
  id: z.string(),
  name: z.string(),
  fingerprint: z.string(),
  labels: z.record(z.string(), z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});

export async function runOverhead() {
  // Many short paired rounds: a burst of load from elsewhere on the machine then lands on one
  // pair (and its ratio is an outlier the median ignores) instead of skewing a long run.
  const rounds = QUICK ? 20 : 300;
  const perRound = QUICK ? 20 : 50;
  const warmup = QUICK ? 100 : 2000;
  const server = await startServer((req, res) => {
    req.resume();
    res.writeHead(200, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(RECORD),
    });
    res.end(RECORD);
  });
  const { HttpClient } = loadTransport();
  const client = new HttpClient({
    token: "bench-token",
    baseUrl: server.origin,
    userAgent: "pulumi-serverscom/bench",
  });
  const rawAgent = new undici.Agent();
  const rawUrl = `${server.origin}/v1/ssh_keys/a1b2c3`;
  const spec = { method: "GET", path: "/ssh_keys/a1b2c3", schema: Record };

  const viaClient = async (n) => {
    const start = performance.now();
    for (let i = 0; i < n; i += 1) {
      const record = await client.request(spec);
      if (record.id !== "a1b2c3") throw new Error("unexpected record");
    }
    return performance.now() - start;
  };
  const viaRaw = async (n) => {
    const start = performance.now();
    for (let i = 0; i < n; i += 1) {
      const { statusCode, body } = await undici.request(rawUrl, {
        dispatcher: rawAgent,
        // The same request on the wire as the client's, so only client-side work differs.
        headers: {
          authorization: "Bearer bench-token",
          accept: "application/json",
          "user-agent": "pulumi-serverscom/bench",
        },
      });
      const record = JSON.parse(await body.text());
      if (statusCode !== 200 || record.id !== "a1b2c3") throw new Error("unexpected record");
    }
    return performance.now() - start;
  };

  try {
    await viaClient(warmup);
    await viaRaw(warmup);
    const ratios = [];
    const clientTimes = [];
    const rawTimes = [];
    for (let round = 0; round < rounds; round += 1) {
      // Alternate which goes first, so neither always runs on a warmer process.
      let clientMs;
      let rawMs;
      if (round % 2 === 0) {
        clientMs = await viaClient(perRound);
        rawMs = await viaRaw(perRound);
      } else {
        rawMs = await viaRaw(perRound);
        clientMs = await viaClient(perRound);
      }
      ratios.push(clientMs / rawMs);
      clientTimes.push(clientMs / perRound);
      rawTimes.push(rawMs / perRound);
    }
    return {
      ratio: median(ratios),
      clientUs: median(clientTimes) * 1000,
      rawUs: median(rawTimes) * 1000,
      rounds,
      perRound,
    };
  } finally {
    await client.close();
    await rawAgent.close();
    await server.close();
  }
}

/** Runs the benchmark and prints its figures and ratio (`node bench/overhead.mjs`, or run.mjs). */
export async function main() {
  const r = await runOverhead();
  console.log(
    `client overhead: HttpClient.request vs undici.request + JSON.parse, GET of a small JSON record on loopback, ` +
      `${r.rounds} rounds x ${r.perRound} requests: ` +
      `client ${r.clientUs.toFixed(1)} us, raw ${r.rawUs.toFixed(1)} us per request`,
  );
  console.log(
    `RATIO overhead ${r.ratio.toFixed(2)}x (client time / raw time, median of rounds; target <= 1.15x)`,
  );
  return r;
}

if (isMain(import.meta.url)) await main();
