// client.dns against the simulator: a domain (undelegated, with the service's SOA record), its
// labels (the only change the API takes), one domain per name, records of every type with the
// rules on priority, updates, filters, delete -> 404, and the delegation data.
import { describe, expect, it } from "vitest";
import { NotFoundError, UnprocessableEntityError } from "../../sdk/core/errors";
import { rejectionOf, useSdkSimulator } from "./support";

describe("client.dns on the simulator", () => {
  const bed = useSdkSimulator();

  it("creates a domain with its SOA record; labels change, email and ttl do not; one per name", async () => {
    const api = bed().client.dns;
    const domain = await api.createDomain({
      name: "example.com",
      email: "admin@example.com",
      labels: { env: "t" },
    });
    expect(domain).toMatchObject({
      ttl: 3600,
      delegation_status: "undelegated",
      unpublish_date: null,
    });
    const soa = await api.listRecords(domain.id, { type: "SOA" }).toArray({ limit: 10 });
    expect(soa).toEqual([
      expect.objectContaining({ name: "@", type: "SOA", domain_id: domain.id }),
    ]);
    await rejectionOf(api.deleteRecord(domain.id, soa[0]?.id ?? ""), UnprocessableEntityError);
    expect((await api.updateDomain(domain.id, { labels: { env: "u" } })).labels).toEqual({
      env: "u",
    });
    // The SDK's body takes labels only; the simulator refuses an email as the API would.
    const withEmail = { labels: {}, email: "x@y.z" };
    await rejectionOf(api.updateDomain(domain.id, withEmail), UnprocessableEntityError);
    const twice = await rejectionOf(
      api.createDomain({ name: "example.com", email: "a@b.c" }),
      UnprocessableEntityError,
    );
    expect(twice.errors).toHaveProperty("name");
    const listed = await api.listDomains({ labelSelector: "env==u" }).toArray({ limit: 10 });
    expect(listed.map((d) => d.id)).toEqual([domain.id]);
    expect(await api.getDelegationData()).toMatchObject({
      nameservers: ["ns1.servers.com", "ns2.servers.com"],
    });
  });

  it("creates, filters, updates and deletes records; priority only for MX and SRV", async () => {
    const api = bed().client.dns;
    const domain = await api.createDomain({ name: "example.org", email: "admin@example.org" });
    const a = await api.createRecord(domain.id, {
      name: "www",
      type: "A",
      data: "192.0.2.1",
      ttl: 300,
    });
    expect(a).toMatchObject({ domain_id: domain.id, ttl: 300, priority: null });
    const mx = await api.createRecord(domain.id, {
      name: "@",
      type: "MX",
      data: "mail.example.org",
      priority: 10,
    });
    expect(mx.priority).toBe(10);
    await rejectionOf(
      api.createRecord(domain.id, { name: "www", type: "A", data: "192.0.2.1", priority: 1 }),
      UnprocessableEntityError,
    );
    await rejectionOf(
      api.createRecord(domain.id, { name: "x", type: "PTR" as "A", data: "y" }),
      UnprocessableEntityError,
    );
    const www = await api.listRecords(domain.id, { name: "www" }).toArray({ limit: 10 });
    expect(www.map((r) => r.id)).toEqual([a.id]);
    expect(await api.updateRecord(domain.id, a.id, { data: "192.0.2.2", ttl: 60 })).toMatchObject({
      data: "192.0.2.2",
      ttl: 60,
    });
    await api.deleteRecord(domain.id, a.id);
    await rejectionOf(api.getRecord(domain.id, a.id), NotFoundError);
    await api.deleteDomain(domain.id);
    await rejectionOf(api.getRecord(domain.id, mx.id), NotFoundError);
    await rejectionOf(api.getDomain(domain.id), NotFoundError);
  });
});
