// The L2Segment row: a segment of seeded servers.
import { expect } from "vitest";
import { l2SegmentKind } from "../../../provider/l2-segment/definition";
import type { WireRecord } from "../../../simulator";
import type { KindRow } from "../row";
import { changedOutside } from "./changed-outside";
import { seededServer } from "./seeded-server";
import { waited } from "./waited";

/** The segment's inputs but its members. */
const DECLARED = { name: "backend", type: "private", locationGroupId: 1, labels: { env: "prod" } };

export const l2Segment: KindRow = {
  kind: l2SegmentKind,
  name: "backend",
  seed: {
    dedicated_servers: [
      seededServer("L2Ams001", 1),
      seededServer("L2Ams002", 1),
      seededServer("L2Ams003", 1),
    ],
  },
  collection: "l2_segments",
  inputs: () => ({
    ...DECLARED,
    members: [
      { id: "L2Ams002", mode: "trunk" },
      { id: "L2Ams001", mode: "native" },
    ],
  }),
  id: ({ record }) => String(record.id),
  // Every field, with the members by id; a trunk member carries the VLAN the API gave the
  // segment (the next of a sequence: the native suite's simulator is never reset).
  outputs: (created) => ({
    name: "backend",
    type: "private",
    status: "active",
    locationGroupId: 1,
    locationGroupCode: "ams1-private",
    labels: { env: "prod" },
    members: [
      {
        id: "L2Ams001",
        mode: "native",
        title: "l2ams001.example.com",
        vlan: null,
        status: "active",
      },
      {
        id: "L2Ams002",
        mode: "trunk",
        title: "l2ams002.example.com",
        vlan: created.record._vlan,
        status: "active",
      },
    ],
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  }),
  labels: { env: "prod" },
  // The members in the API's order.
  readInputs: () => ({
    ...DECLARED,
    members: [
      { id: "L2Ams001", mode: "native" },
      { id: "L2Ams002", mode: "trunk" },
    ],
  }),
  createLines: ({ id }) =>
    waited(`serverscom:L2Segment backend (${id})`, "pending", "active", /2m \d+s/),
  deleteLines: ({ id }) =>
    waited(`serverscom:L2Segment backend (${id})`, "removing", "gone", /1m \d+s/),
  // Waits until active again.
  update: {
    fields: () => ({
      name: "backend-2",
      members: [
        { id: "L2Ams001", mode: "trunk" },
        { id: "L2Ams003", mode: "native" },
      ],
      labels: { env: "staging" },
    }),
    updates: ["name", "members", "labels"],
    outputs: ({ record }) => ({
      name: "backend-2",
      status: "active",
      labels: { env: "staging" },
      members: [
        { id: "L2Ams001", mode: "trunk", vlan: record._vlan, status: "active" },
        { id: "L2Ams003", mode: "native", vlan: null, status: "active" },
      ],
    }),
    labels: { env: "staging" },
    lines: ({ id }) =>
      waited(`serverscom:L2Segment backend-2 (${id})`, "pending", "active", /2m \d+s/),
    requests: { "PUT /v1/l2_segments/:id": 1 },
  },
  replace: [
    {
      fields: () => ({ locationGroupId: 5 }),
      replaces: ["locationGroupId"],
    },
    {
      fields: () => ({ type: "public", locationGroupId: 2 }),
      replaces: ["type", "locationGroupId"],
    },
  ],
  drift: {
    change: changedOutside("l2_segments", { name: "renamed" }, { env: "dev" }, (record) => ({
      _members: (record._members as WireRecord[]).filter((member) => member.id === "L2Ams001"),
    })),
    shows: { name: "renamed", labels: { env: "dev" }, members: [{ id: "L2Ams001" }] },
    updates: ["name", "members", "labels"],
  },
  removeOutside: ({ id }, client) => client.l2Segments.delete(id),
  // The last record the wait read: the members are there, not active yet.
  partial: {
    timeoutMs: 5_000,
    properties: {
      status: "pending",
      members: [
        { id: "L2Ams001", status: "new" },
        { id: "L2Ams002", status: "new" },
      ],
    },
  },
  lostCreateAnswer: "adopts",
};
