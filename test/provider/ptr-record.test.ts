// PtrRecord's provider implementation against the simulator, on virtual time: what its
// conformance row (test/conformance/kinds/ptr-record.ts: a cloud instance's record created, read,
// replaced for any change, deleted, changed or deleted outside Pulumi, its lost create answer)
// does not assert: a host's records (the seeded Kubernetes bare metal node BmNode01), canonical
// spellings, a target gone, records never adopted but by adoptId, the id's forms, check.
import { describe, expect, it } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { ptrRecordKind } from "../../provider/ptr-record/definition";
import {
  HOST_TYPES,
  type PtrTarget,
  parsePtrResourceId,
  ptrResourceId,
} from "../../provider/ptr-record/target";
import { failsOnEach } from "./check-cases";
import { activeCloudInstance } from "./cloud-instance-support";
import { CLOUD_RECORDS, HOST, HOST_IP, HOST_RECORDS } from "./ptr-record-support";
import { createdBy, engineInputs, kindSuite, recordCount as recordsIn } from "./support";

const { bed, provider, checkFailures, failure } = kindSuite(ptrRecordKind, {
  atLeast: 10,
});

const CLOUD_POST = "POST /v1/cloud_computing/instances/:id/ptr_records";
const cloudInstance = () => activeCloudInstance(bed.client, bed.sim);

/** Inputs as the engine sends them for a PtrRecord named `name` in project/stack p/s. */
function ptrInputs(name: string, fields: PropertyBag): Record<string, unknown> {
  return engineInputs("PtrRecord", name, {
    ...fields,
  });
}

async function created(fields: PropertyBag) {
  return createdBy(provider, ptrInputs("rdns", fields));
}

const recordCount = (collection: string) => recordsIn(bed, collection);

describe("a host's record", () => {
  it("lives under the host's path, with the declared ttl and priority", async () => {
    const { id, outs } = await created({
      ...HOST,
      ip: HOST_IP,
      domain: "bm.example.com",
      ttl: 300,
      priority: 10,
    });
    const [record] = await bed.sim.control.records(HOST_RECORDS);
    expect(id).toBe(`hosts/kubernetes_baremetal_nodes/BmNode01/ptr_records/${record?.id}`);
    expect(record).toMatchObject({ ip: HOST_IP, domain: "bm.example.com", ttl: 300, priority: 10 });
    expect(outs).toMatchObject({ ...HOST, ttl: 300, priority: 10, ptrRecordId: record?.id });
    expect(outs).not.toHaveProperty("cloudInstanceId");
    await provider.delete(id, outs);
    expect(await recordCount(HOST_RECORDS)).toBe(0);
  });

  it("compares addresses and domains in canonical form: another spelling is no change", async () => {
    const { inputs, id, outs } = await created({
      ...HOST,
      ip: "2001:DB8:0:0::A",
      domain: "BM.Example.com",
    });
    expect(outs).toMatchObject({ ip: "2001:db8::a", domain: "bm.example.com" });
    expect(await provider.diff(id, outs, inputs)).toMatchObject({ changes: false });
    expect(
      await provider.diff(id, outs, { ...inputs, ip: "2001:db8::a", domain: "bm.example.com" }),
    ).toMatchObject({ changes: false });
    // And create names it (not adopting it) under either spelling.
    const again = await provider.create({ ...inputs, ip: "2001:db8:0::a" });
    expect(again.id).not.toBe(id);
    expect(bed.lines.join("\n")).toContain(`not adopting ${id}`);
  });
});

// The row asserts a drift (replaced) and the record deleted outside Pulumi.
describe("deletion outside Pulumi", () => {
  it("read answers {} when the record's cloud instance is gone; delete is then done", async () => {
    const instance = await cloudInstance();
    const { id, outs } = await created({
      cloudInstanceId: instance.id,
      ip: instance.ip,
      domain: "web.example.com",
    });
    await bed.sim.control.remove("cloud_instances", instance.id);
    expect(await provider.read(id, outs)).toEqual({});
    await provider.delete(id, outs);
  });
});

// The row asserts a lost create answer: the record that appeared is taken at once.
describe("idempotent create: the record with the declared target, ip and domain", () => {
  it("never adopts a record that matches; after a lost answer takes only the new one", async () => {
    // An earlier create, another resource with identical inputs, or a record made by hand: it is
    // named, never taken (issue 12, item 5), and a second record is added beside it.
    const instance = await cloudInstance();
    const declared = { cloudInstanceId: instance.id, ip: instance.ip, domain: "web.example.com" };
    const first = await created(declared);
    await bed.sim.control.setFaults({
      rules: [{ kind: "dropResponseAfterApply", probability: 1, method: "POST", times: 1 }],
    });
    const second = await created(declared);
    expect(second.id).not.toBe(first.id);
    expect(await recordCount(CLOUD_RECORDS)).toBe(2);
    expect((await bed.sim.control.requestCounts())[CLOUD_POST]).toBe(2);
    expect(bed.lines.join("\n")).toContain(`not adopting ${first.id}`);
    expect(bed.lines.join("\n")).toContain("but the API had applied it");
    // Destroying one leaves the other's record.
    await provider.delete(first.id, first.outs);
    expect((await provider.read(second.id, second.outs)).id).toBe(second.id);
  });

  it("takes over a record only when named by adoptId, and only as declared", async () => {
    const existing = await bed.client.kubernetesBaremetalNodes.createPtrRecord("BmNode01", {
      ip: HOST_IP,
      domain: "bm.example.com",
      ttl: 120,
    });
    const id = `hosts/kubernetes_baremetal_nodes/BmNode01/ptr_records/${existing.id}`;
    const declared = { ...HOST, ip: HOST_IP, domain: "bm.example.com", adoptId: id };
    const error = await failure(provider.create(ptrInputs("rdns", { ...declared, ttl: 300 })));
    expect(error.message).toContain(
      `adoptId: the PTR record "${id}" cannot be adopted as declared`,
    );
    const adopted = await provider.create(ptrInputs("rdns", { ...declared, ttl: 120 }));
    expect(adopted.id).toBe(id);
    expect(await recordCount(HOST_RECORDS)).toBe(1);
  });

  it("says when the target does not exist", async () => {
    const error = await failure(
      provider.create(
        ptrInputs("rdns", {
          cloudInstanceId: "nope1234",
          ip: "203.0.113.1",
          domain: "a.example.com",
        }),
      ),
    );
    expect(error.message).toBe(
      'there is no cloud instance "nope1234" (404) to add a PTR record to',
    );
  });
});

describe("the resource id: the record's path below /v1", () => {
  it("round-trips for every target type", () => {
    for (const type of ["cloud_instance", ...HOST_TYPES] as const) {
      const target = { type, id: "Ab12" } as PtrTarget;
      expect(parsePtrResourceId(ptrResourceId(target, "Pr34"))).toEqual({ target, ptrId: "Pr34" });
    }
    expect(ptrResourceId({ type: "sbm_server", id: "S1" }, "P1")).toBe(
      "hosts/sbm_servers/S1/ptr_records/P1",
    );
  });

  it("refuses anything else, naming the expected forms", async () => {
    const parsed = parsePtrResourceId("hosts/racks/1/ptr_records/2");
    expect(parsed).toBeInstanceOf(Error);
    expect((parsed as Error).message).toBe(
      '"hosts/racks/1/ptr_records/2" is not a PtrRecord id: expected ' +
        "cloud_computing/instances/<id>/ptr_records/<id> or " +
        "hosts/<dedicated_servers|sbm_servers|kubernetes_baremetal_nodes>/<id>/ptr_records/<id>",
    );
    const error = await failure(provider.read("Pr34", {}));
    expect(error.message).toContain('"Pr34" is not a PtrRecord id');
  });
});

describe("check: every rule is a failure naming the property", () => {
  const valid = ptrInputs("rdns", {
    cloudInstanceId: "Ci1",
    ip: "203.0.113.1",
    domain: "a.example.com",
  });
  const onHost = ptrInputs("rdns", { ...HOST, ip: HOST_IP, domain: "a.example.com" });

  const reasons = (news: PropertyBag) => checkFailures(provider, news);

  it("accepts either target", async () => {
    expect(await reasons(valid)).toEqual([]);
    expect(await reasons(onHost)).toEqual([]);
    expect(await reasons({ ...valid, ip: "2001:db8::1", ttl: 3600, priority: 0 })).toEqual([]);
  });

  failsOnEach(reasons, valid, [
    [
      { cloudInstanceId: undefined },
      "cloudInstanceId",
      "a PTR record needs exactly one target: set cloudInstanceId (a cloud instance), or " +
        "hostId with hostType (a host)",
    ],
    [
      { ...HOST },
      "hostId",
      "a PTR record has exactly one target: set cloudInstanceId or hostId (with hostType), not both",
    ],
    [
      { cloudInstanceId: "" },
      "cloudInstanceId",
      'cloudInstanceId must be a non-empty string (got "")',
    ],
    [
      { hostType: "sbm_server" },
      "hostType",
      "hostType goes only with hostId: it says which kind of host hostId names",
    ],
    [{ ip: undefined }, "ip", "ip is required"],
    [{ ip: "203.0.113" }, "ip", 'ip must be an IPv4 or IPv6 address (got "203.0.113")'],
    [{ domain: undefined }, "domain", "domain is required"],
    [
      { domain: "a.example.com." },
      "domain",
      'domain must be written without the trailing dot (got "a.example.com.")',
    ],
    [
      { domain: "localhost" },
      "domain",
      "domain must be a fully qualified domain name such as host.example.com: dot-separated " +
        'labels of letters, digits and inner dashes, at most 63 characters each (got "localhost")',
    ],
    [
      { domain: "-a.example.com" },
      "domain",
      "domain must be a fully qualified domain name such as host.example.com: dot-separated " +
        'labels of letters, digits and inner dashes, at most 63 characters each (got "-a.example.com")',
    ],
    [
      { domain: `${"a".repeat(63)}.`.repeat(4).concat("com") },
      "domain",
      "domain must be at most 253 characters (got 259)",
    ],
    [{ ttl: 0 }, "ttl", "ttl must be at least 1 s (got 0 s)"],
    [{ ttl: 700_000 }, "ttl", "ttl must be at most 604800 s (got 700000 s)"],
    [{ ttl: 1.5 }, "ttl", "ttl must be a whole number (got 1.5)"],
    [{ priority: -1 }, "priority", "priority must be at least 0 (got -1)"],
    [{ priority: 70_000 }, "priority", "priority must be at most 65535 (got 70000)"],
  ]);

  failsOnEach(
    reasons,
    onHost,
    [
      [
        { hostType: undefined },
        "hostType",
        "hostType is required with hostId: one of dedicated_server, sbm_server, kubernetes_baremetal_node",
      ],
      [
        { hostType: "rack" },
        "hostType",
        'hostType must be one of dedicated_server, sbm_server, kubernetes_baremetal_node (got "rack")',
      ],
      [{ hostId: "" }, "hostId", 'hostId must be a non-empty string (got "")'],
    ],
    "on a host, ",
  );

  it("tolerates values unknown during preview, and diffs them as possible replacements", async () => {
    expect(
      await reasons({
        ...valid,
        cloudInstanceId: UNKNOWN,
        ip: UNKNOWN,
        domain: UNKNOWN,
        ttl: UNKNOWN,
      }),
    ).toEqual([]);
    expect(await reasons({ ...onHost, hostId: UNKNOWN, hostType: UNKNOWN })).toEqual([]);
    const outs = {
      cloudInstanceId: "Ci1",
      ip: "203.0.113.1",
      domain: "a.example.com",
      ttl: 60,
      priority: 0,
    };
    expect(await provider.diff("x", outs, { ...valid, domain: UNKNOWN })).toMatchObject({
      changes: true,
      replaces: ["domain"],
    });
  });
});
