// client.cloudInstances against the simulator: create -> ACTIVE -> read -> listed by label ->
// renamed and relabelled -> reboot, upgrade (approve, revert, automatic confirmation after 72
// hours), reinstall, power, rescue, PTR records -> delete -> gone; and the SDK's error classes
// for a locked instance, a region in maintenance and invalid bodies.
import { describe, expect, it } from "vitest";
import {
  type CloudInstance,
  type CloudInstanceCreateBody,
  cloudInstanceStates,
  platformUuidOf,
} from "../../sdk/areas/cloud-instances";
import {
  CloudRegionMaintenanceError,
  ConflictError,
  NotFoundError,
  UnprocessableEntityError,
} from "../../sdk/core/errors";
import {
  HOUR,
  iterated,
  rejectionOf,
  type SdkBed,
  type StatusCheck,
  useSdkSimulator,
  waitGone,
  waitSettled,
} from "./support";

const AMS_IMAGE = "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01";
const AMS_DEBIAN = "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e03";

const settled: readonly StatusCheck<CloudInstance>[] = [[cloudInstanceStates, (i) => i.status]];

function body(overrides: Partial<CloudInstanceCreateBody> = {}): CloudInstanceCreateBody {
  return {
    name: "app-1",
    region_id: 1,
    flavor_id: "SSD.50",
    image_id: AMS_IMAGE,
    labels: { env: "test", app: "shop" },
    ...overrides,
  };
}

async function settle(bed: SdkBed, id: string) {
  return waitSettled(bed, () => bed.client.cloudInstances.get(id), settled);
}

async function activeInstance(bed: SdkBed, overrides: Partial<CloudInstanceCreateBody> = {}) {
  const created = await bed.client.cloudInstances.create(body(overrides));
  return (await settle(bed, created.id)).value;
}

describe("client.cloudInstances on the simulator", () => {
  const bed = useSdkSimulator();

  it("creates an instance that provisions to ACTIVE, with its addresses only then", async () => {
    const api = bed().client.cloudInstances;
    const created = await api.create(body({ ipv6_enabled: true }));
    expect(created).toMatchObject({
      status: "PROVISIONING",
      name: "app-1",
      region_code: "AMS1",
      flavor_id: "SSD.50",
      public_ipv4_address: null,
    });
    // No platform UUID while provisioning (docs/wire.md): the platform names it once built.
    expect(platformUuidOf(created)).toBeUndefined();
    const { value, states } = await settle(bed(), created.id);
    expect(states).toEqual(["PROVISIONING", "ACTIVE"]);
    expect(platformUuidOf(value)).toMatch(/^[0-9a-f-]{36}$/);
    expect(value.public_ipv4_address).toMatch(/^198\./);
    expect(value.public_ipv6_address).toMatch(/^2001:db8:/);
  });

  it("lists by label selector and region; labels replace the whole set; name changes alone", async () => {
    const api = bed().client.cloudInstances;
    const instance = await activeInstance(bed(), { name: "labelled", labels: { team: "a" } });
    const found = await api.list({ labelSelector: "team==a", regionId: 1 }).toArray({ limit: 20 });
    expect(found.map((i) => i.id)).toEqual([instance.id]);
    expect((await api.list({ labelSelector: "team==a", regionId: 2 })).items).toEqual([]);

    const renamed = await api.update(instance.id, { name: "renamed" });
    expect(renamed).toMatchObject({ name: "renamed", labels: { team: "a" } });
    expect((await api.update(instance.id, { labels: { owner: "b" } })).labels).toEqual({
      owner: "b",
    });
    expect((await api.update(instance.id, { labels: {} })).labels).toEqual({});
    expect((await api.list({ labelSelector: "team" })).items).toEqual([]);
  });

  it("pages a list of several pages by iteration and with concurrent pages", async () => {
    const api = bed().client.cloudInstances;
    for (const n of [1, 2, 3])
      await api.create(body({ name: `paged-${n}`, labels: { batch: "p" } }));
    const names = await iterated(
      api.list({ labelSelector: "batch==p", perPage: 2 }),
      (i) => i.name,
    );
    expect(names.sort()).toEqual(["paged-1", "paged-2", "paged-3"]);
    const collected = await api
      .list({ labelSelector: "batch==p", perPage: 1, sorting: "name", direction: "DESC" })
      .toArray({ limit: 10, concurrency: 2 });
    expect(collected.map((i) => i.name)).toEqual(["paged-3", "paged-2", "paged-1"]);
  });

  it("reboots through REBOOTING back to ACTIVE", async () => {
    const { id } = await activeInstance(bed());
    expect((await bed().client.cloudInstances.reboot(id)).status).toBe("REBOOTING");
    const { states } = await settle(bed(), id);
    expect(states).toEqual(["REBOOTING", "ACTIVE"]);
  });

  it("upgrades to AWAITING_UPGRADE_CONFIRM, and approve keeps the new flavor", async () => {
    const { id } = await activeInstance(bed());
    const api = bed().client.cloudInstances;
    expect((await api.upgrade(id, { flavor_id: "SSD.80" })).status).toBe("UPGRADING");
    const { value, states } = await settle(bed(), id);
    expect(states).toEqual(["UPGRADING", "AWAITING_UPGRADE_CONFIRM"]);
    expect(value.flavor_id).toBe("SSD.80");
    expect(await api.approveUpgrade(id)).toMatchObject({ status: "ACTIVE", flavor_id: "SSD.80" });
    await bed().sim.control.advance(73 * HOUR);
    expect((await api.get(id)).status).toBe("ACTIVE");
  });

  it("reverts an upgrade through REVERTING_UPGRADE to the previous flavor", async () => {
    const { id } = await activeInstance(bed());
    const api = bed().client.cloudInstances;
    await api.upgrade(id, { flavor_id: "SSD.120" });
    await settle(bed(), id);
    expect((await api.revertUpgrade(id)).status).toBe("REVERTING_UPGRADE");
    const { value } = await settle(bed(), id);
    expect(value).toMatchObject({ status: "ACTIVE", flavor_id: "SSD.50" });
  });

  it("confirms an upgrade on its own once 72 hours pass with no decision", async () => {
    const { id } = await activeInstance(bed());
    const api = bed().client.cloudInstances;
    await api.upgrade(id, { flavor_id: "SSD.80" });
    await settle(bed(), id);
    await bed().sim.control.advance(71 * HOUR);
    expect((await api.get(id)).status).toBe("AWAITING_UPGRADE_CONFIRM");
    await bed().sim.control.advance(HOUR);
    expect(await api.get(id)).toMatchObject({ status: "ACTIVE", flavor_id: "SSD.80" });
    const late = await rejectionOf(api.revertUpgrade(id), ConflictError);
    expect(late.code).toBe("CONFLICT");
  });

  it("refuses a downgrade with UnprocessableEntityError naming flavor_id", async () => {
    const { id } = await activeInstance(bed(), { flavor_id: "SSD.80" });
    const error = await rejectionOf(
      bed().client.cloudInstances.upgrade(id, { flavor_id: "SSD.30" }),
      UnprocessableEntityError,
    );
    expect(Object.keys(error.errors)).toEqual(["flavor_id"]);
  });

  it("reinstalls, switches power and enters and leaves rescue mode", async () => {
    const { id } = await activeInstance(bed());
    const api = bed().client.cloudInstances;
    expect((await api.reinstall(id, { image_id: AMS_DEBIAN })).status).toBe("REBUILDING");
    expect((await settle(bed(), id)).value).toMatchObject({
      status: "ACTIVE",
      image_id: AMS_DEBIAN,
      image_name: "Debian 12 (64 bit)",
    });
    expect((await api.powerOff(id)).status).toBe("SWITCHING_OFF");
    expect((await settle(bed(), id)).value.status).toBe("SWITCHED_OFF");
    expect((await api.powerOn(id)).status).toBe("SWITCHING_ON");
    expect((await settle(bed(), id)).value.status).toBe("ACTIVE");
    expect((await api.rescue(id)).status).toBe("RESCUING");
    expect((await settle(bed(), id)).value.status).toBe("RESCUE");
    await api.unrescue(id);
    expect((await settle(bed(), id)).value.status).toBe("ACTIVE");
  });

  it("creates, lists and deletes PTR records of the instance's address", async () => {
    const instance = await activeInstance(bed());
    const api = bed().client.cloudInstances;
    const ip = instance.public_ipv4_address ?? "";
    const ptr = await api.createPtrRecord(instance.id, { ip, data: "shop.example.com" });
    expect(ptr).toMatchObject({ ip, domain: "shop.example.com", ttl: 60, priority: 0 });
    expect((await api.listPtrRecords(instance.id)).items).toEqual([ptr]);
    const foreign = await rejectionOf(
      api.createPtrRecord(instance.id, { ip: "192.0.2.10", data: "x.example.com" }),
      UnprocessableEntityError,
    );
    expect(Object.keys(foreign.errors)).toEqual(["ip"]);
    await api.deletePtrRecord(instance.id, ptr.id);
    expect((await api.listPtrRecords(instance.id)).items).toEqual([]);
  });

  it("answers ConflictError for a locked instance and CloudRegionMaintenanceError in maintenance", async () => {
    const { id } = await activeInstance(bed());
    const api = bed().client.cloudInstances;
    const control = bed().sim.control;
    await control.patch("cloud_instances", id, { _locked: true });
    expect((await rejectionOf(api.reboot(id), ConflictError)).code).toBe("CONFLICT");
    expect((await rejectionOf(api.upgrade(id, { flavor_id: "SSD.80" }), ConflictError)).code).toBe(
      "CONFLICT",
    );
    await control.patch("cloud_instances", id, { _locked: false });

    await control.patch("cloud_regions", "1", { _maintenance: true });
    try {
      const reboot = await rejectionOf(api.reboot(id), CloudRegionMaintenanceError);
      expect(reboot.code).toBe("CLOUD_REGION_MAINTENANCE");
      await rejectionOf(api.upgrade(id, { flavor_id: "SSD.80" }), CloudRegionMaintenanceError);
    } finally {
      await control.patch("cloud_regions", "1", { _maintenance: false });
    }
    expect((await api.reboot(id)).status).toBe("REBOOTING");
  });

  it("refuses an invalid create with every bad field in UnprocessableEntityError.errors", async () => {
    const error = await rejectionOf(
      bed().client.cloudInstances.create(body({ flavor_id: "SSD.9000", image_id: "nope" })),
      UnprocessableEntityError,
    );
    expect(Object.keys(error.errors).sort()).toEqual(["flavor_id", "image_id"]);
  });

  it("deletes through DELETING until the instance is gone", async () => {
    const { id } = await activeInstance(bed());
    const api = bed().client.cloudInstances;
    expect((await api.delete(id)).status).toBe("DELETING");
    await waitGone(bed(), () => api.get(id));
    const error = await rejectionOf(api.get(id), NotFoundError);
    expect(error.status).toBe(404);
  });
});
