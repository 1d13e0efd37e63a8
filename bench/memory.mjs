// Memory of the provider process: peak RSS after 500 operations, and no growth between the 250th
// and the 500th (a leak would show as growth: a cache keyed by id, a listener per call).
//
// The process is the real dynamic-provider host (@pulumi/pulumi/cmd/dynamic-provider), started by
// the engine harness exactly as scripts/engine/host.ts starts it (the CLI's way), and kept for the
// whole run (`reuseHost`), as one `pulumi up` keeps one provider process. Operations are gRPC
// calls the harness makes while it runs `pulumi` commands against the simulator, counted by
// wrapping the host driver's methods. One cycle, over five kinds (RbsVolume, CloudInstance,
// SshKey, SslCertificate, KubernetesCluster), is 10 operations per resource, 50 in all:
//   up (check, create), up with a change (check, diff, update), refresh (read, diff),
//   up with no change (check, diff), destroy (delete).
// Every cycle creates new objects (new ids) except the SSH key (its id is its fingerprint) and
// the cluster (adopted, never created), so a per-id cache would grow from cycle to cycle.
//
// Samples are taken between commands, when the count reaches 250 and 500 (BENCH_QUICK=1: 50 and
// 100), from /proc/<pid>/status: VmRSS (resident now) and VmHWM (the peak so far). Before each
// sample the host collects garbage: it runs with --expose-gc (NODE_OPTIONS in the environment the
// harness gives it), and a probe, a second dynamic provider loaded into the same process through
// the host's own path (a `check` whose `__provider` is the probe's text), calls gc() and answers
// the heap figures. RSS is the minimum of three collect-then-read rounds 50 ms apart: RSS moves
// with allocator timing, and the minimum is what the process keeps.
//
// Runs standalone (`node bench/memory.mjs`, after `npm run build`) or from run.mjs through
// `runMemory()` / `main()`. Linux only (/proc).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { engineFor, isMain, loadEngine, loadSamples, loadSimulator, QUICK, REPO } from "./lib.mjs";

const OPERATIONS = QUICK ? 100 : 500;
const OPERATIONS_PER_CYCLE = 50;
const COUNTED = ["check", "diff", "create", "read", "update", "delete"];

/**
 * The probe's provider module, as require-from-string loads a serialised provider: `handler()`
 * gives the provider. Its check collects garbage twice (a second pass frees what finalisers of
 * the first released) and answers the heap as inputs.
 */
const PROBE = `exports.handler = () => ({
  check: async () => {
    globalThis.gc();
    globalThis.gc();
    const m = process.memoryUsage();
    return { inputs: { heapUsed: m.heapUsed, external: m.external } };
  },
});`;

/** The five resources; `changed` gives the in-place change of the second up. */
function cycleProgram(certificate, changed) {
  const labels = changed ? { env: "staging", cycle: "b" } : { env: "prod", cycle: "a" };
  const samples = loadSamples();
  return (serverscom) => {
    new serverscom.RbsVolume("data", {
      locationId: 1,
      flavorId: 1,
      size: changed ? 200 : 100,
      labels,
    });
    new serverscom.CloudInstance("app", {
      regionId: 1,
      flavorId: "SSD.30",
      imageId: samples.AMS1_UBUNTU_IMAGE,
      labels,
    });
    new serverscom.SshKey("deploy", {
      publicKey: samples.SSH_PUBLIC_KEY,
      name: changed ? "deploy-b" : "deploy-a",
      labels,
    });
    new serverscom.SslCertificate("site", {
      name: changed ? "site-b" : "site-a",
      publicKey: certificate.publicKey,
      privateKey: certificate.privateKey,
      labels,
    });
    new serverscom.KubernetesCluster("k8s", { clusterId: "K8sProd1", labels });
  };
}

/** VmRSS and VmHWM of a process, in bytes. */
function procMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB$`, "m").exec(status);
    if (match === null) throw new Error(`no ${name} in /proc/${pid}/status`);
    return Number(match[1]) * 1024;
  };
  return { rss: field("VmRSS"), hwm: field("VmHWM") };
}

export async function runMemory() {
  const { ProviderHost } = loadEngine();
  const { startSimulator } = loadSimulator();
  const read = (name) => readFileSync(join(REPO, "test", "simulator", "data", name), "utf8");
  const certificate = { publicKey: read("ssl-cert.pem"), privateKey: read("ssl-key.pem") };

  // The host the harness starts, and a count of the operations it serves.
  let host;
  let operations = 0;
  const originals = {};
  const originalStart = ProviderHost.start;
  ProviderHost.start = async (options) => {
    host = await originalStart.call(ProviderHost, options);
    return host;
  };
  for (const name of COUNTED) {
    originals[name] = ProviderHost.prototype[name];
    ProviderHost.prototype[name] = async function (...args) {
      const result = await originals[name].apply(this, args);
      operations++;
      return result;
    };
  }

  // Fast enough that the waits take milliseconds; the provider polls every 5 ms.
  const sim = await startSimulator({ speed: 6000 });
  const harness = engineFor(sim, { env: { NODE_OPTIONS: "--expose-gc" }, reuseHost: true });

  /** RSS after garbage collection, the peak so far, and the heap the probe saw. */
  const sample = async () => {
    const pid = host.pid;
    let best;
    let peak = 0;
    for (let round = 0; round < 3; round++) {
      const probe = await originals.check.call(host, "urn:probe", {}, { __provider: PROBE });
      const memory = procMemory(pid);
      // The kernel syncs its RSS counters lazily: VmHWM may lag a VmRSS read just before.
      peak = Math.max(peak, memory.rss, memory.hwm);
      if (best === undefined || memory.rss < best.rss) best = { rss: memory.rss, ...probe.inputs };
      await sleep(50);
    }
    return { operations, ...best, peak: Math.max(peak, procMemory(pid).hwm) };
  };

  let idle;
  const samples = [];
  const targets = [OPERATIONS / 2, OPERATIONS];
  const commands = [
    (h) => h.up(cycleProgram(certificate, false)),
    (h) => h.up(cycleProgram(certificate, true)),
    (h) => h.refresh(),
    (h) => h.up(cycleProgram(certificate, true)),
    (h) => h.destroy(),
  ];
  try {
    // The host started and configured, before any operation: the process without the package
    // (the shim loads it on the first operation), the reference for the figures after.
    await harness.refresh();
    idle = await sample();
    for (let cycle = 1; operations < OPERATIONS; cycle++) {
      for (const command of commands) await command(harness);
      // The figures are labelled by operation count: a cycle must be what the header says.
      if (operations !== cycle * OPERATIONS_PER_CYCLE) {
        throw new Error(`after ${cycle} cycles: ${operations} operations`);
      }
      if (operations >= targets[samples.length]) samples.push(await sample());
    }
  } finally {
    await harness.close();
    await sim.close();
    ProviderHost.start = originalStart;
    for (const name of COUNTED) ProviderHost.prototype[name] = originals[name];
  }
  const [middle, end] = samples;
  return {
    perCycle: OPERATIONS_PER_CYCLE,
    idle,
    middle,
    end,
    peak: end.peak,
    growth: end.rss / middle.rss,
  };
}

export async function main() {
  const r = await runMemory();
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const at = (s) =>
    `after ${s.operations} operations: RSS ${mb(s.rss)} (V8 heap ${mb(s.heapUsed)}, ` +
    `external ${mb(s.external)})`;
  console.log(
    `provider host memory (dynamic-provider host over gRPC, ${r.perCycle} operations per cycle ` +
      `over 5 kinds; RSS after gc, min of 3): started and configured, before any: RSS ` +
      `${mb(r.idle.rss)} (V8 heap ${mb(r.idle.heapUsed)}); ${at(r.middle)}; ${at(r.end)}; ` +
      `peak RSS ${mb(r.peak)}`,
  );
  console.log(
    `RATIO memory-growth ${r.growth.toFixed(3)}x (RSS at ${r.end.operations} / RSS at ` +
      `${r.middle.operations}; goal <= ~1.05)`,
  );
  return r;
}

if (isMain(import.meta.url)) {
  await main();
}
