// client.account against the simulator: the balance, invoices (the list without document links,
// one invoice with them), racks (list, get, labels), and the out-of-band credentials of a
// dedicated server (a GPG fingerprint required), with the SDK's error classes.
import { describe, expect, it } from "vitest";
import { BadRequestError, InputValidationError, NotFoundError } from "../../sdk/core/errors";
import { orderDedicatedServer } from "./dedicated-order";
import { rejectionOf, useSdkSimulator } from "./support";

describe("client.account on the simulator", () => {
  const bed = useSdkSimulator();

  it("reads the balance", async () => {
    expect(await bed().client.account.getBalance()).toEqual({
      current_balance: 123.45,
      next_invoice_total_due: 0,
      currency: "EUR",
    });
  });

  it("lists invoices in pages without links; one invoice has its csv and pdf links", async () => {
    const api = bed().client.account;
    const listed = await api.listInvoices({ perPage: 2 }).toArray({ limit: 10 });
    expect(listed).toHaveLength(3);
    expect(listed[0]).not.toHaveProperty("pdf_url");
    const one = await api.getInvoice("Inv00002");
    expect(one).toMatchObject({ number: 843072, parent_id: null, type: "invoice" });
    expect(one.pdf_url).toMatch(/\.pdf$/);
    await rejectionOf(api.getInvoice("nope"), NotFoundError);
  });

  it("lists racks by label selector, reads one and replaces its labels", async () => {
    const api = bed().client.account;
    expect((await api.updateRack("Rack0001", { team: "db" })).labels).toEqual({ team: "db" });
    const listed = await api.listRacks({ labelSelector: "team==db" }).toArray({ limit: 10 });
    expect(listed.map((rack) => rack.id)).toEqual(["Rack0001"]);
    expect(await api.getRack("Rack0002")).toMatchObject({ location_code: "DFW1" });
    await rejectionOf(api.getRack("nope"), NotFoundError);
    // A reserved label prefix is refused before any request.
    await rejectionOf(api.updateRack("Rack0001", { "servers.com/x": "1" }), InputValidationError);
  });

  it("answers a server's OOB credentials for a GPG fingerprint, 400 without one, 404 for no server", async () => {
    const api = bed().client.account;
    const { id } = await orderDedicatedServer(bed().client, "db-1.example.com");
    const credentials = await api.getOobCredentials(id, "0123456789ABCDEF0123456789ABCDEF01234567");
    expect(credentials.login).toBe("ADMIN");
    const error = await rejectionOf(api.getOobCredentials(id, "nope"), BadRequestError);
    expect(error.message).toContain("fingerprint");
    await rejectionOf(
      api.getOobCredentials("Nope0001", "0123456789ABCDEF0123456789ABCDEF01234567"),
      NotFoundError,
    );
  });
});
