// Records in the shapes the official sources document as null or absent at some stage
// (docs/wire.md, "Schema policy"), served by the simulator exactly as seeded: each goes through the
// SDK's get and list, and through the provider's read and refresh (read, then the engine's diff of
// the read inputs against the read outputs), with no failure and a clear output (null or absent,
// never a crash of the whole list or of every resource on its page).

import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cloudInstanceKind } from "../../provider/cloud-instance/definition";
import { dedicatedServerKind } from "../../provider/dedicated-server/definition";
import { isHostReady } from "../../provider/dedicated-server/record";
import { TOKEN_KEY, URL_KEY } from "../../provider/framework/configuration";
import { TIMEOUTS_INPUT } from "../../provider/framework/hidden";
import type { ResourceKind } from "../../provider/framework/kind";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { getHostNetworks } from "../../provider/functions";
import { closeFunctionClients } from "../../provider/functions/framework/settings";
import { l2SegmentKind } from "../../provider/l2-segment/definition";
import { rbsVolumeKind } from "../../provider/rbs-volume/definition";
import { sbmServerKind } from "../../provider/sbm-server/definition";
import { platformUuidOf } from "../../sdk/areas/cloud-instances";
import type { WireRecord } from "../../simulator";
import { orderDedicatedServer } from "../sdk-simulator/dedicated-order";
import { closeTestBed, failureOf, startTestBed, type TestBed, volumeInputs } from "./support";

const AT = "2026-01-01T00:00:00.000Z";

/** A cloud instance as the service answers it; `fields` replace or (undefined) drop fields. */
function instance(id: string, fields: Record<string, WireRecord[string] | undefined>): WireRecord {
  const record: Record<string, WireRecord[string] | undefined> = {
    id,
    openstack_uuid: "b9e388ff-e53b-498a-8ef4-764450236788",
    status: "ACTIVE",
    name: id.toLowerCase(),
    region_id: 1,
    region_code: "AMS1",
    flavor_id: "SSD.50",
    flavor_name: "SSD.50",
    image_id: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01",
    image_name: "Ubuntu 24.04",
    public_ipv4_address: "198.51.100.10",
    private_ipv4_address: "10.0.0.10",
    local_ipv4_address: null,
    public_ipv6_address: null,
    ipv6_enabled: false,
    gpn_enabled: false,
    backup_copies: 0,
    public_port_blocked: false,
    labels: {},
    created_at: AT,
    updated_at: AT,
    ...fields,
  };
  return Object.fromEntries(
    Object.entries(record).filter(
      (entry): entry is [string, WireRecord[string]] => entry[1] !== undefined,
    ),
  );
}

/** An SBM server whose configuration_details lacks every key but ram_size, power unknown. */
const sbmServer: WireRecord = {
  id: "SbmShape1",
  rack_id: null,
  type: "sbm_server",
  title: "shape.example.com",
  location_id: 1,
  location_code: "AMS1",
  status: "active",
  operational_status: "normal",
  power_status: "unknown",
  configuration: "SBM-01",
  private_ipv4_address: null,
  public_ipv4_address: null,
  lease_start_at: null,
  scheduled_release_at: null,
  oob_ipv4_address: null,
  configuration_details: { ram_size: 32 },
  labels: {},
  created_at: AT,
  updated_at: AT,
};

/** A network right after it is ordered: no title, no cidr yet (Ansible's sbm_server_network test). */
const orderedNetwork: WireRecord = {
  id: "NetShape1",
  title: null,
  status: "new",
  cidr: null,
  family: "ipv4",
  interface_type: "public",
  distribution_method: "route",
  additional: true,
  created_at: AT,
  updated_at: AT,
  _host_id: "SbmShape1",
};

/** An L2 segment never updated: updated_at null. */
const segment: WireRecord = {
  id: "L2Shape1",
  name: "shape",
  type: "private",
  status: "active",
  location_group_id: 1,
  location_group_code: "AMS1",
  labels: {},
  created_at: AT,
  updated_at: null,
  _members: [],
  _vlan: 3000,
};

/** RBS volumes in the Go client fixtures' older vocabulary. */
function volume(id: string, status: string): WireRecord {
  return {
    id,
    name: id.toLowerCase(),
    size: 10,
    status,
    location_id: 1,
    location_code: "AMS1",
    flavor_id: 1,
    flavor_name: "Standard",
    iops: 100,
    bandwidth: 10,
    ip_address: null,
    target_iqn: null,
    labels: {},
    created_at: AT,
    updated_at: AT,
    _username: "u",
    _password: "p",
  };
}

let bed: TestBed;

beforeAll(async () => {
  bed = await startTestBed({
    seed: {
      records: {
        cloud_instances: [
          // openstack_uuid null and no public address while provisioning (Ansible documentation).
          instance("CiNullUuid", {
            status: "PROVISIONING",
            openstack_uuid: null,
            public_ipv4_address: null,
          }),
          // The same fields absent altogether.
          instance("CiNoUuid", { openstack_uuid: undefined, public_ipv4_address: undefined }),
        ],
        sbm_servers: [sbmServer],
        host_networks: [orderedNetwork],
        l2_segments: [segment],
        rbs_volumes: [
          volume("RbsAvail1", "available"),
          volume("RbsUpd1", "updating"),
          volume("RbsOdd1", "migrating"),
        ],
      },
    },
  });
  pulumi.runtime.setAllConfig({ [TOKEN_KEY]: bed.sim.token, [URL_KEY]: bed.sim.url }, [TOKEN_KEY]);
});

afterAll(async () => {
  pulumi.runtime.setAllConfig({}, []);
  await closeFunctionClients();
  await closeTestBed(bed, []);
});

/** The provider's read, then the engine's refresh diff of the read inputs against the outputs. */
async function readAndRefresh<Live extends object>(kind: ResourceKind<Live>, id: string) {
  const provider = createKindProvider(kind, bed.context);
  const read = await provider.read(id, {});
  expect(read.id).toBe(id);
  const props = read.props ?? {};
  await expect(provider.diff(id, props, read.inputs ?? {})).resolves.toBeDefined();
  return props;
}

describe("cloud instance: openstack_uuid and public_ipv4_address null or absent", () => {
  it.each(["CiNullUuid", "CiNoUuid"])(
    "%s: SDK get and list, provider read and refresh",
    async (id) => {
      const got = await bed.client.cloudInstances.get(id);
      expect(platformUuidOf(got)).toBeUndefined();
      expect(got.public_ipv4_address ?? null).toBeNull();
      const listed = await bed.client.cloudInstances.list().toArray({ limit: 100 });
      expect(listed.map((item) => item.id)).toContain(id);
      const outs = await readAndRefresh(cloudInstanceKind, id);
      expect(outs.platformUuid).toBeNull();
      expect(outs.publicIpv4Address).toBeNull();
    },
  );
});

describe("hosts: configuration_details keys absent, power_status unknown", () => {
  it("SBM server: SDK get, kind list and GET /hosts; provider read and refresh; ready", async () => {
    const got = await bed.client.sbmServers.get("SbmShape1");
    expect(got.configuration_details?.sbm_flavor_model_id).toBeUndefined();
    const listed = await bed.client.sbmServers.list().toArray({ limit: 1000 });
    expect(listed.map((host) => host.id)).toContain("SbmShape1");
    const hosts = await bed.client.hosts.list({ type: "sbm_server" }).toArray({ limit: 1000 });
    expect(hosts.map((host) => host.id)).toContain("SbmShape1");
    const outs = await readAndRefresh(sbmServerKind, "SbmShape1");
    expect(outs.powerStatus).toBe("unknown");
    // One power table for every kind: unknown is no power operation in progress.
    expect(sbmServerKind.isReady(got)).toBe(true);
  });

  it("dedicated server: the same shape reads, and unknown power does not hold readiness", async () => {
    const ordered = await orderDedicatedServer(bed.client, "shape-ds.example.com", {
      operating_system_id: 302,
    });
    await bed.sim.control.advance(24 * 60 * 60_000);
    await bed.sim.control.patch("dedicated_servers", ordered.id, {
      power_status: "unknown",
      configuration_details: { ram_size: 32 },
    });
    const got = await bed.client.dedicatedServers.get(ordered.id);
    expect(got.configuration_details?.server_model_id).toBeUndefined();
    expect(isHostReady({ server: got, features: {}, sshKeyFingerprints: [] })).toBe(true);
    const listed = await bed.client.hosts
      .list({ type: "dedicated_server" })
      .toArray({ limit: 100 });
    expect(listed.map((host) => host.id)).toContain(ordered.id);
    const outs = await readAndRefresh(dedicatedServerKind, ordered.id);
    expect(outs).toMatchObject({ powerStatus: "unknown", ramSize: 32 });
    expect(outs.serverModelId).toBeUndefined();
    expect(outs.uplinkModels).toBeUndefined();
  });
});

describe("networks: cidr and title null right after ordering", () => {
  it("SDK list and get; the getHostNetworks lookup answers null", async () => {
    const networks = await bed.client.sbmServers.listNetworks("SbmShape1").toArray({ limit: 10 });
    expect(networks).toEqual([
      expect.objectContaining({ id: "NetShape1", cidr: null, title: null }),
    ]);
    const one = await bed.client.sbmServers.getNetwork("SbmShape1", "NetShape1");
    expect(one.cidr).toBeNull();
    const result = await getHostNetworks({ hostId: "SbmShape1", hostType: "sbm_server" });
    expect(result.networks).toEqual([expect.objectContaining({ cidr: null, title: null })]);
  });
});

describe("L2 segment: updated_at null when never updated", () => {
  it("SDK get and list, provider read and refresh", async () => {
    expect((await bed.client.l2Segments.get("L2Shape1")).updated_at).toBeNull();
    const listed = await bed.client.l2Segments.list().toArray({ limit: 100 });
    expect(listed.map((item) => item.id)).toContain("L2Shape1");
    const outs = await readAndRefresh(l2SegmentKind, "L2Shape1");
    expect(outs.updatedAt).toBeNull();
  });
});

describe("RBS volume: the older statuses available and updating", () => {
  it("SDK get and list; the provider reads them, settled and in progress alike", async () => {
    expect((await bed.client.rbsVolumes.get("RbsAvail1")).status).toBe("available");
    const listed = await bed.client.rbsVolumes.list().toArray({ limit: 100 });
    expect(listed.map((item) => item.status)).toEqual(
      expect.arrayContaining(["available", "updating"]),
    );
    const available = await readAndRefresh(rbsVolumeKind, "RbsAvail1");
    expect(available.status).toBe("available");
    const updating = await readAndRefresh(rbsVolumeKind, "RbsUpd1");
    expect(updating.status).toBe("updating");
    expect(rbsVolumeKind.isReady(await bed.client.rbsVolumes.get("RbsAvail1"))).toBe(true);
    expect(rbsVolumeKind.isReady(await bed.client.rbsVolumes.get("RbsUpd1"))).toBe(false);
  });
});

describe("a status no source lists", () => {
  it("never crashes: read reports it, a wait shows it in progress lines and its timeout error", async () => {
    expect((await bed.client.rbsVolumes.get("RbsOdd1")).status).toBe("migrating");
    const outs = await readAndRefresh(rbsVolumeKind, "RbsOdd1");
    expect(outs.status).toBe("migrating");
    const provider = createKindProvider(rbsVolumeKind, bed.context);
    bed.lines.length = 0;
    const news = volumeInputs("rbsodd1", {
      locationId: 1,
      flavorId: 1,
      size: 20,
      [TIMEOUTS_INPUT]: { update: 60_000 },
    });
    const error = await failureOf(provider.update("RbsOdd1", outs, news));
    expect(error.message).toContain("migrating");
    expect(bed.lines.join("\n")).toContain("migrating");
  });
});
