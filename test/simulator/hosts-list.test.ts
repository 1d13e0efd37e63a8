// GET /v1/hosts: every host of the account, of all three kinds, with type, location_id,
// location_code and label_selector filters.
import { describe, expect, it } from "vitest";
import { useTestSimulator } from "./helpers";
import { DFW1, dedicatedOrder, type Host, sbmOrder } from "./hosts-fixtures";

describe("GET /v1/hosts", () => {
  const sim = useTestSimulator();

  it("merges dedicated servers, SBM servers and bare metal nodes, and filters by type", async () => {
    await sim().req(
      "POST",
      "/v1/hosts/dedicated_servers",
      dedicatedOrder({ hosts: [{ hostname: "ded.example.com" }] }),
    );
    await sim().req(
      "POST",
      "/v1/hosts/sbm_servers",
      sbmOrder({
        location_id: DFW1,
        hosts: [{ hostname: "sbm.example.com", labels: { env: "prod" } }],
      }),
    );
    const all = await sim().req<Host[]>("GET", "/v1/hosts?per_page=100");
    const types = new Set(all.body.map((h) => h.type));
    expect(types).toEqual(new Set(["dedicated_server", "sbm_server", "kubernetes_baremetal_node"]));
    expect(all.headers["x-total"]).toBe(String(all.body.length));
    for (const type of types) {
      const only = await sim().req<Host[]>("GET", `/v1/hosts?per_page=100&type=${type}`);
      expect(only.body.length).toBeGreaterThan(0);
      expect(only.body.every((h) => h.type === type)).toBe(true);
    }
  });

  it("filters by location_id, search_pattern and label_selector", async () => {
    const titles = async (query: string) =>
      (await sim().req<Host[]>("GET", `/v1/hosts?per_page=100&${query}`)).body.map((h) => h.title);
    expect(await titles(`location_id=${DFW1}&type=sbm_server`)).toEqual(["sbm.example.com"]);
    expect(await titles("search_pattern=ded.")).toEqual(["ded.example.com"]);
    expect(await titles("label_selector=env%3D%3Dprod")).toEqual(["sbm.example.com"]);
  });

  it("filters by location_code as the srvctl CLI sends it, like location_id", async () => {
    const ids = async (query: string) =>
      (await sim().req<Host[]>("GET", `/v1/hosts?per_page=100&${query}`)).body.map((h) => h.id);
    const byCode = await ids("location_code=DFW1");
    expect(byCode.length).toBeGreaterThan(0);
    expect(byCode).toEqual(await ids(`location_id=${DFW1}`));
    expect(await ids("location_code=NOWHERE")).toEqual([]);
  });
});
