// The CloudVolume row.
import { expect } from "vitest";
import { cloudVolumeKind } from "../../../provider/cloud-volume/definition";
import type { KindRow } from "../row";
import { renamedOutside } from "./changed-outside";
import { waited } from "./waited";

export const cloudVolume: KindRow = {
  kind: cloudVolumeKind,
  name: "data",
  collection: "cloud_volumes",
  inputs: () => ({ name: "data", regionId: 1, size: 20, labels: { env: "prod" } }),
  id: ({ record }) => String(record.id),
  // Detached: every field.
  outputs: () => ({
    name: "data",
    size: 20,
    status: "available",
    regionId: 1,
    regionCode: "AMS1",
    instanceId: null,
    device: null,
    labels: { env: "prod" },
    description: null,
    bootable: false,
    platformUuid: expect.any(String),
    createdAt: expect.any(String),
  }),
  labels: { env: "prod" },
  readInputs: () => ({
    name: "data",
    size: 20,
    regionId: 1,
    instanceId: null,
    labels: { env: "prod" },
  }),
  unrecorded: ["backupId"],
  createLines: ({ id }) => waited(`serverscom:CloudVolume data (${id})`, "pending", "available"),
  deleteLines: ({ id }) => waited(`serverscom:CloudVolume data (${id})`, "deleting", "gone"),
  // Name, description and labels with one PUT.
  update: {
    fields: () => ({ name: "data-2", description: "logs", labels: { env: "dev" } }),
    updates: ["name", "description", "labels"],
    outputs: () => ({ name: "data-2", description: "logs", labels: { env: "dev" } }),
    labels: { env: "dev" },
    requests: { "PUT /v1/cloud_block_storage/volumes/:id": 1 },
  },
  // Another region or another backup, deleting first.
  replace: [
    { fields: () => ({ regionId: 2 }), replaces: ["regionId"] },
    { fields: () => ({ backupId: "b1" }), replaces: ["backupId"] },
  ],
  drift: renamedOutside("cloud_volumes", { env: "x" }),
  removeOutside: ({ id }, client) => client.cloudVolumes.delete(id),
  partial: { timeoutMs: 5_000, properties: { status: "pending", size: 20 } },
  lostCreateAnswer: "adopts",
};
