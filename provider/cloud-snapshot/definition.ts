// Snapshots of cloud instances as a resource kind (provider/framework/kind.ts). Taken through
// the instance's region (POST /cloud_computing/regions/{region}/snapshots, Go client
// CreateSnapshot), deleted there too. No source has a GET of one snapshot, so a snapshot is read
// from its region's list, and the resource id is "<regionId>/<snapshotId>". Nothing changes in
// place: no source has an update.
//
// Snapshots have no labels, and their record does not name the instance. A snapshot of the same
// name in the region found before a create is never taken over silently: the create stops and
// names it (adopt it with adoptId).
import { type CloudSnapshot, cloudSnapshotStates } from "../../sdk/areas/cloud-regions";
import type { ServersComClient } from "../../sdk/client";
import { NotFoundError } from "../../sdk/core/errors";
import { stateMatcher } from "../../sdk/wait";
import { type Checker, type PropertyBag, shown } from "../framework/check";
import type { ResourceKind } from "../framework/kind";

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

function parseId(id: string): { regionId: number; snapshotId: string } {
  const match = /^([0-9]+)\/([^/]+)$/.exec(id);
  if (match === null) {
    throw new Error(
      `a CloudSnapshot id is "<regionId>/<snapshotId>" (got ${shown(id)}): snapshots are read ` +
        "through their region",
    );
  }
  // Past 2^53 the digits are not kept (Number("10000000000000000000000") is 1e+22), and the
  // request would go to /regions/1e%2B22/snapshots: an id must be a safe integer.
  const regionId = Number(match[1]);
  if (!Number.isSafeInteger(regionId) || regionId < 1) {
    throw new Error(
      `a CloudSnapshot id is "<regionId>/<snapshotId>" with a region id from 1 to ` +
        `${Number.MAX_SAFE_INTEGER} (got ${shown(id)}): no region has that id`,
    );
  }
  return { regionId, snapshotId: match[2] ?? "" };
}

/** Every snapshot of the region; undefined when the region does not exist (404). */
async function snapshotsOf(
  client: ServersComClient,
  regionId: number,
): Promise<CloudSnapshot[] | undefined> {
  try {
    return await client.cloudRegions.listSnapshots(regionId).toArray({ limit: 10_000 });
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
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

  check(c: Checker) {
    c.integer("regionId", true, { min: 1 });
    c.id("instanceId", true);
    c.string("name", true, 255);
  },

  display: (bag: PropertyBag) => (typeof bag.name === "string" ? bag.name : "(unnamed)"),

  async get(client, id) {
    const { regionId, snapshotId } = parseId(id);
    const snapshot = (await snapshotsOf(client, regionId))?.find((s) => s.id === snapshotId);
    return snapshot === undefined ? undefined : { regionId, snapshot };
  },
  findByLabels: async () => [],
  async findByContent(client, inputs) {
    const { regionId, instanceId, name } = inputs as unknown as CloudSnapshotInputs;
    const snapshots = await snapshotsOf(client, regionId);
    if (snapshots === undefined) throw new Error(`there is no cloud region ${regionId} (404)`);
    const named = snapshots.filter((s) => s.name === name && s.is_backup !== true);
    if (named.length === 0) return [];
    // Which of them are of the declared instance: the list filtered by it (madeFrom).
    const filtered = client.cloudRegions.listSnapshots(regionId, { instanceId });
    const ofInstance = new Set((await filtered.toArray({ limit: 10_000 })).map((s) => s.id));
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
      `it with this resource, set adoptId: "${id}"; otherwise choose another name`
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
