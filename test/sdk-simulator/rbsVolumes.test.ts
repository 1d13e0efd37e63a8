// client.rbsVolumes against the simulator: flavors -> create (creating, no address yet) -> active
// with ip_address and target_iqn -> credentials -> listed by label -> renamed, relabelled,
// resized -> delete (removing) -> gone; and PAYMENT_REQUIRED, the size limits and bad queries as
// the SDK's error classes.
import { describe, expect, it } from "vitest";
import {
  type RbsVolume,
  type RbsVolumeCreateBody,
  rbsVolumeStates,
} from "../../sdk/areas/rbs-volumes";
import {
  BadRequestError,
  ConflictError,
  InputValidationError,
  NotFoundError,
  PaymentRequiredError,
  UnprocessableEntityError,
} from "../../sdk/core/errors";
import {
  iterated,
  rejectionOf,
  type SdkBed,
  type StatusCheck,
  useSdkSimulator,
  waitGone,
  waitSettled,
} from "./support";

const settled: readonly StatusCheck<RbsVolume>[] = [[rbsVolumeStates, (v) => v.status]];

function body(overrides: Partial<RbsVolumeCreateBody> = {}): RbsVolumeCreateBody {
  return {
    name: "data-1",
    location_id: 1,
    flavor_id: 1,
    size: 100,
    labels: { env: "test" },
    ...overrides,
  };
}

async function activeVolume(bed: SdkBed, overrides: Partial<RbsVolumeCreateBody> = {}) {
  const created = await bed.client.rbsVolumes.create(body(overrides));
  return (await waitSettled(bed, () => bed.client.rbsVolumes.get(created.id), settled)).value;
}

describe("client.rbsVolumes on the simulator", () => {
  const bed = useSdkSimulator();

  it("lists a location's flavors and reads one; NotFoundError for an unknown one", async () => {
    const api = bed().client.rbsVolumes;
    const flavors = await api.listFlavors(1, { perPage: 1 }).toArray({ limit: 10, concurrency: 2 });
    expect(flavors.map((f) => f.name)).toEqual(["Standard", "Ultra"]);
    expect(await api.getFlavor(1, 2)).toMatchObject({ id: 2, name: "Ultra", min_size_gb: 50 });
    await rejectionOf(api.getFlavor(1, 5), NotFoundError);
  });

  it("creates a volume in creating with no address, active with ip_address and target_iqn only then", async () => {
    const api = bed().client.rbsVolumes;
    const created = await api.create(body());
    expect(created).toMatchObject({
      status: "creating",
      size: 100,
      location_code: "AMS1",
      flavor_name: "Standard",
      iops: 1000,
      ip_address: null,
      target_iqn: null,
    });
    const { value, states } = await waitSettled(bed(), () => api.get(created.id), settled);
    expect(states).toEqual(["creating", "active"]);
    expect(value.ip_address).toMatch(/^10\.254\./);
    expect(value.target_iqn).toMatch(/^iqn\./);

    const credentials = await api.getCredentials(created.id);
    expect(credentials).toMatchObject({
      volume_id: created.id,
      ip_address: value.ip_address,
      target_iqn: value.target_iqn,
    });
    expect(credentials.password).toMatch(/\S{16,}/);
    // The secret never travels with the record.
    expect(JSON.stringify(await api.get(created.id))).not.toContain(credentials.password);
    await api.resetCredentials(created.id);
    expect((await api.getCredentials(created.id)).password).not.toBe(credentials.password);
  });

  it("lists by label selector over several pages; labels replace the whole set", async () => {
    const api = bed().client.rbsVolumes;
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      ids.push((await api.create(body({ name: `paged-${n}`, labels: { batch: "b1" } }))).id);
    }
    const listed = await iterated(
      api.list({ labelSelector: "batch==b1", perPage: 2 }),
      (v) => v.id,
    );
    expect(listed.sort()).toEqual([...ids].sort());
    const bySize = await api
      .list({ labelSelector: "batch in (b1)", perPage: 1, sorting: "name" })
      .toArray({ limit: 10, concurrency: 3 });
    expect(bySize.map((v) => v.name)).toEqual(["paged-1", "paged-2", "paged-3"]);

    const [first] = ids;
    expect((await api.update(first ?? "", { labels: { keep: "me" } })).labels).toEqual({
      keep: "me",
    });
    expect((await api.list({ labelSelector: "batch==b1" })).items).toHaveLength(2);
    expect((await api.update(first ?? "", { labels: {} })).labels).toEqual({});
  });

  it("renames and grows a volume through pending back to active", async () => {
    const { id } = await activeVolume(bed());
    const api = bed().client.rbsVolumes;
    const resized = await api.update(id, { name: "bigger", size: 200 });
    expect(resized).toMatchObject({ name: "bigger", size: 200, status: "pending", iops: 2000 });
    const { states } = await waitSettled(bed(), () => api.get(id), settled);
    expect(states).toEqual(["pending", "active"]);
    const shrink = await rejectionOf(api.update(id, { size: 150 }), UnprocessableEntityError);
    expect(Object.keys(shrink.errors)).toEqual(["size"]);
  });

  it("answers ConflictError to a resize while the volume is still creating", async () => {
    const created = await bed().client.rbsVolumes.create(body());
    const error = await rejectionOf(
      bed().client.rbsVolumes.update(created.id, { size: 300 }),
      ConflictError,
    );
    expect(error.code).toBe("CONFLICT");
  });

  it("answers PaymentRequiredError without a payment method", async () => {
    const control = bed().sim.control;
    const { payment_method } = await control.patchAccount({});
    await control.patchAccount({ payment_method: null });
    try {
      const error = await rejectionOf(bed().client.rbsVolumes.create(body()), PaymentRequiredError);
      expect(error.code).toBe("PAYMENT_REQUIRED");
      expect(error.status).toBe(402);
    } finally {
      await control.patchAccount({ payment_method: payment_method ?? null });
    }
  });

  it("answers errors.size over the quota; the SDK refuses more than 2048 GB before sending", async () => {
    const control = bed().sim.control;
    const { storage_quota_gb } = await control.patchAccount({});
    await control.patchAccount({ storage_quota_gb: 1 });
    try {
      const error = await rejectionOf(
        bed().client.rbsVolumes.create(body()),
        UnprocessableEntityError,
      );
      expect(error.errors.size).toMatch(/quota/);
    } finally {
      await control.patchAccount({ storage_quota_gb: storage_quota_gb ?? null });
    }
    const local = await rejectionOf(
      bed().client.rbsVolumes.create(body({ size: 4096 })),
      InputValidationError,
    );
    expect(local.field).toBe("size");
  });

  it("answers BadRequestError naming sorting for a field the list cannot sort by", async () => {
    const error = await rejectionOf(
      bed().client.rbsVolumes.list({ sorting: "iops" }),
      BadRequestError,
    );
    expect(error.params).toEqual(["sorting"]);
  });

  it("deletes through removing until the volume is gone", async () => {
    const { id } = await activeVolume(bed());
    const api = bed().client.rbsVolumes;
    await api.delete(id);
    expect((await api.get(id)).status).toBe("removing");
    await waitGone(bed(), () => api.get(id));
    await rejectionOf(api.getCredentials(id), NotFoundError);
  });
});
