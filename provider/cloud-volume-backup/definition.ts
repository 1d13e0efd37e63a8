// Backups of cloud volumes as a resource kind (provider/framework/kind.ts), shaped like RbsVolume.
// A backup is taken from a volume on create and waits until `available`; only labels change in
// place (the Go client's update input). Restoring is not an input change here: a restore writes
// the backup over a volume, so it is a new CloudVolume with `backupId` (docs/wire.md).
import { type CloudBackup, cloudBackupStates } from "../../sdk/areas/cloud-backups";
import { ConflictError } from "../../sdk/core/errors";
import { stateMatcher } from "../../sdk/wait";
import { type Checker, type PropertyBag } from "../framework/check";
import type { ResourceKind } from "../framework/kind";
import { readFromList } from "../framework/listed";
import { unlessNotFound } from "../framework/not-found";
import { withoutOwnerLabel } from "../framework/ownership";

const MINUTE = 60_000;
const states = stateMatcher(cloudBackupStates);

export interface CloudVolumeBackupInputs {
  readonly volumeId: string;
  readonly name: string;
  readonly incremental?: boolean;
  readonly force?: boolean;
  readonly labels?: Readonly<Record<string, string>>;
}

export const CLOUD_VOLUME_BACKUP_OUTPUTS = [
  "volumeId",
  "name",
  "status",
  "size",
  "regionId",
  "regionCode",
  "platformUuid",
  "platformVolumeUuid",
  "labels",
  "createdAt",
] as const;

export const cloudVolumeBackupKind: ResourceKind<CloudBackup> = {
  name: "CloudVolumeBackup",
  noun: "cloud volume backup",
  // A backup copies the whole volume: minutes for large ones.
  defaultTimeouts: { create: 60 * MINUTE, update: 10 * MINUTE, delete: 30 * MINUTE },
  properties: {
    // The record does not name its volume (only the platform's uuid): kept as applied, found
    // by that uuid on an import (recoverWriteOnly).
    volumeId: { rule: "replace", writeOnly: true },
    // Refused in place (refuseUpdate): the API renames nothing, and a new backup would drop the
    // old one's point in time.
    name: { rule: "update" },
    // How the backup is taken: instructions of the create, never compared.
    incremental: { rule: "ignore" },
    force: { rule: "ignore" },
    labels: { rule: "update", desired: (news) => news.labels ?? {} },
  },
  secretOutputs: [],
  outputNames: CLOUD_VOLUME_BACKUP_OUTPUTS,

  check(c: Checker) {
    c.id("volumeId", true);
    c.string("name", true, 255);
    for (const flag of ["incremental", "force"]) {
      const value = c.news[flag];
      if (value !== undefined && typeof value !== "boolean" && value !== null) {
        c.fail(flag, `${flag} must be true or false`);
      }
    }
    c.labels();
  },

  display: (bag: PropertyBag) => (typeof bag.name === "string" ? bag.name : "(unnamed)"),

  get: (client, id) => unlessNotFound(client.cloudBackups.get(id)),
  ...readFromList(
    "cloud volume backups",
    (client, options) => client.cloudBackups.list(options),
    (backup) => backup.id,
  ),
  create(client, inputs, labels) {
    const { volumeId, name, incremental, force } = inputs as unknown as CloudVolumeBackupInputs;
    return client.cloudBackups.create({
      volume_id: volumeId,
      name,
      ...(incremental === true ? { incremental } : {}),
      ...(force === true ? { force } : {}),
      labels,
    });
  },
  async update(client, id, _changes, labels, context) {
    if (labels === undefined) return context.record;
    return client.cloudBackups.update(id, { labels });
  },
  delete: (client, id) => client.cloudBackups.delete(id),
  // The API deletes only a settled backup (409 while it is being made): a backup whose create
  // was interrupted, or a lost create's order that just appeared, is deleted once made.
  busy(error: unknown) {
    if (
      error instanceof ConflictError &&
      error.method === "DELETE" &&
      /\/cloud_block_storage\/backups\/[^/]+$/.test(error.path.split("?")[0] ?? "")
    ) {
      return `the backup is busy (409: ${error.apiMessage ?? "no message"})`;
    }
    return undefined;
  },

  /** The volume whose platform uuid the backup names; nothing if it is gone (or unnamed). */
  async recoverWriteOnly(client, record) {
    const uuid = record.openstack_volume_uuid;
    if (typeof uuid !== "string" || uuid === "") return {};
    const volumes = await client.cloudVolumes
      .list(
        record.region_id === undefined || record.region_id === null
          ? {}
          : { regionId: record.region_id },
      )
      .toArray({ limit: 10_000 });
    const volume = volumes.find((candidate) => candidate.openstack_uuid === uuid);
    return volume === undefined ? {} : { volumeId: volume.id };
  },

  id: (record) => record.id,
  state: (record) => record.status,
  isReady: (record) => states.isSettled(record.status),
  failure: (record) => (states.isFailed(record.status) ? `status ${record.status}` : undefined),
  isGone: (record) => record.status === "deleting",
  labels: (record) => record.labels ?? {},

  outputs: (record) => ({
    name: record.name,
    status: record.status,
    size: record.size ?? null,
    regionId: record.region_id ?? null,
    regionCode: record.region_code ?? null,
    platformUuid: record.openstack_uuid ?? null,
    platformVolumeUuid: record.openstack_volume_uuid ?? null,
    labels: withoutOwnerLabel(record.labels),
    createdAt: record.created_at ?? null,
  }),
  liveInputs: (record) => ({
    name: record.name,
    labels: withoutOwnerLabel(record.labels),
  }),
  refuseUpdate(record, news) {
    if (typeof news.name === "string" && news.name !== record.name) {
      return (
        `a backup cannot be renamed (the API changes only its labels): it is ${record.name} and ` +
        `the program asks for ${news.name}. Put back ${record.name}; a new name needs a new backup ` +
        "resource"
      );
    }
    return undefined;
  },
};
