// The YAML program of the suite: every one of the 20 resource kinds, with the inputs of its
// row in the engine lifecycle table (test/engine/kinds.ts) and ids looked up through `fn::invoke`, written as a
// user writes Pulumi.yaml for the native plugin (README, "Other languages").
//
// `deleteBeforeReplace: true` on exactly the kinds the README says a program of another language
// must set it for before a targeted replacement (`up --replace`, which the suite runs on every
// kind): the engine asks the plugin nothing then (test/cli/yaml/replacement.test.ts shows both).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";
import { repoRoot } from "../../../scripts/engine/repo";
import {
  AMS1_UBUNTU_IMAGE,
  DEDICATED_SERVER,
  SSH_PUBLIC_KEY,
} from "../../../scripts/engine/samples";
import { DELETE_FIRST_KINDS } from "../support/delete-first";

/** One declared resource: its name in the program and its kind. */
export interface Declared {
  readonly name: string;
  readonly kind: string;
}

/** The self-signed certificate of the simulator's tests (CN example.test) and its key. */
export function certificateFiles(): { cert: string; key: string } {
  const dir = join(repoRoot(), "test", "simulator", "data");
  return {
    cert: readFileSync(join(dir, "ssl-cert.pem"), "utf8"),
    key: readFileSync(join(dir, "ssl-key.pem"), "utf8"),
  };
}

/** The stack configuration the program reads: the certificate's private key is a secret. */
export const KEY_CONFIG = "sslPrivateKey";

/** The `config:` block of the suites' programs: KEY_CONFIG, a secret string. */
export const SECRET_KEY_CONFIG = { [KEY_CONFIG]: { type: "string", secret: true } };

/** The `location` variable of the suites' programs: AMS1, looked up by its code. */
export const AMS1_LOCATION = {
  "fn::invoke": { function: "serverscom:index:getLocation", arguments: { code: "AMS1" } },
};

/**
 * A program as Pulumi.yaml text: no anchors or aliases for shared objects (pulumi-yaml refuses
 * alias nodes), no folded lines.
 */
export function yamlText(program: object): string {
  return stringify(program, { aliasDuplicateObjects: false, lineWidth: 0 });
}

/** A program of one RBS volume, `data`, named `name` (the fault suites' smallest order). */
export function oneVolume(name: string): string {
  return yamlText({
    resources: {
      data: {
        type: "serverscom:index:RbsVolume",
        properties: { name, locationId: 1, flavorId: 1, size: 10 },
      },
    },
  });
}

type Props = Record<string, unknown>;

export interface Declaration {
  readonly kind: string;
  readonly properties: Props;
}

/** A Pulumi YAML interpolation, `${path}`: a reference to a variable, config or output. */
export function ref(path: string): string {
  return `\${${path}}`;
}

/** A dedicated server with only a private uplink, to join an L2 segment. */
const L2_NODE: Props = {
  ...DEDICATED_SERVER,
  uplinkModels: { private: { id: 401 } },
  operatingSystemId: 303,
};

/** What every resource declares: kind, properties (before the `options` block). */
function resources(cert: string): Record<string, Declaration> {
  return {
    data: {
      kind: "RbsVolume",
      properties: {
        locationId: ref("location.id"),
        flavorId: ref("standard.id"),
        size: 100,
        labels: { env: "prod" },
      },
    },
    web: {
      kind: "SbmServer",
      properties: {
        locationId: ref("location.id"),
        sbmFlavorModelId: 601,
        operatingSystemId: 302,
        hostname: "web-1",
        labels: { env: "prod" },
      },
    },
    app: {
      kind: "CloudInstance",
      properties: {
        regionId: 1,
        flavorId: "SSD.30",
        imageId: AMS1_UBUNTU_IMAGE,
        labels: { env: "prod" },
      },
    },
    db: {
      kind: "DedicatedServer",
      properties: { ...DEDICATED_SERVER, hostname: "db-1", labels: { env: "prod" } },
    },
    "node-a": { kind: "DedicatedServer", properties: L2_NODE },
    lan: {
      kind: "L2Segment",
      properties: {
        type: "private",
        locationGroupId: 1,
        members: [{ id: ref("node-a.id"), mode: "native" }],
        labels: { env: "prod" },
      },
    },
    deploy: {
      kind: "SshKey",
      properties: { publicKey: SSH_PUBLIC_KEY, labels: { team: "platform" } },
    },
    site: {
      kind: "SslCertificate",
      properties: {
        publicKey: cert,
        privateKey: ref(KEY_CONFIG),
        labels: { env: "prod" },
      },
    },
    "ptr-host": {
      kind: "CloudInstance",
      properties: { regionId: 1, flavorId: "SSD.30", imageId: AMS1_UBUNTU_IMAGE },
    },
    "app-ptr": {
      kind: "PtrRecord",
      properties: {
        cloudInstanceId: ref("ptr-host.id"),
        ip: ref("ptr-host.publicIpv4Address"),
        domain: "app.example.com",
        // Declared: a drift of an input the program leaves out is no change to put back.
        ttl: 300,
      },
    },
    k8s: {
      kind: "KubernetesCluster",
      properties: { clusterId: "K8sProd1", labels: { env: "prod", team: "platform" } },
    },
    le: {
      kind: "LetsEncryptCertificateLabels",
      properties: { adoptId: "LeCert01", labels: { env: "prod", team: "web" } },
    },
    bm: { kind: "KubernetesBaremetalNodePower", properties: { nodeId: "BmNode02" } },
    private: {
      kind: "Subnetwork",
      properties: { networkPoolId: "NpAms1Pr", cidr: "10.20.0.0/29", title: "db" },
    },
    extra: {
      kind: "HostNetwork",
      properties: {
        hostId: ref("db.id"),
        hostType: "dedicated_server",
        type: "public_ipv4",
        mask: 29,
        distributionMethod: "gateway",
      },
    },
    tcp: {
      kind: "L4LoadBalancer",
      properties: {
        locationId: 1,
        vhostZones: [{ id: "tls", ports: [443], upstreamId: "app" }],
        upstreamZones: [{ id: "app", upstreams: [{ ip: "10.0.0.5", port: 8443 }] }],
        labels: { env: "prod" },
      },
    },
    front: {
      kind: "L7LoadBalancer",
      properties: {
        locationId: 1,
        vhostZones: [
          {
            id: "site",
            ports: [443],
            ssl: true,
            domains: ["example.com"],
            sslCertificateId: "LeCert01",
            locationZones: [{ location: "/", upstreamId: "web" }],
          },
        ],
        upstreamZones: [{ id: "web", upstreams: [{ ip: "10.0.0.5", port: 80 }] }],
      },
    },
    vol: {
      kind: "CloudVolume",
      properties: { regionId: 1, size: 20, labels: { env: "prod" } },
    },
    zone: {
      kind: "DnsZone",
      properties: { name: "example.com", email: "admin@example.com", labels: { env: "prod" } },
    },
    www: {
      kind: "DnsRecord",
      properties: { zoneId: ref("zone.id"), name: "www", type: "A", data: "192.0.2.1", ttl: 300 },
    },
    nightly: {
      kind: "CloudVolumeBackup",
      properties: { volumeId: ref("vol.id"), labels: { env: "prod" } },
    },
    golden: {
      kind: "CloudSnapshot",
      properties: { regionId: 1, instanceId: ref("app.id"), name: "golden" },
    },
  };
}

/** Every resource of the program, in declaration order. */
export const DECLARED: readonly Declared[] = Object.entries(resources("")).map(([name, r]) => ({
  name,
  kind: r.kind,
}));

/** The resource under test of each kind (the one checked for replacement, drift, import). */
export const UNDER_TEST: readonly Declared[] = DECLARED.filter(
  (r) => r.name !== "node-a" && r.name !== "ptr-host",
);

/** The user data of the servers and instances, when the program sets it (ProgramOptions). */
export const USER_DATA = "#cloud-config\nruncmd:\n  - echo ready\n";
const USER_DATA_NAMES = new Set(["web", "db", "app"]);

/** One resource's declaration, as programBody writes it. */
export function declaration(name: string, options: ProgramOptions = {}): Declaration {
  const found = resources(certificateFiles().cert)[name];
  if (found === undefined) throw new Error(`the program declares no ${name}`);
  const withUserData = options.userData === true && USER_DATA_NAMES.has(name);
  return withUserData
    ? { kind: found.kind, properties: { ...found.properties, userData: USER_DATA } }
    : found;
}

export interface ProgramOptions {
  /** `userData` on the SBM server, the dedicated server `db` and the cloud instance `app`. */
  readonly userData?: boolean;
  /** Resource options per resource name, merged over the defaults. */
  readonly options?: Readonly<Record<string, Props>>;
  /** Resources added to the program (name → kind and properties). */
  readonly extra?: Readonly<Record<string, { kind: string; properties: Props; options?: Props }>>;
}

/** The body of Pulumi.yaml after `plugins` (project.ts, yamlProject): config, variables, resources. */
export function programBody(options: ProgramOptions = {}): string {
  const out: Record<string, unknown> = {};
  for (const { name } of DECLARED) {
    const r = declaration(name, options);
    const opts: Props = {
      ...(DELETE_FIRST_KINDS.has(r.kind) ? { deleteBeforeReplace: true } : {}),
      ...options.options?.[name],
    };
    out[name] = {
      type: `serverscom:index:${r.kind}`,
      properties: r.properties,
      ...(Object.keys(opts).length > 0 ? { options: opts } : {}),
    };
  }
  for (const [name, r] of Object.entries(options.extra ?? {})) {
    out[name] = {
      type: `serverscom:index:${r.kind}`,
      properties: r.properties,
      ...(r.options === undefined ? {} : { options: r.options }),
    };
  }
  return yamlText({
    config: SECRET_KEY_CONFIG,
    variables: {
      location: AMS1_LOCATION,
      standard: {
        "fn::invoke": {
          function: "serverscom:index:getRbsFlavor",
          arguments: { locationId: ref("location.id"), name: "standard" },
        },
      },
    },
    resources: out,
    outputs: {
      fingerprint: ref("deploy.fingerprint"),
      volumeAddress: ref("data.ipAddress"),
    },
  });
}
