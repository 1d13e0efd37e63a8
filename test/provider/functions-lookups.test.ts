// What every lookup of one thing and every list shares, as tables over the simulator's seed: a
// row a function, with its arguments, the requests it sends (as the simulator counts them, per
// "METHOD /v1/route") and what it answers; then the failures all of them share (no such id,
// not exactly one of the keys). What is a function's own stays in its area's suite.
import { describe, expect, it } from "vitest";
import {
  getBandwidthOption,
  getCloudFlavor,
  getCloudImage,
  getCloudRegion,
  getCloudRegions,
  getDriveModel,
  getHost,
  getKubernetesCluster,
  getKubernetesClusterNode,
  getKubernetesClusters,
  getLoadBalancerCluster,
  getLoadBalancerClusters,
  getLocation,
  getLocations,
  getNetworkPool,
  getNetworkPools,
  getOperatingSystem,
  getRack,
  getRacks,
  getRbsFlavor,
  getRbsFlavors,
  getSbmFlavorModel,
  getSbmFlavorModels,
  getServerModel,
  getSslCertificate,
  getUplinkModel,
  LookupError,
  NoMatchError,
} from "../../provider/functions";
import { AMS1, DFW1, SIN1 } from "../../simulator";
import { lookupBed } from "./functions-support";

const bed = lookupBed();

const R640 = 101;
const PUBLIC_1G = 403;
const model = { locationId: AMS1, serverModelId: R640 };

interface Row {
  /** What the row asks, for the test's title. */
  readonly title: string;
  readonly lookup: () => Promise<object>;
  /** Requests by "METHOD /v1/route", as the simulator counts them. */
  readonly requests: Record<string, number>;
  /** Fields of the answer. */
  readonly result: object;
}

const ONE: readonly Row[] = [
  {
    title: "getLocation by id",
    lookup: () => getLocation({ id: SIN1 }),
    requests: {
      "GET /v1/locations/:location_id": 1,
    },
    result: { id: SIN1, code: "SIN1", name: "Singapore" },
  },
  {
    title: "getLocation by code, case and surrounding space ignored",
    lookup: () => getLocation({ code: " ams1 " }),
    requests: {
      "GET /v1/locations": 1,
    },
    result: { id: AMS1, code: "AMS1" },
  },
  {
    title: "getLocation by name",
    lookup: () => getLocation({ name: "DALLAS" }),
    requests: {
      "GET /v1/locations": 1,
    },
    result: { id: DFW1, code: "DFW1" },
  },
  {
    title: "getServerModel by id",
    lookup: () => getServerModel({ locationId: AMS1, id: R640 }),
    requests: {
      "GET /v1/locations/:location_id/order_options/server_models/:server_model_id": 1,
    },
    result: { id: R640, name: "Dell R640" },
  },
  {
    title: "getServerModel by words of its name, then read by id for its drive slots",
    lookup: () => getServerModel({ locationId: AMS1, name: "r740XD" }),
    requests: {
      "GET /v1/locations/:location_id/order_options/server_models": 1,
      "GET /v1/locations/:location_id/order_options/server_models/:server_model_id": 1,
    },
    result: { id: 102, name: "Dell R740xd", driveSlotsCount: 12 },
  },
  {
    title: "getOperatingSystem by id",
    lookup: () => getOperatingSystem({ ...model, id: 302 }),
    requests: {
      "GET /v1/locations/:location_id/order_options/server_models/:server_model_id/operating_systems/:operating_system_id": 1,
    },
    result: { id: 302, fullName: "Ubuntu 24.04-server x86_64" },
  },
  {
    title: "getOperatingSystem by name and version",
    lookup: () => getOperatingSystem({ ...model, name: "ubuntu 24.04" }),
    requests: {
      "GET /v1/locations/:location_id/order_options/server_models/:server_model_id/operating_systems": 1,
    },
    result: { id: 302 },
  },
  {
    title: "getDriveModel by id",
    lookup: () => getDriveModel({ ...model, id: 202 }),
    requests: {
      "GET /v1/locations/:location_id/order_options/server_models/:server_model_id/drive_models/:drive_model_id": 1,
    },
    result: { id: 202, name: "Samsung PM883 960GB" },
  },
  {
    title: "getDriveModel by words of its name",
    lookup: () => getDriveModel({ ...model, name: "pm883" }),
    requests: {
      "GET /v1/locations/:location_id/order_options/server_models/:server_model_id/drive_models": 1,
    },
    result: { id: 202 },
  },
  {
    title: "getUplinkModel by id",
    lookup: () => getUplinkModel({ ...model, id: 402 }),
    requests: {
      "GET /v1/locations/:location_id/order_options/server_models/:server_model_id/uplink_models/:uplink_model_id": 1,
    },
    result: { id: 402, name: "Private 10 Gbps with redundancy" },
  },
  {
    title: "getUplinkModel by words of its name",
    lookup: () => getUplinkModel({ ...model, name: "public 10 gbps" }),
    requests: {
      "GET /v1/locations/:location_id/order_options/server_models/:server_model_id/uplink_models": 1,
    },
    result: { id: 404 },
  },
  {
    title: "getBandwidthOption by id",
    lookup: () => getBandwidthOption({ ...model, uplinkModelId: PUBLIC_1G, id: 502 }),
    requests: {
      "GET /v1/locations/:location_id/order_options/server_models/:server_model_id/uplink_models/:uplink_model_id/bandwidth/:bandwidth_id": 1,
    },
    result: { id: 502, name: "50 TB" },
  },
  {
    title: "getBandwidthOption by words of its name",
    lookup: () => getBandwidthOption({ ...model, uplinkModelId: PUBLIC_1G, name: "unmetered" }),
    requests: {
      "GET /v1/locations/:location_id/order_options/server_models/:server_model_id/uplink_models/:uplink_model_id/bandwidth": 1,
    },
    result: { id: 503 },
  },
  {
    title: "getSbmFlavorModel by id",
    lookup: () => getSbmFlavorModel({ locationId: AMS1, id: 602 }),
    requests: {
      "GET /v1/locations/:location_id/order_options/sbm_flavor_models/:sbm_flavor_model_id": 1,
    },
    result: { id: 602, name: "SBM-02" },
  },
  {
    title: "getSbmFlavorModel by name, among flavors out of stock too",
    lookup: () => getSbmFlavorModel({ locationId: AMS1, name: "sbm-01" }),
    requests: {
      "GET /v1/locations/:location_id/order_options/sbm_flavor_models": 1,
    },
    result: { id: 601, name: "SBM-01" },
  },
  {
    title: "getRbsFlavor by id",
    lookup: () => getRbsFlavor({ locationId: DFW1, id: 3 }),
    requests: {
      "GET /v1/locations/:location_id/order_options/remote_block_storage/flavors/:id": 1,
    },
    result: { id: 3, name: "Standard" },
  },
  {
    title: "getRbsFlavor by name",
    lookup: () => getRbsFlavor({ locationId: DFW1, name: "ULTRA" }),
    requests: {
      "GET /v1/locations/:location_id/order_options/remote_block_storage/flavors": 1,
    },
    result: { id: 4, name: "Ultra" },
  },
  {
    title: "getCloudRegion by id, with its flavors and images",
    lookup: () => getCloudRegion({ id: 2 }),
    requests: {
      "GET /v1/cloud_computing/regions": 1,
      "GET /v1/cloud_computing/regions/:id/flavors": 1,
      "GET /v1/cloud_computing/regions/:id/images": 1,
    },
    result: { id: 2, code: "DFW1" },
  },
  {
    title: "getCloudRegion by code",
    lookup: () => getCloudRegion({ code: "ams1" }),
    requests: {
      "GET /v1/cloud_computing/regions": 1,
      "GET /v1/cloud_computing/regions/:id/flavors": 1,
      "GET /v1/cloud_computing/regions/:id/images": 1,
    },
    result: { id: 1, name: "Amsterdam" },
  },
  {
    title: "getCloudRegion by name",
    lookup: () => getCloudRegion({ name: "dallas" }),
    requests: {
      "GET /v1/cloud_computing/regions": 1,
      "GET /v1/cloud_computing/regions/:id/flavors": 1,
      "GET /v1/cloud_computing/regions/:id/images": 1,
    },
    result: { id: 2 },
  },
  {
    title: "getCloudFlavor by id, among the region's flavors",
    lookup: () => getCloudFlavor({ regionId: 2, id: "SSD.80" }),
    requests: {
      "GET /v1/cloud_computing/regions/:id/flavors": 1,
    },
    result: { id: "SSD.80", name: "SSD.80" },
  },
  {
    title: "getCloudFlavor by name",
    lookup: () => getCloudFlavor({ regionId: 1, name: "ssd.120" }),
    requests: {
      "GET /v1/cloud_computing/regions/:id/flavors": 1,
    },
    result: { id: "SSD.120" },
  },
  {
    title: "getCloudImage by words of its name",
    lookup: () => getCloudImage({ regionId: 2, name: "ubuntu 24.04" }),
    requests: {
      "GET /v1/cloud_computing/regions/:id/images": 1,
    },
    result: { id: "8a2d4c6e-3e6b-4d9f-8c1a-2b3c4d5e6f11" },
  },
  {
    title: "getKubernetesCluster by id",
    lookup: () => getKubernetesCluster({ id: "K8sStag1" }),
    requests: {
      "GET /v1/kubernetes_clusters/:id": 1,
    },
    result: { id: "K8sStag1", name: "k8s-staging" },
  },
  {
    title: "getKubernetesCluster by name, narrowed by the API's search first",
    lookup: () => getKubernetesCluster({ name: "K8S-PROD" }),
    requests: {
      "GET /v1/kubernetes_clusters": 1,
    },
    result: { id: "K8sProd1", name: "k8s-prod" },
  },
  {
    title: "getKubernetesClusterNode by id",
    lookup: () => getKubernetesClusterNode({ clusterId: "K8sProd1", id: "KnProd04" }),
    requests: {
      "GET /v1/kubernetes_clusters/:id/nodes/:node_id": 1,
    },
    result: { id: "KnProd04", refId: "BmNode02" },
  },
  {
    title: "getKubernetesClusterNode by hostname",
    lookup: () => getKubernetesClusterNode({ clusterId: "K8sProd1", hostname: "K8S-PROD-BM-4" }),
    requests: {
      "GET /v1/kubernetes_clusters/:id/nodes": 1,
    },
    result: { id: "KnProd04" },
  },
  {
    title: "getLoadBalancerCluster by id",
    lookup: () => getLoadBalancerCluster({ id: "LbClDfw1" }),
    requests: {
      "GET /v1/load_balancer_clusters/:id": 1,
    },
    result: { id: "LbClDfw1", locationCode: "DFW1" },
  },
  {
    title: "getLoadBalancerCluster by name",
    lookup: () => getLoadBalancerCluster({ name: "Dedicated-AMS1" }),
    requests: {
      "GET /v1/load_balancer_clusters": 1,
    },
    result: { id: "LbClAms1" },
  },
  {
    title: "getRack by id",
    lookup: () => getRack({ id: "Rack0001" }),
    requests: {
      "GET /v1/racks/:id": 1,
    },
    result: { id: "Rack0001", name: "private-rack-1" },
  },
  {
    title: "getRack by name, among every rack (no search is sent)",
    lookup: () => getRack({ name: "Private-Rack-2" }),
    requests: {
      "GET /v1/racks": 1,
    },
    result: { id: "Rack0002" },
  },
  {
    title: "getNetworkPool by id",
    lookup: () => getNetworkPool({ id: "NpDfw1Pr" }),
    requests: {
      "GET /v1/network_pools/:pool_id": 1,
    },
    result: { id: "NpDfw1Pr", cidr: "10.30.0.0/20" },
  },
  {
    title: "getNetworkPool by CIDR, compared as a network",
    lookup: () => getNetworkPool({ cidr: "198.51.100.0/24" }),
    requests: {
      "GET /v1/network_pools": 1,
    },
    result: { id: "NpAms1Pu" },
  },
  {
    title: "getNetworkPool by words of its title",
    lookup: () => getNetworkPool({ title: "dfw1 private" }),
    requests: {
      "GET /v1/network_pools": 1,
    },
    result: { id: "NpDfw1Pr" },
  },
  {
    title: "getSslCertificate by id, its type unknown: each type's GET in turn",
    lookup: () => getSslCertificate({ id: "LeCert02" }),
    requests: {
      "GET /v1/ssl_certificates/custom/:id": 1,
      "GET /v1/ssl_certificates/letsencrypt/:id": 1,
    },
    result: { id: "LeCert02", name: "api.example.com" },
  },
  {
    title: "getSslCertificate by name: an exact name before names that contain it",
    lookup: () => getSslCertificate({ name: "Example.com" }),
    requests: {
      "GET /v1/ssl_certificates": 1,
    },
    result: { id: "LeCert01" },
  },
  {
    title: "getHost by id, its kind unknown: each kind's GET in turn",
    lookup: () => getHost({ id: "BmNode02" }),
    requests: {
      "GET /v1/hosts/dedicated_servers/:id": 1,
      "GET /v1/hosts/kubernetes_baremetal_nodes/:id": 1,
      "GET /v1/hosts/sbm_servers/:id": 1,
    },
    result: { id: "BmNode02", type: "kubernetes_baremetal_node", powerStatus: "powered_off" },
  },
];

const LISTS: readonly Row[] = [
  {
    title: "getLocations",
    lookup: () => getLocations(),
    requests: {
      "GET /v1/locations": 1,
    },
    result: { locations: [{ code: "AMS1" }, { code: "DFW1" }, { code: "SIN1" }] },
  },
  {
    title: "getLocations narrowed by the API's search",
    lookup: () => getLocations({ searchPattern: "dal" }),
    requests: {
      "GET /v1/locations": 1,
    },
    result: { locations: [{ code: "DFW1" }] },
  },
  {
    title: "getSbmFlavorModels of a location",
    lookup: () => getSbmFlavorModels({ locationId: SIN1 }),
    requests: {
      "GET /v1/locations/:location_id/order_options/sbm_flavor_models": 1,
    },
    result: { sbmFlavorModels: [{ name: "SBM-01" }, { name: "SBM-Private-01" }] },
  },
  {
    title: "getRbsFlavors of a location",
    lookup: () => getRbsFlavors({ locationId: AMS1 }),
    requests: {
      "GET /v1/locations/:location_id/order_options/remote_block_storage/flavors": 1,
    },
    result: {
      rbsFlavors: [
        { id: 1, name: "Standard" },
        { id: 2, name: "Ultra" },
      ],
    },
  },
  {
    title: "getCloudRegions, each with its flavors and images",
    lookup: () => getCloudRegions(),
    requests: {
      "GET /v1/cloud_computing/regions": 1,
      "GET /v1/cloud_computing/regions/:id/flavors": 2,
      "GET /v1/cloud_computing/regions/:id/images": 2,
    },
    result: { cloudRegions: [{ code: "AMS1" }, { code: "DFW1" }] },
  },
  {
    title: "getKubernetesClusters of a location",
    lookup: () => getKubernetesClusters({ locationId: 2 }),
    requests: {
      "GET /v1/kubernetes_clusters": 1,
    },
    result: { kubernetesClusters: [{ id: "K8sStag1" }] },
  },
  {
    title: "getLoadBalancerClusters of a location (filtered here: no source sends it)",
    lookup: () => getLoadBalancerClusters({ locationId: 2 }),
    requests: {
      "GET /v1/load_balancer_clusters": 1,
    },
    result: { loadBalancerClusters: [{ id: "LbClDfw1" }] },
  },
  {
    title: "getRacks of a location",
    lookup: () => getRacks({ locationId: 2 }),
    requests: {
      "GET /v1/racks": 1,
    },
    result: { racks: [{ id: "Rack0002" }] },
  },
  {
    title: "getNetworkPools of a type",
    lookup: () => getNetworkPools({ type: "public" }),
    requests: {
      "GET /v1/network_pools": 1,
    },
    result: { networkPools: [{ id: "NpAms1Pu" }] },
  },
];

interface FailureRow {
  readonly title: string;
  readonly lookup: () => Promise<unknown>;
  /** Requests by "METHOD /v1/route": none for arguments refused before any request. */
  readonly requests: Record<string, number>;
  readonly error: typeof LookupError;
  /** The whole message, or its pattern where it holds the API's own words. */
  readonly message: string | RegExp;
}

const FAILURES: readonly FailureRow[] = [
  {
    title: "getLocation without a key",
    lookup: () => getLocation({}),
    requests: {},
    error: LookupError,
    message: "getLocation: give one of id, code, name",
  },
  {
    title: "getLocation with two keys",
    lookup: () => getLocation({ id: 1, code: "AMS1" }),
    requests: {},
    error: LookupError,
    message: "getLocation: give only one of id, code, name (got id and code)",
  },
  {
    title: "getRack with two keys",
    lookup: () => getRack({ id: "Rack0001", name: "x" }),
    requests: {},
    error: LookupError,
    message: "getRack: give only one of id, name (got id and name)",
  },
  {
    title: "getKubernetesClusterNode without a key",
    lookup: () => getKubernetesClusterNode({ clusterId: "K8sProd1" }),
    requests: {},
    error: LookupError,
    message: "getKubernetesClusterNode: give one of id, hostname",
  },
  {
    title: "getRbsFlavor without a key",
    lookup: () => getRbsFlavor({ locationId: AMS1 }),
    requests: {},
    error: LookupError,
    message: "getRbsFlavor: give one of id, name",
  },
  {
    title: "getSbmFlavorModel with an id that is no whole number",
    lookup: () => getSbmFlavorModel({ locationId: AMS1, id: 1.5 }),
    requests: {},
    error: LookupError,
    message: "getSbmFlavorModel: id must be a whole number, at least 1 (got 1.5)",
  },
  {
    title: "getLocation of an unknown id, with the API's message",
    lookup: () => getLocation({ id: 99 }),
    requests: {
      "GET /v1/locations/:location_id": 1,
    },
    error: NoMatchError,
    message: /^getLocation: no location has id 99 \(GET .*404 NOT_FOUND/,
  },
  {
    title: "getServerModel of an unknown id",
    lookup: () => getServerModel({ locationId: AMS1, id: 999 }),
    requests: {
      "GET /v1/locations/:location_id/order_options/server_models/:server_model_id": 1,
    },
    error: NoMatchError,
    message: /^getServerModel: no server model has id 999 \(GET .*404 NOT_FOUND/,
  },
  {
    title: "getSbmFlavorModel of an unknown id",
    lookup: () => getSbmFlavorModel({ locationId: AMS1, id: 999 }),
    requests: {
      "GET /v1/locations/:location_id/order_options/sbm_flavor_models/:sbm_flavor_model_id": 1,
    },
    error: NoMatchError,
    message: /^getSbmFlavorModel: no SBM flavor model has id 999 \(GET .*404 NOT_FOUND/,
  },
  {
    title: "getRbsFlavor of an unknown id",
    lookup: () => getRbsFlavor({ locationId: AMS1, id: 999 }),
    requests: {
      "GET /v1/locations/:location_id/order_options/remote_block_storage/flavors/:id": 1,
    },
    error: NoMatchError,
    message: /^getRbsFlavor: no RBS flavor has id 999 \(GET .*404 NOT_FOUND/,
  },
  {
    title: "getUplinkModel of an unknown id",
    lookup: () => getUplinkModel({ ...model, id: 999 }),
    requests: {
      "GET /v1/locations/:location_id/order_options/server_models/:server_model_id/uplink_models/:uplink_model_id": 1,
    },
    error: NoMatchError,
    message: /^getUplinkModel: no uplink model has id 999 \(GET .*404 NOT_FOUND/,
  },
  {
    title: "getBandwidthOption of an unknown id",
    lookup: () => getBandwidthOption({ ...model, uplinkModelId: PUBLIC_1G, id: 999 }),
    requests: {
      "GET /v1/locations/:location_id/order_options/server_models/:server_model_id/uplink_models/:uplink_model_id/bandwidth/:bandwidth_id": 1,
    },
    error: NoMatchError,
    message: /^getBandwidthOption: no bandwidth option has id 999 \(GET .*404 NOT_FOUND/,
  },
  {
    title: "getOperatingSystem of an unknown id",
    lookup: () => getOperatingSystem({ ...model, id: 999 }),
    requests: {
      "GET /v1/locations/:location_id/order_options/server_models/:server_model_id/operating_systems/:operating_system_id": 1,
    },
    error: NoMatchError,
    message: /^getOperatingSystem: no operating system has id 999 \(GET .*404 NOT_FOUND/,
  },
  {
    title: "getCloudRegion of an unknown id, naming those that exist",
    lookup: () => getCloudRegion({ id: 7 }),
    requests: {
      "GET /v1/cloud_computing/regions": 1,
    },
    error: NoMatchError,
    message: "getCloudRegion: no cloud region has id 7; available: 1, 2",
  },
  {
    title: "getCloudFlavor of an unknown id, in its region",
    lookup: () => getCloudFlavor({ regionId: 1, id: "SSD.1" }),
    requests: {
      "GET /v1/cloud_computing/regions": 1,
      "GET /v1/cloud_computing/regions/:id/flavors": 1,
    },
    error: NoMatchError,
    message:
      "getCloudFlavor: no cloud flavor has id SSD.1 in cloud region AMS1; available: SSD.30, " +
      "SSD.50, SSD.80, SSD.120",
  },
  {
    title: "getKubernetesCluster of an unknown id",
    lookup: () => getKubernetesCluster({ id: "NoK8s001" }),
    requests: {
      "GET /v1/kubernetes_clusters/:id": 1,
    },
    error: NoMatchError,
    message: /^getKubernetesCluster: no Kubernetes cluster has id NoK8s001 \(GET .*404 NOT_FOUND/,
  },
  {
    title: "getKubernetesClusterNode of an unknown id",
    lookup: () => getKubernetesClusterNode({ clusterId: "K8sProd1", id: "NoNode01" }),
    requests: {
      "GET /v1/kubernetes_clusters/:id/nodes/:node_id": 1,
    },
    error: NoMatchError,
    message:
      /^getKubernetesClusterNode: no Kubernetes cluster node has id NoNode01 \(GET .*404 NOT_FOUND/,
  },
  {
    title: "getLoadBalancerCluster of an unknown id",
    lookup: () => getLoadBalancerCluster({ id: "Nope" }),
    requests: {
      "GET /v1/load_balancer_clusters/:id": 1,
    },
    error: NoMatchError,
    message: /^getLoadBalancerCluster: no load balancer cluster has id Nope \(GET .*404 NOT_FOUND/,
  },
  {
    title: "getRack of an unknown id",
    lookup: () => getRack({ id: "Nope" }),
    requests: {
      "GET /v1/racks/:id": 1,
    },
    error: NoMatchError,
    message: /^getRack: no rack has id Nope \(GET .*404 NOT_FOUND/,
  },
  {
    title: "getNetworkPool of an unknown id",
    lookup: () => getNetworkPool({ id: "NoSuchPl" }),
    requests: {
      "GET /v1/network_pools/:pool_id": 1,
    },
    error: NoMatchError,
    message: /^getNetworkPool: no network pool has id NoSuchPl \(GET .*404 NOT_FOUND/,
  },
  {
    title: "getSslCertificate of an id of another type",
    lookup: () => getSslCertificate({ id: "LeCert02", type: "custom" }),
    requests: {
      "GET /v1/ssl_certificates/custom/:id": 1,
    },
    error: NoMatchError,
    message: "getSslCertificate: no SSL certificate of type custom has id LeCert02",
  },
  {
    title: "getHost of an id of no kind",
    lookup: () => getHost({ id: "Nope0001" }),
    requests: {
      "GET /v1/hosts/dedicated_servers/:id": 1,
      "GET /v1/hosts/kubernetes_baremetal_nodes/:id": 1,
      "GET /v1/hosts/sbm_servers/:id": 1,
    },
    error: NoMatchError,
    message: "getHost: no host of any kind has id Nope0001",
  },
];

describe("a lookup of one thing, by id and by name", () => {
  it.each(ONE)("$title", async ({ lookup, requests, result }) => {
    await bed.sim.control.clearRequestCounts();
    expect(await lookup()).toMatchObject(result);
    expect(await bed.sim.control.requestCounts()).toEqual(requests);
  });
});

describe("a list", () => {
  it.each(LISTS)("$title", async ({ lookup, requests, result }) => {
    await bed.sim.control.clearRequestCounts();
    expect(await lookup()).toMatchObject(result);
    expect(await bed.sim.control.requestCounts()).toEqual(requests);
  });
});

describe("a lookup that fails", () => {
  it.each(FAILURES)("$title", async ({ lookup, requests, error, message }) => {
    await bed.sim.control.clearRequestCounts();
    const failure = await bed.failure(lookup());
    expect(failure).toBeInstanceOf(error);
    if (typeof message === "string") expect(failure.message).toBe(message);
    else expect(failure.message).toMatch(message);
    expect(await bed.sim.control.requestCounts()).toEqual(requests);
  });
});
