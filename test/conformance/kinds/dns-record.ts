// The DnsRecord row: a record in a zone made through the API first.
import { expect } from "vitest";
import { dnsRecordKind } from "../../../provider/dns-record/definition";
import type { KindRow } from "../row";
import { ZONE } from "./dns-zone";

export const dnsRecord: KindRow = {
  kind: dnsRecordKind,
  name: "www",
  collection: "dns_records",
  recordKey: (id) => id.split("/")[1] ?? "",
  prepare: async (client) => ({ zoneId: (await client.dns.createDomain(ZONE)).id }),
  inputs: ({ zoneId }) => ({ zoneId, name: "www", type: "A", data: "192.0.2.1", ttl: 300 }),
  // <zoneId>/<recordId>
  id: ({ prepared, record }) => `${prepared.zoneId}/${String(record.id)}`,
  outputs: ({ prepared, record }) => ({
    zoneId: prepared.zoneId,
    recordId: record.id,
    name: "www",
    type: "A",
    data: "192.0.2.1",
    ttl: 300,
    priority: null,
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  }),
  readInputs: ({ prepared }) => ({
    zoneId: prepared.zoneId,
    name: "www",
    type: "A",
    data: "192.0.2.1",
    ttl: 300,
  }),
  deleteLines: ({ id }) => [`serverscom:DnsRecord A www (${id}): gone`],
  update: {
    fields: () => ({ name: "web", data: "192.0.2.2", ttl: 120 }),
    updates: ["name", "data", "ttl"],
    outputs: () => ({ name: "web", data: "192.0.2.2", ttl: 120 }),
  },
  replace: [
    {
      fields: () => ({ type: "AAAA", data: "2001:db8::1" }),
      replaces: ["type"],
      updates: ["data"],
    },
    { fields: () => ({ zoneId: "other" }), replaces: ["zoneId"] },
  ],
  drift: {
    change: async ({ record }, sim) => {
      await sim.control.patch("dns_records", String(record.id), { data: "192.0.2.7" });
    },
    shows: { data: "192.0.2.7" },
    updates: ["data"],
  },
  // Records have no labels: one that appeared may be this create's or another program's, so it
  // is named with adoptId, never taken (issue 25).
  lostCreateAnswer: /the create request failed .*, and since then .*set adoptId/,
};
