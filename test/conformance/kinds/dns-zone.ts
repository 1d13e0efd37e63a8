// The DnsZone row.
import { expect } from "vitest";
import { dnsZoneKind } from "../../../provider/dns-zone/definition";
import type { KindRow } from "../row";
import { relabelledOutside } from "./changed-outside";

export const ZONE = { name: "example.com", email: "admin@example.com" };

export const dnsZone: KindRow = {
  kind: dnsZoneKind,
  name: "zone",
  collection: "dns_domains",
  inputs: () => ({ ...ZONE, ttl: 600, labels: { env: "prod" } }),
  id: ({ record }) => String(record.id),
  outputs: () => ({
    ...ZONE,
    ttl: 600,
    delegationStatus: "undelegated",
    labels: { env: "prod" },
    unpublishDate: null,
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  }),
  labels: { env: "prod" },
  readInputs: () => ({ ...ZONE, ttl: 600, labels: { env: "prod" } }),
  deleteLines: ({ id }) => [`serverscom:DnsZone example.com (${id}): gone`],
  // The DNS API changes only a zone's labels (dns.test.ts: the refused email and ttl).
  update: {
    fields: () => ({ labels: { env: "dev" } }),
    updates: ["labels"],
    outputs: () => ({ labels: { env: "dev" } }),
    labels: { env: "dev" },
  },
  replace: [{ fields: () => ({ name: "example.org" }), replaces: ["name"] }],
  drift: relabelledOutside("dns_domains", { env: "x" }),
  lostCreateAnswer: "adopts",
};
