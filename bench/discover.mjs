// Discovery of a large account (issue 26): `serverscom-discover` against the simulator holding
// 5,000 objects across kinds (BENCH_QUICK=1: 500), 20 ms of latency on every request. Measured:
// the requests it makes and its wall time, against the baseline of one read per object (each
// kind's own `get`, 8 at a time, as discovery reads its sub-lists) measured in the same run.
//
// The account: cloud instances (25%), RBS volumes (15%: the simulated AMS1 storage cluster's
// 8,000 GB hold 800 of the smallest), SSH keys (15%), DNS zones with 15 records each (32%), cloud
// volumes (13%), plus the simulator's seed (Let's Encrypt certificates,
// Kubernetes clusters, bare metal nodes). Made by SDK POSTs at high speed, no latency; servers
// are left out (their orders take the simulator's catalogue and are slow to make by the
// thousand), so the figure holds the lists one request covers 100 objects of, and the sub-lists
// one request per parent reads (PTR records of each instance, records of each zone).
//
// Runs standalone (`node bench/discover.mjs` after `npm run build`) or from run.mjs.
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { isMain, loadSamples, loadSimulator, QUICK, sshPublicKey } from "./lib.mjs";

const require = createRequire(import.meta.url);
const LATENCY_MS = 20;
const CONCURRENCY = 8;

/** fn over items, `limit` at a time. */
async function eachLimited(items, limit, fn) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

async function seed(client, total) {
  const { AMS1_UBUNTU_IMAGE } = loadSamples();
  const count = (share) => Math.round(total * share);
  const zones = Math.round(count(0.32) / 16);
  const jobs = [
    ...Array.from(
      { length: count(0.25) },
      (_, k) => () =>
        client.cloudInstances.create({
          name: `app-${k}`,
          region_id: 1,
          flavor_id: "SSD.30",
          image_id: AMS1_UBUNTU_IMAGE,
        }),
    ),
    ...Array.from(
      { length: count(0.15) },
      (_, k) => () =>
        client.rbsVolumes.create({ name: `data-${k}`, location_id: 1, flavor_id: 1, size: 10 }),
    ),
    ...Array.from(
      { length: count(0.15) },
      (_, k) => () => client.sshKeys.create({ name: `key-${k}`, public_key: sshPublicKey() }),
    ),
    ...Array.from(
      { length: count(0.13) },
      (_, k) => () => client.cloudVolumes.create({ name: `vol-${k}`, region_id: 1, size: 10 }),
    ),
    ...Array.from({ length: zones }, (_, k) => async () => {
      const zone = await client.dns.createDomain({
        name: `zone${k}.example.com`,
        email: "admin@example.com",
      });
      for (let r = 0; r < 15; r += 1) {
        await client.dns.createRecord(zone.id, {
          name: `host${r}`,
          type: "A",
          data: `192.0.2.${r + 1}`,
          ttl: 300,
        });
      }
    }),
  ];
  await eachLimited(jobs, CONCURRENCY, (job) => job());
}

/** Requests the simulator counted since the last clear. */
async function requests(control) {
  const counts = await control.requestCounts();
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

export async function runDiscoverBench() {
  const total = QUICK ? 500 : 5000;
  const { startSimulator } = loadSimulator();
  const { ServersComClient } = require("../dist/sdk/index.js");
  const { runDiscover } = require("../dist/provider/discover/run.js");
  const sim = await startSimulator({ speed: 100_000 });
  const client = new ServersComClient({ token: sim.token, baseUrl: sim.url });
  try {
    await seed(client, total);
    await sim.control.setFaults({ latencyMs: LATENCY_MS });
    await sim.control.clearRequestCounts();
    let text = "";
    const start = performance.now();
    const code = await runDiscover([], {
      env: { SERVERSCOM_API_TOKEN: sim.token, SERVERSCOM_API_URL: sim.url },
      stdout: (out) => {
        text += out;
      },
      stderr: () => {},
    });
    const discoverMs = performance.now() - start;
    if (code !== 0) throw new Error(`serverscom-discover exited ${code}`);
    const discoverRequests = await requests(sim.control);
    const entries = JSON.parse(text).resources;
    if (entries.length < total) {
      throw new Error(`discovery listed ${entries.length} objects of the ${total} made`);
    }

    // Without PTR records, whose lists are one per instance and host (no list across them).
    await sim.control.clearRequestCounts();
    const others = kindsModule().KIND_NAMES.filter((kind) => kind !== "PtrRecord");
    const withoutPtrStart = performance.now();
    const codeWithout = await runDiscover(["--kinds", others.join(",")], {
      env: { SERVERSCOM_API_TOKEN: sim.token, SERVERSCOM_API_URL: sim.url },
      stdout: () => {},
      stderr: () => {},
    });
    const withoutPtrMs = performance.now() - withoutPtrStart;
    if (codeWithout !== 0) throw new Error(`serverscom-discover --kinds exited ${codeWithout}`);
    const withoutPtrRequests = await requests(sim.control);

    // The baseline: each object read by its kind's own get.
    const kinds = kindsModule();
    const definitions = kindDefinitions();
    await sim.control.clearRequestCounts();
    const baselineStart = performance.now();
    await eachLimited(entries, CONCURRENCY, async (entry) => {
      const kind = entry.type.replace("serverscom:index:", "");
      if (!kinds.KIND_NAMES.includes(kind)) throw new Error(`unknown kind ${kind}`);
      const found = await definitions[kind](client, entry.id);
      if (found === undefined) throw new Error(`${kind} ${entry.id} is gone`);
    });
    const baselineMs = performance.now() - baselineStart;
    const baselineRequests = await requests(sim.control);

    console.log(
      `discover: ${entries.length} objects, ${discoverRequests} requests in ` +
        `${(discoverMs / 1000).toFixed(2)} s; one read per object: ${baselineRequests} requests ` +
        `in ${(baselineMs / 1000).toFixed(2)} s (${LATENCY_MS} ms latency, ${CONCURRENCY} at a time)`,
    );
    console.log(
      `discover --kinds (all but PtrRecord): ${withoutPtrRequests} requests in ` +
        `${(withoutPtrMs / 1000).toFixed(2)} s`,
    );
    console.log(`RATIO discover-requests ${(discoverRequests / baselineRequests).toFixed(3)}x`);
    console.log(`RATIO discover-time ${(discoverMs / baselineMs).toFixed(3)}x`);
    return { entries: entries.length, discoverRequests, discoverMs, baselineRequests, baselineMs };
  } finally {
    await client.close();
    await sim.close();
  }
}

function kindsModule() {
  return require("../dist/provider/discover/kinds.js");
}

/** Each kind's `get` (the provider's own read of one object by its resource id). */
function kindDefinitions() {
  const load = (path, name) => {
    const kind = require(`../dist/provider/${path}`)[name];
    return (client, id) => kind.get(client, id);
  };
  return {
    RbsVolume: load("rbs-volume/definition.js", "rbsVolumeKind"),
    CloudInstance: load("cloud-instance/definition.js", "cloudInstanceKind"),
    SshKey: load("ssh-key/definition.js", "sshKeyKind"),
    CloudVolume: load("cloud-volume/definition.js", "cloudVolumeKind"),
    DnsZone: load("dns-zone/definition.js", "dnsZoneKind"),
    DnsRecord: load("dns-record/definition.js", "dnsRecordKind"),
    LetsEncryptCertificateLabels: load(
      "ssl-certificate/lets-encrypt.js",
      "letsEncryptCertificateLabelsKind",
    ),
    KubernetesBaremetalNodePower: load(
      "kubernetes-baremetal-node-power/definition.js",
      "kubernetesBaremetalNodePowerKind",
    ),
    KubernetesCluster: (client, id) => client.kubernetesClusters.get(id),
  };
}

export async function main() {
  await runDiscoverBench();
}

if (isMain(import.meta.url)) await main();
