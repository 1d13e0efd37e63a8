// Issue 25, item 2: after a create POST answered 504 that the API did not apply, the late-commit
// look-up of a kind without labels takes only what this create could have made (an object that
// was not there before the POST and matches every input), and never an object the API keeps
// unique by content that another program may have made (DnsRecord, CloudSnapshot, Subnetwork by
// CIDR, a server's IPv6 HostNetwork): such an object is named with adoptId, never recorded, so
// destroying the resource cannot delete it. Against the simulator's `foreignTwin` fault (the
// same create applied as another program's, the caller's own never applied) and a foreign object
// committed while the look-up runs.
import { describe, expect, it } from "vitest";
import { cloudSnapshotKind } from "../../provider/cloud-snapshot/definition";
import { dnsRecordKind } from "../../provider/dns-record/definition";
import { dnsZoneKind } from "../../provider/dns-zone/definition";
import type { PropertyBag } from "../../provider/framework/check";
import type { ResourceKind } from "../../provider/framework/kind";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { hostNetworkKind } from "../../provider/host-network/definition";
import { subnetworkKind } from "../../provider/subnetwork/definition";
import { orderedDedicatedServer } from "./host-network-support";
import { engineInputs, onceOnPost, suiteBed } from "./support";

const { bed, failure } = suiteBed({ atLeast: 4 });

interface Case {
  readonly kind: ResourceKind<object>;
  readonly path: string;
  /** The resource's inputs, after preparing what they need (a zone, an instance, a server). */
  inputs(): Promise<PropertyBag>;
  /** The live objects of the kind this case's create could reach. */
  count(inputs: PropertyBag): Promise<number>;
}

const dnsRecord: Case = {
  kind: dnsRecordKind as ResourceKind<object>,
  path: "/v1/dns/domains/*/records",
  async inputs() {
    const zone = await createKindProvider(dnsZoneKind, bed.context).create(
      engineInputs("DnsZone", "zone", { name: "example.com", email: "admin@example.com" }),
    );
    return engineInputs("DnsRecord", "www", {
      zoneId: zone.id,
      name: "www",
      type: "A",
      data: "192.0.2.1",
      ttl: 300,
    });
  },
  count: async (inputs) =>
    (await bed.client.dns.listRecords(String(inputs.zoneId), { type: "A" }).toArray({ limit: 100 }))
      .length,
};

/** A cloud instance in region 1 (AMS1), active: one can take snapshots of it. */
async function activeInstance(name: string) {
  const instance = await bed.client.cloudInstances.create({
    name,
    region_id: 1,
    flavor_id: "SSD.30",
    image_id: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01",
  });
  await bed.sim.control.advance(10 * 60_000);
  return instance;
}

const cloudSnapshot: Case = {
  kind: cloudSnapshotKind as ResourceKind<object>,
  path: "/v1/cloud_computing/regions/*/snapshots",
  async inputs() {
    const instance = await activeInstance("web");
    return engineInputs("CloudSnapshot", "golden", {
      name: "golden",
      regionId: 1,
      instanceId: instance.id,
    });
  },
  count: async () => (await bed.sim.control.records("cloud_snapshots")).length,
};

const subnetwork: Case = {
  kind: subnetworkKind as ResourceKind<object>,
  path: "/v1/network_pools/*/subnetworks",
  inputs: async () =>
    engineInputs("Subnetwork", "private", {
      networkPoolId: "NpAms1Pr",
      cidr: "10.20.0.0/29",
      title: "db",
    }),
  count: async () => (await bed.sim.control.records("subnetworks")).length,
};

const ipv6Network: Case = {
  kind: hostNetworkKind as ResourceKind<object>,
  path: "/v1/hosts/dedicated_servers/*/networks/public_ipv6",
  async inputs() {
    const hostId = await orderedDedicatedServer(bed.client);
    await bed.sim.control.advance(60 * 60_000);
    return engineInputs("HostNetwork", "v6", {
      hostId,
      hostType: "dedicated_server",
      type: "public_ipv6",
    });
  },
  count: async (inputs) =>
    (
      await bed.client.dedicatedServers
        .listNetworks(String(inputs.hostId), { family: "ipv6", interfaceType: "public" })
        .toArray({ limit: 100 })
    ).length,
};

describe.each([
  ["DnsRecord", dnsRecord],
  ["CloudSnapshot", cloudSnapshot],
  ["Subnetwork by CIDR", subnetwork],
  ["HostNetwork public IPv6", ipv6Network],
])("%s: a 504 not applied, another program's identical object meanwhile", (_name, c) => {
  it("is not taken: the create fails naming it and adoptId, and nothing is recorded", async () => {
    const inputs = await c.inputs();
    const provider = createKindProvider(c.kind, bed.context);
    const before = await c.count(inputs);
    await bed.sim.control.setFaults({ rules: [onceOnPost("foreignTwin", c.path)] });
    const error = await failure(provider.create(inputs));
    expect(error.message).toMatch(/the create request failed \(.*504.*\), and since then/);
    expect(error.message).toContain("adoptId");
    expect(error).not.toHaveProperty("id");
    // Only the other program's object exists, untouched.
    expect(await c.count(inputs)).toBe(before + 1);
    // The next create stops at it too, naming adoptId: never a silent second order.
    const again = await failure(provider.create(inputs));
    expect(again.message).toContain("adoptId");
    expect(await c.count(inputs)).toBe(before + 1);
  });
});

/**
 * Theirs (`foreign`, a create of another program) is committed 30 s into our look-up; ours is
 * answered 504 and never applied. Answers the error of our create.
 */
async function createBesideLateForeign(
  c: Case,
  inputs: PropertyBag,
  foreign: () => Promise<unknown>,
): Promise<Error> {
  const provider = createKindProvider(c.kind, bed.context);
  await bed.sim.control.setFaults({
    rules: [
      onceOnPost("lateCommit", c.path, { delayMs: 30_000 }),
      onceOnPost("error5xx", c.path, { status: 504 }),
    ],
  });
  await failure(foreign());
  return failure(provider.create(inputs));
}

describe("an object that differs in an input appeared meanwhile: not this create's", () => {
  it("CloudSnapshot: a snapshot of another instance with the same name is never taken", async () => {
    const inputs = await cloudSnapshot.inputs();
    const other = await activeInstance("other");
    const error = await createBesideLateForeign(cloudSnapshot, inputs, () =>
      bed.client.cloudRegions.createSnapshot(1, { name: "golden", instance_id: other.id }),
    );
    expect(error.message).toMatch(/no cloud snapshot it made appeared within/);
    const snapshots = await bed.sim.control.records("cloud_snapshots");
    expect(snapshots.map((s) => s._instance_id)).toEqual([other.id]);
  });

  it("DnsRecord: an identical record but for its TTL is never taken", async () => {
    const inputs = await dnsRecord.inputs();
    const error = await createBesideLateForeign(dnsRecord, inputs, () =>
      bed.client.dns.createRecord(String(inputs.zoneId), {
        name: "www",
        type: "A",
        data: "192.0.2.1",
        ttl: 60,
      }),
    );
    expect(error.message).toMatch(/no DNS record it made appeared within/);
  });
});
