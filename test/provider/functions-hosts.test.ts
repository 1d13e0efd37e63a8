// Lookup functions over the account's hosts and their networks, against the simulator: 230 SBM
// hosts seeded with labels (more than two pages of 100), the seed's Kubernetes bare metal nodes,
// and a dedicated server ordered through the API.
import { describe, expect, it } from "vitest";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import {
  AmbiguousMatchError,
  type GetHostResult,
  getHost,
  getHostNetworks,
  getHosts,
  ListLimitError,
  NoMatchError,
} from "../../provider/functions";
import { labelSelector } from "../../sdk/labels";
import type { WireRecord } from "../../simulator";
import { orderDedicatedServer } from "../sdk-simulator/dedicated-order";
import { lookupBed } from "./functions-support";

const SBM_HOSTS = 230;
/** The seed's three nodes and one of this suite, which carries networks of its own. */
const BARE_METAL_NODES = ["BmNode01", "BmNode02", "BmNode03", "BmNode09"];
const AT = "2026-01-01T00:00:00.000Z";
const ENVS = ["prod", "staging", "dev"] as const;

/** Labels of seeded host i: every host an env, half a tier, every tenth the ownership label. */
function labelsOf(i: number): Record<string, string> {
  const labels: Record<string, string> = { env: ENVS[i % 3] ?? "prod" };
  if (i % 4 === 0) labels.tier = "web";
  if (i % 4 === 1) labels.tier = "api";
  if (i % 10 === 0) labels[OWNER_LABEL_KEY] = `o${String(i).padStart(40, "0")}`;
  return labels;
}

function sbmHost(i: number): WireRecord {
  const ams = i % 2 === 0;
  return {
    id: `SbmH${String(i).padStart(4, "0")}`,
    rack_id: null,
    type: "sbm_server",
    title: `node-${i}.example.com`,
    location_id: ams ? 1 : 2,
    location_code: ams ? "AMS1" : "DFW1",
    status: "active",
    operational_status: "normal",
    power_status: "powered_on",
    configuration: "SBM-01 / 32 GB RAM / 2 x 480 GB SSD",
    private_ipv4_address: `10.1.${i >> 8}.${i & 255}`,
    public_ipv4_address: null,
    lease_start_at: "2026-01-01",
    scheduled_release_at: null,
    oob_ipv4_address: null,
    configuration_details: {
      ram_size: 32,
      sbm_flavor_model_id: 601,
      sbm_flavor_model_name: "SBM-01",
      bandwidth_id: 501,
      bandwidth_name: "20 TB",
      private_uplink_id: 401,
      private_uplink_name: "Private 1 Gbps without redundancy",
      public_uplink_id: 403,
      public_uplink_name: "Public 1 Gbps without redundancy",
      operating_system_id: 302,
      operating_system_full_name: "Ubuntu 24.04-server x86_64",
    },
    labels: labelsOf(i),
    created_at: AT,
    updated_at: AT,
  };
}

/** A bare metal node of the seed's production cluster, without the networks the seed derives. */
const bareMetalNode: WireRecord = {
  id: "BmNode09",
  rack_id: null,
  type: "kubernetes_baremetal_node",
  title: null,
  location_id: 1,
  location_code: "AMS1",
  status: "active",
  operational_status: "normal",
  power_status: "powered_on",
  configuration: "Dell R440 / 2xXeon Silver-4210R / 64 GB RAM",
  private_ipv4_address: "10.20.0.29",
  public_ipv4_address: "198.19.200.29",
  lease_start_at: "2026-01-01",
  scheduled_release_at: null,
  oob_ipv4_address: null,
  kubernetes_cluster_id: "K8sProd1",
  kubernetes_cluster_node_id: "KnProd09",
  kubernetes_cluster_node_number: 9,
  labels: {},
  created_at: AT,
  updated_at: AT,
};

function network(id: string, fields: WireRecord): WireRecord {
  return { id, status: "active", created_at: AT, updated_at: AT, _host_id: "BmNode09", ...fields };
}

/** Networks of bare metal node BmNode09, two of them ordered additionally. */
const bareMetalNetworks: WireRecord[] = [
  network("NetBm001", {
    title: "Private",
    cidr: "10.20.0.16/29",
    family: "ipv4",
    interface_type: "private",
    distribution_method: "gateway",
    additional: false,
  }),
  network("NetBm002", {
    title: "Additional public",
    cidr: "100.64.90.0/29",
    family: "ipv4",
    interface_type: "public",
    distribution_method: "route",
    additional: true,
  }),
  network("NetBm003", {
    title: "Additional IPv6",
    cidr: "2001:db8:90::/64",
    family: "ipv6",
    interface_type: "public",
    distribution_method: "route",
    additional: true,
  }),
];

let dedicatedId: string;
/** Every host, read once through getHosts and checked against the seed. */
let everyHost: GetHostResult[];

const seed = {
  records: {
    sbm_servers: Array.from({ length: SBM_HOSTS }, (_, i) => sbmHost(i)),
    kubernetes_baremetal_nodes: [bareMetalNode],
    host_networks: bareMetalNetworks,
  },
};

const { failure } = lookupBed({ seed }, async ({ client }) => {
  const server = await orderDedicatedServer(client, "db-1.example.com", {
    uplink_models: { private: { id: 401 }, public: { id: 403, bandwidth_model_id: 501 } },
    operating_system_id: 302,
    ipv6: true,
    labels: { role: "db" },
  });
  dedicatedId = server.id;
  everyHost = (await getHosts({ limit: 10_000 })).hosts;
});

/** Ids of the hosts whose labels satisfy `keep`, computed here rather than by the SDK. */
function idsWhere(keep: (labels: Readonly<Record<string, string>>) => boolean): string[] {
  return everyHost
    .filter((host) => keep(host.labels))
    .map((host) => host.id)
    .sort();
}

async function idsSelectedBy(selector: string | ReturnType<typeof labelSelector>) {
  const { hosts } = await getHosts({ labelSelector: selector });
  return hosts.map((host) => host.id).sort();
}

describe("getHosts", () => {
  it("reads every host across pages: the seeded SBM hosts, the bare metal nodes, the order", () => {
    expect(everyHost).toHaveLength(SBM_HOSTS + BARE_METAL_NODES.length + 1);
    expect(new Set(everyHost.map((host) => host.id)).size).toBe(everyHost.length);
    const types = new Set(everyHost.map((host) => host.type));
    expect(types).toEqual(new Set(["sbm_server", "kubernetes_baremetal_node", "dedicated_server"]));
  });

  it("returns camelCase records, without the ownership label", () => {
    const sbm = everyHost.find((host) => host.id === "SbmH0010");
    expect(sbm).toEqual({
      id: "SbmH0010",
      type: "sbm_server",
      title: "node-10.example.com",
      rackId: null,
      locationId: 1,
      locationCode: "AMS1",
      status: "active",
      operationalStatus: "normal",
      powerStatus: "powered_on",
      configuration: "SBM-01 / 32 GB RAM / 2 x 480 GB SSD",
      privateIpv4Address: "10.1.0.10",
      publicIpv4Address: null,
      oobIpv4Address: null,
      leaseStartAt: "2026-01-01",
      scheduledReleaseAt: null,
      configurationDetails: {
        ramSize: 32,
        serverModelId: null,
        serverModelName: null,
        sbmFlavorModelId: 601,
        sbmFlavorModelName: "SBM-01",
        bandwidthId: 501,
        bandwidthName: "20 TB",
        privateUplinkId: 401,
        privateUplinkName: "Private 1 Gbps without redundancy",
        publicUplinkId: 403,
        publicUplinkName: "Public 1 Gbps without redundancy",
        operatingSystemId: 302,
        operatingSystemFullName: "Ubuntu 24.04-server x86_64",
      },
      kubernetesClusterId: null,
      kubernetesClusterNodeId: null,
      kubernetesClusterNodeNumber: null,
      labels: { env: "staging" },
      createdAt: AT,
      updatedAt: AT,
    });
    const dedicated = everyHost.find((host) => host.id === dedicatedId);
    expect(dedicated?.configurationDetails).toMatchObject({
      serverModelId: 101,
      serverModelName: "Dell R640",
      sbmFlavorModelId: null,
    });
  });

  it("filters by kind", async () => {
    const { hosts } = await getHosts({ type: "kubernetes_baremetal_node" });
    expect(hosts.map((host) => host.id)).toEqual(BARE_METAL_NODES);
    expect(hosts[0]).toMatchObject({
      kubernetesClusterId: "K8sProd1",
      kubernetesClusterNodeId: "KnProd03",
      kubernetesClusterNodeNumber: 3,
    });
    const dedicated = await getHosts({ type: "dedicated_server" });
    expect(dedicated.hosts.map((host) => host.id)).toEqual([dedicatedId]);
  });

  it("selects with ==", async () => {
    const expected = idsWhere((l) => l.env === "prod");
    expect(expected.length).toBeGreaterThan(70);
    expect(await idsSelectedBy("env==prod")).toEqual(expected);
  });

  it("selects with =", async () => {
    expect(await idsSelectedBy("env=dev")).toEqual(idsWhere((l) => l.env === "dev"));
  });

  it("selects with != (hosts without the key included)", async () => {
    const expected = idsWhere((l) => l.env !== "prod");
    expect(expected).toContain("BmNode01");
    expect(expected).toContain(dedicatedId);
    expect(await idsSelectedBy("env!=prod")).toEqual(expected);
  });

  it("selects by a key's presence and absence", async () => {
    const withTier = idsWhere((l) => Object.hasOwn(l, "tier"));
    expect(await idsSelectedBy("tier")).toEqual(withTier);
    const withoutTier = idsWhere((l) => !Object.hasOwn(l, "tier"));
    expect(await idsSelectedBy("!tier")).toEqual(withoutTier);
    expect(withTier.length + withoutTier.length).toBe(everyHost.length);
  });

  it("selects with in and notin", async () => {
    const inProdDev = idsWhere((l) => l.env === "prod" || l.env === "dev");
    expect(await idsSelectedBy("env in (prod, dev)")).toEqual(inProdDev);
    const notWeb = idsWhere((l) => l.tier !== "web");
    expect(await idsSelectedBy("tier notin (web)")).toEqual(notWeb);
  });

  it("joins conditions with commas, and takes a builder", async () => {
    const expected = idsWhere((l) => l.env === "staging" && l.tier === "api");
    expect(expected.length).toBeGreaterThan(5);
    expect(await idsSelectedBy("env==staging, tier in (api)")).toEqual(expected);
    expect(await idsSelectedBy(labelSelector().eq("env", "staging").in("tier", ["api"]))).toEqual(
      expected,
    );
  });

  it("selects by the ownership label, which results do not show", async () => {
    const { hosts } = await getHosts({ labelSelector: labelSelector().exists(OWNER_LABEL_KEY) });
    expect(hosts).toHaveLength(SBM_HOSTS / 10);
    for (const host of hosts) expect(host.labels).not.toHaveProperty(OWNER_LABEL_KEY);
  });

  it("combines a selector with the kind, the location and a search pattern", async () => {
    const { hosts } = await getHosts({
      labelSelector: "env==prod",
      type: "sbm_server",
      locationId: 2,
      searchPattern: "node-1",
    });
    const expected = everyHost.filter(
      (h) =>
        h.labels.env === "prod" &&
        h.type === "sbm_server" &&
        h.locationId === 2 &&
        (h.title ?? "").includes("node-1"),
    );
    expect(hosts.map((h) => h.id)).toEqual(expected.map((h) => h.id));
    expect(hosts.length).toBeGreaterThan(3);
  });

  it("fails rather than returning part of a list longer than the limit", async () => {
    const error = await failure(getHosts({ limit: 100 }));
    expect(error).toBeInstanceOf(ListLimitError);
    expect(error.message).toBe(
      "getHosts: more than 100 hosts match; narrow it with labelSelector, type, locationId or " +
        "searchPattern, or raise limit (at most 10000)",
    );
    const exact = await getHosts({ limit: everyHost.length });
    expect(exact.hosts).toHaveLength(everyHost.length);
    expect((await failure(getHosts({ limit: 0 }))).message).toBe(
      "getHosts: limit must be a whole number from 1 to 10000 (got 0)",
    );
  });

  it("checks a selector before sending it", async () => {
    const error = await failure(getHosts({ labelSelector: "env==" }));
    expect(error.message).toMatch(/^getHosts: labelSelector: .*expected a value at offset 5/);
  });
});

describe("getHost", () => {
  // A bare metal node by id of any kind, and an id of no kind: functions-lookups.test.ts.
  it("finds a host by id, of a given kind or of any kind", async () => {
    expect((await getHost({ id: "SbmH0007", type: "sbm_server" })).title).toBe(
      "node-7.example.com",
    );
    expect((await getHost({ id: dedicatedId })).type).toBe("dedicated_server");
    const error = await failure(getHost({ id: "SbmH0007", type: "dedicated_server" }));
    expect(error.message).toBe("getHost: no host of type dedicated_server has id SbmH0007");
  });

  it("finds a host by title, in any case, among hosts with similar titles", async () => {
    expect((await getHost({ title: "NODE-7.example.com" })).id).toBe("SbmH0007");
    // Whole words: "node-1" is node-1.example.com, not node-10 or node-100.
    expect((await getHost({ title: "node-1" })).id).toBe("SbmH0001");
    expect((await getHost({ title: "db-1", type: "dedicated_server" })).id).toBe(dedicatedId);
  });

  it("names the close matches of a typo, and refuses a title many hosts share", async () => {
    const typo = await failure(getHost({ title: "node-7.exmaple.com" }));
    expect(typo).toBeInstanceOf(NoMatchError);
    expect((typo as NoMatchError).closeMatches[0]).toBe("node-7.example.com");
    const many = await failure(getHost({ title: "example.com" }));
    expect(many).toBeInstanceOf(AmbiguousMatchError);
    expect(many.message).toMatch(
      /^getHost: "example.com" matches 231 hosts: .* and 226 more; give the id or the full name$/,
    );
  });
});

describe("getHostNetworks", () => {
  it("lists the networks of a dedicated server ordered with IPv6", async () => {
    const { networks } = await getHostNetworks({
      hostId: dedicatedId,
      hostType: "dedicated_server",
    });
    expect(networks.map((n) => [n.title, n.family, n.interfaceType, n.distributionMethod])).toEqual(
      expect.arrayContaining([
        ["Public", "ipv4", "public", "gateway"],
        ["Private", "ipv4", "private", "gateway"],
        ["OOB", "ipv4", "oob", "gateway"],
        ["Public IPv6", "ipv6", "public", "route"],
      ]),
    );
    expect(networks).toHaveLength(4);
    expect(networks.every((n) => n.additional === false)).toBe(true);
  });

  it("applies the family, interface type and distribution method filters", async () => {
    const host = { hostId: dedicatedId, hostType: "dedicated_server" } as const;
    const v6 = await getHostNetworks({ ...host, family: "ipv6" });
    expect(v6.networks.map((n) => n.cidr)).toEqual([expect.stringMatching(/^2001:db8:/)]);
    const publics = await getHostNetworks({ ...host, interfaceType: "public", family: "ipv4" });
    expect(publics.networks.map((n) => n.title)).toEqual(["Public"]);
    const routed = await getHostNetworks({ ...host, distributionMethod: "route" });
    expect(routed.networks.map((n) => n.title)).toEqual(["Public IPv6"]);
    const search = await getHostNetworks({ ...host, searchPattern: "priv" });
    expect(search.networks.map((n) => n.title)).toEqual(["Private"]);
  });

  it("lists those of a bare metal node, learning its kind, with the additional filter", async () => {
    const all = await getHostNetworks({ hostId: "BmNode09" });
    expect(all.networks.map((n) => n.id)).toEqual(["NetBm001", "NetBm002", "NetBm003"]);
    expect(all.networks[1]).toEqual({
      id: "NetBm002",
      title: "Additional public",
      status: "active",
      cidr: "100.64.90.0/29",
      // The simulator answers first_ip (and, for a gateway network, gateway) as the Go fixture.
      firstIp: "100.64.90.1",
      gateway: null,
      family: "ipv4",
      interfaceType: "public",
      distributionMethod: "route",
      additional: true,
      createdAt: AT,
      updatedAt: AT,
    });
    const additional = await getHostNetworks({
      hostId: "BmNode09",
      hostType: "kubernetes_baremetal_node",
      additional: true,
    });
    expect(additional.networks.map((n) => n.id)).toEqual(["NetBm002", "NetBm003"]);
    const ordered = await getHostNetworks({ hostId: "BmNode09", additional: false });
    expect(ordered.networks.map((n) => n.id)).toEqual(["NetBm001"]);
  });

  it("checks the filters' values, and reports an unknown host", async () => {
    const wrong = await failure(getHostNetworks({ hostId: "BmNode09", family: "ipv5" as "ipv4" }));
    expect(wrong.message).toBe('getHostNetworks: family must be one of ipv4, ipv6 (got "ipv5")');
    const unknown = await failure(getHostNetworks({ hostId: "Nope0001" }));
    expect(unknown.message).toBe("getHostNetworks: no host of any kind has id Nope0001");
  });
});
