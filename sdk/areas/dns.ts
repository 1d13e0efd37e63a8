// DNS domains (zones) and their records: /dns/domains. Not in api-spec.md, nor in the Go client
// v1.0.32: paths and bodies follow the newest Go client (pkg/dns.go, its tests and fixtures) and
// the Terraform provider's open PR #73 (docs of serverscom_dns_domain, _dns_domain_record and the
// data sources); docs/wire.md, "DNS".
import { z } from "zod";
import type { CallOptions, ListOptions, PagePromise, Requester } from "../core/contract";
import { type LabelsInput, LabelsSchema, RecordsAt, TimestampSchema } from "./common";

/** Only id and name required (every fixture has them); the rest optional or nullable. */
export const DnsDomainSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The SOA responsible person (RNAME). */
  email: z.string().nullable().optional(),
  /** The default TTL of the zone's records, seconds. */
  ttl: z.number().int().nullable().optional(),
  /** `delegated`, `verified` or `undelegated` (Go client constants, Terraform docs). */
  delegation_status: z.string().nullable().optional(),
  labels: LabelsSchema.optional(),
  unpublish_date: z.string().nullable().optional(),
  created_at: TimestampSchema.nullable().optional(),
  updated_at: TimestampSchema.nullable().optional(),
});
export type DnsDomain = z.infer<typeof DnsDomainSchema>;

export const DnsRecordSchema = z.object({
  id: z.string(),
  /** Filled in from the request path when the service leaves it out. */
  domain_id: z.string().optional(),
  name: z.string(),
  type: z.string(),
  /** Nullable in the newest Go client (`*string`). */
  data: z.string().nullable().optional(),
  ttl: z.number().int().nullable().optional(),
  /** MX and SRV only; null otherwise (fixtures). */
  priority: z.number().int().nullable().optional(),
  created_at: TimestampSchema.nullable().optional(),
  updated_at: TimestampSchema.nullable().optional(),
});
export type DnsRecord = z.infer<typeof DnsRecordSchema> & { readonly domain_id: string };

/** The types a record may be created with (Terraform PR #73); SOA and PTR are the service's. */
export const DNS_RECORD_TYPES = [
  "A",
  "AAAA",
  "CAA",
  "CNAME",
  "MX",
  "NS",
  "TXT",
  "SRV",
  "ALIAS",
] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];
/** Terraform PR #73: "TTL in seconds (0-604800)". */
export const MAX_DNS_TTL = 604_800;

export interface DnsDomainCreateBody {
  /** The zone's FQDN, lower case. */
  readonly name: string;
  readonly email: string;
  readonly ttl?: number;
  readonly labels?: LabelsInput;
}

/** Labels only: the API does not take email or ttl on an existing domain (Terraform PR #73). */
export interface DnsDomainUpdateBody {
  readonly labels: LabelsInput;
}

export interface DnsDomainListOptions extends ListOptions {
  readonly delegationStatus?: "delegated" | "verified" | "undelegated";
}

export interface DnsRecordCreateBody {
  readonly name: string;
  readonly type: DnsRecordType;
  readonly data: string;
  readonly ttl?: number;
  readonly priority?: number;
}

export interface DnsRecordUpdateBody {
  readonly name?: string;
  readonly data?: string;
  readonly ttl?: number;
  readonly priority?: number;
}

export interface DnsRecordListOptions extends Pick<ListOptions, "perPage" | "page"> {
  readonly type?: string;
  readonly name?: string;
}

/** Delegation data of the account: the name servers and the TXT record proving ownership. */
export const DnsDelegationDataSchema = z.object({
  nameservers: z.array(z.string()).nullable().optional(),
  required_txt: z.string().nullable().optional(),
});
export type DnsDelegationData = z.infer<typeof DnsDelegationDataSchema>;

export class DnsApi {
  readonly #domains: RecordsAt<DnsDomain>;
  constructor(private readonly http: Requester) {
    this.#domains = new RecordsAt(http, "/dns/domains", DnsDomainSchema);
  }

  listDomains(options?: DnsDomainListOptions, callOptions?: CallOptions): PagePromise<DnsDomain> {
    return this.#domains.list(options, callOptions);
  }

  async getDomain(id: string, options?: CallOptions): Promise<DnsDomain> {
    return this.#domains.get(id, options);
  }

  async createDomain(body: DnsDomainCreateBody, options?: CallOptions): Promise<DnsDomain> {
    return this.#domains.create(body, options);
  }

  async updateDomain(
    id: string,
    body: DnsDomainUpdateBody,
    options?: CallOptions,
  ): Promise<DnsDomain> {
    return this.#domains.update(id, body, options);
  }

  /** 204; the zone and every record in it are gone. */
  async deleteDomain(id: string, options?: CallOptions): Promise<void> {
    return this.#domains.delete(id, options);
  }

  async getDelegationData(options?: CallOptions): Promise<DnsDelegationData> {
    return this.http.request(
      { method: "GET", path: "/dns/domains/delegation_data", schema: DnsDelegationDataSchema },
      options,
    );
  }

  listRecords(
    domainId: string,
    options?: DnsRecordListOptions,
    callOptions?: CallOptions,
  ): PagePromise<DnsRecord> {
    return this.#records(domainId).list(options, callOptions);
  }

  async getRecord(domainId: string, id: string, options?: CallOptions): Promise<DnsRecord> {
    return this.#records(domainId).get(id, options);
  }

  async createRecord(
    domainId: string,
    body: DnsRecordCreateBody,
    options?: CallOptions,
  ): Promise<DnsRecord> {
    return this.#records(domainId).create(body, options);
  }

  async updateRecord(
    domainId: string,
    id: string,
    body: DnsRecordUpdateBody,
    options?: CallOptions,
  ): Promise<DnsRecord> {
    return this.#records(domainId).update(id, body, options);
  }

  /** 204. */
  async deleteRecord(domainId: string, id: string, options?: CallOptions): Promise<void> {
    return this.#records(domainId).delete(id, options);
  }

  /** The records of one domain: /dns/domains/{id}/records, each given that domain_id. */
  #records(domainId: string): RecordsAt<DnsRecord> {
    return this.#domains.under(domainId, "records", withDomain(domainId));
  }
}

/** The record schema, its domain_id defaulted to the domain of the request. */
function withDomain(domainId: string): z.ZodType<DnsRecord> {
  return DnsRecordSchema.transform((record) => ({
    ...record,
    domain_id: record.domain_id ?? domainId,
  }));
}
