// Refresh of a large stack: API requests per resource (goal: at most 1) and wall time, with 20 ms
// of latency on every request, at Pulumi's default parallelism (4 x the CPUs, or PULUMI_PARALLEL).
//
// The stack: 500 resources of the kinds a servers.com fleet is made of, mostly servers and
// volumes: 100 SBM servers, 100 cloud instances, 50 dedicated servers, 120 RBS volumes, 30 SSH
// keys, 25 L2 segments (each joining one of the dedicated servers), 50 PTR records (one per cloud
// instance of the first half) and 25 custom SSL certificates. Every resource kind that holds an
// object of its own and that the simulator can hold by the hundred is there; Kubernetes clusters
// and bare metal nodes are not (the API cannot create them: the seed has a handful). BENCH_QUICK=1
// declares a tenth of it (50). The stack is made by one `up` through the engine harness against
// the simulator at high speed and no latency; then every request gets 20 ms.
//
// Each refresh runs through the engine harness (scripts/engine/harness.ts): the real dynamic
// provider host over gRPC, the engine's refresh rules (read, then the inverted diff), reads at
// most `parallel` at once. Requests are the simulator's counts of /v1 requests during that
// refresh only. Three refreshes of the same state, in the same run:
// - default parallelism with read snapshots (provider/framework/read-snapshot.ts): overlapping
//   reads of a kind share pages of its list;
// - default parallelism with snapshots off (SERVERSCOM_READ_SNAPSHOT=off): one GET per read, as
//   before, but concurrent;
// - parallelism 1: one read at a time, as the harness did before; with no read of its kind under
//   way a read never lists, so this is also the old request count.
// Each runs on a warm provider host (one untimed refresh first: a refresh reads every object
// again, so it starts afresh, as in a new process); times are the median of three rounds (one
// for parallelism 1, whose time is nearly all latency). Every refresh must find no drift, and
// the outputs read from snapshots must equal those read by GETs: a faster refresh that read
// wrong values would be no result.
//
// Runs standalone (`node bench/refresh.mjs` after `npm run build`) or
// from run.mjs through `runRefresh()` / `main()`.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import {
  engineFor,
  loadSamples,
  median,
  QUICK,
  REPO,
  requireTypeScript,
  sshPublicKey,
} from "./lib.mjs";

const require = createRequire(import.meta.url);
const LATENCY_MS = 20;
const ROUNDS = QUICK ? 1 : 3;

/** How many resources of each kind the stack declares. */
const MIX = QUICK
  ? {
      SbmServer: 10,
      CloudInstance: 10,
      DedicatedServer: 5,
      RbsVolume: 12,
      SshKey: 3,
      L2Segment: 3,
      PtrRecord: 5,
      SslCertificate: 2,
    }
  : {
      SbmServer: 100,
      CloudInstance: 100,
      DedicatedServer: 50,
      RbsVolume: 120,
      SshKey: 30,
      L2Segment: 25,
      PtrRecord: 50,
      SslCertificate: 25,
    };

/** The kind each API path belongs to (first match): PTR records live under their instance. */
const ROUTE_KINDS = [
  ["/v1/cloud_computing/instances/:id/ptr_records", "PtrRecord"],
  ["/v1/cloud_computing/instances", "CloudInstance"],
  ["/v1/hosts/dedicated_servers", "DedicatedServer"],
  ["/v1/hosts/sbm_servers", "SbmServer"],
  ["/v1/remote_block_storage/volumes", "RbsVolume"],
  ["/v1/ssh_keys", "SshKey"],
  ["/v1/l2_segments", "L2Segment"],
  ["/v1/ssl_certificates", "SslCertificate"],
];

/** The engine harness from its TypeScript source (bench/lib.mjs compiles it as it loads). */
function loadHarness() {
  return requireTypeScript(join(REPO, "scripts", "engine", "harness.ts"));
}

/** The stack (see the header), with the seed's catalogue (simulator/seed). */
function fleet() {
  const samples = loadSamples();
  const pem = (name) => readFileSync(join(REPO, "test", "simulator", "data", name), "utf8");
  const certificate = pem("ssl-cert.pem");
  const privateKey = pem("ssl-key.pem");
  const sshKeys = Array.from({ length: MIX.SshKey }, sshPublicKey);
  const labels = { env: "bench" };
  return (serverscom) => {
    const servers = [];
    for (let i = 0; i < MIX.DedicatedServer; i++) {
      servers.push(
        new serverscom.DedicatedServer(`db-${i}`, {
          ...samples.DEDICATED_SERVER,
          hostname: `db-${i}`,
          labels,
        }),
      );
    }
    for (let i = 0; i < MIX.L2Segment; i++) {
      new serverscom.L2Segment(`lan-${i}`, {
        type: "private",
        locationGroupId: 1,
        members: [{ id: servers[i % servers.length].id, mode: "native" }],
        labels,
      });
    }
    for (let i = 0; i < MIX.SbmServer; i++) {
      new serverscom.SbmServer(`web-${i}`, {
        locationId: 1,
        sbmFlavorModelId: 601,
        operatingSystemId: 302,
        hostname: `web-${i}`,
        labels,
      });
    }
    for (let i = 0; i < MIX.CloudInstance; i++) {
      const app = new serverscom.CloudInstance(`app-${i}`, {
        regionId: 1,
        flavorId: "SSD.30",
        imageId: samples.AMS1_UBUNTU_IMAGE,
        labels,
      });
      if (i < MIX.PtrRecord) {
        new serverscom.PtrRecord(`app-${i}-ptr`, {
          cloudInstanceId: app.id,
          ip: app.publicIpv4Address.apply((ip) => ip ?? ""),
          domain: `app-${i}.example.com`,
        });
      }
    }
    for (let i = 0; i < MIX.RbsVolume; i++) {
      new serverscom.RbsVolume(`data-${i}`, { locationId: 1, flavorId: 1, size: 10, labels });
    }
    sshKeys.forEach((publicKey, i) => {
      new serverscom.SshKey(`deploy-${i}`, { publicKey, labels });
    });
    for (let i = 0; i < MIX.SslCertificate; i++) {
      new serverscom.SslCertificate(`site-${i}`, { publicKey: certificate, privateKey, labels });
    }
  };
}

function kindOf(route) {
  const path = route.slice(route.indexOf(" ") + 1);
  return ROUTE_KINDS.find(([prefix]) => path.startsWith(prefix))?.[1] ?? "other";
}

/** One measured refresh: wall time, /v1 requests by kind, and the steps (all must be `same`). */
async function timedRefresh(sim, harness, parallel) {
  await sim.control.clearRequestCounts();
  const start = performance.now();
  const steps = await harness.refresh({ parallel });
  const ms = performance.now() - start;
  const changed = steps.filter((step) => step.op !== "same");
  if (changed.length > 0) {
    throw new Error(
      `the refresh found drift where there is none: ${changed.map((s) => `${s.op} ${s.urn}`).join(", ")}`,
    );
  }
  const byKind = {};
  let requests = 0;
  for (const [route, count] of Object.entries(await sim.control.requestCounts())) {
    if (!route.includes(" /v1/")) continue;
    requests += count;
    const kind = kindOf(route);
    byKind[kind] = (byKind[kind] ?? 0) + count;
  }
  return { ms, requests, byKind, resources: steps.length };
}

/**
 * `rounds` refreshes, after an untimed one that starts and warms the host unless it is warm
 * already: the median time, and the requests of the median run.
 */
async function measure(sim, harness, parallel, { rounds = ROUNDS, warm = false } = {}) {
  if (!warm) await harness.refresh({ parallel });
  const runs = [];
  for (let round = 0; round < rounds; round++)
    runs.push(await timedRefresh(sim, harness, parallel));
  const ms = median(runs.map((run) => run.ms));
  const middle = runs.find((run) => run.ms === ms) ?? runs[0];
  return { ...middle, ms, parallel };
}

/** Outputs read through snapshots must be those GETs read, resource by resource. */
function sameOutputs(withSnapshots, withGets) {
  for (const [urn, resource] of withSnapshots.state) {
    const other = withGets.state.get(urn);
    if (!isDeepStrictEqual(resource.outputs, other?.outputs)) {
      throw new Error(`${urn}: the outputs read from a snapshot differ from those a GET reads`);
    }
  }
}

export async function runRefresh() {
  const { defaultParallelism } = loadHarness();
  const { startSimulator } = require("../dist/simulator/index.js");
  // A 20-minute server installation takes 12 ms: the `up` only builds the stack.
  const sim = await startSimulator({ speed: 100_000 });
  const harnessWith = (env) => engineFor(sim, { env, reuseHost: true });
  const snapshots = harnessWith({});
  const gets = harnessWith({ SERVERSCOM_READ_SNAPSHOT: "off" });
  try {
    const upStart = performance.now();
    await snapshots.up(fleet());
    const upMs = performance.now() - upStart;
    for (const [urn, resource] of snapshots.state) gets.state.set(urn, resource);
    const parallel = defaultParallelism();

    await sim.control.setFaults({ latencyMs: LATENCY_MS });
    const snapshot = await measure(sim, snapshots, parallel);
    const get = await measure(sim, gets, parallel);
    sameOutputs(snapshots, gets);
    // Latency makes nearly all of its time (about 1.5 requests x 20 ms a resource): one round.
    const sequential = await measure(sim, snapshots, 1, { rounds: 1, warm: true });
    return { resources: snapshots.state.size, upMs, parallel, snapshot, get, sequential };
  } finally {
    await sim.control.setFaults({}).catch(() => {});
    await snapshots.close();
    await gets.close();
    await sim.close();
  }
}

export async function main() {
  const r = await runRefresh();
  const perResource = (run) => run.requests / r.resources;
  const mix = Object.entries(MIX)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(", ");
  console.log(
    `refresh of ${r.resources} resources (${mix}; created by one up in ${(r.upMs / 1000).toFixed(1)} s), ` +
      `${LATENCY_MS} ms latency per request, at parallelism ${r.parallel} median of ${ROUNDS} round(s):`,
  );
  const line = (label, run) =>
    console.log(
      `  ${label}: ${(run.ms / 1000).toFixed(2)} s, ${run.requests} requests ` +
        `(${perResource(run).toFixed(2)} per resource)`,
    );
  line(`parallelism ${r.parallel}, read snapshots`, r.snapshot);
  line(`parallelism ${r.parallel}, snapshots off (a GET per read)`, r.get);
  line("parallelism 1 (one read at a time, as before)", r.sequential);
  const byKind = Object.entries(MIX)
    .map(([kind, count]) => {
      const per = (run) => ((run.byKind[kind] ?? 0) / count).toFixed(2);
      return `${kind} ${per(r.snapshot)} (${per(r.get)})`;
    })
    .join(", ");
  console.log(`  requests per resource by kind, snapshots (GET each): ${byKind}`);
  console.log(
    `RATIO refresh-requests ${perResource(r.snapshot).toFixed(2)} (requests per resource at ` +
      `parallelism ${r.parallel} with read snapshots; goal <= 1; ${perResource(r.get).toFixed(2)} ` +
      "with a GET per read)",
  );
  console.log(
    `RATIO refresh-speedup ${(r.sequential.ms / r.snapshot.ms).toFixed(2)}x (parallelism 1 time / ` +
      `parallelism ${r.parallel} time, read snapshots on)`,
  );
  return r;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
