// The account's read-only data: its balance (/account/balance), its invoices (/billing/invoices)
// and its private racks (/racks). Not in api-spec.md: paths and records follow the official Go
// client (accounts.go, invoices.go, racks.go, types.go and their fixtures) and srvctl
// (account, invoices, racks); docs/wire.md, "Account".
import { z } from "zod";
import type { CallOptions, ListOptions, PagePromise, Requester } from "../core/contract";
import { path } from "../core/contract";
import {
  DateSchema,
  type LabelsInput,
  LabelsSchema,
  type PagingOptions,
  RecordsAt,
} from "./common";

/** Every field nullable-tolerant: the fixture is the only evidence, and has them all. */
export const AccountBalanceSchema = z.object({
  current_balance: z.number().nullable().optional(),
  next_invoice_total_due: z.number().nullable().optional(),
  currency: z.string().nullable().optional(),
});
export type AccountBalance = z.infer<typeof AccountBalanceSchema>;

/** An invoice as listed (the Go client's InvoiceList): no document links. */
export const InvoiceSchema = z.object({
  id: z.string(),
  number: z.number().int().nullable().optional(),
  /** The invoice this one corrects (a credit note's parent), or null. */
  parent_id: z.string().nullable().optional(),
  status: z.string().nullable().optional(),
  date: DateSchema.nullable().optional(),
  /** "invoice" in the fixture; credit notes presumably have another type. */
  type: z.string().nullable().optional(),
  total_due: z.number().nullable().optional(),
  currency: z.string().nullable().optional(),
  /** Only GET /billing/invoices/{id} answers the document links. */
  csv_url: z.string().nullable().optional(),
  pdf_url: z.string().nullable().optional(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const RackSchema = z.object({
  id: z.string(),
  name: z.string().nullable().optional(),
  location_id: z.number().int().nullable().optional(),
  location_code: z.string().nullable().optional(),
  labels: LabelsSchema.optional(),
});
export type Rack = z.infer<typeof RackSchema>;

/** Out-of-band (IPMI/BMC) credentials of a dedicated server. Secret: never log them. */
export const OobCredentialsSchema = z.object({
  login: z.string(),
  secret: z.string(),
});
export type OobCredentials = z.infer<typeof OobCredentialsSchema>;

/**
 * Filters of GET /billing/invoices, as srvctl's `invoices list` sends them (`cmd/base/
 * list_options.go`: status, type, parent_id, currency, start_date, end_date).
 */
export interface InvoiceListOptions extends PagingOptions {
  /** srvctl names pending, outstanding, overdue, paid, canceled, reissued. */
  readonly status?: string;
  /** "invoice" or "credit_note" (srvctl). */
  readonly type?: string;
  readonly parentId?: string;
  readonly currency?: string;
  /** YYYY-MM-DD. */
  readonly startDate?: string;
  /** YYYY-MM-DD. */
  readonly endDate?: string;
}

/**
 * Filters of GET /racks, as srvctl's `racks list` sends them (label_selector, location_id). No
 * source sends `search_pattern` here: a name is matched in the program.
 */
export interface RackListOptions extends Omit<ListOptions, "searchPattern"> {
  readonly locationId?: number;
}

export class AccountApi {
  readonly #invoices: RecordsAt<Invoice>;
  readonly #racks: RecordsAt<Rack>;
  constructor(private readonly http: Requester) {
    this.#invoices = new RecordsAt(http, "/billing/invoices", InvoiceSchema);
    this.#racks = new RecordsAt(http, "/racks", RackSchema);
  }

  async getBalance(options?: CallOptions): Promise<AccountBalance> {
    return this.http.request(
      { method: "GET", path: "/account/balance", schema: AccountBalanceSchema },
      options,
    );
  }

  listInvoices(options?: InvoiceListOptions, callOptions?: CallOptions): PagePromise<Invoice> {
    return this.#invoices.list(options, callOptions);
  }

  async getInvoice(id: string, options?: CallOptions): Promise<Invoice> {
    return this.#invoices.get(id, options);
  }

  listRacks(options?: RackListOptions, callOptions?: CallOptions): PagePromise<Rack> {
    return this.#racks.list(options, callOptions);
  }

  async getRack(id: string, options?: CallOptions): Promise<Rack> {
    return this.#racks.get(id, options);
  }

  /** PUT /racks/{id} {labels}: the only change the Go client makes to a rack. */
  async updateRack(id: string, labels: LabelsInput, options?: CallOptions): Promise<Rack> {
    return this.#racks.update(id, { labels }, options);
  }

  /**
   * GET /hosts/dedicated_servers/{id}/oob_credentials?fingerprint=...: srvctl requires the
   * fingerprint of a GPG key ("GPG key fingerprint (required)"). Secret: see OobCredentialsSchema.
   */
  async getOobCredentials(
    serverId: string,
    fingerprint: string,
    options?: CallOptions,
  ): Promise<OobCredentials> {
    return this.http.request(
      {
        method: "GET",
        path: path`/hosts/dedicated_servers/${serverId}/oob_credentials`,
        query: { fingerprint },
        schema: OobCredentialsSchema,
      },
      options,
    );
  }
}
