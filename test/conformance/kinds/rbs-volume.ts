// The RbsVolume row.
import { expect } from "vitest";
import { rbsVolumeKind } from "../../../provider/rbs-volume/definition";
import type { KindRow } from "../row";
import { renamedOutside } from "./changed-outside";
import { waited } from "./waited";

export const rbsVolume: KindRow = {
  kind: rbsVolumeKind,
  name: "data",
  collection: "rbs_volumes",
  secretFields: ["_password"],
  inputs: () => ({
    name: "data",
    locationId: 1,
    flavorId: 1,
    size: 100,
    labels: { env: "prod", team: "a" },
  }),
  id: ({ record }) => String(record.id),
  // Every field, with the credentials.
  outputs: ({ record }) => ({
    name: "data",
    size: 100,
    status: "active",
    locationId: 1,
    locationCode: "AMS1",
    flavorId: 1,
    flavorName: "Standard",
    iops: 1000,
    bandwidth: 100,
    labels: { env: "prod", team: "a" },
    ipAddress: expect.any(String),
    targetIqn: expect.any(String),
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
    username: expect.any(String),
    password: record._password,
  }),
  labels: { env: "prod", team: "a" },
  readInputs: () => ({
    name: "data",
    size: 100,
    locationId: 1,
    flavorId: 1,
    labels: { env: "prod", team: "a" },
  }),
  // One line per state change, none per poll.
  createLines: ({ id }) =>
    waited(`serverscom:RbsVolume data (${id})`, "creating", "active", /4\ds/),
  deleteLines: ({ id }) => waited(`serverscom:RbsVolume data (${id})`, "removing", "gone"),
  // The wait after the resize.
  update: {
    fields: () => ({ name: "data-2", size: 200, labels: { env: "staging" } }),
    updates: ["name", "size", "labels"],
    outputs: ({ record }) => ({
      name: "data-2",
      size: 200,
      status: "active",
      labels: { env: "staging" },
      iops: 2000,
      password: record._password,
    }),
    labels: { env: "staging" },
    lines: ({ id }) => waited(`serverscom:RbsVolume data-2 (${id})`, "pending", "active"),
  },
  replace: [
    { fields: () => ({ flavorId: 2 }), replaces: ["flavorId"] },
    {
      fields: () => ({ locationId: 2, flavorId: 3 }),
      replaces: ["locationId", "flavorId"],
    },
  ],
  drift: renamedOutside("rbs_volumes", { env: "dev" }),
  removeOutside: ({ id }, client) => client.rbsVolumes.delete(id),
  partial: {
    timeoutMs: 5_000,
    properties: { status: "creating", size: 100, locationCode: "AMS1", ipAddress: null },
    absent: ["password"],
  },
  lostCreateAnswer: "adopts",
};
