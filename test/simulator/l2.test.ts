// Conformance of the simulator's L2 segment area (api-spec.md "L2 Segment member", "L2 Segments",
// iPXE restriction 5; wire-notes.md "L2 segments"), over raw HTTP. The member servers are
// inserted by the test itself, so it depends on no other area's seed.
import { beforeEach, describe, expect, it } from "vitest";
import type { WireRecord } from "../../simulator";
import { type ApiErrorBody, type Labels, parseLinks, useTestSimulator } from "./helpers";

const durations = { l2_change: 120_000, l2_delete: 60_000 };
const SEGMENTS = "/v1/l2_segments";

function server(id: string, locationId: number, extra: WireRecord = {}): WireRecord {
  return {
    id,
    type: "dedicated_server",
    title: `${id.toLowerCase()}.example.com`,
    location_id: locationId,
    location_code: locationId === 1 ? "AMS1" : locationId === 2 ? "DFW1" : "SIN1",
    status: "active",
    operational_status: "normal",
    power_status: "powered_on",
    labels: { rack: `r${locationId}` },
    _features: { private_ipxe_boot: "deactivated", public_ipxe_boot: "deactivated" },
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    ...extra,
  };
}

const servers: WireRecord[] = [
  server("L2Ams001", 1),
  server("L2Ams002", 1, { labels: { rack: "r1", role: "db" } }),
  server("L2Ams003", 1),
  server("L2Dfw001", 2),
  server("L2Sin001", 3),
  server("L2Ipxe01", 1, { _features: { private_ipxe_boot: "activated" } }),
];

interface LocationGroup {
  id: number;
  name: string;
  code: string;
  group_type: string;
  location_ids: number[];
  location_codes: string[];
  hyperscalers: string[];
}

interface Segment {
  id: string;
  name: string;
  type: string;
  status: string;
  location_group_id: number;
  location_group_code: string;
  labels: Labels;
  created_at: string;
  updated_at: string;
}

interface Member {
  id: string;
  title: string;
  mode: string;
  vlan: number | null;
  status: string;
  labels: Labels;
  created_at: string;
  updated_at: string;
}

describe("l2 area", () => {
  const sim = useTestSimulator({ durations, seed: { records: { dedicated_servers: servers } } });

  beforeEach(async () => {
    await sim().control.reset();
  });

  async function create(extra: Record<string, unknown> = {}) {
    return sim().req<Segment & ApiErrorBody>("POST", SEGMENTS, {
      name: "backend",
      type: "private",
      location_group_id: 1,
      members: [
        { id: "L2Ams001", mode: "native" },
        { id: "L2Ams002", mode: "trunk" },
      ],
      labels: { env: "test" },
      ...extra,
    });
  }

  async function activeSegment(extra: Record<string, unknown> = {}): Promise<Segment> {
    const created = await create(extra);
    expect(created.status).toBe(202);
    await sim().advance(durations.l2_change);
    return (await sim().req<Segment>("GET", `${SEGMENTS}/${created.body.id}`)).body;
  }

  async function members(id: string, query = ""): Promise<Member[]> {
    const response = await sim().req<Member[]>("GET", `${SEGMENTS}/${id}/members${query}`);
    expect(response.status).toBe(200);
    return response.body;
  }

  async function segmentIdsOf(serverId: string): Promise<unknown> {
    return (await sim().control.peek("dedicated_servers", serverId))?._l2_segment_ids;
  }

  describe("location groups", () => {
    it("lists groups with the locations they cover and the segment type they offer", async () => {
      const response = await sim().req<LocationGroup[]>("GET", `${SEGMENTS}/location_groups`);
      expect(response.status).toBe(200);
      expect(response.body.find((group) => group.id === 1)).toEqual({
        id: 1,
        name: expect.any(String),
        code: expect.any(String),
        group_type: "private",
        location_ids: [1],
        location_codes: ["AMS1"],
        hyperscalers: [],
      });
      expect(new Set(response.body.map((group) => group.group_type))).toEqual(
        new Set(["private", "public"]),
      );
      // SIN1 has l2_segments_enabled false.
      expect(response.body.some((group) => group.location_ids.includes(3))).toBe(false);
    });
  });

  describe("create", () => {
    it("answers pending with every field, then active after l2_change", async () => {
      const created = await create();
      expect(created.status).toBe(202);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^[A-Za-z0-9]{8}$/),
        name: "backend",
        type: "private",
        status: "pending",
        location_group_id: 1,
        location_group_code: expect.any(String),
        labels: { env: "test" },
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      await sim().advance(durations.l2_change - 1);
      expect((await sim().req<Segment>("GET", `${SEGMENTS}/${created.body.id}`)).body.status).toBe(
        "pending",
      );
      await sim().advance(1);
      expect((await sim().req<Segment>("GET", `${SEGMENTS}/${created.body.id}`)).body.status).toBe(
        "active",
      );
    });

    it("lists members new, then active; vlan is null for native and a number for trunk", async () => {
      const created = await create();
      const before = await members(created.body.id);
      expect(before.map((member) => member.status)).toEqual(["new", "new"]);
      await sim().advance(durations.l2_change);
      const after = await members(created.body.id);
      expect(after).toEqual([
        {
          id: "L2Ams001",
          title: "l2ams001.example.com",
          mode: "native",
          vlan: null,
          status: "active",
          labels: { rack: "r1" },
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
        expect.objectContaining({
          id: "L2Ams002",
          mode: "trunk",
          vlan: expect.any(Number),
          status: "active",
        }),
      ]);
    });

    it("links the member servers to the segment (for the iPXE restriction)", async () => {
      const created = await create();
      expect(await segmentIdsOf("L2Ams001")).toEqual([created.body.id]);
      expect(await segmentIdsOf("L2Ams003")).toBeUndefined();
    });

    it("answers 422 for unknown servers, servers outside the group, bad modes and a type the group lacks", async () => {
      const response = await create({
        type: "public",
        members: [
          { id: "NoSuchS1", mode: "native" },
          { id: "L2Dfw001", mode: "native" },
          { id: "L2Ams001", mode: "bridge" },
        ],
      });
      expect(response.status).toBe(422);
      expect(response.body.code).toBe("UNPROCESSABLE_ENTITY");
      expect(Object.keys(response.body.errors ?? {}).sort()).toEqual([
        "members.0.id",
        "members.1.id",
        "members.2.mode",
        "type",
      ]);
    });

    it("refuses a server whose iPXE Boot feature is active (iPXE restriction 5)", async () => {
      const response = await create({ members: [{ id: "L2Ipxe01", mode: "native" }] });
      expect(response.status).toBe(422);
      expect(response.body.errors?.["members.0.id"]).toMatch(/iPXE/);
    });

    it("makes the dedicated servers area refuse iPXE Boot for a member (the other side of restriction 5)", async () => {
      await create();
      const response = await sim().req<ApiErrorBody>(
        "POST",
        "/v1/hosts/dedicated_servers/L2Ams001/features/private_ipxe_boot/activate",
      );
      expect(response.status).toBe(409);
      expect(response.body.code).toBe("INCOMPATIBLE_FEATURE_STATE");
      expect(response.body.message).toMatch(/L2 segment/);
    });

    it("refuses a server of a location without L2 segments, and an unknown location group", async () => {
      const response = await create({
        location_group_id: 99,
        members: [{ id: "L2Sin001", mode: "native" }],
      });
      expect(response.status).toBe(422);
      expect(response.body.errors).toHaveProperty("location_group_id");
    });

    it("refuses invalid labels", async () => {
      const response = await create({ labels: { env: "x".repeat(64) } });
      expect(response.status).toBe(422);
      expect(response.body.errors).toHaveProperty("labels");
    });
  });

  describe("update", () => {
    it("answers 409 NOT_READY while pending", async () => {
      const created = await create();
      const response = await sim().req<ApiErrorBody>("PUT", `${SEGMENTS}/${created.body.id}`, {
        name: "x",
      });
      expect(response.status).toBe(409);
      expect(response.body.code).toBe("NOT_READY");
    });

    it("applies a label-only change through pending, replacing the whole label set", async () => {
      const segment = await activeSegment({ labels: { env: "test", team: "net" } });
      const path = `${SEGMENTS}/${segment.id}`;
      const updated = await sim().req<Segment>("PUT", path, { labels: { env: "prod" } });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ status: "pending", labels: { env: "prod" } });
      await sim().advance(durations.l2_change);
      expect((await sim().req<Segment>("GET", path)).body).toMatchObject({
        status: "active",
        labels: { env: "prod" },
      });
    });

    it("replaces the members: new ones start new, removed ones leave the segment", async () => {
      const segment = await activeSegment();
      const response = await sim().req<Segment>("PUT", `${SEGMENTS}/${segment.id}`, {
        members: [
          { id: "L2Ams001", mode: "native" },
          { id: "L2Ams003", mode: "trunk" },
        ],
      });
      expect(response.body.status).toBe("pending");
      const pending = await members(segment.id);
      expect(pending.map((member) => [member.id, member.status])).toEqual([
        ["L2Ams001", "active"],
        ["L2Ams003", "new"],
      ]);
      expect(await segmentIdsOf("L2Ams002")).toEqual([]);
      expect(await segmentIdsOf("L2Ams003")).toEqual([segment.id]);
      await sim().advance(durations.l2_change);
      expect((await members(segment.id)).every((member) => member.status === "active")).toBe(true);
    });
  });

  describe("members list", () => {
    it("filters by label selector and pages with per_page and page", async () => {
      const segment = await activeSegment({
        members: [
          { id: "L2Ams001", mode: "native" },
          { id: "L2Ams002", mode: "trunk" },
          { id: "L2Ams003", mode: "trunk" },
        ],
      });
      const dbs = await members(segment.id, "?label_selector=role%3D%3Ddb");
      expect(dbs.map((member) => member.id)).toEqual(["L2Ams002"]);
      const page = await sim().req<Member[]>(
        "GET",
        `${SEGMENTS}/${segment.id}/members?per_page=2&page=2`,
      );
      expect(page.body.map((member) => member.id)).toEqual(["L2Ams003"]);
      expect(page.headers["x-total"]).toBe("3");
    });

    it("answers 404 NOT_FOUND for an unknown segment", async () => {
      const response = await sim().req<ApiErrorBody>("GET", `${SEGMENTS}/nope0000/members`);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe("NOT_FOUND");
    });
  });

  describe("segments list", () => {
    it("filters by label selector and search pattern, and pages", async () => {
      await activeSegment({ name: "alpha", labels: { env: "prod" } });
      await activeSegment({
        name: "beta",
        labels: { env: "dev" },
        members: [{ id: "L2Ams003", mode: "native" }],
      });
      const prod = await sim().req<Segment[]>("GET", `${SEGMENTS}?label_selector=env%21%3Ddev`);
      expect(prod.body.map((segment) => segment.name)).toEqual(["alpha"]);
      const searched = await sim().req<Segment[]>("GET", `${SEGMENTS}?search_pattern=ET`);
      expect(searched.body.map((segment) => segment.name)).toEqual(["beta"]);
      const page = await sim().req<Segment[]>("GET", `${SEGMENTS}?per_page=1&sorting=name`);
      expect(page.body.map((segment) => segment.name)).toEqual(["alpha"]);
      expect(parseLinks(page.headers.link)).toHaveProperty("next");
    });
  });

  describe("networks (the Go client's GET and PUT .../networks)", () => {
    interface Network {
      id: string;
      title: string;
      status: string;
      cidr: string;
      family: string;
      interface_type: string;
      distribution_method: string;
      additional: boolean;
    }
    const networks = async (id: string) =>
      (await sim().req<Network[]>("GET", `${SEGMENTS}/${id}/networks`)).body;

    it("start empty; a change adds them new through pending, then active", async () => {
      const segment = await activeSegment();
      expect(await networks(segment.id)).toEqual([]);
      const changed = await sim().req<Segment>("PUT", `${SEGMENTS}/${segment.id}/networks`, {
        create: [{ mask: 29, distribution_method: "gateway" }],
      });
      expect(changed.status).toBe(200);
      expect(changed.body.status).toBe("pending");
      const [added] = await networks(segment.id);
      expect(added).toMatchObject({
        status: "new",
        family: "ipv4",
        interface_type: "private",
        distribution_method: "gateway",
        additional: true,
      });
      // Ordered, not yet allotted: no title, no cidr (docs/wire.md, Hosts: networks).
      expect(added).toMatchObject({ title: null, cidr: null });
      expect(Object.keys(added ?? {}).filter((key) => key.startsWith("_"))).toEqual([]);
      // Like every change, another one waits for the rebuild.
      const busy = await sim().req<ApiErrorBody>("PUT", `${SEGMENTS}/${segment.id}/networks`, {
        create: [{ mask: 30, distribution_method: "route" }],
      });
      expect(busy.body.code).toBe("NOT_READY");
      await sim().advance(durations.l2_change);
      expect((await networks(segment.id)).map((n) => n.status)).toEqual(["active"]);
      const [allotted] = await networks(segment.id);
      expect(allotted?.cidr).toMatch(/^10\.200\.\d+\.0\/29$/);
      expect(allotted?.title).toBe(`Private ${allotted?.cidr}`);
      expect((await sim().req<Segment>("GET", `${SEGMENTS}/${segment.id}`)).body.status).toBe(
        "active",
      );
    });

    it("deletes one: removed until the rebuild, then gone; members stay as they were", async () => {
      const segment = await activeSegment();
      const path = `${SEGMENTS}/${segment.id}/networks`;
      await sim().req("PUT", path, { create: [{ mask: 28, distribution_method: "route" }] });
      await sim().advance(durations.l2_change);
      const [network] = await networks(segment.id);
      await sim().req("PUT", path, { delete: [network?.id] });
      expect((await networks(segment.id)).map((n) => n.status)).toEqual(["removed"]);
      await sim().advance(durations.l2_change);
      expect(await networks(segment.id)).toEqual([]);
      expect((await members(segment.id)).map((m) => m.status)).toEqual(["active", "active"]);
    });

    it("answers 422 naming every bad entry, and 404 for an unknown segment", async () => {
      const segment = await activeSegment();
      const bad = await sim().req<ApiErrorBody>("PUT", `${SEGMENTS}/${segment.id}/networks`, {
        create: [{ mask: 8, distribution_method: "teleport" }],
        delete: ["nope0000"],
      });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual([
        "create.0.distribution_method",
        "create.0.mask",
        "delete.0",
      ]);
      const empty = await sim().req<ApiErrorBody>("PUT", `${SEGMENTS}/${segment.id}/networks`, {});
      expect(empty.status).toBe(422);
      expect((await sim().req("GET", `${SEGMENTS}/nope0000/networks`)).status).toBe(404);
    });
  });

  describe("delete", () => {
    it("answers 409 NOT_READY while pending", async () => {
      const created = await create();
      const response = await sim().req<ApiErrorBody>("DELETE", `${SEGMENTS}/${created.body.id}`);
      expect(response.status).toBe(409);
      expect(response.body.code).toBe("NOT_READY");
    });

    it("goes removing, unlinks the servers, then the segment is gone (404)", async () => {
      const segment = await activeSegment();
      const path = `${SEGMENTS}/${segment.id}`;
      const response = await sim().req<Segment>("DELETE", path);
      expect(response.status).toBe(202);
      expect(response.body.status).toBe("removing");
      expect(await segmentIdsOf("L2Ams001")).toEqual([]);
      await sim().advance(durations.l2_delete);
      const gone = await sim().req<ApiErrorBody>("GET", path);
      expect(gone.status).toBe(404);
      expect(gone.body.code).toBe("NOT_FOUND");
    });
  });
});
