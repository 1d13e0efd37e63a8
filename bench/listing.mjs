// Listing a large collection at realistic latency: the server answers each page after 20 ms,
// 100 items a page, with Link rel="next" and rel="last" as the API sends them. Compares
// toArray with concurrent page fetches against one page after another along rel="next".
import { performance } from "node:perf_hooks";
import { isMain, loadTransport, median, QUICK, startServer, z } from "./lib.mjs";

const LATENCY_MS = 20;
const PER_PAGE = 100;

const Item = z.object({
  id: z.string(),
  name: z.string(),
  labels: z.record(z.string(), z.string()),
});

export async function runListing() {
  const total = QUICK ? 2000 : 10_000;
  const runs = QUICK ? 1 : 3;
  const concurrency = 8;
  const items = Array.from({ length: total }, (_, k) => ({
    id: `id-${k}`,
    name: `item ${k}`,
    labels: { n: String(k) },
  }));
  const lastPage = Math.ceil(total / PER_PAGE);
  let origin = "";
  const server = await startServer((req, res) => {
    req.resume();
    const url = new URL(req.url, origin);
    const page = Number(url.searchParams.get("page") ?? "1");
    const body = JSON.stringify(items.slice((page - 1) * PER_PAGE, page * PER_PAGE));
    const link = (n) => `<${origin}/v1/items?page=${n}&per_page=${PER_PAGE}>`;
    const links = [`${link(1)}; rel="first"`, `${link(lastPage)}; rel="last"`];
    if (page < lastPage) links.push(`${link(page + 1)}; rel="next"`);
    if (page > 1) links.push(`${link(page - 1)}; rel="prev"`);
    setTimeout(() => {
      res.writeHead(200, {
        "content-type": "application/json",
        link: links.join(", "),
        "x-total": String(total),
      });
      res.end(body);
    }, LATENCY_MS);
  });
  origin = server.origin;
  const { HttpClient } = loadTransport();
  const client = new HttpClient({ token: "bench-token", baseUrl: origin });

  const timed = async (pagesAtOnce) => {
    const start = performance.now();
    const got = await client
      .list("/items", { per_page: PER_PAGE }, Item)
      .toArray({ limit: total, concurrency: pagesAtOnce });
    const ms = performance.now() - start;
    if (got.length !== total || got[total - 1].id !== `id-${total - 1}`) {
      throw new Error(`listing returned ${got.length} items, out of order or short`);
    }
    for (let k = 0; k < total; k += 1) {
      if (got[k].id !== `id-${k}`) throw new Error(`item ${k} out of order`);
    }
    return ms;
  };

  try {
    const sequential = [];
    const concurrent = [];
    for (let run = 0; run < runs; run += 1) {
      sequential.push(await timed(1));
      concurrent.push(await timed(concurrency));
    }
    const seqMs = median(sequential);
    const concMs = median(concurrent);
    return { total, pages: lastPage, concurrency, seqMs, concMs, ratio: seqMs / concMs, runs };
  } finally {
    await client.close();
    await server.close();
  }
}

/** Runs the benchmark and prints its figures and ratio (`node bench/listing.mjs`, or run.mjs). */
export async function main() {
  const r = await runListing();
  console.log(
    `listing ${r.total} items (${r.pages} pages of ${PER_PAGE}, ${LATENCY_MS} ms per response): ` +
      `sequential ${r.seqMs.toFixed(0)} ms, concurrent(${r.concurrency}) ${r.concMs.toFixed(0)} ms ` +
      `(median of ${r.runs})`,
  );
  console.log(`RATIO listing ${r.ratio.toFixed(2)}x (sequential time / concurrent time)`);
  return r;
}

if (isMain(import.meta.url)) await main();
