// The KubernetesBaremetalNodePower row: the seeded node BmNode02, off, powered on. The resource
// takes charge of a node that exists and keeps it on: nothing changes in place (poweredOn is
// true or absent), and the delete leaves the node as it is
// (kubernetes-baremetal-node-power.test.ts: a node on already, a power operation under way, 409
// and 412 answers, check).
import { expect } from "vitest";
import { kubernetesBaremetalNodePowerKind } from "../../../provider/kubernetes-baremetal-node-power/definition";
import { HOSTS, prefix } from "../../provider/kubernetes-baremetal-node-power-support";
import type { KindRow } from "../row";
import { waited } from "./waited";

const NODE = "BmNode02";

export const kubernetesBaremetalNodePower: KindRow = {
  kind: kubernetesBaremetalNodePowerKind,
  name: `power-${NODE}`,
  collection: HOSTS,
  adds: 0,
  label: () => prefix(NODE),
  inputs: () => ({ nodeId: NODE, poweredOn: true }),
  id: () => NODE,
  // The node's own fields beside its power.
  outputs: () => ({
    nodeId: NODE,
    poweredOn: true,
    powerStatus: "powered_on",
    title: "k8s-prod-bm-4",
    status: "active",
    operationalStatus: "normal",
    clusterId: "K8sProd1",
    clusterNodeId: "KnProd04",
    clusterNodeNumber: 4,
    locationId: 1,
    locationCode: "AMS1",
  }),
  // Nothing is stamped on the node.
  stored: () => ({ power_status: "powered_on", labels: {} }),
  readInputs: () => ({ nodeId: NODE, poweredOn: true }),
  createLines: () => waited(prefix(NODE), "powering_on", "powered_on"),
  // The node stays as it is (on, or as a drift left it), and nothing is said.
  deleted: (record) => expect(record).toMatchObject({ id: NODE }),
  deleteLines: () => [],
  replace: [{ fields: () => ({ nodeId: "BmNode01" }), replaces: ["nodeId"] }],
  // Powered off behind Pulumi's back: the update powers it on again.
  drift: {
    change: async ({ id }, sim) => {
      await sim.control.patch(HOSTS, id, { power_status: "powered_off" });
    },
    shows: { poweredOn: false },
    updates: ["poweredOn"],
  },
  // The power-on was sent, the wait fails.
  partial: {
    timeoutMs: 5_000,
    properties: { poweredOn: false, powerStatus: "powering_on" },
  },
  // A lost power-on answer fails the create with the connection error, nothing recorded and the
  // power-on never sent again; the next `pulumi up` finds the node on and sends nothing.
  lostCreateAnswer:
    /^POST \/v1\/hosts\/kubernetes_baremetal_nodes\/BmNode02\/power_on: connection failed/,
};
