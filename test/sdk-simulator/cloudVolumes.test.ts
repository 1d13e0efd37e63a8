// client.cloudVolumes and client.cloudBackups against the simulator: create (pending) ->
// available; attach (attaching -> in-use, with a device) and detach; the refusals the platform
// makes (delete while attached, attach twice, an instance of another region, a resize); backups
// of a volume (forced while attached), restore into a detached volume, a volume made from a
// backup, delete -> gone; list filters and bad queries as the SDK's error classes.
import { describe, expect, it } from "vitest";
import { cloudBackupStates } from "../../sdk/areas/cloud-backups";
import {
  attachedInstanceId,
  type CloudVolume,
  cloudVolumeStates,
} from "../../sdk/areas/cloud-volumes";
import {
  BadRequestError,
  ConflictError,
  InputValidationError,
  NotFoundError,
  UnprocessableEntityError,
} from "../../sdk/core/errors";
import { rejectionOf, type SdkBed, useSdkSimulator, waitGone, waitSettled } from "./support";

const volumeSettled = [[cloudVolumeStates, (v: CloudVolume) => v.status]] as const;

async function instance(bed: SdkBed, regionId = 1): Promise<string> {
  const image =
    regionId === 1
      ? "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01"
      : "8a2d4c6e-3e6b-4d9f-8c1a-2b3c4d5e6f11";
  const made = await bed.client.cloudInstances.create({
    name: "web",
    region_id: regionId,
    flavor_id: "SSD.30",
    image_id: image,
  });
  await bed.sim.control.advance(10 * 60_000);
  return made.id;
}

async function settledVolume(bed: SdkBed, id: string) {
  return waitSettled(bed, () => bed.client.cloudVolumes.get(id), volumeSettled);
}

describe("client.cloudVolumes on the simulator", () => {
  const bed = useSdkSimulator();

  it("creates a volume in pending, available with a platform uuid and created_at only then", async () => {
    const api = bed().client.cloudVolumes;
    const created = await api.create({ name: "v1", region_id: 1, size: 20, labels: { env: "t" } });
    expect(created).toMatchObject({
      status: "pending",
      region_code: "AMS1",
      size: 20,
      openstack_uuid: null,
      created_at: null,
      attachments: [],
    });
    const { value, states } = await settledVolume(bed(), created.id);
    expect(states).toEqual(["pending", "available"]);
    expect(typeof value.openstack_uuid).toBe("string");
    const listed = await api.list({ labelSelector: "env==t", regionId: 1 }).toArray({ limit: 10 });
    expect(listed.map((v) => v.id)).toEqual([created.id]);
    expect(await api.list({ regionId: 2 }).toArray({ limit: 10 })).toEqual([]);
  });

  it("attaches to an instance and detaches from it, each through its transitional status", async () => {
    const api = bed().client.cloudVolumes;
    const web = await instance(bed());
    const { value: volume } = await settledVolume(
      bed(),
      (await api.create({ name: "v2", region_id: 1, size: 10 })).id,
    );
    expect((await api.attach(volume.id, web)).status).toBe("attaching");
    const attached = await settledVolume(bed(), volume.id);
    expect(attached.states).toEqual(["attaching", "in-use"]);
    expect(attachedInstanceId(attached.value)).toBe(web);
    expect(attached.value.attachments?.[0]?.device).toBe("/dev/vdb");
    // Attached twice, deleted while attached, resized: refused.
    await rejectionOf(api.attach(volume.id, web), ConflictError);
    await rejectionOf(api.delete(volume.id), ConflictError);
    await rejectionOf(
      api.update(volume.id, { size: 30 } as unknown as { name: string }),
      UnprocessableEntityError,
    );
    expect((await api.detach(volume.id, web)).status).toBe("detaching");
    const detached = await settledVolume(bed(), volume.id);
    expect(detached.value).toMatchObject({ status: "available", attachments: [] });
    await api.delete(volume.id);
    await waitGone(bed(), () => api.get(volume.id));
  });

  it("refuses an instance of another region, an unknown region and a bad size", async () => {
    const api = bed().client.cloudVolumes;
    const dallas = await instance(bed(), 2);
    const error = await rejectionOf(
      api.create({ name: "v", region_id: 1, size: 10, attach_instance_id: dallas }),
      UnprocessableEntityError,
    );
    expect(error.errors).toMatchObject({ instance_id: expect.stringContaining("region") });
    await rejectionOf(api.create({ name: "v", region_id: 99, size: 10 }), UnprocessableEntityError);
    await rejectionOf(api.create({ name: "v", region_id: 1, size: 0 }), InputValidationError);
    await rejectionOf(api.get("nope"), NotFoundError);
    expect(() => api.list({ perPage: 0 })).toThrow(InputValidationError);
    await rejectionOf(api.list({ labelSelector: "(" }).toArray({ limit: 1 }), BadRequestError);
  });
});

describe("client.cloudBackups on the simulator", () => {
  const bed = useSdkSimulator();

  it("backs up a volume (backing-up meanwhile), restores it and makes a new volume from it", async () => {
    const { cloudVolumes, cloudBackups } = bed().client;
    const { value: volume } = await settledVolume(
      bed(),
      (await cloudVolumes.create({ name: "data", region_id: 1, size: 30 })).id,
    );
    const backup = await cloudBackups.create({
      volume_id: volume.id,
      name: "nightly",
      labels: { k: "v" },
    });
    expect(backup).toMatchObject({ status: "creating", size: 30, region_id: 1 });
    expect((await cloudVolumes.get(volume.id)).status).toBe("backing-up");
    const made = await waitSettled(bed(), () => cloudBackups.get(backup.id), [
      [cloudBackupStates, (b) => b.status],
    ]);
    expect(made.value.status).toBe("available");
    expect((await cloudVolumes.get(volume.id)).status).toBe("available");

    expect((await cloudBackups.restore(backup.id, volume.id)).status).toBe("restoring");
    expect((await cloudVolumes.get(volume.id)).status).toBe("restoring-backup");
    await settledVolume(bed(), volume.id);

    const copy = await cloudVolumes.create({ name: "copy", region_id: 1, backup_id: backup.id });
    expect(copy.size).toBe(30);
    await rejectionOf(
      cloudVolumes.create({ name: "small", region_id: 1, size: 10, backup_id: backup.id }),
      UnprocessableEntityError,
    );
    expect((await cloudBackups.update(backup.id, { labels: { k: "w" } })).labels).toEqual({
      k: "w",
    });
    await cloudBackups.delete(backup.id);
    await waitGone(bed(), () => cloudBackups.get(backup.id));
  });

  it("backs up an attached volume only with force", async () => {
    const { cloudVolumes, cloudBackups } = bed().client;
    const web = await instance(bed());
    const created = await cloudVolumes.create({
      name: "d",
      region_id: 1,
      size: 10,
      attach_instance_id: web,
    });
    await settledVolume(bed(), created.id);
    const error = await rejectionOf(
      cloudBackups.create({ volume_id: created.id, name: "b" }),
      UnprocessableEntityError,
    );
    expect(error.errors).toHaveProperty("force");
    expect(
      (await cloudBackups.create({ volume_id: created.id, name: "b", force: true })).status,
    ).toBe("creating");
  });
});
