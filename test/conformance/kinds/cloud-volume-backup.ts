// The CloudVolumeBackup row: a backup of a volume made through the API first. Only its labels
// change in place (cloud-volume-backup.test.ts: the refused rename, how it is taken, adoption).
import { expect } from "vitest";
import { cloudVolumeBackupKind } from "../../../provider/cloud-volume-backup/definition";
import { availableVolume, BACKUPS } from "../../provider/cloud-volume-backup-support";
import type { KindRow } from "../row";
import { relabelledOutside } from "./changed-outside";
import { waited } from "./waited";

export const cloudVolumeBackup: KindRow = {
  kind: cloudVolumeBackupKind,
  name: "nightly",
  collection: BACKUPS,
  prepare: async (client, sim) => ({ volumeId: await availableVolume(client, sim) }),
  inputs: ({ volumeId }) => ({ name: "nightly", volumeId, labels: { env: "prod" } }),
  id: ({ record }) => String(record.id),
  // The volume's size and region; the volume itself kept as applied (the record names only its
  // platform uuid).
  outputs: ({ prepared }) => ({
    volumeId: prepared.volumeId,
    name: "nightly",
    status: "available",
    size: 30,
    regionId: 1,
    regionCode: "AMS1",
    platformUuid: expect.any(String),
    platformVolumeUuid: expect.any(String),
    labels: { env: "prod" },
    createdAt: expect.any(String),
  }),
  labels: { env: "prod" },
  // The volume found again by its platform uuid.
  readInputs: ({ prepared }) => ({
    name: "nightly",
    volumeId: prepared.volumeId,
    labels: { env: "prod" },
  }),
  createLines: ({ id }) =>
    waited(`serverscom:CloudVolumeBackup nightly (${id})`, "creating", "available", /(\d+m )?\d+s/),
  deleteLines: ({ id }) =>
    waited(`serverscom:CloudVolumeBackup nightly (${id})`, "deleting", "gone", /(\d+m )?\d+s/),
  // The API changes only a backup's labels.
  update: {
    fields: () => ({ labels: { env: "dev" } }),
    updates: ["labels"],
    outputs: () => ({ labels: { env: "dev" }, status: "available" }),
    labels: { env: "dev" },
    requests: { "PUT /v1/cloud_block_storage/backups/:id": 1 },
  },
  replace: [{ fields: () => ({ volumeId: "other" }), replaces: ["volumeId"] }],
  drift: relabelledOutside(BACKUPS, { env: "x" }),
  removeOutside: ({ id }, client) => client.cloudBackups.delete(id),
  partial: { timeoutMs: 5_000, properties: { status: "creating", name: "nightly" } },
  // It finds the backup carrying its own create label (late commit).
  lostCreateAnswer: "adopts",
};
