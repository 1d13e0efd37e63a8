// The CloudSnapshot row: a snapshot of a cloud instance made through the API first. Nothing
// changes in place (no source renames a snapshot), and snapshots have no labels
// (cloud-snapshot.test.ts: the import forms, the name as the API's only identity, adoptId).
import { expect } from "vitest";
import { cloudSnapshotKind } from "../../../provider/cloud-snapshot/definition";
import { activeCloudInstance } from "../../provider/cloud-instance-support";
import type { KindRow } from "../row";
import { waited } from "./waited";

export const cloudSnapshot: KindRow = {
  kind: cloudSnapshotKind,
  name: "golden",
  collection: "cloud_snapshots",
  // <regionId>/<snapshotId>
  recordKey: (id) => id.split("/").at(-1) ?? "",
  prepare: async (client, sim) => ({ instanceId: (await activeCloudInstance(client, sim)).id }),
  inputs: ({ instanceId }) => ({ name: "golden", regionId: 1, instanceId }),
  // Read through the region: its list holds the snapshot (no GET of one).
  id: ({ record }) => `1/${String(record.id)}`,
  outputs: ({ prepared, record }) => ({
    regionId: 1,
    instanceId: prepared.instanceId,
    snapshotId: record.id,
    name: "golden",
    status: "active",
    imageSize: expect.any(Number),
    minDisk: expect.any(Number),
    isBackup: false,
    fileUrl: null,
  }),
  // The instance found again by asking the region's instances (the record never names it).
  readInputs: ({ prepared }) => ({ name: "golden", regionId: 1, instanceId: prepared.instanceId }),
  createLines: ({ id }) =>
    waited(`serverscom:CloudSnapshot golden (${id})`, "pending", "active", /(\d+m )?\d+s/),
  deleteLines: ({ id }) =>
    waited(`serverscom:CloudSnapshot golden (${id})`, "pending_delete", "gone", /1m \d+s/),
  // Another instance or region, deleting first.
  replace: [
    { fields: () => ({ instanceId: "other" }), replaces: ["instanceId"] },
    { fields: () => ({ regionId: 2 }), replaces: ["regionId"] },
  ],
  // Renamed by hand: the diff names the name, and the update cannot put it back.
  drift: {
    change: async ({ record }, sim) => {
      await sim.control.patch("cloud_snapshots", String(record.id), { name: "renamed" });
    },
    shows: { name: "renamed" },
    updates: ["name"],
    refused: /a snapshot cannot be renamed .*: it is renamed and the program asks for golden/,
  },
  removeOutside: ({ record }, client) => client.cloudRegions.deleteSnapshot(1, String(record.id)),
  partial: { timeoutMs: 5_000, properties: { status: "pending", name: "golden" } },
  // Snapshots have no labels: one that appeared may be this create's or another program's, so it
  // is named with adoptId, never taken (issue 25).
  lostCreateAnswer: /the create request failed .*, and since then .*set adoptId/,
};
