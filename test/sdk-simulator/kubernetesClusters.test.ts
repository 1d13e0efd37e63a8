// client.kubernetesClusters against the simulator. Clusters are ordered elsewhere (the API cannot
// create or delete them), so the lifecycle is a seeded cluster's: read -> settled -> listed by
// label -> relabelled -> nodes listed over several pages -> a node moved between node groups.
import { describe, expect, it } from "vitest";
import {
  type KubernetesCluster,
  kubernetesClusterStates,
  kubernetesNodeStates,
} from "../../sdk/areas/kubernetes-clusters";
import { NotFoundError, UnprocessableEntityError } from "../../sdk/core/errors";
import { WaitTimeoutError } from "../../sdk/wait";
import { iterated, MINUTE, rejectionOf, useSdkSimulator, waitSettled } from "./support";

/** Seeded (simulator/seed/kubernetes.ts): a production cluster with five nodes, a staging one. */
const PROD = "K8sProd1";
const STAGING = "K8sStag1";

describe("client.kubernetesClusters on the simulator", () => {
  const bed = useSdkSimulator();

  it("reads a settled cluster and lists clusters by label and location", async () => {
    const api = bed().client.kubernetesClusters;
    const { value } = await waitSettled<KubernetesCluster>(bed(), () => api.get(PROD), [
      [kubernetesClusterStates, (c) => c.status],
    ]);
    expect(value).toMatchObject({ id: PROD, name: "k8s-prod", status: "active", location_id: 1 });
    const prod = await api.list({ labelSelector: "env==prod" }).toArray({ limit: 10 });
    expect(prod.map((c) => c.id)).toEqual([PROD]);
    expect((await api.list({ locationId: 2 })).items.map((c) => c.id)).toEqual([STAGING]);
  });

  it("replaces the label set on update and clears it with {}", async () => {
    const api = bed().client.kubernetesClusters;
    expect((await api.update(STAGING, { labels: { env: "qa", owner: "ci" } })).labels).toEqual({
      env: "qa",
      owner: "ci",
    });
    expect((await api.update(STAGING, { labels: { owner: "ci" } })).labels).toEqual({
      owner: "ci",
    });
    expect((await api.list({ labelSelector: "env==qa" })).items).toEqual([]);
    expect((await api.update(STAGING, { labels: {} })).labels).toEqual({});
    expect((await api.get(STAGING)).labels).toEqual({});
  });

  it("lists nodes over several pages, by iteration and with concurrent pages", async () => {
    const api = bed().client.kubernetesClusters;
    const ids = await iterated(api.listNodes(PROD, { perPage: 2 }), (node) => node.id);
    expect(ids).toEqual(["KnProd01", "KnProd02", "KnProd03", "KnProd04", "KnProd05"]);
    const first = await api.listNodes(PROD, { perPage: 2 });
    expect(first.total).toBe(5);
    expect(first.links.last).toMatch(/page=3/);
    const collected = await api
      .listNodes(PROD, { perPage: 2 })
      .toArray({ limit: 10, concurrency: 3 });
    expect(collected.map((n) => n.id)).toEqual(ids);
    const bareMetal = await api
      .listNodes(PROD, { labelSelector: "role==node", searchPattern: "bm" })
      .toArray({ limit: 10 });
    expect(bareMetal.map((n) => n.type)).toEqual(["baremetal", "baremetal", "baremetal"]);
  });

  it("moves a node to another node group and answers the node with it", async () => {
    const api = bed().client.kubernetesClusters;
    const node = await api.getNode(PROD, "KnProd04");
    expect(node.node_group?.id).toBe("NgBare01");
    const moved = await api.updateNode(PROD, "KnProd04", { node_group_id: "NgSpare1" });
    expect(moved.node_group).toMatchObject({ id: "NgSpare1", name: "spare", description: null });
    expect((await api.getNode(PROD, "KnProd04")).node_group?.id).toBe("NgSpare1");
    const error = await rejectionOf(
      api.updateNode(PROD, "KnProd04", { node_group_id: "NgStag01" }),
      UnprocessableEntityError,
    );
    expect(Object.keys(error.errors)).toEqual(["node_group_id"]);
  });

  it("waits on the node state table: a pending node never settles before the deadline", async () => {
    const api = bed().client.kubernetesClusters;
    const error = await rejectionOf(
      waitSettled(
        bed(),
        () => api.getNode(PROD, "KnProd05"),
        [[kubernetesNodeStates, (n) => n.status]],
        { timeoutMs: 5 * MINUTE, description: "node KnProd05" },
      ),
      WaitTimeoutError,
    );
    expect(error.lastState).toBe("pending");
  });

  it("answers NotFoundError for an unknown cluster and a node of another cluster", async () => {
    const api = bed().client.kubernetesClusters;
    await rejectionOf(api.get("NoSuch01"), NotFoundError);
    await rejectionOf(api.getNode(STAGING, "KnProd01"), NotFoundError);
    await rejectionOf(api.listNodes("NoSuch01"), NotFoundError);
  });
});

describe("node groups (Go client abb982c9: create, update, delete, list, move nodes)", () => {
  const bed = useSdkSimulator();

  it("creates a group, moves nodes into it, counts them, renames it; a group with nodes stays", async () => {
    const api = bed().client.kubernetesClusters;
    const group = await api.createNodeGroup(PROD, { name: "batch", description: "jobs" });
    expect(group).toMatchObject({ name: "batch", description: "jobs", node_count: 0 });
    const moved = await api.moveNodes(PROD, { node_group_id: group.id, node_ids: ["KnProd04"] });
    expect(moved.map((node) => node.node_group?.id)).toEqual([group.id]);
    const listed = await api.listNodeGroups(PROD).toArray({ limit: 100 });
    expect(listed.find((candidate) => candidate.id === group.id)?.node_count).toBe(1);
    expect(await api.updateNodeGroup(PROD, group.id, { name: "batch-2" })).toMatchObject({
      name: "batch-2",
    });
    await expect(api.deleteNodeGroup(PROD, group.id)).rejects.toMatchObject({ status: 409 });
    await api.moveNodes(PROD, { node_group_id: "NgSpare1", node_ids: ["KnProd04"] });
    await api.deleteNodeGroup(PROD, group.id);
    const after = await api.listNodeGroups(PROD).toArray({ limit: 100 });
    expect(after.map((candidate) => candidate.id)).not.toContain(group.id);
  });
});
