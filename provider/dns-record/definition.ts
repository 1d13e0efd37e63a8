// DNS records as a resource kind (provider/framework/kind.ts). A record lives under its zone
// (/dns/domains/{zone}/records/{id}), so the resource's id is "<zoneId>/<recordId>", the form the
// Terraform provider imports. Name, data, ttl and priority change in place (the newest Go
// client's DNSRecordUpdateInput); the zone and the type replace the record.
//
// Records have no labels. Idempotent creates rest on what identifies a record in DNS itself: its
// zone, name, type and data. Such a record found before a create is never taken over silently:
// it may be another program's, so the create stops and names it (adopt it with adoptId).
import { isIPv4, isIPv6 } from "node:net";
import {
  DNS_RECORD_TYPES,
  type DnsRecord,
  type DnsRecordType,
  MAX_DNS_TTL,
} from "../../sdk/areas/dns";
import type { ServersComClient } from "../../sdk/client";
import { InputValidationError, NotFoundError } from "../../sdk/core/errors";
import { adoptAdvice } from "../framework/adopt-advice";
import { type Checker, type PropertyBag, shown } from "../framework/check";
import type { ResourceKind } from "../framework/kind";
import { unlessNotFound } from "../framework/not-found";
import { isUnknown } from "../framework/unknowns";

const MINUTE = 60_000;
const WITH_PRIORITY: readonly string[] = ["MX", "SRV"];

export interface DnsRecordInputs {
  readonly zoneId: string;
  readonly name: string;
  readonly type: DnsRecordType;
  readonly data: string;
  readonly ttl?: number;
  readonly priority?: number;
}

export const DNS_RECORD_OUTPUTS = [
  "zoneId",
  "recordId",
  "name",
  "type",
  "data",
  "ttl",
  "priority",
  "createdAt",
  "updatedAt",
] as const;

/** The resource id of a record: "<zoneId>/<recordId>". */
export function dnsRecordResourceId(record: DnsRecord): string {
  return `${record.domain_id}/${record.id}`;
}

function parseId(id: string): { zoneId: string; recordId: string } {
  const parts = id.split("/");
  const [zoneId, recordId] = parts;
  if (parts.length !== 2 || !zoneId || !recordId) {
    throw new Error(
      `a DnsRecord id is "<zoneId>/<recordId>" (got ${shown(id)}): the record lives under its zone`,
    );
  }
  return { zoneId, recordId };
}

/** Names compared as DNS does: case-insensitive, without a final dot. */
function sameName(a: string, b: string): boolean {
  return a.toLowerCase().replace(/\.$/, "") === b.toLowerCase().replace(/\.$/, "");
}

/** A host name as record data: labels of letters, digits, "-" and "_", an optional final dot. */
const HOST_NAME =
  /^(?=.{1,253}\.?$)(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?\.)*[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?\.?$/;

/**
 * Why `data` cannot be a record of `type`, by what the type holds (issue 25): an IPv4 address for
 * A, IPv6 for AAAA, a host name for CNAME, NS, MX and ALIAS; no control characters anywhere.
 */
function dataIssue(type: string, data: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
  if (/[\u0000-\u001f\u007f]/.test(data)) return "must not contain control characters";
  if (type === "A" && !isIPv4(data)) return "must be an IPv4 address";
  if (type === "AAAA" && !isIPv6(data)) return "must be an IPv6 address";
  if (["CNAME", "NS", "MX", "ALIAS"].includes(type) && !HOST_NAME.test(data)) {
    return "must be a host name";
  }
  return undefined;
}

/**
 * Why `name` is not a name of the zone `zone`, or undefined when it is. A name ending in "." is
 * absolute (DNS's own notation), so it must be the zone or end in ".<zone>"; a name without one
 * may be relative ("www", "@", as the Go client's fixtures write) or the FQDN within the zone
 * (as the Terraform provider's acceptance tests write), so it cannot lie outside the zone.
 */
export function nameOutsideZone(name: string, zone: string): string | undefined {
  if (!name.endsWith(".")) return undefined;
  const absolute = name.slice(0, -1).toLowerCase();
  const apex = zone.toLowerCase().replace(/\.$/, "");
  if (absolute === apex || absolute.endsWith(`.${apex}`)) return undefined;
  return (
    `name ${shown(name)} is outside the zone ${apex}: a name ending in "." is absolute and must ` +
    `end in ".${apex}." (or be "${apex}."). Write it within the zone, or relative to it without ` +
    'the final dot (such as "www")'
  );
}

/**
 * Refuses, before the create or the update is sent, a name outside the record's zone. check sees
 * only the zone's id (it must not call the API), so the zone's name is read here; a zone that is
 * gone is the request's own 404.
 */
async function refuseNameOutsideZone(
  client: ServersComClient,
  zoneId: string,
  name: string,
): Promise<void> {
  if (!name.endsWith(".")) return;
  let zone: string;
  try {
    zone = (await client.dns.getDomain(zoneId)).name;
  } catch (error) {
    if (error instanceof NotFoundError) return;
    throw error;
  }
  const problem = nameOutsideZone(name, zone);
  if (problem !== undefined) throw new InputValidationError("name", problem, problem);
}

/** A record's fields as the DnsRecord resource and getDnsRecords both show them. */
export function dnsRecordFields(record: DnsRecord) {
  return {
    zoneId: record.domain_id,
    recordId: record.id,
    name: record.name,
    type: record.type,
    data: record.data ?? null,
    ttl: record.ttl ?? null,
    priority: record.priority ?? null,
  };
}

export const dnsRecordKind: ResourceKind<DnsRecord> = {
  name: "DnsRecord",
  noun: "DNS record",
  // Every request is answered at once; the only wait is delete's check that it is gone.
  defaultTimeouts: { create: 5 * MINUTE, update: 5 * MINUTE, delete: 5 * MINUTE },
  properties: {
    zoneId: { rule: "replace" },
    type: { rule: "replace" },
    name: { rule: "update" },
    data: { rule: "update" },
    // Absent: the zone's default TTL, whatever the live value.
    ttl: { rule: "update" },
    priority: { rule: "update" },
  },
  secretOutputs: [],
  outputNames: DNS_RECORD_OUTPUTS,
  // An identical record stops a create (kind.conflict): a replacement that keeps the type,
  // name and data (`up --replace`) can only delete first. Otherwise either order works.
  replaceDeletesFirst: {
    reason: "an identical record is refused",
    required: false,
  },

  check(c: Checker) {
    c.id("zoneId", true);
    const type = c.string("type", true);
    if (type !== undefined && !(DNS_RECORD_TYPES as readonly string[]).includes(type)) {
      c.fail(
        "type",
        `type must be one of ${DNS_RECORD_TYPES.join(", ")} (got ${shown(type)}); SOA and PTR ` +
          "records are the service's",
      );
    }
    const name = c.string("name", true, 255);
    if (name !== undefined && !/^[A-Za-z0-9_*@.-]+$/.test(name)) {
      c.fail(
        "name",
        `name must be a record name of letters, digits, "-", "_", "*" and "." (got ${shown(name)})`,
      );
    }
    const data = c.string("data", true, 4096);
    const issue = type === undefined || data === undefined ? undefined : dataIssue(type, data);
    if (issue !== undefined)
      c.fail("data", `data of a ${type} record ${issue} (got ${shown(data)})`);
    c.integer("ttl", false, { min: 0, max: MAX_DNS_TTL, unit: " s" });
    const priority = c.integer("priority", false, { min: 0, max: 65_535 });
    if (priority !== undefined && type !== undefined && !WITH_PRIORITY.includes(type)) {
      c.fail("priority", `priority goes only with MX and SRV records (this one is ${type})`);
    }
    if (
      c.news.priority === undefined &&
      type !== undefined &&
      WITH_PRIORITY.includes(type) &&
      !isUnknown(c.news.priority)
    ) {
      c.fail("priority", `priority is required for ${type} records (0 to 65535)`);
    }
  },

  display: (bag: PropertyBag) =>
    typeof bag.name === "string" && typeof bag.type === "string"
      ? `${bag.type} ${bag.name}`
      : "(unnamed)",

  async get(client: ServersComClient, id: string) {
    const { zoneId, recordId } = parseId(id);
    // A 404 of the zone too: the record went with it.
    return unlessNotFound(client.dns.getRecord(zoneId, recordId));
  },
  findByLabels: async () => [],
  async findByContent(client, inputs) {
    const { zoneId, name, type, data } = inputs as unknown as DnsRecordInputs;
    let records: DnsRecord[];
    try {
      records = await client.dns.listRecords(zoneId, { type }).toArray({ limit: 10_000 });
    } catch (error) {
      if (error instanceof NotFoundError) throw new Error(`there is no DNS zone ${zoneId} (404)`);
      throw error;
    }
    return records.filter(
      (record) => record.type === type && sameName(record.name, name) && record.data === data,
    );
  },
  /**
   * An identical record (type, name and data): a second one would be a duplicate in the zone's
   * record set, and records have no labels to tell whose it is, so the user decides.
   */
  conflict(found, inputs) {
    const { name, type, data } = inputs as unknown as DnsRecordInputs;
    const id = found[0] === undefined ? "" : dnsRecordResourceId(found[0]);
    return (
      `the zone already has this ${type} record ${name} -> ${data} (id ${id}), and records have no ` +
      "labels to tell whose it is: it may be one an interrupted create made, or another " +
      `program's. To manage it with this resource, ${adoptAdvice(id)}; otherwise delete it`
    );
  },
  async create(client, inputs) {
    const { zoneId, name, type, data, ttl, priority } = inputs as unknown as DnsRecordInputs;
    await refuseNameOutsideZone(client, zoneId, name);
    return client.dns.createRecord(zoneId, {
      name,
      type,
      data,
      ...(ttl === undefined ? {} : { ttl }),
      ...(priority === undefined ? {} : { priority }),
    });
  },
  async update(client, id, changes) {
    const { zoneId, recordId } = parseId(id);
    const { name, data, ttl, priority } = changes as Partial<DnsRecordInputs>;
    if (name !== undefined) await refuseNameOutsideZone(client, zoneId, name);
    return client.dns.updateRecord(zoneId, recordId, {
      ...(name === undefined ? {} : { name }),
      ...(data === undefined ? {} : { data }),
      ...(ttl === undefined ? {} : { ttl }),
      ...(priority === undefined ? {} : { priority }),
    });
  },
  async delete(client, id) {
    const { zoneId, recordId } = parseId(id);
    await client.dns.deleteRecord(zoneId, recordId);
  },

  id: dnsRecordResourceId,
  state: () => "present",
  isReady: () => true,
  labels: () => ({}),

  outputs: (record) => ({
    ...dnsRecordFields(record),
    createdAt: record.created_at ?? null,
    updatedAt: record.updated_at ?? null,
  }),
  liveInputs: (record) => ({
    zoneId: record.domain_id,
    name: record.name,
    type: record.type,
    ...(record.data == null ? {} : { data: record.data }),
    ...(record.ttl == null ? {} : { ttl: record.ttl }),
    ...(record.priority == null ? {} : { priority: record.priority }),
  }),
};
