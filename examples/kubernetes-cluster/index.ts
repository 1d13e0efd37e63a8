// A managed Kubernetes cluster, found by name: the API cannot create clusters (they are ordered
// in the control panel), so the program manages parts of an existing one: its labels, which node
// group a node is in, and a bare metal node that must stay powered on.
//
// Destroying the stack puts back what it changed (the labels and node groups the cluster had
// before) and leaves the cluster and its nodes running.
//
// The API token and URL come from the stack configuration (serverscom:apiToken as a secret,
// serverscom:apiUrl) or from SERVERSCOM_API_TOKEN and SERVERSCOM_API_URL.
import * as pulumi from "@pulumi/pulumi";
import * as serverscom from "pulumi-serverscom";

const config = new pulumi.Config();
const clusterName = config.get("cluster") ?? "k8s-prod";
// The node group the second cloud worker moves to. Node groups have no lookup of their own: this
// is the "spare" group of the simulator's k8s-prod cluster (GET .../node_groups lists a cluster's).
const spareGroupId = config.get("spareGroupId") ?? "NgSpare1";

const found = serverscom.getKubernetesClusterOutput({ name: clusterName });
const worker = serverscom.getKubernetesClusterNodeOutput({
  clusterId: found.id,
  hostname: `${clusterName}-cloud-2`,
});
const bareMetal = serverscom.getKubernetesClusterNodeOutput({
  clusterId: found.id,
  hostname: `${clusterName}-bm-4`,
});

const cluster = new serverscom.KubernetesCluster("prod", {
  clusterId: found.id,
  // The complete label set: the cluster's own plus who manages it.
  labels: { env: "prod", team: "platform", "managed-by": "pulumi" },
  nodeGroups: pulumi.all([worker.id, spareGroupId]).apply(([node, group]) => ({ [node]: group })),
});

// The bare metal worker's host (its refId) is kept powered on: switched on now if it is off,
// and again by the next `pulumi up` if someone switches it off.
const power = new serverscom.KubernetesBaremetalNodePower("bm-4-power", {
  nodeId: bareMetal.refId,
});

export const clusterId = cluster.id;
export const clusterStatus = cluster.status;
export const nodeGroups = cluster.nodeGroups;
/** What destroy puts back. */
export const originalNodeGroups = cluster.originalNodeGroups;
export const bareMetalPower = power.powerStatus;
