// KubernetesCluster's managedNodeGroups in YAML through the real CLI and the native plugin: up
// creates a node group with its node, a change renames and describes it in place, the next
// preview shows no change, a refresh finds a node moved outside Pulumi (and the next up puts it
// back), `up --replace` stops before any change (the cluster carries the resource's ownership
// label: provider/native/delete-first.ts), and destroy leaves the cluster as the seed had it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { ServersComClient } from "../../../sdk/client";
import { type Simulator, startSimulator } from "../../../simulator";
import { expectSuccess } from "../support/cli";
import { ref } from "./program";
import { YamlStack } from "./stack";

const CLUSTER = "K8sProd1";
const SEED_GROUPS = ["NgCloud1", "NgBare01", "NgSpare1"];

let sim: Simulator;
let client: ServersComClient;
let root: string;
let stack: YamlStack;

function body(group: { name: string; description: string }): string {
  return stringify({
    resources: {
      k8s: {
        type: "serverscom:index:KubernetesCluster",
        properties: {
          clusterId: CLUSTER,
          managedNodeGroups: [{ ...group, nodeIds: ["KnProd04"] }],
        },
      },
    },
    outputs: { groups: ref("k8s.managedNodeGroups") },
  });
}

interface Group {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly nodeIds: string[];
  readonly nodeCount: number;
}

async function groupsInState(): Promise<Group[]> {
  const state = await stack.state();
  const k8s = state.resources.find((resource) => resource.name === "k8s");
  return (k8s?.outputs?.managedNodeGroups ?? []) as Group[];
}

async function nodeGroup(nodeId: string): Promise<string | undefined> {
  return (await client.kubernetesClusters.getNode(CLUSTER, nodeId)).node_group?.id;
}

beforeAll(async () => {
  sim = await startSimulator({ speed: 3000 });
  client = new ServersComClient({ token: sim.token, baseUrl: sim.url });
  root = mkdtempSync(join(tmpdir(), "serverscom-cli-node-groups-"));
  stack = await YamlStack.create(
    sim,
    root,
    "yaml-node-groups",
    body({ name: "gpu", description: "GPU workers" }),
  );
});
afterAll(async () => {
  await client?.close();
  await sim?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("KubernetesCluster managedNodeGroups in YAML", () => {
  let groupId = "";

  it("up creates the group with its node", async () => {
    expectSuccess(await stack.run(["up", "--yes"]));
    const [group] = await groupsInState();
    expect(group).toMatchObject({ name: "gpu", nodeIds: ["KnProd04"], nodeCount: 1 });
    groupId = String(group?.id);
    expect(await nodeGroup("KnProd04")).toBe(groupId);
  });

  it("a changed name and description update the same group; preview then shows no change", async () => {
    stack.program = body({ name: "accelerators", description: "GPU nodes" });
    expectSuccess(await stack.run(["up", "--yes"]));
    const groups = await client.kubernetesClusters.listNodeGroups(CLUSTER).toArray({ limit: 10 });
    expect(groups.find((group) => group.id === groupId)).toMatchObject({
      name: "accelerators",
      description: "GPU nodes",
    });
    expectSuccess(await stack.run(["preview", "--expect-no-changes"]));
  });

  it("refresh finds a node moved outside Pulumi; the next up moves it back", async () => {
    await client.kubernetesClusters.updateNode(CLUSTER, "KnProd04", { node_group_id: "NgSpare1" });
    expectSuccess(await stack.run(["refresh", "--yes"]));
    expect((await groupsInState())[0]).toMatchObject({ nodeIds: [], nodeCount: 0 });
    const preview = await stack.run(["preview", "--expect-no-changes"]);
    expect(preview.code, preview.stdout).not.toBe(0);
    expectSuccess(await stack.run(["up", "--yes"]));
    expect(await nodeGroup("KnProd04")).toBe(groupId);
    expectSuccess(await stack.run(["preview", "--refresh", "--expect-no-changes"]));
  });

  it("up --replace stops before any change, naming deleteBeforeReplace", async () => {
    const before = await stack.state();
    const k8s = before.resources.find((resource) => resource.name === "k8s");
    const result = await stack.run(
      ["up", "--yes", "--replace", String(k8s?.urn)],
      ["KubernetesCluster"],
    );
    expect(result.code, result.stdout).toBe(1);
    expect(`${result.stdout}\n${result.stderr}`).toContain(
      "set the resource option deleteBeforeReplace to true on k8s",
    );
    expect(await nodeGroup("KnProd04")).toBe(groupId);
    expectSuccess(await stack.run(["preview", "--refresh", "--expect-no-changes"]));
  });

  it("destroy moves the node back, deletes the group and takes the ownership label off", async () => {
    expectSuccess(await stack.run(["destroy", "--yes"]));
    const groups = await client.kubernetesClusters.listNodeGroups(CLUSTER).toArray({ limit: 10 });
    expect(groups.map((group) => group.id)).toEqual(SEED_GROUPS);
    expect(await nodeGroup("KnProd04")).toBe("NgBare01");
    expect((await client.kubernetesClusters.get(CLUSTER)).labels).toEqual({
      env: "prod",
      team: "platform",
    });
  });
});
