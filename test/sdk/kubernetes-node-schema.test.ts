import { describe, expect, it } from "vitest";
import { KubernetesClusterNodeSchema } from "../../sdk/areas/kubernetes-clusters";

const node = {
  id: "MYer06bO",
  number: 49,
  hostname: "name585",
  configuration: "SSD.50",
  type: "cloud",
  role: "node",
  status: "active",
  private_ipv4_address: null,
  public_ipv4_address: null,
  ref_id: "y5eVMdEP",
  cluster_id: "YQdJqobO",
  labels: {},
  created_at: "2024-11-11T09:57:56Z",
  updated_at: "2024-11-11T09:57:56Z",
};

describe("a Kubernetes cluster node's node_group", () => {
  it("may be absent (older records) or null (a node outside any group)", () => {
    expect(KubernetesClusterNodeSchema.safeParse(node).success).toBe(true);
    expect(KubernetesClusterNodeSchema.safeParse({ ...node, node_group: null }).success).toBe(true);
  });
});
