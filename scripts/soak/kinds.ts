// What the soak knows about every resource kind: the program of a lifecycle's first `up` and of
// its in-place change, and where the kind's objects live in the simulator (the collection, the
// key a stored resource's id maps to, when an object counts as live), so that the inventory
// (inventory.ts) can be compared with the harness's state.
//
// The programs follow test/engine/programs.ts. Each resource gets customTimeouts of a minute:
// at the soak's simulator speed every wait takes well under a second, and a wait that hangs
// because of a bug must end the step (with a typed timeout error) instead of the whole run.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cloudInstanceKind } from "../../provider/cloud-instance/definition";
import { cloudSnapshotKind } from "../../provider/cloud-snapshot/definition";
import { cloudVolumeKind } from "../../provider/cloud-volume/definition";
import { cloudVolumeBackupKind } from "../../provider/cloud-volume-backup/definition";
import { dedicatedServerKind } from "../../provider/dedicated-server/definition";
import { dnsRecordKind } from "../../provider/dns-record/definition";
import { dnsZoneKind } from "../../provider/dns-zone/definition";
import { hostNetworkKind } from "../../provider/host-network/definition";
import type { DedicatedServerArgs } from "../../provider/index";
import { kubernetesBaremetalNodePowerKind } from "../../provider/kubernetes-baremetal-node-power/definition";
import { KUBERNETES_CLUSTER_NOUN } from "../../provider/kubernetes-cluster/definition";
import { l2SegmentKind } from "../../provider/l2-segment/definition";
import { l4LoadBalancerKind } from "../../provider/l4-load-balancer/definition";
import { l7LoadBalancerKind } from "../../provider/l7-load-balancer/definition";
import { ptrRecordKind } from "../../provider/ptr-record/definition";
import { rbsVolumeKind } from "../../provider/rbs-volume/definition";
import { sbmServerKind } from "../../provider/sbm-server/definition";
import { sshKeyKind } from "../../provider/ssh-key/definition";
import { sslCertificateKind } from "../../provider/ssl-certificate/definition";
import { letsEncryptCertificateLabelsKind } from "../../provider/ssl-certificate/lets-encrypt";
import { subnetworkKind } from "../../provider/subnetwork/definition";
import { cloudInstanceGoneStatuses } from "../../sdk/areas/cloud-instances";
import type { ServersComClient } from "../../sdk/client";
import type { SimulatorControl, WireRecord } from "../../simulator";
import type { Program, StoredResource } from "../engine/harness";
import { repoRoot } from "../engine/repo";
import { AMS1_UBUNTU_IMAGE, DEDICATED_SERVER, SSH_PUBLIC_KEY } from "../engine/samples";

/** Ample at speed 3000 (an hour of simulated time in 1.2 s), short enough to bound a stuck wait. */
const TIMEOUTS = { customTimeouts: { create: "60s", update: "60s", delete: "60s" } };

/** Where one kind's objects live in the simulator. */
export interface ObjectKind {
  /** What the provider's messages call one (ResourceKind.noun). */
  readonly noun: string;
  readonly collection: string;
  /** The record key of the object a stored resource manages (its id, or a part of it). */
  readonly keyOf: (resource: StoredResource) => string;
  readonly recordKey: (record: WireRecord) => string;
  /** False once the API is deleting or releasing it: the object is on its way out. */
  readonly live: (record: WireRecord) => boolean;
  /** The kind's objects among the collection's (certificates: custom, not Let's Encrypt). */
  readonly mine?: (record: WireRecord) => boolean;
  /** The kind takes charge of existing (seeded) objects and never creates any. */
  readonly seeded?: boolean;
  /**
   * The objects carry no labels, hence no ownership label: every object of the collection that
   * is not seed data belongs to the one runner whose program declares the kind.
   */
  readonly unlabeled?: boolean;
  /** Request paths of the kind's API (a regular expression), to attribute errors to it. */
  readonly apiPath: RegExp;
}

const byId = (record: WireRecord) => String(record.id);
const notReleased = (record: WireRecord) => typeof record.scheduled_release_at !== "string";
/** The last part of a resource id that is a path (`<parent>/<id>`). */
const lastPart = (resource: StoredResource) => resource.id.split("/").at(-1) ?? resource.id;

export const OBJECT_KINDS: Readonly<Record<string, ObjectKind>> = {
  RbsVolume: {
    noun: rbsVolumeKind.noun,
    collection: "rbs_volumes",
    keyOf: (r) => r.id,
    recordKey: byId,
    live: (record) => record.status !== "removing",
    apiPath: /^\/v1\/remote_block_storage\/volumes(\/|$)/,
  },
  SbmServer: {
    noun: sbmServerKind.noun,
    collection: "sbm_servers",
    keyOf: (r) => r.id,
    recordKey: byId,
    live: notReleased,
    apiPath:
      /^\/v1\/hosts\/sbm_servers(\/|$)|^\/v1\/locations\/[^/]+\/order_options\/sbm_flavor_models\//,
  },
  DedicatedServer: {
    noun: dedicatedServerKind.noun,
    collection: "dedicated_servers",
    keyOf: (r) => r.id,
    recordKey: byId,
    live: notReleased,
    apiPath: /^\/v1\/hosts\/dedicated_servers(\/|$)/,
  },
  CloudInstance: {
    noun: cloudInstanceKind.noun,
    collection: "cloud_instances",
    keyOf: (r) => r.id,
    recordKey: byId,
    live: (record) =>
      record.status !== "DELETING" && !cloudInstanceGoneStatuses.includes(String(record.status)),
    apiPath: /^\/v1\/cloud_computing\/instances(\/|$)/,
  },
  L2Segment: {
    noun: l2SegmentKind.noun,
    collection: "l2_segments",
    keyOf: (r) => r.id,
    recordKey: byId,
    live: (record) => record.status !== "removing",
    apiPath: /^\/v1\/l2_segments(\/|$)/,
  },
  SshKey: {
    noun: sshKeyKind.noun,
    collection: "ssh_keys",
    keyOf: (r) => r.id,
    recordKey: (record) => String(record.fingerprint),
    live: () => true,
    apiPath: /^\/v1\/ssh_keys(\/|$)/,
  },
  SslCertificate: {
    noun: sslCertificateKind.noun,
    collection: "ssl_certificates",
    keyOf: (r) => r.id,
    recordKey: byId,
    live: () => true,
    mine: (record) => record.type === "custom",
    apiPath: /^\/v1\/ssl_certificates(\/custom(\/|$)|$)/,
  },
  PtrRecord: {
    noun: ptrRecordKind.noun,
    collection: "cloud_ptr_records",
    // The resource's id is the record's path below /v1; the record's own id is its last part.
    keyOf: (r) => r.id.split("/").at(-1) ?? r.id,
    recordKey: byId,
    live: () => true,
    unlabeled: true,
    apiPath: /^\/v1\/cloud_computing\/instances\/[^/]+\/ptr_records(\/|$)/,
  },
  KubernetesCluster: {
    noun: KUBERNETES_CLUSTER_NOUN,
    collection: "kubernetes_clusters",
    keyOf: (r) => r.id,
    recordKey: byId,
    live: () => true,
    seeded: true,
    apiPath: /^\/v1\/kubernetes_clusters(\/|$)/,
  },
  LetsEncryptCertificateLabels: {
    noun: letsEncryptCertificateLabelsKind.noun,
    collection: "ssl_certificates",
    keyOf: (r) => r.id,
    recordKey: byId,
    live: () => true,
    mine: (record) => record.type === "letsencrypt",
    seeded: true,
    apiPath: /^\/v1\/ssl_certificates\/letsencrypt\//,
  },
  KubernetesBaremetalNodePower: {
    noun: kubernetesBaremetalNodePowerKind.noun,
    collection: "kubernetes_baremetal_nodes",
    keyOf: (r) => String(r.outputs.nodeId ?? r.id),
    recordKey: byId,
    live: () => true,
    seeded: true,
    apiPath: /^\/v1\/hosts\/kubernetes_baremetal_nodes\//,
  },
  CloudVolume: {
    noun: cloudVolumeKind.noun,
    collection: "cloud_volumes",
    keyOf: (r) => r.id,
    recordKey: byId,
    live: (record) => record.status !== "deleting",
    apiPath: /^\/v1\/cloud_block_storage\/volumes(\/|$)/,
  },
  CloudVolumeBackup: {
    noun: cloudVolumeBackupKind.noun,
    collection: "cloud_backups",
    keyOf: (r) => r.id,
    recordKey: byId,
    live: (record) => record.status !== "deleting",
    apiPath: /^\/v1\/cloud_block_storage\/backups(\/|$)/,
  },
  CloudSnapshot: {
    noun: cloudSnapshotKind.noun,
    collection: "cloud_snapshots",
    // The resource's id is `<region id>/<snapshot id>`.
    keyOf: lastPart,
    recordKey: byId,
    live: (record) => record.status !== "pending_delete",
    unlabeled: true,
    apiPath:
      /^\/v1\/cloud_computing\/(regions\/[^/]+\/snapshots|instances\/[^/]+\/snapshots)(\/|$)/,
  },
  DnsZone: {
    noun: dnsZoneKind.noun,
    collection: "dns_domains",
    keyOf: (r) => r.id,
    recordKey: byId,
    live: () => true,
    apiPath: /^\/v1\/dns\/domains(\/[^/]+)?$/,
  },
  DnsRecord: {
    noun: dnsRecordKind.noun,
    collection: "dns_records",
    // The resource's id is `<domain id>/<record id>`.
    keyOf: lastPart,
    recordKey: byId,
    live: () => true,
    // A zone's SOA record is the service's own (made with the zone, never deleted).
    mine: (record) => record.type !== "SOA",
    unlabeled: true,
    apiPath: /^\/v1\/dns\/domains\/[^/]+\/records(\/|$)/,
  },
  HostNetwork: {
    noun: hostNetworkKind.noun,
    collection: "host_networks",
    // The resource's id is `hosts/<kind>/<host id>/networks/<network id>`.
    keyOf: lastPart,
    recordKey: byId,
    live: (record) => record.status !== "removing",
    // A host's own networks come with the host; only additional ones are ordered.
    mine: (record) => record.additional === true,
    unlabeled: true,
    apiPath: /^\/v1\/hosts\/[a-z_]+\/[^/]+\/networks(\/|$)/,
  },
  Subnetwork: {
    noun: subnetworkKind.noun,
    collection: "subnetworks",
    // The resource's id is `network_pools/<pool id>/subnetworks/<subnetwork id>`.
    keyOf: lastPart,
    recordKey: byId,
    live: () => true,
    unlabeled: true,
    apiPath: /^\/v1\/network_pools\/[^/]+\/subnetworks(\/|$)/,
  },
  L4LoadBalancer: {
    noun: l4LoadBalancerKind.noun,
    collection: "l4_load_balancers",
    keyOf: (r) => r.id,
    recordKey: byId,
    live: (record) => record.status !== "deleting",
    apiPath: /^\/v1\/load_balancers\/l4(\/|$)/,
  },
  L7LoadBalancer: {
    noun: l7LoadBalancerKind.noun,
    collection: "l7_load_balancers",
    keyOf: (r) => r.id,
    recordKey: byId,
    live: (record) => record.status !== "deleting",
    apiPath: /^\/v1\/load_balancers\/l7(\/|$)/,
  },
};

/** A resource a runner's program declares. */
export interface Declared {
  readonly kind: string;
  readonly name: string;
}

/** What a seeded object must look like again once no resource manages it (what destroy puts back). */
export interface SeedCheck {
  readonly collection: string;
  readonly key: string;
  /** The fields the resource changes and must put back (dotted paths). */
  readonly fields: readonly string[];
  /** The resource (kind) whose state entry manages the object. */
  readonly managedBy: string;
}

/** One kind's lifecycle: the runner runs it again and again (runner.ts). */
export interface SoakKind {
  /** The kind under test; also the runner's name. */
  readonly kind: string;
  /** The resource under test. */
  readonly name: string;
  /** Every resource the programs declare (the kind under test last). */
  readonly declares: readonly Declared[];
  /** The first `up`. */
  readonly create: Program;
  /** The second `up`: an in-place change, or a replacement where the kind has none. */
  readonly change: Program;
  readonly changeOp: "update" | "replace";
  /** Why the change is a replacement, for the report. */
  readonly changeNote?: string;
  /**
   * Makes what the programs use but no resource manages, once, before the seed is read (so it
   * counts as seed data) and before any fault.
   */
  readonly setUp?: (client: ServersComClient) => Promise<void>;
  /** Puts seeded objects back in the state a lifecycle starts from (a node switched off). */
  readonly prepare?: (control: SimulatorControl) => Promise<void>;
  /** Seeded objects whose fields must be back to the seed once nothing manages them. */
  readonly seedChecks?: readonly SeedCheck[];
}

// --- the programs (test/engine/programs.ts) ---

const SBM_01 = 601;
const UBUNTU_24 = 302;
/** A Dell R640 in AMS1 (the seed catalogue). */
const DEDICATED: DedicatedServerArgs = DEDICATED_SERVER;

/** For the L2 segment: a private uplink only (its row in test/engine/kinds.ts). */
const L2_NODE: DedicatedServerArgs = {
  ...DEDICATED,
  uplinkModels: { private: { id: 401 } },
  operatingSystemId: 303,
};

/** The self-signed certificate of the simulator's tests (CN example.test). */
function certificateFiles(): { cert: string; key: string } {
  const dir = join(repoRoot(), "test", "simulator", "data");
  return {
    cert: readFileSync(join(dir, "ssl-cert.pem"), "utf8"),
    key: readFileSync(join(dir, "ssl-key.pem"), "utf8"),
  };
}

const rbsVolume =
  (args: Record<string, unknown>): Program =>
  (sc) => {
    new sc.RbsVolume("data", { locationId: 1, flavorId: 1, size: 100, ...args }, TIMEOUTS);
  };

const sbmServer =
  (labels: Record<string, string>): Program =>
  (sc) => {
    new sc.SbmServer(
      "web",
      {
        locationId: 1,
        sbmFlavorModelId: SBM_01,
        operatingSystemId: UBUNTU_24,
        hostname: "web-1",
        labels,
      },
      TIMEOUTS,
    );
  };

const cloudInstance =
  (flavorId: string): Program =>
  (sc) => {
    new sc.CloudInstance(
      "app",
      { regionId: 1, flavorId, imageId: AMS1_UBUNTU_IMAGE, labels: { env: "prod" } },
      TIMEOUTS,
    );
  };

const dedicatedServer =
  (hostname: string, env: string): Program =>
  (sc) => {
    new sc.DedicatedServer("db", { ...DEDICATED, hostname, labels: { env } }, TIMEOUTS);
  };

const l2Segment =
  (trunkSecond: boolean): Program =>
  (sc) => {
    const a = new sc.DedicatedServer("node-a", L2_NODE, TIMEOUTS);
    const b = new sc.DedicatedServer("node-b", L2_NODE, TIMEOUTS);
    new sc.L2Segment(
      "lan",
      {
        type: "private",
        locationGroupId: 1,
        members: [
          { id: a.id, mode: "native" },
          ...(trunkSecond ? [{ id: b.id, mode: "trunk" as const }] : []),
        ],
        labels: { env: "prod" },
      },
      TIMEOUTS,
    );
  };

const sshKey =
  (name: string, team: string): Program =>
  (sc) => {
    new sc.SshKey("deploy", { publicKey: SSH_PUBLIC_KEY, name, labels: { team } }, TIMEOUTS);
  };

const sslCertificate =
  (name: string, env: string): Program =>
  (sc) => {
    const { cert, key } = certificateFiles();
    new sc.SslCertificate(
      "site",
      { name, publicKey: cert, privateKey: key, labels: { env } },
      TIMEOUTS,
    );
  };

/** The instance is "ptr-host": the CloudInstance kind's own "app" shares the stack. */
const ptrRecord =
  (domain: string): Program =>
  (sc) => {
    const instance = new sc.CloudInstance(
      "ptr-host",
      { regionId: 1, flavorId: "SSD.30", imageId: AMS1_UBUNTU_IMAGE },
      TIMEOUTS,
    );
    new sc.PtrRecord(
      "app-ptr",
      {
        cloudInstanceId: instance.id,
        ip: instance.publicIpv4Address.apply((ip) => ip ?? ""),
        domain,
      },
      TIMEOUTS,
    );
  };

const K8S_LABELS = { env: "prod", team: "platform" };
const kubernetesCluster =
  (nodeGroups?: Record<string, string>): Program =>
  (sc) => {
    new sc.KubernetesCluster(
      "k8s",
      {
        clusterId: "K8sProd1",
        labels: { ...K8S_LABELS, "managed-by": "pulumi" },
        ...(nodeGroups === undefined ? {} : { nodeGroups }),
      },
      TIMEOUTS,
    );
  };

const letsEncryptLabels =
  (team: string): Program =>
  (sc) => {
    new sc.LetsEncryptCertificateLabels(
      "le",
      { adoptId: "LeCert01", labels: { env: "prod", team } },
      TIMEOUTS,
    );
  };

/** The seed (simulator/seed/kubernetes.ts): BmNode01 is on, BmNode02 off, BmNode03 not ready. */
const nodePower =
  (nodeId: string): Program =>
  (sc) => {
    new sc.KubernetesBaremetalNodePower("bm", { nodeId }, TIMEOUTS);
  };

/**
 * The zone of the DnsRecord kind's record: made once before the soak (setUp), managed by no
 * resource, as a zone another team runs. Declared in the stack, `up --replace` would replace it
 * deleting first, and the API deletes a zone's records with it: the engine deletes such a
 * dependent first (its DeleteBeforeReplace chain), which the engine harness does not model.
 */
let soakZoneId = "";

/** A record in the soak's zone (test/engine/dns-record.test.ts). */
const dnsRecord =
  (data: string, ttl: number): Program =>
  (sc) => {
    new sc.DnsRecord("www", { zoneId: soakZoneId, name: "www", type: "A", data, ttl }, TIMEOUTS);
  };

/** A snapshot of one of two instances declared beside it: another instance replaces it. */
const cloudSnapshot =
  (of: "a" | "b"): Program =>
  (sc) => {
    const instances = {
      a: new sc.CloudInstance(
        "snap-a",
        { regionId: 1, flavorId: "SSD.30", imageId: AMS1_UBUNTU_IMAGE },
        TIMEOUTS,
      ),
      b: new sc.CloudInstance(
        "snap-b",
        { regionId: 1, flavorId: "SSD.30", imageId: AMS1_UBUNTU_IMAGE },
        TIMEOUTS,
      ),
    };
    new sc.CloudSnapshot(
      "golden",
      { regionId: 1, instanceId: instances[of].id, name: "golden" },
      TIMEOUTS,
    );
  };

/** A subnetwork by CIDR of a seeded pool (test/engine/subnetwork.test.ts). */
const subnetwork =
  (title: string): Program =>
  (sc) => {
    new sc.Subnetwork(
      "pool-net",
      { networkPoolId: "NpAms1Pr", cidr: "10.20.0.0/29", title },
      TIMEOUTS,
    );
  };

/** A dedicated server's one public IPv6 network, or an additional public IPv4 one. */
const hostNetwork =
  (type: "public_ipv6" | "public_ipv4"): Program =>
  (sc) => {
    const server = new sc.DedicatedServer(
      "net-host",
      { ...DEDICATED, hostname: "net-1" },
      TIMEOUTS,
    );
    new sc.HostNetwork(
      "v6",
      {
        hostId: server.id,
        hostType: "dedicated_server",
        type,
        ...(type === "public_ipv4" ? { mask: 29 } : {}),
      },
      TIMEOUTS,
    );
  };

export const SOAK_KINDS: readonly SoakKind[] = [
  {
    kind: "RbsVolume",
    name: "data",
    declares: [{ kind: "RbsVolume", name: "data" }],
    create: rbsVolume({ labels: { env: "prod" } }),
    change: rbsVolume({ name: "data-2", size: 200, labels: { env: "staging" } }),
    changeOp: "update",
  },
  {
    kind: "SbmServer",
    name: "web",
    declares: [{ kind: "SbmServer", name: "web" }],
    create: sbmServer({ env: "prod" }),
    change: sbmServer({ env: "staging" }),
    changeOp: "update",
  },
  {
    kind: "CloudInstance",
    name: "app",
    declares: [{ kind: "CloudInstance", name: "app" }],
    create: cloudInstance("SSD.30"),
    // An upgrade: several requests and waits in one update (upgrade, then approve).
    change: cloudInstance("SSD.50"),
    changeOp: "update",
  },
  {
    kind: "DedicatedServer",
    name: "db",
    declares: [{ kind: "DedicatedServer", name: "db" }],
    create: dedicatedServer("db-1", "prod"),
    change: dedicatedServer("db-primary", "staging"),
    changeOp: "update",
  },
  {
    kind: "L2Segment",
    name: "lan",
    declares: [
      { kind: "DedicatedServer", name: "node-a" },
      { kind: "DedicatedServer", name: "node-b" },
      { kind: "L2Segment", name: "lan" },
    ],
    create: l2Segment(false),
    change: l2Segment(true),
    changeOp: "update",
  },
  {
    kind: "SshKey",
    name: "deploy",
    declares: [{ kind: "SshKey", name: "deploy" }],
    create: sshKey("deploy", "platform"),
    change: sshKey("deploy-key", "sre"),
    changeOp: "update",
  },
  {
    kind: "SslCertificate",
    name: "site",
    declares: [{ kind: "SslCertificate", name: "site" }],
    create: sslCertificate("site", "prod"),
    change: sslCertificate("site-2", "staging"),
    changeOp: "update",
  },
  {
    kind: "PtrRecord",
    name: "app-ptr",
    declares: [
      { kind: "CloudInstance", name: "ptr-host" },
      { kind: "PtrRecord", name: "app-ptr" },
    ],
    create: ptrRecord("app.example.com"),
    change: ptrRecord("www.example.com"),
    changeOp: "replace",
    changeNote: "a PTR record cannot be changed: every change replaces it",
  },
  {
    kind: "KubernetesCluster",
    name: "k8s",
    declares: [{ kind: "KubernetesCluster", name: "k8s" }],
    create: kubernetesCluster(),
    change: kubernetesCluster({ KnProd02: "NgSpare1" }),
    changeOp: "update",
    seedChecks: [
      {
        collection: "kubernetes_clusters",
        key: "K8sProd1",
        fields: ["labels"],
        managedBy: "KubernetesCluster",
      },
      {
        collection: "kubernetes_nodes",
        key: "KnProd02",
        fields: ["node_group.id"],
        managedBy: "KubernetesCluster",
      },
    ],
  },
  {
    kind: "LetsEncryptCertificateLabels",
    name: "le",
    declares: [{ kind: "LetsEncryptCertificateLabels", name: "le" }],
    create: letsEncryptLabels("web"),
    change: letsEncryptLabels("platform"),
    changeOp: "update",
    // Destroy leaves the certificate and the user's labels by design: only the ownership label
    // goes, which the inventory checks on every seeded object (inventory.ts).
  },
  {
    kind: "KubernetesBaremetalNodePower",
    name: "bm",
    declares: [{ kind: "KubernetesBaremetalNodePower", name: "bm" }],
    create: nodePower("BmNode02"),
    change: nodePower("BmNode01"),
    changeOp: "replace",
    changeNote: "poweredOn accepts only true: the other change is another node (nodeId replaces)",
    // Destroy leaves a node on by design: switch both off so every lifecycle powers one on.
    async prepare(control) {
      for (const node of ["BmNode01", "BmNode02"]) {
        await control.patch("kubernetes_baremetal_nodes", node, { power_status: "powered_off" });
      }
    },
  },
  // The kinds without labels whose lost answer stops the create naming the object with
  // adoptId (issue 25): the runner plays the user who adopts it (runner.ts, adoptions).
  {
    kind: "DnsRecord",
    name: "www",
    declares: [{ kind: "DnsRecord", name: "www" }],
    async setUp(client) {
      const zone = await client.dns.createDomain({
        name: "soak.example.com",
        email: "admin@example.com",
      });
      soakZoneId = zone.id;
    },
    create: dnsRecord("192.0.2.1", 300),
    change: dnsRecord("192.0.2.2", 60),
    changeOp: "update",
  },
  {
    kind: "CloudSnapshot",
    name: "golden",
    declares: [
      { kind: "CloudInstance", name: "snap-a" },
      { kind: "CloudInstance", name: "snap-b" },
      { kind: "CloudSnapshot", name: "golden" },
    ],
    create: cloudSnapshot("a"),
    change: cloudSnapshot("b"),
    changeOp: "replace",
    changeNote: "no source of the API changes a snapshot: another instance replaces it",
  },
  {
    kind: "Subnetwork",
    name: "pool-net",
    declares: [{ kind: "Subnetwork", name: "pool-net" }],
    create: subnetwork("db"),
    change: subnetwork("database"),
    changeOp: "update",
  },
  {
    kind: "HostNetwork",
    name: "v6",
    declares: [
      { kind: "DedicatedServer", name: "net-host" },
      { kind: "HostNetwork", name: "v6" },
    ],
    create: hostNetwork("public_ipv6"),
    change: hostNetwork("public_ipv4"),
    changeOp: "replace",
    changeNote: "a network cannot be changed: every change replaces it",
  },
];

/** The collections the soak looks at: every kind's, and the nodes the cluster moves between groups. */
export function soakCollections(): string[] {
  const collections = new Set(Object.values(OBJECT_KINDS).map((kind) => kind.collection));
  for (const kind of SOAK_KINDS) {
    for (const check of kind.seedChecks ?? []) collections.add(check.collection);
  }
  return [...collections].sort();
}

export function objectKind(kind: string): ObjectKind {
  const found = OBJECT_KINDS[kind];
  if (found === undefined) throw new Error(`the soak knows no objects of kind ${kind}`);
  return found;
}
