// Locations and order options (wire-notes.md "Locations and order options"; api-spec.md "Order
// options", "SBM servers"): every path, pagination, 404 NOT_FOUND for what does not exist
// (the spec's drive-model row), Windows left out of SBM systems, sorting of operating systems.
import { describe, expect, it } from "vitest";
import { type ApiErrorBody, parseLinks, useTestSimulator } from "./helpers";

interface Location {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly status: string;
  readonly supported_features: string[];
  readonly l2_segments_enabled: boolean;
}
interface Named {
  readonly id: number;
  readonly name: string;
  readonly [key: string]: unknown;
}
interface OperatingSystem extends Named {
  readonly full_name: string;
  readonly version: string;
  readonly arch: string;
  readonly filesystems: string[];
}

const OPTIONS = "/v1/locations/1/order_options";

describe("locations", () => {
  const sim = useTestSimulator();

  it("lists AMS1, DFW1 and SIN1 with their features", async () => {
    const res = await sim().req<Location[]>("GET", "/v1/locations");
    expect(res.status).toBe(200);
    expect(res.body.map((l) => [l.id, l.code, l.l2_segments_enabled])).toEqual([
      [1, "AMS1", true],
      [2, "DFW1", true],
      [3, "SIN1", false],
    ]);
    expect(res.headers["x-total"]).toBe("3");
    const ams = res.body[0];
    expect(ams?.supported_features).toEqual(
      expect.arrayContaining([
        "private_ipxe_boot",
        "public_ipxe_boot",
        "no_private_ip",
        "no_public_ip_address",
        "no_public_network",
        "host_rescue_mode",
        "oob_public_access",
      ]),
    );
    expect(res.body[1]?.supported_features).toEqual(
      expect.arrayContaining(["private_ipxe_boot", "public_ipxe_boot"]),
    );
    expect(res.body[2]?.supported_features).not.toContain("private_ipxe_boot");
    expect(res.body[2]?.supported_features).not.toContain("public_ipxe_boot");
  });

  it("reads one location, 404 for another", async () => {
    expect((await sim().req<Location>("GET", "/v1/locations/2")).body).toMatchObject({
      code: "DFW1",
      name: "Dallas",
    });
    const missing = await sim().req<ApiErrorBody>("GET", "/v1/locations/99");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("NOT_FOUND");
    expect((await sim().req("GET", "/v1/locations/abc")).status).toBe(404);
  });
});

describe("order options of dedicated servers", () => {
  const sim = useTestSimulator();

  it("server models per location, with drive slots", async () => {
    const ams = await sim().req<Named[]>("GET", `${OPTIONS}/server_models`);
    expect(ams.body.map((m) => m.name)).toEqual([
      "Dell R640",
      "Dell R740xd",
      "HPE ProLiant DL360 Gen10",
      "Supermicro SYS-5019C-M",
    ]);
    const sin = await sim().req<Named[]>("GET", "/v1/locations/3/order_options/server_models");
    expect(sin.body.map((m) => m.id)).toEqual([101, 103, 104]);
    const one = await sim().req<
      Named & { drive_slots: { position: number }[]; drive_slots_count: number }
    >("GET", `${OPTIONS}/server_models/101`);
    expect(one.body.drive_slots.map((s) => s.position)).toEqual([0, 1, 2, 3]);
    expect(one.body.drive_slots_count).toBe(4);
    expect((await sim().req("GET", "/v1/locations/3/order_options/server_models/102")).status).toBe(
      404,
    );
  });

  it("RAM options of a server model", async () => {
    const res = await sim().req<{ ram: number; type: string }[]>(
      "GET",
      `${OPTIONS}/server_models/104/ram`,
    );
    expect(res.body.map((r) => r.ram)).toEqual([16, 32, 64, 128]);
    expect(res.body[0]?.type).toBe("DDR4");
  });

  it("operating systems of a server model, one of them, sorting", async () => {
    const res = await sim().req<OperatingSystem[]>(
      "GET",
      `${OPTIONS}/server_models/101/operating_systems`,
    );
    expect(res.body.map((o) => o.id)).toEqual([301, 302, 303, 304, 305]);
    const byName = await sim().req<OperatingSystem[]>(
      "GET",
      `${OPTIONS}/server_models/101/operating_systems?sorting=name&direction=DESC`,
    );
    expect(byName.body.map((o) => o.name)[0]).toBe("Windows Server");
    const one = await sim().req<OperatingSystem>(
      "GET",
      `${OPTIONS}/server_models/101/operating_systems/303`,
    );
    expect(one.body).toMatchObject({
      full_name: "Debian 12 x86_64",
      name: "Debian",
      version: "12",
      arch: "x86_64",
    });
    expect(
      (await sim().req("GET", `${OPTIONS}/server_models/104/operating_systems/305`)).status,
    ).toBe(404);
  });

  it("drive models of a server model; one drive model, 404 NOT_FOUND when it does not exist", async () => {
    const list = await sim().req<Named[]>("GET", `${OPTIONS}/server_models/101/drive_models`);
    expect(list.body.map((d) => d.id)).toEqual([201, 202, 203]);
    const one = await sim().req<Named>("GET", `${OPTIONS}/server_models/101/drive_models/203`);
    expect(one.body).toEqual({
      id: 203,
      name: "Samsung PM9A3 1.92TB",
      capacity: 1920,
      interface: "NVMe",
      form_factor: "2.5",
      media_type: "NVMe",
    });
    for (const id of ["999", "205"]) {
      const missing = await sim().req<ApiErrorBody>(
        "GET",
        `${OPTIONS}/server_models/101/drive_models/${id}`,
      );
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe("NOT_FOUND");
    }
  });

  it("uplink models and the bandwidth options of a public uplink", async () => {
    const uplinks = await sim().req<
      (Named & { type: string; speed: number; redundancy: boolean })[]
    >("GET", `${OPTIONS}/server_models/101/uplink_models`);
    expect(uplinks.body.map((u) => [u.id, u.type, u.speed, u.redundancy])).toEqual([
      [401, "private", 1000, false],
      [402, "private", 10000, true],
      [403, "public", 1000, false],
      [404, "public", 10000, true],
    ]);
    expect(
      (await sim().req<Named>("GET", `${OPTIONS}/server_models/101/uplink_models/404`)).body.name,
    ).toBe("Public 10 Gbps with redundancy");
    const bandwidth = await sim().req<Named[]>(
      "GET",
      `${OPTIONS}/server_models/101/uplink_models/403/bandwidth`,
    );
    expect(bandwidth.body.map((b) => b.id)).toEqual([501, 502, 503]);
    const one = await sim().req<Named>(
      "GET",
      `${OPTIONS}/server_models/101/uplink_models/403/bandwidth/501`,
    );
    expect(one.body).toEqual({ id: 501, name: "20 TB", type: "bytes", commit: 20_000_000_000_000 });
    expect(
      (await sim().req("GET", `${OPTIONS}/server_models/101/uplink_models/401/bandwidth/501`))
        .status,
    ).toBe(404);
    expect(
      (await sim().req<Named[]>("GET", `${OPTIONS}/server_models/101/uplink_models/401/bandwidth`))
        .body,
    ).toEqual([]);
  });
});

describe("order options filter as the srvctl CLI asks", () => {
  const sim = useTestSimulator();
  const ids = async (path: string) =>
    (await sim().req<Named[]>("GET", `${OPTIONS}/${path}`)).body.map((r) => r.id);

  it("server models by RAID controller, drive models by media type and interface", async () => {
    expect(await ids("server_models?has_raid_controller=false")).toEqual([104]);
    expect(await ids("server_models?has_raid_controller=true")).toEqual([101, 102, 103]);
    expect(await ids("server_models/102/drive_models?media_type=HDD")).toEqual([204, 205]);
    expect(await ids("server_models/102/drive_models?interface=SAS")).toEqual([205]);
  });

  it("uplink models by type and redundancy, bandwidth options by type", async () => {
    expect(await ids("server_models/101/uplink_models?type=private")).toEqual([401, 402]);
    expect(await ids("server_models/101/uplink_models?type=public&redundancy=true")).toEqual([404]);
    expect(await ids("server_models/101/uplink_models/403/bandwidth?type=bytes")).toEqual([
      501, 502,
    ]);
  });
});

describe("order options of SBM servers", () => {
  const sim = useTestSimulator();

  it("flavor models per location, one of them", async () => {
    const ams = await sim().req<Named[]>("GET", `${OPTIONS}/sbm_flavor_models`);
    expect(ams.body.map((f) => f.id)).toEqual([601, 602, 603, 604]);
    const dfw = await sim().req<Named[]>("GET", "/v1/locations/2/order_options/sbm_flavor_models");
    expect(dfw.body.map((f) => f.id)).toEqual([601, 602, 604]);
    const one = await sim().req<Named>("GET", `${OPTIONS}/sbm_flavor_models/603`);
    expect(one.body).toMatchObject({
      name: "SBM-Private-01",
      public_uplink_model_id: null,
      private_uplink_model_id: 401,
    });
    expect(
      (await sim().req("GET", "/v1/locations/2/order_options/sbm_flavor_models/603")).status,
    ).toBe(404);
  });

  it("operating systems of a flavor leave Windows out and sort by id, name, version or arch", async () => {
    const path = `${OPTIONS}/sbm_flavor_models/601/operating_systems`;
    const res = await sim().req<OperatingSystem[]>("GET", path);
    expect(res.body.map((o) => o.id)).toEqual([301, 302, 303, 304]);
    expect(res.body.some((o) => /windows/i.test(o.full_name))).toBe(false);
    const byVersion = await sim().req<OperatingSystem[]>(
      "GET",
      `${path}?sorting=version&direction=DESC`,
    );
    expect(byVersion.body.map((o) => o.version)).toEqual([
      "9",
      "24.04-server",
      "22.04-server",
      "12",
    ]);
    for (const sorting of ["name", "arch"])
      expect((await sim().req("GET", `${path}?sorting=${sorting}`)).status).toBe(200);
    const bad = await sim().req<ApiErrorBody>("GET", `${path}?sorting=full_name`);
    expect(bad.status).toBe(400);
    expect(bad.body.params).toEqual(["sorting"]);
    expect((await sim().req("GET", `${path}/305`)).status).toBe(404);
    expect((await sim().req<OperatingSystem>("GET", `${path}/302`)).body.full_name).toBe(
      "Ubuntu 24.04-server x86_64",
    );
  });

  it("are paginated with Link headers", async () => {
    const res = await sim().req<OperatingSystem[]>(
      "GET",
      `${OPTIONS}/sbm_flavor_models/601/operating_systems?per_page=3`,
    );
    expect(res.body).toHaveLength(3);
    const links = parseLinks(res.headers.link);
    expect(links.next).toContain("page=2");
    expect(links.last).toContain("page=2");
    expect(res.headers["x-total"]).toBe("4");
  });
});

describe("the seed option extends or overrides the catalogue", () => {
  const sim = useTestSimulator({
    seed: {
      catalogue: {
        locations: [
          {
            id: 3,
            name: "Singapore",
            status: "active",
            code: "SIN1",
            supported_features: ["private_ipxe_boot"],
            l2_segments_enabled: false,
            private_racks_enabled: false,
            load_balancers_enabled: false,
          },
          {
            id: 4,
            name: "Frankfurt",
            status: "active",
            code: "FRA1",
            supported_features: [],
            l2_segments_enabled: false,
            private_racks_enabled: false,
            load_balancers_enabled: false,
          },
        ],
      },
      account: { storage_quota_gb: 100 },
    },
  });

  it("replaces entries with the same id and adds new ones; reset keeps the option", async () => {
    const before = await sim().req<Location[]>("GET", "/v1/locations");
    expect(before.body.map((l) => l.code)).toEqual(["AMS1", "DFW1", "SIN1", "FRA1"]);
    expect(before.body[2]?.supported_features).toEqual(["private_ipxe_boot"]);
    await sim().control.reset();
    const after = await sim().req<Location[]>("GET", "/v1/locations");
    expect(after.body).toEqual(before.body);
    const account = await sim().req<{ storage_quota_gb: number; payment_method: unknown }>(
      "GET",
      "/_simulator/account",
    );
    expect(account.body).toMatchObject({
      storage_quota_gb: 100,
      payment_method: { type: "card", last4: "4242" },
    });
  });
});
