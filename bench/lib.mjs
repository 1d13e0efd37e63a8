// Shared pieces of the benchmarks: the built SDK, loopback servers and statistics.
// Everything runs on 127.0.0.1; nothing here reaches a network.

import { generateKeyPairSync } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { dirname, join, resolve as resolvePath } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { compileFunction } from "node:vm";

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

// --- The engine harness (scripts/engine/*.ts) from a benchmark ---
//
// The benchmarks run on the built package and plain Node, but the engine harness is TypeScript
// that only the demo's build compiles (scripts/tsconfig.json). Compiling it there would take
// seconds and write into dist/demo; instead each .ts module is transpiled when first required,
// the way scripts/engine/program.ts loads a program file: types erased, nothing checked (the
// typecheck covers scripts/). Relative imports of other .ts files go through the same loader;
// everything else (@pulumi/pulumi, @grpc/grpc-js, the package from dist/) is Node's own require,
// so the harness and the benchmark share one copy of each.

const tsModules = new Map();

/** Loads a TypeScript module of this repository (CommonJS semantics), transpiled on the fly. */
export function requireTypeScript(file) {
  const cached = tsModules.get(file);
  if (cached !== undefined) return cached.exports;
  const ts = require("typescript");
  const { outputText } = ts.transpileModule(readFileSync(file, "utf8"), {
    fileName: file,
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
    },
  });
  const module = { exports: {} };
  // Registered before it runs, as Node does, so that an import cycle sees the partial exports.
  tsModules.set(file, module);
  const nodeRequire = createRequire(file);
  const localRequire = (specifier) => {
    if (specifier.startsWith(".")) {
      const candidate = resolvePath(dirname(file), `${specifier}.ts`);
      if (existsSync(candidate)) return requireTypeScript(candidate);
    }
    return nodeRequire(specifier);
  };
  const run = compileFunction(
    outputText,
    ["exports", "require", "module", "__filename", "__dirname"],
    { filename: file },
  );
  run(module.exports, localRequire, module, file, dirname(file));
  return module.exports;
}

export const REPO = fileURLToPath(new URL("..", import.meta.url));

/**
 * The engine harness (scripts/engine/harness.ts) and the provider host driver (host.ts), with
 * the Pulumi project the engine tests use (its directory is the host's working directory, where
 * the serialised provider finds the package: here, this repository's dist/ by self-reference).
 */
export function loadEngine() {
  const { EngineHarness } = requireTypeScript(join(REPO, "scripts", "engine", "harness.ts"));
  const { ProviderHost } = requireTypeScript(join(REPO, "scripts", "engine", "host.ts"));
  return {
    EngineHarness,
    ProviderHost,
    projectDir: join(REPO, "test", "engine", "project"),
    project: "engine-harness",
  };
}

/**
 * An engine harness on the engine scenarios' project, configured for the simulator `sim` as a
 * stack would be (`serverscom:apiToken` as a secret, `serverscom:apiUrl`), its provider hosts
 * polling every 5 ms; `env` adds to their environment.
 */
export function engineFor(sim, { env = {}, reuseHost = false } = {}) {
  const { EngineHarness, projectDir, project } = loadEngine();
  return new EngineHarness({
    projectDir,
    project,
    stack: "bench",
    config: {
      "serverscom:apiToken": { value: sim.token, secret: true },
      "serverscom:apiUrl": { value: sim.url },
    },
    env: { SERVERSCOM_POLL_INTERVAL_MS: "5", ...env },
    reuseHost,
  });
}

/** Inputs the simulator's seed catalogue accepts (scripts/engine/samples.ts). */
export function loadSamples() {
  return requireTypeScript(join(REPO, "scripts", "engine", "samples.ts"));
}

/** The built simulator (dist/simulator). */
export function loadSimulator() {
  return require("../dist/simulator/index.js");
}

/** Bytes of a value as JSON text (UTF-8), as a state file would hold it. */
export function jsonBytes(value) {
  return Buffer.byteLength(JSON.stringify(value), "utf8");
}

/** Whether this module is the script Node was started with (`node bench/x.mjs`). */
export function isMain(importMetaUrl) {
  return process.argv[1] !== undefined && importMetaUrl === pathToFileURL(process.argv[1]).href;
}

/** An OpenSSH ed25519 public key line: the account holds each key once. */
export function sshPublicKey() {
  const { publicKey } = generateKeyPairSync("ed25519");
  const raw = Buffer.from(publicKey.export({ format: "jwk" }).x, "base64url");
  const field = (bytes) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    return [length, bytes];
  };
  const blob = Buffer.concat([...field(Buffer.from("ssh-ed25519")), ...field(raw)]);
  return `ssh-ed25519 ${blob.toString("base64")}`;
}
