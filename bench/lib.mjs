// Shared pieces of the benchmarks: the built SDK, loopback servers and statistics.
// Everything runs on 127.0.0.1; nothing here reaches a network.
import { createServer } from "node:http";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** The built transport (dist is CommonJS): `npm run bench` builds it first. */
export function loadTransport() {
  return require("../dist/sdk/core/transport.js");
}

export const undici = require("undici");
export const { z } = require("zod");

export const QUICK = process.env.BENCH_QUICK === "1";

/** Starts `handler` on an ephemeral loopback port; resolves to { origin, close }. */
export async function startServer(handler) {
  const server = createServer(handler);
  // Keep-alive longer than a benchmark round, so both sides reuse their connections.
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
