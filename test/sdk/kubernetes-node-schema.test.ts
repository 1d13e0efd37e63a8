import { describe, expect, it } from "vitest";
import { KubernetesClusterNodeSchema } from "../../sdk/areas/kubernetes-clusters";
import { clusterNode } from "./request-shapes";

describe("a Kubernetes cluster node's node_group", () => {
  it("may be absent (older records) or null (a node outside any group)", () => {
    const { node_group: _group, ...withoutGroup } = clusterNode;
    expect(KubernetesClusterNodeSchema.safeParse(withoutGroup).success).toBe(true);
    expect(
      KubernetesClusterNodeSchema.safeParse({ ...clusterNode, node_group: null }).success,
    ).toBe(true);
  });
});
