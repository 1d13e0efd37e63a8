// The HostNetwork row: a public IPv4 network ordered on a dedicated server ordered through the API
// first. A network cannot be changed: every property replaces, and it has no labels
// (host-network.test.ts: an SBM server's network, IPv6, a 409 on removal, adoptId, check).
import { expect } from "vitest";
import { hostNetworkKind } from "../../../provider/host-network/definition";
import { HOST_NETWORKS, orderedDedicatedServer } from "../../provider/host-network-support";
import type { KindRow } from "../row";
import { waited } from "./waited";

const ORDERED = { hostType: "dedicated_server", type: "public_ipv4", mask: 29 };

export const hostNetwork: KindRow = {
  kind: hostNetworkKind,
  name: "extra",
  collection: HOST_NETWORKS,
  // hosts/dedicated_servers/<server>/networks/<network>
  recordKey: (id) => id.split("/").at(-1) ?? "",
  prepare: async (client) => ({ hostId: await orderedDedicatedServer(client) }),
  inputs: ({ hostId }) => ({ hostId, ...ORDERED, distributionMethod: "gateway" }),
  // The network's path below /v1.
  id: ({ prepared, record }) =>
    `hosts/dedicated_servers/${prepared.hostId}/networks/${String(record.id)}`,
  // Active, with its CIDR.
  outputs: ({ prepared, record }) => ({
    hostId: prepared.hostId,
    ...ORDERED,
    distributionMethod: "gateway",
    networkId: record.id,
    title: null,
    status: "active",
    cidr: expect.stringMatching(/\/29$/),
    firstIp: expect.any(String),
    gateway: expect.any(String),
    family: "ipv4",
    interfaceType: "public",
    additional: true,
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  }),
  readInputs: ({ prepared }) => ({
    hostId: prepared.hostId,
    ...ORDERED,
    distributionMethod: "gateway",
  }),
  createLines: ({ prepared, id }) =>
    waited(
      `serverscom:HostNetwork public_ipv4 of ${prepared.hostId} (${id})`,
      "new",
      "active",
      /2m \d+s/,
    ),
  deleteLines: ({ prepared, id }) =>
    waited(
      `serverscom:HostNetwork public_ipv4 of ${prepared.hostId} (${id})`,
      "removing",
      "gone",
      /2m \d+s/,
    ),
  // Any change replaces, deleting first.
  replace: [
    { fields: () => ({ mask: 28 }), replaces: ["mask"] },
    {
      fields: () => ({ distributionMethod: "route", mask: 32 }),
      replaces: ["mask", "distributionMethod"],
    },
    { fields: () => ({ type: "private_ipv4" }), replaces: ["type"] },
    { fields: () => ({ hostId: "other" }), replaces: ["hostId"] },
  ],
  // Another distribution method set by hand: the next up replaces the network.
  drift: {
    change: async ({ record }, sim) => {
      await sim.control.patch(HOST_NETWORKS, String(record.id), { distribution_method: "route" });
    },
    shows: { distributionMethod: "route" },
    updates: [],
    replaces: ["distributionMethod"],
  },
  // Removed by hand: gone from "removing" on.
  removeOutside: ({ prepared, record }, client) =>
    client.dedicatedServers.deleteNetwork(prepared.hostId ?? "", String(record.id)),
  partial: {
    timeoutMs: 5_000,
    properties: { status: "new", cidr: null, mask: null },
  },
  // The network of the declared mask and method that appeared after the order is its own.
  lostCreateAnswer: "adopts",
};
