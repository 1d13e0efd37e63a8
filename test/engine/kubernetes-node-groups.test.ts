// KubernetesCluster's managedNodeGroups through the real provider host and the native plugin,
// driven like `pulumi up` / `refresh` / `destroy`: groups created with their nodes, renamed in
// place, a node moved outside Pulumi found by refresh and put back, and destroy leaving the
// cluster as the seed had it (its groups, its nodes' groups, no ownership label). Needs a current
// dist/ (npm test builds it first).
import { describe, expect } from "vitest";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import type { Simulator } from "../../simulator";
import type { Program } from "./harness";
import { engineScenario } from "./scenario";

const PROD = "K8sProd1";
const SEED_GROUPS = ["NgCloud1", "NgBare01", "NgSpare1"];

const cluster =
  (groups: { name: string; description?: string; nodeIds?: string[] }[]): Program =>
  (serverscom) => {
    new serverscom.KubernetesCluster("k8s", { clusterId: PROD, managedNodeGroups: groups });
  };

const gpu = cluster([{ name: "gpu", description: "GPU workers", nodeIds: ["KnProd04"] }]);
const renamed = cluster([
  { name: "accelerators", description: "GPU workers", nodeIds: ["KnProd04", "KnProd05"] },
]);

const s = engineScenario({ kind: "KubernetesCluster", name: "k8s" });

async function groupIds(sim: Simulator): Promise<string[]> {
  const record = await sim.control.peek("kubernetes_clusters", PROD);
  return ((record?._node_groups ?? []) as { id: string }[]).map((group) => group.id);
}

async function nodeGroup(sim: Simulator, nodeId: string): Promise<unknown> {
  const node = await sim.control.peek("kubernetes_nodes", nodeId);
  return (node?.node_group as { id?: unknown } | undefined)?.id;
}

type Managed = { id: string; name: string; nodeIds: string[]; nodeCount: number }[];

describe("KubernetesCluster node groups through the engine's steps", () => {
  s.up(gpu, async (resource, sim) => {
    const [group] = resource.outputs.managedNodeGroups as Managed;
    expect(group).toMatchObject({ name: "gpu", nodeIds: ["KnProd04"], nodeCount: 1 });
    expect(await nodeGroup(sim, "KnProd04")).toBe(group?.id);
    const labels = (await sim.control.peek("kubernetes_clusters", PROD))?.labels;
    expect(labels).toHaveProperty(OWNER_LABEL_KEY);
    expect(resource.outputs.labels).not.toHaveProperty(OWNER_LABEL_KEY);
  });
  // A second up is a Same step. (Not s.noChange: its `pulumi import` check cannot hold, since an
  // import reads the cluster alone and cannot tell which groups a resource created: README.)
  s.each("a second up without changes is a Same step", async () => {
    const steps = await s.harness().up(gpu);
    expect(steps.map((step) => step.op)).toEqual(["same"]);
  });
  // Renamed in place (same position), and a second node moved in.
  s.inPlace(renamed, async (resource, sim) => {
    const [group] = resource.outputs.managedNodeGroups as Managed;
    expect(group).toMatchObject({ name: "accelerators", nodeIds: ["KnProd04", "KnProd05"] });
    expect(await groupIds(sim)).toEqual([...SEED_GROUPS, group?.id]);
  });
  s.drift(
    renamed,
    async (_resource, sim) => {
      // Moved by hand to the seed's spare group (the record a move would give it).
      const record = await sim.control.peek("kubernetes_clusters", PROD);
      const spare = ((record?._node_groups ?? []) as { id: string }[]).find(
        (group) => group.id === "NgSpare1",
      );
      await sim.control.patch("kubernetes_nodes", "KnProd05", { node_group: spare ?? null });
    },
    (resource) => {
      const [group] = resource.outputs.managedNodeGroups as Managed;
      expect(group?.nodeIds).toEqual(["KnProd04"]);
    },
  );
  // Destroy: nodes back to where they were, the created group gone, no ownership label left.
  s.destroy(async (sim) => {
    expect(await groupIds(sim)).toEqual(SEED_GROUPS);
    expect(await nodeGroup(sim, "KnProd04")).toBe("NgBare01");
    expect(await nodeGroup(sim, "KnProd05")).toBe("NgBare01");
    const labels = (await sim.control.peek("kubernetes_clusters", PROD))?.labels;
    expect(labels).toEqual({ env: "prod", team: "platform" });
  });
});
