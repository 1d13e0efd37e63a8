// Dedicated servers (api-spec.md "Dedicated servers and iPXE"; wire-notes.md "Paths", "Records
// the spec leaves out"): order validation with field maps, the array answer, the install
// transitions, update, release and its abort, reinstall, power, SSH keys, networks, PTR records.
import { describe, expect, it } from "vitest";
import { type ApiErrorBody, useTestSimulator } from "./helpers";
import {
  createDefaultPtr,
  dedicatedOrder,
  type Host,
  INSTALL_DONE,
  INSTALLED,
  MINUTE,
  type Network,
  SEED_WITH_SSH_KEYS,
  SSH_KEY,
  SSH_KEY_2,
} from "./hosts-fixtures";

const BASE = "/v1/hosts/dedicated_servers";

const RECORD_FIELDS = [
  "id",
  "rack_id",
  "type",
  "title",
  "location_id",
  "location_code",
  "status",
  "operational_status",
  "power_status",
  "configuration",
  "private_ipv4_address",
  "public_ipv4_address",
  "lease_start_at",
  "scheduled_release_at",
  "oob_ipv4_address",
  "labels",
  "created_at",
  "updated_at",
  "configuration_details",
  "ipxe_config",
].sort();

describe("POST /v1/hosts/dedicated_servers orders servers", () => {
  const sim = useTestSimulator(SEED_WITH_SSH_KEYS);

  it("answers 202 with an array, one record per hosts entry, in init/provisioning/unknown", async () => {
    const res = await sim().req<Host[]>(
      "POST",
      BASE,
      dedicatedOrder({ hosts: [{ hostname: "a.example.com" }, { hostname: "b.example.com" }] }),
    );
    expect(res.status).toBe(202);
    expect(res.body.map((h) => h.title)).toEqual(["a.example.com", "b.example.com"]);
    const [a] = res.body;
    expect(Object.keys(a ?? {}).sort()).toEqual(RECORD_FIELDS);
    expect(a).toMatchObject({
      type: "dedicated_server",
      location_id: 1,
      location_code: "AMS1",
      status: "init",
      operational_status: "provisioning",
      power_status: "unknown",
      private_ipv4_address: null,
      public_ipv4_address: null,
      lease_start_at: null,
      scheduled_release_at: null,
      labels: { env: "test" },
      created_at: "2026-01-05T10:00:00.000Z",
      ipxe_config: null,
      configuration: "Dell R640 / 64 GB RAM / 2 x Samsung PM883 960GB",
      configuration_details: {
        ram_size: 64,
        server_model_id: 101,
        server_model_name: "Dell R640",
        private_uplink_id: 401,
        private_uplink_name: "Private 1 Gbps without redundancy",
        public_uplink_id: 403,
        public_uplink_name: "Public 1 Gbps without redundancy",
        bandwidth_id: 501,
        bandwidth_name: "20 TB",
        operating_system_id: 301,
        operating_system_full_name: "Ubuntu 22.04-server x86_64",
      },
    });
    expect(a?.id).toMatch(/^[A-Za-z0-9]{8}$/);
  });

  it("installs over tens of minutes: init -> pending -> active, provisioning -> installation -> normal, unknown -> powered_on", async () => {
    const [host] = (await sim().req<Host[]>("POST", BASE, dedicatedOrder())).body;
    const read = async () => (await sim().req<Host>("GET", `${BASE}/${host?.id}`)).body;
    await sim().advance(3 * MINUTE);
    expect(await read()).toMatchObject({
      status: "pending",
      operational_status: "provisioning",
      power_status: "powered_on",
    });
    await sim().advance(8 * MINUTE);
    expect(await read()).toMatchObject({ status: "pending", operational_status: "installation" });
    await sim().advance(INSTALL_DONE);
    const done = await read();
    expect(done).toMatchObject(INSTALLED);
    expect(done.private_ipv4_address).toMatch(/^10\./);
    expect(done.public_ipv4_address).toMatch(/^100\./);
    expect(done.oob_ipv4_address).toMatch(/^172\./);
    expect(done.lease_start_at).toBe("2026-01-05");
    // updated_at is the moment the install finished, not the moment it was observed.
    expect(done.updated_at).toBe("2026-01-05T10:20:00.000Z");
  });

  it("reports every problem of an order at once, nested entries named by dotted paths", async () => {
    const before = (await sim().control.records("dedicated_servers")).length;
    const res = await sim().req<ApiErrorBody>(
      "POST",
      BASE,
      dedicatedOrder({
        ram_size: 3,
        uplink_models: { private: { id: 403 }, public: { id: 403, bandwidth_model_id: 999 } },
        drives: {
          slots: [{ position: 9, drive_model_id: 205 }],
          layout: [{ slot_positions: [1] }],
        },
        operating_system_id: 999,
        hosts: [{ hostname: "ok.example.com" }, { hostname: "not a host" }, {}],
        ssh_key_fingerprints: [SSH_KEY.fingerprint, "00:00"],
        features: ["warp_drive"],
        labels: { "servers.com/x": "y" },
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "UNPROCESSABLE_ENTITY", message: "Validation failed" });
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(
      [
        "ram_size",
        "uplink_models.private.id",
        "uplink_models.public.bandwidth_model_id",
        "drives.slots.0.position",
        "drives.slots.0.drive_model_id",
        "drives.layout.0.slot_positions",
        "operating_system_id",
        "hosts.1.hostname",
        "hosts.2.hostname",
        "ssh_key_fingerprints.1",
        "features.0",
        "labels",
        "labels.servers.com/x",
      ].sort(),
    );
    expect(await sim().control.records("dedicated_servers")).toHaveLength(before);
  });

  it.each([
    ["an unknown location", { location_id: 99 }, "location_id"],
    [
      "a server model the location does not offer",
      { location_id: 3, server_model_id: 102 },
      "server_model_id",
    ],
    ["no uplinks", { uplink_models: undefined }, "uplink_models"],
    ["no drives", { drives: undefined }, "drives"],
    ["no hosts", { hosts: [] }, "hosts"],
    ["a feature the location lacks", { location_id: 3, features: ["no_private_ip"] }, "features.0"],
  ])("refuses %s with 422 naming the field", async (_, overrides, field) => {
    const res = await sim().req<ApiErrorBody>("POST", BASE, dedicatedOrder(overrides));
    expect(res.status).toBe(422);
    expect(res.body.errors?.[field]).toMatch(/\S/);
  });
});

describe("a dedicated server", () => {
  const sim = useTestSimulator(SEED_WITH_SSH_KEYS);
  const order = async (overrides: Record<string, unknown> = {}) => {
    const [host] = (await sim().req<Host[]>("POST", BASE, dedicatedOrder(overrides))).body;
    if (host === undefined) throw new Error("no host ordered");
    await sim().advance(INSTALL_DONE);
    return host;
  };

  it("PUT updates title, user_data and labels (replacing the whole set)", async () => {
    const host = await order({ labels: { env: "test", team: "a" } });
    const res = await sim().req<Host>("PUT", `${BASE}/${host.id}`, {
      title: "renamed",
      labels: { env: "prod" },
      user_data: "#cloud-config",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "renamed", labels: { env: "prod" } });
    expect((await sim().control.peek("dedicated_servers", host.id))?._user_data).toBe(
      "#cloud-config",
    );
  });

  it("schedule_release sets scheduled_release_at; a released server keeps answering GET", async () => {
    const host = await order();
    const res = await sim().req<Host>("POST", `${BASE}/${host.id}/schedule_release`, {});
    expect(res.status).toBe(202);
    // Without release_after: the end of the billing period (the month).
    expect(res.body.scheduled_release_at).toBe("2026-01-31T23:59:59.000Z");
    const again = await sim().req<ApiErrorBody>("POST", `${BASE}/${host.id}/schedule_release`, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("HOST_RELEASE_ALREADY_SCHEDULED");
    await sim().advance(40 * 24 * 60 * MINUTE);
    const read = await sim().req<Host>("GET", `${BASE}/${host.id}`);
    expect(read.status).toBe(200);
    expect(read.body.scheduled_release_at).toBe("2026-01-31T23:59:59.000Z");
  });

  it("abort_release clears a scheduled release; without one it answers HOST_RELEASE_NOT_SCHEDULED", async () => {
    const host = await order();
    const none = await sim().req<ApiErrorBody>("POST", `${BASE}/${host.id}/abort_release`);
    expect(none.status).toBe(409);
    expect(none.body.code).toBe("HOST_RELEASE_NOT_SCHEDULED");
    const later = new Date(Date.parse(await sim().control.now()) + 60 * MINUTE).toISOString();
    const scheduled = await sim().req<Host>("POST", `${BASE}/${host.id}/schedule_release`, {
      release_after: later,
    });
    expect(scheduled.body.scheduled_release_at).toBe(later);
    const aborted = await sim().req<Host>("POST", `${BASE}/${host.id}/abort_release`);
    expect(aborted.status).toBe(200);
    expect(aborted.body.scheduled_release_at).toBeNull();
  });

  it("reinstall: operational_status installation, back to normal when done", async () => {
    const host = await order();
    const res = await sim().req<Host>("POST", `${BASE}/${host.id}/reinstall`, {
      hostname: "reinstalled.example.com",
      operating_system_id: 303,
      drives: { layout: [{ slot_positions: [0, 1], ignore: false }] },
      ssh_key_fingerprints: [SSH_KEY.fingerprint],
      user_data: "#!/bin/sh",
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      title: "reinstalled.example.com",
      operational_status: "installation",
      configuration_details: {
        operating_system_id: 303,
        operating_system_full_name: "Debian 12 x86_64",
      },
    });
    const busy = await sim().req<ApiErrorBody>("POST", `${BASE}/${host.id}/reinstall`, {
      operating_system_id: 301,
    });
    expect(busy.status).toBe(409);
    await sim().advance(INSTALL_DONE);
    expect((await sim().req<Host>("GET", `${BASE}/${host.id}`)).body.operational_status).toBe(
      "normal",
    );
  });

  it("reinstall refuses an operating system the server model does not offer (422)", async () => {
    const host = await order();
    const res = await sim().req<ApiErrorBody>("POST", `${BASE}/${host.id}/reinstall`, {
      operating_system_id: 999,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors?.operating_system_id).toMatch(/\S/);
  });

  it.each([
    ["power_off", "powering_off", "powered_off"],
    ["power_on", "powering_on", "powered_on"],
    ["power_cycle", "power_cycling", "powered_on"],
    ["reboot", "power_cycling", "powered_on"],
  ])("%s: 202 with %s, then %s", async (operation, during, after) => {
    const host = await order();
    const res = await sim().req<Host>("POST", `${BASE}/${host.id}/${operation}`);
    expect(res.status).toBe(202);
    expect(res.body.power_status).toBe(during);
    const conflict = await sim().req<ApiErrorBody>("POST", `${BASE}/${host.id}/power_on`);
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe("CONFLICT");
    await sim().advance(MINUTE);
    expect((await sim().req<Host>("GET", `${BASE}/${host.id}`)).body.power_status).toBe(after);
  });

  it("refuses power operations before the server is ready (412 PRECONDITION_FAILED)", async () => {
    const [host] = (await sim().req<Host[]>("POST", BASE, dedicatedOrder())).body;
    const res = await sim().req<ApiErrorBody>("POST", `${BASE}/${host?.id}/reboot`);
    expect(res.status).toBe(412);
    expect(res.body.code).toBe("PRECONDITION_FAILED");
  });

  it("SSH keys: attach answers the key records, list shows them, detach removes one", async () => {
    const host = await order({ ssh_key_fingerprints: [SSH_KEY.fingerprint] });
    const attached = await sim().req<{ fingerprint: string; name: string }[]>(
      "POST",
      `${BASE}/${host.id}/ssh_keys`,
      {
        ssh_key_fingerprints: [SSH_KEY_2.fingerprint],
      },
    );
    expect(attached.status).toBe(200);
    expect(attached.body.map((k) => k.name)).toEqual(["deploy", "ops"]);
    const unknown = await sim().req<ApiErrorBody>("POST", `${BASE}/${host.id}/ssh_keys`, {
      ssh_key_fingerprints: ["aa:bb"],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.["ssh_key_fingerprints.0"]).toMatch(/does not exist/);
    const detach = await sim().req(
      "DELETE",
      `${BASE}/${host.id}/ssh_keys/${encodeURIComponent(SSH_KEY.fingerprint)}`,
    );
    expect(detach.status).toBe(204);
    const list = await sim().req<{ fingerprint: string }[]>("GET", `${BASE}/${host.id}/ssh_keys`);
    expect(list.body.map((k) => k.fingerprint)).toEqual([SSH_KEY_2.fingerprint]);
    const again = await sim().req(
      "DELETE",
      `${BASE}/${host.id}/ssh_keys/${encodeURIComponent(SSH_KEY.fingerprint)}`,
    );
    expect(again.status).toBe(404);
  });
});

describe("networks of a server", () => {
  const sim = useTestSimulator();

  it("are new while the server is set up and active once it is, with the list's filters", async () => {
    const [host] = (await sim().req<Host[]>("POST", BASE, dedicatedOrder({ ipv6: true }))).body;
    const path = `${BASE}/${host?.id}/networks`;
    const early = await sim().req<Network[]>("GET", path);
    expect(early.body.every((n) => n.status === "new")).toBe(true);
    await sim().advance(INSTALL_DONE);
    const all = await sim().req<Network[]>("GET", path);
    expect(all.body.map((n) => `${n.interface_type}/${n.family}`).sort()).toEqual([
      "oob/ipv4",
      "private/ipv4",
      "public/ipv4",
      "public/ipv6",
    ]);
    expect(all.body.every((n) => n.status === "active" && n.additional === false)).toBe(true);
    const filtered = async (query: string) =>
      (await sim().req<Network[]>("GET", `${path}?${query}`)).body;
    expect((await filtered("family=ipv6")).map((n) => n.cidr)).toEqual([
      expect.stringMatching(/^2001:db8:/),
    ]);
    expect(await filtered("interface_type=private")).toHaveLength(1);
    expect(await filtered("distribution_method=route")).toHaveLength(1);
    expect(await filtered("additional=true")).toEqual([]);
    expect(await filtered("search_pattern=oob")).toHaveLength(1);
    const bad = await sim().req<ApiErrorBody>("GET", `${path}?sorting=cidr`);
    expect(bad.status).toBe(400);
    const [first] = all.body;
    const one = await sim().req<Network>("GET", `${path}/${first?.id}`);
    expect(one.body).toEqual(first);
    expect((await sim().req("GET", `${path}/nope`)).status).toBe(404);
  });

  it("has no public network without a public uplink", async () => {
    const [host] = (
      await sim().req<Host[]>(
        "POST",
        BASE,
        dedicatedOrder({ uplink_models: { private: { id: 401 } } }),
      )
    ).body;
    await sim().advance(INSTALL_DONE);
    const nets = await sim().req<Network[]>(
      "GET",
      `${BASE}/${host?.id}/networks?interface_type=public`,
    );
    expect(nets.body).toEqual([]);
    expect(
      (await sim().req<Host>("GET", `${BASE}/${host?.id}`)).body.public_ipv4_address,
    ).toBeNull();
  });
});

describe("PTR records of a server", () => {
  const sim = useTestSimulator();

  it("are created with ttl 60 and priority 0 by default, listed, deleted, never changed", async () => {
    const [host] = (await sim().req<Host[]>("POST", BASE, dedicatedOrder())).body;
    const path = `${BASE}/${host?.id}/ptr_records`;
    const created = await createDefaultPtr(sim(), path, "100.64.0.2", "mail.example.com");
    const custom = await sim().req("POST", path, {
      ip: "100.64.0.3",
      domain: "www.example.com",
      ttl: 300,
      priority: 5,
    });
    expect(custom.body).toMatchObject({ ttl: 300, priority: 5 });
    expect((await sim().req<unknown[]>("GET", path)).body).toHaveLength(2);
    const bad = await sim().req<ApiErrorBody>("POST", path, {
      ip: "999.1.1.1",
      domain: "bad domain",
      ttl: 0,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(["domain", "ip", "ttl"]);
    // The cloud instance's spelling, `data`, is not a host's: the real API refuses it too.
    const cloudSpelling = await sim().req<ApiErrorBody>("POST", path, {
      ip: "100.64.0.4",
      data: "cloud.example.com",
    });
    expect(cloudSpelling.status).toBe(422);
    expect(cloudSpelling.body.errors).toEqual({ domain: "is required" });
    expect((await sim().req("PUT", `${path}/${created.id}`, { ttl: 1 })).status).toBe(405);
    expect((await sim().req("DELETE", `${path}/${created.id}`)).status).toBe(204);
    expect((await sim().req("DELETE", `${path}/${created.id}`)).status).toBe(404);
    expect((await sim().req<unknown[]>("GET", path)).body).toHaveLength(1);
  });
});
