// The programs the engine suites run, one factory per kind: the lifecycle table (kinds.ts) and a
// kind's own tests (test/engine/<kind>.test.ts) declare the same resources. Each factory takes
// the inputs that differ from its defaults and the resource options.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { DedicatedServerArgs } from "../../provider/index";
import type { PackageModule } from "../../scripts/engine/program";
import { DEDICATED_SERVER } from "../../scripts/engine/samples";
import type { Program } from "./harness";

type Bag = Record<string, unknown>;

/** A program of one resource, its inputs `args` over the defaults, its options `opts`. */
export type Declare = (args?: Bag, opts?: Bag) => Program;

/** A resource the package's constructors all take: a name, inputs and resource options. */
type Constructor = new (name: string, args: Bag, opts: Bag) => unknown;

/**
 * A program declaring what the resource needs (`companion`, first), then the resource `name` of
 * the package's class `kind`, its default inputs taken from the companion.
 */
function beside<C>(
  companion: (serverscom: PackageModule) => C,
  kind: keyof PackageModule,
  name: string,
  defaults: (companion: C) => Bag,
): Declare {
  return (args = {}, opts = {}) =>
    (serverscom) => {
      const made = companion(serverscom);
      const Resource = serverscom[kind] as unknown as Constructor;
      new Resource(name, { ...defaults(made), ...args }, opts);
    };
}

/** A program declaring the resource `name` of the package's class `kind`, and nothing else. */
function single(kind: keyof PackageModule, name: string, defaults: Bag): Declare {
  return beside(
    () => undefined,
    kind,
    name,
    () => defaults,
  );
}

/** Ubuntu 24.04 in region 1 (AMS1) and in region 2 (DFW1): images differ per region. */
export const AMS1_UBUNTU = "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01";
export const DFW1_UBUNTU = "8a2d4c6e-3e6b-4d9f-8c1a-2b3c4d5e6f11";
export const AMS1_DEBIAN = "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e03";

export const instance = single("CloudInstance", "app", {
  regionId: 1,
  flavorId: "SSD.30",
  imageId: AMS1_UBUNTU,
  labels: { env: "prod" },
});

/** A snapshot of one of two instances declared beside it. */
export const snapshot =
  (of = "web", opts: Bag = {}, name = "golden"): Program =>
  (serverscom) => {
    const instances = {
      web: new serverscom.CloudInstance("web", {
        regionId: 1,
        flavorId: "SSD.30",
        imageId: AMS1_UBUNTU,
      }),
      db: new serverscom.CloudInstance("db", {
        regionId: 1,
        flavorId: "SSD.30",
        imageId: AMS1_UBUNTU,
      }),
    };
    new serverscom.CloudSnapshot(
      "golden",
      { regionId: 1, instanceId: instances[of as "web" | "db"].id, name },
      opts,
    );
  };

/** A backup of a volume declared beside it (two volumes: the replacement backs up the other). */
export const backup =
  (args: Bag = {}, of = "data", opts: Bag = {}): Program =>
  (serverscom) => {
    const volumes = {
      data: new serverscom.CloudVolume("data", { regionId: 1, size: 20 }),
      logs: new serverscom.CloudVolume("logs", { regionId: 1, size: 10 }),
    };
    new serverscom.CloudVolumeBackup(
      "nightly",
      { volumeId: volumes[of as "data" | "logs"].id, ...args },
      opts,
    );
  };

/** A volume, with the instance it may be attached to declared beside it. */
export const volume =
  (args: Bag = {}, attach = false, opts: Bag = {}): Program =>
  (serverscom) => {
    const web = new serverscom.CloudInstance("web", {
      regionId: 1,
      flavorId: "SSD.30",
      imageId: AMS1_UBUNTU,
    });
    new serverscom.CloudVolume(
      "data",
      { regionId: 1, size: 20, ...(attach ? { instanceId: web.id } : {}), ...args },
      opts,
    );
  };

/** A Dell R640 in AMS1 with two SSDs, private and public uplinks, Ubuntu 22.04 (the seed). */
export const ORDER: DedicatedServerArgs = DEDICATED_SERVER;

export const dedicatedServer = single("DedicatedServer", "db", {
  ...ORDER,
  hostname: "db-1",
  labels: { env: "prod" },
});

/** A record, with the zone it lives in declared beside it. */
export const dnsRecord = beside(
  (serverscom) =>
    new serverscom.DnsZone("zone", { name: "example.com", email: "admin@example.com" }),
  "DnsRecord",
  "www",
  (zone) => ({ zoneId: zone.id, name: "www", type: "A", data: "192.0.2.1" }),
);

export const dnsZone = single("DnsZone", "zone", {
  name: "example.com",
  email: "admin@example.com",
  labels: { env: "prod" },
});

/** An additional network of a dedicated server declared beside it. */
export const hostNetwork = beside(
  (serverscom) =>
    new serverscom.DedicatedServer("db", {
      locationId: 1,
      serverModelId: 101,
      uplinkModels: { private: { id: 401 }, public: { id: 403, bandwidthModelId: 501 } },
      ramSize: 64,
      drives: { slots: [{ position: 0, driveModelId: 201 }] },
      operatingSystemId: 301,
      hostname: "db-1",
    }),
  "HostNetwork",
  "extra",
  (server) => ({ hostId: server.id, hostType: "dedicated_server", type: "public_ipv4", mask: 29 }),
);

/** The simulator's seed (simulator/seed/kubernetes.ts): a host that is off, one that is on. */
export const POWERED_OFF = "BmNode02";
export const POWERED_ON = "BmNode01";

export const nodePower = single("KubernetesBaremetalNodePower", "bm", { nodeId: POWERED_OFF });

/** The simulator's seed (simulator/seed/kubernetes.ts). */
export const PROD_CLUSTER = "K8sProd1";
export const STAGING_CLUSTER = "K8sStag1";
export const SEED_LABELS = { env: "prod", team: "platform" };

export const cluster = single("KubernetesCluster", "k8s", {
  clusterId: PROD_CLUSTER,
  labels: { ...SEED_LABELS, "managed-by": "pulumi" },
});

/** Two servers on Debian 12 with a private uplink, the members of a segment. */
const MEMBER: DedicatedServerArgs = {
  ...ORDER,
  uplinkModels: { private: { id: 401 } },
  operatingSystemId: 303,
};

/** Location groups (simulator/seed/l2.ts): 1 is AMS1 private, 5 AMS1 and DFW1 private. */
export const segment =
  (args: Bag = {}, opts: Bag = {}, trunkSecond = false): Program =>
  (serverscom) => {
    const [a, b] = ["node-a", "node-b"].map((name) => new serverscom.DedicatedServer(name, MEMBER));
    if (a === undefined || b === undefined) throw new Error("two servers expected");
    new serverscom.L2Segment(
      "lan",
      {
        type: "private",
        locationGroupId: 1,
        members: [
          { id: a.id, mode: "native" },
          ...(trunkSecond ? [{ id: b.id, mode: "trunk" as const }] : []),
        ],
        labels: { env: "prod" },
        ...args,
      },
      opts,
    );
  };

export const l4Balancer = single("L4LoadBalancer", "tcp", {
  locationId: 1,
  vhostZones: [{ id: "tls", ports: [443], upstreamId: "app" }],
  upstreamZones: [{ id: "app", upstreams: [{ ip: "10.0.0.5", port: 8443 }] }],
  labels: { env: "prod" },
});

/** The L7 balancer's site, terminating TLS with the seeded Let's Encrypt certificate. */
export const site = (fields: Bag = {}) => ({
  id: "site",
  ports: [443],
  ssl: true,
  domains: ["example.com"],
  sslCertificateId: "LeCert01",
  locationZones: [{ location: "/", upstreamId: "web" }],
  ...fields,
});

export const l7Balancer = single("L7LoadBalancer", "web", {
  locationId: 1,
  vhostZones: [site()],
  upstreamZones: [{ id: "web", upstreams: [{ ip: "10.0.0.5", port: 80 }] }],
});

/** The simulator's seeded Let's Encrypt certificates (simulator/areas/ssl.ts). */
export const PROD_LE = "LeCert01";
export const STAGING_LE = "LeCert02";

export const certificateLabels = single("LetsEncryptCertificateLabels", "site", {
  adoptId: PROD_LE,
  labels: { env: "prod", team: "web" },
});

/** A PTR record for the public address of a cloud instance declared beside it. */
export const ptrRecord = beside(
  (serverscom) =>
    new serverscom.CloudInstance("app", { regionId: 1, flavorId: "SSD.30", imageId: AMS1_UBUNTU }),
  "PtrRecord",
  "app-ptr",
  (host) => ({
    cloudInstanceId: host.id,
    ip: host.publicIpv4Address.apply((ip) => ip ?? ""),
    domain: "app.example.com",
  }),
);

export const rbsVolume = single("RbsVolume", "data", { locationId: 1, flavorId: 1, size: 100 });

export const SBM_01 = 601;
export const SBM_02 = 602;
export const UBUNTU_24 = 302;
export const DEBIAN_12 = 303;

export const sbmServer = single("SbmServer", "web", {
  locationId: 1,
  sbmFlavorModelId: SBM_01,
  operatingSystemId: UBUNTU_24,
  hostname: "web-1",
  labels: { env: "prod" },
});

// Public halves of throwaway keys.
export const SSH_KEY =
  "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICPDUkarrY7MnyS308g9l/aRCIDLkT8/4rUiYUMB9RJr";
export const OTHER_SSH_KEY =
  "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIyB3A44B87Yo1njdPBzzpmTF6QX106HVCzqpqcVhtN5";

export const sshKey = single("SshKey", "deploy", {
  publicKey: SSH_KEY,
  labels: { team: "platform" },
});

export const subnetwork = single("Subnetwork", "private", {
  networkPoolId: "NpAms1Pr",
  cidr: "10.20.0.0/29",
  title: "db",
});

const data = (name: string) =>
  readFileSync(join(__dirname, "..", "simulator", "data", name), "utf8");
/** Self-signed, CN example.test (test/simulator/data). */
export const CERTIFICATE = data("ssl-cert.pem");
export const CERTIFICATE_KEY = data("ssl-key.pem");
/** The key's lines of base64: a private key must not appear even reformatted. */
export const CERTIFICATE_KEY_LINES = CERTIFICATE_KEY.split("\n").filter(
  (line) => line.length > 0 && !line.startsWith("-----"),
);

export const sslCertificate = single("SslCertificate", "site", {
  publicKey: CERTIFICATE,
  privateKey: CERTIFICATE_KEY,
  labels: { env: "prod" },
});
