// DnsZone and DnsRecord against the simulator, beyond the lifecycle every kind shares (their rows
// in test/conformance): the refused zone changes, the API's uniqueness instead of labels (a
// foreign zone of the same name, an identical record: never adopted silently), adoption by
// adoptId, names within the zone, check.
import { describe, expect, it } from "vitest";
import { dnsRecordKind } from "../../provider/dns-record/definition";
import { dnsZoneKind } from "../../provider/dns-zone/definition";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { createdBy, engineInputs, recordCount, requests, suiteBed } from "./support";

const { bed, messages, failure } = suiteBed({ atLeast: 4 });
const zones = createKindProvider(dnsZoneKind, bed.context);
const records = createKindProvider(dnsRecordKind, bed.context);

function zoneInputs(name: string, fields: PropertyBag = {}) {
  return engineInputs("DnsZone", name, {
    name: "example.com",
    email: "admin@example.com",
    ...fields,
  });
}

async function zone(fields: PropertyBag = {}) {
  return createdBy(zones, zoneInputs("zone", fields));
}

function recordInputs(zoneId: string, fields: PropertyBag = {}) {
  return engineInputs("DnsRecord", "www", {
    zoneId,
    name: "www",
    type: "A",
    data: "192.0.2.1",
    ...fields,
  });
}

async function record(zoneId: string, fields: PropertyBag = {}) {
  return createdBy(records, recordInputs(zoneId, fields));
}

describe("DnsZone", () => {
  it("refuses email and ttl changes before any request", async () => {
    const { inputs, id, outs } = await zone({ labels: { env: "prod" } });
    const error = await failure(
      zones.update(id, outs, { ...inputs, email: "dns@example.com", ttl: 60 }),
    );
    expect(error.message).toBe(
      `serverscom:DnsZone example.com (${id}): the DNS API changes only a zone's labels, not its ` +
        "email (admin@example.com -> dns@example.com) or ttl (3600 -> 60). Put back the zone's " +
        "values; to change them, remove the zone from the program and declare it again (deleting " +
        "a zone deletes every record in it)",
    );
    expect(error).not.toBeInstanceOf(PartialResourceError);
    expect((await bed.sim.control.peek("dns_domains", id))?.email).toBe("admin@example.com");
  });

  it("a second create never adopts a zone of that name, even with its ownership label: it stops, naming it", async () => {
    // Issue 12: what a create finds before its POST is never adopted; zone names are unique in
    // the API, so the create stops before ordering, naming the zone and adoptId.
    const inputs = zoneInputs("zone");
    const first = await zones.create(inputs);
    const error = await failure(zones.create(inputs));
    expect(error.message).toContain(`a DNS zone example.com already exists (id ${first.id})`);
    expect(error.message).toContain(`set adoptId: "${first.id}"`);
    expect(await recordCount(bed, "dns_domains")).toBe(1);
  });

  it("never takes over a zone of the same name that is not its own; adoptId does", async () => {
    const foreign = await bed.client.dns.createDomain({
      name: "example.com",
      email: "x@example.com",
    });
    const error = await failure(zones.create(zoneInputs("zone")));
    expect(error.message).toContain(
      `a DNS zone example.com already exists (id ${foreign.id}) and is not this resource's. ` +
        `To manage it with this resource, set adoptId: "${foreign.id}"`,
    );
    expect(await recordCount(bed, "dns_domains")).toBe(1);
    const adopted = await zones.create(
      zoneInputs("zone", { email: "x@example.com", adoptId: foreign.id, labels: { a: "b" } }),
    );
    expect(adopted.id).toBe(foreign.id);
    expect(adopted.outs).toMatchObject({ labels: { a: "b" } });
  });

  it.each([
    [
      { name: "Example.COM" },
      "name",
      'name must be a lower-case domain name such as example.com (got "Example.COM")',
    ],
    [
      { email: "nobody" },
      "email",
      'email must be an email address, the zone\'s SOA contact (got "nobody")',
    ],
    [{ ttl: 700_000 }, "ttl", "ttl must be at most 604800 s (got 700000 s)"],
  ])("check: %o fails on %s", async (change, property, reason) => {
    const result = await zones.check({}, { ...zoneInputs("zone"), ...change });
    expect(result.failures).toEqual([{ property, reason }]);
  });
});

describe("DnsRecord", () => {
  // Issue 25: check sees only the zone's id; create and update read the zone's name first.
  it("refuses an absolute name outside the zone before any POST, naming name", async () => {
    const { id: zoneId } = await zone();
    await bed.sim.control.clearRequestCounts();
    const error = await failure(records.create(recordInputs(zoneId, { name: "www.other.com." })));
    expect(error.message).toContain('name "www.other.com." is outside the zone example.com');
    expect(await requests(bed, "POST /v1/dns/domains/:domain_id/records")).toBe(0);
    expect(await recordCount(bed, "dns_records")).toBe(1);
    // The simulator refuses the same, as the API would (a zone serves only its own names).
    const refused = await failure(
      bed.client.dns.createRecord(zoneId, { name: "www.other.com.", type: "A", data: "192.0.2.1" }),
    );
    expect(refused.message).toMatch(/422[\s\S]*name/);
  });

  it("takes absolute names within the zone; refuses an update that moves one out", async () => {
    const { id: zoneId } = await zone();
    const { inputs, id, outs } = await record(zoneId, { name: "www.EXAMPLE.com." });
    expect(outs).toMatchObject({ name: "www.EXAMPLE.com." });
    const error = await failure(records.update(id, outs, { ...inputs, name: "example.org." }));
    expect(error.message).toContain("outside the zone example.com");
    expect((await records.read(id, outs)).props).toMatchObject({ name: "www.EXAMPLE.com." });
  });

  it("MX with priority; a change of data made outside Pulumi shows on read", async () => {
    const { id: zoneId } = await zone();
    const { id, outs } = await record(zoneId, {
      name: "@",
      type: "MX",
      data: "mail.example.com",
      priority: 10,
    });
    expect(outs).toMatchObject({ type: "MX", priority: 10 });
    await bed.client.dns.updateRecord(zoneId, String(outs.recordId), { data: "mx.example.net" });
    const read = await records.read(id, outs);
    expect(read.props).toMatchObject({ data: "mx.example.net", priority: 10 });
  });

  it("never adopts an identical record silently: the create stops naming it; adoptId takes it", async () => {
    const { id: zoneId } = await zone();
    const existing = await bed.client.dns.createRecord(zoneId, {
      name: "www",
      type: "A",
      data: "192.0.2.1",
    });
    const error = await failure(records.create(recordInputs(zoneId)));
    expect(error.message).toContain(
      `the zone already has this A record www -> 192.0.2.1 (id ${zoneId}/${existing.id})`,
    );
    const adopted = await records.create(
      recordInputs(zoneId, { adoptId: `${zoneId}/${existing.id}`, ttl: 60 }),
    );
    expect(adopted.id).toBe(`${zoneId}/${existing.id}`);
    expect(adopted.outs).toMatchObject({ ttl: 60 });
    // Another data is another record: created beside it.
    const other = await record(zoneId, { data: "192.0.2.9" });
    expect(other.id).not.toBe(adopted.id);
  });

  it("a record gone with its zone reads as {}; a malformed id is refused", async () => {
    const { id: zoneId, outs: zoneOuts } = await zone();
    const second = await record(zoneId);
    await zones.delete(zoneId, zoneOuts);
    expect(await records.read(second.id, second.outs)).toEqual({});
    const error = await failure(records.read("no-slash", {}));
    expect(error.message).toContain('a DnsRecord id is "<zoneId>/<recordId>"');
  });

  it.each([
    [{ type: "SOA" }, "type"],
    [{ type: "MX", data: "mail.example.com" }, "priority"],
    [{ priority: 10 }, "priority"],
    [{ data: "" }, "data"],
    [{ zoneId: undefined }, "zoneId"],
  ])("check: %o fails on %s", async (change, property) => {
    const result = await records.check({}, { ...recordInputs("z1"), ...change });
    expect(result.failures?.map((f) => f.property)).toEqual([property]);
    for (const item of result.failures ?? []) messages.push(item.reason);
  });
});
