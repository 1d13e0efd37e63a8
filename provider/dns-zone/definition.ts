// DNS zones (the API's "DNS domains") as a resource kind (provider/framework/kind.ts), shaped like
// RbsVolume. A zone answers at once and has no status to wait on. Only labels change in place:
// the API takes no email or ttl on an existing domain (Terraform PR #73), and replacing a zone
// deletes every record in it, so a changed email or ttl is refused rather than replaced.
import type { DnsDomain } from "../../sdk/areas/dns";
import { MAX_DNS_TTL } from "../../sdk/areas/dns";
import { type Checker, type PropertyBag, shown } from "../framework/check";
import { OWNER_INPUT } from "../framework/hidden";
import type { ResourceKind } from "../framework/kind";
import { readFromList } from "../framework/listed";
import { unlessNotFound } from "../framework/not-found";
import { OWNER_LABEL_KEY, withoutOwnerLabel } from "../framework/ownership";

const MINUTE = 60_000;
const LABEL = "[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?";
const ZONE_NAME = new RegExp(`^(?:${LABEL}\\.)+[a-z]{2,63}$`);

export interface DnsZoneInputs {
  readonly name: string;
  readonly email: string;
  readonly ttl?: number;
  readonly labels?: Readonly<Record<string, string>>;
}

export const DNS_ZONE_OUTPUTS = [
  "name",
  "email",
  "ttl",
  "delegationStatus",
  "labels",
  "unpublishDate",
  "createdAt",
  "updatedAt",
] as const;

/** Why the live zone cannot take the inputs' email or ttl, or undefined. */
function fixedFieldProblem(record: DnsDomain, news: PropertyBag): string | undefined {
  const changes: string[] = [];
  if (typeof news.email === "string" && record.email != null && news.email !== record.email) {
    changes.push(`email (${record.email} -> ${news.email})`);
  }
  if (typeof news.ttl === "number" && record.ttl != null && news.ttl !== record.ttl) {
    changes.push(`ttl (${record.ttl} -> ${news.ttl})`);
  }
  if (changes.length === 0) return undefined;
  return (
    `the DNS API changes only a zone's labels, not its ${changes.join(" or ")}. Put back the ` +
    "zone's values; to change them, remove the zone from the program and declare it again " +
    "(deleting a zone deletes every record in it)"
  );
}

/** The outputs a zone's record gives; getDnsZones shows the same, with the id. */
export function dnsZoneOutputs(record: DnsDomain) {
  return {
    name: record.name,
    email: record.email ?? null,
    ttl: record.ttl ?? null,
    delegationStatus: record.delegation_status ?? null,
    labels: withoutOwnerLabel(record.labels),
    unpublishDate: record.unpublish_date ?? null,
    createdAt: record.created_at ?? null,
    updatedAt: record.updated_at ?? null,
  };
}

export const dnsZoneKind: ResourceKind<DnsDomain> = {
  name: "DnsZone",
  noun: "DNS zone",
  // Every request is answered at once; the only wait is delete's check that the zone is gone.
  defaultTimeouts: { create: 5 * MINUTE, update: 5 * MINUTE, delete: 5 * MINUTE },
  properties: {
    // Another name is another zone.
    name: { rule: "replace" },
    // Refused in place (refuseUpdate): the API takes labels only.
    email: { rule: "update" },
    ttl: { rule: "update" },
    labels: { rule: "update", desired: (news) => news.labels ?? {} },
  },
  secretOutputs: [],
  outputNames: DNS_ZONE_OUTPUTS,
  // Zone names are unique in the API: a replacement that keeps the name (`up --replace`) can
  // only delete first (kind.conflict stops a create-first one). With a new name either works.
  replaceDeletesFirst: { reason: "the API keeps zone names unique", required: false },

  check(c: Checker) {
    const name = c.string("name", true, 255);
    if (name !== undefined && !ZONE_NAME.test(name)) {
      c.fail(
        "name",
        `name must be a lower-case domain name such as example.com (got ${shown(name)})`,
      );
    }
    const email = c.string("email", true, 255);
    if (email !== undefined && !/^[^@\s]+@[^@\s]+$/.test(email)) {
      c.fail(
        "email",
        `email must be an email address, the zone's SOA contact (got ${shown(email)})`,
      );
    }
    c.integer("ttl", false, { min: 0, max: MAX_DNS_TTL, unit: " s" });
    c.labels();
  },

  display: (bag: PropertyBag) => (typeof bag.name === "string" ? bag.name : "(unnamed)"),

  get: (client, id) => unlessNotFound(client.dns.getDomain(id)),
  ...readFromList(
    "DNS zones",
    (client, options) => client.dns.listDomains(options),
    (domain) => domain.id,
  ),
  /**
   * The API holds one zone per name. A zone of this name without this resource's ownership label
   * (findByLabels found none) is someone else's, or an earlier program's: never taken over
   * silently. Create stops and says how to adopt it.
   */
  async findByContent(client, inputs) {
    const { name } = inputs as unknown as DnsZoneInputs;
    const found = (
      await client.dns.listDomains({ searchPattern: name }).toArray({ limit: 1000 })
    ).find((domain) => domain.name === name);
    return found === undefined ? [] : [found];
  },
  /** The API keeps zone names unique ("has already been taken"): a POST could only be refused. */
  conflict(found, inputs) {
    const { name } = inputs as unknown as DnsZoneInputs;
    const ids = found.map((zone) => zone.id).join(", ");
    // Carrying this resource's owner label: an interrupted create of it (issue 25, minor).
    const owner = inputs[OWNER_INPUT];
    if (found.some((zone) => owner !== undefined && zone.labels?.[OWNER_LABEL_KEY] === owner)) {
      return (
        `a DNS zone ${name} already exists (id ${ids}) carrying this resource's ownership ` +
        "label: an earlier create of this resource made it (committed after that create " +
        `stopped looking for it). To manage it with this resource, set adoptId: "${found[0]?.id}"; ` +
        "otherwise remove it"
      );
    }
    return (
      `a DNS zone ${name} already exists (id ${ids}) and is not this resource's. To manage ` +
      `it with this resource, set adoptId: "${found[0]?.id}"; otherwise remove it or declare another name`
    );
  },
  create(client, inputs, labels) {
    const { name, email, ttl } = inputs as unknown as DnsZoneInputs;
    return client.dns.createDomain({ name, email, ...(ttl === undefined ? {} : { ttl }), labels });
  },
  async update(client, id, _changes, labels, context) {
    if (labels === undefined) return context.record;
    return client.dns.updateDomain(id, { labels });
  },
  delete: (client, id) => client.dns.deleteDomain(id),

  id: (record) => record.id,
  state: (record) => record.delegation_status ?? "present",
  isReady: () => true,
  labels: (record) => record.labels ?? {},

  outputs: dnsZoneOutputs,
  liveInputs: (record) => ({
    name: record.name,
    ...(record.email == null ? {} : { email: record.email }),
    ...(record.ttl == null ? {} : { ttl: record.ttl }),
    labels: withoutOwnerLabel(record.labels),
  }),
  refuseUpdate: fixedFieldProblem,
};
