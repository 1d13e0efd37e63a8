// One TypeScript program that declares every resource kind of the package, wired as a user would
// write it (catalogue ids from lookup functions, ids and addresses of one resource as inputs of
// another), and what the suite does to each kind behind Pulumi's back: the drift it makes through
// the simulator's hooks, the input the diff must name, and what `up --replace` does to it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Program } from "../../../scripts/engine/program";
import { repoRoot } from "../../../scripts/engine/repo";
import { DEDICATED_SERVER, SSH_PUBLIC_KEY } from "../../../scripts/engine/samples";
import type { Json, Simulator } from "../../../simulator";
import { createsHeld } from "../../support/held-create";
import type { ExportedState } from "../support/state";

/** Self-signed, CN example.test (the simulator's tests' data). */
function pem(name: string): string {
  return readFileSync(join(repoRoot(), "test", "simulator", "data", name), "utf8");
}
export const CERTIFICATE = pem("ssl-cert.pem");
export const PRIVATE_KEY = pem("ssl-key.pem");
/** The cloud instance's user data: a secret output, sealed in the state like any secret. */
export const USER_DATA = "#cloud-config\n# all-kinds: user-data-secret-5c1e9a\n";
/** A GPG key fingerprint, for the out-of-band credentials' lookup. */
const GPG_FINGERPRINT = "0123 4567 89AB CDEF 0123 4567 89AB CDEF 0123 4567";

/** The type token of a kind through the dynamic provider host. */
export const typeOf = (kind: string) => `pulumi-nodejs:dynamic/serverscom:${kind}`;

/** Bounds a stuck wait: at simulator speed 3000 every wait here takes well under a second. */
const TIMEOUTS = { customTimeouts: { create: "60s", update: "60s", delete: "60s" } };

export interface AllKindsOptions {
  /**
   * Declares two more resources whose create times out (1 ms) after the API made the object:
   * the partial-create scenario, run with their POSTs held (LATE_HELD). `resume` declares them
   * with the normal timeouts.
   */
  readonly late?: "failing" | "resume";
}

/** The program: 20 kinds, 20 resources (22 with `late`), 10 lookups. */
export function allKinds(options: AllKindsOptions = {}): Program {
  return (sc, pulumi) => {
    const location = sc.getLocationOutput({ code: "AMS1" });
    const flavor = sc.getSbmFlavorModelOutput({ locationId: location.id, name: "SBM-01" });
    const ubuntu = sc.getOperatingSystemOutput({
      locationId: location.id,
      sbmFlavorModelId: flavor.id,
      name: "ubuntu 24.04",
    });
    const standard = sc.getRbsFlavorOutput({ locationId: location.id, name: "standard" });
    const region = sc.getCloudRegionOutput({ code: "AMS1" });
    const image = sc.getCloudImageOutput({ regionId: region.id, name: "ubuntu 24.04" });
    const pool = sc.getNetworkPoolOutput({
      locationId: location.id,
      type: "private",
      title: "AMS1 private",
    });
    // The seeded Let's Encrypt certificates: example.com (LeCert01), api.example.com (LeCert02).
    const siteCertificate = sc.getSslCertificateOutput({ name: "example.com" });
    const apiCertificate = sc.getSslCertificateOutput({ name: "api.example.com" });

    const key = new sc.SshKey(
      "deploy",
      { publicKey: SSH_PUBLIC_KEY, labels: { app: "all-kinds" } },
      TIMEOUTS,
    );
    const web = new sc.SbmServer(
      "web",
      {
        locationId: location.id,
        sbmFlavorModelId: flavor.id,
        operatingSystemId: ubuntu.id,
        hostname: "web-1",
        labels: { app: "all-kinds" },
      },
      TIMEOUTS,
    );
    const data = new sc.RbsVolume(
      "data",
      { locationId: location.id, flavorId: standard.id, size: 100, labels: { app: "all-kinds" } },
      TIMEOUTS,
    );
    const db = new sc.DedicatedServer(
      "db",
      { ...DEDICATED_SERVER, locationId: location.id, hostname: "db-1", labels: { app: "all" } },
      TIMEOUTS,
    );
    new sc.L2Segment(
      "lan",
      {
        type: "private",
        locationGroupId: 1,
        members: [{ id: db.id, mode: "native" }],
        labels: { app: "all-kinds" },
      },
      TIMEOUTS,
    );
    const extra = new sc.HostNetwork(
      "extra",
      {
        hostId: db.id,
        hostType: "dedicated_server",
        type: "public_ipv4",
        mask: 29,
        // Declared: an undeclared one takes whatever the network has (the drift stays).
        distributionMethod: "gateway",
      },
      TIMEOUTS,
    );
    const app = new sc.CloudInstance(
      "app",
      {
        regionId: region.id,
        flavorId: "SSD.30",
        imageId: image.id,
        userData: USER_DATA,
        labels: { app: "all-kinds" },
      },
      TIMEOUTS,
    );
    new sc.PtrRecord(
      "app-ptr",
      {
        cloudInstanceId: app.id,
        ip: app.publicIpv4Address.apply((ip) => ip ?? ""),
        domain: "app.example.com",
        ttl: 3600,
      },
      TIMEOUTS,
    );
    const volume = new sc.CloudVolume(
      "vol",
      { regionId: region.id, size: 20, instanceId: app.id, labels: { app: "all-kinds" } },
      TIMEOUTS,
    );
    const backup = new sc.CloudVolumeBackup(
      "nightly",
      // The volume is attached: the API backs it up only when told to (force).
      { volumeId: volume.id, force: true, labels: { app: "all-kinds" } },
      TIMEOUTS,
    );
    new sc.CloudSnapshot(
      "golden",
      { regionId: region.id, instanceId: app.id, name: "golden" },
      TIMEOUTS,
    );
    new sc.SslCertificate(
      "site",
      { publicKey: CERTIFICATE, privateKey: PRIVATE_KEY, labels: { app: "all-kinds" } },
      TIMEOUTS,
    );
    new sc.LetsEncryptCertificateLabels(
      "le",
      { adoptId: apiCertificate.id, labels: { env: "staging", app: "all-kinds" } },
      TIMEOUTS,
    );
    new sc.KubernetesCluster(
      "k8s",
      { clusterId: "K8sProd1", labels: { env: "prod", team: "platform", app: "all-kinds" } },
      TIMEOUTS,
    );
    new sc.KubernetesBaremetalNodePower("bm", { nodeId: "BmNode02" }, TIMEOUTS);
    const zone = new sc.DnsZone(
      "zone",
      { name: "example.com", email: "hostmaster@example.com", labels: { app: "all-kinds" } },
      TIMEOUTS,
    );
    new sc.DnsRecord(
      "www",
      {
        zoneId: zone.id,
        name: "www",
        type: "A",
        data: app.publicIpv4Address.apply((ip) => ip ?? ""),
        ttl: 300,
      },
      TIMEOUTS,
    );
    const backend = new sc.Subnetwork(
      "backend",
      { networkPoolId: pool.id, cidr: "10.20.0.0/29", title: "backend" },
      TIMEOUTS,
    );
    const upstream = db.privateIpv4Address.apply((ip) => ip ?? "");
    new sc.L4LoadBalancer(
      "tcp",
      {
        locationId: location.id,
        vhostZones: [{ id: "pg", ports: [5432], upstreamId: "db" }],
        upstreamZones: [{ id: "db", upstreams: [{ ip: upstream, port: 5432 }] }],
        labels: { app: "all-kinds" },
      },
      TIMEOUTS,
    );
    new sc.L7LoadBalancer(
      "site-lb",
      {
        locationId: location.id,
        vhostZones: [
          {
            id: "site",
            ports: [443],
            ssl: true,
            domains: ["example.com"],
            sslCertificateId: siteCertificate.id,
            locationZones: [{ location: "/", upstreamId: "web" }],
          },
        ],
        upstreamZones: [{ id: "web", upstreams: [{ ip: upstream, port: 8080 }] }],
        labels: { app: "all-kinds" },
      },
      TIMEOUTS,
    );

    if (options.late !== undefined) {
      // The create's timeout ends before the API finishes (LATE_HELD holds both objects where
      // they begin): the object exists when the step fails.
      const timeouts =
        options.late === "failing" ? { customTimeouts: { create: "1ms" } } : TIMEOUTS;
      new sc.RbsVolume(
        "late-data",
        { locationId: location.id, flavorId: standard.id, size: 50 },
        timeouts,
      );
      new sc.CloudVolume("late-vol", { regionId: region.id, size: 10 }, timeouts);
    }

    // A secret lookup result (the Output form is secret): its value must be sealed in the state.
    const oob = sc.getServerOobCredentialsOutput({ serverId: db.id, fingerprint: GPG_FINGERPRINT });

    return {
      oobSecret: oob.secret,
      keyFingerprint: key.fingerprint,
      webIp: web.publicIpv4Address,
      dataPassword: data.password,
      dbIp: db.publicIpv4Address,
      extraCidr: extra.cidr,
      appIp: app.publicIpv4Address,
      backupStatus: backup.status,
      subnetwork: backend.cidr,
      summary: pulumi.interpolate`${app.publicIpv4Address} ${volume.device}`,
    };
  };
}

/**
 * The faults of the `late: "failing"` up: the creates of the two late resources held
 * (createsHeld), so that their 1 ms timeouts surely end before the objects are ready.
 */
export const LATE_HELD = createsHeld(
  "/v1/remote_block_storage/volumes",
  "/v1/cloud_block_storage/volumes",
);

/** The resources of the program (kind and name), the partial create's excluded. */
export const DECLARED: readonly { readonly kind: string; readonly name: string }[] = [
  { kind: "SshKey", name: "deploy" },
  { kind: "SbmServer", name: "web" },
  { kind: "RbsVolume", name: "data" },
  { kind: "DedicatedServer", name: "db" },
  { kind: "L2Segment", name: "lan" },
  { kind: "HostNetwork", name: "extra" },
  { kind: "CloudInstance", name: "app" },
  { kind: "PtrRecord", name: "app-ptr" },
  { kind: "CloudVolume", name: "vol" },
  { kind: "CloudVolumeBackup", name: "nightly" },
  { kind: "CloudSnapshot", name: "golden" },
  { kind: "SslCertificate", name: "site" },
  { kind: "LetsEncryptCertificateLabels", name: "le" },
  { kind: "KubernetesCluster", name: "k8s" },
  { kind: "KubernetesBaremetalNodePower", name: "bm" },
  { kind: "DnsZone", name: "zone" },
  { kind: "DnsRecord", name: "www" },
  { kind: "Subnetwork", name: "backend" },
  { kind: "L4LoadBalancer", name: "tcp" },
  { kind: "L7LoadBalancer", name: "site-lb" },
];

/** A resource of the exported state, by kind and name. */
export function resourceOf(state: ExportedState, kind: string, name: string) {
  const found = state.resources.find(
    (resource) => resource.type === typeOf(kind) && resource.name === name,
  );
  if (found === undefined) throw new Error(`no ${kind} ${name} in the exported state`);
  return found;
}

/** The last part of an id made of a path ("<zone>/<record>", "hosts/.../networks/<id>"). */
const lastPart = (id: string) => id.split("/").at(-1) ?? id;

/** One kind's drift: what changes behind Pulumi's back, and the input the diff names. */
export interface Drift {
  readonly kind: string;
  readonly name: string;
  /** The input `pulumi preview --refresh` must name as changed (undefined: see `gone`). */
  readonly property?: string;
  /**
   * The object is deleted instead of changed: the kind has no input an outside change could
   * move that the next `up` could put back (a snapshot's only one is its name, which no API
   * source renames and the provider refuses to rename: test/engine/cloud-snapshot.test.ts).
   * The refresh drops it and the next `up` creates it again.
   */
  readonly gone?: true;
  /**
   * How the next `up` puts it back: in place; by a replacement (a PTR record or a network
   * cannot be changed); or by a create (the object is gone).
   */
  readonly fix: "update" | "replace" | "create";
  readonly change: (sim: Simulator, id: string, outputs: Record<string, unknown>) => Promise<void>;
}

type Labels = Record<string, string>;

/** Merges `labels` into the record's labels (the ownership label stays). */
async function relabel(
  sim: Simulator,
  collection: string,
  key: string,
  labels: Labels,
): Promise<void> {
  const record = await sim.control.peek(collection, key);
  await sim.control.patch(collection, key, {
    labels: { ...(record?.labels as Labels | undefined), ...labels },
  });
}

const rename =
  (collection: string, field = "name", value: Json = "renamed-by-hand") =>
  (sim: Simulator, id: string) =>
    sim.control.patch(collection, id, { [field]: value }).then(() => undefined);

/** The drifts, one per kind (the drift hooks of the engine lifecycle table, test/engine/kinds.ts). */
export const DRIFTS: readonly Drift[] = [
  {
    kind: "SshKey",
    name: "deploy",
    property: "name",
    fix: "update",
    change: rename("ssh_keys"),
  },
  {
    kind: "SbmServer",
    name: "web",
    property: "labels",
    fix: "update",
    change: (sim, id) => relabel(sim, "sbm_servers", id, { app: "by-hand" }),
  },
  {
    kind: "RbsVolume",
    name: "data",
    property: "name",
    fix: "update",
    change: rename("rbs_volumes"),
  },
  {
    kind: "DedicatedServer",
    name: "db",
    property: "hostname",
    fix: "update",
    change: rename("dedicated_servers", "title"),
  },
  {
    kind: "L2Segment",
    name: "lan",
    property: "name",
    fix: "update",
    change: rename("l2_segments"),
  },
  {
    kind: "HostNetwork",
    name: "extra",
    property: "distributionMethod",
    fix: "replace",
    change: (sim, id) =>
      sim.control
        .patch("host_networks", lastPart(id), { distribution_method: "route" })
        .then(() => undefined),
  },
  {
    kind: "CloudInstance",
    name: "app",
    property: "name",
    fix: "update",
    change: rename("cloud_instances"),
  },
  {
    kind: "PtrRecord",
    name: "app-ptr",
    property: "ttl",
    fix: "replace",
    change: (sim, id) =>
      sim.control.patch("cloud_ptr_records", lastPart(id), { ttl: 120 }).then(() => undefined),
  },
  {
    kind: "CloudVolume",
    name: "vol",
    property: "name",
    fix: "update",
    change: rename("cloud_volumes"),
  },
  {
    kind: "CloudVolumeBackup",
    name: "nightly",
    property: "labels",
    fix: "update",
    change: (sim, id) => relabel(sim, "cloud_backups", id, { app: "by-hand" }),
  },
  {
    kind: "CloudSnapshot",
    name: "golden",
    gone: true,
    fix: "create",
    change: (sim, id) => sim.control.remove("cloud_snapshots", lastPart(id)),
  },
  {
    kind: "SslCertificate",
    name: "site",
    property: "name",
    fix: "update",
    change: rename("ssl_certificates"),
  },
  {
    kind: "LetsEncryptCertificateLabels",
    name: "le",
    property: "labels",
    fix: "update",
    change: (sim, id) => relabel(sim, "ssl_certificates", id, { app: "by-hand" }),
  },
  {
    kind: "KubernetesCluster",
    name: "k8s",
    property: "labels",
    fix: "update",
    change: (sim, id) => relabel(sim, "kubernetes_clusters", id, { app: "by-hand" }),
  },
  {
    kind: "KubernetesBaremetalNodePower",
    name: "bm",
    property: "poweredOn",
    fix: "update",
    change: (sim, _id, outputs) =>
      sim.control
        .patch("kubernetes_baremetal_nodes", String(outputs.nodeId), {
          power_status: "powered_off",
        })
        .then(() => undefined),
  },
  {
    kind: "DnsZone",
    name: "zone",
    property: "labels",
    fix: "update",
    change: (sim, id) => relabel(sim, "dns_domains", id, { app: "by-hand" }),
  },
  {
    kind: "DnsRecord",
    name: "www",
    property: "ttl",
    fix: "update",
    change: (sim, id) =>
      sim.control.patch("dns_records", lastPart(id), { ttl: 900 }).then(() => undefined),
  },
  {
    kind: "Subnetwork",
    name: "backend",
    property: "title",
    fix: "update",
    change: (sim, id) =>
      sim.control.patch("subnetworks", lastPart(id), { title: "by-hand" }).then(() => undefined),
  },
  {
    kind: "L4LoadBalancer",
    name: "tcp",
    property: "name",
    fix: "update",
    change: rename("l4_load_balancers"),
  },
  {
    kind: "L7LoadBalancer",
    name: "site-lb",
    property: "geoip",
    fix: "update",
    change: rename("l7_load_balancers", "geoip", true),
  },
];

/**
 * What `up --replace` does to each kind: "new", a new object (another id) and the old one
 * released; "same", the kind takes charge of an object that exists once (a cluster, a
 * certificate, a node: deleteBeforeReplace by default, README "Other languages") or that the API
 * keeps unique by content with the same id (an SSH key's id is its fingerprint): deleted first,
 * then made or taken again under the same id.
 */
export const REPLACED: Readonly<Record<string, "new" | "same">> = {
  SshKey: "same",
  SbmServer: "new",
  RbsVolume: "new",
  DedicatedServer: "new",
  L2Segment: "new",
  HostNetwork: "new",
  CloudInstance: "new",
  PtrRecord: "new",
  CloudVolume: "new",
  CloudVolumeBackup: "new",
  CloudSnapshot: "new",
  SslCertificate: "new",
  LetsEncryptCertificateLabels: "same",
  KubernetesCluster: "same",
  KubernetesBaremetalNodePower: "same",
  DnsZone: "new",
  DnsRecord: "new",
  Subnetwork: "new",
  L4LoadBalancer: "new",
  L7LoadBalancer: "new",
};
