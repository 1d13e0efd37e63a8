// List filters the official clients send, as query parameters: srvctl's `invoices list`
// (status, type, parent_id, currency, start_date, end_date), `racks list` (label_selector,
// location_id) and `cloud-volumes list` (label_selector, region_id, instance_id), all in its
// cmd/base/list_options.go. None of them sends search_pattern for racks or volumes.
import { describe, expect, it } from "vitest";
import { useWireBed } from "./support-wire";

describe("list filters on the wire", () => {
  const bed = useWireBed();

  it("invoices: every filter srvctl sends", async () => {
    bed().answer(200, []);
    await bed().client.account.listInvoices({
      status: "paid",
      type: "credit_note",
      parentId: "Inv00001",
      currency: "EUR",
      startDate: "2026-01-01",
      endDate: "2026-06-30",
      perPage: 50,
    });
    expect(bed().sent[0]).toMatchObject({
      method: "GET",
      pathname: "/v1/billing/invoices",
      query: {
        status: "paid",
        type: "credit_note",
        parent_id: "Inv00001",
        currency: "EUR",
        start_date: "2026-01-01",
        end_date: "2026-06-30",
        per_page: "50",
      },
    });
  });

  it("racks: location_id and label_selector", async () => {
    bed().answer(200, []);
    await bed().client.account.listRacks({ locationId: 2, labelSelector: "team==db" });
    expect(bed().sent[0]?.query).toEqual({ location_id: "2", label_selector: "team==db" });
  });

  it("cloud volumes: region_id and instance_id", async () => {
    bed().answer(200, []);
    await bed().client.cloudVolumes.list({ regionId: 1, instanceId: "Ci1" });
    expect(bed().sent[0]?.query).toEqual({ region_id: "1", instance_id: "Ci1" });
  });
});
