// The floor of bench/cli.mjs: the creates, reads and deletes of the benchmark's stack made
// directly through the SDK (ServersComClient), with no Pulumi at all, in one Node.js process per
// command, as many at once as the CLI's default parallelism. What a user could at best wait for.
//
// Run by bench/cli.mjs, one process per phase: `node bench/cli-floor.mjs up|read|destroy`, with
// FLOOR_* variables (below). `up` creates every object and waits until it is ready, then writes
// the ids to FLOOR_STATE; `read` GETs each once; `destroy` deletes each and waits until it is
// gone where the provider waits too (a released SBM server is not waited for: the release is the
// end of its delete). Waits poll with the SDK's own waiter at FLOOR_POLL_MS, the interval the
// provider is given (SERVERSCOM_POLL_INTERVAL_MS). At the end it prints one JSON line with its
// own process.resourceUsage(): the same figures the CLI's provider processes report
// (bench/cli-usage-hook.cjs).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const sdk = require("../dist/sdk/index.js");
// The cloud volumes' status table is not re-exported by the SDK's index.
const { cloudVolumeStates } = require("../dist/sdk/areas/cloud-volumes.js");

const env = (name) => {
  const value = process.env[name];
  if (value === undefined || value === "") throw new Error(`cli-floor: ${name} is not set`);
  return value;
};

const phase = process.argv[2];
const client = new sdk.ServersComClient({ token: env("SIM_TOKEN"), baseUrl: env("SIM_URL") });
/** The stack (bench/cli.mjs, stackPlan): [{ kind, name, ...inputs in the API's words }]. */
const plan = JSON.parse(env("FLOOR_PLAN"));
const parallel = Number(env("FLOOR_PARALLEL"));
const pollMs = Number(env("FLOOR_POLL_MS"));
const statePath = env("FLOOR_STATE");

const notFound = (error) => error instanceof sdk.NotFoundError;

/** Polls `get` until `settled`, with the provider's tuning. */
function waitUntil(get, settled, description) {
  return sdk.waitFor(get, {
    state: (value) => String(value?.status ?? "gone"),
    isSettled: settled,
    timeoutMs: 120_000,
    minDelayMs: pollMs,
    maxDelayMs: pollMs * 30,
    description,
  });
}

/** Polls until a GET answers 404 or `gone(record)`. */
function waitGone(get, gone, description) {
  return waitUntil(
    () => get().catch((error) => (notFound(error) ? undefined : Promise.reject(error))),
    (record) => record === undefined || gone(record),
    description,
  );
}

const ready = (table) => (record) => table.settled.includes(record.status);
const labels = { env: "bench" };

/** Per kind: create (answers the id), read, delete; `zones` maps a zone's name to its id. */
const KINDS = {
  RbsVolume: {
    async create(r) {
      const v = await client.rbsVolumes.create({
        name: r.name,
        location_id: 1,
        flavor_id: 1,
        size: 10,
        labels,
      });
      await waitUntil(() => client.rbsVolumes.get(v.id), ready(sdk.rbsVolumeStates), r.name);
      return v.id;
    },
    read: (id) => client.rbsVolumes.get(id),
    async delete(id) {
      await client.rbsVolumes.delete(id);
      await waitGone(
        () => client.rbsVolumes.get(id),
        (v) => sdk.rbsVolumeGoneStatuses.includes(v.status),
        id,
      );
    },
  },
  SshKey: {
    async create(r) {
      const key = await client.sshKeys.create({
        name: r.name,
        public_key: r.publicKey,
        labels,
      });
      return key.fingerprint;
    },
    read: (id) => client.sshKeys.get(id),
    delete: (id) => client.sshKeys.delete(id),
  },
  SbmServer: {
    async create(r) {
      const [server] = await client.sbmServers.create({
        location_id: 1,
        sbm_flavor_model_id: 601,
        operating_system_id: 302,
        hosts: [{ hostname: r.name, labels }],
      });
      await waitUntil(() => client.sbmServers.get(server.id), ready(sdk.hostStatusStates), r.name);
      return server.id;
    },
    read: (id) => client.sbmServers.get(id),
    delete: (id) => client.sbmServers.release(id),
  },
  CloudInstance: {
    async create(r) {
      const instance = await client.cloudInstances.create({
        name: r.name,
        region_id: 1,
        flavor_id: "SSD.30",
        image_id: r.imageId,
      });
      await waitUntil(
        () => client.cloudInstances.get(instance.id),
        ready(sdk.cloudInstanceStates),
        r.name,
      );
      return instance.id;
    },
    read: (id) => client.cloudInstances.get(id),
    async delete(id) {
      await client.cloudInstances.delete(id);
      await waitGone(
        () => client.cloudInstances.get(id),
        (i) => sdk.cloudInstanceGoneStatuses.includes(i.status),
        id,
      );
    },
  },
  CloudVolume: {
    async create(r) {
      const v = await client.cloudVolumes.create({ name: r.name, region_id: 1, size: 20, labels });
      await waitUntil(() => client.cloudVolumes.get(v.id), ready(cloudVolumeStates), r.name);
      return v.id;
    },
    read: (id) => client.cloudVolumes.get(id),
    async delete(id) {
      await client.cloudVolumes.delete(id);
      await waitGone(
        () => client.cloudVolumes.get(id),
        (v) => v.status === "deleting",
        id,
      );
    },
  },
  DnsZone: {
    async create(r) {
      const zone = await client.dns.createDomain({ name: r.domain, email: "admin@example.com" });
      return zone.id;
    },
    read: (id) => client.dns.getDomain(id),
    async delete(id) {
      await client.dns.deleteDomain(id);
      await waitGone(
        () => client.dns.getDomain(id),
        () => false,
        id,
      );
    },
  },
  DnsRecord: {
    // The id is "<zone id>/<record id>", the zone's id known once its create is done.
    async create(r, zoneId) {
      const record = await client.dns.createRecord(await zoneId, {
        name: r.name,
        type: "A",
        data: "192.0.2.1",
      });
      return `${await zoneId}/${record.id}`;
    },
    read: (id) => {
      const [zone, record] = id.split("/");
      return client.dns.getRecord(zone, record);
    },
    async delete(id) {
      const [zone, record] = id.split("/");
      await client.dns.deleteRecord(zone, record);
      await waitGone(
        () => client.dns.getRecord(zone, record),
        () => false,
        id,
      );
    },
  },
};

/** Runs `task(item)` for every item, at most `parallel` at once (the engine's default). */
async function pool(items, task) {
  const queue = [...items];
  const results = new Map();
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      results.set(item, await task(item));
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return results;
}

/** A promise per DNS zone's name, resolved with its id once created or deleted. */
function deferreds(names) {
  const map = new Map();
  for (const name of names) {
    let resolve;
    const promise = new Promise((r) => {
      resolve = r;
    });
    map.set(name, { promise, resolve });
  }
  return map;
}

async function up() {
  const zones = deferreds(plan.filter((r) => r.kind === "DnsZone").map((r) => r.name));
  // Zones before records, as the engine orders them: a record's create waits for its zone.
  const ordered = [
    ...plan.filter((r) => r.kind !== "DnsRecord"),
    ...plan.filter((r) => r.kind === "DnsRecord"),
  ];
  const ids = await pool(ordered, async (r) => {
    const id = await KINDS[r.kind].create(r, zones.get(r.zone)?.promise);
    if (r.kind === "DnsZone") zones.get(r.name).resolve(id);
    return id;
  });
  writeFileSync(
    statePath,
    JSON.stringify(ordered.map((r) => ({ kind: r.kind, name: r.name, id: ids.get(r) }))),
  );
}

async function read() {
  const state = JSON.parse(readFileSync(statePath, "utf8"));
  await pool(state, (r) => KINDS[r.kind].read(r.id));
}

async function destroy() {
  const state = JSON.parse(readFileSync(statePath, "utf8"));
  const byName = new Map(plan.map((r) => [r.name, r]));
  // A zone's delete waits for its records' deletes, as the engine orders them.
  const recordsOf = deferreds(state.filter((r) => r.kind === "DnsZone").map((r) => r.name));
  const pendingRecords = new Map();
  for (const r of state) {
    if (r.kind !== "DnsRecord") continue;
    const zone = byName.get(r.name).zone;
    pendingRecords.set(zone, (pendingRecords.get(zone) ?? 0) + 1);
  }
  for (const [zone, deferred] of recordsOf) {
    if (!pendingRecords.has(zone)) deferred.resolve();
  }
  const ordered = [
    ...state.filter((r) => r.kind === "DnsRecord"),
    ...state.filter((r) => r.kind !== "DnsRecord"),
  ];
  await pool(ordered, async (r) => {
    if (r.kind === "DnsZone") await recordsOf.get(r.name).promise;
    await KINDS[r.kind].delete(r.id);
    if (r.kind === "DnsRecord") {
      const zone = byName.get(r.name).zone;
      const left = pendingRecords.get(zone) - 1;
      pendingRecords.set(zone, left);
      if (left === 0) recordsOf.get(zone).resolve();
    }
  });
}

const phases = { up, read, destroy };
if (!(phase in phases)) throw new Error(`cli-floor: unknown phase ${phase} (up, read, destroy)`);
await phases[phase]();
const usage = process.resourceUsage();
process.stdout.write(
  `${JSON.stringify({ cpuUs: usage.userCPUTime + usage.systemCPUTime, maxRssKb: usage.maxRSS })}\n`,
);
