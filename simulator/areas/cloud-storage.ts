// The cloud block storage area: volumes attached to cloud instances, and their backups. Not in
// api-spec.md: paths and bodies follow the official Go client and srvctl (docs/wire.md, "Cloud
// block storage"). Statuses are the platform's (OpenStack block storage) words the Go client's
// fixtures show: pending, attaching, backing-up, restoring; available and in-use when settled.
import { randomUUID } from "node:crypto";
import {
  accepted,
  type Body,
  conflict,
  type FieldErrors,
  isInteger,
  isNonEmptyString,
  ok,
  readBody,
  readLabels,
  validationFailed,
} from "../framework/body";
import { childOr404, registerCollection, relabel } from "../framework/collection";
import {
  type Area,
  type AreaHandler,
  type AreaHelpers,
  type Json,
  type Router,
  SimApiError,
  type SimContext,
  type SimRequest,
  type Step,
  type WireRecord,
} from "../framework/contract";

const VOLUMES = "cloud_volumes";
const BACKUPS = "cloud_backups";
const INSTANCES = "cloud_instances";
const REGIONS = "cloud_regions";
const SNAPSHOTS = "cloud_snapshots";
const BASE = "/v1/cloud_block_storage";
/** An assumption of the simulator (no source states a limit): refused above, like a quota. */
const MAX_VOLUME_GB = 16_384;
/** Instance statuses a volume can be attached to or detached from. */
const OPERABLE_INSTANCE = ["ACTIVE", "SWITCHED_OFF"];

function text(record: WireRecord, field: string): string {
  const value = record[field];
  return typeof value === "string" ? value : "";
}

function attachmentsOf(volume: WireRecord): WireRecord[] {
  const value = volume.attachments;
  return Array.isArray(value) ? (value as WireRecord[]) : [];
}

function attachment(instance: WireRecord, index: number): WireRecord {
  return {
    id: `att-${text(instance, "id")}`,
    instance_id: text(instance, "id"),
    instance_name: text(instance, "name"),
    // vda is the instance's own disk.
    device: `/dev/vd${String.fromCharCode(98 + index)}`,
  };
}

/** An instance of the volume's region that can take an attach or detach now. */
function operableInstance(ctx: SimContext, regionId: Json | undefined, id: unknown): WireRecord {
  const instance = typeof id === "string" && id !== "" ? ctx.store.get(INSTANCES, id) : undefined;
  if (instance === undefined) {
    throw validationFailed({ instance_id: `cloud instance ${String(id)} not found` });
  }
  if (instance.region_id !== regionId) {
    throw validationFailed({ instance_id: "must be a cloud instance of the volume's region" });
  }
  if (!OPERABLE_INSTANCE.includes(text(instance, "status"))) {
    throw conflict("Cloud instance", instance, "take a volume");
  }
  return instance;
}

/** Volumes already attached to an instance, to name the next device. */
function devicesOn(ctx: SimContext, instanceId: string): number {
  return ctx.store
    .all(VOLUMES)
    .filter((volume) => attachmentsOf(volume).some((a) => a.instance_id === instanceId)).length;
}

const createVolume: AreaHandler = (ctx, helpers, req) => {
  const body = readBody(req);
  const errors: FieldErrors = {};
  if (!isNonEmptyString(body.name)) errors.name = "is required";
  const region = isInteger(body.region_id)
    ? ctx.store.get(REGIONS, String(body.region_id))
    : undefined;
  if (region === undefined) {
    errors.region_id = isInteger(body.region_id)
      ? `cloud region ${body.region_id} not found`
      : "is required and must be an integer";
  }
  const backup = isNonEmptyString(body.backup_id)
    ? ctx.store.get(BACKUPS, body.backup_id)
    : undefined;
  if (body.backup_id !== undefined && backup === undefined) {
    errors.backup_id = `backup ${String(body.backup_id)} not found`;
  } else if (backup !== undefined && backup.region_id !== region?.id) {
    errors.backup_id = "must be a backup of the same region";
  }
  const minimum = backup === undefined ? 1 : Number(backup.size);
  if (body.size === undefined && backup === undefined) {
    errors.size = "is required unless the volume is made from a backup";
  } else if (body.size !== undefined && (!isInteger(body.size) || body.size < minimum)) {
    errors.size = `must be a whole number of gigabytes, at least ${minimum}`;
  } else if (isInteger(body.size) && body.size > MAX_VOLUME_GB) {
    errors.size = `exceeds the maximum volume size of ${MAX_VOLUME_GB} GB`;
  }
  if (body.description !== undefined && typeof body.description !== "string") {
    errors.description = "must be a string";
  }
  const labels = readLabels(helpers, body, errors) ?? {};
  if (region === undefined || Object.keys(errors).length > 0) throw validationFailed(errors);
  const attachTo =
    body.attach_instance_id === undefined
      ? undefined
      : operableInstance(ctx, region.id, body.attach_instance_id);
  const id = ctx.newId();
  const record: WireRecord = {
    id,
    openstack_uuid: null,
    region_id: region.id ?? null,
    region_code: region.code ?? null,
    name: String(body.name),
    size: isInteger(body.size) ? body.size : minimum,
    status: "pending",
    bootable: false,
    description: typeof body.description === "string" ? body.description : null,
    labels,
    attachments: [],
    created_at: null,
  };
  const made: WireRecord = {
    status: "available",
    openstack_uuid: randomUUID(),
    created_at: ctx.clock.iso(),
  };
  const steps: Step[] = [{ afterMs: helpers.duration("cloud_volume_change"), set: made }];
  if (attachTo !== undefined) {
    const att = attachment(attachTo, devicesOn(ctx, text(attachTo, "id")));
    steps[0] = {
      afterMs: helpers.duration("cloud_volume_change"),
      set: { ...made, status: "attaching" },
    };
    steps.push({
      afterMs: 2 * helpers.duration("cloud_volume_change"),
      set: { status: "in-use", attachments: [att] },
    });
  }
  return accepted(ctx.store.insert(VOLUMES, record, steps));
};

const updateVolume: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  const record = helpers.getOr404(ctx, VOLUMES, id);
  if (text(record, "status") === "deleting") throw conflict("Cloud volume", record, "be updated");
  const body = readBody(req);
  const errors: FieldErrors = {};
  // The Go client's update input always carries the name (no omitempty) and srvctl always sets
  // it: the simulator takes the stricter reading, that the API requires it on every PUT.
  if (!isNonEmptyString(body.name)) errors.name = "is required";
  if (body.description !== undefined && typeof body.description !== "string") {
    errors.description = "must be a string";
  }
  // The Go client's update input has no size: the simulator refuses one rather than guess.
  if (body.size !== undefined) errors.size = "cannot be changed";
  const labels = readLabels(helpers, body, errors);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const patch: WireRecord = {};
  if (typeof body.name === "string") patch.name = body.name;
  if (typeof body.description === "string") patch.description = body.description;
  if (labels !== undefined) patch.labels = labels;
  return ok(ctx.store.update(VOLUMES, id, patch));
};

function settledVolume(ctx: SimContext, helpers: AreaHelpers, req: SimRequest, action: string) {
  const record = helpers.getOr404(ctx, VOLUMES, req.params.id ?? "");
  if (!["available", "in-use"].includes(text(record, "status"))) {
    throw conflict("Cloud volume", record, action);
  }
  return record;
}

const attachVolume: AreaHandler = (ctx, helpers, req) => {
  const record = settledVolume(ctx, helpers, req, "be attached");
  const body: Body = readBody(req);
  const instance = operableInstance(ctx, record.region_id, body.instance_id);
  if (attachmentsOf(record).length > 0) {
    throw new SimApiError(
      409,
      "CONFLICT",
      `Cloud volume ${text(record, "id")} is already attached to ${String(attachmentsOf(record)[0]?.instance_id)}: detach it first`,
    );
  }
  const att = attachment(instance, devicesOn(ctx, text(instance, "id")));
  const steps: Step[] = [
    {
      afterMs: helpers.duration("cloud_volume_change"),
      set: { status: "in-use", attachments: [att] },
    },
  ];
  return accepted(ctx.store.update(VOLUMES, text(record, "id"), { status: "attaching" }, steps));
};

const detachVolume: AreaHandler = (ctx, helpers, req) => {
  const record = settledVolume(ctx, helpers, req, "be detached");
  const body: Body = readBody(req);
  if (!attachmentsOf(record).some((a) => a.instance_id === body.instance_id)) {
    throw validationFailed({ instance_id: "the volume is not attached to this instance" });
  }
  const steps: Step[] = [
    {
      afterMs: helpers.duration("cloud_volume_change"),
      set: { status: "available", attachments: [] },
    },
  ];
  return accepted(ctx.store.update(VOLUMES, text(record, "id"), { status: "detaching" }, steps));
};

const deleteVolume: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  const record = helpers.getOr404(ctx, VOLUMES, id);
  if (text(record, "status") === "deleting") return accepted(record);
  // As the platform does: an attached or busy volume is not deleted.
  if (text(record, "status") !== "available" || attachmentsOf(record).length > 0) {
    throw conflict("Cloud volume", record, "be deleted");
  }
  const steps: Step[] = [{ afterMs: helpers.duration("cloud_volume_change"), remove: true }];
  return accepted(ctx.store.update(VOLUMES, id, { status: "deleting" }, steps));
};

const createBackup: AreaHandler = (ctx, helpers, req) => {
  const body = readBody(req);
  const errors: FieldErrors = {};
  if (!isNonEmptyString(body.name)) errors.name = "is required";
  const volume = isNonEmptyString(body.volume_id)
    ? ctx.store.get(VOLUMES, body.volume_id)
    : undefined;
  if (volume === undefined) errors.volume_id = `cloud volume ${String(body.volume_id)} not found`;
  const labels = readLabels(helpers, body, errors) ?? {};
  if (volume === undefined || Object.keys(errors).length > 0) throw validationFailed(errors);
  const status = text(volume, "status");
  if (status !== "available" && status !== "in-use")
    throw conflict("Cloud volume", volume, "be backed up");
  // As the platform does: an attached volume is backed up only when forced.
  if (status === "in-use" && body.force !== true) {
    throw validationFailed({ force: "must be true to back up an attached volume" });
  }
  const after = helpers.duration("cloud_backup_change");
  ctx.store.update(VOLUMES, text(volume, "id"), { status: "backing-up" }, [
    { afterMs: after, set: { status } },
  ]);
  const record: WireRecord = {
    id: ctx.newId(),
    openstack_uuid: randomUUID(),
    openstack_volume_uuid: volume.openstack_uuid ?? null,
    region_id: volume.region_id ?? null,
    region_code: volume.region_code ?? null,
    name: String(body.name),
    size: volume.size ?? null,
    status: "creating",
    labels,
    created_at: ctx.clock.iso(),
    _volume_id: text(volume, "id"),
    _incremental: body.incremental === true,
  };
  return accepted(
    ctx.store.insert(BACKUPS, record, [{ afterMs: after, set: { status: "available" } }]),
  );
};

const restoreBackup: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  const backup = helpers.getOr404(ctx, BACKUPS, id);
  if (text(backup, "status") !== "available") throw conflict("Backup", backup, "be restored");
  const body = readBody(req);
  const volume = isNonEmptyString(body.volume_id)
    ? ctx.store.get(VOLUMES, body.volume_id)
    : undefined;
  if (volume === undefined) {
    throw validationFailed({ volume_id: `cloud volume ${String(body.volume_id)} not found` });
  }
  if (text(volume, "status") !== "available")
    throw conflict("Cloud volume", volume, "be restored to");
  const after = helpers.duration("cloud_backup_change");
  ctx.store.update(VOLUMES, text(volume, "id"), { status: "restoring-backup" }, [
    { afterMs: after, set: { status: "available" } },
  ]);
  return accepted(
    ctx.store.update(BACKUPS, id, { status: "restoring" }, [
      { afterMs: after, set: { status: "available" } },
    ]),
  );
};

const deleteBackup: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  const record = helpers.getOr404(ctx, BACKUPS, id);
  const status = text(record, "status");
  if (status === "deleting") return accepted(record);
  if (status !== "available" && status !== "error") throw conflict("Backup", record, "be deleted");
  const steps: Step[] = [{ afterMs: helpers.duration("cloud_backup_change"), remove: true }];
  return accepted(ctx.store.update(BACKUPS, id, { status: "deleting" }, steps));
};

/** srvctl's `cloud-volumes list --instance-id`: the volumes attached to that instance. */
function volumesListed(ctx: SimContext, req: SimRequest): WireRecord[] {
  const instanceId = req.query.get("instance_id");
  return ctx.store
    .all(VOLUMES)
    .filter(
      (volume) =>
        instanceId === null ||
        (Array.isArray(volume.attachments) &&
          volume.attachments.some(
            (attachment) =>
              typeof attachment === "object" &&
              attachment !== null &&
              !Array.isArray(attachment) &&
              attachment.instance_id === instanceId,
          )),
    );
}

function registerVolumes(router: Router, helpers: AreaHelpers): void {
  const volumes = `${BASE}/volumes`;
  // srvctl's `cloud-volumes list` filters: label_selector, region_id, instance_id (the volumes
  // attached to that instance). No source sends search_pattern here: not taken.
  registerCollection(router, helpers, {
    path: volumes,
    collection: VOLUMES,
    list: {
      sortable: ["id", "name", "size", "status", "created_at"],
      labelSelector: true,
      filters: { region_id: "region_id", status: "status" },
    },
    records: volumesListed,
    create: createVolume,
    update: updateVolume,
    remove: deleteVolume,
    actions: { attach: attachVolume, detach: detachVolume },
  });
}

function registerBackups(router: Router, helpers: AreaHelpers): void {
  const backups = `${BASE}/backups`;
  registerCollection(router, helpers, {
    path: backups,
    collection: BACKUPS,
    list: {
      sortable: ["id", "name", "status", "created_at"],
      searchField: "name",
      labelSelector: true,
      filters: { region_id: "region_id", status: "status" },
    },
    create: createBackup,
    // Labels are the only writable field of a backup.
    update: relabel(BACKUPS),
    remove: deleteBackup,
    actions: { restore: restoreBackup },
  });
}

/** A snapshot of a cloud instance's disk, in the region's list (cloud.ts lists them). */
const createSnapshot: AreaHandler = (ctx, helpers, req) => {
  const region = helpers.getOr404(ctx, REGIONS, req.params.region_id ?? "");
  const body = readBody(req);
  const errors: FieldErrors = {};
  if (!isNonEmptyString(body.name)) errors.name = "is required";
  if (!isNonEmptyString(body.instance_id)) errors.instance_id = "is required";
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const instance = operableInstance(ctx, region.id, body.instance_id);
  const id = ctx.newId();
  const record: WireRecord = {
    id,
    name: String(body.name),
    image_size: 0,
    min_disk: 0,
    status: "pending",
    is_backup: false,
    file_url: null,
    _region_id: region.id ?? null,
    _instance_id: text(instance, "id"),
  };
  const steps: Step[] = [
    {
      afterMs: helpers.duration("cloud_snapshot_change"),
      set: { status: "active", image_size: 2_147_483_648, min_disk: 20 },
    },
  ];
  return accepted(ctx.store.insert(SNAPSHOTS, record, steps));
};

const deleteSnapshot: AreaHandler = (ctx, helpers, req) => {
  const region = helpers.getOr404(ctx, REGIONS, req.params.region_id ?? "");
  const id = req.params.id ?? "";
  const inRegion = { field: "_region_id", id: region.id };
  const record = childOr404(ctx, SNAPSHOTS, id, inRegion, `Snapshot ${id} not found`);
  if (text(record, "status") === "pending_delete") return accepted(record);
  if (text(record, "status") !== "active") throw conflict("Snapshot", record, "be deleted");
  const steps: Step[] = [{ afterMs: helpers.duration("cloud_snapshot_change"), remove: true }];
  return accepted(ctx.store.update(SNAPSHOTS, id, { status: "pending_delete" }, steps));
};

export const cloudStorageArea: Area = {
  name: "cloud-storage",
  register(router, helpers) {
    registerVolumes(router, helpers);
    registerBackups(router, helpers);
    const snapshots = "/v1/cloud_computing/regions/:region_id/snapshots";
    router.add("POST", snapshots, (req, ctx) => createSnapshot(ctx, helpers, req));
    router.add("DELETE", `${snapshots}/:id`, (req, ctx) => deleteSnapshot(ctx, helpers, req));
  },
};
