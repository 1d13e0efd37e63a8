// The seeded nodes the KubernetesBaremetalNodePower tests power on, shared by
// kubernetes-baremetal-node-power.test.ts and the kind's conformance row
// (test/conformance/kinds/kubernetes-baremetal-node-power.ts). The seed's bare metal node hosts:
// BmNode01 on, BmNode02 off, BmNode03 not ready (pending).

export const HOSTS = "kubernetes_baremetal_nodes";
export const POWER_ON = "POST /v1/hosts/kubernetes_baremetal_nodes/:id/power_on";

/** How every progress line names the resource of a node (its id is the node's). */
export const prefix = (nodeId: string) =>
  `serverscom:KubernetesBaremetalNodePower ${nodeId} (${nodeId})`;
