// examples/kubernetes-cluster: what it registers, and a round trip through the engine harness;
// destroy puts back the cluster's labels and node groups.
import { describe, expect, it } from "vitest";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import { byName, declared, useExample } from "./support";

const example = useExample("kubernetes-cluster");

describe("examples/kubernetes-cluster", () => {
  it("registers the cluster's labels and node groups, and the bare metal node's power", async () => {
    const { resources } = await example.registrations();
    expect(declared(resources)).toEqual([
      "KubernetesBaremetalNodePower bm-4-power",
      "KubernetesCluster prod",
    ]);
    const { prod, "bm-4-power": power } = byName(resources);
    // The simulator's k8s-prod cluster, its second cloud node and its fourth (bare metal) node.
    expect(prod?.inputs).toMatchObject({
      clusterId: "K8sProd1",
      labels: { env: "prod", team: "platform", "managed-by": "pulumi" },
      nodeGroups: { KnProd02: "NgSpare1" },
    });
    expect(power?.inputs).toMatchObject({ nodeId: "BmNode02" });
  });

  it("runs through the engine; destroy restores the labels and the node group", async () => {
    const before = await example.sim().control.peek("kubernetes_clusters", "K8sProd1");
    await example.roundTrip({
      resources: 2,
      afterCreate: async (harness) => {
        expect(harness.outputs.get("nodeGroups")?.value).toMatchObject({ KnProd02: "NgSpare1" });
        expect(harness.outputs.get("originalNodeGroups")?.value).toEqual({
          KnProd02: "NgCloud1",
        });
        expect(harness.outputs.get("bareMetalPower")?.value).toBe("powered_on");
        const cluster = await example.sim().control.peek("kubernetes_clusters", "K8sProd1");
        expect(cluster?.labels).toEqual({
          env: "prod",
          team: "platform",
          "managed-by": "pulumi",
          [OWNER_LABEL_KEY]: expect.any(String),
        });
      },
    });
    const after = await example.sim().control.peek("kubernetes_clusters", "K8sProd1");
    expect(after?.labels).toEqual(before?.labels);
  });
});
