// DNS zones of the account (by label selector, name, delegation status) and the records of one.
import type { DnsDomain, DnsRecord } from "../../sdk/areas/dns";
import { dnsRecordFields, dnsRecordResourceId } from "../dns-record/definition";
import { dnsZoneOutputs } from "../dns-zone/definition";
import { definedFields, optionalChoice, optionalText, text } from "./framework/args";
import { getById } from "./framework/by-id";
import { type LookupOptions, outputForm, promiseForm } from "./framework/invoke";
import { collectFiltered, collectPages, listLimit } from "./framework/lists";
import { type LabelSelector, selectorText } from "./framework/selector";

type DelegationStatus = "delegated" | "verified" | "undelegated";
const DELEGATION: readonly DelegationStatus[] = ["delegated", "verified", "undelegated"];

export interface GetDnsZonesArgs {
  readonly labelSelector?: LabelSelector;
  /** Only zones whose name contains this text. */
  readonly searchPattern?: string;
  /** Only zones of this delegation status. */
  readonly delegationStatus?: DelegationStatus;
  readonly limit?: number;
}

/** A DNS zone. */
export interface DnsZoneResult {
  /** The zone's id. */
  readonly id: string;
  /** The zone's domain name, e.g. `example.com`. */
  readonly name: string;
  /** The zone's contact e-mail address (SOA); null where the API does not say. */
  readonly email: string | null;
  /** The zone's default time to live of records, in seconds. */
  readonly ttl: number | null;
  /** Whether the domain is delegated to the service's name servers, as the API reports it. */
  readonly delegationStatus: string | null;
  /** The labels, without the provider's ownership label. */
  readonly labels: Record<string, string>;
  /**
   * When the zone stops being published (for example once delegation has failed for long); null
   * when no such date is set.
   */
  readonly unpublishDate: string | null;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
}

export interface GetDnsZonesResult {
  /** The DNS zones, in the API's order. */
  readonly dnsZones: DnsZoneResult[];
}

/** The account's DNS zones, filtered by labels, name and delegation status. */
export function getDnsZones(
  args: GetDnsZonesArgs = {},
  opts?: LookupOptions,
): Promise<GetDnsZonesResult> {
  return promiseForm("getDnsZones", opts, async (lookup) => {
    const filters = definedFields({
      labelSelector: selectorText(lookup.fn, args.labelSelector),
      searchPattern: optionalText(lookup.fn, args, "searchPattern"),
      delegationStatus: optionalChoice(lookup.fn, args, "delegationStatus", DELEGATION),
    });
    const zones = await collectFiltered(
      lookup,
      { what: "DNS zones match", limit: args.limit, narrowWith: "labelSelector or searchPattern" },
      filters,
      (query) => lookup.client.dns.listDomains(query, lookup.call),
    );
    return { dnsZones: zones.map(zoneResult) };
  });
}

export const getDnsZonesOutput = outputForm(getDnsZones);

/** The fields the DnsZone resource outputs (one mapping for both), with the id. */
function zoneResult(zone: DnsDomain): DnsZoneResult {
  return { id: zone.id, ...dnsZoneOutputs(zone) };
}

export interface GetDnsRecordsArgs {
  /** The DNS zone (its id; see the getDnsZones function). */
  readonly zoneId: string;
  /** Only records of this type ("A", "MX", "SOA", ...). */
  readonly type?: string;
  /** Only records of this name. */
  readonly name?: string;
  readonly limit?: number;
}

/** A record of a DNS zone. */
export interface DnsRecordResult {
  /** "<zoneId>/<recordId>", the id of a DnsRecord resource (and its adoptId). */
  readonly id: string;
  /** The record's own id in its zone. */
  readonly recordId: string;
  /** The id of the record's zone. */
  readonly zoneId: string;
  /** The record's name (the host name within the zone). */
  readonly name: string;
  /** The record's type: A, AAAA, CNAME, MX, TXT, NS, SRV, CAA, SOA... */
  readonly type: string;
  /** The record's value (an address, a host name, a text...); null where the API does not say. */
  readonly data: string | null;
  /** The time to live, in seconds; null where the API does not say. */
  readonly ttl: number | null;
  /** The priority (MX and SRV records); null for other types. */
  readonly priority: number | null;
}

export interface GetDnsRecordsResult {
  /** The records, in the API's order. */
  readonly dnsRecords: DnsRecordResult[];
}

/** The records of a DNS zone, filtered by type and name. */
export function getDnsRecords(
  args: GetDnsRecordsArgs,
  opts?: LookupOptions,
): Promise<GetDnsRecordsResult> {
  return promiseForm("getDnsRecords", opts, async (lookup) => {
    const zoneId = text(lookup.fn, args, "zoneId");
    const filters = definedFields({
      type: optionalText(lookup.fn, args, "type"),
      name: optionalText(lookup.fn, args, "name"),
    });
    const limit = listLimit(lookup.fn, args.limit);
    // A 404 of the zone is a NoMatchError naming it.
    await getById(lookup, "DNS zone", zoneId, () =>
      lookup.client.dns.getDomain(zoneId, lookup.call),
    );
    const found = await collectPages(
      lookup,
      { what: "DNS records", limit, narrowWith: "type or name" },
      (page) => lookup.client.dns.listRecords(zoneId, { ...page, ...filters }, lookup.call),
    );
    return {
      dnsRecords: found
        .filter((record) => filters.type === undefined || record.type === filters.type)
        .filter((record) => filters.name === undefined || record.name === filters.name)
        .map(recordResult),
    };
  });
}

export const getDnsRecordsOutput = outputForm(getDnsRecords);

/** The fields the DnsRecord resource shows, with its id (one mapping for both). */
function recordResult(record: DnsRecord): DnsRecordResult {
  return { id: dnsRecordResourceId(record), ...dnsRecordFields(record) };
}
