// Snapshots of cloud instances as a resource kind (provider/framework/kind.ts). Taken through
// the instance's region (POST /cloud_computing/regions/{region}/snapshots, Go client
// CreateSnapshot), deleted there too. No source has a GET of one snapshot, so a snapshot is read
// from its region's list, and the resource id is "<regionId>/<snapshotId>". Nothing changes in
// place: no source has an update.
//
// Snapshots have no labels, and their record does not name the instance: the region's list
// filtered by instance_id tells it. `pulumi import` takes "<regionId>/<instanceId>/<snapshotId>"
// (checked against that filtered list) or "<regionId>/<snapshotId>" (the region's instances are
// asked, recoverWriteOnly); either way the state's id is "<regionId>/<snapshotId>". A snapshot of the same
// name in the region found before a create is never taken over silently: the create stops and
// names it (adopt it with adoptId).
import { type CloudSnapshot, cloudSnapshotStates } from "../../sdk/areas/cloud-regions";
import type { ServersComClient } from "../../sdk/client";
import { stateMatcher } from "../../sdk/wait";
import { adoptAdvice } from "../framework/adopt-advice";
import { type Checker, CONTROL, type PropertyBag, shown } from "../framework/check";
import type { ResourceKind } from "../framework/kind";
import { unlessNotFound } from "../framework/not-found";

const MINUTE = 60_000;
const states = stateMatcher(cloudSnapshotStates);

/** A snapshot with the region it was read from (the record does not carry it). */
export interface RegionSnapshot {
  readonly regionId: number;
  readonly snapshot: CloudSnapshot;
  /** The instance, where a list filtered by it showed the snapshot (the record never says). */
  readonly instanceId?: string;
}

export interface CloudSnapshotInputs {
  readonly regionId: number;
  readonly instanceId: string;
  readonly name: string;
}

export const CLOUD_SNAPSHOT_OUTPUTS = [
  "regionId",
  "instanceId",
  "snapshotId",
  "name",
  "status",
  "imageSize",
  "minDisk",
  "isBackup",
  "fileUrl",
] as const;

/**
 * A CloudSnapshot id: "<regionId>/<snapshotId>", the resource's id; or, given to `pulumi import`,
 * "<regionId>/<instanceId>/<snapshotId>", which also names the instance the snapshot was taken of
 * (the record never does). Read answers the first form, so the state holds the first form only.
 */
function parseId(id: string): { regionId: number; instanceId?: string; snapshotId: string } {
  const match = /^([0-9]+)\/(?:([^/]+)\/)?([^/]+)$/.exec(id);
  const forms = `"<regionId>/<snapshotId>" (or, to import it, "<regionId>/<instanceId>/<snapshotId>")`;
  if (match === null) {
    throw new Error(
      `a CloudSnapshot id is ${forms} (got ${shown(id)}): snapshots are read through their region`,
    );
  }
  // Past 2^53 the digits are not kept (Number("10000000000000000000000") is 1e+22), and the
  // request would go to /regions/1e%2B22/snapshots: an id must be a safe integer.
  const regionId = Number(match[1]);
  if (!Number.isSafeInteger(regionId) || regionId < 1) {
    throw new Error(
      `a CloudSnapshot id is ${forms} with a region id from 1 to ` +
        `${Number.MAX_SAFE_INTEGER} (got ${shown(id)}): no region has that id`,
    );
  }
  const instanceId = match[2];
  // The instance goes out in a query (instance_id): a dot segment or a control character is
  // refused as it is for the instanceId input (check.ts, Checker.id).
  if (instanceId !== undefined && (/^\.{1,2}$/.test(instanceId) || CONTROL.test(instanceId))) {
    throw new Error(
      `a CloudSnapshot id is ${forms}, and ${shown(instanceId)} is no cloud instance id`,
    );
  }
  return {
    regionId,
    snapshotId: match[3] ?? "",
    ...(instanceId === undefined ? {} : { instanceId }),
  };
}

/** The ids of the snapshots the region's list, filtered by the instance, shows. */
async function snapshotIdsOf(
  client: ServersComClient,
  regionId: number,
  instanceId: string,
): Promise<Set<string>> {
  const filtered = client.cloudRegions.listSnapshots(regionId, { instanceId });
  return new Set((await filtered.toArray({ limit: 10_000 })).map((s) => s.id));
}

/**
 * At most this many instances of a region are asked for their snapshots when an import names the
 * snapshot alone (one request each): past it the import id names the instance.
 */
export const INSTANCE_SCAN_LIMIT = 100;

/** Every snapshot of the region; undefined when the region does not exist (404). */
async function snapshotsOf(
  client: ServersComClient,
  regionId: number,
): Promise<CloudSnapshot[] | undefined> {
  return unlessNotFound(client.cloudRegions.listSnapshots(regionId).toArray({ limit: 10_000 }));
}

export const cloudSnapshotKind: ResourceKind<RegionSnapshot> = {
  name: "CloudSnapshot",
  noun: "cloud snapshot",
  // A snapshot copies the instance's disk: minutes.
  defaultTimeouts: { create: 60 * MINUTE, update: 10 * MINUTE, delete: 30 * MINUTE },
  properties: {
    regionId: { rule: "replace" },
    // The record does not name the instance: kept as applied.
    instanceId: { rule: "replace", writeOnly: true },
    // Refused in place (refuseUpdate): no source renames a snapshot, and a new snapshot would
    // drop the old one's point in time.
    name: { rule: "update" },
  },
  secretOutputs: [],
  outputNames: CLOUD_SNAPSHOT_OUTPUTS,
  // A snapshot of the same name stops a create (kind.conflict): a replacement that keeps the
  // name (`up --replace`, another instance) can only delete first. With a new name either works.
  replaceDeletesFirst: {
    reason: "a region's snapshot names identify them",
    required: false,
  },

  check(c: Checker) {
    c.integer("regionId", true, { min: 1 });
    c.id("instanceId", true);
    c.string("name", true, 255);
  },

  display: (bag: PropertyBag) => (typeof bag.name === "string" ? bag.name : "(unnamed)"),

  async get(client, id) {
    const { regionId, instanceId, snapshotId } = parseId(id);
    const snapshot = (await snapshotsOf(client, regionId))?.find((s) => s.id === snapshotId);
    if (snapshot === undefined) return undefined;
    if (instanceId === undefined) return { regionId, snapshot };
    // An import naming the instance: taken only if the instance's snapshots hold it.
    if (!(await snapshotIdsOf(client, regionId, instanceId)).has(snapshotId)) {
      throw new Error(
        `the snapshot ${regionId}/${snapshotId} is not one of cloud instance ${shown(instanceId)}'s ` +
          `(the region's snapshots of that instance do not hold it): import it as ` +
          `"${regionId}/<instanceId>/${snapshotId}" with the instance it was taken of, or as ` +
          `"${regionId}/${snapshotId}" to let the provider find the instance`,
      );
    }
    return { regionId, snapshot, instanceId };
  },
  /**
   * The instance of a snapshot read by its id alone (`pulumi import <regionId>/<snapshotId>`):
   * the region's instances are asked, up to INSTANCE_SCAN_LIMIT, which one's snapshots hold it.
   * None or several (an instance deleted since): nothing, and the program names it.
   */
  async recoverWriteOnly(client, record) {
    if (record.instanceId !== undefined) return { instanceId: record.instanceId };
    const instances = await client.cloudInstances
      .list({ regionId: record.regionId })
      .toArray({ limit: INSTANCE_SCAN_LIMIT + 1 });
    if (instances.length > INSTANCE_SCAN_LIMIT) return {};
    const holders: string[] = [];
    for (const instance of instances) {
      const ids = await snapshotIdsOf(client, record.regionId, instance.id);
      if (ids.has(record.snapshot.id)) holders.push(instance.id);
    }
    return holders.length === 1 ? { instanceId: holders[0] } : {};
  },
  findByLabels: async () => [],
  async findByContent(client, inputs) {
    const { regionId, instanceId, name } = inputs as unknown as CloudSnapshotInputs;
    const snapshots = await snapshotsOf(client, regionId);
    if (snapshots === undefined) throw new Error(`there is no cloud region ${regionId} (404)`);
    const named = snapshots.filter((s) => s.name === name && s.is_backup !== true);
    if (named.length === 0) return [];
    // Which of them are of the declared instance: the list filtered by it (madeFrom).
    const ofInstance = await snapshotIdsOf(client, regionId, instanceId);
    return named.map((snapshot) => ({
      regionId,
      snapshot,
      ...(ofInstance.has(snapshot.id) ? { instanceId } : {}),
    }));
  },
  // A snapshot of another instance with the declared name is never this create's.
  madeFrom: (record, inputs) => record.instanceId === inputs.instanceId,
  /**
   * A snapshot of the same name in the region: snapshots have no labels to tell whose it is, and
   * the name is how a user tells snapshots apart, so the user decides.
   */
  conflict(found, inputs) {
    const { name } = inputs as unknown as CloudSnapshotInputs;
    const first = found[0];
    const id = first === undefined ? "" : `${first.regionId}/${first.snapshot.id}`;
    return (
      `the region already has a snapshot named ${name} (id ${id}), and snapshots have no labels ` +
      "to tell whose it is: it may be one an interrupted create made, or another's. To manage " +
      `it with this resource, ${adoptAdvice(id)}; otherwise choose another name`
    );
  },
  async create(client, inputs) {
    const { regionId, instanceId, name } = inputs as unknown as CloudSnapshotInputs;
    const snapshot = await client.cloudRegions.createSnapshot(regionId, {
      name,
      instance_id: instanceId,
    });
    return { regionId, snapshot };
  },
  async update(_client, _id, _changes, _labels, context) {
    // Only a name can differ, and refuseUpdate stops that before this runs.
    return context.record;
  },
  async delete(client, id) {
    const { regionId, snapshotId } = parseId(id);
    await client.cloudRegions.deleteSnapshot(regionId, snapshotId);
  },

  id: (record) => `${record.regionId}/${record.snapshot.id}`,
  // A record without a status (the schema policy allows it) is shown as such, never as a crash.
  state: (record) => record.snapshot.status ?? "no status",
  isReady: (record) => states.isSettled(record.snapshot.status),
  failure: (record) =>
    states.isFailed(record.snapshot.status) ? `status ${record.snapshot.status}` : undefined,
  isGone: (record) => record.snapshot.status === "pending_delete",
  labels: () => ({}),

  outputs: ({ regionId, snapshot }) => ({
    regionId,
    snapshotId: snapshot.id,
    name: snapshot.name,
    status: snapshot.status,
    imageSize: snapshot.image_size ?? null,
    minDisk: snapshot.min_disk ?? null,
    isBackup: snapshot.is_backup ?? null,
    fileUrl: snapshot.file_url ?? null,
  }),
  liveInputs: ({ regionId, snapshot }) => ({ regionId, name: snapshot.name }),
  refuseUpdate(record, news) {
    if (typeof news.name === "string" && news.name !== record.snapshot.name) {
      return (
        `a snapshot cannot be renamed (no source of the API changes one): it is ` +
        `${record.snapshot.name} and the program asks for ${news.name}. Put back ` +
        `${record.snapshot.name}; a new name needs a new snapshot resource`
      );
    }
    return undefined;
  },
};
