// The Subnetwork row.
import { expect } from "vitest";
import {
  parseSubnetworkResourceId,
  subnetworkKind,
  subnetworkResourceId,
} from "../../../provider/subnetwork/definition";
import type { KindRow } from "../row";

/** A seeded private IPv4 pool, 10.20.0.0/16. */
const POOL = "NpAms1Pr";

export const subnetwork: KindRow = {
  kind: subnetworkKind,
  name: "db",
  collection: "subnetworks",
  recordKey: (id) => {
    const parsed = parseSubnetworkResourceId(id);
    return parsed instanceof Error ? id : parsed.id;
  },
  inputs: () => ({ networkPoolId: POOL, cidr: "10.20.0.0/29", title: "db" }),
  // network_pools/<pool>/subnetworks/<id>
  id: ({ record }) => subnetworkResourceId(POOL, String(record.id)),
  // A subnetwork has no status and no labels: it exists or it does not, with no wait.
  outputs: ({ record }) => ({
    networkPoolId: POOL,
    title: "db",
    cidr: "10.20.0.0/29",
    mask: 29,
    attached: false,
    interfaceType: "private",
    subnetworkId: record.id,
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  }),
  readInputs: () => ({ networkPoolId: POOL, cidr: "10.20.0.0/29", title: "db" }),
  deleteLines: ({ id }) => [`serverscom:Subnetwork db (${id}): gone`],
  // The API changes only a subnetwork's title (SubnetworkUpdateInput).
  update: {
    fields: () => ({ title: "database" }),
    updates: ["title"],
    outputs: () => ({ title: "database", cidr: "10.20.0.0/29" }),
  },
  replace: [
    { fields: () => ({ networkPoolId: "NpDfw1Pr" }), replaces: ["networkPoolId"] },
    { fields: () => ({ cidr: "10.20.0.8/29" }), replaces: ["cidr"] },
  ],
  drift: {
    change: async ({ record }, sim) => {
      await sim.control.patch("subnetworks", String(record.id), { title: "by-hand" });
    },
    shows: { title: "by-hand" },
    updates: ["title"],
  },
  // By CIDR the API refuses a second one: the subnetwork that appeared may be this create's or
  // another program's, so it is named with adoptId, never taken (issue 25).
  lostCreateAnswer:
    /^serverscom:Subnetwork db: the create request failed .*, and since then .*set adoptId/,
};
