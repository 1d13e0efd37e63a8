// DNS domains (zones) and their records: /dns/domains. Not in api-spec.md, nor in the Go client
// v1.0.32: paths and bodies follow the newest Go client (pkg/dns.go, its tests and fixtures) and
// the Terraform provider's open PR #73 (docs of serverscom_dns_domain, _dns_domain_record and the
// data sources); docs/wire.md, "DNS".
import { z } from "zod";
import type { CallOptions, ListOptions, PagePromise, Requester } from "../core/contract";
import { path, toWireQuery } from "../core/contract";
import { checkLabels, type LabelsInput, LabelsSchema, TimestampSchema } from "./common";

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
  constructor(private readonly http: Requester) {}

  listDomains(options?: DnsDomainListOptions, callOptions?: CallOptions): PagePromise<DnsDomain> {
    return this.http.list("/dns/domains", toWireQuery(options), DnsDomainSchema, callOptions);
  }

  async getDomain(id: string, options?: CallOptions): Promise<DnsDomain> {
    return this.http.request(
      { method: "GET", path: path`/dns/domains/${id}`, schema: DnsDomainSchema },
      options,
    );
  }

  async createDomain(body: DnsDomainCreateBody, options?: CallOptions): Promise<DnsDomain> {
    checkLabels(body.labels);
    return this.http.request(
      { method: "POST", path: "/dns/domains", body, schema: DnsDomainSchema },
      options,
    );
  }

  async updateDomain(
    id: string,
    body: DnsDomainUpdateBody,
    options?: CallOptions,
  ): Promise<DnsDomain> {
    checkLabels(body.labels);
    return this.http.request(
      { method: "PUT", path: path`/dns/domains/${id}`, body, schema: DnsDomainSchema },
      options,
    );
  }

  /** 204; the zone and every record in it are gone. */
  async deleteDomain(id: string, options?: CallOptions): Promise<void> {
    return this.http.requestEmpty({ method: "DELETE", path: path`/dns/domains/${id}` }, options);
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
    return this.http.list(
      path`/dns/domains/${domainId}/records`,
      toWireQuery(options),
      withDomain(domainId),
      callOptions,
    );
  }

  async getRecord(domainId: string, id: string, options?: CallOptions): Promise<DnsRecord> {
    return this.http.request(
      {
        method: "GET",
        path: path`/dns/domains/${domainId}/records/${id}`,
        schema: withDomain(domainId),
      },
      options,
    );
  }

  async createRecord(
    domainId: string,
    body: DnsRecordCreateBody,
    options?: CallOptions,
  ): Promise<DnsRecord> {
    return this.http.request(
      {
        method: "POST",
        path: path`/dns/domains/${domainId}/records`,
        body,
        schema: withDomain(domainId),
      },
      options,
    );
  }

  async updateRecord(
    domainId: string,
    id: string,
    body: DnsRecordUpdateBody,
    options?: CallOptions,
  ): Promise<DnsRecord> {
    return this.http.request(
      {
        method: "PUT",
        path: path`/dns/domains/${domainId}/records/${id}`,
        body,
        schema: withDomain(domainId),
      },
      options,
    );
  }

  /** 204. */
  async deleteRecord(domainId: string, id: string, options?: CallOptions): Promise<void> {
    return this.http.requestEmpty(
      { method: "DELETE", path: path`/dns/domains/${domainId}/records/${id}` },
      options,
    );
  }
}

/** The record schema, its domain_id defaulted to the domain of the request. */
function withDomain(domainId: string): z.ZodType<DnsRecord> {
  return DnsRecordSchema.transform((record) => ({
    ...record,
    domain_id: record.domain_id ?? domainId,
  }));
}
