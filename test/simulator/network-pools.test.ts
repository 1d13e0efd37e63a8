// Conformance of the simulator's network pools and subnetworks (docs/wire.md, "Network pools and
// subnetworks": the Go client's paths, bodies and records; srvctl's list filters), over raw HTTP.
import { beforeEach, describe, expect, it } from "vitest";
import { type ApiErrorBody, useTestSimulator } from "./helpers";

const POOLS = "/v1/network_pools";
const AMS1_PRIVATE = "NpAms1Pr"; // 10.20.0.0/16, AMS1, labels env=prod

interface Pool {
  id: string;
  title: string | null;
  cidr: string;
  type: string;
  location_ids: number[];
  location_codes: string[];
  labels: Record<string, string>;
  created_at: string;
  updated_at: string;
}

interface Subnetwork {
  id: string;
  network_pool_id: string;
  title: string | null;
  cidr: string;
  attached: boolean;
  interface_type: string;
  created_at: string;
  updated_at: string;
}

describe("network pools area", () => {
  const sim = useTestSimulator();
  const subnetworks = `${POOLS}/${AMS1_PRIVATE}/subnetworks`;

  beforeEach(async () => {
    await sim().control.reset();
  });

  it("lists the seeded pools with the Go client's fields, filtered by type, location, search and labels", async () => {
    const all = await sim().req<Pool[]>("GET", POOLS);
    expect(all.status).toBe(200);
    expect(all.body.map((pool) => pool.id)).toEqual(["NpAms1Pr", "NpAms1Pu", "NpDfw1Pr"]);
    expect(Object.keys(all.body[0] ?? {}).sort()).toEqual(
      [
        "cidr",
        "created_at",
        "id",
        "labels",
        "location_codes",
        "location_ids",
        "title",
        "type",
        "updated_at",
      ].sort(),
    );
    const ids = async (query: string) =>
      (await sim().req<Pool[]>("GET", `${POOLS}?${query}`)).body.map((pool) => pool.id);
    expect(await ids("type=public")).toEqual(["NpAms1Pu"]);
    expect(await ids("location_id=2")).toEqual(["NpDfw1Pr"]);
    expect(await ids("search_pattern=10.30.0.0")).toEqual(["NpDfw1Pr"]);
    expect(await ids("search_pattern=ams1%20priv")).toEqual(["NpAms1Pr"]);
    expect(await ids("label_selector=env%3D%3Dprod&type=private")).toEqual(["NpAms1Pr"]);
    const bad = await sim().req<ApiErrorBody>("GET", `${POOLS}?label_selector=%3D%3D`);
    expect(bad.status).toBe(400);
    expect(bad.body.params).toEqual(["label_selector"]);
  });

  it("retitles and relabels a pool; an unknown pool is 404", async () => {
    const updated = await sim().req<Pool>("PUT", `${POOLS}/${AMS1_PRIVATE}`, {
      title: "renamed",
      labels: { team: "net" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: "renamed", labels: { team: "net" } });
    const badLabel = await sim().req<ApiErrorBody>("PUT", `${POOLS}/${AMS1_PRIVATE}`, {
      labels: { "-bad": "x" },
    });
    expect(badLabel.status).toBe(422);
    expect((await sim().req("GET", `${POOLS}/NoSuchPl`)).status).toBe(404);
  });

  it("allocates by CIDR and by mask, the first free aligned range, of the pool's type", async () => {
    const byCidr = await sim().req<Subnetwork>("POST", subnetworks, {
      title: "db",
      cidr: "10.20.0.0/29",
    });
    expect(byCidr.status).toBe(201);
    expect(byCidr.body).toMatchObject({
      network_pool_id: AMS1_PRIVATE,
      title: "db",
      cidr: "10.20.0.0/29",
      attached: false,
      interface_type: "private",
    });
    const byMask = await sim().req<Subnetwork>("POST", subnetworks, { title: null, mask: 28 });
    expect(byMask.body).toMatchObject({ cidr: "10.20.0.16/28", title: null });
    const next = await sim().req<Subnetwork>("POST", subnetworks, { mask: 29 });
    expect(next.body.cidr).toBe("10.20.0.8/29");
    const listed = await sim().req<Subnetwork[]>("GET", subnetworks);
    expect(listed.body.map((s) => s.cidr).sort()).toEqual([
      "10.20.0.0/29",
      "10.20.0.16/28",
      "10.20.0.8/29",
    ]);
    expect((await sim().req<Subnetwork[]>("GET", `${subnetworks}?attached=true`)).body).toEqual([]);
    expect(
      (await sim().req<Subnetwork[]>("GET", `${subnetworks}?search_pattern=db`)).body.map(
        (s) => s.id,
      ),
    ).toEqual([byCidr.body.id]);
  });

  it("refuses overlapping, outside, misaligned and oversized requests with 422 naming the field", async () => {
    await sim().req("POST", subnetworks, { cidr: "10.20.0.0/29" });
    const cases: [unknown, string][] = [
      [{ cidr: "10.20.0.4/30" }, "cidr"],
      [{ cidr: "10.21.0.0/29" }, "cidr"],
      [{ cidr: "10.20.0.1/29" }, "cidr"],
      [{ mask: 8 }, "mask"],
      [{ mask: 33 }, "mask"],
      [{}, "mask"],
      [{ cidr: "10.20.1.0/29", mask: 29 }, "cidr"],
      // Issue 25: an IPv6 range of an IPv4 pool; a title with a line break.
      [{ cidr: "2001:db8::/64" }, "cidr"],
      [{ cidr: "10.20.2.0/29", title: "a\r\nb" }, "title"],
    ];
    for (const [body, field] of cases) {
      const answer = await sim().req<ApiErrorBody>("POST", subnetworks, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.body.errors ?? {})).toEqual([field]);
    }
    const full = await sim().req<ApiErrorBody>("POST", `${POOLS}/NpAms1Pu/subnetworks`, {
      mask: 24,
    });
    expect(full.status).toBe(201);
    const none = await sim().req<ApiErrorBody>("POST", `${POOLS}/NpAms1Pu/subnetworks`, {
      mask: 30,
    });
    expect(none.status).toBe(422);
    expect(none.body.errors?.mask).toContain("no free /30");
  });

  it("retitles (null clears) and deletes a subnetwork; it is 404 then, and under another pool", async () => {
    const made = await sim().req<Subnetwork>("POST", subnetworks, { title: "a", mask: 30 });
    const path = `${subnetworks}/${made.body.id}`;
    expect((await sim().req<Subnetwork>("PUT", path, { title: "b" })).body.title).toBe("b");
    expect((await sim().req<Subnetwork>("PUT", path, { title: null })).body.title).toBeNull();
    expect((await sim().req("GET", `${POOLS}/NpDfw1Pr/subnetworks/${made.body.id}`)).status).toBe(
      404,
    );
    expect((await sim().req("DELETE", path)).status).toBe(204);
    expect((await sim().req("GET", path)).status).toBe(404);
    expect((await sim().req("DELETE", path)).status).toBe(404);
    expect((await sim().req("GET", `${POOLS}/NoSuchPl/subnetworks`)).status).toBe(404);
  });
});
