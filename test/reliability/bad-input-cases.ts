// The bad input catalogue (issue 8): invalid inputs of every resource kind and every lookup
// function, each with the property it must be refused on and a word of the rule it breaks.
// bad-input.test.ts runs them and proves that no request reached the API. Each row changes one
// thing in inputs that pass check on their own (the test checks the bases too), so a refusal is
// the row's doing and no other property's.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PropertyBag } from "../../provider/framework/check";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import * as fns from "../../provider/functions";
import { labelSelector } from "../../sdk/labels";
import { ipxeFields, serverInputs } from "../provider/dedicated-server-support";
import { engineInputs } from "../provider/support";

// --- resources: bases that pass check ---

const pem = (name: string) =>
  readFileSync(join(__dirname, "..", "simulator", "data", name), "utf8");
const CERTIFICATE = pem("ssl-cert.pem");
const KEY = pem("ssl-key.pem");
/** A key that is not the certificate's. */
const OTHER_KEY = pem("ssl-other-key.pem");
// A key made with ssh-keygen (test/provider/sbm-server.test.ts has its fingerprint).
const SSH_KEY =
  "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMViyXPPKhVMabjHpguYG4rPeK3pNPcfCMaIotflOeM0 test@example";
const SSH_FINGERPRINT = "06:61:cd:41:7d:c2:f7:f4:94:e4:1d:b7:b6:76:bb:bb";

export const KINDS = [
  "DedicatedServer",
  "SbmServer",
  "RbsVolume",
  "CloudInstance",
  "KubernetesCluster",
  "KubernetesBaremetalNodePower",
  "L2Segment",
  "SshKey",
  "SslCertificate",
  "LetsEncryptCertificateLabels",
  "PtrRecord",
  // Issue 16: networking.
  "Subnetwork",
  "HostNetwork",
  "L4LoadBalancer",
  "L7LoadBalancer",
  "CloudVolume",
  "CloudVolumeBackup",
  "CloudSnapshot",
  "DnsZone",
  "DnsRecord",
] as const;
export type KindName = (typeof KINDS)[number];

/** Valid inputs of each kind, as the engine sends them (hidden inputs included). */
export const BASES: Readonly<Record<KindName, PropertyBag>> = {
  DedicatedServer: serverInputs("web-1"),
  SbmServer: engineInputs("SbmServer", "web", {
    locationId: 1,
    sbmFlavorModelId: 601,
    operatingSystemId: 301,
    hostname: "web.example.com",
    sshKeyFingerprints: [SSH_FINGERPRINT],
  }),
  RbsVolume: engineInputs("RbsVolume", "data", {
    name: "data",
    locationId: 1,
    flavorId: 1,
    size: 100,
  }),
  CloudInstance: engineInputs("CloudInstance", "app", {
    regionId: 1,
    flavorId: "SSD.50",
    imageId: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01",
    name: "app",
    upgradeConfirmation: "approve",
  }),
  KubernetesCluster: engineInputs("KubernetesCluster", "prod", {
    clusterId: "K8sProd1",
    nodeGroups: { KnProd03: "NgSpare1" },
  }),
  KubernetesBaremetalNodePower: engineInputs("KubernetesBaremetalNodePower", "power", {
    nodeId: "BmNode02",
    poweredOn: true,
  }),
  L2Segment: engineInputs("L2Segment", "backend", {
    name: "backend",
    type: "private",
    locationGroupId: 1,
    members: [
      { id: "L2Ams001", mode: "native" },
      { id: "L2Ams002", mode: "trunk" },
    ],
  }),
  SshKey: engineInputs("SshKey", "deploy", { name: "deploy", publicKey: SSH_KEY }),
  SslCertificate: engineInputs("SslCertificate", "site", {
    name: "site",
    publicKey: CERTIFICATE,
    privateKey: KEY,
    chainKey: null,
  }),
  LetsEncryptCertificateLabels: engineInputs("LetsEncryptCertificateLabels", "le", {
    adoptId: "LeCert01",
  }),
  PtrRecord: engineInputs("PtrRecord", "rdns", {
    cloudInstanceId: "Ci1",
    ip: "203.0.113.1",
    domain: "a.example.com",
  }),
  Subnetwork: engineInputs("Subnetwork", "backend", {
    networkPoolId: "NpAms1Pr",
    cidr: "10.20.0.0/29",
    title: "backend",
  }),
  HostNetwork: engineInputs("HostNetwork", "extra", {
    hostId: "Ds1",
    hostType: "dedicated_server",
    type: "public_ipv4",
    mask: 29,
  }),
  L4LoadBalancer: engineInputs("L4LoadBalancer", "tcp", {
    name: "tcp",
    locationId: 1,
    vhostZones: [{ id: "tls", ports: [443], upstreamId: "app" }],
    upstreamZones: [{ id: "app", upstreams: [{ ip: "10.0.0.5", port: 8443 }] }],
  }),
  L7LoadBalancer: engineInputs("L7LoadBalancer", "web", {
    name: "web",
    locationId: 1,
    vhostZones: [
      {
        id: "site",
        ports: [443],
        ssl: true,
        domains: ["example.com"],
        sslCertificateId: "LeCert01",
        locationZones: [{ location: "/", upstreamId: "app" }],
      },
    ],
    upstreamZones: [{ id: "app", upstreams: [{ ip: "10.0.0.6", port: 80 }] }],
  }),
  CloudVolume: engineInputs("CloudVolume", "data", { name: "data", regionId: 1, size: 20 }),
  CloudVolumeBackup: engineInputs("CloudVolumeBackup", "nightly", {
    name: "nightly",
    volumeId: "CvVol001",
  }),
  CloudSnapshot: engineInputs("CloudSnapshot", "golden", {
    name: "golden",
    regionId: 1,
    instanceId: "Ci1",
  }),
  DnsZone: engineInputs("DnsZone", "zone", { name: "example.com", email: "admin@example.com" }),
  DnsRecord: engineInputs("DnsRecord", "www", {
    zoneId: "DnsZone1",
    name: "www",
    type: "A",
    data: "192.0.2.1",
  }),
};

export interface CheckRow {
  readonly kind: KindName;
  /** What is wrong, for the test's name. */
  readonly title: string;
  /** The new inputs: the kind's base with the row's change. */
  readonly news: PropertyBag;
  /** The previous inputs, for rules that compare (an update); `{}` on create. */
  readonly olds: PropertyBag;
  /** The property every failure must name (as `property` and in the reason). */
  readonly property: string;
  /** A word of the rule, found in the reason. */
  readonly rule: RegExp;
  /** A secret the row's input holds, which no reason may quote. */
  readonly hidden?: string;
}

function row(
  kind: KindName,
  title: string,
  change: PropertyBag,
  property: string,
  rule: RegExp,
  olds: PropertyBag = {},
): CheckRow {
  return { kind, title, news: { ...BASES[kind], ...change }, olds, property, rule };
}

/** An update: `before` is the previous inputs' change of the base, `after` the new one's. */
function updateRow(
  kind: KindName,
  title: string,
  before: PropertyBag,
  after: PropertyBag,
  property: string,
  rule: RegExp,
): CheckRow {
  return row(kind, title, after, property, rule, { ...BASES[kind], ...before });
}

/** A secret (user data) that a check failure must not quote back. */
const SECRET = "user-data-s3cret-7c1f9e2a";

/** A secret input of the wrong type: refused by its type, the value never quoted. */
function secretRow(kind: KindName, title: string, change: PropertyBag, property: string): CheckRow {
  return {
    ...row(kind, title, change, property, /string \(got an? [a-z]+; a secret, not shown\)/),
    hidden: SECRET,
  };
}

/** The commonest row: one property of the base set to `value`, titled "<property> <what>". */
const field = (kind: KindName, property: string, what: string, value: unknown, rule: RegExp) =>
  row(kind, `${property} ${what}`, { [property]: value }, property, rule);

const labels = (kind: KindName, title: string, value: unknown, rule: RegExp) =>
  row(kind, `labels: ${title}`, { labels: value }, "labels", rule);

const MB = 1024 * 1024;
/** An iPXE script of exactly `bytes` bytes of UTF-8 (ASCII filler). */
const scriptOfBytes = (bytes: number) => {
  const head = "#!ipxe\n";
  return head + "x".repeat(bytes - head.length);
};
const ipxe = (fields: PropertyBag) => ({ ...ipxeFields(), ...fields });
/** A DedicatedServer with iPXE Boot whose script `script` is refused. */
const ipxeConfig = (what: string, script: unknown, rule: RegExp) =>
  row("DedicatedServer", `ipxeConfig ${what}`, ipxe({ ipxeConfig: script }), "ipxeConfig", rule);
// JSON.parse makes "__proto__" an own property, as a computed key (`{ ["__proto__"]: "x" }`) in a
// program does; an object literal's `__proto__:` would set the prototype instead.
const PROTO_KEY_LABELS: unknown = JSON.parse('{"env":"prod","__proto__":"x"}');

export const CHECK_ROWS: readonly CheckRow[] = [
  // --- labels: every rule of sdk/labels.ts, spread over the kinds that have labels ---
  labels("RbsVolume", "name longer than 63", { ["k".repeat(64)]: "v" }, /at most 63/),
  labels("SbmServer", "prefix longer than 253", { [`${"a.".repeat(127)}a/x`]: "v" }, /at most 253/),
  labels(
    "CloudInstance",
    "prefix part longer than 63",
    { [`${"p".repeat(64)}.example.com/x`]: "v" },
    /part of a prefix/,
  ),
  labels("L2Segment", "uppercase prefix", { "Example.com/team": "v" }, /lowercase/),
  labels("SshKey", "empty prefix", { "/team": "v" }, /prefix before the slash/),
  labels("DedicatedServer", "prefix ending in a dash", { "example-/x": "v" }, /start and end/),
  labels("DedicatedServer", "two slashes", { "a/b/c": "v" }, /at most one slash/),
  labels("SslCertificate", "a space in the key", { "bad key": "v" }, /Latin letters/),
  labels(
    "LetsEncryptCertificateLabels",
    "an underscore in the key",
    { my_key: "v" },
    /dashes and dots/,
  ),
  labels("KubernetesCluster", "key ending in a dot", { "env.": "v" }, /start and end/),
  labels("RbsVolume", "empty key", { "": "v" }, /name is required/),
  labels("SbmServer", "prefix without a name", { "example.com/": "v" }, /name is required/),
  labels("CloudInstance", "value longer than 63", { env: "v".repeat(64) }, /at most 63/),
  labels("L2Segment", "a space in the value", { env: "a b" }, /value may contain only/),
  labels("SshKey", "empty value", { env: "" }, /must not be empty/),
  labels("SslCertificate", "value starting with an underscore", { env: "_x" }, /start and end/),
  labels("KubernetesCluster", "value a number", { replicas: 3 }, /must be a string/),
  labels(
    "LetsEncryptCertificateLabels",
    "value an object",
    { env: { a: "b" } },
    /must be a string/,
  ),
  labels("DedicatedServer", "reserved prefix", { "servers.com/x": "1" }, /reserved/),
  labels("RbsVolume", "reserved subdomain", { "api.servers.com/tier": "web" }, /reserved/),
  labels("SbmServer", "reserved prefix in capitals", { "Servers.COM/x": "1" }, /reserved/),
  labels("CloudInstance", "the provider's ownership key", { [OWNER_LABEL_KEY]: "x" }, /reserved/),
  labels("L2Segment", "an array", ["env=prod"], /object/),
  labels("SshKey", "a string", "env=prod", /object/),
  labels("SslCertificate", "unicode key", { ключ: "v" }, /Latin letters/),
  labels("KubernetesCluster", "unicode value", { env: "prød" }, /value may contain only/),
  labels("DedicatedServer", "zero-width space in the key", { "env\u200b": "v" }, /Latin letters/),
  labels("RbsVolume", "a 1 MB value", { env: "v".repeat(MB) }, /at most 63/),
  labels("SbmServer", "a 100 KB key", { ["k".repeat(100_000)]: "v" }, /at most 63/),
  labels("CloudInstance", 'the key "__proto__"', PROTO_KEY_LABELS, /Latin letters/),

  // --- DedicatedServer: iPXE Boot (api-spec.md, "iPXE Boot") ---
  ipxeConfig("without #!ipxe", "dhcp\nchain http://x/\n", /first line must be #!ipxe/),
  ipxeConfig("64 KB + 1 byte", scriptOfBytes(65_537), /at most 65536 bytes/),
  ipxeConfig(
    "under 64 K characters but over 64 KB as UTF-8",
    `#!ipxe\n${"é".repeat(32_765)}`,
    /at most 65536 bytes/,
  ),
  ipxeConfig("of 1 MB", scriptOfBytes(MB), /at most 65536 bytes/),
  ipxeConfig("#!IPXE in capitals", "#!IPXE\ndhcp\n", /first line must be #!ipxe/),
  ipxeConfig("with a byte-order mark", "\uFEFF#!ipxe\ndhcp\n", /first line must be #!ipxe/),
  ipxeConfig("with a Cyrillic і in #!ipxe", "#!іpxe\ndhcp\n", /first line must be #!ipxe/),
  ipxeConfig("empty", "", /first line must be #!ipxe/),
  ipxeConfig("a number", 42, /must be a string/),
  row(
    "DedicatedServer",
    "restriction 1: private and public iPXE Boot together",
    ipxe({ features: ["private_ipxe_boot", "public_ipxe_boot"] }),
    "features",
    /only one of private_ipxe_boot and public_ipxe_boot/,
  ),
  row(
    "DedicatedServer",
    "restriction 2: iPXE Boot with an operating system",
    ipxe({ operatingSystemId: 301 }),
    "operatingSystemId",
    /must be null/,
  ),
  row(
    "DedicatedServer",
    "restriction 2: iPXE Boot without a script",
    ipxe({ ipxeConfig: undefined }),
    "ipxeConfig",
    /required/,
  ),
  row(
    "DedicatedServer",
    "a script without iPXE Boot",
    { ipxeConfig: "#!ipxe\ndhcp\n" },
    "ipxeConfig",
    /only used by iPXE Boot/,
  ),
  row(
    "DedicatedServer",
    "restriction 5: iPXE Boot with rescue mode",
    ipxe({ features: ["private_ipxe_boot", "host_rescue_mode"] }),
    "features",
    /incompatible with host_rescue_mode/,
  ),
  row(
    "DedicatedServer",
    "restriction 6: private iPXE Boot without a private IP",
    ipxe({ features: ["private_ipxe_boot", "no_private_ip"] }),
    "features",
    /incompatible with no_private_ip/,
  ),
  row(
    "DedicatedServer",
    "restriction 7: public iPXE Boot without a public network",
    ipxe({ features: ["public_ipxe_boot", "no_public_network"] }),
    "features",
    /incompatible with no_public_network/,
  ),
  row(
    "DedicatedServer",
    "restriction 7: public iPXE Boot without a public IP",
    ipxe({ features: ["public_ipxe_boot", "no_public_ip_address"] }),
    "features",
    /incompatible with no_public_ip_address/,
  ),
  updateRow(
    "DedicatedServer",
    "update: dropping the operating system without iPXE Boot",
    { operatingSystemId: 301 },
    { operatingSystemId: null },
    "operatingSystemId",
    /only possible for iPXE Boot/,
  ),
  // --- a reinstall erases the drives: only with reinstallTrigger changed (reinstall-trigger.ts) ---
  updateRow(
    "DedicatedServer",
    "update: another operating system without reinstallTrigger",
    { operatingSystemId: 301, reinstallTrigger: "a" },
    { operatingSystemId: 303, reinstallTrigger: "a" },
    "operatingSystemId",
    /reinstalls the dedicated server, which erases its drives.*change reinstallTrigger/,
  ),
  // A trigger the state never recorded (created or imported without one, an older state)
  // confirms nothing, even given together with the change (issue 25, item 1).
  updateRow(
    "DedicatedServer",
    "update: another operating system with a first reinstallTrigger",
    { operatingSystemId: 301 },
    { operatingSystemId: 303, reinstallTrigger: "b" },
    "operatingSystemId",
    /reinstalls the dedicated server.*The state records no reinstallTrigger/,
  ),
  updateRow(
    "SbmServer",
    "update: user data with a first reinstallTrigger",
    {},
    { userData: "#!/bin/sh\necho v2", reinstallTrigger: "b" },
    "userData",
    /reinstalls the SBM server.*The state records no reinstallTrigger/,
  ),
  updateRow(
    "CloudInstance",
    "update: another image with a first reinstallTrigger",
    {},
    { imageId: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e03", reinstallTrigger: "b" },
    "imageId",
    /reinstalls the cloud instance.*The state records no reinstallTrigger/,
  ),
  updateRow(
    "SbmServer",
    "update: another operating system without reinstallTrigger",
    { reinstallTrigger: "a" },
    { operatingSystemId: 303, reinstallTrigger: "a" },
    "operatingSystemId",
    /reinstalls the SBM server, which erases its drives.*change reinstallTrigger/,
  ),
  updateRow(
    "SbmServer",
    "update: another host name without reinstallTrigger",
    {},
    { hostname: "api.example.com" },
    "hostname",
    /renames an SBM server only by reinstalling it/,
  ),
  updateRow(
    "SbmServer",
    "update: new user data without reinstallTrigger",
    { userData: "#!/bin/sh" },
    { userData: "#cloud-config" },
    "userData",
    /^changing userData reinstalls the SBM server/,
  ),
  updateRow(
    "SbmServer",
    "update: reinstallTrigger removed with the change",
    { reinstallTrigger: "a" },
    { sshKeyFingerprints: [], reinstallTrigger: undefined },
    "sshKeyFingerprints",
    /keys are installed by the reinstall/,
  ),
  field("SbmServer", "reinstallTrigger", "a number", 1, /must be a string/),
  // --- DedicatedServer: the rest ---
  field("DedicatedServer", "locationId", "a string", "1", /whole number/),
  field("DedicatedServer", "serverModelId", "beyond exact integers", 2 ** 60, /at most/),
  field("DedicatedServer", "ramSize", "0", 0, /at least 1/),
  field("DedicatedServer", "uplinkModels", "missing", undefined, /required/),
  field("DedicatedServer", "drives", "without slots", { slots: [] }, /at least one/),
  field("DedicatedServer", "operatingSystemId", "missing", undefined, /required/),
  field("DedicatedServer", "features", "a string", "private_ipxe_boot", /array/),
  field("DedicatedServer", "hostname", "with unicode", "wéb-1", /valid host name/),
  field(
    "DedicatedServer",
    "hostname",
    "of 254 characters",
    `${"a".repeat(63)}.`.repeat(4).slice(0, 254),
    /253/,
  ),
  field("DedicatedServer", "hostname", "empty", "", /non-empty/),
  field("DedicatedServer", "ipv6", "a string", "yes", /boolean/),
  field(
    "DedicatedServer",
    "sshKeyFingerprints",
    "listed twice",
    ["aa:bb", "aa:bb"],
    /listed twice/,
  ),
  field("DedicatedServer", "rebootTrigger", "a number", 3, /must be a string/),

  // --- SbmServer ---
  field("SbmServer", "hostname", "with an underscore", "web_1.example.com", /host name/),
  field("SbmServer", "hostname", "of 1 MB", "a".repeat(MB), /at most 253/),
  field("SbmServer", "operatingSystemId", "missing", undefined, /required/),
  field("SbmServer", "sbmFlavorModelId", "0", 0, /at least 1/),
  row(
    "SbmServer",
    "a fingerprint that is not hex",
    { sshKeyFingerprints: ["zz:zz"] },
    "sshKeyFingerprints",
    /fingerprint/,
  ),
  field("SbmServer", "sshKeyFingerprints", "a string", SSH_FINGERPRINT, /list/),
  field("SbmServer", "publicIpv4NetworkId", "empty", "", /non-empty/),
  field("SbmServer", "userData", "a number", 42, /string/),

  // --- RbsVolume (api-spec.md, Limits: 2048 GB; grow only) ---
  field("RbsVolume", "size", "2049 GB", 2049, /at most 2048/),
  field("RbsVolume", "size", "1e300", 1e300, /at most 2048/),
  field("RbsVolume", "size", "0", 0, /at least 1/),
  field("RbsVolume", "size", "a string", "100", /whole number/),
  field("RbsVolume", "size", "a fraction", 100.5, /whole number/),
  updateRow(
    "RbsVolume",
    "update: shrinking 200 GB to 100 GB",
    { size: 200 },
    { size: 100 },
    "size",
    /only grow/,
  ),
  field("RbsVolume", "name", "empty", "", /non-empty/),
  field("RbsVolume", "name", "only blanks", "   ", /non-empty/),
  field("RbsVolume", "locationId", "missing", undefined, /required/),
  field("RbsVolume", "flavorId", "true", true, /whole number/),
  field("RbsVolume", "adoptId", "empty", "", /non-empty/),
  field("RbsVolume", "adoptId", "of 1 MB (a path segment)", "A".repeat(MB), /at most/),

  // --- CloudInstance ---
  field("CloudInstance", "regionId", "a string", "1", /whole number/),
  field("CloudInstance", "flavorId", "a number", 50, /non-empty string/),
  field("CloudInstance", "imageId", "empty", "", /non-empty/),
  field("CloudInstance", "name", "missing", undefined, /required/),
  field("CloudInstance", "gpnEnabled", "a string", "yes", /true or false/),
  field("CloudInstance", "backupCopies", "negative", -1, /at least 0/),
  field("CloudInstance", "sshKeyFingerprint", "not a fingerprint", "deploy-key", /fingerprint/),
  field("CloudInstance", "upgradeConfirmation", "in capitals", "Approve", /"approve"/),
  field("CloudInstance", "rebootTrigger", "an object", {}, /must be a string/),
  updateRow(
    "CloudInstance",
    "update: another image without reinstallTrigger",
    { reinstallTrigger: "a" },
    { imageId: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e03", reinstallTrigger: "a" },
    "imageId",
    /reinstalls the cloud instance, which erases its disk.*change reinstallTrigger/,
  ),
  field("CloudInstance", "reinstallTrigger", "a boolean", true, /must be a string/),

  // --- KubernetesCluster ---
  field("KubernetesCluster", "clusterId", "missing", undefined, /required/),
  field("KubernetesCluster", "clusterId", "empty", "", /non-empty/),
  field("KubernetesCluster", "nodeGroups", "an array", ["KnProd03"], /object/),
  row(
    "KubernetesCluster",
    "a node group id empty",
    { nodeGroups: { KnProd03: "" } },
    "nodeGroups",
    /node group id/,
  ),
  row(
    "KubernetesCluster",
    "a node id only blanks",
    { nodeGroups: { " ": "NgSpare1" } },
    "nodeGroups",
    /non-empty/,
  ),

  // --- KubernetesBaremetalNodePower ---
  field("KubernetesBaremetalNodePower", "nodeId", "missing", undefined, /required/),
  field("KubernetesBaremetalNodePower", "nodeId", "empty", "", /non-empty/),
  field("KubernetesBaremetalNodePower", "poweredOn", "false", false, /must be true/),
  field("KubernetesBaremetalNodePower", "poweredOn", "a string", "true", /must be true/),

  // --- L2Segment ---
  field("L2Segment", "type", "in capitals", "Private", /public or private/),
  field("L2Segment", "type", "empty", "", /non-empty/),
  field("L2Segment", "locationGroupId", "0", 0, /at least 1/),
  field("L2Segment", "members", "missing", undefined, /required/),
  field("L2Segment", "members", "empty", [], /non-empty/),
  row(
    "L2Segment",
    "a member listed twice",
    {
      members: [
        { id: "L2Ams001", mode: "native" },
        { id: "L2Ams001", mode: "trunk" },
      ],
    },
    "members",
    /listed twice/,
  ),
  row(
    "L2Segment",
    "a member mode unknown",
    { members: [{ id: "L2Ams001", mode: "access" }] },
    "members",
    /native or trunk/,
  ),
  row(
    "L2Segment",
    "a member id empty",
    { members: [{ id: "", mode: "native" }] },
    "members",
    /dedicated server id/,
  ),

  // --- SshKey ---
  field("SshKey", "publicKey", "missing", undefined, /required/),
  field("SshKey", "publicKey", "empty", "", /OpenSSH public key line/),
  row(
    "SshKey",
    "publicKey a private key",
    {
      publicKey:
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbg==\n-----END OPENSSH PRIVATE KEY-----\n",
    },
    "publicKey",
    /private key/,
  ),
  field("SshKey", "publicKey", "of an unknown type", "ssh-foo AAAAC3Nz", /key type/),
  field("SshKey", "publicKey", "data not base64", "ssh-ed25519 not*base64", /not base64/),
  field("SshKey", "publicKey", "cut short", SSH_KEY.slice(0, 40), /base64|cut short/),
  field("SshKey", "publicKey", "of 1 MB", `ssh-ed25519 ${"A".repeat(MB)}`, /not a complete/),
  field("SshKey", "publicKey", "a number", 42, /must be a string/),
  field("SshKey", "name", "missing", undefined, /required/),

  // --- SslCertificate ---
  field("SslCertificate", "publicKey", "empty", "", /required/),
  field("SslCertificate", "publicKey", "not PEM", "certificate", /PEM certificate/),
  field("SslCertificate", "publicKey", "holding the key", KEY, /private key/),
  field(
    "SslCertificate",
    "publicKey",
    "holding two certificates",
    CERTIFICATE + CERTIFICATE,
    /2 certificates/,
  ),
  field("SslCertificate", "privateKey", "not PEM", "key", /PEM private key/),
  field("SslCertificate", "privateKey", "of another pair", OTHER_KEY, /does not match/),
  field("SslCertificate", "privateKey", "a number", 42, /string of PEM/),
  field("SslCertificate", "chainKey", "not PEM", "intermediate", /PEM certificates/),
  field("SslCertificate", "name", "only blanks", " ", /non-empty/),

  // --- LetsEncryptCertificateLabels ---
  field("LetsEncryptCertificateLabels", "adoptId", "missing", undefined, /required/),
  field("LetsEncryptCertificateLabels", "adoptId", "empty", "", /non-empty/),

  // --- PtrRecord: exactly one target ---
  row(
    "PtrRecord",
    "two targets",
    { hostId: "Ds1", hostType: "dedicated_server" },
    "hostId",
    /not both/,
  ),
  row(
    "PtrRecord",
    "no target",
    { cloudInstanceId: undefined },
    "cloudInstanceId",
    /exactly one target/,
  ),
  row(
    "PtrRecord",
    "hostId without hostType",
    { cloudInstanceId: undefined, hostId: "Ds1" },
    "hostType",
    /required with hostId/,
  ),
  field("PtrRecord", "hostType", "without hostId", "sbm_server", /only with hostId/),
  row(
    "PtrRecord",
    "hostType unknown",
    { cloudInstanceId: undefined, hostId: "Ds1", hostType: "vm" },
    "hostType",
    /one of/,
  ),
  field("PtrRecord", "ip", "out of range", "999.1.1.1", /IPv4 or IPv6/),
  field("PtrRecord", "ip", "empty", "", /non-empty/),
  field("PtrRecord", "ip", "with a zone index", "fe80::1%eth0", /without a zone index/),
  field("PtrRecord", "domain", "with the trailing dot", "a.example.com.", /trailing dot/),
  field("PtrRecord", "domain", "of one label", "localhost", /fully qualified/),
  field("PtrRecord", "domain", "in unicode", "bücher.example", /fully qualified/),
  field("PtrRecord", "domain", "of 1 MB", `${"a".repeat(MB)}.com`, /at most 253/),
  field("PtrRecord", "ttl", "0", 0, /at least 1/),
  field("PtrRecord", "priority", "negative", -1, /at least 0/),
  field("PtrRecord", "ttl", "a string", "60", /whole number/),

  // --- Subnetwork: a CIDR of the pool or a mask (issue 16) ---
  field("Subnetwork", "cidr", "with host bits", "10.20.0.1/29", /first address/),
  field("Subnetwork", "cidr", "without a prefix", "10.20.0.0", /CIDR notation/),
  row("Subnetwork", "cidr and mask", { mask: 29 }, "mask", /not both/),
  row("Subnetwork", "neither cidr nor mask", { cidr: undefined }, "cidr", /needs cidr/),
  row("Subnetwork", "mask 0", { cidr: undefined, mask: 0 }, "mask", /at least 1/),
  field("Subnetwork", "networkPoolId", "empty", "", /non-empty/),
  // Issue 25: the new kinds' ids that become path segments (a dot segment, its encoding, CR LF).
  ...(
    [
      ["Subnetwork", "networkPoolId"],
      ["HostNetwork", "hostId"],
      ["DnsRecord", "zoneId"],
      ["CloudSnapshot", "instanceId"],
      ["CloudVolumeBackup", "volumeId"],
      ["CloudVolume", "backupId"],
    ] as const
  ).flatMap(([kind, property]) =>
    ["..", "%2e%2e", "a\r\nb"].map((value) =>
      row(
        kind,
        `${property} ${JSON.stringify(value)}`,
        { [property]: value },
        property,
        /path|control/,
      ),
    ),
  ),

  // --- HostNetwork: srvctl's masks per type and distribution method ---
  row("HostNetwork", "gateway mask 30", { mask: 30 }, "mask", /26, 27, 28, 29/),
  row("HostNetwork", "route mask 29", { distributionMethod: "route" }, "mask", /must be 32/),
  row(
    "HostNetwork",
    "private with route",
    { type: "private_ipv4", distributionMethod: "route", mask: 32 },
    "distributionMethod",
    /gateway for a private network/,
  ),
  row("HostNetwork", "public on an SBM server", { hostType: "sbm_server" }, "type", /SBM/),
  row("HostNetwork", "IPv6 with a mask", { type: "public_ipv6" }, "mask", /does not apply/),
  field("HostNetwork", "type", "unknown", "public_ipv5", /one of/),

  // --- L4LoadBalancer and L7LoadBalancer: zones and upstreams ---
  row(
    "L4LoadBalancer",
    "port 0",
    { vhostZones: [{ id: "tls", ports: [0], upstreamId: "app" }] },
    "vhostZones",
    /1 to 65535/,
  ),
  row(
    "L4LoadBalancer",
    "an upstreamId no zone has",
    { vhostZones: [{ id: "tls", ports: [443], upstreamId: "db" }] },
    "vhostZones",
    /does not declare/,
  ),
  row(
    "L4LoadBalancer",
    "weight 0",
    { upstreamZones: [{ id: "app", upstreams: [{ ip: "10.0.0.5", port: 1, weight: 0 }] }] },
    "upstreamZones",
    /from 1/,
  ),
  row(
    "L4LoadBalancer",
    "an unknown method",
    { upstreamZones: [{ id: "app", method: "fastest", upstreams: [{ ip: "10.0.0.5", port: 1 }] }] },
    "upstreamZones",
    /one of/,
  ),
  field("L4LoadBalancer", "locationId", "missing", undefined, /required/),
  row(
    "L7LoadBalancer",
    "a vhost zone without domains",
    { vhostZones: [{ id: "site", ports: [80], domains: [] }] },
    "vhostZones",
    /non-empty/,
  ),
  row(
    "L7LoadBalancer",
    "ssl without a certificate",
    { vhostZones: [{ id: "site", ports: [443], ssl: true, domains: ["example.com"] }] },
    "vhostZones",
    /required with ssl/,
  ),
  row(
    "L7LoadBalancer",
    "health check method POST",
    {
      upstreamZones: [{ id: "app", hcMethod: "POST", upstreams: [{ ip: "10.0.0.6", port: 80 }] }],
    },
    "upstreamZones",
    /GET, HEAD/,
  ),

  // Issue 25: zones none, too many, a listener twice; a location that is no path.
  row("L4LoadBalancer", "no vhost zones", { vhostZones: [] }, "vhostZones", /must not be empty/),
  row(
    "L7LoadBalancer",
    "no upstream zones",
    { vhostZones: [{ id: "site", ports: [80], domains: ["example.com"] }], upstreamZones: [] },
    "upstreamZones",
    /must not be empty/,
  ),
  row(
    "L4LoadBalancer",
    "5,000 vhost zones",
    {
      vhostZones: Array.from({ length: 5_000 }, (_, n) => ({
        id: `z${n}`,
        ports: [1 + n],
        upstreamId: "app",
      })),
    },
    "vhostZones",
    /at most 1000 zones/,
  ),
  row(
    "L4LoadBalancer",
    "two zones on one port",
    {
      vhostZones: [
        { id: "tls", ports: [443], upstreamId: "app" },
        { id: "tls2", ports: [8443, 443], upstreamId: "app" },
      ],
    },
    "vhostZones",
    /port 443 for TCP, which vhostZones\[0\]/,
  ),
  row(
    "L4LoadBalancer",
    "one port twice in a zone",
    { vhostZones: [{ id: "tls", ports: [443, 443], upstreamId: "app" }] },
    "vhostZones",
    /repeats port 443/,
  ),
  row(
    "L7LoadBalancer",
    "two zones on one port with one domain",
    {
      vhostZones: [
        { id: "a", ports: [80], domains: ["example.com"] },
        { id: "b", ports: [80], domains: ["www.example.com", "EXAMPLE.com"] },
      ],
    },
    "vhostZones",
    /port 80 for example\.com/,
  ),
  row(
    "L7LoadBalancer",
    "a location without a leading /",
    {
      vhostZones: [
        {
          id: "site",
          ports: [80],
          domains: ["example.com"],
          locationZones: [{ location: "app", upstreamId: "app" }],
        },
      ],
    },
    "vhostZones",
    /starting with "\/"/,
  ),

  // --- huge values: refused, and not repeated whole in the message (the test bounds its length) ---
  field("DedicatedServer", "hostname", "of 1 MB", "a".repeat(MB), /253/),
  field("DedicatedServer", "operatingSystemId", "a 1 MB string", "x".repeat(MB), /whole number/),
  row(
    "DedicatedServer",
    "uplink id a 1 MB string",
    { uplinkModels: { private: { id: "9".repeat(MB) } } },
    "uplinkModels",
    /whole number/,
  ),
  row(
    "DedicatedServer",
    "a malformed feature name of 1 MB",
    { features: ["X".repeat(MB)] },
    "features",
    /not a feature name/,
  ),
  field("DedicatedServer", "ipv6", "a 1 MB string", "y".repeat(MB), /boolean/),
  row(
    "DedicatedServer",
    "a fingerprint of 1 MB blanks",
    { sshKeyFingerprints: [" ".repeat(MB)] },
    "sshKeyFingerprints",
    /non-empty string/,
  ),
  field(
    "DedicatedServer",
    "rebootTrigger",
    "a 1 MB object",
    { a: "x".repeat(MB) },
    /must be a string/,
  ),
  row(
    "SbmServer",
    "a fingerprint of 1 MB",
    { sshKeyFingerprints: ["a".repeat(MB)] },
    "sshKeyFingerprints",
    /fingerprint/,
  ),
  field("RbsVolume", "name", "of 1 MB blanks", " ".repeat(MB), /non-empty/),
  field("RbsVolume", "size", "a 1 MB string of digits", "1".repeat(MB), /whole number/),
  field("CloudInstance", "upgradeConfirmation", "of 1 MB", "a".repeat(MB), /"approve"/),
  field("CloudInstance", "sshKeyFingerprint", "of 1 MB", "a".repeat(MB), /fingerprint/),
  field("KubernetesCluster", "clusterId", "of 1 MB (a path segment)", "K".repeat(MB), /at most/),
  row(
    "KubernetesCluster",
    "a node group id of 1 MB blanks",
    { nodeGroups: { KnProd03: " ".repeat(MB) } },
    "nodeGroups",
    /node group id/,
  ),
  field(
    "KubernetesBaremetalNodePower",
    "nodeId",
    "of 1 MB (a path segment)",
    "B".repeat(MB),
    /at most/,
  ),
  field(
    "KubernetesBaremetalNodePower",
    "poweredOn",
    "a 1 MB string",
    "t".repeat(MB),
    /must be true/,
  ),
  field("L2Segment", "type", "of 1 MB", "p".repeat(MB), /public or private/),
  row(
    "L2Segment",
    "a member mode of 1 MB",
    { members: [{ id: "L2Ams001", mode: "n".repeat(MB) }] },
    "members",
    /native or trunk/,
  ),
  field("PtrRecord", "ip", "of 1 MB", "1".repeat(MB), /IPv4 or IPv6/),
  field("PtrRecord", "cloudInstanceId", "of 1 MB (a path segment)", "C".repeat(MB), /at most/),
  row(
    "PtrRecord",
    "hostType of 1 MB",
    { cloudInstanceId: undefined, hostId: "Ds1", hostType: "h".repeat(MB) },
    "hostType",
    /one of/,
  ), // --- issue 13: ids that become path segments, control characters, secrets, free-text bounds ---
  row(
    "RbsVolume",
    'adoptId ".." (a dot segment)',
    { adoptId: ".." },
    "adoptId",
    /must not be "\."/,
  ),
  row("SshKey", 'adoptId "."', { adoptId: "." }, "adoptId", /must not be "\."/),
  row(
    "LetsEncryptCertificateLabels",
    'adoptId "%2e%2e" (an encoded dot segment)',
    { adoptId: "%2e%2e" },
    "adoptId",
    /must not be "\."/,
  ),
  row(
    "PtrRecord",
    'cloudInstanceId ".."',
    { cloudInstanceId: ".." },
    "cloudInstanceId",
    /must not be "\."/,
  ),
  row(
    "PtrRecord",
    'hostId "."',
    { cloudInstanceId: undefined, hostId: ".", hostType: "sbm_server" },
    "hostId",
    /must not be "\."/,
  ),
  row("KubernetesCluster", 'clusterId ".."', { clusterId: ".." }, "clusterId", /must not be "\."/),
  row(
    "KubernetesCluster",
    'a node id ".."',
    { nodeGroups: { "..": "NgSpare1" } },
    "nodeGroups",
    /must not be "\."/,
  ),
  row("KubernetesBaremetalNodePower", 'nodeId "."', { nodeId: "." }, "nodeId", /must not be "\."/),
  field(
    "KubernetesBaremetalNodePower",
    "nodeId",
    "with CR LF (a forged log line)",
    "BmNode02\r\n2026-01-01 INFO deploy ok",
    /control characters/,
  ),
  field("PtrRecord", "cloudInstanceId", "with NUL", "Ci1\u0000", /control characters/),
  field("DedicatedServer", "adoptId", "with LF", "Ds1\nforged", /control characters/),
  row(
    "KubernetesCluster",
    "a node id with ESC",
    { nodeGroups: { "Kn\u001b[2J": "NgSpare1" } },
    "nodeGroups",
    /control characters/,
  ),
  secretRow("SbmServer", "userData an object", { userData: { password: SECRET } }, "userData"),
  secretRow("CloudInstance", "userData an array", { userData: [SECRET] }, "userData"),
  secretRow("DedicatedServer", "userData an object", { userData: { runcmd: SECRET } }, "userData"),
  field(
    "SbmServer",
    "userData",
    "64 KB + 1 byte",
    "u".repeat(65_537),
    /at most 65536 bytes as UTF-8 \(got 65537 bytes\)/,
  ),
  field(
    "CloudInstance",
    "userData",
    "of 2 MB",
    "u".repeat(2 * MB),
    /at most 65536 bytes as UTF-8 \(got 2097152 bytes\)/,
  ),
  field(
    "DedicatedServer",
    "userData",
    "over 64 KB as UTF-8",
    "é".repeat(40_000),
    /at most 65536 bytes as UTF-8 \(got 80000 bytes\)/,
  ),
  field(
    "RbsVolume",
    "name",
    "of 256 characters",
    "n".repeat(256),
    /at most 255 characters \(got 256\)/,
  ),
  field(
    "CloudInstance",
    "name",
    "of 2 MB",
    "n".repeat(2 * MB),
    /at most 255 characters \(got 2097152\)/,
  ),
  field("SshKey", "name", "of 256 characters", "n".repeat(256), /at most 255 characters/),
  field("SslCertificate", "name", "of 256 characters", "n".repeat(256), /at most 255 characters/),
  field("L2Segment", "name", "of 256 characters", "n".repeat(256), /at most 255 characters/),
  // --- issue 17: cloud block storage, snapshots, DNS ---
  field("CloudVolume", "size", "0", 0, /at least 1/),
  field("CloudVolume", "instanceId", "empty", "", /non-empty/),
  field("CloudVolume", "regionId", "a string", "1", /whole number/),
  updateRow(
    "CloudVolume",
    "update: a resize",
    { size: 20 },
    { size: 40 },
    "size",
    /cannot change in place/,
  ),
  field("CloudVolumeBackup", "volumeId", "missing", undefined, /required/),
  field("CloudVolumeBackup", "force", "not a boolean", "yes", /true or false/),
  field("CloudSnapshot", "instanceId", "of 1 KB (a path segment)", "x".repeat(1024), /at most/),
  field("CloudSnapshot", "regionId", "0", 0, /at least 1/),
  row("DnsZone", "upper-case name", { name: "Example.COM" }, "name", /lower-case domain name/),
  field("DnsZone", "email", "without @", "hostmaster", /email address/),
  field("DnsZone", "ttl", "past a week", 604_801, /at most 604800/),
  field("DnsRecord", "type", "SOA", "SOA", /must be one of/),
  field("DnsRecord", "priority", "on an A record", 10, /only with MX and SRV/),
  row(
    "DnsRecord",
    "MX without priority",
    { type: "MX", data: "mail.example.com" },
    "priority",
    /required/,
  ),
  row("DnsRecord", "empty data", { data: "" }, "data", /non-empty/),
  // Issue 25: data checked by what the type holds; names by their characters.
  row("DnsRecord", "A 999.1.1.1", { data: "999.1.1.1" }, "data", /IPv4 address/),
  row("DnsRecord", "A not-an-ip", { data: "not-an-ip" }, "data", /IPv4 address/),
  row("DnsRecord", "AAAA given IPv4", { type: "AAAA", data: "192.0.2.1" }, "data", /IPv6/),
  row("DnsRecord", "CNAME with a space", { type: "CNAME", data: "a b" }, "data", /host name/),
  row("DnsRecord", "TXT with CR LF", { type: "TXT", data: "v=1\r\nx" }, "data", /control/),
  field("DnsRecord", "name", "with a space", "w w", /record name/),
  // Issue 25: a title with a line break, a volume past what the cloud stores.
  field("Subnetwork", "title", "with CR LF", "a\r\nb", /control characters/),
  field("Subnetwork", "title", "with a NUL", "a\u0000b", /control characters/),
  field("CloudVolume", "size", "of 10^15 GB", 1e15, /at most 2147483647 GB/),
  field("CloudVolume", "regionId", "past 2^53", 1e22, /safe\) integer/),
];

/** Values at the limits, which must pass: the rows above are refused by one step past them. */
/** Inputs at a limit: the kind's base with a change, and the previous inputs for an update. */
export interface LimitRow {
  readonly kind: KindName;
  readonly title: string;
  readonly news: PropertyBag;
  readonly olds: PropertyBag;
}

function limit(kind: KindName, title: string, change: PropertyBag, before?: PropertyBag): LimitRow {
  const olds = before === undefined ? {} : { ...BASES[kind], ...before };
  return { kind, title, news: { ...BASES[kind], ...change }, olds };
}

/** The longest valid key: a 253-character prefix of four parts and a 63-character name. */
const LONGEST_KEY = `${["p", "q", "r"].map((c) => c.repeat(63)).join(".")}.${"s".repeat(61)}/${"n".repeat(63)}`;

export const LIMIT_ROWS: readonly LimitRow[] = [
  limit(
    "DedicatedServer",
    "ipxeConfig of exactly 64 KB",
    ipxe({ ipxeConfig: scriptOfBytes(65_536) }),
  ),
  limit(
    "DedicatedServer",
    "ipxeConfig with CRLF line ends",
    ipxe({ ipxeConfig: "#!ipxe\r\ndhcp\r\n" }),
  ),
  limit("RbsVolume", "size 2048 GB", { size: 2048 }),
  limit("RbsVolume", "update: the same size", { size: 200 }, { size: 200 }),
  limit(
    "RbsVolume",
    "update: smaller with a new flavor (a new volume)",
    { size: 100, flavorId: 2 },
    { size: 200 },
  ),
  limit("SbmServer", "hostname of 253 characters", {
    hostname: `${"a".repeat(63)}.`.repeat(4).slice(0, 253),
  }),
  limit("RbsVolume", "the longest key and value", { labels: { [LONGEST_KEY]: "v".repeat(63) } }),
  limit("PtrRecord", "an IPv6 address", { ip: "2001:db8::1" }),
  limit("RbsVolume", "name of 255 characters", { name: "n".repeat(255) }),
  limit("SbmServer", "userData of exactly 64 KB", { userData: "u".repeat(65_536) }),
  limit("CloudInstance", "userData of 64 KB as UTF-8", { userData: "é".repeat(32_768) }),
  limit("CloudVolume", "size 2147483647 GB", { size: 2_147_483_647 }),
  limit("L4LoadBalancer", "TCP and UDP on one port", {
    vhostZones: [
      { id: "dns", ports: [53], upstreamId: "app" },
      { id: "dns-udp", ports: [53], udp: true, upstreamId: "app" },
    ],
  }),
  limit("L7LoadBalancer", "two hosts on one port", {
    vhostZones: [
      { id: "a", ports: [80], domains: ["a.example.com"] },
      { id: "b", ports: [80], domains: ["b.example.com"] },
    ],
  }),
  limit("L4LoadBalancer", "1,000 vhost zones", {
    vhostZones: Array.from({ length: 1_000 }, (_, n) => ({
      id: `z${n}`,
      ports: [1 + n],
      upstreamId: "app",
    })),
  }),
  limit("Subnetwork", "title with spaces and unicode", { title: "backend – Amsterdam" }),
];

// --- lookup functions ---

export interface LookupRow {
  /** The function's name, which its error starts with. */
  readonly fn: string;
  readonly title: string;
  readonly call: () => Promise<unknown>;
  /** The argument the error must name. */
  readonly property: string;
  /** A word of the rule. */
  readonly rule: RegExp;
}

/** Arguments the types forbid, as a JavaScript program or another resource's output may pass. */
type Loose = Record<string, unknown>;
type Lookup = (args: Loose) => Promise<unknown>;

/**
 * Every lookup function that takes arguments, by name (getCloudRegions takes none). The test
 * compares the names with the package's exports, so a new function cannot be left out.
 */
const FUNCTIONS = {
  getLocations: fns.getLocations,
  getLocation: fns.getLocation,
  getServerModels: fns.getServerModels,
  getServerModel: fns.getServerModel,
  getRamOptions: fns.getRamOptions,
  getOperatingSystems: fns.getOperatingSystems,
  getOperatingSystem: fns.getOperatingSystem,
  getDriveModels: fns.getDriveModels,
  getDriveModel: fns.getDriveModel,
  getUplinkModels: fns.getUplinkModels,
  getUplinkModel: fns.getUplinkModel,
  getBandwidthOptions: fns.getBandwidthOptions,
  getBandwidthOption: fns.getBandwidthOption,
  getSbmFlavorModels: fns.getSbmFlavorModels,
  getSbmFlavorModel: fns.getSbmFlavorModel,
  getCloudRegion: fns.getCloudRegion,
  getCloudFlavor: fns.getCloudFlavor,
  getCloudImage: fns.getCloudImage,
  getRbsFlavors: fns.getRbsFlavors,
  getRbsFlavor: fns.getRbsFlavor,
  getHosts: fns.getHosts,
  getHost: fns.getHost,
  getHostNetworks: fns.getHostNetworks,
  getSslCertificates: fns.getSslCertificates,
  getSslCertificate: fns.getSslCertificate,
  getL2Segment: fns.getL2Segment,
  getL2SegmentMembers: fns.getL2SegmentMembers,
  getKubernetesClusters: fns.getKubernetesClusters,
  getKubernetesCluster: fns.getKubernetesCluster,
  getKubernetesClusterNodes: fns.getKubernetesClusterNodes,
  getKubernetesClusterNode: fns.getKubernetesClusterNode,
  getNetworkPools: fns.getNetworkPools,
  getNetworkPool: fns.getNetworkPool,
  getSubnetworks: fns.getSubnetworks,
  getLoadBalancers: fns.getLoadBalancers,
  getLoadBalancer: fns.getLoadBalancer,
  getLoadBalancerClusters: fns.getLoadBalancerClusters,
  getLoadBalancerCluster: fns.getLoadBalancerCluster,
  getInvoices: fns.getInvoices,
  getRacks: fns.getRacks,
  getRack: fns.getRack,
  getServerOobCredentials: fns.getServerOobCredentials,
  getCloudVolumes: fns.getCloudVolumes,
  getDnsZones: fns.getDnsZones,
  getDnsRecords: fns.getDnsRecords,
  getHostDriveSlots: fns.getHostDriveSlots,
  getHostPowerFeeds: fns.getHostPowerFeeds,
  getServerConnections: fns.getServerConnections,
  getServerServices: fns.getServerServices,
  getServerNetworkUsage: fns.getServerNetworkUsage,
  getCloudRegionCredentials: fns.getCloudRegionCredentials,
  getHostsMetrics: fns.getHostsMetrics,
  getRacksMetrics: fns.getRacksMetrics,
};
type FunctionName = keyof typeof FUNCTIONS;
export const FUNCTION_NAMES = Object.keys(FUNCTIONS) as readonly FunctionName[];

function lookup(
  fn: FunctionName,
  title: string,
  args: Loose,
  property: string,
  rule: RegExp,
): LookupRow {
  // The rows pass what the types forbid: that is the point of them.
  const run = FUNCTIONS[fn] as unknown as Lookup;
  return { fn, title, call: () => run(args), property, rule };
}

/** A label selector (sdk/labels.ts) the function refuses: its only argument. */
const selector = (fn: FunctionName, what: string, value: unknown, rule: RegExp) =>
  lookup(fn, `selector: ${what}`, { labelSelector: value }, "labelSelector", rule);

const DEDICATED = { locationId: 1, serverModelId: 101 };

export const LOOKUP_ROWS: readonly LookupRow[] = [
  // --- label selectors (sdk/labels.ts grammar), through each function that takes one ---
  selector("getHosts", "a key without its value", "env==", /expected a value/),
  selector("getHosts", "in without parentheses", "env in prod", /'\(' after in/),
  selector("getHosts", "an empty set", "env in ()", /expected a value/),
  selector("getHosts", "an unclosed set", "env in (a, b", /',' or '\)'/),
  selector("getHosts", "; between conditions", "env=prod;tier=web", /expected ',' or the end/),
  selector("getHosts", "an unknown operator", "env>=1", /an operator/),
  selector("getSslCertificates", "uppercase prefix", "Example.com/team==a", /lowercase/),
  selector("getSslCertificates", "a value starting with a dash", "env==-x", /start and end/),
  lookup(
    "getL2SegmentMembers",
    "selector: a bare !",
    { l2SegmentId: "L2Seg001", labelSelector: "!" },
    "labelSelector",
    /a label key/,
  ),
  lookup(
    "getL2SegmentMembers",
    "selector: a key longer than 63",
    { l2SegmentId: "L2Seg001", labelSelector: `${"k".repeat(64)}==v` },
    "labelSelector",
    /at most 63/,
  ),
  selector("getKubernetesClusters", "a unicode value", "tier==wéb", /expected ',' or the end/),
  selector("getKubernetesClusters", "a number", 42, /string or a label selector builder/),
  lookup(
    "getKubernetesClusterNodes",
    "selector: a value with a space",
    { clusterId: "K8sProd1", labelSelector: "env==a b" },
    "labelSelector",
    /expected ',' or the end/,
  ),
  {
    fn: "getHosts",
    title: "selector: a builder given a bad key",
    // The builder refuses the key as it is added, before getHosts even runs.
    call: async () => fns.getHosts({ labelSelector: labelSelector().eq("bad key", "v") }),
    property: "label_selector",
    rule: /Latin letters/,
  },

  // --- catalogue ---
  lookup(
    "getLocations",
    "searchPattern empty",
    { searchPattern: "" },
    "searchPattern",
    /non-empty/,
  ),
  lookup("getLocation", "no key", {}, "id, code, name", /give one of/),
  lookup("getLocation", "two keys", { id: 1, code: "AMS1" }, "id, code, name", /give only one of/),
  lookup("getLocation", "id a string", { id: "1" }, "id", /whole number/),
  lookup("getLocation", "code only blanks", { code: "  " }, "code", /non-empty/),
  lookup("getServerModels", "locationId missing", {}, "locationId", /whole number/),
  lookup(
    "getServerModels",
    "hasRaidController a string",
    { locationId: 1, hasRaidController: "yes" },
    "hasRaidController",
    /true or false/,
  ),
  lookup("getServerModel", "neither id nor name", { locationId: 1 }, "id, name", /give one of/),
  lookup("getServerModel", "id 0", { locationId: 1, id: 0 }, "id", /at least 1/),
  lookup(
    "getRamOptions",
    "serverModelId a fraction",
    { locationId: 1, serverModelId: 1.5 },
    "serverModelId",
    /whole number/,
  ),
  lookup(
    "getOperatingSystems",
    "no server model nor SBM flavor",
    { locationId: 1 },
    "serverModelId",
    /sbmFlavorModelId/,
  ),
  lookup(
    "getOperatingSystems",
    "both server model and SBM flavor",
    { locationId: 1, serverModelId: 101, sbmFlavorModelId: 601 },
    "serverModelId, sbmFlavorModelId",
    /give only one of/,
  ),
  lookup("getOperatingSystem", "name empty", { ...DEDICATED, name: "" }, "name", /non-empty/),
  lookup("getOperatingSystem", "id negative", { ...DEDICATED, id: -3 }, "id", /whole number/),
  lookup(
    "getDriveModels",
    "serverModelId missing",
    { locationId: 1 },
    "serverModelId",
    /whole number/,
  ),
  lookup(
    "getDriveModels",
    "mediaType empty",
    { ...DEDICATED, mediaType: "" },
    "mediaType",
    /non-empty/,
  ),
  lookup(
    "getDriveModel",
    "id and name",
    { ...DEDICATED, id: 201, name: "SSD" },
    "id, name",
    /give only one of/,
  ),
  lookup(
    "getUplinkModels",
    "type unknown",
    { ...DEDICATED, type: "fast" },
    "type",
    /one of public, private/,
  ),
  lookup(
    "getUplinkModels",
    "redundancy a string",
    { ...DEDICATED, redundancy: "no" },
    "redundancy",
    /true or false/,
  ),
  lookup("getUplinkModel", "neither id nor name", DEDICATED, "id, name", /give one of/),
  lookup(
    "getBandwidthOptions",
    "uplinkModelId missing",
    DEDICATED,
    "uplinkModelId",
    /whole number/,
  ),
  lookup(
    "getBandwidthOptions",
    "type empty",
    { ...DEDICATED, uplinkModelId: 403, type: "" },
    "type",
    /non-empty/,
  ),
  lookup(
    "getBandwidthOption",
    "id a string",
    { ...DEDICATED, uplinkModelId: 403, id: "x" },
    "id",
    /whole number/,
  ),
  lookup(
    "getSbmFlavorModels",
    "showAll a string",
    { locationId: 1, showAll: "yes" },
    "showAll",
    /true or false/,
  ),
  lookup(
    "getSbmFlavorModels",
    "locationId negative",
    { locationId: -1 },
    "locationId",
    /at least 1/,
  ),
  lookup(
    "getSbmFlavorModel",
    "name only blanks",
    { locationId: 1, name: "\t" },
    "name",
    /non-empty/,
  ),
  lookup("getCloudRegion", "no key", {}, "id, code, name", /give one of/),
  lookup("getCloudRegion", "id a string", { id: "1" }, "id", /whole number/),
  lookup("getCloudRegion", "name empty", { name: "" }, "name", /non-empty/),
  lookup(
    "getCloudFlavor",
    "regionId a string",
    { regionId: "1", name: "SSD.50" },
    "regionId",
    /whole number/,
  ),
  lookup("getCloudFlavor", "neither id nor name", { regionId: 1 }, "id, name", /give one of/),
  lookup("getCloudFlavor", "id empty", { regionId: 1, id: "" }, "id", /non-empty/),
  lookup(
    "getCloudImage",
    "id and name",
    { regionId: 1, id: "a", name: "b" },
    "id, name",
    /give only one of/,
  ),
  lookup("getRbsFlavors", "locationId a string", { locationId: "1" }, "locationId", /whole number/),
  lookup("getRbsFlavor", "id a fraction", { locationId: 1, id: 1.5 }, "id", /whole number/),

  // --- account ---
  lookup("getHosts", "type unknown", { type: "vm" }, "type", /must be one of/),
  lookup("getHosts", "limit 0", { limit: 0 }, "limit", /from 1 to 10000/),
  lookup("getHosts", "limit above 10000", { limit: 10_001 }, "limit", /from 1 to 10000/),
  lookup("getHosts", "searchPattern empty", { searchPattern: "" }, "searchPattern", /non-empty/),
  lookup("getHost", "neither id nor title", {}, "id, title", /give one of/),
  lookup("getHost", "id empty", { id: "" }, "id", /non-empty/),
  lookup("getHostNetworks", "hostId missing", {}, "hostId", /non-empty/),
  lookup(
    "getHostNetworks",
    "family unknown",
    { hostId: "BmNode01", family: "ipv5" },
    "family",
    /one of ipv4, ipv6/,
  ),
  lookup(
    "getHostNetworks",
    "additional a string",
    { hostId: "BmNode01", additional: "yes" },
    "additional",
    /true or false/,
  ),
  lookup(
    "getHostNetworks",
    "limit a fraction",
    { hostId: "BmNode01", limit: 1.5 },
    "limit",
    /whole number/,
  ),
  lookup("getSslCertificates", "type unknown", { type: "wildcard" }, "type", /must be one of/),
  lookup(
    "getSslCertificate",
    "id and name",
    { id: "LeCert01", name: "site" },
    "id, name",
    /give only one of/,
  ),
  lookup("getL2Segment", "neither id nor name", {}, "id, name", /give one of/),
  lookup("getL2Segment", "name empty", { name: "" }, "name", /non-empty/),
  lookup(
    "getL2SegmentMembers",
    "l2SegmentId empty",
    { l2SegmentId: "" },
    "l2SegmentId",
    /non-empty/,
  ),
  lookup("getKubernetesClusters", "locationId 0", { locationId: 0 }, "locationId", /at least 1/),
  lookup("getKubernetesCluster", "id only blanks", { id: " " }, "id", /non-empty/),
  lookup("getKubernetesClusterNodes", "clusterId missing", {}, "clusterId", /non-empty/),
  lookup(
    "getKubernetesClusterNode",
    "neither id nor hostname",
    { clusterId: "K8sProd1" },
    "id, hostname",
    /give one of/,
  ),
  lookup(
    "getKubernetesClusterNode",
    "hostname empty",
    { clusterId: "K8sProd1", hostname: "" },
    "hostname",
    /non-empty/,
  ),

  // --- networking (issue 16) ---
  lookup("getNetworkPools", "type shared", { type: "shared" }, "type", /one of private, public/),
  lookup("getNetworkPool", "no key", {}, "id, title, cidr", /give one of/),
  lookup(
    "getNetworkPool",
    "cidr with host bits",
    { cidr: "10.20.0.1/16" },
    "cidr",
    /first address/,
  ),
  lookup("getSubnetworks", "networkPoolId missing", {}, "networkPoolId", /non-empty/),
  lookup("getLoadBalancers", "type l5", { type: "l5" }, "type", /one of l4, l7/),
  lookup("getLoadBalancer", "neither id nor name", {}, "id, name", /give one of/),
  lookup("getLoadBalancerClusters", "locationId 0", { locationId: 0 }, "locationId", /at least 1/),
  lookup("getLoadBalancerCluster", "id only blanks", { id: " " }, "id", /non-empty/),

  // --- huge values: a query parameter or path segment this long fails at the HTTP server's
  // header limit (a 431 carrying the whole URL), which the simulator's counter never sees ---
  lookup(
    "getHosts",
    "searchPattern of 100 KB",
    { searchPattern: "x".repeat(100_000) },
    "searchPattern",
    /at most/,
  ),
  lookup("getHost", "title of 100 KB", { title: "x".repeat(100_000) }, "title", /at most/),
  lookup("getHost", "id of 100 KB (a path segment)", { id: "x".repeat(100_000) }, "id", /at most/),
  lookup("getHost", 'id ".." (a dot segment)', { id: ".." }, "id", /must not be "\."/),
  lookup(
    "getL2SegmentMembers",
    'l2SegmentId "%2E%2E"',
    { l2SegmentId: "%2E%2E" },
    "l2SegmentId",
    /must not be "\."/,
  ),
  lookup(
    "getKubernetesClusterNodes",
    "clusterId with CR LF",
    { clusterId: "K8sProd1\r\nforged" },
    "clusterId",
    /control characters/,
  ),
  lookup("getHosts", "type of 1 MB", { type: "x".repeat(MB) }, "type", /must be one of/),
  lookup("getLocation", "name of 1 MB", { name: "x".repeat(MB) }, "name", /at most/),
  lookup(
    "getHosts",
    "a valid selector of 170 KB",
    { labelSelector: `env in (${Array.from({ length: 20_000 }, (_, i) => `v${i}`).join(",")})` },
    "labelSelector",
    /at most/,
  ),
  selector("getSslCertificates", "a value of 1 MB", `env==${"v".repeat(MB)}`, /at most/),
  // --- issue 17 ---
  lookup("getInvoices", "limit 0", { limit: 0 }, "limit", /whole number from 1/),
  selector("getRacks", "a key without its value", "env==", /expected a value/),
  lookup(
    "getRack",
    "id and name both",
    { id: "Rack0001", name: "rack" },
    "id",
    /only one of id, name/,
  ),
  lookup(
    "getServerOobCredentials",
    "an SSH fingerprint instead of a GPG one",
    { serverId: "Ds1", fingerprint: SSH_FINGERPRINT },
    "fingerprint",
    /GPG key fingerprint/,
  ),
  lookup(
    "getServerOobCredentials",
    "serverId missing",
    { fingerprint: "0".repeat(40) },
    "serverId",
    /non-empty/,
  ),
  lookup("getCloudVolumes", "regionId a string", { regionId: "1" }, "regionId", /whole number/),
  lookup(
    "getDnsZones",
    "an unknown delegation status",
    { delegationStatus: "parked" },
    "delegationStatus",
    /must be one of/,
  ),
  lookup("getDnsRecords", "zoneId missing", {}, "zoneId", /non-empty/),
  // --- issue 24 ---
  lookup(
    "getHostDriveSlots",
    "an SBM server (the API has no SBM drive slots)",
    { hostId: "Sbm1", hostType: "sbm_server" },
    "hostType",
    /must be one of/,
  ),
  lookup("getHostPowerFeeds", "hostId missing", {}, "hostId", /non-empty/),
  lookup("getServerConnections", "serverId missing", {}, "serverId", /non-empty/),
  lookup(
    "getServerServices",
    "limit 0",
    { serverId: "Ds1", limit: 0 },
    "limit",
    /whole number from 1/,
  ),
  lookup(
    "getServerNetworkUsage",
    "a bare metal node (no network usage)",
    { serverId: "Kbm1", hostType: "kubernetes_baremetal_node" },
    "hostType",
    /must be one of/,
  ),
  lookup(
    "getCloudRegionCredentials",
    "regionId a string",
    { regionId: "1" },
    "regionId",
    /whole number/,
  ),
  lookup("getHostsMetrics", "name empty", { name: "" }, "name", /non-empty/),
  lookup("getRacksMetrics", "name of 1 MB", { name: "x".repeat(MB) }, "name", /at most/),
];
