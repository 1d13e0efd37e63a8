// SBM servers (api-spec.md "SBM servers" and its Errors rows; wire-notes.md): the order and its
// 422 field maps, the install transitions, addresses, the list's filters and 400 on bad paging,
// labels, release by DELETE, reinstall, power.
import { describe, expect, it } from "vitest";
import { type ApiErrorBody, useTestSimulator } from "./helpers";
import {
  createDefaultPtr,
  DFW1,
  type Host,
  INSTALL_DONE,
  INSTALLED,
  MINUTE,
  type Network,
  SBM_ORDERED,
  sbmOrder,
} from "./hosts-fixtures";

const BASE = "/v1/hosts/sbm_servers";

describe("POST /v1/hosts/sbm_servers", () => {
  const sim = useTestSimulator();

  it("answers an array, one host per hosts entry, in init/provisioning/unknown with null addresses", async () => {
    const res = await sim().req<Host[]>(
      "POST",
      BASE,
      sbmOrder({
        hosts: [{ hostname: "a.example.com", labels: { env: "a" } }, { hostname: "b.example.com" }],
      }),
    );
    expect(res.status).toBe(202);
    expect(res.body.map((h) => [h.title, h.labels])).toEqual([
      ["a.example.com", { env: "a" }],
      ["b.example.com", {}],
    ]);
    expect(res.body[0]).toMatchObject({
      ...SBM_ORDERED,
      location_code: "AMS1",
      configuration_details: {
        sbm_flavor_model_id: 601,
        sbm_flavor_model_name: "SBM-01",
        ram_size: 32,
        operating_system_id: 302,
        operating_system_full_name: "Ubuntu 24.04-server x86_64",
        private_uplink_id: 401,
        public_uplink_id: 403,
        bandwidth_id: 501,
      },
    });
  });

  it("installs in a few minutes: init -> active, provisioning -> normal, unknown -> powered_on", async () => {
    const [host] = (await sim().req<Host[]>("POST", BASE, sbmOrder())).body;
    const read = async () => (await sim().req<Host>("GET", `${BASE}/${host?.id}`)).body;
    await sim().advance(2 * MINUTE);
    expect(await read()).toMatchObject({
      status: "init",
      operational_status: "installation",
      power_status: "powered_on",
    });
    await sim().advance(MINUTE);
    const done = await read();
    expect(done).toMatchObject(INSTALLED);
    expect(done.private_ipv4_address).toMatch(/^10\./);
    expect(done.public_ipv4_address).toMatch(/^100\./);
    const networks = await sim().req<Network[]>("GET", `${BASE}/${host?.id}/networks`);
    expect(networks.body.map((n) => n.interface_type).sort()).toEqual(["oob", "private", "public"]);
  });

  it("takes the address from a network given by id at once", async () => {
    const res = await sim().req<Host[]>(
      "POST",
      BASE,
      sbmOrder({ hosts: [{ hostname: "n.example.com", private_ipv4_network_id: "net-priv-1" }] }),
    );
    expect(res.body[0]?.private_ipv4_address).toMatch(/^10\./);
    expect(res.body[0]?.public_ipv4_address).toBeNull();
  });

  it.each([
    [
      "sbm_flavor_model_id is missing",
      { sbm_flavor_model_id: undefined },
      "sbm_flavor_model_id",
      /required/,
    ],
    [
      "the flavor model does not exist",
      { sbm_flavor_model_id: 9999 },
      "sbm_flavor_model_id",
      /does not exist/,
    ],
    [
      "the flavor is not offered in the location",
      { location_id: DFW1, sbm_flavor_model_id: 603 },
      "sbm_flavor_model_id",
      /does not exist/,
    ],
    [
      "Windows is the operating system",
      { operating_system_id: 305 },
      "operating_system_id",
      /Windows/,
    ],
    [
      "the operating system is missing",
      { operating_system_id: undefined },
      "operating_system_id",
      /required/,
    ],
    [
      "a host name is invalid",
      { hosts: [{ hostname: "under_score" }] },
      "hosts.0.hostname",
      /host name/,
    ],
    [
      "labels of a host break the rules",
      { hosts: [{ hostname: "x.example.com", labels: { "servers.com/a": "b" } }] },
      "hosts.0.labels",
      /reserved/,
    ],
  ])("refuses an order where %s (422)", async (_, overrides, field, message) => {
    const res = await sim().req<ApiErrorBody>("POST", BASE, sbmOrder(overrides));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("UNPROCESSABLE_ENTITY");
    expect(res.body.errors?.[field]).toMatch(message);
  });

  it("refuses a network id whose uplink the order lacks, named hosts.N.<field>", async () => {
    // SBM-Private-01 has no public uplink; SBM-Public-01 has no private one.
    const noPublic = await sim().req<ApiErrorBody>(
      "POST",
      BASE,
      sbmOrder({
        sbm_flavor_model_id: 603,
        hosts: [
          { hostname: "ok.example.com", private_ipv4_network_id: "net-priv" },
          { hostname: "bad.example.com", public_ipv4_network_id: "net-pub" },
        ],
      }),
    );
    expect(noPublic.status).toBe(422);
    expect(Object.keys(noPublic.body.errors ?? {})).toEqual(["hosts.1.public_ipv4_network_id"]);
    const noPrivate = await sim().req<ApiErrorBody>(
      "POST",
      BASE,
      sbmOrder({
        sbm_flavor_model_id: 604,
        hosts: [{ hostname: "p.example.com", private_ipv4_network_id: "net-priv" }],
      }),
    );
    expect(Object.keys(noPrivate.body.errors ?? {})).toEqual(["hosts.0.private_ipv4_network_id"]);
  });

  it("gives no public address when the flavor has no public uplink", async () => {
    const [host] = (await sim().req<Host[]>("POST", BASE, sbmOrder({ sbm_flavor_model_id: 603 })))
      .body;
    await sim().advance(INSTALL_DONE);
    const read = await sim().req<Host>("GET", `${BASE}/${host?.id}`);
    expect(read.body.public_ipv4_address).toBeNull();
    expect(read.body.private_ipv4_address).toMatch(/^10\./);
  });
});

describe("GET /v1/hosts/sbm_servers", () => {
  const sim = useTestSimulator();

  it("filters by search_pattern, location_id, rack_id and label_selector", async () => {
    await sim().req(
      "POST",
      BASE,
      sbmOrder({ hosts: [{ hostname: "alpha.example.com", labels: { env: "prod" } }] }),
    );
    await sim().req(
      "POST",
      BASE,
      sbmOrder({
        location_id: DFW1,
        hosts: [{ hostname: "beta.example.com", labels: { env: "dev" } }],
      }),
    );
    const titles = async (query: string) =>
      (await sim().req<Host[]>("GET", `${BASE}?${query}`)).body.map((h) => h.title);
    expect(await titles("search_pattern=alp")).toEqual(["alpha.example.com"]);
    expect(await titles(`location_id=${DFW1}`)).toEqual(["beta.example.com"]);
    expect(await titles("label_selector=env%3D%3Dprod")).toEqual(["alpha.example.com"]);
    const all = (await sim().req<Host[]>("GET", BASE)).body;
    const rack = all[0]?.rack_id ?? "";
    expect(await titles(`rack_id=${rack}`)).toEqual([all[0]?.title]);
  });

  it.each(["page=0", "per_page=101", "page=abc"])(
    "answers 400 BAD_REQUEST with params for %s",
    async (query) => {
      const res = await sim().req<ApiErrorBody>("GET", `${BASE}?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("BAD_REQUEST");
      expect(res.body.params).toEqual([query.split("=")[0]]);
    },
  );
});

describe("an SBM server", () => {
  const sim = useTestSimulator();
  const installed = async () => {
    const [host] = (await sim().req<Host[]>("POST", BASE, sbmOrder())).body;
    await sim().advance(INSTALL_DONE);
    return host?.id ?? "";
  };

  it("PUT replaces its labels", async () => {
    const id = await installed();
    const res = await sim().req<Host>("PUT", `${BASE}/${id}`, { labels: { role: "worker" } });
    expect(res.status).toBe(200);
    expect(res.body.labels).toEqual({ role: "worker" });
    const bad = await sim().req<ApiErrorBody>("PUT", `${BASE}/${id}`, {
      labels: { "bad key": "x" },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.labels).toMatch(/\S/);
  });

  it("DELETE schedules the release for the end of the billing hour, when the server is gone", async () => {
    const [host] = (await sim().req<Host[]>("POST", BASE, sbmOrder())).body;
    const id = host?.id ?? "";
    const ordered = Date.parse(host?.created_at ?? "");
    await sim().advance(INSTALL_DONE);
    const res = await sim().req<Host>("DELETE", `${BASE}/${id}`);
    expect(res.status).toBe(202);
    expect(res.body.id).toBe(id);
    // Billed by the hour from the order: the hour under way is paid, the release ends it.
    expect(res.body.scheduled_release_at).toBe(new Date(ordered + 60 * MINUTE).toISOString());
    // Asking again while the release is pending answers the same.
    const again = await sim().req<Host>("DELETE", `${BASE}/${id}`);
    expect(again.status).toBe(202);
    expect(again.body.scheduled_release_at).toBe(res.body.scheduled_release_at);
    // Still there a minute before the end of the hour, with the release showing.
    await sim().advance(60 * MINUTE - INSTALL_DONE - MINUTE);
    const before = await sim().req<Host>("GET", `${BASE}/${id}`);
    expect(before.status).toBe(200);
    expect(before.body.scheduled_release_at).toBe(res.body.scheduled_release_at);
    await sim().advance(MINUTE);
    const gone = await sim().req<ApiErrorBody>("GET", `${BASE}/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe("NOT_FOUND");
    expect(await sim().control.records("host_networks")).not.toContainEqual(
      expect.objectContaining({ _host_id: id }),
    );
  });

  it("a release in a later billing hour waits for the end of that hour", async () => {
    const [host] = (await sim().req<Host[]>("POST", BASE, sbmOrder())).body;
    const id = host?.id ?? "";
    const ordered = Date.parse(host?.created_at ?? "");
    await sim().advance(90 * MINUTE);
    const res = await sim().req<Host>("DELETE", `${BASE}/${id}`);
    expect(res.body.scheduled_release_at).toBe(new Date(ordered + 120 * MINUTE).toISOString());
    await sim().advance(29 * MINUTE);
    expect((await sim().req("GET", `${BASE}/${id}`)).status).toBe(200);
    await sim().advance(MINUTE);
    expect((await sim().req("GET", `${BASE}/${id}`)).status).toBe(404);
  });

  it("reinstall: installation, then normal; Windows refused", async () => {
    const id = await installed();
    const windows = await sim().req<ApiErrorBody>("POST", `${BASE}/${id}/reinstall`, {
      hostname: "x.example.com",
      operating_system_id: 305,
    });
    expect(windows.status).toBe(422);
    expect(windows.body.errors?.operating_system_id).toMatch(/Windows/);
    const res = await sim().req<Host>("POST", `${BASE}/${id}/reinstall`, {
      hostname: "again.example.com",
      operating_system_id: 303,
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      title: "again.example.com",
      operational_status: "installation",
    });
    await sim().advance(INSTALL_DONE);
    expect((await sim().req<Host>("GET", `${BASE}/${id}`)).body.operational_status).toBe("normal");
  });

  it("power: 202 with the transitional state, 409 while in process, 412 while not ready", async () => {
    const id = await installed();
    const off = await sim().req<Host>("POST", `${BASE}/${id}/power_off`);
    expect(off.body.power_status).toBe("powering_off");
    expect((await sim().req<ApiErrorBody>("POST", `${BASE}/${id}/power_on`)).body.code).toBe(
      "CONFLICT",
    );
    await sim().advance(MINUTE);
    expect((await sim().req<Host>("GET", `${BASE}/${id}`)).body.power_status).toBe("powered_off");
    const [fresh] = (await sim().req<Host[]>("POST", BASE, sbmOrder())).body;
    const early = await sim().req<ApiErrorBody>("POST", `${BASE}/${fresh?.id}/power_cycle`);
    expect(early.status).toBe(412);
    expect(early.body.code).toBe("PRECONDITION_FAILED");
  });

  it("networks: one by id, 404 for an unknown one", async () => {
    const id = await installed();
    const list = await sim().req<Network[]>("GET", `${BASE}/${id}/networks?sorting=created_at`);
    const [network] = list.body;
    expect(network?.status).toBe("active");
    const one = await sim().req<Network>("GET", `${BASE}/${id}/networks/${network?.id}`);
    expect(one.body).toEqual(network);
    const missing = await sim().req<ApiErrorBody>("GET", `${BASE}/${id}/networks/nope0000`);
    expect(missing.status).toBe(404);
  });

  it("PTR records: created with ttl 60 and priority 0 by default, listed, deleted", async () => {
    const id = await installed();
    const path = `${BASE}/${id}/ptr_records`;
    const created = await createDefaultPtr(sim(), path, "100.64.0.2", "sbm.example.com");
    expect((await sim().req<unknown[]>("GET", path)).body).toHaveLength(1);
    const bad = await sim().req<ApiErrorBody>("POST", path, {
      ip: "100.64.0.2",
      domain: "sbm.example.com",
      ttl: 604_801,
      priority: -1,
    });
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(["priority", "ttl"]);
    expect((await sim().req("DELETE", `${path}/${created.id}`)).status).toBe(204);
    expect((await sim().req<unknown[]>("GET", path)).body).toEqual([]);
  });

  it("answers 404 for a server that does not exist", async () => {
    for (const [method, path] of [
      ["GET", `${BASE}/nope0000`],
      ["PUT", `${BASE}/nope0000`],
      ["DELETE", `${BASE}/nope0000`],
      ["POST", `${BASE}/nope0000/power_on`],
      ["GET", `${BASE}/nope0000/networks`],
    ] as const) {
      expect(
        (await sim().req(method, path, method === "PUT" ? { labels: {} } : undefined)).status,
      ).toBe(404);
    }
  });
});
