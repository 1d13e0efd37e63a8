// Records and helpers that several areas share: labels, timestamps, PTR records, networks and
// SSH keys appear under hosts, cloud instances, L2 segments and the account alike; and the verbs
// of a collection of records (RecordsAt, CollectionApi and its subclasses), written once.
//
// Every record schema of the areas is a plain (non-strict) z.object: a field the service adds
// later never fails a parse; it is left out of the typed result, which keeps the types exact.
import { z } from "zod";
import type { CallOptions, ListOptions, PagePromise, Requester } from "../core/contract";
import { path, toWireQuery } from "../core/contract";
import { validateLabels } from "../labels";

/**
 * Labels as on the wire: `{}` when a resource has none (api-spec.md, Conventions). The Go client
 * decodes them into a map that marshals an empty set as `null`, and srvctl's records (its test
 * data, v1.1.x) carry `"labels": null`: read as no labels, `{}` (docs/wire.md, Schema policy).
 * The Go client's older fixtures (before labels existed: 0f9568dd, bbe8a995, 75da0de4) leave the
 * field out altogether: also none.
 */
export const LabelsSchema = z
  .record(z.string(), z.string())
  .nullish()
  .transform((labels) => labels ?? {});
export type Labels = z.infer<typeof LabelsSchema>;

/**
 * ISO 8601 UTC, sometimes with milliseconds. Kept as the wire's string: converting to Date would
 * lose the exact text the provider compares against in diffs.
 */
export const TimestampSchema = z.string();

/** A calendar date such as `lease_start_at` (YYYY-MM-DD); kept as text like timestamps. */
export const DateSchema = z.string();

/** Labels as a caller passes them in a create or update body. */
export type LabelsInput = Readonly<Record<string, string>>;

/**
 * Checks a body's `labels` field before sending. Labels replace the whole set on the service, so
 * a bad label rejected there would already have cost a round trip; here it costs nothing.
 */
export function checkLabels(labels: LabelsInput | undefined, field = "labels"): void {
  if (labels !== undefined) validateLabels(labels, field);
}

// --- PTR records (hosts and cloud instances) ---

export const PtrRecordSchema = z.object({
  id: z.string(),
  ip: z.string(),
  /** The domain name: sent as `domain` for hosts and as `data` for cloud instances. */
  domain: z.string(),
  priority: z.number().int(),
  ttl: z.number().int(),
});
export type PtrRecord = z.infer<typeof PtrRecordSchema>;

/** What both create bodies share. PTR records cannot be changed, only created and deleted. */
interface PtrRecordCreateFields {
  readonly ip: string;
  /** Seconds; the service defaults it to 60. */
  readonly ttl?: number;
  /** The service defaults it to 0. */
  readonly priority?: number;
}

/**
 * A host's PTR record as created: `{ip, domain, ttl?, priority?}`, the body of the Go client's
 * PTRRecordCreateInput and of the Ansible collection's host PTR module (docs/wire.md).
 */
export interface HostPtrRecordCreateBody extends PtrRecordCreateFields {
  /** The domain name the address resolves to. */
  readonly domain: string;
}

/**
 * A cloud instance's PTR record as created: `{ip, data, ttl?, priority?}` (api-spec.md, Cloud
 * instances; the record answers it as `domain`).
 */
export interface CloudInstancePtrRecordCreateBody extends PtrRecordCreateFields {
  /** The domain name the address resolves to. */
  readonly data: string;
}

export type PtrRecordListOptions = ListOptions;

// --- Networks (of a host, of an L2 segment) ---

export const NetworkSchema = z.object({
  id: z.string(),
  /** Null (or absent) right after the network is ordered (Go client, Ansible SBM network test). */
  title: z.string().nullable().optional(),
  status: z.string(),
  /** Null (or absent) until the network is allocated (Go client, Ansible SBM network test). */
  cidr: z.string().nullable().optional(),
  family: z.string(),
  interface_type: z.string(),
  distribution_method: z.string(),
  /** True when the network was ordered additionally. */
  additional: z.boolean(),
  /**
   * The first usable address and the gateway of the network (Go `Network.FirstIP`, `Gateway`,
   * with omitempty: absent until allotted; fixture `get_network_response.json` at abb982c9).
   */
  first_ip: z.string().nullable().optional(),
  gateway: z.string().nullable().optional(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type Network = z.infer<typeof NetworkSchema>;

export type NetworkFamily = "ipv4" | "ipv6";
export type NetworkInterfaceType = "public" | "private" | "oob";
export type NetworkDistributionMethod = "route" | "gateway";

/** Filters of a host's network list (api-spec.md); it has no label_selector. */
export interface NetworkListOptions extends Omit<ListOptions, "labelSelector" | "sorting"> {
  readonly family?: NetworkFamily;
  readonly interfaceType?: NetworkInterfaceType;
  readonly distributionMethod?: NetworkDistributionMethod;
  /** True selects only additional networks. */
  readonly additional?: boolean;
  readonly sorting?: "id" | "updated_at" | "created_at";
}

// --- SSH keys (the account's keys, and those attached to a dedicated server) ---

export const SshKeySchema = z.object({
  name: z.string(),
  /** Colon-separated hexadecimal groups; the key's id. */
  fingerprint: z.string(),
  labels: LabelsSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type SshKey = z.infer<typeof SshKeySchema>;

/** Order options and other lists that take only paging. */
export type PagingOptions = Pick<ListOptions, "perPage" | "page" | "sorting" | "direction">;

/**
 * The verbs of one collection of records at one path (`/ssh_keys`, `/dns/domains`,
 * `/network_pools/{id}/subnetworks`...): list with the area's filters as the wire's query, and
 * get, create, update and delete one record at `{base}/{id}`, the labels of a body checked before
 * anything is sent, and POST its actions at `{base}/{id}/{action}`. Areas whose records are one
 * collection get their verbs from CollectionApi and its subclasses below, which send through
 * this; the others keep their own methods, with their names, types and sources, and send through
 * this too.
 */
export class RecordsAt<T> {
  constructor(
    private readonly http: Requester,
    private readonly base: string,
    private readonly schema: z.ZodType<T>,
  ) {}

  list(options: object | undefined, callOptions: CallOptions | undefined): PagePromise<T> {
    return this.http.list(this.base, toWireQuery(options), this.schema, callOptions);
  }

  get(id: string | number, options: CallOptions | undefined): Promise<T> {
    return this.http.request({ method: "GET", path: this.at(id), schema: this.schema }, options);
  }

  create(body: object, options: CallOptions | undefined): Promise<T> {
    checkLabels(labelsOf(body));
    return this.http.request(
      { method: "POST", path: this.base, body, schema: this.schema },
      options,
    );
  }

  update(id: string | number, body: object, options: CallOptions | undefined): Promise<T> {
    checkLabels(labelsOf(body));
    return this.http.request(
      { method: "PUT", path: this.at(id), body, schema: this.schema },
      options,
    );
  }

  delete(id: string | number, options: CallOptions | undefined): Promise<void> {
    return this.http.requestEmpty({ method: "DELETE", path: this.at(id) }, options);
  }

  /**
   * The records of a sub-collection of one record, at `{base}/{id}/{name}`: a domain's DNS
   * records, a pool's subnetworks, a host's PTR records...
   */
  under<S>(id: string | number, name: string, schema: z.ZodType<S>): RecordsAt<S> {
    return new RecordsAt(this.http, `${this.at(id)}/${name}`, schema);
  }

  /**
   * POST {base}/{id}/{action}, answered with the record: a host's power_on or reinstall, a cloud
   * instance's reboot, a volume's attach... The body is sent when given; the others send none.
   */
  action(
    id: string | number,
    action: string,
    body: object | undefined,
    options: CallOptions | undefined,
  ): Promise<T> {
    return this.http.request(
      {
        method: "POST",
        path: `${this.at(id)}/${action}`,
        ...(body === undefined ? {} : { body }),
        schema: this.schema,
      },
      options,
    );
  }

  /**
   * `{base}/{id}`, the id checked and encoded by `path` as if the template were written out
   * (its error names the whole template, `/ssh_keys/{}`).
   */
  at(id: string | number): string {
    const strings = [`${this.base}/`, ""];
    return path(Object.assign(strings, { raw: strings }), id);
  }
}

/** The labels of a create or update body, if it carries any (DNS records and subnetworks do not). */
function labelsOf(body: object): LabelsInput | undefined {
  return (body as { readonly labels?: LabelsInput }).labels;
}

// --- The verbs of an area whose records are one collection at one path, written once ---
// List and get (every such area), update (those whose records can be changed: relabelled,
// retitled), create and delete (those whose records the API also makes and removes), and the PTR
// records a host or a cloud instance owns. An area extends the class with the verbs it has, names
// its path, record schema, list filters and bodies, and adds its own verbs (actions,
// sub-collections); its methods keep their names and exact types. Helpers of those classes are
// `#private` or live in RecordsAt: a method on their prototypes would be a verb of every area.

/** GET {base} with the area's filters (L) as the wire's query, and GET {base}/{id}. */
export abstract class CollectionApi<T, L extends object> {
  /** The collection's verbs at their path; subclasses send their own verbs through it too. */
  protected readonly records: RecordsAt<T>;

  protected constructor(
    protected readonly http: Requester,
    base: string,
    schema: z.ZodType<T>,
  ) {
    this.records = new RecordsAt(http, base, schema);
  }

  list(options?: L, callOptions?: CallOptions): PagePromise<T> {
    return this.records.list(options, callOptions);
  }

  async get(id: string, options?: CallOptions): Promise<T> {
    return this.records.get(id, options);
  }
}

/** And PUT {base}/{id} with the body U, its labels (if any) checked before it is sent. */
export abstract class UpdatableCollectionApi<
  T,
  L extends object,
  U extends object,
> extends CollectionApi<T, L> {
  async update(id: string, body: U, options?: CallOptions): Promise<T> {
    return this.records.update(id, body, options);
  }
}

/** And POST {base} with the body C (its labels checked first), and DELETE {base}/{id}. */
export abstract class CrudCollectionApi<
  T,
  L extends object,
  C extends object,
  U extends object,
> extends UpdatableCollectionApi<T, L, U> {
  async create(body: C, options?: CallOptions): Promise<T> {
    return this.records.create(body, options);
  }

  /** The answer's body, if any, is not read. */
  async delete(id: string, options?: CallOptions): Promise<void> {
    return this.records.delete(id, options);
  }
}

/**
 * And the PTR records of each record (hosts of every kind, cloud instances): GET and POST
 * {base}/{id}/ptr_records, DELETE {base}/{id}/ptr_records/{ptrRecordId}. PTR records cannot be
 * changed, only created and deleted; P is the owner's create body (`domain` for a host, `data`
 * for a cloud instance).
 */
export abstract class PtrRecordOwnerApi<
  T,
  L extends object,
  U extends object,
  P extends HostPtrRecordCreateBody | CloudInstancePtrRecordCreateBody,
> extends UpdatableCollectionApi<T, L, U> {
  listPtrRecords(
    id: string,
    options?: PtrRecordListOptions,
    callOptions?: CallOptions,
  ): PagePromise<PtrRecord> {
    return this.#ptrRecords(id).list(options, callOptions);
  }

  async createPtrRecord(id: string, body: P, options?: CallOptions): Promise<PtrRecord> {
    return this.#ptrRecords(id).create(body, options);
  }

  async deletePtrRecord(id: string, ptrRecordId: string, options?: CallOptions): Promise<void> {
    return this.#ptrRecords(id).delete(ptrRecordId, options);
  }

  #ptrRecords(id: string): RecordsAt<PtrRecord> {
    return this.records.under(id, "ptr_records", PtrRecordSchema);
  }
}
