// client.cloudRegions against the simulator: the regions and their catalogues (flavors, images,
// snapshots) are what an instance is made from; the lifecycle here picks a region, a flavor and
// an image through the SDK, runs an instance from them, and meets the region's maintenance.
import { describe, expect, it } from "vitest";
import { cloudInstanceStates } from "../../sdk/areas/cloud-instances";
import { CloudRegionMaintenanceError, NotFoundError } from "../../sdk/core/errors";
import { iterated, rejectionOf, useSdkSimulator, waitGone, waitSettled } from "./support";

describe("client.cloudRegions on the simulator", () => {
  const bed = useSdkSimulator();

  it("lists regions over several pages and each region's flavors and images", async () => {
    const api = bed().client.cloudRegions;
    expect(await iterated(api.list({ perPage: 1 }), (r) => r.code)).toEqual(["AMS1", "DFW1"]);
    expect((await api.list({ searchPattern: "AMS" })).items.map((r) => r.code)).toEqual(["AMS1"]);
    const byName = await api.list({ sorting: "name", direction: "DESC" });
    expect(byName.items.map((r) => r.name)).toEqual(["Dallas", "Amsterdam"]);

    const flavors = await api.listFlavors(1, { perPage: 2 }).toArray({ limit: 10, concurrency: 2 });
    expect(flavors.map((f) => f.id)).toEqual(["SSD.30", "SSD.50", "SSD.80", "SSD.120"]);
    const images = await api.listImages(2).toArray({ limit: 10 });
    expect(images).toHaveLength(3);
    expect(images.every((i) => /^[0-9a-f-]{36}$/.test(i.id))).toBe(true);
    expect((await api.listSnapshots(1)).items).toEqual([]);
  });

  it("answers NotFoundError for the catalogue of an unknown region", async () => {
    const api = bed().client.cloudRegions;
    await rejectionOf(api.listFlavors(99), NotFoundError);
    await rejectionOf(api.listImages(99), NotFoundError);
    await rejectionOf(api.listSnapshots(99), NotFoundError);
  });

  it("runs an instance made from a region's catalogue; maintenance refuses reboot and upgrade", async () => {
    const client = bed().client;
    const region = (await client.cloudRegions.list()).items.find((r) => r.code === "DFW1");
    if (region === undefined) throw new Error("DFW1 is seeded");
    const [flavor] = (await client.cloudRegions.listFlavors(region.id)).items;
    const image = (await client.cloudRegions.listImages(region.id)).items.find((i) =>
      i.name.startsWith("Debian"),
    );
    if (flavor === undefined || image === undefined) throw new Error("DFW1 has a catalogue");

    const created = await client.cloudInstances.create({
      name: "from-catalogue",
      region_id: region.id,
      flavor_id: flavor.id,
      image_id: image.id,
    });
    const { value } = await waitSettled(bed(), () => client.cloudInstances.get(created.id), [
      [cloudInstanceStates, (i) => i.status],
    ]);
    expect(value).toMatchObject({
      status: "ACTIVE",
      region_id: region.id,
      region_code: "DFW1",
      flavor_name: flavor.name,
      image_name: image.name,
    });

    const control = bed().sim.control;
    await control.patch("cloud_regions", String(region.id), { _maintenance: true });
    try {
      await rejectionOf(client.cloudInstances.reboot(created.id), CloudRegionMaintenanceError);
      const upgrade = await rejectionOf(
        client.cloudInstances.upgrade(created.id, { flavor_id: "SSD.120" }),
        CloudRegionMaintenanceError,
      );
      expect(upgrade.code).toBe("CLOUD_REGION_MAINTENANCE");
    } finally {
      await control.patch("cloud_regions", String(region.id), { _maintenance: false });
    }
    await client.cloudInstances.delete(created.id);
    await waitGone(bed(), () => client.cloudInstances.get(created.id));
  });
});
