// The API areas as the wire sees them: for every verb, the method, the path below /v1, the
// query and the JSON body it sends, and the record it parses back; and the local checks
// (labels, ipxe_config, RBS size) that refuse bad input before anything is sent.
// undici's MockAgent is the client's dispatcher; no global is touched and no socket is opened.
import { MockAgent } from "undici";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  InputValidationError,
  isDedicatedServer,
  isSbmServer,
  ResponseValidationError,
  ServersComClient,
} from "../../sdk";

const ORIGIN = "https://api.example.test";
const ts = "2024-05-01T10:00:00Z";

// --- Records the mock answers with (valid per the spec) ---

const dedicatedServer = {
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
const sbmServer = { ...dedicatedServer, id: "sbm1", type: "sbm_server" };
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
const cloudInstance = {
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
const clusterNode = {
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

// --- Harness ---

interface Recorded {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

let agent: MockAgent;
let client: ServersComClient;
let recorded: Recorded[];

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
  client = new ServersComClient({
    token: "t",
    baseUrl: ORIGIN,
    dispatcher: agent,
    maxRetries: 0,
  });
  recorded = [];
});

afterEach(async () => {
  await client.close();
  await agent.close();
});

/** Answers the next request, whatever it is, and records what was sent. */
function answer(status: number, data?: unknown, headers: Record<string, string> = {}): void {
  agent
    .get(ORIGIN)
    .intercept({ path: () => true, method: () => true })
    .reply((request) => {
      const body = request.body;
      recorded.push({
        method: request.method,
        path: request.path,
        body: typeof body === "string" ? JSON.parse(body) : body === null ? undefined : body,
      });
      return {
        statusCode: status,
        data: data === undefined ? "" : JSON.stringify(data),
        responseOptions: { headers: { "content-type": "application/json", ...headers } },
      };
    });
}

function splitTarget(target: string): { pathname: string; query: Record<string, string> } {
  const url = new URL(target, ORIGIN);
  return { pathname: url.pathname, query: Object.fromEntries(url.searchParams) };
}

interface VerbCase {
  readonly verb: string;
  readonly call: (client: ServersComClient) => PromiseLike<unknown>;
  readonly method: "GET" | "POST" | "PUT" | "DELETE";
  /** Below the origin, with /v1 and any query. */
  readonly path: string;
  /** The JSON body expected on the wire; absent means no body is sent. */
  readonly body?: unknown;
  /** The reply; absent means 204 with no body. */
  readonly reply?: unknown;
}

function describeVerbs(area: string, cases: readonly VerbCase[]): void {
  describe(`${area}: each verb's method, path and body`, () => {
    it.each(cases)("$verb: $method $path", async (verbCase) => {
      answer(verbCase.reply === undefined ? 204 : 200, verbCase.reply);
      const result = await verbCase.call(client);
      expect(recorded).toHaveLength(1);
      const [sent] = recorded;
      expect(sent?.method).toBe(verbCase.method);
      expect(splitTarget(sent?.path ?? "")).toEqual(splitTarget(verbCase.path));
      expect(sent?.body).toEqual(verbCase.body);
      // Lists resolve to a page; the other verbs to the parsed body (nothing after a 204).
      expect(isPage(result) ? result.items : result).toEqual(verbCase.reply);
      agent.assertNoPendingInterceptors();
    });
  });
}

function isPage(value: unknown): value is { items: unknown[] } {
  return typeof value === "object" && value !== null && "items" in value && "links" in value;
}

// --- Hosts ---

describeVerbs("hosts", [
  {
    verb: "list",
    call: (c) => c.hosts.list(),
    method: "GET",
    path: "/v1/hosts",
    reply: [dedicatedServer, sbmServer, baremetalNode],
  },
]);

describe("hosts: GET /hosts", () => {
  it("sends the filters as the wire's snake_case query", async () => {
    answer(200, []);
    await client.hosts.list({
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
    });
    expect(splitTarget(recorded[0]?.path ?? "")).toEqual({
      pathname: "/v1/hosts",
      query: {
        label_selector: "env==prod,tier in (web, api)",
        search_pattern: "web",
        type: "sbm_server",
        location_id: "1",
        location_code: "AMS1",
        rack_id: "rack7",
        per_page: "50",
        page: "2",
        sorting: "created_at",
        direction: "DESC",
      },
    });
  });

  it("tells the kinds apart by type and keeps a host of an unknown kind", async () => {
    const future = { ...dedicatedServer, id: "x1", type: "gpu_server" };
    answer(200, [dedicatedServer, sbmServer, future]);
    const page = await client.hosts.list();
    expect(page.items.map((host) => host.type)).toEqual([
      "dedicated_server",
      "sbm_server",
      "gpu_server",
    ]);
    expect(page.items.map(isDedicatedServer)).toEqual([true, false, false]);
    expect(page.items.map(isSbmServer)).toEqual([false, true, false]);
  });

  it("rejects a malformed host of a known kind instead of passing it off as unknown", async () => {
    const { title: _title, ...untitled } = dedicatedServer;
    answer(200, [untitled]);
    await expect(client.hosts.list()).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it("names the failing field inside a nested array of an item", async () => {
    answer(200, [
      {
        id: 1,
        name: "R640",
        drive_slots: [
          {
            position: 0,
            interface: "SATA3",
            form_factor: "2.5",
            drive_model_id: null,
            hot_swappable: true,
          },
          {
            position: "1",
            interface: "SATA3",
            form_factor: "2.5",
            drive_model_id: null,
            hot_swappable: true,
          },
        ],
      },
    ]);
    const error = await client.locations.listServerModels(1).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect((error as ResponseValidationError).field).toBe("items.0.drive_slots.1.position");
  });

  it("reads labels null (a Go client's empty map, as srvctl's records show it) as no labels", async () => {
    answer(200, [{ ...dedicatedServer, labels: null }]);
    const page = await client.hosts.list();
    expect(page.items[0]?.labels).toEqual({});
  });

  it("names the failing field of a host, inside the item and inside nested objects", async () => {
    const broken = {
      ...sbmServer,
      id: "sbm2",
      configuration_details: { ram_size: "32 GB" },
    };
    answer(200, [dedicatedServer, broken]);
    const error = await client.hosts.list().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!(error instanceof ResponseValidationError)) throw new Error("expected a validation error");
    expect(error.field).toBe("items.1.configuration_details.ram_size");
    expect(error.message).toContain("items.1.configuration_details.ram_size");
    expect(error.message).not.toContain("Invalid input at items.1:");
    // A host of an unknown kind that lacks a shared field is named too.
    answer(200, [{ ...dedicatedServer, type: "gpu_server", status: 7 }]);
    const unknownKind = await client.hosts.list().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect((unknownKind as ResponseValidationError).field).toBe("items.0.status");
  });
});

// --- Dedicated servers ---

const ds = "/v1/hosts/dedicated_servers";
const ipxeScript = "#!ipxe\nchain http://boot.example.com/menu.ipxe\n";
const dedicatedCreateBody = {
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

describeVerbs("dedicatedServers", [
  {
    verb: "list",
    call: (c) => c.dedicatedServers.list({ labelSelector: "env", rackId: "r1" }),
    method: "GET",
    path: `${ds}?label_selector=env&rack_id=r1`,
    reply: [dedicatedServer],
  },
  {
    verb: "get",
    call: (c) => c.dedicatedServers.get("ds1"),
    method: "GET",
    path: `${ds}/ds1`,
    reply: { ...dedicatedServer, ipxe_config: ipxeScript },
  },
  {
    verb: "create",
    call: (c) => c.dedicatedServers.create(dedicatedCreateBody),
    method: "POST",
    path: ds,
    body: dedicatedCreateBody,
    reply: [
      { ...dedicatedServer, title: "web-1", status: "init" },
      { ...dedicatedServer, id: "ds2", title: "web-2", status: "init" },
    ],
  },
  {
    verb: "update",
    call: (c) =>
      c.dedicatedServers.update("ds1", {
        title: "web-1a",
        labels: {},
        user_data: "x",
        ipxe_config: ipxeScript,
      }),
    method: "PUT",
    path: `${ds}/ds1`,
    body: { title: "web-1a", labels: {}, user_data: "x", ipxe_config: ipxeScript },
    reply: dedicatedServer,
  },
  {
    verb: "scheduleRelease",
    call: (c) => c.dedicatedServers.scheduleRelease("ds1", { release_after: ts }),
    method: "POST",
    path: `${ds}/ds1/schedule_release`,
    body: { release_after: ts },
    reply: { ...dedicatedServer, scheduled_release_at: ts },
  },
  {
    verb: "abortRelease",
    call: (c) => c.dedicatedServers.abortRelease("ds1"),
    method: "POST",
    path: `${ds}/ds1/abort_release`,
    reply: dedicatedServer,
  },
  {
    verb: "reinstall",
    call: (c) =>
      c.dedicatedServers.reinstall("ds1", {
        hostname: "web-1",
        operating_system_id: null,
        ipxe_config: ipxeScript,
        drives: { layout: [{ slot_positions: [0, 1], ignore: false }] },
        ssh_key_fingerprints: [fingerprint],
        user_data: "x",
      }),
    method: "POST",
    path: `${ds}/ds1/reinstall`,
    body: {
      hostname: "web-1",
      operating_system_id: null,
      ipxe_config: ipxeScript,
      drives: { layout: [{ slot_positions: [0, 1], ignore: false }] },
      ssh_key_fingerprints: [fingerprint],
      user_data: "x",
    },
    reply: { ...dedicatedServer, operational_status: "installation" },
  },
  {
    verb: "reboot",
    call: (c) => c.dedicatedServers.reboot("ds1"),
    method: "POST",
    path: `${ds}/ds1/reboot`,
  },
  {
    verb: "powerOn",
    call: (c) => c.dedicatedServers.powerOn("ds1"),
    method: "POST",
    path: `${ds}/ds1/power_on`,
    reply: { ...dedicatedServer, power_status: "powering_on" },
  },
  {
    verb: "powerOff",
    call: (c) => c.dedicatedServers.powerOff("ds1"),
    method: "POST",
    path: `${ds}/ds1/power_off`,
    reply: dedicatedServer,
  },
  {
    verb: "powerCycle",
    call: (c) => c.dedicatedServers.powerCycle("ds1"),
    method: "POST",
    path: `${ds}/ds1/power_cycle`,
    reply: dedicatedServer,
  },
  {
    verb: "listFeatures",
    call: (c) => c.dedicatedServers.listFeatures("ds1"),
    method: "GET",
    path: `${ds}/ds1/features`,
    reply: [{ name: "public_ipxe_boot", status: "deactivated" }],
  },
  {
    verb: "activateFeature (iPXE, with its script)",
    call: (c) =>
      c.dedicatedServers.activateFeature("ds1", "private_ipxe_boot", { ipxe_config: ipxeScript }),
    method: "POST",
    path: `${ds}/ds1/features/private_ipxe_boot/activate`,
    body: { ipxe_config: ipxeScript },
    reply: feature,
  },
  {
    verb: "activateFeature (no body)",
    call: (c) => c.dedicatedServers.activateFeature("ds1", "oob_public_access"),
    method: "POST",
    path: `${ds}/ds1/features/oob_public_access/activate`,
    reply: { name: "oob_public_access", status: "activation" },
  },
  {
    verb: "deactivateFeature",
    call: (c) => c.dedicatedServers.deactivateFeature("ds1", "public_ipxe_boot"),
    method: "POST",
    path: `${ds}/ds1/features/public_ipxe_boot/deactivate`,
    reply: { name: "public_ipxe_boot", status: "deactivation" },
  },
  {
    verb: "listSshKeys",
    call: (c) => c.dedicatedServers.listSshKeys("ds1"),
    method: "GET",
    path: `${ds}/ds1/ssh_keys`,
    reply: [sshKey],
  },
  {
    verb: "attachSshKeys",
    call: (c) => c.dedicatedServers.attachSshKeys("ds1", [fingerprint]),
    method: "POST",
    path: `${ds}/ds1/ssh_keys`,
    body: { ssh_key_fingerprints: [fingerprint] },
    reply: [sshKey],
  },
  {
    verb: "detachSshKey (fingerprint percent-encoded)",
    call: (c) => c.dedicatedServers.detachSshKey("ds1", fingerprint),
    method: "DELETE",
    path: `${ds}/ds1/ssh_keys/${fingerprintInPath}`,
  },
  {
    verb: "listNetworks (with its filters)",
    call: (c) =>
      c.dedicatedServers.listNetworks("ds1", {
        family: "ipv4",
        interfaceType: "public",
        distributionMethod: "gateway",
        additional: true,
        searchPattern: "Pub",
      }),
    method: "GET",
    path: `${ds}/ds1/networks?family=ipv4&interface_type=public&distribution_method=gateway&additional=true&search_pattern=Pub`,
    reply: [network],
  },
  {
    verb: "getNetwork",
    call: (c) => c.dedicatedServers.getNetwork("ds1", "net1"),
    method: "GET",
    path: `${ds}/ds1/networks/net1`,
    reply: network,
  },
  {
    verb: "listPtrRecords",
    call: (c) => c.dedicatedServers.listPtrRecords("ds1"),
    method: "GET",
    path: `${ds}/ds1/ptr_records`,
    reply: [ptrRecord],
  },
  {
    verb: "createPtrRecord",
    call: (c) =>
      c.dedicatedServers.createPtrRecord("ds1", {
        ip: "192.0.2.10",
        domain: "a.example.com",
        ttl: 300,
        priority: 1,
      }),
    method: "POST",
    path: `${ds}/ds1/ptr_records`,
    body: { ip: "192.0.2.10", domain: "a.example.com", ttl: 300, priority: 1 },
    reply: ptrRecord,
  },
  {
    verb: "deletePtrRecord",
    call: (c) => c.dedicatedServers.deletePtrRecord("ds1", "ptr1"),
    method: "DELETE",
    path: `${ds}/ds1/ptr_records/ptr1`,
  },
]);

describe("dedicatedServers: create answers an array, one record per hosts entry", () => {
  it("returns every server ordered, in order", async () => {
    answer(200, [
      { ...dedicatedServer, id: "a", title: "web-1", status: "init" },
      { ...dedicatedServer, id: "b", title: "web-2", status: "init" },
    ]);
    const servers = await client.dedicatedServers.create(dedicatedCreateBody);
    expect(Array.isArray(servers)).toBe(true);
    expect(servers.map((server) => [server.id, server.title])).toEqual([
      ["a", "web-1"],
      ["b", "web-2"],
    ]);
  });
});

// --- SBM servers ---

const sbm = "/v1/hosts/sbm_servers";
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

describeVerbs("sbmServers", [
  {
    verb: "list",
    call: (c) => c.sbmServers.list({ searchPattern: "sbm", locationId: 1 }),
    method: "GET",
    path: `${sbm}?search_pattern=sbm&location_id=1`,
    reply: [sbmServer],
  },
  {
    verb: "get",
    call: (c) => c.sbmServers.get("sbm1"),
    method: "GET",
    path: `${sbm}/sbm1`,
    reply: sbmServer,
  },
  {
    verb: "create",
    call: (c) => c.sbmServers.create(sbmCreateBody),
    method: "POST",
    path: sbm,
    body: sbmCreateBody,
    reply: [
      { ...sbmServer, status: "init", operational_status: "provisioning", power_status: "unknown" },
      { ...sbmServer, id: "sbm2", status: "init", public_ipv4_address: null },
    ],
  },
  {
    verb: "update",
    call: (c) => c.sbmServers.update("sbm1", { labels: { env: "prod" } }),
    method: "PUT",
    path: `${sbm}/sbm1`,
    body: { labels: { env: "prod" } },
    reply: sbmServer,
  },
  {
    verb: "release",
    call: (c) => c.sbmServers.release("sbm1"),
    method: "DELETE",
    path: `${sbm}/sbm1`,
    reply: sbmServer,
  },
  {
    verb: "reinstall",
    call: (c) =>
      c.sbmServers.reinstall("sbm1", {
        hostname: "sbm-1",
        operating_system_id: 50,
        ssh_key_fingerprints: [fingerprint],
        user_data: "x",
      }),
    method: "POST",
    path: `${sbm}/sbm1/reinstall`,
    body: {
      hostname: "sbm-1",
      operating_system_id: 50,
      ssh_key_fingerprints: [fingerprint],
      user_data: "x",
    },
    reply: sbmServer,
  },
  {
    verb: "powerOn",
    call: (c) => c.sbmServers.powerOn("sbm1"),
    method: "POST",
    path: `${sbm}/sbm1/power_on`,
    reply: sbmServer,
  },
  {
    verb: "powerOff",
    call: (c) => c.sbmServers.powerOff("sbm1"),
    method: "POST",
    path: `${sbm}/sbm1/power_off`,
    reply: sbmServer,
  },
  {
    verb: "powerCycle",
    call: (c) => c.sbmServers.powerCycle("sbm1"),
    method: "POST",
    path: `${sbm}/sbm1/power_cycle`,
    reply: sbmServer,
  },
  {
    verb: "listNetworks",
    call: (c) => c.sbmServers.listNetworks("sbm1", { family: "ipv6" }),
    method: "GET",
    path: `${sbm}/sbm1/networks?family=ipv6`,
    reply: [network],
  },
  {
    verb: "getNetwork",
    call: (c) => c.sbmServers.getNetwork("sbm1", "net1"),
    method: "GET",
    path: `${sbm}/sbm1/networks/net1`,
    reply: network,
  },
  {
    verb: "listPtrRecords",
    call: (c) => c.sbmServers.listPtrRecords("sbm1"),
    method: "GET",
    path: `${sbm}/sbm1/ptr_records`,
    reply: [ptrRecord],
  },
  {
    verb: "createPtrRecord",
    call: (c) =>
      c.sbmServers.createPtrRecord("sbm1", { ip: "192.0.2.10", domain: "a.example.com" }),
    method: "POST",
    path: `${sbm}/sbm1/ptr_records`,
    body: { ip: "192.0.2.10", domain: "a.example.com" },
    reply: ptrRecord,
  },
  {
    verb: "deletePtrRecord",
    call: (c) => c.sbmServers.deletePtrRecord("sbm1", "ptr1"),
    method: "DELETE",
    path: `${sbm}/sbm1/ptr_records/ptr1`,
  },
]);

// --- Kubernetes bare metal nodes ---

const kbm = "/v1/hosts/kubernetes_baremetal_nodes";

describeVerbs("kubernetesBaremetalNodes", [
  {
    verb: "list",
    call: (c) => c.kubernetesBaremetalNodes.list({ labelSelector: "!spare" }),
    method: "GET",
    path: `${kbm}?label_selector=!spare`,
    reply: [baremetalNode],
  },
  {
    verb: "get",
    call: (c) => c.kubernetesBaremetalNodes.get("kbm1"),
    method: "GET",
    path: `${kbm}/kbm1`,
    reply: baremetalNode,
  },
  {
    verb: "update",
    call: (c) => c.kubernetesBaremetalNodes.update("kbm1", { labels: { pool: "a" } }),
    method: "PUT",
    path: `${kbm}/kbm1`,
    body: { labels: { pool: "a" } },
    reply: baremetalNode,
  },
  {
    verb: "powerOn",
    call: (c) => c.kubernetesBaremetalNodes.powerOn("kbm1"),
    method: "POST",
    path: `${kbm}/kbm1/power_on`,
    reply: { ...baremetalNode, power_status: "powering_on" },
  },
  {
    verb: "powerOff",
    call: (c) => c.kubernetesBaremetalNodes.powerOff("kbm1"),
    method: "POST",
    path: `${kbm}/kbm1/power_off`,
    reply: baremetalNode,
  },
  {
    verb: "powerCycle",
    call: (c) => c.kubernetesBaremetalNodes.powerCycle("kbm1"),
    method: "POST",
    path: `${kbm}/kbm1/power_cycle`,
    reply: baremetalNode,
  },
  {
    verb: "listNetworks",
    call: (c) => c.kubernetesBaremetalNodes.listNetworks("kbm1", { additional: true }),
    method: "GET",
    path: `${kbm}/kbm1/networks?additional=true`,
    reply: [network],
  },
  {
    verb: "getNetwork",
    call: (c) => c.kubernetesBaremetalNodes.getNetwork("kbm1", "net1"),
    method: "GET",
    path: `${kbm}/kbm1/networks/net1`,
    reply: network,
  },
  {
    verb: "listPtrRecords",
    call: (c) => c.kubernetesBaremetalNodes.listPtrRecords("kbm1"),
    method: "GET",
    path: `${kbm}/kbm1/ptr_records`,
    reply: [ptrRecord],
  },
  {
    verb: "createPtrRecord",
    call: (c) =>
      c.kubernetesBaremetalNodes.createPtrRecord("kbm1", { ip: "192.0.2.10", domain: "n.example" }),
    method: "POST",
    path: `${kbm}/kbm1/ptr_records`,
    body: { ip: "192.0.2.10", domain: "n.example" },
    reply: ptrRecord,
  },
  {
    verb: "deletePtrRecord",
    call: (c) => c.kubernetesBaremetalNodes.deletePtrRecord("kbm1", "ptr1"),
    method: "DELETE",
    path: `${kbm}/kbm1/ptr_records/ptr1`,
  },
]);

// --- Cloud instances ---

const ci = "/v1/cloud_computing/instances";
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

describeVerbs("cloudInstances", [
  {
    verb: "list",
    call: (c) => c.cloudInstances.list({ regionId: 1, perPage: 100 }),
    method: "GET",
    path: `${ci}?region_id=1&per_page=100`,
    reply: [cloudInstance],
  },
  {
    verb: "get",
    call: (c) => c.cloudInstances.get("ci1"),
    method: "GET",
    path: `${ci}/ci1`,
    reply: cloudInstance,
  },
  {
    verb: "create",
    call: (c) => c.cloudInstances.create(cloudCreateBody),
    method: "POST",
    path: ci,
    body: cloudCreateBody,
    reply: { ...cloudInstance, status: "PROVISIONING" },
  },
  {
    verb: "update",
    call: (c) =>
      c.cloudInstances.update("ci1", {
        name: "app2",
        backup_copies: 0,
        gpn_enabled: false,
        ipv6_enabled: true,
        labels: {},
      }),
    method: "PUT",
    path: `${ci}/ci1`,
    body: { name: "app2", backup_copies: 0, gpn_enabled: false, ipv6_enabled: true, labels: {} },
    reply: cloudInstance,
  },
  {
    verb: "delete (answers DELETING)",
    call: (c) => c.cloudInstances.delete("ci1"),
    method: "DELETE",
    path: `${ci}/ci1`,
    reply: { ...cloudInstance, status: "DELETING" },
  },
  {
    verb: "reboot",
    call: (c) => c.cloudInstances.reboot("ci1"),
    method: "POST",
    path: `${ci}/ci1/reboot`,
    reply: { ...cloudInstance, status: "REBOOTING" },
  },
  {
    verb: "upgrade",
    call: (c) => c.cloudInstances.upgrade("ci1", { flavor_id: "102" }),
    method: "POST",
    path: `${ci}/ci1/upgrade`,
    body: { flavor_id: "102" },
    reply: { ...cloudInstance, status: "UPGRADING" },
  },
  {
    verb: "approveUpgrade",
    call: (c) => c.cloudInstances.approveUpgrade("ci1"),
    method: "POST",
    path: `${ci}/ci1/approve_upgrade`,
    reply: cloudInstance,
  },
  {
    verb: "revertUpgrade",
    call: (c) => c.cloudInstances.revertUpgrade("ci1"),
    method: "POST",
    path: `${ci}/ci1/revert_upgrade`,
    reply: cloudInstance,
  },
  {
    verb: "reinstall",
    call: (c) => c.cloudInstances.reinstall("ci1", { image_id: "img2" }),
    method: "POST",
    path: `${ci}/ci1/reinstall`,
    body: { image_id: "img2" },
    reply: { ...cloudInstance, status: "REBUILDING" },
  },
  {
    verb: "rescue",
    call: (c) => c.cloudInstances.rescue("ci1"),
    method: "POST",
    path: `${ci}/ci1/rescue`,
    reply: { ...cloudInstance, status: "RESCUE" },
  },
  {
    verb: "unrescue",
    call: (c) => c.cloudInstances.unrescue("ci1"),
    method: "POST",
    path: `${ci}/ci1/unrescue`,
    reply: cloudInstance,
  },
  {
    verb: "powerOn",
    call: (c) => c.cloudInstances.powerOn("ci1"),
    method: "POST",
    path: `${ci}/ci1/switch_on`,
    reply: { ...cloudInstance, status: "SWITCHING_ON" },
  },
  {
    verb: "powerOff",
    call: (c) => c.cloudInstances.powerOff("ci1"),
    method: "POST",
    path: `${ci}/ci1/switch_off`,
    reply: { ...cloudInstance, status: "SWITCHING_OFF" },
  },
  {
    verb: "listPtrRecords",
    call: (c) => c.cloudInstances.listPtrRecords("ci1"),
    method: "GET",
    path: `${ci}/ci1/ptr_records`,
    reply: [ptrRecord],
  },
  {
    verb: "createPtrRecord",
    call: (c) => c.cloudInstances.createPtrRecord("ci1", { ip: "192.0.2.10", data: "a.example" }),
    method: "POST",
    path: `${ci}/ci1/ptr_records`,
    body: { ip: "192.0.2.10", data: "a.example" },
    reply: ptrRecord,
  },
  {
    verb: "deletePtrRecord",
    call: (c) => c.cloudInstances.deletePtrRecord("ci1", "ptr1"),
    method: "DELETE",
    path: `${ci}/ci1/ptr_records/ptr1`,
  },
]);

// --- Cloud regions ---

describeVerbs("cloudRegions", [
  {
    verb: "list",
    call: (c) => c.cloudRegions.list(),
    method: "GET",
    path: "/v1/cloud_computing/regions",
    reply: [region],
  },
  {
    verb: "listFlavors",
    call: (c) => c.cloudRegions.listFlavors(1),
    method: "GET",
    path: "/v1/cloud_computing/regions/1/flavors",
    reply: [{ id: "101", name: "SSD.50" }],
  },
  {
    verb: "listImages",
    call: (c) => c.cloudRegions.listImages(1),
    method: "GET",
    path: "/v1/cloud_computing/regions/1/images",
    reply: [{ id: "img1", name: "Ubuntu 22.04" }],
  },
  {
    verb: "listSnapshots",
    call: (c) => c.cloudRegions.listSnapshots(1, { instanceId: "ci1", isBackup: true }),
    method: "GET",
    path: "/v1/cloud_computing/regions/1/snapshots?instance_id=ci1&is_backup=true",
    reply: [{ id: "s1", name: "nightly", status: "active", is_backup: true }],
  },
]);

// --- Kubernetes clusters ---

describeVerbs("kubernetesClusters", [
  {
    verb: "list",
    call: (c) => c.kubernetesClusters.list({ locationId: 1 }),
    method: "GET",
    path: "/v1/kubernetes_clusters?location_id=1",
    reply: [cluster],
  },
  {
    verb: "get",
    call: (c) => c.kubernetesClusters.get("k8s1"),
    method: "GET",
    path: "/v1/kubernetes_clusters/k8s1",
    reply: cluster,
  },
  {
    verb: "update",
    call: (c) => c.kubernetesClusters.update("k8s1", { labels: { team: "core" } }),
    method: "PUT",
    path: "/v1/kubernetes_clusters/k8s1",
    body: { labels: { team: "core" } },
    reply: cluster,
  },
  {
    verb: "listNodes",
    call: (c) => c.kubernetesClusters.listNodes("k8s1", { searchPattern: "node", page: 3 }),
    method: "GET",
    path: "/v1/kubernetes_clusters/k8s1/nodes?search_pattern=node&page=3",
    reply: [clusterNode],
  },
  {
    verb: "getNode",
    call: (c) => c.kubernetesClusters.getNode("k8s1", "node1"),
    method: "GET",
    path: "/v1/kubernetes_clusters/k8s1/nodes/node1",
    reply: clusterNode,
  },
  {
    verb: "updateNode",
    call: (c) => c.kubernetesClusters.updateNode("k8s1", "node1", { node_group_id: "ng2" }),
    method: "PUT",
    path: "/v1/kubernetes_clusters/k8s1/nodes/node1",
    body: { node_group_id: "ng2" },
    reply: clusterNode,
  },
]);

// --- RBS volumes ---

const rbs = "/v1/remote_block_storage/volumes";

describeVerbs("rbsVolumes", [
  {
    verb: "list",
    call: (c) => c.rbsVolumes.list({ labelSelector: "env=prod" }),
    method: "GET",
    path: `${rbs}?label_selector=env%3Dprod`,
    reply: [rbsVolume],
  },
  {
    verb: "get",
    call: (c) => c.rbsVolumes.get("rbs1"),
    method: "GET",
    path: `${rbs}/rbs1`,
    reply: rbsVolume,
  },
  {
    verb: "create",
    call: (c) =>
      c.rbsVolumes.create({
        name: "data",
        location_id: 1,
        flavor_id: 7,
        size: 2048,
        labels: { env: "prod" },
      }),
    method: "POST",
    path: rbs,
    body: { name: "data", location_id: 1, flavor_id: 7, size: 2048, labels: { env: "prod" } },
    reply: { ...rbsVolume, ip_address: null, target_iqn: null },
  },
  {
    verb: "update",
    call: (c) => c.rbsVolumes.update("rbs1", { name: "data2", size: 200, labels: {} }),
    method: "PUT",
    path: `${rbs}/rbs1`,
    body: { name: "data2", size: 200, labels: {} },
    reply: rbsVolume,
  },
  {
    verb: "delete",
    call: (c) => c.rbsVolumes.delete("rbs1"),
    method: "DELETE",
    path: `${rbs}/rbs1`,
  },
  {
    verb: "getCredentials",
    call: (c) => c.rbsVolumes.getCredentials("rbs1"),
    method: "GET",
    path: `${rbs}/rbs1/credentials`,
    reply: rbsCredentials,
  },
  {
    verb: "resetCredentials",
    call: (c) => c.rbsVolumes.resetCredentials("rbs1"),
    method: "POST",
    path: `${rbs}/rbs1/reset_credentials`,
    reply: rbsVolume,
  },
  {
    verb: "listFlavors",
    call: (c) => c.rbsVolumes.listFlavors(1),
    method: "GET",
    path: "/v1/locations/1/order_options/remote_block_storage/flavors",
    reply: [rbsFlavor],
  },
  {
    verb: "getFlavor",
    call: (c) => c.rbsVolumes.getFlavor(1, 7),
    method: "GET",
    path: "/v1/locations/1/order_options/remote_block_storage/flavors/7",
    reply: rbsFlavor,
  },
]);

// --- L2 segments ---

describeVerbs("l2Segments", [
  {
    verb: "list",
    call: (c) => c.l2Segments.list(),
    method: "GET",
    path: "/v1/l2_segments",
    reply: [l2Segment],
  },
  {
    verb: "get",
    call: (c) => c.l2Segments.get("l2s1"),
    method: "GET",
    path: "/v1/l2_segments/l2s1",
    reply: l2Segment,
  },
  {
    verb: "create",
    call: (c) =>
      c.l2Segments.create({
        name: "seg",
        type: "private",
        location_group_id: 15,
        members: [{ id: "ds1", mode: "native" }],
        labels: { env: "prod" },
      }),
    method: "POST",
    path: "/v1/l2_segments",
    body: {
      name: "seg",
      type: "private",
      location_group_id: 15,
      members: [{ id: "ds1", mode: "native" }],
      labels: { env: "prod" },
    },
    reply: l2Segment,
  },
  {
    verb: "update",
    call: (c) =>
      c.l2Segments.update("l2s1", { members: [{ id: "ds2", mode: "trunk" }], labels: {} }),
    method: "PUT",
    path: "/v1/l2_segments/l2s1",
    body: { members: [{ id: "ds2", mode: "trunk" }], labels: {} },
    reply: l2Segment,
  },
  {
    verb: "delete",
    call: (c) => c.l2Segments.delete("l2s1"),
    method: "DELETE",
    path: "/v1/l2_segments/l2s1",
  },
  {
    verb: "listMembers",
    call: (c) => c.l2Segments.listMembers("l2s1", { labelSelector: "env", perPage: 10, page: 1 }),
    method: "GET",
    path: "/v1/l2_segments/l2s1/members?label_selector=env&per_page=10&page=1",
    reply: [l2Member],
  },
  {
    verb: "listNetworks",
    call: (c) => c.l2Segments.listNetworks("l2s1"),
    method: "GET",
    path: "/v1/l2_segments/l2s1/networks",
    reply: [network],
  },
  {
    verb: "changeNetworks",
    call: (c) =>
      c.l2Segments.changeNetworks("l2s1", {
        create: [{ mask: 29, distribution_method: "gateway" }],
        delete: ["net1"],
      }),
    method: "PUT",
    path: "/v1/l2_segments/l2s1/networks",
    body: { create: [{ mask: 29, distribution_method: "gateway" }], delete: ["net1"] },
    reply: l2Segment,
  },
  {
    verb: "listLocationGroups",
    call: (c) => c.l2Segments.listLocationGroups({ groupType: "private" }),
    method: "GET",
    path: "/v1/l2_segments/location_groups?group_type=private",
    reply: [locationGroup],
  },
]);

// --- SSL certificates ---

// A Let's Encrypt record carries no sha1_fingerprint.
const { sha1_fingerprint: _sha1, ...customWithoutFingerprint } = sslCertificate;
const letsEncryptOnWire = { ...customWithoutFingerprint, type: "letsencrypt" };

describeVerbs("sslCertificates", [
  {
    verb: "list",
    call: (c) => c.sslCertificates.list({ sorting: "updated_at", direction: "ASC" }),
    method: "GET",
    path: "/v1/ssl_certificates?sorting=updated_at&direction=ASC",
    reply: [sslCertificate],
  },
  {
    verb: "getCustom",
    call: (c) => c.sslCertificates.getCustom("ssl1"),
    method: "GET",
    path: "/v1/ssl_certificates/custom/ssl1",
    reply: sslCertificate,
  },
  {
    verb: "createCustom",
    call: (c) =>
      c.sslCertificates.createCustom({
        name: "site",
        public_key: "PUB",
        private_key: "PRIV",
        chain_key: "CHAIN",
        labels: { env: "prod" },
      }),
    method: "POST",
    path: "/v1/ssl_certificates/custom",
    body: {
      name: "site",
      public_key: "PUB",
      private_key: "PRIV",
      chain_key: "CHAIN",
      labels: { env: "prod" },
    },
    reply: sslCertificate,
  },
  {
    verb: "updateCustom",
    call: (c) => c.sslCertificates.updateCustom("ssl1", { name: "site2", labels: {} }),
    method: "PUT",
    path: "/v1/ssl_certificates/custom/ssl1",
    body: { name: "site2", labels: {} },
    reply: sslCertificate,
  },
  {
    verb: "deleteCustom",
    call: (c) => c.sslCertificates.deleteCustom("ssl1"),
    method: "DELETE",
    path: "/v1/ssl_certificates/custom/ssl1",
  },
  {
    verb: "getLetsEncrypt",
    call: (c) => c.sslCertificates.getLetsEncrypt("le1"),
    method: "GET",
    path: "/v1/ssl_certificates/letsencrypt/le1",
    reply: letsEncryptOnWire,
  },
  {
    verb: "updateLetsEncrypt",
    call: (c) => c.sslCertificates.updateLetsEncrypt("le1", { labels: { env: "prod" } }),
    method: "PUT",
    path: "/v1/ssl_certificates/letsencrypt/le1",
    body: { labels: { env: "prod" } },
    reply: letsEncryptOnWire,
  },
  {
    verb: "deleteLetsEncrypt",
    call: (c) => c.sslCertificates.deleteLetsEncrypt("le1"),
    method: "DELETE",
    path: "/v1/ssl_certificates/letsencrypt/le1",
  },
]);

// --- SSH keys ---

describeVerbs("sshKeys", [
  {
    verb: "list",
    call: (c) => c.sshKeys.list({ labelSelector: "team in (a, b)" }),
    method: "GET",
    path: "/v1/ssh_keys?label_selector=team%20in%20(a%2C%20b)",
    reply: [sshKey],
  },
  {
    verb: "get (fingerprint percent-encoded)",
    call: (c) => c.sshKeys.get(fingerprint),
    method: "GET",
    path: `/v1/ssh_keys/${fingerprintInPath}`,
    reply: sshKey,
  },
  {
    verb: "create",
    call: (c) =>
      c.sshKeys.create({ name: "deploy", public_key: "ssh-ed25519 AAAA", labels: { a: "b" } }),
    method: "POST",
    path: "/v1/ssh_keys",
    body: { name: "deploy", public_key: "ssh-ed25519 AAAA", labels: { a: "b" } },
    reply: sshKey,
  },
  {
    verb: "update",
    call: (c) => c.sshKeys.update(fingerprint, { name: "deploy2", labels: {} }),
    method: "PUT",
    path: `/v1/ssh_keys/${fingerprintInPath}`,
    body: { name: "deploy2", labels: {} },
    reply: sshKey,
  },
  {
    verb: "delete",
    call: (c) => c.sshKeys.delete(fingerprint),
    method: "DELETE",
    path: `/v1/ssh_keys/${fingerprintInPath}`,
  },
]);

// --- Locations and order options ---

const options = "/v1/locations/1/order_options";

describeVerbs("locations", [
  {
    verb: "list",
    call: (c) => c.locations.list({ searchPattern: "AMS" }),
    method: "GET",
    path: "/v1/locations?search_pattern=AMS",
    reply: [location],
  },
  {
    verb: "get",
    call: (c) => c.locations.get(1),
    method: "GET",
    path: "/v1/locations/1",
    reply: location,
  },
  {
    verb: "listServerModels",
    call: (c) => c.locations.listServerModels(1, { hasRaidController: true }),
    method: "GET",
    path: `${options}/server_models?has_raid_controller=true`,
    reply: [serverModel],
  },
  {
    verb: "getServerModel",
    call: (c) => c.locations.getServerModel(1, 231),
    method: "GET",
    path: `${options}/server_models/231`,
    reply: serverModel,
  },
  {
    verb: "listRamOptions",
    call: (c) => c.locations.listRamOptions(1, 231),
    method: "GET",
    path: `${options}/server_models/231/ram`,
    reply: [{ ram: 32, type: "DDR4" }],
  },
  {
    verb: "listOperatingSystems",
    call: (c) => c.locations.listOperatingSystems(1, 231, { sorting: "name" }),
    method: "GET",
    path: `${options}/server_models/231/operating_systems?sorting=name`,
    reply: [operatingSystem],
  },
  {
    verb: "getOperatingSystem",
    call: (c) => c.locations.getOperatingSystem(1, 231, 50),
    method: "GET",
    path: `${options}/server_models/231/operating_systems/50`,
    reply: operatingSystem,
  },
  {
    verb: "listDriveModels",
    call: (c) => c.locations.listDriveModels(1, 231, { mediaType: "SSD", interface: "SATA3" }),
    method: "GET",
    path: `${options}/server_models/231/drive_models?media_type=SSD&interface=SATA3`,
    reply: [driveModel],
  },
  {
    verb: "getDriveModel",
    call: (c) => c.locations.getDriveModel(1, 231, 369),
    method: "GET",
    path: `${options}/server_models/231/drive_models/369`,
    reply: driveModel,
  },
  {
    verb: "listUplinkModels",
    call: (c) => c.locations.listUplinkModels(1, 231, { type: "private", redundancy: true }),
    method: "GET",
    path: `${options}/server_models/231/uplink_models?type=private&redundancy=true`,
    reply: [uplinkModel],
  },
  {
    verb: "getUplinkModel",
    call: (c) => c.locations.getUplinkModel(1, 231, 294),
    method: "GET",
    path: `${options}/server_models/231/uplink_models/294`,
    reply: uplinkModel,
  },
  {
    verb: "listBandwidthOptions",
    call: (c) => c.locations.listBandwidthOptions(1, 231, 295),
    method: "GET",
    path: `${options}/server_models/231/uplink_models/295/bandwidth`,
    reply: [bandwidthOption],
  },
  {
    verb: "getBandwidthOption",
    call: (c) => c.locations.getBandwidthOption(1, 231, 295, 348),
    method: "GET",
    path: `${options}/server_models/231/uplink_models/295/bandwidth/348`,
    reply: bandwidthOption,
  },
  {
    verb: "listSbmFlavorModels",
    call: (c) => c.locations.listSbmFlavorModels(1, { showAll: true }),
    method: "GET",
    path: `${options}/sbm_flavor_models?show_all=true`,
    reply: [sbmFlavor],
  },
  {
    verb: "getSbmFlavorModel",
    call: (c) => c.locations.getSbmFlavorModel(1, 119),
    method: "GET",
    path: `${options}/sbm_flavor_models/119`,
    reply: sbmFlavor,
  },
  {
    verb: "listSbmOperatingSystems",
    call: (c) => c.locations.listSbmOperatingSystems(1, 119),
    method: "GET",
    path: `${options}/sbm_flavor_models/119/operating_systems`,
    reply: [operatingSystem],
  },
  {
    verb: "getSbmOperatingSystem",
    call: (c) => c.locations.getSbmOperatingSystem(1, 119, 50),
    method: "GET",
    path: `${options}/sbm_flavor_models/119/operating_systems/50`,
    reply: operatingSystem,
  },
]);

// --- Local checks: bad input is refused before any request is sent ---

interface CheckCase {
  readonly rule: string;
  readonly call: (client: ServersComClient) => Promise<unknown>;
  /** The field the InputValidationError names. */
  readonly field: string;
}

const badLabels = { env: "-prod" };
const oversizedIpxe = `#!ipxe\n${"x".repeat(64 * 1024)}`;
const notIpxe = "#!/bin/sh\necho hi\n";

const checks: readonly CheckCase[] = [
  // labels on every create and update body that carries them
  {
    rule: "dedicatedServers.create labels",
    call: (c) => c.dedicatedServers.create({ ...dedicatedCreateBody, labels: badLabels }),
    field: "labels.env",
  },
  {
    rule: "dedicatedServers.create hosts[].labels",
    call: (c) =>
      c.dedicatedServers.create({
        ...dedicatedCreateBody,
        hosts: [{ hostname: "a" }, { hostname: "b", labels: badLabels }],
      }),
    field: "hosts.1.labels.env",
  },
  {
    rule: "dedicatedServers.update labels",
    call: (c) => c.dedicatedServers.update("ds1", { labels: badLabels }),
    field: "labels.env",
  },
  {
    rule: "sbmServers.create hosts[].labels",
    call: (c) =>
      c.sbmServers.create({ ...sbmCreateBody, hosts: [{ hostname: "a", labels: badLabels }] }),
    field: "hosts.0.labels.env",
  },
  {
    rule: "sbmServers.update labels",
    call: (c) => c.sbmServers.update("sbm1", { labels: badLabels }),
    field: "labels.env",
  },
  {
    rule: "kubernetesBaremetalNodes.update labels",
    call: (c) => c.kubernetesBaremetalNodes.update("kbm1", { labels: badLabels }),
    field: "labels.env",
  },
  {
    rule: "cloudInstances.create labels",
    call: (c) => c.cloudInstances.create({ ...cloudCreateBody, labels: badLabels }),
    field: "labels.env",
  },
  {
    rule: "cloudInstances.update labels",
    call: (c) => c.cloudInstances.update("ci1", { labels: badLabels }),
    field: "labels.env",
  },
  {
    rule: "kubernetesClusters.update labels",
    call: (c) => c.kubernetesClusters.update("k8s1", { labels: badLabels }),
    field: "labels.env",
  },
  {
    rule: "rbsVolumes.create labels",
    call: (c) =>
      c.rbsVolumes.create({ name: "d", location_id: 1, flavor_id: 7, size: 10, labels: badLabels }),
    field: "labels.env",
  },
  {
    rule: "rbsVolumes.update labels",
    call: (c) => c.rbsVolumes.update("rbs1", { labels: badLabels }),
    field: "labels.env",
  },
  {
    rule: "l2Segments.create labels",
    call: (c) =>
      c.l2Segments.create({
        type: "public",
        location_group_id: 1,
        members: [],
        labels: badLabels,
      }),
    field: "labels.env",
  },
  {
    rule: "l2Segments.update labels",
    call: (c) => c.l2Segments.update("l2s1", { labels: badLabels }),
    field: "labels.env",
  },
  {
    rule: "sslCertificates.createCustom labels",
    call: (c) =>
      c.sslCertificates.createCustom({
        name: "n",
        public_key: "P",
        private_key: "K",
        labels: badLabels,
      }),
    field: "labels.env",
  },
  {
    rule: "sslCertificates.updateCustom labels",
    call: (c) => c.sslCertificates.updateCustom("ssl1", { labels: badLabels }),
    field: "labels.env",
  },
  {
    rule: "sslCertificates.updateLetsEncrypt labels",
    call: (c) => c.sslCertificates.updateLetsEncrypt("le1", { labels: badLabels }),
    field: "labels.env",
  },
  {
    rule: "sshKeys.create labels",
    call: (c) => c.sshKeys.create({ name: "k", public_key: "ssh-ed25519 A", labels: badLabels }),
    field: "labels.env",
  },
  {
    rule: "sshKeys.update labels",
    call: (c) => c.sshKeys.update(fingerprint, { labels: badLabels }),
    field: "labels.env",
  },
  // ipxe_config: first line #!ipxe, at most 64 KB
  {
    rule: "dedicatedServers.create ipxe_config over 64 KB",
    call: (c) => c.dedicatedServers.create({ ...dedicatedCreateBody, ipxe_config: oversizedIpxe }),
    field: "ipxe_config",
  },
  {
    rule: "dedicatedServers.create ipxe_config without #!ipxe",
    call: (c) => c.dedicatedServers.create({ ...dedicatedCreateBody, ipxe_config: notIpxe }),
    field: "ipxe_config",
  },
  {
    rule: "dedicatedServers.update ipxe_config",
    call: (c) => c.dedicatedServers.update("ds1", { ipxe_config: notIpxe }),
    field: "ipxe_config",
  },
  {
    rule: "dedicatedServers.reinstall ipxe_config",
    call: (c) =>
      c.dedicatedServers.reinstall("ds1", {
        hostname: "a",
        operating_system_id: null,
        ipxe_config: oversizedIpxe,
      }),
    field: "ipxe_config",
  },
  {
    rule: "dedicatedServers.activateFeature ipxe_config",
    call: (c) =>
      c.dedicatedServers.activateFeature("ds1", "public_ipxe_boot", { ipxe_config: notIpxe }),
    field: "ipxe_config",
  },
  // RBS size: a whole number of GB from 1 to 2048
  {
    rule: "rbsVolumes.create size over 2048 GB",
    call: (c) => c.rbsVolumes.create({ name: "d", location_id: 1, flavor_id: 7, size: 2049 }),
    field: "size",
  },
  {
    rule: "rbsVolumes.create size 0",
    call: (c) => c.rbsVolumes.create({ name: "d", location_id: 1, flavor_id: 7, size: 0 }),
    field: "size",
  },
  {
    rule: "rbsVolumes.update size not whole",
    call: (c) => c.rbsVolumes.update("rbs1", { size: 10.5 }),
    field: "size",
  },
];

describe("local checks refuse bad input before any request is sent", () => {
  it.each(checks)("$rule", async ({ call, field }) => {
    // An interceptor stands ready: if the verb sent anything, it would be consumed and recorded.
    answer(200, {});
    const error: unknown = await call(client).then(
      () => undefined,
      (rejection: unknown) => rejection,
    );
    expect(error).toBeInstanceOf(InputValidationError);
    expect((error as InputValidationError).field).toBe(field);
    expect(recorded).toEqual([]);
    expect(agent.pendingInterceptors()).toHaveLength(1);
  });

  it("lets a valid iPXE script of exactly 64 KB through", async () => {
    const script = `#!ipxe\n${"x".repeat(64 * 1024 - 7)}`;
    answer(200, dedicatedServer);
    await client.dedicatedServers.update("ds1", { ipxe_config: script });
    expect(recorded).toHaveLength(1);
  });

  it("sends an empty label set, which clears every label", async () => {
    answer(200, cloudInstance);
    await client.cloudInstances.update("ci1", { labels: {} });
    expect(recorded[0]?.body).toEqual({ labels: {} });
  });
});
