// Conformance of the simulator's remote block storage area (api-spec.md "RBS volume", its
// transition and errors; wire-notes.md "Remote block storage"), over raw HTTP.
import { beforeEach, describe, expect, it } from "vitest";
import { type ApiErrorBody, type Labels, parseLinks, useTestSimulator } from "./helpers";

const durations = { rbs_create: 45_000, rbs_resize: 30_000, rbs_delete: 30_000 };
const VOLUMES = "/v1/remote_block_storage/volumes";

interface Volume {
  id: string;
  name: string;
  size: number;
  status: string;
  location_id: number;
  location_code: string;
  flavor_id: number;
  flavor_name: string;
  iops: number;
  bandwidth: number;
  labels: Labels;
  ip_address: string | null;
  target_iqn: string | null;
  created_at: string;
  updated_at: string;
}

interface Credentials {
  volume_id: string;
  username: string;
  password: string;
  target_iqn: string | null;
  ip_address: string | null;
}

interface Flavor {
  id: number;
  name: string;
  iops_per_gb: number;
  bandwidth_per_gb: number;
  min_size_gb: number;
}

describe("rbs area", () => {
  const sim = useTestSimulator({ durations });

  beforeEach(async () => {
    await sim().control.reset();
    // Known limits, whatever the seed's defaults are.
    await sim().control.patchAccount({
      payment_method: { type: "card" },
      storage_quota_gb: 10_000,
      rbs_cluster_free_gb: { "1": 8000, "2": 4000, "3": 500 },
    });
  });

  async function create(extra: Record<string, unknown> = {}) {
    return sim().req<Volume & ApiErrorBody>("POST", VOLUMES, {
      name: "data-1",
      location_id: 1,
      flavor_id: 1,
      size: 100,
      labels: { env: "test" },
      ...extra,
    });
  }

  async function activeVolume(extra: Record<string, unknown> = {}): Promise<Volume> {
    const created = await create(extra);
    expect(created.status).toBe(202);
    await sim().advance(durations.rbs_create);
    return get(created.body.id);
  }

  async function get(id: string): Promise<Volume> {
    const response = await sim().req<Volume>("GET", `${VOLUMES}/${id}`);
    expect(response.status).toBe(200);
    return response.body;
  }

  describe("flavors", () => {
    it("lists a location's flavors and gets one; 404 for an unknown flavor or location", async () => {
      const list = await sim().req<Flavor[]>(
        "GET",
        "/v1/locations/1/order_options/remote_block_storage/flavors",
      );
      expect(list.status).toBe(200);
      expect(list.body[0]).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        iops_per_gb: expect.any(Number),
        bandwidth_per_gb: expect.any(Number),
        min_size_gb: expect.any(Number),
      });
      const one = await sim().req<Flavor>(
        "GET",
        `/v1/locations/1/order_options/remote_block_storage/flavors/${list.body[0]?.id}`,
      );
      expect(one.body).toEqual(list.body[0]);
      const otherLocation = await sim().req<ApiErrorBody>(
        "GET",
        "/v1/locations/2/order_options/remote_block_storage/flavors/1",
      );
      expect(otherLocation.status).toBe(404);
      const unknown = await sim().req<ApiErrorBody>(
        "GET",
        "/v1/locations/99/order_options/remote_block_storage/flavors",
      );
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe("NOT_FOUND");
    });
  });

  describe("create", () => {
    it("answers creating with ip_address and target_iqn null, and every field of the record", async () => {
      const response = await create();
      expect(response.status).toBe(202);
      expect(response.body).toEqual({
        id: expect.stringMatching(/^[A-Za-z0-9]{8}$/),
        name: "data-1",
        size: 100,
        status: "creating",
        location_id: 1,
        location_code: "AMS1",
        flavor_id: 1,
        flavor_name: expect.any(String),
        iops: expect.any(Number),
        bandwidth: expect.any(Number),
        labels: { env: "test" },
        ip_address: null,
        target_iqn: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
    });

    it("becomes active after rbs_create, with ip_address and target_iqn filled only then", async () => {
      const created = await create();
      await sim().advance(durations.rbs_create - 1);
      expect(await get(created.body.id)).toMatchObject({
        status: "creating",
        ip_address: null,
        target_iqn: null,
      });
      await sim().advance(1);
      const active = await get(created.body.id);
      expect(active.status).toBe("active");
      expect(active.ip_address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      expect(active.target_iqn).toMatch(/^iqn\./);
    });

    it("answers 402 PAYMENT_REQUIRED without a payment method", async () => {
      await sim().control.patchAccount({ payment_method: null });
      const response = await create();
      expect(response.status).toBe(402);
      expect(response.body.code).toBe("PAYMENT_REQUIRED");
      expect((await sim().req<Volume[]>("GET", VOLUMES)).body).toEqual([]);
    });

    it("answers 422 errors.size over the maximum volume size of 2048 GB", async () => {
      const response = await create({ size: 2049 });
      expect(response.status).toBe(422);
      expect(response.body.code).toBe("UNPROCESSABLE_ENTITY");
      expect(response.body.errors?.size).toMatch(/maximum volume size of 2048 GB/);
    });

    it("answers 422 errors.size over the storage quota, counting existing volumes", async () => {
      await sim().control.patchAccount({ storage_quota_gb: 300 });
      expect((await create({ size: 200 })).status).toBe(202);
      const response = await create({ size: 200 });
      expect(response.status).toBe(422);
      expect(response.body.errors?.size).toMatch(/storage quota/);
      expect((await create({ size: 100 })).status).toBe(202);
    });

    it("answers 422 errors.size over the space available in the location's cluster", async () => {
      const response = await create({ location_id: 3, flavor_id: 5, size: 600 });
      expect(response.status).toBe(422);
      expect(response.body.errors?.size).toMatch(/space available in the SIN1 cluster/);
      expect((await create({ location_id: 3, flavor_id: 5, size: 500 })).status).toBe(202);
    });

    it("answers 422 field maps for an unknown location, a flavor of another location and a missing name", async () => {
      const unknownLocation = await create({ location_id: 99 });
      expect(unknownLocation.body.errors).toHaveProperty("location_id");
      const wrongFlavor = await create({ name: "", location_id: 2, flavor_id: 1 });
      expect(wrongFlavor.status).toBe(422);
      expect(Object.keys(wrongFlavor.body.errors ?? {}).sort()).toEqual(["flavor_id", "name"]);
    });

    it("refuses the reserved label prefix", async () => {
      const response = await create({ labels: { "servers.com/owner": "me" } });
      expect(response.status).toBe(422);
      expect(response.body.errors).toHaveProperty("labels");
    });
  });

  describe("list", () => {
    it("filters by label selector, search pattern and location, and pages", async () => {
      await create({ name: "db-data", labels: { app: "db" } });
      await create({ name: "web-data", labels: { app: "web" } });
      await create({ name: "logs", location_id: 2, flavor_id: 3, labels: { app: "web" } });
      const web = await sim().req<Volume[]>(
        "GET",
        `${VOLUMES}?label_selector=app%3D%3Dweb&sorting=name`,
      );
      expect(web.body.map((volume) => volume.name)).toEqual(["logs", "web-data"]);
      const searched = await sim().req<Volume[]>("GET", `${VOLUMES}?search_pattern=DATA`);
      expect(searched.body).toHaveLength(2);
      const dfw = await sim().req<Volume[]>("GET", `${VOLUMES}?location_id=2`);
      expect(dfw.body.map((volume) => volume.name)).toEqual(["logs"]);
      const page = await sim().req<Volume[]>("GET", `${VOLUMES}?per_page=2&page=2`);
      expect(page.body).toHaveLength(1);
      expect(parseLinks(page.headers.link)).toHaveProperty("prev");
      expect(page.headers["x-total"]).toBe("3");
    });
  });

  describe("secrets", () => {
    it("keeps the password out of list and get bodies; /credentials answers it", async () => {
      const volume = await activeVolume();
      const credentials = await sim().req<Credentials>(
        "GET",
        `${VOLUMES}/${volume.id}/credentials`,
      );
      expect(credentials.status).toBe(200);
      expect(credentials.body).toEqual({
        volume_id: volume.id,
        username: expect.any(String),
        password: expect.stringMatching(/.{12,}/),
        target_iqn: volume.target_iqn,
        ip_address: volume.ip_address,
      });
      const password = credentials.body.password;
      const listText = JSON.stringify((await sim().req("GET", VOLUMES)).body);
      const getText = JSON.stringify((await sim().req("GET", `${VOLUMES}/${volume.id}`)).body);
      for (const text of [listText, getText]) {
        expect(text).not.toContain(password);
        expect(text).not.toContain("password");
      }
    });

    it("resets the credentials: a new password, the volume answered without it", async () => {
      const volume = await activeVolume();
      const before = await sim().req<Credentials>("GET", `${VOLUMES}/${volume.id}/credentials`);
      const reset = await sim().req<Volume>("POST", `${VOLUMES}/${volume.id}/reset_credentials`);
      expect(reset.status).toBe(200);
      expect(reset.body.id).toBe(volume.id);
      expect(JSON.stringify(reset.body)).not.toContain("password");
      const after = await sim().req<Credentials>("GET", `${VOLUMES}/${volume.id}/credentials`);
      expect(after.body.password).not.toBe(before.body.password);
    });
  });

  describe("update", () => {
    it("renames and replaces labels; a resize goes pending, then active with the new size", async () => {
      const volume = await activeVolume({ labels: { a: "1", b: "2" } });
      const path = `${VOLUMES}/${volume.id}`;
      const renamed = await sim().req<Volume>("PUT", path, { name: "renamed", labels: { b: "3" } });
      expect(renamed.body).toMatchObject({ name: "renamed", labels: { b: "3" }, status: "active" });
      const resized = await sim().req<Volume>("PUT", path, { size: 200 });
      expect(resized.status).toBe(200);
      expect(resized.body).toMatchObject({ size: 200, status: "pending" });
      expect(resized.body.iops).toBe(volume.iops * 2);
      await sim().advance(durations.rbs_resize);
      expect(await get(volume.id)).toMatchObject({ size: 200, status: "active" });
    });

    it("refuses to shrink with 422 errors.size", async () => {
      const volume = await activeVolume();
      const response = await sim().req<ApiErrorBody>("PUT", `${VOLUMES}/${volume.id}`, {
        size: 50,
      });
      expect(response.status).toBe(422);
      expect(response.body.errors).toHaveProperty("size");
    });

    it("refuses to grow past 2048 GB", async () => {
      const volume = await activeVolume();
      const response = await sim().req<ApiErrorBody>("PUT", `${VOLUMES}/${volume.id}`, {
        size: 4096,
      });
      expect(response.status).toBe(422);
      expect(response.body.errors?.size).toMatch(/2048/);
    });

    it("answers 409 CONFLICT to a resize while the volume is still creating", async () => {
      const created = await create();
      const response = await sim().req<ApiErrorBody>("PUT", `${VOLUMES}/${created.body.id}`, {
        size: 200,
      });
      expect(response.status).toBe(409);
      expect(response.body.code).toBe("CONFLICT");
    });
  });

  describe("delete", () => {
    it("goes removing, then the volume is gone (404)", async () => {
      const volume = await activeVolume();
      const path = `${VOLUMES}/${volume.id}`;
      const response = await sim().req<Volume>("DELETE", path);
      expect(response.status).toBe(202);
      expect(response.body.status).toBe("removing");
      expect((await get(volume.id)).status).toBe("removing");
      await sim().advance(durations.rbs_delete);
      const gone = await sim().req<ApiErrorBody>("GET", path);
      expect(gone.status).toBe(404);
      expect(gone.body.code).toBe("NOT_FOUND");
    });
  });
});
