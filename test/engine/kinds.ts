// The engine lifecycle table (lifecycle.ts): one row per resource kind. Every row runs through
// the real provider host and the native plugin, driven like `pulumi up` / `refresh` / `destroy`.
// Needs a current dist/ (npm test builds it first; alone: npm run build).
import { expect } from "vitest";
import { cloudSnapshotKind } from "../../provider/cloud-snapshot/definition";
import { Checker } from "../../provider/framework/check";
import { withoutOwnerLabel } from "../../provider/framework/ownership";
import { hostNetworkKind } from "../../provider/host-network/definition";
import { kubernetesBaremetalNodePowerKind } from "../../provider/kubernetes-baremetal-node-power/definition";
import { ptrRecordKind } from "../../provider/ptr-record/definition";
import { sslCertificateKind } from "../../provider/ssl-certificate/definition";
import type { Simulator, WireRecord } from "../../simulator";
import type { StoredResource } from "./harness";
import {
  countOf,
  type EngineRow,
  firstRequestFails,
  noneLeft,
  removedOutside,
  timedOut,
} from "./lifecycle";
import { destroyedCheck, liveBalancers, replacedCheck } from "./load-balancer";
import {
  backup,
  CERTIFICATE_KEY,
  CERTIFICATE_KEY_LINES,
  certificateLabels,
  cluster,
  DFW1_UBUNTU,
  dedicatedServer,
  dnsRecord,
  dnsZone,
  hostNetwork,
  instance,
  l4Balancer,
  l7Balancer,
  nodePower,
  OTHER_SSH_KEY,
  POWERED_OFF,
  POWERED_ON,
  PROD_CLUSTER,
  PROD_LE,
  ptrRecord,
  rbsVolume,
  SBM_01,
  SBM_02,
  SEED_LABELS,
  STAGING_CLUSTER,
  STAGING_LE,
  sbmServer,
  segment,
  site,
  snapshot,
  sshKey,
  sslCertificate,
  subnetwork,
  UBUNTU_24,
  volume,
} from "./programs";
import type { ScenarioOptions } from "./scenario";

/** A change made by hand: `field` of the record behind the resource set to `value`. */
function setOutside(
  collection: string,
  field: string,
  value: WireRecord[string],
  key: (resource: StoredResource) => string = (resource) => resource.id,
) {
  return async (resource: StoredResource, sim: Simulator) => {
    await sim.control.patch(collection, key(resource), { [field]: value });
  };
}

/** A label `env` set by hand to `value`, the record's other labels (ownership's) kept. */
function envLabelOutside(collection: string, value: string) {
  return async (resource: StoredResource, sim: Simulator) => {
    const labels = (await sim.control.peek(collection, resource.id))?.labels as Record<
      string,
      string
    >;
    await sim.control.patch(collection, resource.id, { labels: { ...labels, env: value } });
  };
}

/** The object's own id: the last part of the resource's id (its path below /v1). */
const lastPart = (resource: StoredResource) => resource.id.split("/").at(-1) ?? resource.id;

const cloudInstanceRow: EngineRow = {
  scenario: {
    kind: "CloudInstance",
    name: "app",
    // A creation takes 10 simulated minutes, 200 ms (the partial create holds it: timedOut).
    simulator: { speed: 3000, durations: { cloud_create: 600_000 } },
  },
  program: instance(),
  created: (resource) => {
    expect(resource.outputs).toMatchObject({
      status: "ACTIVE",
      name: "app",
      flavorId: "SSD.30",
      regionCode: "AMS1",
      labels: { env: "prod" },
    });
  },
  replacements: {
    program: (opts) => instance({}, opts),
    newObject: true,
    count: countOf("cloud_instances"),
  },
  // A larger flavor: an upgrade in place, approved at once.
  inPlace: {
    program: instance({ flavorId: "SSD.50" }),
    check: (resource) => {
      expect(resource.outputs).toMatchObject({
        flavorId: "SSD.50",
        status: "ACTIVE",
        awaitingUpgradeConfirmation: false,
      });
    },
  },
  replace: {
    program: instance({ regionId: 2, imageId: DFW1_UBUNTU, flavorId: "SSD.50" }),
    check: (resource) => {
      expect(resource.outputs).toMatchObject({ regionCode: "DFW1", status: "ACTIVE" });
    },
  },
  settled: instance({ regionId: 2, imageId: DFW1_UBUNTU, flavorId: "SSD.50" }),
  drift: {
    change: setOutside("cloud_instances", "name", "renamed-by-hand"),
    check: (resource) => {
      expect(resource.outputs.name).toBe("renamed-by-hand");
    },
  },
  deletedOutside: removedOutside("cloud_instances"),
  destroyed: async (sim, last) => {
    expect(await sim.control.peek("cloud_instances", last.id)).toBeUndefined();
  },
  failedCreate: timedOut(
    "/v1/cloud_computing/instances",
    (opts) => instance({}, opts),
    instance(),
    countOf("cloud_instances"),
  ),
};

/** Snapshots not being deleted. */
const liveSnapshot = (record: Record<string, unknown>) => record.status !== "pending_delete";

const cloudSnapshotRow: EngineRow = {
  scenario: {
    kind: "CloudSnapshot",
    name: "golden",
    // A snapshot takes 10 simulated minutes, 200 ms (the partial create holds it: timedOut).
    simulator: { speed: 3000, durations: { cloud_snapshot_change: 600_000 } },
  },
  program: snapshot(),
  created: (resource) => {
    expect(resource.id).toBe(`1/${String(resource.outputs.snapshotId)}`);
    expect(resource.outputs).toMatchObject({ name: "golden", status: "active" });
  },
  replacements: {
    program: (opts) => snapshot("web", opts),
    // Deleted first by default (replaceDeletesFirst): the old generation is gone before the
    // create, so there is nothing to name; `count` shows no duplicate either way.
    newObject: false,
    // A snapshot of the same name stops a create before ordering (kind.conflict).
    refused: "the region already has a snapshot named golden",
    count: countOf("cloud_snapshots", liveSnapshot),
  },
  inPlace: {
    notApplicable:
      "no source of the API changes a snapshot: a new name is refused in place, the rest replaces",
    proof: () => {
      const rules = Object.entries(cloudSnapshotKind.properties);
      expect(rules.filter(([, rule]) => rule.rule === "update").map(([name]) => name)).toEqual([
        "name",
      ]);
      expect(cloudSnapshotKind.refuseUpdate).toBeDefined();
    },
  },
  // Another instance is another snapshot; the old one is deleted first.
  replace: {
    program: snapshot("db"),
    check: async (resource, sim) => {
      const live = (await sim.control.records("cloud_snapshots")).filter(liveSnapshot);
      expect(live.map((x) => `1/${String(x.id)}`)).toEqual([resource.id]);
    },
  },
  settled: snapshot("db"),
  drift: {
    notApplicable:
      "a snapshot's only input the API could drift is its name, and no source renames one: the " +
      "next up refuses to put it back (test/provider/cloud-snapshot.test.ts covers the refusal)",
    proof: () => {
      const record = { regionId: 1, snapshot: { id: "s", name: "by-hand", status: "active" } };
      expect(cloudSnapshotKind.refuseUpdate?.(record, { name: "golden" })).toContain(
        "a snapshot cannot be renamed",
      );
    },
  },
  deletedOutside: removedOutside("cloud_snapshots", (resource) =>
    String(resource.outputs.snapshotId),
  ),
  destroyed: noneLeft("cloud_snapshots"),
  failedCreate: timedOut(
    "/v1/cloud_computing/regions/*/snapshots",
    (opts) => snapshot("web", opts),
    snapshot(),
    countOf("cloud_snapshots"),
  ),
};

/** Backups and volumes not being deleted. */
const notDeleting = (record: Record<string, unknown>) => record.status !== "deleting";

const cloudVolumeBackupRow: EngineRow = {
  scenario: {
    kind: "CloudVolumeBackup",
    name: "nightly",
    // A backup takes 10 simulated minutes, 200 ms (the partial create holds it: timedOut).
    simulator: {
      speed: 3000,
      durations: { cloud_backup_change: 600_000, cloud_volume_change: 1_000 },
    },
  },
  program: backup({ labels: { env: "prod" } }),
  created: (resource) => {
    expect(resource.outputs).toMatchObject({
      status: "available",
      size: 20,
      labels: { env: "prod" },
    });
  },
  // Labels carry ownership: a create-first replacement names the old generation, never takes it.
  replacements: {
    program: (opts) => backup({ labels: { env: "prod" } }, "data", opts),
    newObject: true,
    count: countOf("cloud_backups", notDeleting),
  },
  inPlace: {
    program: backup({ labels: { env: "staging" } }),
    check: (resource) => {
      expect(resource.outputs.labels).toEqual({ env: "staging" });
    },
  },
  replace: {
    program: backup({ labels: { env: "prod" } }, "logs"),
    check: async (resource, sim) => {
      expect(resource.outputs).toMatchObject({ size: 10, status: "available" });
      const live = (await sim.control.records("cloud_backups")).filter(notDeleting);
      expect(live.map((b) => b.id)).toEqual([resource.id]);
    },
  },
  settled: backup({ labels: { env: "prod" } }, "logs"),
  drift: {
    change: envLabelOutside("cloud_backups", "by-hand"),
    check: (resource) => {
      expect(resource.outputs.labels).toEqual({ env: "by-hand" });
    },
  },
  deletedOutside: removedOutside("cloud_backups"),
  destroyed: noneLeft("cloud_backups"),
  failedCreate: timedOut(
    "/v1/cloud_block_storage/backups",
    (opts) => backup({}, "data", opts),
    backup(),
    countOf("cloud_backups"),
  ),
};

const cloudVolumeRow: EngineRow = {
  scenario: {
    kind: "CloudVolume",
    name: "data",
    // A volume takes 10 simulated minutes to make, 200 ms (the partial create holds it: timedOut).
    simulator: { speed: 3000, durations: { cloud_volume_change: 600_000 } },
  },
  program: volume({ labels: { env: "prod" } }),
  created: (resource) => {
    expect(resource.outputs).toMatchObject({
      status: "available",
      size: 20,
      instanceId: null,
      labels: { env: "prod" },
    });
  },
  // Labels carry ownership: a create-first replacement names the old generation, never takes it.
  replacements: {
    program: (opts) => volume({ labels: { env: "prod" } }, false, opts),
    newObject: true,
    count: countOf("cloud_volumes", notDeleting),
  },
  inPlace: {
    program: volume({ name: "data-x", labels: { env: "staging" } }, true),
    check: async (resource, sim) => {
      const [attached] = await sim.control.records("cloud_instances");
      expect(resource.outputs).toMatchObject({
        name: "data-x",
        status: "in-use",
        instanceId: attached?.id,
        device: "/dev/vdb",
        labels: { env: "staging" },
      });
    },
  },
  // Another region is another volume; the attached one is detached before it is deleted.
  replace: {
    program: volume({ regionId: 2, size: 40, name: "data-2" }),
    check: async (resource, sim) => {
      expect(resource.outputs).toMatchObject({ regionCode: "DFW1", status: "available" });
      const live = (await sim.control.records("cloud_volumes")).filter(notDeleting);
      expect(live.map((v) => v.id)).toEqual([resource.id]);
    },
  },
  settled: volume({ regionId: 2, size: 40, name: "data-2" }),
  drift: {
    change: setOutside("cloud_volumes", "name", "renamed-by-hand"),
    check: (resource) => {
      expect(resource.outputs.name).toBe("renamed-by-hand");
      expect(resource.inputs.name).toBe("renamed-by-hand");
    },
  },
  deletedOutside: removedOutside("cloud_volumes"),
  destroyed: noneLeft("cloud_volumes"),
  failedCreate: timedOut(
    "/v1/cloud_block_storage/volumes",
    (opts) => volume({}, false, opts),
    volume(),
    countOf("cloud_volumes"),
  ),
};

/** Scheduled for release (the end of its billing period): gone as far as Pulumi is concerned. */
export const released = (record: { scheduled_release_at?: unknown } | undefined) =>
  record === undefined || typeof record.scheduled_release_at === "string";
const unreleased = (record: Record<string, unknown>) => !released(record);

const dedicatedServerRow: EngineRow = {
  // A 20-minute installation takes 400 ms (the partial create holds it: timedOut).
  scenario: { kind: "DedicatedServer", name: "db" },
  program: dedicatedServer(),
  created: (resource) => {
    expect(resource.outputs).toMatchObject({
      status: "active",
      operationalStatus: "normal",
      title: "db-1",
      ramSize: 64,
      operatingSystemId: 301,
      labels: { env: "prod" },
    });
  },
  replacements: {
    program: (opts) => dedicatedServer({}, opts),
    newObject: true,
    count: countOf("dedicated_servers", unreleased),
  },
  // Host name and labels: one PUT, no reinstall.
  inPlace: {
    program: dedicatedServer({ hostname: "db-primary", labels: { env: "staging" } }),
    check: (resource) => {
      expect(resource.outputs).toMatchObject({ title: "db-primary", labels: { env: "staging" } });
    },
  },
  // More RAM is another server: the old one is released first.
  replace: {
    program: dedicatedServer({ ramSize: 128 }),
    check: async (resource, sim) => {
      expect(resource.outputs.ramSize).toBe(128);
      const live = (await sim.control.records("dedicated_servers")).filter(unreleased);
      expect(live.map((r) => r.id)).toEqual([resource.id]);
    },
  },
  settled: dedicatedServer({ ramSize: 128 }),
  drift: {
    change: setOutside("dedicated_servers", "title", "renamed-by-hand"),
    check: (resource) => {
      expect(resource.outputs.title).toBe("renamed-by-hand");
      expect(resource.inputs.hostname).toBe("renamed-by-hand");
    },
  },
  deletedOutside: removedOutside("dedicated_servers"),
  destroyed: async (sim, last) => {
    expect(released(await sim.control.peek("dedicated_servers", last.id))).toBe(true);
  },
  failedCreate: timedOut(
    "/v1/hosts/dedicated_servers",
    (opts) => dedicatedServer({}, opts),
    dedicatedServer(),
    countOf("dedicated_servers", unreleased),
  ),
};

/** Records but the zone's own SOA. */
const notSoa = (record: Record<string, unknown>) => record.type !== "SOA";

const dnsRecordRow: EngineRow = {
  scenario: { kind: "DnsRecord", name: "www" },
  program: dnsRecord({ ttl: 300 }),
  created: (resource) => {
    expect(resource.id).toBe(
      `${String(resource.outputs.zoneId)}/${String(resource.outputs.recordId)}`,
    );
    expect(resource.outputs).toMatchObject({ name: "www", type: "A", data: "192.0.2.1", ttl: 300 });
  },
  replacements: {
    program: (opts) => dnsRecord({ ttl: 300 }, opts),
    // Deleted first by default (replaceDeletesFirst): the old generation is gone before the
    // create, so there is nothing to name; `count` shows no duplicate either way.
    newObject: false,
    // An identical record stops a create before ordering (kind.conflict).
    refused: "the zone already has this A record www -> 192.0.2.1",
    count: countOf("dns_records", (r) => r.type === "A"),
  },
  inPlace: {
    program: dnsRecord({ data: "192.0.2.2", ttl: 60 }),
    check: (resource) => {
      expect(resource.outputs).toMatchObject({ data: "192.0.2.2", ttl: 60 });
    },
  },
  replace: {
    program: dnsRecord({ type: "AAAA", data: "2001:db8::1" }),
    check: async (resource, sim) => {
      expect(resource.outputs).toMatchObject({ type: "AAAA" });
      const mine = (await sim.control.records("dns_records")).filter(notSoa);
      expect(mine.map((r) => `${String(r.domain_id)}/${String(r.id)}`)).toEqual([resource.id]);
    },
  },
  settled: dnsRecord({ type: "AAAA", data: "2001:db8::1" }),
  drift: {
    change: setOutside("dns_records", "data", "2001:db8::99", (r) => String(r.outputs.recordId)),
    check: (resource) => {
      expect(resource.outputs.data).toBe("2001:db8::99");
      expect(resource.inputs.data).toBe("2001:db8::99");
    },
  },
  deletedOutside: removedOutside("dns_records", (resource) => String(resource.outputs.recordId)),
  destroyed: noneLeft("dns_records"),
  // The API answers at once: a create fails before the object exists, or not at all.
  failedCreate: {
    failing: dnsRecord(),
    faults: firstRequestFails("POST", "/v1/dns/domains/*/records"),
    partial: false,
    resume: dnsRecord(),
    count: countOf("dns_records", notSoa),
  },
};

const dnsZoneRow: EngineRow = {
  scenario: { kind: "DnsZone", name: "zone" },
  program: dnsZone(),
  created: (resource) => {
    expect(resource.outputs).toMatchObject({
      name: "example.com",
      ttl: 3600,
      delegationStatus: "undelegated",
      labels: { env: "prod" },
    });
  },
  replacements: {
    program: (opts) => dnsZone({}, opts),
    // Deleted first by default (replaceDeletesFirst): the old generation is gone before the
    // create, so there is nothing to name; `count` shows no duplicate either way.
    newObject: false,
    // Zone names are unique in the API: a create first stops before ordering (kind.conflict).
    refused: "a DNS zone example.com already exists",
    count: countOf("dns_domains"),
  },
  inPlace: {
    program: dnsZone({ labels: { env: "staging" } }),
    check: (resource) => {
      expect(resource.outputs.labels).toEqual({ env: "staging" });
    },
  },
  replace: {
    program: dnsZone({ name: "example.org" }),
    check: async (resource, sim) => {
      expect(resource.outputs.name).toBe("example.org");
      expect((await sim.control.records("dns_domains")).map((d) => d.id)).toEqual([resource.id]);
    },
  },
  settled: dnsZone({ name: "example.org" }),
  drift: {
    change: envLabelOutside("dns_domains", "by-hand"),
    check: (resource) => {
      expect(resource.outputs.labels).toEqual({ env: "by-hand" });
    },
  },
  deletedOutside: removedOutside("dns_domains"),
  destroyed: noneLeft("dns_domains"),
  // The API answers at once: a create fails before the object exists, or not at all.
  failedCreate: {
    failing: dnsZone(),
    faults: firstRequestFails("POST", "/v1/dns/domains"),
    partial: false,
    resume: dnsZone(),
    count: countOf("dns_domains"),
  },
};

/** Additional networks not being removed. */
const liveNetwork = (record: Record<string, unknown>) =>
  record.additional === true && record.status !== "removing";

const hostNetworkRow: EngineRow = {
  scenario: {
    kind: "HostNetwork",
    name: "extra",
    // A network takes 10 simulated minutes, 200 ms (the partial create holds it: timedOut).
    simulator: { speed: 3000, durations: { host_network: 600_000 } },
  },
  program: hostNetwork(),
  created: (resource) => {
    expect(resource.id).toMatch(/^hosts\/dedicated_servers\/[^/]+\/networks\/[^/]+$/);
    expect(resource.outputs).toMatchObject({
      status: "active",
      mask: 29,
      type: "public_ipv4",
      additional: true,
    });
  },
  replacements: {
    program: (opts) => hostNetwork({}, opts),
    // Deleted first by default (replaceDeletesFirst): the old generation is gone before the
    // create, so there is nothing to name; `count` shows no duplicate either way. A
    // public IPv4 network, made first with deleteBeforeReplace: false, carries no label or
    // content that could name the old one.
    newObject: false,
    count: countOf("host_networks", liveNetwork),
  },
  inPlace: {
    notApplicable: "a network cannot be changed: every change replaces it",
    proof: () => {
      const rules = Object.values(hostNetworkKind.properties).map((property) => property.rule);
      expect(new Set(rules)).toEqual(new Set(["replace"]));
    },
  },
  replace: {
    program: hostNetwork({ mask: 28, distributionMethod: "gateway" }),
    check: async (resource, sim) => {
      expect(resource.outputs).toMatchObject({ mask: 28, status: "active" });
      const live = (await sim.control.records("host_networks")).filter(liveNetwork);
      expect(live.map((n) => n.id)).toEqual([lastPart(resource)]);
    },
  },
  settled: hostNetwork({ mask: 28, distributionMethod: "gateway" }),
  drift: {
    change: setOutside("host_networks", "distribution_method", "route", lastPart),
    check: (resource) => {
      expect(resource.outputs.distributionMethod).toBe("route");
    },
    fix: "replace",
  },
  deletedOutside: removedOutside("host_networks", lastPart),
  destroyed: async (sim) => {
    const left = (await sim.control.records("host_networks")).filter((n) => n.additional === true);
    expect(left.every((n) => n.status === "removing")).toBe(true);
  },
  // A create timeout far shorter than the network's setup: the wait fails after the POST.
  failedCreate: timedOut(
    "/v1/hosts/dedicated_servers/*/networks/*",
    (opts) => hostNetwork({}, opts),
    hostNetwork(),
    countOf("host_networks", liveNetwork),
  ),
};

const HOSTS = "kubernetes_baremetal_nodes";

const nodePowerRow: EngineRow = {
  scenario: {
    kind: "KubernetesBaremetalNodePower",
    name: "bm",
    // Powering on takes 10 simulated minutes, 200 ms (the partial create holds it: timedOut).
    simulator: { speed: 3000, durations: { k8s_node_power: 600_000 } },
  },
  program: nodePower(),
  created: async (resource, sim) => {
    expect(resource.outputs).toMatchObject({ nodeId: POWERED_OFF, powerStatus: "powered_on" });
    expect((await sim.control.peek(HOSTS, POWERED_OFF))?.power_status).toBe("powered_on");
  },
  replacements: { program: (opts) => nodePower({}, opts), newObject: false },
  inPlace: {
    notApplicable:
      "poweredOn accepts only true; the in-place update is the drift scenario's, switching on again",
    proof: () => {
      const inPlace = Object.entries(kubernetesBaremetalNodePowerKind.properties)
        .filter(([, property]) => property.rule === "update")
        .map(([name]) => name);
      expect(inPlace).toEqual(["poweredOn"]);
      const checker = new Checker({ nodeId: POWERED_ON, poweredOn: false }, {});
      kubernetesBaremetalNodePowerKind.check(checker);
      expect(checker.failures.map((failure) => failure.property)).toEqual(["poweredOn"]);
    },
  },
  replace: {
    program: nodePower({ nodeId: POWERED_ON }),
    check: (resource) => {
      expect(resource.outputs).toMatchObject({ nodeId: POWERED_ON, powerStatus: "powered_on" });
    },
  },
  settled: nodePower({ nodeId: POWERED_ON }),
  // Switched off behind Pulumi's back: refresh shows it, the next up switches it on again.
  drift: {
    change: setOutside(HOSTS, "power_status", "powered_off", (r) => String(r.outputs.nodeId)),
    check: (resource) => {
      expect(resource.outputs.powerStatus).toBe("powered_off");
    },
  },
  // A node host cannot be created through the API: the seed stands in for its return.
  deletedOutside: removedOutside(HOSTS, (resource) => String(resource.outputs.nodeId)),
  restore: (sim) => sim.control.reset(),
  // Destroy sends nothing: the node stays on.
  destroyed: async (sim, last) => {
    expect((await sim.control.peek(HOSTS, String(last.outputs.nodeId)))?.power_status).toBe(
      "powered_on",
    );
  },
  failedCreate: timedOut(
    "/v1/hosts/kubernetes_baremetal_nodes/*/power_on",
    (opts) => nodePower({}, opts),
    nodePower(),
  ),
};

/** The cluster's labels but the ownership label (test/engine/kubernetes-node-groups.test.ts). */
const clusterLabels = async (sim: Simulator, id: string) =>
  withoutOwnerLabel(
    (await sim.control.peek("kubernetes_clusters", id))?.labels as Record<string, string>,
  );

const stagingCluster = cluster({
  clusterId: STAGING_CLUSTER,
  labels: { env: "staging", "managed-by": "pulumi" },
});

const kubernetesClusterRow: EngineRow = {
  // The API cannot create or delete clusters: the resource takes charge of a seeded one, and
  // letting go puts back what it changed.
  scenario: { kind: "KubernetesCluster", name: "k8s" },
  program: cluster(),
  created: async (resource, sim) => {
    expect(resource.id).toBe(PROD_CLUSTER);
    expect(resource.outputs).toMatchObject({
      status: "active",
      labels: { ...SEED_LABELS, "managed-by": "pulumi" },
      originalLabels: SEED_LABELS,
    });
    expect(await clusterLabels(sim, PROD_CLUSTER)).toEqual({
      ...SEED_LABELS,
      "managed-by": "pulumi",
    });
  },
  replacements: {
    program: (opts) => cluster({}, opts),
    newObject: false,
    refused: "deleteBeforeReplace: false cannot be honoured",
  },
  // Labels and a node moved to another group, in place.
  inPlace: {
    program: cluster({ nodeGroups: { KnProd02: "NgSpare1" } }),
    check: (resource) => {
      expect(resource.outputs).toMatchObject({
        nodeGroups: { KnProd02: "NgSpare1" },
        originalNodeGroups: { KnProd02: "NgCloud1" },
      });
    },
  },
  // Another cluster: the first one gets its labels and node groups back.
  replace: {
    program: stagingCluster,
    check: async (resource, sim) => {
      expect(resource.id).toBe(STAGING_CLUSTER);
      expect(await clusterLabels(sim, PROD_CLUSTER)).toEqual(SEED_LABELS);
      const node = await sim.control.peek("kubernetes_nodes", "KnProd02");
      expect(node?.node_group).toMatchObject({ id: "NgCloud1" });
    },
  },
  settled: stagingCluster,
  drift: {
    change: setOutside("kubernetes_clusters", "labels", { env: "changed-by-hand" }),
    check: (resource) => {
      expect(resource.outputs.labels).toEqual({ env: "changed-by-hand" });
    },
  },
  // A cluster cannot be created through the API: the seed stands in for ordering it again.
  deletedOutside: removedOutside("kubernetes_clusters"),
  restore: (sim) => sim.control.reset(),
  // Destroy lets go: the cluster keeps running, with the labels it had before.
  destroyed: async (sim, last) => {
    expect(await clusterLabels(sim, last.id)).toEqual({ env: "staging" });
  },
  // A 500 on the labels' PUT: the cluster was taken in charge, so the engine records it with an
  // init error, and the next up updates it, putting the labels.
  failedCreate: {
    failing: cluster(),
    faults: firstRequestFails("PUT", "/v1/kubernetes_clusters/*"),
    partial: true,
    resume: cluster(),
  },
};

const l2SegmentRow: EngineRow = {
  scenario: {
    kind: "L2Segment",
    name: "lan",
    // A change of the segment takes 10 simulated minutes, 200 ms (the partial create holds it).
    simulator: { speed: 3000, durations: { l2_change: 600_000 } },
  },
  program: segment(),
  created: (resource) => {
    expect(resource.outputs).toMatchObject({
      status: "active",
      type: "private",
      locationGroupId: 1,
      name: "lan",
      labels: { env: "prod" },
    });
    expect(resource.outputs.members).toHaveLength(1);
  },
  replacements: {
    program: (opts) => segment({}, opts),
    newObject: true,
    count: countOf("l2_segments"),
  },
  // A second member, tagged: the network applies it, the segment is active again.
  inPlace: {
    program: segment({}, {}, true),
    check: (resource) => {
      expect(resource.outputs.status).toBe("active");
      expect(resource.outputs.members).toHaveLength(2);
    },
  },
  replace: {
    program: segment({ locationGroupId: 5 }, {}, true),
    check: (resource) => {
      expect(resource.outputs).toMatchObject({ locationGroupId: 5, status: "active" });
    },
  },
  settled: segment({ locationGroupId: 5 }, {}, true),
  drift: {
    change: setOutside("l2_segments", "name", "renamed-by-hand"),
    check: (resource) => {
      expect(resource.outputs.name).toBe("renamed-by-hand");
    },
  },
  deletedOutside: removedOutside("l2_segments"),
  destroyed: async (sim, last) => {
    expect(await sim.control.peek("l2_segments", last.id)).toBeUndefined();
  },
  failedCreate: timedOut(
    "/v1/l2_segments",
    (opts) => segment({}, opts),
    segment(),
    countOf("l2_segments"),
  ),
};

const l4LoadBalancerRow: EngineRow = {
  scenario: {
    kind: "L4LoadBalancer",
    name: "tcp",
    // Applying takes 10 simulated minutes, 200 ms (the partial create holds it: timedOut).
    simulator: { speed: 3000, durations: { lb_apply: 600_000 } },
  },
  program: l4Balancer(),
  created: (resource) => {
    expect(resource.outputs).toMatchObject({
      status: "active",
      name: "tcp",
      labels: { env: "prod" },
      vhostZones: [{ id: "tls", ports: [443], upstreamId: "app" }],
    });
  },
  // Labels carry ownership: a create-first replacement names the old generation, never takes it.
  replacements: {
    program: (opts) => l4Balancer({}, opts),
    newObject: true,
    count: (sim) => liveBalancers(sim, "l4_load_balancers"),
  },
  inPlace: {
    program: l4Balancer({
      storeLogs: true,
      upstreamZones: [
        {
          id: "app",
          upstreams: [
            { ip: "10.0.0.5", port: 8443 },
            { ip: "10.0.0.6", port: 8443 },
          ],
        },
      ],
    }),
    check: (resource) => {
      expect(resource.outputs).toMatchObject({ storeLogs: true, status: "active" });
      const [zone] = resource.outputs.upstreamZones as { upstreams: unknown[] }[];
      expect(zone?.upstreams).toHaveLength(2);
    },
  },
  replace: {
    program: l4Balancer({ locationId: 2, name: "tcp-dfw" }),
    check: replacedCheck("l4_load_balancers"),
  },
  settled: l4Balancer({ locationId: 2, name: "tcp-dfw" }),
  drift: {
    change: setOutside("l4_load_balancers", "name", "renamed-by-hand"),
    check: (resource) => {
      expect(resource.outputs.name).toBe("renamed-by-hand");
    },
  },
  deletedOutside: removedOutside("l4_load_balancers"),
  destroyed: destroyedCheck("l4_load_balancers"),
  failedCreate: timedOut(
    "/v1/load_balancers/l4",
    (opts) => l4Balancer({}, opts),
    l4Balancer(),
    (sim) => liveBalancers(sim, "l4_load_balancers"),
  ),
};

const l7LoadBalancerRow: EngineRow = {
  // Terminating TLS with the simulator's seeded Let's Encrypt certificate of example.com.
  scenario: {
    kind: "L7LoadBalancer",
    name: "web",
    simulator: { speed: 3000, durations: { lb_apply: 600_000 } },
  },
  program: l7Balancer(),
  created: (resource) => {
    expect(resource.outputs).toMatchObject({
      status: "active",
      domains: ["example.com"],
      vhostZones: [{ id: "site", sslCertificateId: "LeCert01" }],
    });
  },
  // Labels carry ownership: a create-first replacement names the old generation, never takes it.
  replacements: {
    program: (opts) => l7Balancer({}, opts),
    newObject: true,
    count: (sim) => liveBalancers(sim, "l7_load_balancers"),
  },
  inPlace: {
    program: l7Balancer({
      geoip: true,
      vhostZones: [site({ httpToHttpsRedirect: true, ports: [80, 443] })],
    }),
    check: (resource) => {
      expect(resource.outputs).toMatchObject({ geoip: true, status: "active" });
    },
  },
  replace: {
    program: l7Balancer({ locationId: 2, vhostZones: [site({ http2: true })] }),
    check: replacedCheck("l7_load_balancers"),
  },
  settled: l7Balancer({ locationId: 2, vhostZones: [site({ http2: true })] }),
  drift: {
    change: setOutside("l7_load_balancers", "geoip", true),
    check: (resource) => {
      expect(resource.outputs.geoip).toBe(true);
    },
  },
  deletedOutside: removedOutside("l7_load_balancers"),
  destroyed: destroyedCheck("l7_load_balancers"),
  failedCreate: timedOut(
    "/v1/load_balancers/l7",
    (opts) => l7Balancer({}, opts),
    l7Balancer(),
    (sim) => liveBalancers(sim, "l7_load_balancers"),
  ),
};

const certificateLabelsRow: EngineRow = {
  // It takes over an existing Let's Encrypt certificate (the API cannot issue one) and manages
  // its labels.
  scenario: { kind: "LetsEncryptCertificateLabels", name: "site" },
  program: certificateLabels(),
  created: async (resource, sim) => {
    expect(resource.id).toBe(PROD_LE);
    expect(resource.outputs).toMatchObject({ labels: { env: "prod", team: "web" } });
    const record = await sim.control.peek("ssl_certificates", PROD_LE);
    expect(record?.labels).toMatchObject({ env: "prod", team: "web" });
  },
  replacements: {
    program: (opts) => certificateLabels({}, opts),
    newObject: false,
    refused: "deleteBeforeReplace: false cannot be honoured",
  },
  inPlace: {
    program: certificateLabels({ labels: { env: "prod", team: "platform" } }),
    check: (resource) => {
      expect(resource.outputs.labels).toEqual({ env: "prod", team: "platform" });
    },
  },
  // Another certificate: the management moves over.
  replace: {
    program: certificateLabels({ adoptId: STAGING_LE, labels: { env: "staging" } }),
    check: (resource) => {
      expect(resource.id).toBe(STAGING_LE);
    },
  },
  settled: certificateLabels({ adoptId: STAGING_LE, labels: { env: "staging" } }),
  drift: {
    change: envLabelOutside("ssl_certificates", "changed-by-hand"),
    check: (resource) => {
      expect(resource.outputs.labels).toEqual({ env: "changed-by-hand" });
    },
  },
  // The certificate can only come back from the control panel: the seed stands in for that.
  deletedOutside: removedOutside("ssl_certificates"),
  restore: (sim) => sim.control.reset(),
  // Destroy leaves the certificate and its labels; only the ownership label goes.
  destroyed: async (sim, last) => {
    const record = await sim.control.peek("ssl_certificates", last.id);
    expect(record?.labels).toEqual({ env: "staging" });
  },
  // A 500 on the labels' PUT: the certificate exists (it was adopted), so the engine records it
  // with an init error, and the next up updates it, putting the labels.
  failedCreate: {
    failing: certificateLabels(),
    faults: firstRequestFails("PUT", "/v1/ssl_certificates/letsencrypt/*"),
    partial: true,
    resume: certificateLabels(),
  },
};

const ptrRecordRow: EngineRow = {
  // For the public address of a cloud instance declared in the same program. Records cannot be
  // changed: every change replaces.
  scenario: { kind: "PtrRecord", name: "app-ptr" },
  program: ptrRecord(),
  created: (resource) => {
    expect(resource.id).toMatch(/^cloud_computing\/instances\/[^/]+\/ptr_records\/[^/]+$/);
    expect(resource.outputs).toMatchObject({ domain: "app.example.com", ttl: 60 });
  },
  replacements: {
    program: (opts) => ptrRecord({}, opts),
    newObject: true,
    count: countOf("cloud_ptr_records"),
  },
  inPlace: {
    notApplicable: "a PTR record cannot be changed: every change replaces it",
    proof: () => {
      const rules = Object.values(ptrRecordKind.properties).map((property) => property.rule);
      expect(new Set(rules)).toEqual(new Set(["replace"]));
    },
  },
  replace: {
    program: ptrRecord({ domain: "www.example.com", ttl: 3600 }),
    check: async (resource, sim) => {
      expect(resource.outputs).toMatchObject({ domain: "www.example.com", ttl: 3600 });
      expect(await sim.control.records("cloud_ptr_records")).toHaveLength(1);
    },
  },
  settled: ptrRecord({ domain: "www.example.com", ttl: 3600 }),
  // The only way back from a changed record is another record.
  drift: {
    change: setOutside("cloud_ptr_records", "ttl", 120, lastPart),
    check: (resource) => {
      expect(resource.outputs.ttl).toBe(120);
    },
    fix: "replace",
  },
  deletedOutside: removedOutside("cloud_ptr_records", lastPart),
  destroyed: noneLeft("cloud_ptr_records"),
  // The API answers at once: a create fails before the record exists, or not at all.
  failedCreate: {
    failing: ptrRecord(),
    faults: firstRequestFails("POST", "/v1/cloud_computing/instances/*/ptr_records"),
    partial: false,
    resume: ptrRecord(),
    count: countOf("cloud_ptr_records"),
  },
};

/** Volumes not being removed. */
const liveVolume = (record: Record<string, unknown>) => record.status !== "removing";

const rbsVolumeRow: EngineRow = {
  scenario: {
    kind: "RbsVolume",
    name: "data",
    // A creation takes 10 simulated minutes, 200 ms of real time (the partial create holds it:
    // timedOut).
    simulator: { speed: 3000, durations: { rbs_create: 600_000 } },
    secrets: async (sim) =>
      (await sim.control.records("rbs_volumes")).map((v) => String(v._password)),
  },
  program: rbsVolume({ labels: { env: "prod" } }),
  created: async (resource, sim, harness) => {
    expect(resource.outputs).toMatchObject({
      status: "active",
      size: 100,
      labels: { env: "prod" },
    });
    expect(resource.additionalSecretOutputs).toEqual(["username", "password"]);
    const [record] = await sim.control.records("rbs_volumes");
    expect(resource.outputs.password).toBe(record?._password);
    expect(harness.stderr).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^serverscom:RbsVolume data \\(${resource.id}\\): creating -> active after \\d+m?s$`,
        ),
      ),
    );
  },
  replacements: {
    program: (opts) => rbsVolume({ labels: { env: "prod" } }, opts),
    newObject: true,
    count: countOf("rbs_volumes", liveVolume),
  },
  inPlace: {
    program: rbsVolume({ name: "data-2", size: 200, labels: { env: "staging" } }),
    check: (resource) => {
      expect(resource.outputs).toMatchObject({
        name: "data-2",
        size: 200,
        status: "active",
        labels: { env: "staging" },
        iops: 2000,
      });
      expect(typeof resource.outputs.password).toBe("string");
    },
  },
  replace: {
    program: rbsVolume({ name: "data-2", size: 200, locationId: 2, flavorId: 3 }),
    check: async (resource, sim) => {
      expect(resource.outputs).toMatchObject({ locationCode: "DFW1", status: "active" });
      const live = (await sim.control.records("rbs_volumes")).filter(liveVolume);
      expect(live.map((v) => v.id)).toEqual([resource.id]);
    },
  },
  settled: rbsVolume({ name: "data-2", size: 200, locationId: 2, flavorId: 3 }),
  drift: {
    change: setOutside("rbs_volumes", "name", "renamed-by-hand"),
    check: (resource) => {
      expect(resource.outputs.name).toBe("renamed-by-hand");
      expect(resource.inputs.name).toBe("renamed-by-hand");
    },
  },
  deletedOutside: removedOutside("rbs_volumes"),
  destroyed: noneLeft("rbs_volumes"),
  // A create timeout far shorter than the creation: the wait fails after the POST.
  failedCreate: timedOut(
    "/v1/remote_block_storage/volumes",
    (opts) => rbsVolume({}, opts),
    rbsVolume(),
    countOf("rbs_volumes"),
  ),
};

/** Servers whose release is not scheduled. */
export const unscheduled = (record: Record<string, unknown>) =>
  record.scheduled_release_at === null || record.scheduled_release_at === undefined;
const HOUR = 60 * 60_000;

const sbmServerRow: EngineRow = {
  scenario: {
    kind: "SbmServer",
    name: "web",
    // An installation takes 10 simulated minutes, 200 ms (the partial create holds it: timedOut).
    simulator: { speed: 3000, durations: { sbm_install: 600_000 } },
  },
  program: sbmServer(),
  created: (resource) => {
    expect(resource.outputs).toMatchObject({
      status: "active",
      operationalStatus: "normal",
      title: "web-1",
      sbmFlavorModelId: SBM_01,
      operatingSystemId: UBUNTU_24,
      labels: { env: "prod" },
    });
  },
  replacements: {
    program: (opts) => sbmServer({}, opts),
    newObject: true,
    count: countOf("sbm_servers", unscheduled),
  },
  inPlace: {
    program: sbmServer({ labels: { env: "staging" } }),
    check: (resource) => {
      expect(resource.outputs.labels).toEqual({ env: "staging" });
    },
  },
  replace: {
    program: sbmServer({ sbmFlavorModelId: SBM_02 }),
    check: async (resource, sim) => {
      expect(resource.outputs).toMatchObject({ sbmFlavorModelName: "SBM-02", status: "active" });
      const live = (await sim.control.records("sbm_servers")).filter(unscheduled);
      expect(live.map((r) => r.id)).toEqual([resource.id]);
    },
  },
  settled: sbmServer({ sbmFlavorModelId: SBM_02 }),
  drift: {
    change: envLabelOutside("sbm_servers", "changed-by-hand"),
    check: (resource) => {
      expect(resource.outputs.labels).toEqual({ env: "changed-by-hand" });
    },
  },
  deletedOutside: removedOutside("sbm_servers"),
  // The service releases an SBM server at the end of its billing hour: destroy ends once the
  // release is scheduled (it did not wait: the server is still there), and the server goes at
  // that time.
  destroyed: async (sim, last) => {
    const scheduled = await sim.control.peek("sbm_servers", last.id);
    expect(scheduled?.scheduled_release_at).toMatch(/Z$/);
    await sim.control.advance(HOUR);
    expect(await sim.control.peek("sbm_servers", last.id)).toBeUndefined();
  },
  failedCreate: timedOut(
    "/v1/hosts/sbm_servers",
    (opts) => sbmServer({}, opts),
    sbmServer(),
    countOf("sbm_servers", unscheduled),
  ),
};

const sshKeyRow: EngineRow = {
  scenario: { kind: "SshKey", name: "deploy" },
  program: sshKey(),
  created: (resource) => {
    // The id is the fingerprint: colon-separated MD5 of the key.
    expect(resource.id).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    expect(resource.outputs).toMatchObject({
      fingerprint: resource.id,
      name: "deploy",
      labels: { team: "platform" },
    });
  },
  replacements: {
    program: (opts) => sshKey({}, opts),
    // One key per fingerprint: a replacement with the same key deletes first by default, and
    // creating first is refused by the API (409), which the error explains.
    newObject: false,
    refused: "this public key is already in the account",
    count: countOf("ssh_keys"),
  },
  inPlace: {
    program: sshKey({ name: "deploy-key", labels: { team: "sre" } }),
    check: (resource) => {
      expect(resource.outputs).toMatchObject({ name: "deploy-key", labels: { team: "sre" } });
    },
  },
  // Another public key is another key (another fingerprint).
  replace: {
    program: sshKey({ publicKey: OTHER_SSH_KEY, name: "deploy-2" }),
    check: async (_resource, sim) => {
      expect(await sim.control.records("ssh_keys")).toHaveLength(1);
    },
  },
  settled: sshKey({ publicKey: OTHER_SSH_KEY, name: "deploy-2" }),
  drift: {
    change: setOutside("ssh_keys", "name", "renamed-by-hand"),
    check: (resource) => {
      expect(resource.outputs.name).toBe("renamed-by-hand");
    },
  },
  deletedOutside: removedOutside("ssh_keys"),
  destroyed: noneLeft("ssh_keys"),
  // The API answers at once: a create fails before the key exists, or not at all.
  failedCreate: {
    failing: sshKey(),
    faults: firstRequestFails("POST", "/v1/ssh_keys"),
    partial: false,
    resume: sshKey(),
    count: countOf("ssh_keys"),
  },
};

/** Custom certificates (the seeded Let's Encrypt ones are not the resource's). */
const custom = (record: Record<string, unknown>) => record.type === "custom";

const sslCertificateRow: EngineRow = {
  // The private key never reaches the stored state or the provider's output.
  scenario: {
    kind: "SslCertificate",
    name: "site",
    secrets: async (sim) => [
      CERTIFICATE_KEY,
      ...CERTIFICATE_KEY_LINES,
      ...(await sim.control.records("ssl_certificates")).flatMap((c) =>
        typeof c._private_key === "string" ? [c._private_key] : [],
      ),
    ],
  },
  program: sslCertificate(),
  created: (resource) => {
    expect(resource.outputs).toMatchObject({
      name: "site",
      type: "custom",
      subject: expect.stringContaining("example.test"),
      labels: { env: "prod" },
    });
    // Registered as a secret input by the resource: sealed in the state, in and out.
    expect(resource.secretInputs).toContain("privateKey");
  },
  replacements: {
    program: (opts) => sslCertificate({}, opts),
    newObject: true,
    count: countOf("ssl_certificates", custom),
  },
  inPlace: {
    program: sslCertificate({ name: "site-2", labels: { env: "staging" } }),
    check: (resource) => {
      expect(resource.outputs).toMatchObject({ name: "site-2", labels: { env: "staging" } });
    },
  },
  replace: {
    notApplicable: "every property changes in place: a renewal keeps the certificate's id",
    proof: () => {
      const rules = Object.values(sslCertificateKind.properties).map((property) => property.rule);
      expect(new Set(rules)).toEqual(new Set(["update"]));
    },
  },
  settled: sslCertificate({ name: "site-2", labels: { env: "staging" } }),
  drift: {
    change: setOutside("ssl_certificates", "name", "renamed-by-hand"),
    check: (resource) => {
      expect(resource.outputs.name).toBe("renamed-by-hand");
    },
  },
  deletedOutside: removedOutside("ssl_certificates"),
  destroyed: async (sim, last) => {
    expect(await sim.control.peek("ssl_certificates", last.id)).toBeUndefined();
  },
  failedCreate: {
    failing: sslCertificate(),
    faults: firstRequestFails("POST", "/v1/ssl_certificates/custom"),
    partial: false,
    resume: sslCertificate(),
    count: countOf("ssl_certificates", custom),
  },
};

const subnetworkRow: EngineRow = {
  // From the simulator's seeded network pools.
  scenario: { kind: "Subnetwork", name: "private" },
  program: subnetwork(),
  created: (resource) => {
    expect(resource.id).toMatch(/^network_pools\/NpAms1Pr\/subnetworks\/[^/]+$/);
    expect(resource.outputs).toMatchObject({ cidr: "10.20.0.0/29", mask: 29, title: "db" });
  },
  replacements: {
    program: (opts) => subnetwork({}, opts),
    // Deleted first by default (replaceDeletesFirst): the old generation is gone before the
    // create, so there is nothing to name; `count` shows no duplicate either way.
    newObject: false,
    // The API refuses an overlapping CIDR: a create first stops before ordering (kind.conflict).
    refused: "already has the subnetwork 10.20.0.0/29",
    count: countOf("subnetworks"),
  },
  inPlace: {
    program: subnetwork({ title: "database" }),
    check: (resource) => {
      expect(resource.outputs.title).toBe("database");
    },
  },
  replace: {
    program: subnetwork({ cidr: undefined, mask: 28, title: "database" }),
    check: async (resource, sim) => {
      expect(resource.outputs).toMatchObject({ mask: 28, title: "database" });
      const live = await sim.control.records("subnetworks");
      expect(live.map((record) => record.id)).toEqual([lastPart(resource)]);
    },
  },
  settled: subnetwork({ cidr: undefined, mask: 28, title: "database" }),
  drift: {
    change: setOutside("subnetworks", "title", "by-hand", lastPart),
    check: (resource) => {
      expect(resource.outputs.title).toBe("by-hand");
      expect(resource.inputs.title).toBe("by-hand");
    },
  },
  deletedOutside: removedOutside("subnetworks", lastPart),
  destroyed: noneLeft("subnetworks"),
  // The API answers at once: a create fails before the subnetwork exists, or not at all.
  failedCreate: {
    failing: subnetwork(),
    faults: firstRequestFails("POST", "/v1/network_pools/*/subnetworks"),
    partial: false,
    resume: subnetwork(),
    count: countOf("subnetworks"),
  },
};

/** Every kind's row, by the package's class name. */
export const KINDS: readonly EngineRow[] = [
  cloudInstanceRow,
  cloudSnapshotRow,
  cloudVolumeBackupRow,
  cloudVolumeRow,
  dedicatedServerRow,
  dnsRecordRow,
  dnsZoneRow,
  hostNetworkRow,
  nodePowerRow,
  kubernetesClusterRow,
  l2SegmentRow,
  l4LoadBalancerRow,
  l7LoadBalancerRow,
  certificateLabelsRow,
  ptrRecordRow,
  rbsVolumeRow,
  sbmServerRow,
  sshKeyRow,
  sslCertificateRow,
  subnetworkRow,
];

/** The scenario options of a kind's row, for the kind's own tests (test/engine/<kind>.test.ts). */
export function scenarioOf(kind: string): ScenarioOptions {
  const row = KINDS.find((candidate) => candidate.scenario.kind === kind);
  if (row === undefined) throw new Error(`no ${kind} row in the engine lifecycle table`);
  return row.scenario;
}
