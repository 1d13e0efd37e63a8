// The seeded cluster the KubernetesCluster tests take charge of, shared by
// kubernetes-cluster.test.ts and the kind's conformance row
// (test/conformance/kinds/kubernetes-cluster.ts). The seed's cluster K8sProd1 ("k8s-prod", labels
// env=prod team=platform) has node groups NgCloud1 (KnProd01-02), NgBare01 (KnProd03-05) and
// NgSpare1 (empty).
import type { Simulator } from "../../simulator";

export const CLUSTERS = "kubernetes_clusters";
export const NODES = "kubernetes_nodes";
export const SEED_LABELS = { env: "prod", team: "platform" };
/** How every progress line names the resource (the cluster's name and id). */
export const PREFIX = "serverscom:KubernetesCluster k8s-prod (K8sProd1)";

/** The id of the node group the simulator holds a node in. */
export async function groupOf(sim: Simulator, nodeId: string): Promise<unknown> {
  const node = await sim.control.peek(NODES, nodeId);
  return (node?.node_group as { id?: unknown } | undefined)?.id;
}
