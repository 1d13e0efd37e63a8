// Conformance of the simulator's cloud area (api-spec.md "Cloud instance", "Cloud instances",
// transitions and errors; wire-notes.md "Cloud"), over raw HTTP.
import { beforeEach, describe, expect, it } from "vitest";
import { type ApiErrorBody, type Labels, parseLinks, useTestSimulator } from "./helpers";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const durations = {
  cloud_create: MINUTE,
  cloud_reboot: 30 * SECOND,
  cloud_upgrade: 5 * MINUTE,
  cloud_upgrade_confirm: 72 * HOUR,
  cloud_reinstall: 2 * MINUTE,
  cloud_delete: 30 * SECOND,
};

interface CloudInstance {
  id: string;
  openstack_uuid: string | null;
  status: string;
  name: string;
  region_id: number;
  region_code: string;
  flavor_id: string;
  flavor_name: string;
  image_id: string;
  image_name: string | null;
  public_ipv4_address: string | null;
  private_ipv4_address: string | null;
  local_ipv4_address: string | null;
  public_ipv6_address: string | null;
  ipv6_enabled: boolean;
  gpn_enabled: boolean;
  backup_copies: number;
  public_port_blocked: boolean;
  labels: Labels;
  created_at: string;
  updated_at: string;
}

interface Region {
  id: number;
  name: string;
  code: string;
}

interface CatalogueEntry {
  id: string;
  name: string;
}

interface PtrRecord {
  id: string;
  ip: string;
  domain: string;
  priority: number;
  ttl: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("cloud area", () => {
  const sim = useTestSimulator({ durations });
  let ubuntu = "";
  let debian = "";

  beforeEach(async () => {
    await sim().control.reset();
    const images = await sim().req<CatalogueEntry[]>("GET", "/v1/cloud_computing/regions/1/images");
    ubuntu = images.body.find((image) => image.name.startsWith("Ubuntu"))?.id ?? "";
    debian = images.body.find((image) => image.name.startsWith("Debian"))?.id ?? "";
  });

  async function createInstance(extra: Record<string, unknown> = {}): Promise<CloudInstance> {
    const response = await sim().req<CloudInstance>("POST", "/v1/cloud_computing/instances", {
      name: "web-1",
      region_id: 1,
      flavor_id: "SSD.50",
      image_id: ubuntu,
      ...extra,
    });
    expect(response.status).toBe(202);
    return response.body;
  }

  async function activeInstance(extra: Record<string, unknown> = {}): Promise<CloudInstance> {
    const created = await createInstance(extra);
    await sim().advance(durations.cloud_create);
    return get(created.id);
  }

  async function get(id: string): Promise<CloudInstance> {
    const response = await sim().req<CloudInstance>("GET", `/v1/cloud_computing/instances/${id}`);
    expect(response.status).toBe(200);
    return response.body;
  }

  async function action(id: string, name: string, body?: unknown) {
    return sim().req<CloudInstance & ApiErrorBody>(
      "POST",
      `/v1/cloud_computing/instances/${id}/${name}`,
      body,
    );
  }

  describe("regions and their catalogues", () => {
    it("lists at least two regions with id, name and code", async () => {
      const response = await sim().req<Region[]>("GET", "/v1/cloud_computing/regions");
      expect(response.status).toBe(200);
      expect(response.body.length).toBeGreaterThanOrEqual(2);
      expect(response.body[0]).toEqual({ id: 1, name: expect.any(String), code: "AMS1" });
    });

    it("lists a region's flavors with string ids and its images with UUID ids", async () => {
      const flavors = await sim().req<CatalogueEntry[]>(
        "GET",
        "/v1/cloud_computing/regions/1/flavors",
      );
      expect(flavors.body.map((flavor) => flavor.id)).toEqual(
        expect.arrayContaining(["SSD.30", "SSD.50", "SSD.80"]),
      );
      const images = await sim().req<CatalogueEntry[]>(
        "GET",
        "/v1/cloud_computing/regions/1/images",
      );
      for (const image of images.body) expect(image.id).toMatch(UUID);
      expect(ubuntu).not.toBe("");
      expect(debian).not.toBe("");
    });

    it("searches regions by name", async () => {
      const response = await sim().req<Region[]>(
        "GET",
        "/v1/cloud_computing/regions?search_pattern=dall",
      );
      expect(response.body.map((region) => region.code)).toEqual(["DFW1"]);
    });

    it("lists a region's snapshots: none until one is taken, paginated", async () => {
      const response = await sim().req<unknown[]>("GET", "/v1/cloud_computing/regions/1/snapshots");
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
      expect(response.headers["x-total"]).toBe("0");
      const missing = await sim().req<ApiErrorBody>(
        "GET",
        "/v1/cloud_computing/regions/99/snapshots",
      );
      expect(missing.status).toBe(404);
    });

    it("answers 404 NOT_FOUND for the catalogue of an unknown region", async () => {
      const response = await sim().req<ApiErrorBody>(
        "GET",
        "/v1/cloud_computing/regions/99/flavors",
      );
      expect(response.status).toBe(404);
      expect(response.body.code).toBe("NOT_FOUND");
    });
  });

  describe("create", () => {
    it("answers PROVISIONING with every field of the record and no addresses yet", async () => {
      const now = await sim().control.now();
      const created = await createInstance({ labels: { env: "test" }, backup_copies: 2 });
      expect(created).toEqual({
        id: expect.stringMatching(/^[A-Za-z0-9]{8}$/),
        // Null while provisioning (docs/wire.md, Cloud instances).
        openstack_uuid: null,
        status: "PROVISIONING",
        name: "web-1",
        region_id: 1,
        region_code: "AMS1",
        flavor_id: "SSD.50",
        flavor_name: "SSD.50",
        image_id: ubuntu,
        image_name: expect.stringContaining("Ubuntu"),
        public_ipv4_address: null,
        private_ipv4_address: null,
        local_ipv4_address: null,
        public_ipv6_address: null,
        ipv6_enabled: false,
        gpn_enabled: false,
        backup_copies: 2,
        public_port_blocked: false,
        labels: { env: "test" },
        created_at: now,
        updated_at: now,
      });
    });

    it("becomes ACTIVE after about a minute, with its addresses filled only then", async () => {
      const created = await createInstance();
      await sim().advance(durations.cloud_create - 1);
      expect((await get(created.id)).status).toBe("PROVISIONING");
      await sim().advance(1);
      const active = await get(created.id);
      expect(active.status).toBe("ACTIVE");
      expect(active.openstack_uuid).toMatch(UUID);
      expect(active.public_ipv4_address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      expect(active.private_ipv4_address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      expect(active.local_ipv4_address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      expect(active.public_ipv6_address).toBeNull();
    });

    it("gives an IPv6 address when ipv6_enabled", async () => {
      const active = await activeInstance({ ipv6_enabled: true, gpn_enabled: true });
      expect(active.ipv6_enabled).toBe(true);
      expect(active.gpn_enabled).toBe(true);
      expect(active.public_ipv6_address).toContain(":");
    });

    it("leaves out the public IPv4 address when ipv4_enabled is false, and checks its type", async () => {
      const active = await activeInstance({ ipv4_enabled: false });
      expect(active.public_ipv4_address).toBeNull();
      expect(active.private_ipv4_address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      const bad = await sim().req<ApiErrorBody>("POST", "/v1/cloud_computing/instances", {
        ipv4_enabled: "no",
      });
      expect(bad.body.errors?.ipv4_enabled).toBe("must be a boolean");
    });

    it("answers 422 with a field map naming every missing field", async () => {
      const response = await sim().req<ApiErrorBody>("POST", "/v1/cloud_computing/instances", {});
      expect(response.status).toBe(422);
      expect(response.body.code).toBe("UNPROCESSABLE_ENTITY");
      expect(response.body.message).toBe("Validation failed");
      expect(Object.keys(response.body.errors ?? {})).toEqual(
        expect.arrayContaining(["name", "region_id", "flavor_id", "image_id"]),
      );
    });

    it("refuses an image of another region, an unknown flavor and an unknown SSH key", async () => {
      const otherRegion = await sim().req<CatalogueEntry[]>(
        "GET",
        "/v1/cloud_computing/regions/2/images",
      );
      const response = await sim().req<ApiErrorBody>("POST", "/v1/cloud_computing/instances", {
        name: "web-1",
        region_id: 1,
        flavor_id: "SSD.999",
        image_id: otherRegion.body[0]?.id,
        ssh_key_fingerprint: "00:11:22:33:44:55:66:77:88:99:aa:bb:cc:dd:ee:ff",
      });
      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors ?? {}).sort()).toEqual([
        "flavor_id",
        "image_id",
        "ssh_key_fingerprint",
      ]);
    });

    it("refuses labels that break the label rules", async () => {
      const response = await sim().req<ApiErrorBody>("POST", "/v1/cloud_computing/instances", {
        name: "web-1",
        region_id: 1,
        flavor_id: "SSD.50",
        image_id: ubuntu,
        labels: { "-bad": "x", env: "has space" },
      });
      expect(response.status).toBe(422);
      expect(response.body.errors).toHaveProperty("labels");
    });
  });

  describe("list", () => {
    it("pages with Link and X-Total, filters by label selector, search pattern and region", async () => {
      await createInstance({ name: "web-1", labels: { env: "prod", tier: "web" } });
      await createInstance({ name: "web-2", labels: { env: "prod", tier: "web" } });
      await createInstance({ name: "db-1", labels: { env: "prod", tier: "db" } });
      const dfwImages = await sim().req<CatalogueEntry[]>(
        "GET",
        "/v1/cloud_computing/regions/2/images",
      );
      await createInstance({
        name: "web-dfw",
        region_id: 2,
        image_id: dfwImages.body[0]?.id,
        labels: {},
      });

      const page1 = await sim().req<CloudInstance[]>(
        "GET",
        "/v1/cloud_computing/instances?per_page=2&sorting=name",
      );
      expect(page1.body.map((instance) => instance.name)).toEqual(["db-1", "web-1"]);
      expect(page1.headers["x-total"]).toBe("4");
      const next = parseLinks(page1.headers.link).next ?? "";
      const page2 = await sim().req<CloudInstance[]>(
        "GET",
        new URL(next).pathname + new URL(next).search,
      );
      expect(page2.body.map((instance) => instance.name)).toEqual(["web-2", "web-dfw"]);

      const selector = encodeURIComponent("env=prod,tier!=db");
      const selected = await sim().req<CloudInstance[]>(
        "GET",
        `/v1/cloud_computing/instances?label_selector=${selector}&sorting=name`,
      );
      expect(selected.body.map((instance) => instance.name)).toEqual(["web-1", "web-2"]);

      const searched = await sim().req<CloudInstance[]>(
        "GET",
        "/v1/cloud_computing/instances?search_pattern=WEB-",
      );
      expect(searched.body).toHaveLength(3);

      const dfw = await sim().req<CloudInstance[]>(
        "GET",
        "/v1/cloud_computing/instances?region_id=2",
      );
      expect(dfw.body.map((instance) => instance.name)).toEqual(["web-dfw"]);
    });

    it("answers 400 BAD_REQUEST naming per_page when it is out of range", async () => {
      const response = await sim().req<ApiErrorBody>(
        "GET",
        "/v1/cloud_computing/instances?per_page=101",
      );
      expect(response.status).toBe(400);
      expect(response.body.params).toEqual(["per_page"]);
    });
  });

  describe("update", () => {
    it("changes name and backup copies, and labels replace the whole set", async () => {
      const created = await activeInstance({ labels: { env: "prod", team: "a" } });
      const path = `/v1/cloud_computing/instances/${created.id}`;
      const renamed = await sim().req<CloudInstance>("PUT", path, {
        name: "web-renamed",
        backup_copies: 3,
        labels: { env: "staging" },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({
        name: "web-renamed",
        backup_copies: 3,
        labels: { env: "staging" },
      });
      const cleared = await sim().req<CloudInstance>("PUT", path, { labels: {} });
      expect(cleared.body.labels).toEqual({});
      expect((await get(created.id)).name).toBe("web-renamed");
    });

    it("enables IPv6 on a running instance, giving it an address", async () => {
      const created = await activeInstance();
      const response = await sim().req<CloudInstance>(
        "PUT",
        `/v1/cloud_computing/instances/${created.id}`,
        {
          ipv6_enabled: true,
        },
      );
      expect(response.body.ipv6_enabled).toBe(true);
      expect(response.body.public_ipv6_address).toContain(":");
    });

    it("refuses bad label keys with 422", async () => {
      const created = await createInstance();
      const response = await sim().req<ApiErrorBody>(
        "PUT",
        `/v1/cloud_computing/instances/${created.id}`,
        {
          labels: { "UPPER/name": "x" },
        },
      );
      expect(response.status).toBe(422);
      expect(response.body.errors).toHaveProperty("labels");
    });
  });

  describe("reboot", () => {
    it("goes REBOOTING, then ACTIVE", async () => {
      const instance = await activeInstance();
      const response = await action(instance.id, "reboot");
      expect(response.status).toBe(202);
      expect(response.body.status).toBe("REBOOTING");
      await sim().advance(durations.cloud_reboot);
      expect((await get(instance.id)).status).toBe("ACTIVE");
    });

    it("answers 409 CONFLICT for a locked instance", async () => {
      const instance = await activeInstance();
      await sim().control.patch("cloud_instances", instance.id, { _locked: true });
      const response = await action(instance.id, "reboot");
      expect(response.status).toBe(409);
      expect(response.body.code).toBe("CONFLICT");
      expect((await get(instance.id)).status).toBe("ACTIVE");
    });

    it("answers CLOUD_REGION_MAINTENANCE (HTTP 503) while the region is in maintenance", async () => {
      const instance = await activeInstance();
      await sim().control.patch("cloud_regions", "1", { _maintenance: true });
      const response = await action(instance.id, "reboot");
      expect(response.status).toBe(503);
      expect(response.body.code).toBe("CLOUD_REGION_MAINTENANCE");
    });

    it("answers 409 CONFLICT in a state that does not accept it", async () => {
      const instance = await createInstance();
      const response = await action(instance.id, "reboot");
      expect(response.status).toBe(409);
      expect(response.body.code).toBe("CONFLICT");
    });
  });

  describe("upgrade", () => {
    it("goes UPGRADING, then AWAITING_UPGRADE_CONFIRM with the new flavor, confirmed after 72 hours", async () => {
      const instance = await activeInstance();
      const response = await action(instance.id, "upgrade", { flavor_id: "SSD.80" });
      expect(response.status).toBe(202);
      expect(response.body.status).toBe("UPGRADING");
      await sim().advance(durations.cloud_upgrade);
      const awaiting = await get(instance.id);
      expect(awaiting).toMatchObject({
        status: "AWAITING_UPGRADE_CONFIRM",
        flavor_id: "SSD.80",
        flavor_name: "SSD.80",
      });
      await sim().advance(durations.cloud_upgrade_confirm - 1);
      expect((await get(instance.id)).status).toBe("AWAITING_UPGRADE_CONFIRM");
      await sim().advance(1);
      expect(await get(instance.id)).toMatchObject({ status: "ACTIVE", flavor_id: "SSD.80" });
    });

    it("approve_upgrade keeps the new flavor at once and cancels the automatic confirmation", async () => {
      const instance = await activeInstance();
      await action(instance.id, "upgrade", { flavor_id: "SSD.80" });
      await sim().advance(durations.cloud_upgrade);
      const approved = await action(instance.id, "approve_upgrade");
      expect(approved.status).toBe(202);
      expect(approved.body).toMatchObject({ status: "ACTIVE", flavor_id: "SSD.80" });
      const rebooted = await action(instance.id, "reboot");
      expect(rebooted.body.status).toBe("REBOOTING");
      await sim().advance(durations.cloud_upgrade_confirm);
      expect(await get(instance.id)).toMatchObject({ status: "ACTIVE", flavor_id: "SSD.80" });
    });

    it("revert_upgrade goes REVERTING_UPGRADE, then ACTIVE with the old flavor", async () => {
      const instance = await activeInstance();
      await action(instance.id, "upgrade", { flavor_id: "SSD.120" });
      await sim().advance(durations.cloud_upgrade);
      const reverting = await action(instance.id, "revert_upgrade");
      expect(reverting.status).toBe(202);
      expect(reverting.body.status).toBe("REVERTING_UPGRADE");
      await sim().advance(durations.cloud_upgrade);
      expect(await get(instance.id)).toMatchObject({
        status: "ACTIVE",
        flavor_id: "SSD.50",
        flavor_name: "SSD.50",
      });
      await sim().advance(durations.cloud_upgrade_confirm);
      expect((await get(instance.id)).flavor_id).toBe("SSD.50");
    });

    it("refuses a flavor that is not a higher configuration", async () => {
      const instance = await activeInstance();
      const response = await action(instance.id, "upgrade", { flavor_id: "SSD.30" });
      expect(response.status).toBe(422);
      expect(response.body.errors).toHaveProperty("flavor_id");
    });

    it("answers 409 CONFLICT for a locked instance and CLOUD_REGION_MAINTENANCE in maintenance", async () => {
      const instance = await activeInstance();
      await sim().control.patch("cloud_instances", instance.id, { _locked: true });
      const locked = await action(instance.id, "upgrade", { flavor_id: "SSD.80" });
      expect(locked.status).toBe(409);
      expect(locked.body.code).toBe("CONFLICT");
      await sim().control.patch("cloud_instances", instance.id, { _locked: false });
      await sim().control.patch("cloud_regions", "1", { _maintenance: true });
      const maintenance = await action(instance.id, "upgrade", { flavor_id: "SSD.80" });
      expect(maintenance.body.code).toBe("CLOUD_REGION_MAINTENANCE");
    });

    it("answers 409 CONFLICT to approve or revert without an upgrade awaiting confirmation", async () => {
      const instance = await activeInstance();
      expect((await action(instance.id, "approve_upgrade")).status).toBe(409);
      expect((await action(instance.id, "revert_upgrade")).status).toBe(409);
    });
  });

  describe("reinstall, power and rescue", () => {
    it("reinstall goes REBUILDING, then ACTIVE with the new image", async () => {
      const instance = await activeInstance();
      const response = await action(instance.id, "reinstall", { image_id: debian });
      expect(response.body).toMatchObject({ status: "REBUILDING", image_id: debian });
      await sim().advance(durations.cloud_reinstall);
      expect(await get(instance.id)).toMatchObject({ status: "ACTIVE", image_id: debian });
    });

    it("reinstall refuses an unknown image with 422", async () => {
      const instance = await activeInstance();
      const response = await action(instance.id, "reinstall", { image_id: "not-an-image" });
      expect(response.status).toBe(422);
      expect(response.body.errors).toHaveProperty("image_id");
    });

    it("switches off and on through SWITCHING_OFF and SWITCHING_ON", async () => {
      const instance = await activeInstance();
      expect((await action(instance.id, "switch_off")).body.status).toBe("SWITCHING_OFF");
      await sim().advance(durations.cloud_reboot);
      expect((await get(instance.id)).status).toBe("SWITCHED_OFF");
      expect((await action(instance.id, "switch_off")).status).toBe(409);
      expect((await action(instance.id, "switch_on")).body.status).toBe("SWITCHING_ON");
      await sim().advance(durations.cloud_reboot);
      expect((await get(instance.id)).status).toBe("ACTIVE");
    });

    it("rescue reaches RESCUE and unrescue returns to ACTIVE", async () => {
      const instance = await activeInstance();
      expect((await action(instance.id, "rescue")).body.status).toBe("RESCUING");
      await sim().advance(durations.cloud_reboot);
      expect((await get(instance.id)).status).toBe("RESCUE");
      expect((await action(instance.id, "unrescue")).status).toBe(202);
      await sim().advance(durations.cloud_reboot);
      expect((await get(instance.id)).status).toBe("ACTIVE");
    });
  });

  describe("delete", () => {
    it("answers DELETING, then the instance is gone (404)", async () => {
      const instance = await activeInstance();
      const path = `/v1/cloud_computing/instances/${instance.id}`;
      const response = await sim().req<CloudInstance>("DELETE", path);
      expect(response.status).toBe(202);
      expect(response.body.status).toBe("DELETING");
      await sim().advance(durations.cloud_delete);
      const gone = await sim().req<ApiErrorBody>("GET", path);
      expect(gone.status).toBe(404);
      expect(gone.body.code).toBe("NOT_FOUND");
    });
  });

  describe("PTR records", () => {
    it("creates with default ttl 60 and priority 0, lists and deletes them", async () => {
      const instance = await activeInstance();
      const path = `/v1/cloud_computing/instances/${instance.id}/ptr_records`;
      const created = await sim().req<PtrRecord>("POST", path, {
        ip: instance.public_ipv4_address,
        data: "web-1.example.com",
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        ip: instance.public_ipv4_address,
        domain: "web-1.example.com",
        priority: 0,
        ttl: 60,
      });
      const custom = await sim().req<PtrRecord>("POST", path, {
        ip: instance.public_ipv4_address,
        data: "alias.example.com",
        ttl: 300,
        priority: 5,
      });
      expect(custom.body).toMatchObject({ ttl: 300, priority: 5 });
      const listed = await sim().req<PtrRecord[]>("GET", path);
      expect(listed.body.map((ptr) => ptr.domain)).toEqual([
        "web-1.example.com",
        "alias.example.com",
      ]);
      const deleted = await sim().req("DELETE", `${path}/${created.body.id}`);
      expect(deleted.status).toBe(204);
      expect((await sim().req<PtrRecord[]>("GET", path)).body).toHaveLength(1);
      const again = await sim().req<ApiErrorBody>("DELETE", `${path}/${created.body.id}`);
      expect(again.status).toBe(404);
    });

    it("cannot be changed: PUT is not a method of a PTR record", async () => {
      const instance = await activeInstance();
      const path = `/v1/cloud_computing/instances/${instance.id}/ptr_records`;
      const created = await sim().req<PtrRecord>("POST", path, {
        ip: instance.public_ipv4_address,
        data: "web-1.example.com",
      });
      const response = await sim().req("PUT", `${path}/${created.body.id}`, {
        data: "other.example.com",
      });
      expect(response.status).toBe(405);
    });

    it("refuses an address that is not the instance's and a data that is no domain", async () => {
      const instance = await activeInstance();
      const response = await sim().req<ApiErrorBody>(
        "POST",
        `/v1/cloud_computing/instances/${instance.id}/ptr_records`,
        { ip: "192.0.2.1", data: "not a domain" },
      );
      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors ?? {}).sort()).toEqual(["data", "ip"]);
    });

    it("refuses a host's spelling, domain: a cloud instance's record is created with data", async () => {
      const instance = await activeInstance();
      const response = await sim().req<ApiErrorBody>(
        "POST",
        `/v1/cloud_computing/instances/${instance.id}/ptr_records`,
        { ip: instance.public_ipv4_address, domain: "web-1.example.com" },
      );
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ data: "is required" });
    });
  });
});
