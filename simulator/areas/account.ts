// The account's read-only data: balance, invoices, private racks, and the out-of-band
// credentials of a dedicated server. Not in api-spec.md: paths and records follow the official
// Go client and srvctl (docs/wire.md, "Account"). Invoices and racks are seeded; the balance is
// the account setting `balance` (PATCH /_simulator/account to change it).
import { randomBytes } from "node:crypto";
import { ok, readBody } from "../framework/body";
import { registerCollection } from "../framework/collection";
import {
  type Area,
  type AreaHelpers,
  type Router,
  SimApiError,
  type SimContext,
  type WireRecord,
} from "../framework/contract";

const INVOICES = "invoices";
const RACKS = "racks";
/** GPG fingerprints: 40 hexadecimal digits, spaces allowed between groups. */
const GPG_FINGERPRINT = /^(?:[0-9A-Fa-f]{4} ?){10}$/;

const DEFAULT_BALANCE: WireRecord = {
  current_balance: 123.45,
  next_invoice_total_due: 0,
  currency: "EUR",
};

function invoice(id: string, number: number, date: string, total: number, status: string) {
  return {
    id,
    number,
    parent_id: null,
    status,
    date,
    type: "invoice",
    total_due: total,
    currency: "EUR",
  };
}

function seedAccount(ctx: SimContext): void {
  const invoices = [
    invoice("Inv00001", 843071, "2026-01-01", 119.9, "paid"),
    invoice("Inv00002", 843072, "2026-02-01", 121.5, "paid"),
    invoice("Inv00003", 843073, "2026-03-01", 98.0, "pending"),
  ];
  for (const record of invoices) ctx.store.insert(INVOICES, record);
  const racks = [
    { id: "Rack0001", name: "private-rack-1", location_id: 1, location_code: "AMS1", labels: {} },
    { id: "Rack0002", name: "private-rack-2", location_id: 2, location_code: "DFW1", labels: {} },
  ];
  for (const record of racks) ctx.store.insert(RACKS, record);
}

/** The list drops the document links; GET of one invoice answers them (Go client types). */
function invoiceDetail(record: WireRecord): WireRecord {
  const id = String(record.id);
  return {
    ...record,
    csv_url: `https://portal.servers.com/billing/invoices/${id}.csv`,
    pdf_url: `https://portal.servers.com/billing/invoices/${id}.pdf`,
  };
}

function register(router: Router, helpers: AreaHelpers): void {
  router.add("GET", "/v1/account/balance", (_req, ctx) => {
    const balance = ctx.store.account.balance;
    return ok(
      typeof balance === "object" && balance !== null && !Array.isArray(balance)
        ? { ...DEFAULT_BALANCE, ...balance }
        : DEFAULT_BALANCE,
    );
  });
  registerCollection(router, helpers, {
    path: "/v1/billing/invoices",
    collection: INVOICES,
    // srvctl's `invoices list` filters (cmd/base/list_options.go); the dates bound `date`.
    list: {
      sortable: ["id", "date", "number"],
      filters: { status: "status", type: "type", parent_id: "parent_id", currency: "currency" },
    },
    records: (ctx, req) => {
      const start = req.query.get("start_date");
      const end = req.query.get("end_date");
      return ctx.store.all(INVOICES).filter((invoice) => {
        const date = typeof invoice.date === "string" ? invoice.date : "";
        return (start === null || date >= start) && (end === null || date <= end);
      });
    },
    present: invoiceDetail,
  });
  registerCollection(router, helpers, {
    path: "/v1/racks",
    collection: RACKS,
    // srvctl's `racks list`: label_selector, location_id; no source sends search_pattern.
    list: {
      sortable: ["id", "name"],
      labelSelector: true,
      filters: { location_id: "location_id" },
    },
    // A rack's labels are its only writable field, and a body without them clears them all.
    update: (ctx, helpers, req) => {
      const id = req.params.id ?? "";
      helpers.getOr404(ctx, RACKS, id);
      const labels = helpers.checkLabels(readBody(req).labels ?? {});
      return ok(ctx.store.update(RACKS, id, { labels }));
    },
  });
  router.add("GET", "/v1/hosts/dedicated_servers/:id/oob_credentials", (req, ctx) => {
    const server = helpers.getOr404(ctx, "dedicated_servers", req.params.id ?? "");
    const fingerprint = req.query.get("fingerprint") ?? "";
    if (!GPG_FINGERPRINT.test(fingerprint)) {
      throw new SimApiError(400, "BAD_REQUEST", "fingerprint must be a GPG key fingerprint", {
        params: ["fingerprint"],
      });
    }
    // One secret per server, kept in the area's flags (reading it must not touch the server's
    // updated_at); a real service would encrypt it to the GPG key.
    const key = `oob_secret:${String(server.id)}`;
    let secret = ctx.store.flags[key];
    if (typeof secret !== "string") {
      secret = randomBytes(12).toString("base64url");
      ctx.store.flags[key] = secret;
    }
    return ok({ login: "ADMIN", secret });
  });
}

export const accountArea: Area = { name: "account", register, seed: seedAccount };
