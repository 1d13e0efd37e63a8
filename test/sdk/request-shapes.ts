// One table of the SDK's request shapes: each row is a call of an area's method (its area, name
// and arguments), the request it must send (method, path below the origin with /v1, query, JSON
// body) and the record it must parse from the answer. request-shapes.test.ts runs every row
// against a recording double and checks that every method of every area has a row.
// The paths and bodies are the official clients' (servers.com Go client, srvctl, Ansible
// collection), as each area's module cites per method.

// --- Records the double answers with (valid per the spec) ---

const ts = "2024-05-01T10:00:00Z";

export const dedicatedServer = {
  id: "ds1",
  title: "web-1",
  location_id: 1,
  location_code: "AMS1",
  status: "active",
  operational_status: "normal",
  power_status: "powered_on",
  configuration: "Dell R640",
  private_ipv4_address: "10.0.0.1",
  public_ipv4_address: null,
  lease_start_at: "2024-05-01",
  scheduled_release_at: null,
  type: "dedicated_server",
  labels: { env: "prod" },
  created_at: ts,
  updated_at: ts,
};
export const sbmServer = { ...dedicatedServer, id: "sbm1", type: "sbm_server" };
const baremetalNode = {
  ...dedicatedServer,
  id: "kbm1",
  title: null,
  type: "kubernetes_baremetal_node",
  kubernetes_cluster_id: "k8s1",
  kubernetes_cluster_node_id: "node1",
  kubernetes_cluster_node_number: 3,
};
const ptrRecord = { id: "ptr1", ip: "192.0.2.10", domain: "a.example.com", priority: 0, ttl: 60 };
const network = {
  id: "net1",
  title: "Public",
  status: "active",
  cidr: "192.0.2.0/29",
  family: "ipv4",
  interface_type: "public",
  distribution_method: "gateway",
  additional: false,
  created_at: ts,
  updated_at: ts,
};
const fingerprint = "48:81:0c:43:99:12:71:5e:ba:fd:e7:2f:20:d7:95:e8";
const fingerprintInPath = encodeURIComponent(fingerprint);
const sshKey = { name: "deploy", fingerprint, labels: {}, created_at: ts, updated_at: ts };
const feature = { name: "private_ipxe_boot", status: "activation" };
export const cloudInstance = {
  id: "ci1",
  openstack_uuid: "b9e388ff-e53b-498a-8ef4-764450236788",
  status: "ACTIVE",
  name: "app",
  region_id: 1,
  region_code: "AMS1",
  flavor_id: "101",
  image_id: "18e1cc16-b380-4c37-8ec1-b9d306961aae",
  public_ipv4_address: null,
  private_ipv4_address: null,
  public_ipv6_address: null,
  labels: {},
  created_at: ts,
  updated_at: ts,
};
const cluster = {
  id: "k8s1",
  name: "prod",
  status: "active",
  location_id: 1,
  location_code: "AMS1",
  labels: {},
  created_at: ts,
  updated_at: ts,
};
export const clusterNode = {
  id: "node1",
  number: 1,
  hostname: "node-1",
  configuration: "SSD.50",
  type: "cloud",
  role: "node",
  status: "active",
  private_ipv4_address: null,
  public_ipv4_address: null,
  ref_id: "ci1",
  cluster_id: "k8s1",
  node_group: { id: "ng2", name: "big", description: null, created_at: ts, updated_at: ts },
  labels: {},
  created_at: ts,
  updated_at: ts,
};
const rbsVolume = { id: "rbs1", name: "data", status: "creating", size: 100, labels: {} };
const rbsCredentials = { volume_id: "rbs1", username: "u", password: "p" };
const rbsFlavor = { id: 7, name: "Fast" };
const l2Segment = {
  id: "l2s1",
  name: "seg",
  type: "private",
  status: "pending",
  location_group_id: 15,
  labels: {},
  created_at: ts,
  updated_at: ts,
};
const l2Member = {
  id: "ds1",
  title: "web-1",
  mode: "native",
  vlan: null,
  status: "new",
  labels: {},
  created_at: ts,
  updated_at: ts,
};
const locationGroup = { id: 15, name: "Europe", code: "eu", group_type: "private" };
const sslCertificate = {
  id: "ssl1",
  name: "site",
  type: "custom",
  issuer: null,
  subject: "example.com",
  domain_names: ["example.com"],
  sha1_fingerprint: "70b0083f15fe81526129eb2569167dcba6f29fc1",
  labels: {},
  expires_at: null,
  created_at: ts,
  updated_at: ts,
};
const location = {
  id: 1,
  name: "Amsterdam",
  status: "active",
  code: "AMS1",
  supported_features: ["private_ipxe_boot"],
  l2_segments_enabled: true,
};
const serverModel = { id: 231, name: "Dell R640" };
const operatingSystem = {
  id: 50,
  full_name: "Ubuntu 22.04 x86_64",
  name: "Ubuntu",
  version: "22.04",
  arch: "x86_64",
  filesystems: ["ext4"],
};
const driveModel = {
  id: 369,
  name: "ssd-1",
  capacity: 960,
  interface: "SATA3",
  form_factor: "2.5",
  media_type: "SSD",
};
const uplinkModel = { id: 294, name: "Private 1 Gbps", type: "private", speed: 1000 };
const bandwidthOption = { id: 348, name: "20 TB", type: "bytes", commit: 20_000_000_000_000 };
const sbmFlavor = { id: 119, name: "P-101" };
const region = { id: 1, name: "Amsterdam", code: "AMS1" };

// A Let's Encrypt record carries no sha1_fingerprint.
const { sha1_fingerprint: _sha1, ...customWithoutFingerprint } = sslCertificate;
const letsEncryptOnWire = { ...customWithoutFingerprint, type: "letsencrypt" };
const dnsDomain = { id: "dom1", name: "example.com", email: "hostmaster@example.com", ttl: 3600 };
const dnsRecord = { id: "rec1", name: "www", type: "A", data: "192.0.2.10", ttl: 300 };
const networkPool = { id: "pool1", title: "Private", cidr: "10.0.0.0/16", type: "private" };
const subnetwork = { id: "sub1", network_pool_id: "pool1", cidr: "10.0.0.0/29", attached: false };
const loadBalancer = { id: "lb1", name: "front", type: "l4", status: "active", labels: {} };
const l7LoadBalancer = { ...loadBalancer, type: "l7", domains: ["example.com"], geoip: false };
const lbCluster = { id: "lbc1", name: "shared", location_id: 1, status: "active" };
const cloudVolume = { id: "vol1", name: "data", status: "available", size: 10, labels: {} };
const cloudBackup = { id: "bak1", name: "nightly", status: "available", size: 10, labels: {} };
const invoice = { id: "Inv1", number: 7, status: "paid", total_due: 10.5, currency: "EUR" };
const rack = { id: "rack1", name: "r-1", location_id: 1, labels: {} };
const nodeGroup = { id: "ng2", name: "big", description: null, created_at: ts, updated_at: ts };
const snapshot = { id: "s1", name: "nightly", status: "active", is_backup: true };

// --- Request bodies ---

const ipxeScript = "#!ipxe\nchain http://boot.example.com/menu.ipxe\n";
export const dedicatedCreateBody = {
  location_id: 1,
  server_model_id: 231,
  uplink_models: { private: { id: 294 }, public: { id: 295, bandwidth_model_id: 348 } },
  ram_size: 32,
  drives: {
    slots: [
      { position: 0, drive_model_id: 369 },
      { position: 1, drive_model_id: 369 },
    ],
    layout: [{ slot_positions: [0, 1], ignore: false }],
  },
  operating_system_id: null,
  features: ["private_ipxe_boot"],
  ipxe_config: ipxeScript,
  ipv6: true,
  hosts: [{ hostname: "web-1" }, { hostname: "web-2", labels: { role: "web" } }],
  ssh_key_fingerprints: [fingerprint],
  user_data: "#cloud-config\n",
  labels: { env: "prod" },
};
const dedicatedReinstallBody = {
  hostname: "web-1",
  operating_system_id: null,
  ipxe_config: ipxeScript,
  drives: { layout: [{ slot_positions: [0, 1], ignore: false }] },
  ssh_key_fingerprints: [fingerprint],
  user_data: "x",
};
const sbmCreateBody = {
  sbm_flavor_model_id: 119,
  location_id: 1,
  operating_system_id: 50,
  hosts: [
    { hostname: "sbm-1", public_ipv4_network_id: "n1", labels: { env: "dev" } },
    { hostname: "sbm-2" },
  ],
  ssh_key_fingerprints: [fingerprint],
  user_data: "x",
};
const sbmReinstallBody = {
  hostname: "sbm-1",
  operating_system_id: 50,
  ssh_key_fingerprints: [fingerprint],
  user_data: "x",
};
const cloudCreateBody = {
  name: "app",
  region_id: 1,
  flavor_id: "101",
  image_id: "18e1cc16-b380-4c37-8ec1-b9d306961aae",
  gpn_enabled: true,
  ipv6_enabled: false,
  ssh_key_fingerprint: fingerprint,
  backup_copies: 2,
  user_data: "x",
  labels: { env: "prod" },
};
const cloudUpdateBody = {
  name: "app2",
  backup_copies: 0,
  gpn_enabled: false,
  ipv6_enabled: true,
  labels: {},
};
const rbsCreateBody = { name: "data", location_id: 1, flavor_id: 7, size: 2048, labels: {} };
const l2CreateBody = {
  name: "seg",
  type: "private",
  location_group_id: 15,
  members: [{ id: "ds1", mode: "native" }],
  labels: { env: "prod" },
};
const l2NetworksBody = {
  create: [{ mask: 29, distribution_method: "gateway" }],
  delete: ["net1"],
};
const sslCreateBody = {
  name: "site",
  public_key: "PUB",
  private_key: "PRIV",
  chain_key: "CHAIN",
  labels: { env: "prod" },
};
const l4Zones = {
  vhost_zones: [{ id: "vz1", ports: [80], upstream_id: "uz1" }],
  upstream_zones: [{ id: "uz1", upstreams: [{ ip: "10.0.0.1", port: 8080 }] }],
};
const l7Zones = {
  vhost_zones: [{ id: "vz1", ports: [443], domains: ["example.com"], ssl: true }],
  upstream_zones: [{ id: "uz1", upstreams: [{ ip: "10.0.0.1", port: 8080 }] }],
};
const ptrBody = { ip: "192.0.2.10", domain: "a.example.com", ttl: 300, priority: 1 };

// --- The table ---

/** One SDK call and the request it must send. */
export interface RequestShape {
  /** The area's property on the client and the method's name. */
  readonly area: string;
  readonly method: string;
  /** Tells two rows of one method apart. */
  readonly case?: string;
  readonly args: readonly unknown[];
  /** `VERB /v1/path?query`: the query's order does not matter. */
  readonly sends: string;
  /** The JSON body expected on the wire; absent means no body is sent. */
  readonly body?: unknown;
  /** The answer's JSON; absent means 204 with no body. */
  readonly reply?: unknown;
  /** What the call resolves to (a list: its page's items), when it is not `reply` itself. */
  readonly parses?: unknown;
}

type Row = Omit<RequestShape, "area">;

/** The rows of one area, its name written once. */
function area(name: string, rows: readonly Row[]): RequestShape[] {
  return rows.map((row) => ({ area: name, ...row }));
}

/**
 * The verbs every kind of host has (sdk/areas/host-common.ts, HostKindApi): one row each for
 * each kind, under `/hosts/{collection}/{id}`.
 */
function hostVerbs(name: string, base: string, id: string, record: unknown): RequestShape[] {
  const at = `${base}/${id}`;
  return area(name, [
    { method: "get", args: [id], sends: `GET ${at}`, reply: record },
    { method: "powerOn", args: [id], sends: `POST ${at}/power_on`, reply: record },
    { method: "powerOff", args: [id], sends: `POST ${at}/power_off`, reply: record },
    { method: "powerCycle", args: [id], sends: `POST ${at}/power_cycle`, reply: record },
    { method: "getPowerFeeds", args: [id], sends: `GET ${at}/power_feeds`, reply: [powerFeed] },
    { method: "getNetwork", args: [id, "net1"], sends: `GET ${at}/networks/net1`, reply: network },
    { method: "listPtrRecords", args: [id], sends: `GET ${at}/ptr_records`, reply: [ptrRecord] },
    { method: "deletePtrRecord", args: [id, "ptr1"], sends: `DELETE ${at}/ptr_records/ptr1` },
  ]);
}

const powerFeed = { name: "PSU1", status: "on", type: "physical" };
const ds = "/v1/hosts/dedicated_servers";
const sbm = "/v1/hosts/sbm_servers";
const kbm = "/v1/hosts/kubernetes_baremetal_nodes";
const ci = "/v1/cloud_computing/instances";
const regions = "/v1/cloud_computing/regions";
const k8s = "/v1/kubernetes_clusters";
const rbs = "/v1/remote_block_storage/volumes";
const options = "/v1/locations/1/order_options";
const lb = "/v1/load_balancers";
const volumes = "/v1/cloud_block_storage/volumes";
const backups = "/v1/cloud_block_storage/backups";
const domains = "/v1/dns/domains";

export const requestShapes: readonly RequestShape[] = [
  ...area("hosts", [
    { method: "list", args: [], sends: "GET /v1/hosts", reply: [dedicatedServer, sbmServer] },
    {
      method: "list",
      case: "every filter",
      args: [
        {
          labelSelector: "env==prod,tier in (web, api)",
          searchPattern: "web",
          type: "sbm_server",
          locationId: 1,
          locationCode: "AMS1",
          rackId: "rack7",
          perPage: 50,
          page: 2,
          sorting: "created_at",
          direction: "DESC",
        },
      ],
      sends:
        "GET /v1/hosts?label_selector=env%3D%3Dprod%2Ctier+in+%28web%2C+api%29&search_pattern=web" +
        "&type=sbm_server&location_id=1&location_code=AMS1&rack_id=rack7&per_page=50&page=2" +
        "&sorting=created_at&direction=DESC",
      reply: [baremetalNode],
    },
  ]),

  ...hostVerbs("dedicatedServers", ds, "ds1", dedicatedServer),
  ...area("dedicatedServers", [
    {
      method: "list",
      args: [{ labelSelector: "env", rackId: "r1" }],
      sends: `GET ${ds}?label_selector=env&rack_id=r1`,
      reply: [dedicatedServer],
    },
    {
      method: "get",
      case: "with its iPXE script",
      args: ["ds1"],
      sends: `GET ${ds}/ds1`,
      reply: { ...dedicatedServer, ipxe_config: ipxeScript },
    },
    {
      method: "create",
      args: [dedicatedCreateBody],
      sends: `POST ${ds}`,
      body: dedicatedCreateBody,
      reply: [
        { ...dedicatedServer, title: "web-1", status: "init" },
        { ...dedicatedServer, id: "ds2", title: "web-2", status: "init" },
      ],
    },
    {
      method: "update",
      args: ["ds1", { title: "web-1a", labels: {}, user_data: "x", ipxe_config: ipxeScript }],
      sends: `PUT ${ds}/ds1`,
      body: { title: "web-1a", labels: {}, user_data: "x", ipxe_config: ipxeScript },
      reply: dedicatedServer,
    },
    {
      method: "scheduleRelease",
      args: ["ds1", { release_after: ts }],
      sends: `POST ${ds}/ds1/schedule_release`,
      body: { release_after: ts },
      reply: { ...dedicatedServer, scheduled_release_at: ts },
    },
    {
      method: "abortRelease",
      args: ["ds1"],
      sends: `POST ${ds}/ds1/abort_release`,
      reply: dedicatedServer,
    },
    {
      method: "reinstall",
      args: ["ds1", dedicatedReinstallBody],
      sends: `POST ${ds}/ds1/reinstall`,
      body: dedicatedReinstallBody,
      reply: { ...dedicatedServer, operational_status: "installation" },
    },
    { method: "reboot", args: ["ds1"], sends: `POST ${ds}/ds1/reboot` },
    {
      method: "powerOn",
      case: "answers powering_on",
      args: ["ds1"],
      sends: `POST ${ds}/ds1/power_on`,
      reply: { ...dedicatedServer, power_status: "powering_on" },
    },
    {
      method: "listFeatures",
      args: ["ds1"],
      sends: `GET ${ds}/ds1/features`,
      reply: [{ name: "public_ipxe_boot", status: "deactivated" }],
    },
    {
      method: "activateFeature",
      case: "iPXE, with its script",
      args: ["ds1", "private_ipxe_boot", { ipxe_config: ipxeScript }],
      sends: `POST ${ds}/ds1/features/private_ipxe_boot/activate`,
      body: { ipxe_config: ipxeScript },
      reply: feature,
    },
    {
      method: "activateFeature",
      case: "no body",
      args: ["ds1", "oob_public_access"],
      sends: `POST ${ds}/ds1/features/oob_public_access/activate`,
      reply: { name: "oob_public_access", status: "activation" },
    },
    {
      method: "deactivateFeature",
      args: ["ds1", "public_ipxe_boot"],
      sends: `POST ${ds}/ds1/features/public_ipxe_boot/deactivate`,
      reply: { name: "public_ipxe_boot", status: "deactivation" },
    },
    {
      method: "listDriveSlots",
      args: ["ds1", { perPage: 10 }],
      sends: `GET ${ds}/ds1/drive_slots?per_page=10`,
      reply: [{ position: 0, interface: "SATA3", form_factor: "2.5", drive_model: driveModel }],
    },
    {
      method: "listConnections",
      args: ["ds1"],
      sends: `GET ${ds}/ds1/connections`,
      reply: [{ port: "eth0", type: "public", macaddr: "00:11:22:33:44:55" }],
    },
    {
      method: "listServices",
      args: ["ds1", { page: 2 }],
      sends: `GET ${ds}/ds1/services?page=2`,
      reply: [{ id: "svc1", name: "Dedicated server", type: "dedicated_server", currency: "EUR" }],
    },
    {
      method: "getNetworkUsage",
      args: ["ds1"],
      sends: `GET ${ds}/ds1/network_utilization`,
      reply: { type: "public", utilization: { value: 1.5, commit: 20, unit: "TB" } },
    },
    { method: "listSshKeys", args: ["ds1"], sends: `GET ${ds}/ds1/ssh_keys`, reply: [sshKey] },
    {
      method: "getSshKey",
      case: "fingerprint percent-encoded",
      args: ["ds1", fingerprint],
      sends: `GET ${ds}/ds1/ssh_keys/${fingerprintInPath}`,
      reply: sshKey,
    },
    {
      method: "attachSshKeys",
      args: ["ds1", [fingerprint]],
      sends: `POST ${ds}/ds1/ssh_keys`,
      body: { ssh_key_fingerprints: [fingerprint] },
      reply: [sshKey],
    },
    {
      method: "detachSshKey",
      case: "fingerprint percent-encoded",
      args: ["ds1", fingerprint],
      sends: `DELETE ${ds}/ds1/ssh_keys/${fingerprintInPath}`,
    },
    {
      method: "listNetworks",
      case: "with its filters",
      args: [
        "ds1",
        {
          family: "ipv4",
          interfaceType: "public",
          distributionMethod: "gateway",
          additional: true,
          searchPattern: "Pub",
        },
      ],
      sends:
        `GET ${ds}/ds1/networks?family=ipv4&interface_type=public&distribution_method=gateway` +
        "&additional=true&search_pattern=Pub",
      reply: [network],
    },
    {
      method: "addPublicIpv4Network",
      args: ["ds1", { mask: 32, distribution_method: "route" }],
      sends: `POST ${ds}/ds1/networks/public_ipv4`,
      body: { mask: 32, distribution_method: "route" },
      reply: { ...network, status: "new", cidr: null },
    },
    {
      method: "addPrivateIpv4Network",
      args: ["ds1", { mask: 29 }],
      sends: `POST ${ds}/ds1/networks/private_ipv4`,
      body: { mask: 29 },
      reply: { ...network, status: "new", cidr: null },
    },
    {
      method: "activatePublicIpv6Network",
      args: ["ds1"],
      sends: `POST ${ds}/ds1/networks/public_ipv6`,
      reply: { ...network, family: "ipv6", status: "new", cidr: null },
    },
    { method: "deleteNetwork", args: ["ds1", "net1"], sends: `DELETE ${ds}/ds1/networks/net1` },
    {
      method: "createPtrRecord",
      args: ["ds1", ptrBody],
      sends: `POST ${ds}/ds1/ptr_records`,
      body: ptrBody,
      reply: ptrRecord,
    },
  ]),

  ...hostVerbs("sbmServers", sbm, "sbm1", sbmServer),
  ...area("sbmServers", [
    {
      method: "list",
      args: [{ searchPattern: "sbm", locationId: 1 }],
      sends: `GET ${sbm}?search_pattern=sbm&location_id=1`,
      reply: [sbmServer],
    },
    {
      method: "create",
      args: [sbmCreateBody],
      sends: `POST ${sbm}`,
      body: sbmCreateBody,
      reply: [
        {
          ...sbmServer,
          status: "init",
          operational_status: "provisioning",
          power_status: "unknown",
        },
        { ...sbmServer, id: "sbm2", status: "init", public_ipv4_address: null },
      ],
    },
    {
      method: "update",
      args: ["sbm1", { labels: { env: "prod" } }],
      sends: `PUT ${sbm}/sbm1`,
      body: { labels: { env: "prod" } },
      reply: sbmServer,
    },
    { method: "release", args: ["sbm1"], sends: `DELETE ${sbm}/sbm1`, reply: sbmServer },
    {
      method: "reinstall",
      args: ["sbm1", sbmReinstallBody],
      sends: `POST ${sbm}/sbm1/reinstall`,
      body: sbmReinstallBody,
      reply: sbmServer,
    },
    {
      method: "getNetworkUsage",
      args: ["sbm1"],
      sends: `GET ${sbm}/sbm1/network_utilization`,
      reply: { type: "public", utilization: null },
    },
    {
      method: "listNetworks",
      args: ["sbm1", { family: "ipv6" }],
      sends: `GET ${sbm}/sbm1/networks?family=ipv6`,
      reply: [network],
    },
    {
      method: "addPrivateIpv4Network",
      args: ["sbm1", { mask: 28, distribution_method: "gateway" }],
      sends: `POST ${sbm}/sbm1/networks/private_ipv4`,
      body: { mask: 28, distribution_method: "gateway" },
      reply: { ...network, status: "new", cidr: null },
    },
    { method: "deleteNetwork", args: ["sbm1", "net1"], sends: `DELETE ${sbm}/sbm1/networks/net1` },
    {
      method: "createPtrRecord",
      args: ["sbm1", { ip: "192.0.2.10", domain: "a.example.com" }],
      sends: `POST ${sbm}/sbm1/ptr_records`,
      body: { ip: "192.0.2.10", domain: "a.example.com" },
      reply: ptrRecord,
    },
  ]),

  ...hostVerbs("kubernetesBaremetalNodes", kbm, "kbm1", baremetalNode),
  ...area("kubernetesBaremetalNodes", [
    {
      method: "list",
      args: [{ labelSelector: "!spare" }],
      sends: `GET ${kbm}?label_selector=!spare`,
      reply: [baremetalNode],
    },
    {
      method: "update",
      args: ["kbm1", { labels: { pool: "a" } }],
      sends: `PUT ${kbm}/kbm1`,
      body: { labels: { pool: "a" } },
      reply: baremetalNode,
    },
    {
      method: "listNetworks",
      args: ["kbm1", { additional: true }],
      sends: `GET ${kbm}/kbm1/networks?additional=true`,
      reply: [network],
    },
    {
      method: "listDriveSlots",
      args: ["kbm1"],
      sends: `GET ${kbm}/kbm1/drive_slots`,
      reply: [{ position: 1, drive_model: null }],
    },
    {
      method: "createPtrRecord",
      args: ["kbm1", { ip: "192.0.2.10", domain: "n.example" }],
      sends: `POST ${kbm}/kbm1/ptr_records`,
      body: { ip: "192.0.2.10", domain: "n.example" },
      reply: ptrRecord,
    },
  ]),

  ...area("cloudInstances", [
    {
      method: "list",
      args: [{ regionId: 1, perPage: 100 }],
      sends: `GET ${ci}?region_id=1&per_page=100`,
      reply: [cloudInstance],
    },
    { method: "get", args: ["ci1"], sends: `GET ${ci}/ci1`, reply: cloudInstance },
    {
      method: "create",
      args: [cloudCreateBody],
      sends: `POST ${ci}`,
      body: cloudCreateBody,
      reply: { ...cloudInstance, status: "PROVISIONING" },
    },
    {
      method: "update",
      args: ["ci1", cloudUpdateBody],
      sends: `PUT ${ci}/ci1`,
      body: cloudUpdateBody,
      reply: cloudInstance,
    },
    {
      method: "delete",
      case: "answers DELETING",
      args: ["ci1"],
      sends: `DELETE ${ci}/ci1`,
      reply: { ...cloudInstance, status: "DELETING" },
    },
    {
      method: "reboot",
      args: ["ci1"],
      sends: `POST ${ci}/ci1/reboot`,
      reply: { ...cloudInstance, status: "REBOOTING" },
    },
    {
      method: "upgrade",
      args: ["ci1", { flavor_id: "102" }],
      sends: `POST ${ci}/ci1/upgrade`,
      body: { flavor_id: "102" },
      reply: { ...cloudInstance, status: "UPGRADING" },
    },
    {
      method: "approveUpgrade",
      args: ["ci1"],
      sends: `POST ${ci}/ci1/approve_upgrade`,
      reply: cloudInstance,
    },
    {
      method: "revertUpgrade",
      args: ["ci1"],
      sends: `POST ${ci}/ci1/revert_upgrade`,
      reply: cloudInstance,
    },
    {
      method: "reinstall",
      args: ["ci1", { image_id: "img2" }],
      sends: `POST ${ci}/ci1/reinstall`,
      body: { image_id: "img2" },
      reply: { ...cloudInstance, status: "REBUILDING" },
    },
    {
      method: "rescue",
      args: ["ci1"],
      sends: `POST ${ci}/ci1/rescue`,
      reply: { ...cloudInstance, status: "RESCUE" },
    },
    { method: "unrescue", args: ["ci1"], sends: `POST ${ci}/ci1/unrescue`, reply: cloudInstance },
    {
      method: "powerOn",
      args: ["ci1"],
      sends: `POST ${ci}/ci1/switch_on`,
      reply: { ...cloudInstance, status: "SWITCHING_ON" },
    },
    {
      method: "powerOff",
      args: ["ci1"],
      sends: `POST ${ci}/ci1/switch_off`,
      reply: { ...cloudInstance, status: "SWITCHING_OFF" },
    },
    {
      method: "listPtrRecords",
      args: ["ci1"],
      sends: `GET ${ci}/ci1/ptr_records`,
      reply: [ptrRecord],
    },
    {
      method: "createPtrRecord",
      args: ["ci1", { ip: "192.0.2.10", data: "a.example" }],
      sends: `POST ${ci}/ci1/ptr_records`,
      body: { ip: "192.0.2.10", data: "a.example" },
      reply: ptrRecord,
    },
    {
      method: "deletePtrRecord",
      args: ["ci1", "ptr1"],
      sends: `DELETE ${ci}/ci1/ptr_records/ptr1`,
    },
  ]),

  ...area("cloudRegions", [
    { method: "list", args: [], sends: `GET ${regions}`, reply: [region] },
    {
      method: "listFlavors",
      args: [1],
      sends: `GET ${regions}/1/flavors`,
      reply: [{ id: "101", name: "SSD.50" }],
    },
    {
      method: "listImages",
      args: [1],
      sends: `GET ${regions}/1/images`,
      reply: [{ id: "img1", name: "Ubuntu 22.04" }],
    },
    {
      method: "getCredentials",
      args: [1],
      sends: `GET ${regions}/1/credentials`,
      reply: { password: "p", tenant_name: 12, url: "https://cloud.example", username: "u" },
    },
    {
      method: "listSnapshots",
      args: [1, { instanceId: "ci1", isBackup: true }],
      sends: `GET ${regions}/1/snapshots?instance_id=ci1&is_backup=true`,
      reply: [snapshot],
    },
    {
      method: "createSnapshot",
      args: [1, { name: "nightly", instance_id: "ci1" }],
      sends: `POST ${regions}/1/snapshots`,
      body: { name: "nightly", instance_id: "ci1" },
      reply: snapshot,
    },
    { method: "deleteSnapshot", args: [1, "s1"], sends: `DELETE ${regions}/1/snapshots/s1` },
  ]),

  ...area("kubernetesClusters", [
    {
      method: "list",
      args: [{ locationId: 1 }],
      sends: `GET ${k8s}?location_id=1`,
      reply: [cluster],
    },
    { method: "get", args: ["k8s1"], sends: `GET ${k8s}/k8s1`, reply: cluster },
    {
      method: "update",
      args: ["k8s1", { labels: { team: "core" } }],
      sends: `PUT ${k8s}/k8s1`,
      body: { labels: { team: "core" } },
      reply: cluster,
    },
    {
      method: "listNodes",
      args: ["k8s1", { searchPattern: "node", page: 3 }],
      sends: `GET ${k8s}/k8s1/nodes?search_pattern=node&page=3`,
      reply: [clusterNode],
    },
    {
      method: "getNode",
      args: ["k8s1", "node1"],
      sends: `GET ${k8s}/k8s1/nodes/node1`,
      reply: clusterNode,
    },
    {
      method: "updateNode",
      args: ["k8s1", "node1", { node_group_id: "ng2" }],
      sends: `PUT ${k8s}/k8s1/nodes/node1`,
      body: { node_group_id: "ng2" },
      reply: clusterNode,
    },
    {
      method: "listNodeGroups",
      args: ["k8s1"],
      sends: `GET ${k8s}/k8s1/node_groups`,
      reply: [nodeGroup],
    },
    {
      method: "createNodeGroup",
      args: ["k8s1", { name: "big", description: "large nodes" }],
      sends: `POST ${k8s}/k8s1/node_groups`,
      body: { name: "big", description: "large nodes" },
      reply: { ...nodeGroup, description: "large nodes" },
    },
    {
      method: "updateNodeGroup",
      args: ["k8s1", "ng2", { name: "bigger" }],
      sends: `PUT ${k8s}/k8s1/node_groups/ng2`,
      body: { name: "bigger" },
      reply: { ...nodeGroup, name: "bigger" },
    },
    {
      method: "deleteNodeGroup",
      args: ["k8s1", "ng2"],
      sends: `DELETE ${k8s}/k8s1/node_groups/ng2`,
    },
    {
      method: "moveNodes",
      args: ["k8s1", { node_group_id: "ng2", node_ids: ["node1"] }],
      sends: `POST ${k8s}/k8s1/nodes/move`,
      body: { node_group_id: "ng2", node_ids: ["node1"] },
      reply: [clusterNode],
    },
  ]),

  ...area("rbsVolumes", [
    {
      method: "list",
      args: [{ labelSelector: "env=prod" }],
      sends: `GET ${rbs}?label_selector=env%3Dprod`,
      reply: [rbsVolume],
    },
    { method: "get", args: ["rbs1"], sends: `GET ${rbs}/rbs1`, reply: rbsVolume },
    {
      method: "create",
      args: [rbsCreateBody],
      sends: `POST ${rbs}`,
      body: rbsCreateBody,
      reply: { ...rbsVolume, ip_address: null, target_iqn: null },
    },
    {
      method: "update",
      args: ["rbs1", { name: "data2", size: 200, labels: {} }],
      sends: `PUT ${rbs}/rbs1`,
      body: { name: "data2", size: 200, labels: {} },
      reply: rbsVolume,
    },
    { method: "delete", args: ["rbs1"], sends: `DELETE ${rbs}/rbs1` },
    {
      method: "getCredentials",
      args: ["rbs1"],
      sends: `GET ${rbs}/rbs1/credentials`,
      reply: rbsCredentials,
    },
    {
      method: "resetCredentials",
      args: ["rbs1"],
      sends: `POST ${rbs}/rbs1/reset_credentials`,
      reply: rbsVolume,
    },
    {
      method: "listFlavors",
      args: [1],
      sends: `GET ${options}/remote_block_storage/flavors`,
      reply: [rbsFlavor],
    },
    {
      method: "getFlavor",
      args: [1, 7],
      sends: `GET ${options}/remote_block_storage/flavors/7`,
      reply: rbsFlavor,
    },
  ]),

  ...area("l2Segments", [
    { method: "list", args: [], sends: "GET /v1/l2_segments", reply: [l2Segment] },
    { method: "get", args: ["l2s1"], sends: "GET /v1/l2_segments/l2s1", reply: l2Segment },
    {
      method: "create",
      args: [l2CreateBody],
      sends: "POST /v1/l2_segments",
      body: l2CreateBody,
      reply: l2Segment,
    },
    {
      method: "update",
      args: ["l2s1", { members: [{ id: "ds2", mode: "trunk" }], labels: {} }],
      sends: "PUT /v1/l2_segments/l2s1",
      body: { members: [{ id: "ds2", mode: "trunk" }], labels: {} },
      reply: l2Segment,
    },
    { method: "delete", args: ["l2s1"], sends: "DELETE /v1/l2_segments/l2s1" },
    {
      method: "listMembers",
      args: ["l2s1", { labelSelector: "env", perPage: 10, page: 1 }],
      sends: "GET /v1/l2_segments/l2s1/members?label_selector=env&per_page=10&page=1",
      reply: [l2Member],
    },
    {
      method: "listNetworks",
      args: ["l2s1"],
      sends: "GET /v1/l2_segments/l2s1/networks",
      reply: [network],
    },
    {
      method: "changeNetworks",
      args: ["l2s1", l2NetworksBody],
      sends: "PUT /v1/l2_segments/l2s1/networks",
      body: l2NetworksBody,
      reply: l2Segment,
    },
    {
      method: "listLocationGroups",
      args: [{ groupType: "private" }],
      sends: "GET /v1/l2_segments/location_groups?group_type=private",
      reply: [locationGroup],
    },
  ]),

  ...area("sslCertificates", [
    {
      method: "list",
      args: [{ sorting: "updated_at", direction: "ASC" }],
      sends: "GET /v1/ssl_certificates?sorting=updated_at&direction=ASC",
      reply: [sslCertificate],
    },
    {
      method: "getCustom",
      args: ["ssl1"],
      sends: "GET /v1/ssl_certificates/custom/ssl1",
      reply: sslCertificate,
    },
    {
      method: "createCustom",
      args: [sslCreateBody],
      sends: "POST /v1/ssl_certificates/custom",
      body: sslCreateBody,
      reply: sslCertificate,
    },
    {
      method: "updateCustom",
      args: ["ssl1", { name: "site2", labels: {} }],
      sends: "PUT /v1/ssl_certificates/custom/ssl1",
      body: { name: "site2", labels: {} },
      reply: sslCertificate,
    },
    { method: "deleteCustom", args: ["ssl1"], sends: "DELETE /v1/ssl_certificates/custom/ssl1" },
    {
      method: "getLetsEncrypt",
      case: "a Let's Encrypt record carries no sha1_fingerprint",
      args: ["le1"],
      sends: "GET /v1/ssl_certificates/letsencrypt/le1",
      reply: letsEncryptOnWire,
    },
    {
      method: "updateLetsEncrypt",
      args: ["le1", { labels: { env: "prod" } }],
      sends: "PUT /v1/ssl_certificates/letsencrypt/le1",
      body: { labels: { env: "prod" } },
      reply: letsEncryptOnWire,
    },
    {
      method: "deleteLetsEncrypt",
      args: ["le1"],
      sends: "DELETE /v1/ssl_certificates/letsencrypt/le1",
    },
  ]),

  ...area("sshKeys", [
    {
      method: "list",
      args: [{ labelSelector: "team in (a, b)" }],
      sends: "GET /v1/ssh_keys?label_selector=team%20in%20(a%2C%20b)",
      reply: [sshKey],
    },
    {
      method: "get",
      case: "fingerprint percent-encoded",
      args: [fingerprint],
      sends: `GET /v1/ssh_keys/${fingerprintInPath}`,
      reply: sshKey,
    },
    {
      method: "create",
      args: [{ name: "deploy", public_key: "ssh-ed25519 AAAA", labels: { a: "b" } }],
      sends: "POST /v1/ssh_keys",
      body: { name: "deploy", public_key: "ssh-ed25519 AAAA", labels: { a: "b" } },
      reply: sshKey,
    },
    {
      method: "update",
      args: [fingerprint, { name: "deploy2", labels: {} }],
      sends: `PUT /v1/ssh_keys/${fingerprintInPath}`,
      body: { name: "deploy2", labels: {} },
      reply: sshKey,
    },
    { method: "delete", args: [fingerprint], sends: `DELETE /v1/ssh_keys/${fingerprintInPath}` },
  ]),

  ...area("locations", [
    {
      method: "list",
      args: [{ searchPattern: "AMS" }],
      sends: "GET /v1/locations?search_pattern=AMS",
      reply: [location],
    },
    { method: "get", args: [1], sends: "GET /v1/locations/1", reply: location },
    {
      method: "listServerModels",
      args: [1, { hasRaidController: true }],
      sends: `GET ${options}/server_models?has_raid_controller=true`,
      reply: [serverModel],
    },
    {
      method: "getServerModel",
      args: [1, 231],
      sends: `GET ${options}/server_models/231`,
      reply: serverModel,
    },
    {
      method: "listRamOptions",
      args: [1, 231],
      sends: `GET ${options}/server_models/231/ram`,
      reply: [{ ram: 32, type: "DDR4" }],
    },
    {
      method: "listOperatingSystems",
      args: [1, 231, { sorting: "name" }],
      sends: `GET ${options}/server_models/231/operating_systems?sorting=name`,
      reply: [operatingSystem],
    },
    {
      method: "getOperatingSystem",
      args: [1, 231, 50],
      sends: `GET ${options}/server_models/231/operating_systems/50`,
      reply: operatingSystem,
    },
    {
      method: "listDriveModels",
      args: [1, 231, { mediaType: "SSD", interface: "SATA3" }],
      sends: `GET ${options}/server_models/231/drive_models?media_type=SSD&interface=SATA3`,
      reply: [driveModel],
    },
    {
      method: "getDriveModel",
      args: [1, 231, 369],
      sends: `GET ${options}/server_models/231/drive_models/369`,
      reply: driveModel,
    },
    {
      method: "listUplinkModels",
      args: [1, 231, { type: "private", redundancy: true }],
      sends: `GET ${options}/server_models/231/uplink_models?type=private&redundancy=true`,
      reply: [uplinkModel],
    },
    {
      method: "getUplinkModel",
      args: [1, 231, 294],
      sends: `GET ${options}/server_models/231/uplink_models/294`,
      reply: uplinkModel,
    },
    {
      method: "listBandwidthOptions",
      args: [1, 231, 295],
      sends: `GET ${options}/server_models/231/uplink_models/295/bandwidth`,
      reply: [bandwidthOption],
    },
    {
      method: "getBandwidthOption",
      args: [1, 231, 295, 348],
      sends: `GET ${options}/server_models/231/uplink_models/295/bandwidth/348`,
      reply: bandwidthOption,
    },
    {
      method: "listSbmFlavorModels",
      args: [1, { showAll: true }],
      sends: `GET ${options}/sbm_flavor_models?show_all=true`,
      reply: [sbmFlavor],
    },
    {
      method: "getSbmFlavorModel",
      args: [1, 119],
      sends: `GET ${options}/sbm_flavor_models/119`,
      reply: sbmFlavor,
    },
    {
      method: "listSbmOperatingSystems",
      args: [1, 119],
      sends: `GET ${options}/sbm_flavor_models/119/operating_systems`,
      reply: [operatingSystem],
    },
    {
      method: "getSbmOperatingSystem",
      args: [1, 119, 50],
      sends: `GET ${options}/sbm_flavor_models/119/operating_systems/50`,
      reply: operatingSystem,
    },
  ]),

  ...area("loadBalancers", [
    {
      method: "list",
      args: [{ type: "l7", locationId: 1, clusterId: "lbc1" }],
      sends: `GET ${lb}?type=l7&location_id=1&cluster_id=lbc1`,
      reply: [loadBalancer],
    },
    { method: "getL4", args: ["lb1"], sends: `GET ${lb}/l4/lb1`, reply: loadBalancer },
    {
      method: "createL4",
      args: [{ name: "front", location_id: 1, ...l4Zones }],
      sends: `POST ${lb}/l4`,
      body: { name: "front", location_id: 1, ...l4Zones },
      reply: { ...loadBalancer, status: "in_process" },
    },
    {
      method: "updateL4",
      args: ["lb1", { name: "front2", labels: {} }],
      sends: `PUT ${lb}/l4/lb1`,
      body: { name: "front2", labels: {} },
      reply: loadBalancer,
    },
    { method: "deleteL4", args: ["lb1"], sends: `DELETE ${lb}/l4/lb1` },
    { method: "getL7", args: ["lb1"], sends: `GET ${lb}/l7/lb1`, reply: l7LoadBalancer },
    {
      method: "createL7",
      args: [{ name: "web", location_id: 1, geoip: true, ...l7Zones }],
      sends: `POST ${lb}/l7`,
      body: { name: "web", location_id: 1, geoip: true, ...l7Zones },
      reply: { ...l7LoadBalancer, status: "in_process" },
    },
    {
      method: "updateL7",
      args: ["lb1", { shared_cluster: true }],
      sends: `PUT ${lb}/l7/lb1`,
      body: { shared_cluster: true },
      reply: l7LoadBalancer,
    },
    { method: "deleteL7", args: ["lb1"], sends: `DELETE ${lb}/l7/lb1` },
    {
      method: "listClusters",
      args: [{ searchPattern: "shared" }],
      sends: "GET /v1/load_balancer_clusters?search_pattern=shared",
      reply: [lbCluster],
    },
    {
      method: "getCluster",
      args: ["lbc1"],
      sends: "GET /v1/load_balancer_clusters/lbc1",
      reply: lbCluster,
    },
  ]),

  ...area("networkPools", [
    {
      method: "list",
      args: [{ locationId: 1, type: "private" }],
      sends: "GET /v1/network_pools?location_id=1&type=private",
      reply: [networkPool],
    },
    { method: "get", args: ["pool1"], sends: "GET /v1/network_pools/pool1", reply: networkPool },
    {
      method: "update",
      args: ["pool1", { title: "Backend", labels: {} }],
      sends: "PUT /v1/network_pools/pool1",
      body: { title: "Backend", labels: {} },
      reply: networkPool,
    },
    {
      method: "listSubnetworks",
      args: ["pool1", { attached: false }],
      sends: "GET /v1/network_pools/pool1/subnetworks?attached=false",
      reply: [subnetwork],
    },
    {
      method: "getSubnetwork",
      args: ["pool1", "sub1"],
      sends: "GET /v1/network_pools/pool1/subnetworks/sub1",
      reply: subnetwork,
    },
    {
      method: "createSubnetwork",
      args: ["pool1", { title: "db", mask: 29 }],
      sends: "POST /v1/network_pools/pool1/subnetworks",
      body: { title: "db", mask: 29 },
      reply: subnetwork,
    },
    {
      method: "updateSubnetwork",
      args: ["pool1", "sub1", { title: null }],
      sends: "PUT /v1/network_pools/pool1/subnetworks/sub1",
      body: { title: null },
      reply: subnetwork,
    },
    {
      method: "deleteSubnetwork",
      args: ["pool1", "sub1"],
      sends: "DELETE /v1/network_pools/pool1/subnetworks/sub1",
    },
  ]),

  ...area("cloudVolumes", [
    {
      method: "list",
      case: "region_id and instance_id, as srvctl's cloud-volumes list sends them",
      args: [{ regionId: 1, instanceId: "Ci1" }],
      sends: `GET ${volumes}?region_id=1&instance_id=Ci1`,
      reply: [cloudVolume],
    },
    { method: "get", args: ["vol1"], sends: `GET ${volumes}/vol1`, reply: cloudVolume },
    {
      method: "create",
      args: [{ name: "data", region_id: 1, size: 10, labels: {} }],
      sends: `POST ${volumes}`,
      body: { name: "data", region_id: 1, size: 10, labels: {} },
      reply: { ...cloudVolume, status: "creating" },
    },
    {
      method: "update",
      args: ["vol1", { name: "data2", description: "d" }],
      sends: `PUT ${volumes}/vol1`,
      body: { name: "data2", description: "d" },
      reply: cloudVolume,
    },
    { method: "delete", args: ["vol1"], sends: `DELETE ${volumes}/vol1` },
    {
      method: "attach",
      args: ["vol1", "ci1"],
      sends: `POST ${volumes}/vol1/attach`,
      body: { instance_id: "ci1" },
      reply: { ...cloudVolume, status: "attaching" },
    },
    {
      method: "detach",
      args: ["vol1", "ci1"],
      sends: `POST ${volumes}/vol1/detach`,
      body: { instance_id: "ci1" },
      reply: { ...cloudVolume, status: "detaching" },
    },
  ]),

  ...area("cloudBackups", [
    {
      method: "list",
      args: [{ regionId: 1 }],
      sends: `GET ${backups}?region_id=1`,
      reply: [cloudBackup],
    },
    { method: "get", args: ["bak1"], sends: `GET ${backups}/bak1`, reply: cloudBackup },
    {
      method: "create",
      args: [{ volume_id: "vol1", name: "nightly", incremental: true }],
      sends: `POST ${backups}`,
      body: { volume_id: "vol1", name: "nightly", incremental: true },
      reply: { ...cloudBackup, status: "creating" },
    },
    {
      method: "update",
      args: ["bak1", { labels: { k: "v" } }],
      sends: `PUT ${backups}/bak1`,
      body: { labels: { k: "v" } },
      reply: cloudBackup,
    },
    { method: "delete", args: ["bak1"], sends: `DELETE ${backups}/bak1` },
    {
      method: "restore",
      args: ["bak1", "vol1"],
      sends: `POST ${backups}/bak1/restore`,
      body: { volume_id: "vol1" },
      reply: { ...cloudBackup, status: "restoring" },
    },
  ]),

  ...area("account", [
    {
      method: "getBalance",
      args: [],
      sends: "GET /v1/account/balance",
      reply: { current_balance: 12.5, next_invoice_total_due: 3, currency: "EUR" },
    },
    {
      method: "listInvoices",
      case: "every filter srvctl's invoices list sends",
      args: [
        {
          status: "paid",
          type: "credit_note",
          parentId: "Inv00001",
          currency: "EUR",
          startDate: "2026-01-01",
          endDate: "2026-06-30",
          perPage: 50,
        },
      ],
      sends:
        "GET /v1/billing/invoices?status=paid&type=credit_note&parent_id=Inv00001&currency=EUR" +
        "&start_date=2026-01-01&end_date=2026-06-30&per_page=50",
      reply: [invoice],
    },
    {
      method: "getInvoice",
      args: ["Inv1"],
      sends: "GET /v1/billing/invoices/Inv1",
      reply: invoice,
    },
    {
      method: "listRacks",
      case: "location_id and label_selector, as srvctl's racks list sends them",
      args: [{ locationId: 2, labelSelector: "team==db" }],
      sends: "GET /v1/racks?location_id=2&label_selector=team%3D%3Ddb",
      reply: [rack],
    },
    { method: "getRack", args: ["rack1"], sends: "GET /v1/racks/rack1", reply: rack },
    {
      method: "updateRack",
      args: ["rack1", { team: "db" }],
      sends: "PUT /v1/racks/rack1",
      body: { labels: { team: "db" } },
      reply: { ...rack, labels: { team: "db" } },
    },
    {
      method: "getOobCredentials",
      args: ["ds1", "AB:CD"],
      sends: `GET ${ds}/ds1/oob_credentials?fingerprint=AB%3ACD`,
      reply: { login: "root", secret: "s3cret" },
    },
  ]),

  ...area("dns", [
    {
      method: "listDomains",
      args: [{ delegationStatus: "verified" }],
      sends: `GET ${domains}?delegation_status=verified`,
      reply: [dnsDomain],
    },
    { method: "getDomain", args: ["dom1"], sends: `GET ${domains}/dom1`, reply: dnsDomain },
    {
      method: "createDomain",
      args: [{ name: "example.com", email: "hostmaster@example.com", ttl: 3600 }],
      sends: `POST ${domains}`,
      body: { name: "example.com", email: "hostmaster@example.com", ttl: 3600 },
      reply: dnsDomain,
    },
    {
      method: "updateDomain",
      args: ["dom1", { labels: { env: "prod" } }],
      sends: `PUT ${domains}/dom1`,
      body: { labels: { env: "prod" } },
      reply: dnsDomain,
    },
    { method: "deleteDomain", args: ["dom1"], sends: `DELETE ${domains}/dom1` },
    {
      method: "getDelegationData",
      args: [],
      sends: `GET ${domains}/delegation_data`,
      reply: { nameservers: ["ns1.example.net"], required_txt: "verify=1" },
    },
    {
      method: "listRecords",
      case: "each record gains its domain_id",
      args: ["dom1", { type: "A", name: "www" }],
      sends: `GET ${domains}/dom1/records?type=A&name=www`,
      reply: [dnsRecord],
      parses: [{ ...dnsRecord, domain_id: "dom1" }],
    },
    {
      method: "getRecord",
      args: ["dom1", "rec1"],
      sends: `GET ${domains}/dom1/records/rec1`,
      reply: dnsRecord,
      parses: { ...dnsRecord, domain_id: "dom1" },
    },
    {
      method: "createRecord",
      args: ["dom1", { name: "www", type: "A", data: "192.0.2.10", ttl: 300 }],
      sends: `POST ${domains}/dom1/records`,
      body: { name: "www", type: "A", data: "192.0.2.10", ttl: 300 },
      reply: dnsRecord,
      parses: { ...dnsRecord, domain_id: "dom1" },
    },
    {
      method: "updateRecord",
      args: ["dom1", "rec1", { data: "192.0.2.11" }],
      sends: `PUT ${domains}/dom1/records/rec1`,
      body: { data: "192.0.2.11" },
      reply: { ...dnsRecord, data: "192.0.2.11" },
      parses: { ...dnsRecord, data: "192.0.2.11", domain_id: "dom1" },
    },
    {
      method: "deleteRecord",
      args: ["dom1", "rec1"],
      sends: `DELETE ${domains}/dom1/records/rec1`,
    },
  ]),
];

/**
 * Methods with no row, and why. Each is tested where its answer is not a JSON record of one
 * request: the metrics' Prometheus text (metrics.test.ts) and the private helper a base class
 * uses for its public verbs.
 */
export const withoutRow: Readonly<Record<string, string>> = {
  "metrics.listHostsMetrics": "Prometheus text, not JSON: test/sdk/metrics.test.ts",
  "metrics.listRacksMetrics": "Prometheus text, not JSON: test/sdk/metrics.test.ts",
};

// --- Bad input: refused before any request is sent ---

/** A call whose input breaks a local check: it throws InputValidationError and sends nothing. */
export interface Refusal {
  readonly area: string;
  readonly method: string;
  /** The rule broken. */
  readonly case: string;
  readonly args: readonly unknown[];
  /** The field the InputValidationError names. */
  readonly refuses: string;
}

const badLabels = { env: "-prod" };
const oversizedIpxe = `#!ipxe\n${"x".repeat(64 * 1024)}`;
const notIpxe = "#!/bin/sh\necho hi\n";

export const refusals: readonly Refusal[] = [
  // labels on every create and update body that carries them
  {
    case: "labels",
    area: "dedicatedServers",
    method: "create",
    args: [{ ...dedicatedCreateBody, labels: badLabels }],
    refuses: "labels.env",
  },
  {
    case: "hosts[].labels",
    area: "dedicatedServers",
    method: "create",
    args: [
      {
        ...dedicatedCreateBody,
        hosts: [{ hostname: "a" }, { hostname: "b", labels: badLabels }],
      },
    ],
    refuses: "hosts.1.labels.env",
  },
  {
    case: "labels",
    area: "dedicatedServers",
    method: "update",
    args: ["ds1", { labels: badLabels }],
    refuses: "labels.env",
  },
  {
    case: "hosts[].labels",
    area: "sbmServers",
    method: "create",
    args: [{ ...sbmCreateBody, hosts: [{ hostname: "a", labels: badLabels }] }],
    refuses: "hosts.0.labels.env",
  },
  {
    case: "labels",
    area: "sbmServers",
    method: "update",
    args: ["sbm1", { labels: badLabels }],
    refuses: "labels.env",
  },
  {
    case: "labels",
    area: "kubernetesBaremetalNodes",
    method: "update",
    args: ["kbm1", { labels: badLabels }],
    refuses: "labels.env",
  },
  {
    case: "labels",
    area: "cloudInstances",
    method: "create",
    args: [{ ...cloudCreateBody, labels: badLabels }],
    refuses: "labels.env",
  },
  {
    case: "labels",
    area: "cloudInstances",
    method: "update",
    args: ["ci1", { labels: badLabels }],
    refuses: "labels.env",
  },
  {
    case: "labels",
    area: "kubernetesClusters",
    method: "update",
    args: ["k8s1", { labels: badLabels }],
    refuses: "labels.env",
  },
  {
    case: "labels",
    area: "rbsVolumes",
    method: "create",
    args: [{ name: "d", location_id: 1, flavor_id: 7, size: 10, labels: badLabels }],
    refuses: "labels.env",
  },
  {
    case: "labels",
    area: "rbsVolumes",
    method: "update",
    args: ["rbs1", { labels: badLabels }],
    refuses: "labels.env",
  },
  {
    case: "labels",
    area: "l2Segments",
    method: "create",
    args: [
      {
        type: "public",
        location_group_id: 1,
        members: [],
        labels: badLabels,
      },
    ],
    refuses: "labels.env",
  },
  {
    case: "labels",
    area: "l2Segments",
    method: "update",
    args: ["l2s1", { labels: badLabels }],
    refuses: "labels.env",
  },
  {
    case: "labels",
    area: "sslCertificates",
    method: "createCustom",
    args: [
      {
        name: "n",
        public_key: "P",
        private_key: "K",
        labels: badLabels,
      },
    ],
    refuses: "labels.env",
  },
  {
    case: "labels",
    area: "sslCertificates",
    method: "updateCustom",
    args: ["ssl1", { labels: badLabels }],
    refuses: "labels.env",
  },
  {
    case: "labels",
    area: "sslCertificates",
    method: "updateLetsEncrypt",
    args: ["le1", { labels: badLabels }],
    refuses: "labels.env",
  },
  {
    case: "labels",
    area: "sshKeys",
    method: "create",
    args: [{ name: "k", public_key: "ssh-ed25519 A", labels: badLabels }],
    refuses: "labels.env",
  },
  {
    case: "labels",
    area: "sshKeys",
    method: "update",
    args: [fingerprint, { labels: badLabels }],
    refuses: "labels.env",
  },
  // ipxe_config: first line #!ipxe, at most 64 KB
  {
    case: "ipxe_config over 64 KB",
    area: "dedicatedServers",
    method: "create",
    args: [{ ...dedicatedCreateBody, ipxe_config: oversizedIpxe }],
    refuses: "ipxe_config",
  },
  {
    case: "ipxe_config without #!ipxe",
    area: "dedicatedServers",
    method: "create",
    args: [{ ...dedicatedCreateBody, ipxe_config: notIpxe }],
    refuses: "ipxe_config",
  },
  {
    case: "ipxe_config",
    area: "dedicatedServers",
    method: "update",
    args: ["ds1", { ipxe_config: notIpxe }],
    refuses: "ipxe_config",
  },
  {
    case: "ipxe_config",
    area: "dedicatedServers",
    method: "reinstall",
    args: [
      "ds1",
      {
        hostname: "a",
        operating_system_id: null,
        ipxe_config: oversizedIpxe,
      },
    ],
    refuses: "ipxe_config",
  },
  {
    case: "ipxe_config",
    area: "dedicatedServers",
    method: "activateFeature",
    args: ["ds1", "public_ipxe_boot", { ipxe_config: notIpxe }],
    refuses: "ipxe_config",
  },
  // RBS size: a whole number of GB from 1 to 2048
  {
    case: "size over 2048 GB",
    area: "rbsVolumes",
    method: "create",
    args: [{ name: "d", location_id: 1, flavor_id: 7, size: 2049 }],
    refuses: "size",
  },
  {
    case: "size 0",
    area: "rbsVolumes",
    method: "create",
    args: [{ name: "d", location_id: 1, flavor_id: 7, size: 0 }],
    refuses: "size",
  },
  {
    case: "size not whole",
    area: "rbsVolumes",
    method: "update",
    args: ["rbs1", { size: 10.5 }],
    refuses: "size",
  },
  // ids: an empty or dot segment is refused by the path it would go in (sdk/core/contract.ts
  // `path`), on the shared collection verbs, actions and sub-collections (sdk/areas/common.ts)
  {
    case: "empty fingerprint",
    area: "sshKeys",
    method: "get",
    args: [""],
    refuses: 'path segment 1 of "/ssh_keys/{}"',
  },
  {
    case: "dot segment id of an action",
    area: "sbmServers",
    method: "powerOn",
    args: [".."],
    refuses: 'path segment 1 of "/hosts/sbm_servers/{}"',
  },
  {
    case: "empty id of an action",
    area: "cloudInstances",
    method: "reboot",
    args: [""],
    refuses: 'path segment 1 of "/cloud_computing/instances/{}"',
  },
  {
    case: "dot segment PTR record id",
    area: "dedicatedServers",
    method: "deletePtrRecord",
    args: ["ds1", "."],
    refuses: 'path segment 1 of "/hosts/dedicated_servers/ds1/ptr_records/{}"',
  },
  {
    case: "empty domain id of a record",
    area: "dns",
    method: "getRecord",
    args: ["", "rec1"],
    refuses: 'path segment 1 of "/dns/domains/{}"',
  },
  {
    case: "empty subnetwork id",
    area: "networkPools",
    method: "deleteSubnetwork",
    args: ["np1", ""],
    refuses: 'path segment 1 of "/network_pools/np1/subnetworks/{}"',
  },
];
