// KubernetesCluster's `managedNodeGroups` against the simulator: node groups the resource creates,
// renames, describes and deletes, the nodes it moves into them (POST .../nodes/move) and back, and
// what it never touches (groups it did not create). Also the ownership label it stamps on the
// cluster, which lets the native plugin stop a create-first replacement. The seed's cluster
// K8sProd1 has node groups NgCloud1 (KnProd01-02), NgBare01 (KnProd03-05) and NgSpare1 (empty).
import { describe, expect, it } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { OWNER_INPUT } from "../../provider/framework/hidden";
import type { KindProvider } from "../../provider/framework/kind-provider";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { createKubernetesClusterProvider } from "../../provider/kubernetes-cluster/provider";
import { refuseCreateFirst } from "../../provider/native/delete-first";
import { simulatedClock } from "../support/simulated-clock";
import { engineInputs, suiteBed } from "./support";

const CLUSTER = "K8sProd1";
const PREFIX = "serverscom:KubernetesCluster k8s-prod (K8sProd1)";
const { bed, messages, failure } = suiteBed();
const provider = createKubernetesClusterProvider({
  ...bed.context,
  waitTuning: () => ({ clock: simulatedClock(bed.sim), random: () => 0.5 }),
});

function inputs(fields: PropertyBag = {}): Record<string, unknown> {
  return engineInputs("KubernetesCluster", "prod", { clusterId: CLUSTER, ...fields });
}

async function liveGroups() {
  return bed.client.kubernetesClusters.listNodeGroups(CLUSTER).toArray({ limit: 100 });
}

async function groupOf(nodeId: string): Promise<string | undefined> {
  return (await bed.client.kubernetesClusters.getNode(CLUSTER, nodeId)).node_group?.id;
}

const GPU = { name: "gpu", description: "GPU workers", nodeIds: ["KnProd04"] };

async function created(groups: unknown[] = [GPU]) {
  const news = inputs({ managedNodeGroups: groups });
  const result = await provider.create(news);
  return { news, id: result.id, outs: result.outs as Record<string, unknown> };
}

function managed(outs: PropertyBag): { id: string; name: string; nodeIds: string[] }[] {
  return outs.managedNodeGroups as { id: string; name: string; nodeIds: string[] }[];
}

describe("creating node groups", () => {
  it("creates the declared group, moves its nodes in, and outputs it with its id and count", async () => {
    const { outs } = await created();
    const [group] = managed(outs);
    expect(outs.managedNodeGroups).toEqual([
      {
        id: group?.id,
        name: "gpu",
        description: "GPU workers",
        nodeIds: ["KnProd04"],
        nodeCount: 1,
      },
    ]);
    expect(await groupOf("KnProd04")).toBe(group?.id);
    // The node comes back to its group on delete: remembered like any placed node.
    expect(outs.originalNodeGroups).toEqual({ KnProd04: "NgBare01" });
    // Placed through managedNodeGroups: not shown again in nodeGroups.
    expect(outs.nodeGroups).toEqual({});
    const counts = await bed.sim.control.requestCounts();
    expect(counts["POST /v1/kubernetes_clusters/:id/node_groups"]).toBe(1);
    expect(counts["POST /v1/kubernetes_clusters/:id/nodes/move"]).toBe(1);
    expect(bed.lines).toContain(`${PREFIX}: created node group gpu (${group?.id})`);
  });

  it("a repeated diff is no change; read gives the same outputs and the declared values", async () => {
    const { news, id, outs } = await created();
    expect(await provider.diff(id, outs, news)).toMatchObject({ changes: false });
    const read = await provider.read(id, outs);
    expect(read.props).toEqual(outs);
    expect(read.inputs).toMatchObject({
      managedNodeGroups: [{ name: "gpu", description: "GPU workers", nodeIds: ["KnProd04"] }],
    });
  });

  it("refuses a name a group it did not create holds, before any request", async () => {
    const error = await failure(
      provider.create(inputs({ labels: { a: "b" }, managedNodeGroups: [{ name: "spare" }] })),
    );
    expect(error).not.toBeInstanceOf(PartialResourceError);
    expect(error.message).toContain('managedNodeGroups declares "spare" (NgSpare1)');
    expect(error.message).toContain("It is never taken over: choose another name");
    expect((await liveGroups()).map((group) => group.name)).toEqual([
      "cloud",
      "baremetal",
      "spare",
    ]);
    const counts = await bed.sim.control.requestCounts();
    expect(Object.keys(counts).filter((key) => !key.startsWith("GET "))).toEqual([]);
  });

  it("refuses a node the cluster does not have", async () => {
    const error = await failure(
      provider.create(inputs({ managedNodeGroups: [{ name: "gpu", nodeIds: ["KnStag01"] }] })),
    );
    expect(error.message).toContain(
      "managedNodeGroups names KnStag01, which the cluster does not have",
    );
    expect(await liveGroups()).toHaveLength(3);
  });
});

describe("changing node groups", () => {
  it("renames a group in place (same position), changes its description, adds a group", async () => {
    const { id, outs } = await created();
    const [gpu] = managed(outs);
    const changed = inputs({
      managedNodeGroups: [
        { name: "accelerators", description: "GPU nodes", nodeIds: ["KnProd04"] },
        { name: "batch", nodeIds: ["KnProd05"] },
      ],
    });
    expect(await provider.diff(id, outs, changed)).toMatchObject({
      changes: true,
      updates: ["managedNodeGroups"],
    });
    const { outs: after } = await provider.update(id, outs, changed);
    const groups = managed(after as PropertyBag);
    expect(groups.map((group) => [group.name, group.nodeIds])).toEqual([
      ["accelerators", ["KnProd04"]],
      ["batch", ["KnProd05"]],
    ]);
    // The same group, renamed: no node moved, nothing deleted.
    expect(groups[0]?.id).toBe(gpu?.id);
    expect((await liveGroups()).find((group) => group.id === gpu?.id)).toMatchObject({
      name: "accelerators",
      description: "GPU nodes",
    });
    expect(await groupOf("KnProd05")).toBe(groups[1]?.id);
    // The node's own copy of its group shows the new name (simulator/areas/kubernetes.ts).
    const nodes = (after as PropertyBag).nodes as { id: string; nodeGroupName: string }[];
    expect(nodes.find((node) => node.id === "KnProd04")?.nodeGroupName).toBe("accelerators");
    expect((after as PropertyBag).originalNodeGroups).toEqual({
      KnProd04: "NgBare01",
      KnProd05: "NgBare01",
    });
    expect(await provider.diff(id, after as PropertyBag, changed)).toMatchObject({
      changes: false,
    });
  });

  it("moves a node from one created group to another", async () => {
    const { id, outs } = await created([GPU, { name: "batch" }]);
    const moved = inputs({
      managedNodeGroups: [
        { ...GPU, nodeIds: [] },
        { name: "batch", nodeIds: ["KnProd04"] },
      ],
    });
    const { outs: after } = await provider.update(id, outs, moved);
    const [gpu, batch] = managed(after as PropertyBag);
    expect(gpu?.nodeIds).toEqual([]);
    expect(batch?.nodeIds).toEqual(["KnProd04"]);
    expect(await groupOf("KnProd04")).toBe(batch?.id);
  });

  it("removing a group moves its nodes back first, then deletes it", async () => {
    const { id, outs } = await created();
    const [gpu] = managed(outs);
    const { outs: after } = await provider.update(id, outs, inputs({ managedNodeGroups: [] }));
    expect((after as PropertyBag).managedNodeGroups).toEqual([]);
    expect(await groupOf("KnProd04")).toBe("NgBare01");
    expect((await liveGroups()).map((group) => group.id)).not.toContain(gpu?.id);
    expect(bed.lines).toContain(`${PREFIX}: deleted node group gpu (${gpu?.id})`);
  });

  it("refuses to delete a group holding a node it did not put there; nothing changes", async () => {
    const { id, outs } = await created();
    const [gpu] = managed(outs);
    // Someone moves KnProd05 into the created group by hand.
    await bed.client.kubernetesClusters.updateNode(CLUSTER, "KnProd05", {
      node_group_id: String(gpu?.id),
    });
    const refreshed = await provider.read(id, outs);
    const error = await failure(
      provider.update(id, refreshed.props as PropertyBag, inputs({ managedNodeGroups: [] })),
    );
    expect(error).not.toBeInstanceOf(PartialResourceError);
    expect(error.message).toContain(`gpu (${gpu?.id}) holds KnProd05`);
    expect(error.message).toContain("Move those nodes to another group");
    expect(await groupOf("KnProd04")).toBe(gpu?.id);
    expect((await liveGroups()).map((group) => group.id)).toContain(gpu?.id);
    // Once the node is moved away, the same update goes through.
    await bed.client.kubernetesClusters.updateNode(CLUSTER, "KnProd05", {
      node_group_id: "NgBare01",
    });
    await provider.update(id, refreshed.props as PropertyBag, inputs({ managedNodeGroups: [] }));
    expect((await liveGroups()).map((group) => group.id)).not.toContain(gpu?.id);
  });

  it("leaves groups it did not create alone, whether managedNodeGroups is given or not", async () => {
    const before = await liveGroups();
    const { id, outs } = await created();
    await provider.update(id, outs, inputs());
    const after = await liveGroups();
    expect(after.map((group) => [group.id, group.name, group.description])).toEqual(
      before.map((group) => [group.id, group.name, group.description]),
    );
  });
});

describe("drift and delete", () => {
  it("a rename or a node moved out outside Pulumi shows in refresh, and up puts it back", async () => {
    const { news, id, outs } = await created();
    const [gpu] = managed(outs);
    await bed.client.kubernetesClusters.updateNodeGroup(CLUSTER, String(gpu?.id), {
      name: "renamed",
    });
    await bed.client.kubernetesClusters.updateNode(CLUSTER, "KnProd04", {
      node_group_id: "NgSpare1",
    });
    const read = await provider.read(id, outs);
    expect(read.inputs).toMatchObject({
      managedNodeGroups: [{ name: "renamed", nodeIds: [] }],
    });
    const diff = await provider.diff(id, read.props as PropertyBag, news);
    expect(diff).toMatchObject({ changes: true, updates: ["managedNodeGroups"] });
    const { outs: fixed } = await provider.update(id, read.props as PropertyBag, news);
    expect(managed(fixed as PropertyBag)).toMatchObject([
      { id: gpu?.id, name: "gpu", nodeIds: ["KnProd04"] },
    ]);
  });

  it("a group deleted outside Pulumi is forgotten and made again", async () => {
    const { news, id, outs } = await created([{ name: "gpu" }]);
    const [gpu] = managed(outs);
    await bed.client.kubernetesClusters.deleteNodeGroup(CLUSTER, String(gpu?.id));
    const read = await provider.read(id, outs);
    expect((read.props as PropertyBag).managedNodeGroups).toEqual([]);
    expect(await provider.diff(id, read.props as PropertyBag, news)).toMatchObject({
      changes: true,
    });
    const { outs: fixed } = await provider.update(id, read.props as PropertyBag, news);
    expect(managed(fixed as PropertyBag)[0]?.id).not.toBe(gpu?.id);
  });

  it("delete moves the nodes back, deletes the created groups and takes its label off", async () => {
    const { id, outs } = await created();
    const labels = (await bed.sim.control.peek("kubernetes_clusters", CLUSTER))?.labels;
    expect(labels).toMatchObject({ [OWNER_LABEL_KEY]: outs[OWNER_INPUT] });
    await provider.delete(id, outs);
    expect(await groupOf("KnProd04")).toBe("NgBare01");
    expect((await liveGroups()).map((group) => group.name)).toEqual([
      "cloud",
      "baremetal",
      "spare",
    ]);
    expect((await bed.sim.control.peek("kubernetes_clusters", CLUSTER))?.labels).toEqual({
      env: "prod",
      team: "platform",
    });
  });
});

describe("the ownership label", () => {
  it("is stamped on the cluster, never shown in labels, and refuses a second resource", async () => {
    const { outs } = await created([]);
    expect(outs.labels).toEqual({ env: "prod", team: "platform" });
    const other = engineInputs("KubernetesCluster", "other", { clusterId: CLUSTER });
    const error = await failure(provider.create(other));
    expect(error.message).toContain("carries the ownership label");
    expect(error.message).toContain("One resource per cluster");
  });

  it("lets the native plugin stop a create-first replacement (delete-first.ts)", async () => {
    const news = inputs();
    await expect(
      refuseCreateFirst("KubernetesCluster", "prod", bed.client, news),
    ).resolves.toBeUndefined();
    const { id, outs } = await created([]);
    const refused = refuseCreateFirst("KubernetesCluster", "prod", bed.client, news);
    await expect(refused).rejects.toThrow(/K8sProd1 carries this resource's ownership label/);
    await expect(refused).rejects.toThrow("set the resource option deleteBeforeReplace to true");
    // Once the old generation let go (delete first), the create may go on.
    await provider.delete(id, outs);
    await expect(
      refuseCreateFirst("KubernetesCluster", "prod", bed.client, news),
    ).resolves.toBeUndefined();
  });
});

describe("check: managedNodeGroups", () => {
  async function reasons(news: PropertyBag) {
    const result = await provider.check({}, inputs(news));
    for (const item of result.failures ?? []) messages.push(item.reason);
    return result.failures ?? [];
  }

  it.each([
    [
      { managedNodeGroups: { name: "gpu" } },
      "managedNodeGroups must be a list of node groups ({ name, description, nodeIds })",
    ],
    [
      { managedNodeGroups: ["gpu"] },
      'managedNodeGroups[0] must be an object { name, description, nodeIds } (got "gpu")',
    ],
    [
      { managedNodeGroups: [{ name: "" }] },
      'managedNodeGroups[0].name must be a non-empty string (got "")',
    ],
    [
      { managedNodeGroups: [{}] },
      "managedNodeGroups[0].name must be a non-empty string (got undefined)",
    ],
    [
      { managedNodeGroups: [{ name: "gpu" }, { name: "gpu" }] },
      'managedNodeGroups[1].name "gpu" is already the name of managedNodeGroups[0]: node group names must be unique; rename one of them',
    ],
    [
      { managedNodeGroups: [{ name: "gpu", description: 3 }] },
      "managedNodeGroups[0].description must be a string (got 3)",
    ],
    [
      { managedNodeGroups: [{ name: "gpu", nodeIds: "KnProd04" }] },
      'managedNodeGroups[0].nodeIds must be a list of node ids (got "KnProd04")',
    ],
    [
      { managedNodeGroups: [{ name: "gpu", nodeIds: [""] }] },
      'managedNodeGroups[0].nodeIds: a node id must be a non-empty string (got "")',
    ],
    [
      {
        managedNodeGroups: [
          { name: "a", nodeIds: ["KnProd04"] },
          { name: "b", nodeIds: ["KnProd04"] },
        ],
      },
      "managedNodeGroups[1].nodeIds names node KnProd04, which managedNodeGroups[0] names already: a node is in one node group; keep it in one of them",
    ],
    [
      {
        nodeGroups: { KnProd04: "NgSpare1" },
        managedNodeGroups: [{ name: "a", nodeIds: ["KnProd04"] }],
      },
      "managedNodeGroups[0].nodeIds names node KnProd04, which nodeGroups places too: name each node in one of the two properties",
    ],
  ])("%o fails: %s", async (change, reason) => {
    expect(await reasons(change)).toEqual([{ property: "managedNodeGroups", reason }]);
  });

  it("tolerates values unknown during preview, and diff takes them as a change", async () => {
    expect(await reasons({ managedNodeGroups: UNKNOWN })).toEqual([]);
    expect(await reasons({ managedNodeGroups: [{ name: UNKNOWN, nodeIds: [UNKNOWN] }] })).toEqual(
      [],
    );
    expect(
      await provider.diff(CLUSTER, { clusterId: CLUSTER }, inputs({ managedNodeGroups: UNKNOWN })),
    ).toMatchObject({ changes: true, updates: ["managedNodeGroups"] });
  });
});

describe("pulumi import of a cluster another resource manages", () => {
  it("is refused, naming the other resource's label; the same resource's passes", async () => {
    const { outs } = await created([]);
    const lifecycle = provider as KindProvider & {
      refuseImport(id: string, owner: string): Promise<void>;
    };
    await expect(
      lifecycle.refuseImport(CLUSTER, String(outs[OWNER_INPUT])),
    ).resolves.toBeUndefined();
    await expect(lifecycle.refuseImport(CLUSTER, "o-another-resource")).rejects.toThrow(
      "One resource per cluster",
    );
  });
});
