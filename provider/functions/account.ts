// The account's read-only data: its balance, its invoices, its private racks, and the
// out-of-band credentials of one of its dedicated servers (a secret result).
import type { Invoice, Rack } from "../../sdk/areas/account";
import { withoutOwnerLabel } from "../framework/ownership";
import { definedFields, oneOf, optionalText, optionalWholeNumber, text } from "./framework/args";
import { getById } from "./framework/by-id";
import { LookupError } from "./framework/errors";
import { camelFields } from "./framework/fields";
import { type LookupOptions, outputForm, promiseForm, secretOutputForm } from "./framework/invoke";
import { collectFiltered, collectPages } from "./framework/lists";
import { nameCandidate, pickBySearch } from "./framework/match";
import { type LabelSelector, selectorText } from "./framework/selector";

export interface GetAccountBalanceResult {
  /** The account's current balance, in `currency`; null where the API does not say. */
  readonly currentBalance: number | null;
  /** The total due on the next invoice, in `currency`; null where the API does not say. */
  readonly nextInvoiceTotalDue: number | null;
  /** The currency of the amounts, e.g. `EUR`; null where the API does not say. */
  readonly currency: string | null;
}

/** The account's current balance and the total due on the next invoice. */
export function getAccountBalance(
  _args: Record<string, never> = {},
  opts?: LookupOptions,
): Promise<GetAccountBalanceResult> {
  return promiseForm("getAccountBalance", opts, async (lookup) => {
    const balance = await lookup.client.account.getBalance(lookup.call);
    return {
      currentBalance: balance.current_balance ?? null,
      nextInvoiceTotalDue: balance.next_invoice_total_due ?? null,
      currency: balance.currency ?? null,
    };
  });
}

export const getAccountBalanceOutput = outputForm(getAccountBalance);

/** The filters srvctl's `invoices list` sends (docs/wire.md, "Account"), asked of the API. */
export interface GetInvoicesArgs {
  /** Only invoices of this status: pending, outstanding, overdue, paid, canceled or reissued. */
  readonly status?: string;
  /** "invoice" or "credit_note". */
  readonly type?: string;
  /** The invoice a credit note belongs to. */
  readonly parentId?: string;
  readonly currency?: string;
  /** YYYY-MM-DD: invoices from this date. */
  readonly startDate?: string;
  /** YYYY-MM-DD: invoices up to this date. */
  readonly endDate?: string;
  /** The most invoices to read, 1 to 10,000 (default 1,000); more is an error. */
  readonly limit?: number;
}

/** One invoice; the document links (`csvUrl`, `pdfUrl`) are null where the list leaves them out. */
export interface InvoiceResult {
  /** The invoice's id. */
  readonly id: string;
  /** The invoice's number; null where the API does not say. */
  readonly number: number | null;
  /** For a credit note, the id of the invoice it belongs to; otherwise null. */
  readonly parentId: string | null;
  /** The status: pending, outstanding, overdue, paid, canceled or reissued. */
  readonly status: string | null;
  /** YYYY-MM-DD. */
  readonly date: string | null;
  /** `invoice` or `credit_note`. */
  readonly type: string | null;
  /** The total due, in `currency`. */
  readonly totalDue: number | null;
  readonly currency: string | null;
  /** The address of the invoice as a CSV file. */
  readonly csvUrl: string | null;
  /** The address of the invoice as a PDF file. */
  readonly pdfUrl: string | null;
}

export interface GetInvoicesResult {
  /** The invoices, in the API's order. */
  readonly invoices: InvoiceResult[];
}

/**
 * The account's invoices and credit notes, filtered by status, type, currency and date (at most
 * 1,000 unless `limit` says otherwise).
 */
export function getInvoices(
  args: GetInvoicesArgs = {},
  opts?: LookupOptions,
): Promise<GetInvoicesResult> {
  return promiseForm("getInvoices", opts, async (lookup) => {
    const filters = definedFields({
      status: optionalText(lookup.fn, args, "status"),
      type: optionalText(lookup.fn, args, "type"),
      parentId: optionalText(lookup.fn, args, "parentId"),
      currency: optionalText(lookup.fn, args, "currency"),
      startDate: optionalText(lookup.fn, args, "startDate"),
      endDate: optionalText(lookup.fn, args, "endDate"),
    });
    const invoices = await collectFiltered(
      lookup,
      {
        what: "invoices match",
        limit: args.limit,
        narrowWith: "status, type, currency or a date range",
      },
      filters,
      (query) => lookup.client.account.listInvoices(query, lookup.call),
    );
    return { invoices: invoices.map(invoiceResult) };
  });
}

export const getInvoicesOutput = outputForm(getInvoices);

function invoiceResult(invoice: Invoice): InvoiceResult {
  return camelFields(invoice, [
    "id",
    "number",
    "parent_id",
    "status",
    "date",
    "type",
    "total_due",
    "currency",
    "csv_url",
    "pdf_url",
  ]);
}

export interface GetRacksArgs {
  readonly labelSelector?: LabelSelector;
  /** Only racks of this location. */
  readonly locationId?: number;
  /** Racks whose name contains this text (case-insensitive), matched here: no source sends it. */
  readonly searchPattern?: string;
  readonly limit?: number;
}

/** One private rack by exactly one of id or name. */
export interface GetRackArgs {
  /** The rack's id (give exactly one of id and name). */
  readonly id?: string;
  /** The rack's name (case-insensitive; give exactly one of id and name). */
  readonly name?: string;
}

/** A private rack of the account. */
export interface GetRackResult {
  /** The rack's id. */
  readonly id: string;
  /** The rack's name; null where the API does not say. */
  readonly name: string | null;
  readonly locationId: number | null;
  readonly locationCode: string | null;
  /** The labels, without the provider's ownership label. */
  readonly labels: Record<string, string>;
}

export interface GetRacksResult {
  /** The racks, in the API's order. */
  readonly racks: GetRackResult[];
}

/** The account's private racks, filtered by labels, location and name. */
export function getRacks(args: GetRacksArgs = {}, opts?: LookupOptions): Promise<GetRacksResult> {
  return promiseForm("getRacks", opts, async (lookup) => {
    const locationId = optionalWholeNumber(lookup.fn, args, "locationId");
    const pattern = optionalText(lookup.fn, args, "searchPattern")?.toLowerCase();
    const filters = definedFields({
      labelSelector: selectorText(lookup.fn, args.labelSelector),
      locationId,
    });
    const racks = await collectFiltered(
      lookup,
      { what: "racks match", limit: args.limit, narrowWith: "labelSelector or locationId" },
      filters,
      (query) => lookup.client.account.listRacks(query, lookup.call),
    );
    return {
      racks: racks
        .filter((rack) => locationId === undefined || rack.location_id === locationId)
        .filter(
          (rack) => pattern === undefined || (rack.name ?? "").toLowerCase().includes(pattern),
        )
        .map(rackResult),
    };
  });
}

export const getRacksOutput = outputForm(getRacks);

/** One private rack, by exactly one of id or name (case-insensitive). */
export function getRack(args: GetRackArgs, opts?: LookupOptions): Promise<GetRackResult> {
  return promiseForm("getRack", opts, async (lookup) => {
    const key = oneOf(lookup.fn, args, ["id", "name"]);
    if (key === "id") {
      const id = text(lookup.fn, args, "id");
      return rackResult(
        await getById(lookup, "rack", id, () => lookup.client.account.getRack(id, lookup.call)),
      );
    }
    const rack = await pickBySearch(
      { fn: lookup.fn, what: "rack", query: text(lookup.fn, args, "name"), mode: "words" },
      // No source sends search_pattern for racks: every pass reads the whole (bounded) list.
      async () =>
        (
          await collectPages(lookup, { what: "racks" }, (page) =>
            lookup.client.account.listRacks(page, lookup.call),
          )
        )
          .filter(
            (candidate): candidate is Rack & { name: string } => typeof candidate.name === "string",
          )
          .map(nameCandidate),
    );
    return rackResult(rack);
  });
}

export const getRackOutput = outputForm(getRack);

function rackResult(rack: Rack): GetRackResult {
  return {
    ...camelFields(rack, ["id", "name", "location_id", "location_code"]),
    labels: withoutOwnerLabel(rack.labels),
  };
}

export interface GetServerOobCredentialsArgs {
  /** The dedicated server's id. */
  readonly serverId: string;
  /**
   * The fingerprint of your GPG key (40 hexadecimal digits), which the API requires for this
   * request (the secret is meant to be encrypted to that key).
   */
  readonly fingerprint: string;
}

/** Secret: `getServerOobCredentialsOutput` answers it as a secret Output. */
export interface GetServerOobCredentialsResult {
  /** The dedicated server's id. */
  readonly serverId: string;
  /** The out-of-band (IPMI) login. */
  readonly login: string;
  /**
   * The out-of-band (IPMI) password, as the API gives it (encrypted to the GPG key of
   * `fingerprint`).
   */
  readonly secret: string;
}

const GPG_FINGERPRINT = /^(?:[0-9A-Fa-f]{4} ?){10}$/;

/**
 * The out-of-band (IPMI) credentials of a dedicated server.
 *
 * The result is secret: the output form of this function keeps it secret. A plain (non-output) call
 * gives the values to the program in clear: keep them out of stack outputs and logs, or mark them
 * secret.
 */
export function getServerOobCredentials(
  args: GetServerOobCredentialsArgs,
  opts?: LookupOptions,
): Promise<GetServerOobCredentialsResult> {
  return promiseForm("getServerOobCredentials", opts, async (lookup) => {
    const serverId = text(lookup.fn, args, "serverId");
    const fingerprint = text(lookup.fn, args, "fingerprint");
    if (!GPG_FINGERPRINT.test(fingerprint)) {
      throw new LookupError(
        `${lookup.fn}: fingerprint must be a GPG key fingerprint, 40 hexadecimal digits ` +
          "(`gpg --fingerprint` shows it)",
      );
    }
    const credentials = await getById(lookup, "dedicated server", serverId, () =>
      lookup.client.account.getOobCredentials(serverId, fingerprint, lookup.call),
    );
    return { serverId, login: credentials.login, secret: credentials.secret };
  });
}

/** The Output form: always secret, whatever the arguments. */
export const getServerOobCredentialsOutput = secretOutputForm(getServerOobCredentials);
