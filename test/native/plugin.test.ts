// The native provider plugin (`pulumi-resource-serverscom`) over gRPC, started from the package's
// `bin` as the Pulumi CLI starts a plugin (scripts/engine/plugin.ts), against the simulator: the
// protocol calls the engine scenarios (test/engine) do not make on their own: plugin info and
// schema, the provider's configuration, detailed diffs, secrets and unknowns as the engine
// marshals them, previews, every lookup function through Invoke, and Cancel.
// Needs a current dist/ (npm test builds it first; alone: npm run build).
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerLabelForUrn } from "../../provider/framework/ownership";
import { PluginHost } from "../../scripts/engine/plugin";
import { repoRoot } from "../../scripts/engine/repo";
import { secretValue } from "../../scripts/engine/secrets";
import { ServersComClient } from "../../sdk/client";
import { AMS1, type Simulator, startSimulator } from "../../simulator";
import { orderDedicatedServer } from "../sdk-simulator/dedicated-order";

const REPO = repoRoot();
const PROJECT_DIR = join(REPO, "test", "engine", "project");
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const VOLUME = "urn:pulumi:dev::native::serverscom:index:RbsVolume::data";
const SIG = "4dabf18193072939515e22adb298388d";

let sim: Simulator;
let host: PluginHost;
const logged: string[] = [];
/** Credentials the simulator gave out during the tests (looked for in what the plugin logged). */
const credentials: string[] = [];

async function startPlugin(env: Record<string, string> = {}): Promise<PluginHost> {
  return PluginHost.start({
    projectDir: PROJECT_DIR,
    project: "native",
    env: { SERVERSCOM_POLL_INTERVAL_MS: "5", ...env },
    onStderr: (line) => logged.push(line),
  });
}

/** A plugin configured for `against` (its token as a secret); stopped again if that fails. */
async function configuredPlugin(against: Simulator): Promise<PluginHost> {
  const plugin = await startPlugin();
  try {
    await plugin.configure({
      "serverscom:apiToken": secretValue(against.token),
      "serverscom:apiUrl": against.url,
    });
  } catch (error) {
    await plugin.stop();
    throw error;
  }
  return plugin;
}

beforeAll(async () => {
  sim = await startSimulator({ speed: 3000 });
  host = await configuredPlugin(sim);
});

afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

describe("the plugin executable", () => {
  it("is the package's bin, and tells its version", async () => {
    expect(PluginHost.executable(PROJECT_DIR)).toBe(
      join(REPO, "dist", "provider", "native", "main.js"),
    );
    const { version } = (await import(join(REPO, "package.json"))) as { version: string };
    expect(await host.pluginVersion()).toBe(version);
  });

  it("serves its schema, with every kind the registry knows and every lookup function", async () => {
    const schema = JSON.parse(await host.schema()) as {
      name: string;
      resources: Record<string, unknown>;
      functions: Record<string, unknown>;
    };
    expect(schema.name).toBe("serverscom");
    const registry = (await import(join(REPO, "dist", "provider", "registry.js"))) as {
      resourceKinds: string[];
    };
    expect(Object.keys(schema.resources).sort()).toEqual(
      registry.resourceKinds.map((kind) => `serverscom:index:${kind}`).sort(),
    );
    const functions = (await import(join(REPO, "dist", "provider", "native", "functions.js"))) as {
      lookups: Map<string, unknown>;
    };
    expect(Object.keys(schema.functions).sort()).toEqual(
      [...functions.lookups.keys()].map((name) => `serverscom:index:${name}`).sort(),
    );
  });
});

describe("the provider's configuration", () => {
  it("CheckConfig names a bad URL and an unknown key, and passes unknowns", async () => {
    const { failures } = await host.checkConfig({
      apiToken: secretValue("t0ken-value"),
      apiUrl: "ftp://example.com",
      region: "x",
    });
    expect(failures).toEqual([
      {
        property: "apiUrl",
        reason: "serverscom:apiUrl must be an http or https URL such as https://api.servers.com",
      },
      {
        property: "region",
        reason: "serverscom:region is not a setting of this provider (settings: apiToken, apiUrl)",
      },
    ]);
    expect((await host.checkConfig({ apiToken: UNKNOWN, apiUrl: UNKNOWN })).failures).toEqual([]);
  });

  it("DiffConfig names what changed and replaces nothing", async () => {
    const olds = { apiToken: secretValue("one-token"), apiUrl: "https://a.example" };
    expect(await host.diffConfig(olds, olds)).toMatchObject({ changes: "none", diffs: [] });
    const diff = await host.diffConfig(olds, { ...olds, apiToken: secretValue("two-token") });
    expect(diff).toMatchObject({ changes: "some", diffs: ["apiToken"], replaces: [] });
  });

  it("falls back to SERVERSCOM_API_TOKEN when the configuration has no token", async () => {
    const plugin = await startPlugin({ SERVERSCOM_API_TOKEN: sim.token });
    try {
      await plugin.configure({ "serverscom:apiUrl": sim.url });
      const { locations } = await plugin.invoke("serverscom:index:getLocations", {});
      expect(locations).toEqual(expect.arrayContaining([expect.objectContaining({ id: AMS1 })]));
    } finally {
      await plugin.stop();
    }
  });

  it("without any token, a request fails naming both ways to set one", async () => {
    const plugin = await startPlugin();
    try {
      await plugin.configure({ "serverscom:apiUrl": sim.url });
      const error = await plugin.invoke("serverscom:index:getLocations", {}).catch((e) => e);
      expect((error as Error).message).toContain("serverscom: no API token");
    } finally {
      await plugin.stop();
    }
  });
});

describe("a resource through the protocol", () => {
  const inputs = { locationId: AMS1, flavorId: 1, size: 10, labels: { team: "a" } };

  it("Check applies the constructor's defaults (the name is the resource's) and names failures", async () => {
    const checked = await host.check(VOLUME, {}, inputs);
    expect(checked).toEqual({ inputs: { ...inputs, name: "data" }, failures: [] });
    const bad = await host.check(VOLUME, {}, { ...inputs, size: 0 });
    expect(bad.failures).toEqual([
      { property: "size", reason: "size must be at least 1 GB (got 0 GB)" },
    ]);
    // An unknown value (a preview) passes, to be checked once known.
    expect((await host.check(VOLUME, {}, { ...inputs, size: UNKNOWN })).failures).toEqual([]);
  });

  let id = "";
  let outputs: Record<string, unknown> = {};

  it("a preview's Create answers the inputs, unknowns kept, and makes nothing", async () => {
    const preview = await host.rawCreate(VOLUME, { ...inputs, name: "data", size: UNKNOWN }, true);
    expect(preview).toEqual({ id: "", properties: { ...inputs, name: "data", size: UNKNOWN } });
    expect(await sim.control.records("rbs_volumes")).toEqual([]);
  });

  it("Create makes the volume, seals its credentials, and logs progress to the engine", async () => {
    logged.length = 0;
    const created = await host.rawCreate(VOLUME, { ...inputs, name: "data" });
    id = created.id;
    const [record] = await sim.control.records("rbs_volumes");
    expect(record?.id).toBe(id);
    credentials.push(String(record?._password));
    expect(created.properties.password).toEqual({
      [SIG]: "1b47061264138c4ac30d75fd1eb44270",
      value: record?._password,
    });
    expect(created.properties.username).toEqual(
      expect.objectContaining({ [SIG]: expect.any(String) }),
    );
    expect(created.properties).toMatchObject({ name: "data", size: 10, status: "active" });
    expect(Object.keys(created.properties)).not.toContain("__ownerLabel");
    // The ownership label: the hash of the URN, by the dynamic door's rule; and the create label
    // of this very call.
    expect(record?.labels).toMatchObject({
      "pulumi-serverscom/owner": ownerLabelForUrn(VOLUME),
      "pulumi-serverscom/create": expect.stringMatching(/^c[0-9a-f]{32}$/),
    });
    expect(logged).toContainEqual(
      expect.stringMatching(
        new RegExp(`^serverscom:RbsVolume data \\(${id}\\): creating -> active`),
      ),
    );
    outputs = (await host.read(VOLUME, id, {}, {})).properties;
  });

  it("Diff reports each changed property with detailedDiff, and why it replaces", async () => {
    const news = { ...inputs, name: "data" };
    expect(await host.diff(VOLUME, id, outputs, news, news)).toMatchObject({
      changes: "none",
      detailed: {},
    });
    const grown = await host.diff(VOLUME, id, outputs, { ...news, size: 20, labels: {} }, news);
    expect(grown).toMatchObject({
      changes: "some",
      replaces: [],
      detailed: { size: 4, labels: 4 },
    });
    const moved = await host.diff(VOLUME, id, outputs, { ...news, locationId: 2 }, news);
    // UPDATE_REPLACE (5), deleting first (framework/diff.ts, diffProperties).
    expect(moved).toMatchObject({
      changes: "some",
      replaces: ["locationId"],
      deleteBeforeReplace: true,
      detailed: { locationId: 5 },
    });
    // An unknown input may change: it shows as a change.
    expect((await host.diff(VOLUME, id, outputs, { ...news, size: UNKNOWN }, news)).changes).toBe(
      "some",
    );
  });

  it("a secret input reaches the lifecycle in clear and comes back sealed", async () => {
    const checked = await host.check(VOLUME, {}, { ...inputs, name: secretValue("data") });
    expect(checked.failures).toEqual([]);
    expect(checked.inputs.name).toBe("data");
  });

  it("Read with the id alone gives the live object; Delete removes it; Read then finds nothing", async () => {
    const read = await host.importRead(VOLUME, id);
    expect(read.inputs).toEqual({ ...inputs, name: "data" });
    expect(read.properties).toEqual(outputs);
    await host.delete(VOLUME, id, outputs, {});
    expect(await sim.control.records("rbs_volumes")).toEqual([]);
    expect((await host.importRead(VOLUME, id)).id).toBe("");
  });

  it("a partial create is an init error with the object's id", async () => {
    const urn = "urn:pulumi:dev::native::serverscom:index:RbsVolume::slow";
    // The harness passes customTimeouts in the request's timeout field (seconds).
    PluginHost.timeouts.set(urn, { create: 1 });
    // The clock held (speed 0): the volume stays `creating` past the 1 s timeout, whatever the
    // machine's load; it moves again before the delete.
    await sim.control.setSpeed(0);
    const error = await host
      .create("urn:pulumi:dev::native::pulumi-nodejs:dynamic/serverscom:RbsVolume::slow", {
        ...inputs,
        name: "slow",
      })
      .catch((e: unknown) => e)
      .finally(() => sim.control.setSpeed(3000));
    expect(error).toMatchObject({ name: "InitError", id: expect.any(String) });
    const partialId = (error as { id: string }).id;
    const [record] = await sim.control.records("rbs_volumes");
    expect(record?.id).toBe(partialId);
    await host.delete(urn, partialId, {}, {});
  });

  it("an unknown resource type names the known ones", async () => {
    const error = await host
      .check("urn:pulumi:dev::native::serverscom:index:Volume::x", {}, {})
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain("unknown resource type serverscom:index:Volume");
  });
});

describe("Invoke", () => {
  // A simulator of its own, its clock stopped (speed 0): the plugin's answer and the TypeScript
  // function's are read one after the other, and a moving clock (a server's status, a balance)
  // could change between the two reads.
  let frozen: Simulator;
  let plugin: PluginHost;
  let client: ServersComClient;
  let serverId = "";
  let segmentId = "";
  let zoneId = "";
  let loadBalancerId = "";

  beforeAll(async () => {
    frozen = await startSimulator({ speed: 0 });
    plugin = await configuredPlugin(frozen);
    client = new ServersComClient({ token: frozen.token, baseUrl: frozen.url });
    serverId = (await orderDedicatedServer(client, "db-1.example.com")).id;
    const segment = await client.l2Segments.create({
      name: "backend",
      type: "private",
      location_group_id: 1,
      members: [{ id: serverId, mode: "native" }],
    });
    segmentId = segment.id;
    await client.cloudVolumes.create({ name: "logs", region_id: 1, size: 10, labels: {} });
    const zone = await client.dns.createDomain({ name: "example.net", email: "a@example.net" });
    zoneId = zone.id;
    await client.dns.createRecord(zone.id, { name: "www", type: "A", data: "192.0.2.1" });
    const balancer = await client.loadBalancers.createL4({
      name: "tcp front",
      location_id: AMS1,
      cluster_id: "LbClAms1",
      vhost_zones: [{ id: "tls", ports: [443], upstream_id: "app" }],
      upstream_zones: [{ id: "app", upstreams: [{ ip: "10.0.0.5", port: 8443 }] }],
    });
    loadBalancerId = balancer.id;
  });

  afterAll(async () => {
    await plugin?.stop();
    await client?.close();
    await frozen?.close();
  });

  const model = { locationId: AMS1, serverModelId: 101 };
  const calls: Record<string, () => Record<string, unknown>> = {
    getLocations: () => ({}),
    getLocation: () => ({ code: "AMS1" }),
    getServerModels: () => ({ locationId: AMS1 }),
    getServerModel: () => ({ locationId: AMS1, id: 101 }),
    getRamOptions: () => model,
    getOperatingSystems: () => model,
    getOperatingSystem: () => ({ ...model, id: 301 }),
    getDriveModels: () => model,
    getDriveModel: () => ({ ...model, id: 201 }),
    getUplinkModels: () => model,
    getUplinkModel: () => ({ ...model, id: 403 }),
    getBandwidthOptions: () => ({ ...model, uplinkModelId: 403 }),
    getBandwidthOption: () => ({ ...model, uplinkModelId: 403, id: 501 }),
    getSbmFlavorModels: () => ({ locationId: AMS1 }),
    getSbmFlavorModel: () => ({ locationId: AMS1, id: 602 }),
    getRbsFlavors: () => ({ locationId: AMS1 }),
    getRbsFlavor: () => ({ locationId: AMS1, id: 1 }),
    getCloudRegions: () => ({}),
    getCloudRegion: () => ({ id: 2 }),
    getCloudFlavor: () => ({ regionId: 2, id: "SSD.80" }),
    getCloudImage: () => ({ regionId: 2, name: "ubuntu 24.04" }),
    getCloudVolumes: () => ({}),
    getHosts: () => ({}),
    getHost: () => ({ id: serverId, type: "dedicated_server" }),
    getHostNetworks: () => ({ hostId: serverId, hostType: "dedicated_server" }),
    getServerOobCredentials: () => ({
      serverId,
      fingerprint: "0123 4567 89AB CDEF 0123 4567 89AB CDEF 0123 4567",
    }),
    getHostDriveSlots: () => ({ hostId: serverId }),
    getHostPowerFeeds: () => ({ hostId: serverId }),
    getServerConnections: () => ({ serverId }),
    getServerServices: () => ({ serverId }),
    getServerNetworkUsage: () => ({ serverId }),
    getCloudRegionCredentials: () => ({ regionId: 2 }),
    getHostsMetrics: () => ({}),
    getRacksMetrics: () => ({ name: "serverscom_racks_count" }),
    getKubernetesClusters: () => ({}),
    getKubernetesCluster: () => ({ id: "K8sProd1" }),
    getKubernetesClusterNodes: () => ({ clusterId: "K8sProd1" }),
    getKubernetesClusterNode: () => ({ clusterId: "K8sProd1", id: "KnProd04" }),
    getL2Segment: () => ({ id: segmentId }),
    getL2SegmentMembers: () => ({ l2SegmentId: segmentId }),
    getNetworkPools: () => ({}),
    getNetworkPool: () => ({ id: "NpDfw1Pr" }),
    getSubnetworks: () => ({ networkPoolId: "NpAms1Pr" }),
    getLoadBalancers: () => ({}),
    getLoadBalancer: () => ({ id: loadBalancerId }),
    getLoadBalancerClusters: () => ({}),
    getLoadBalancerCluster: () => ({ id: "LbClAms1" }),
    getDnsZones: () => ({}),
    getDnsRecords: () => ({ zoneId }),
    getSslCertificates: () => ({}),
    getSslCertificate: () => ({ id: "LeCert02" }),
    getAccountBalance: () => ({}),
    getInvoices: () => ({}),
    getRacks: () => ({}),
    getRack: () => ({ id: "Rack0001" }),
  };

  it("has a call here for every function of the schema", async () => {
    const schema = JSON.parse(await plugin.schema()) as { functions: Record<string, unknown> };
    expect(
      Object.keys(calls)
        .map((name) => `serverscom:index:${name}`)
        .sort(),
    ).toEqual(Object.keys(schema.functions).sort());
  });

  for (const name of Object.keys(calls)) {
    it(`serverscom:index:${name} answers what the TypeScript function answers`, async () => {
      const args = calls[name]?.() ?? {};
      const answer = await plugin.invoke(`serverscom:index:${name}`, args);
      const fns = (await import(join(REPO, "dist", "provider", "native", "functions.js"))) as {
        lookups: Map<string, (a: unknown) => Promise<unknown>>;
        configureLookups(settings: { token: string; url: string }): void;
      };
      fns.configureLookups({ token: frozen.token, url: frozen.url });
      const direct = JSON.parse(JSON.stringify(await fns.lookups.get(name)?.(args)));
      expect(answer).toEqual(direct);
      expect(Object.keys(answer).length).toBeGreaterThan(0);
    });
  }

  it("the out-of-band credentials come back secret, as their Output form is", async () => {
    const args = calls.getServerOobCredentials?.() ?? {};
    const sealed = await plugin.rawInvoke("serverscom:index:getServerOobCredentials", args);
    const clear = await plugin.invoke("serverscom:index:getServerOobCredentials", args);
    expect(Object.keys(clear).sort()).toEqual(["login", "secret", "serverId"]);
    expect(sealed).toEqual(
      Object.fromEntries(Object.entries(clear).map(([key, value]) => [key, secretValue(value)])),
    );
  });

  it("a lookup's error reaches the engine with its message", async () => {
    const error = await host
      .invoke("serverscom:index:getLocation", { code: "XXX9" })
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain("getLocation");
  });

  it("a secret argument makes the result secret", async () => {
    const plugin = await configuredPlugin(sim);
    try {
      const direct = await host.invoke("serverscom:index:getLocation", { code: "AMS1" });
      const answer = await plugin.rawInvoke("serverscom:index:getLocation", {
        code: secretValue("AMS1"),
      });
      expect(answer).toEqual(
        Object.fromEntries(Object.entries(direct).map(([key, value]) => [key, secretValue(value)])),
      );
    } finally {
      await plugin.stop();
    }
  });
});

describe("what the plugin logged", () => {
  it("holds neither the token nor any credential the simulator gave out", async () => {
    expect(logged.length).toBeGreaterThan(0);
    const secrets = [sim.token, ...credentials];
    expect(credentials.length).toBeGreaterThan(0);
    for (const line of logged) for (const secret of secrets) expect(line).not.toContain(secret);
  });
});

describe("Cancel", () => {
  it("is acknowledged, and no new operation starts after it", async () => {
    const plugin = await configuredPlugin(sim);
    try {
      await plugin.cancel();
      const error = await plugin
        .rawCreate(VOLUME, { locationId: AMS1, flavorId: 1, size: 10, name: "late" })
        .catch((e: unknown) => e);
      expect((error as Error).message).toContain("cancelled");
      expect(await sim.control.records("rbs_volumes")).toEqual([]);
    } finally {
      await plugin.stop();
    }
  });
});
