// The KubernetesCluster row: the seeded cluster K8sProd1, its labels set and node KnProd03 placed
// in the spare group. The resource takes charge of a cluster that exists (the API cannot create
// or delete one) with PUTs alone, and its delete puts back what it found: the labels and the
// node's group, the cluster still there (kubernetes-cluster.test.ts: the waits, partial changes,
// what a delete cannot put back, check; kubernetes-node-groups.test.ts: the node groups it
// creates).
import { expect } from "vitest";
import { OWNER_LABEL_KEY } from "../../../provider/framework/ownership";
import { KUBERNETES_CLUSTER_KIND } from "../../../provider/kubernetes-cluster/definition";
import { createKubernetesClusterProvider } from "../../../provider/kubernetes-cluster/provider";
import type { WireRecord } from "../../../simulator";
import {
  CLUSTERS,
  groupOf,
  NODES,
  PREFIX,
  SEED_LABELS,
} from "../../provider/kubernetes-cluster-support";
import type { Created, KindRow } from "../row";

const CLUSTER = "K8sProd1";
const LABELS = { env: "prod", owner: "me" };

const R440 = "Dell R440 / 2xXeon Silver-4210R / 64 GB RAM";
const R640 = "Dell R640 / 2xXeon Gold-6226R / 128 GB RAM";
/** The prod cluster's node group of each node type, in the seed: [id, name]. */
const SEED_GROUPS = { cloud: ["NgCloud1", "cloud"], baremetal: ["NgBare01", "baremetal"] } as const;

/** A node of the seed (simulator/seed/kubernetes.ts) as the outputs show it, in its seed group. */
function seeded(
  id: string,
  hostname: string,
  type: keyof typeof SEED_GROUPS,
  role: string,
  configuration: string,
  host: number,
  refId: string,
  status = "active",
) {
  const [nodeGroupId, nodeGroupName] = SEED_GROUPS[type];
  return {
    id,
    number: Number(id.slice(-2)),
    hostname,
    configuration,
    type,
    role,
    status,
    nodeGroupId,
    nodeGroupName,
    privateIpv4Address: `10.20.0.${host}`,
    // Public once active.
    publicIpv4Address: status === "active" ? `198.19.200.${host}` : null,
    refId,
  };
}

const SEEDED_NODES = [
  seeded("KnProd01", "k8s-prod-cloud-1", "cloud", "master", "SSD.50", 11, "CiK8s001"),
  seeded("KnProd02", "k8s-prod-cloud-2", "cloud", "node", "SSD.80", 12, "CiK8s002"),
  seeded("KnProd03", "k8s-prod-bm-3", "baremetal", "node", R440, 21, "BmNode01"),
  seeded("KnProd04", "k8s-prod-bm-4", "baremetal", "node", R440, 22, "BmNode02"),
  seeded("KnProd05", "k8s-prod-bm-5", "baremetal", "node", R640, 23, "BmNode03", "pending"),
];

/** The cluster's nodes, by number, with the group of each node the resource placed. */
function nodes(placed: Readonly<Record<string, readonly [string, string]>>) {
  return SEEDED_NODES.map((node) => {
    const group = placed[node.id];
    return group === undefined ? node : { ...node, nodeGroupId: group[0], nodeGroupName: group[1] };
  });
}

/** The create's outputs, with the cluster's labels and the nodes' groups now. */
function outputsWith(
  { record }: Created,
  labels: Readonly<Record<string, string>>,
  placed: Readonly<Record<string, readonly [string, string]>>,
) {
  return {
    clusterId: CLUSTER,
    name: "k8s-prod",
    status: "active",
    locationId: 1,
    locationCode: "AMS1",
    labels,
    createdAt: record.created_at,
    // Every write (the ownership label's included) moves it on.
    updatedAt: expect.any(String),
    nodes: nodes(placed),
    nodeGroups: Object.fromEntries(Object.entries(placed).map(([id, [group]]) => [id, group])),
    managedNodeGroups: [],
  };
}

const SPARE = ["NgSpare1", "spare"] as const;

export const kubernetesCluster: KindRow = {
  kind: { name: KUBERNETES_CLUSTER_KIND, provider: createKubernetesClusterProvider },
  name: "prod",
  collection: CLUSTERS,
  adds: 0,
  inputs: () => ({ clusterId: CLUSTER, labels: LABELS, nodeGroups: { KnProd03: "NgSpare1" } }),
  id: () => CLUSTER,
  // What the delete puts back is remembered beside the live values.
  outputs: (created) => ({
    ...outputsWith(created, LABELS, { KnProd03: SPARE }),
    originalLabels: SEED_LABELS,
    originalNodeGroups: { KnProd03: "NgBare01" },
  }),
  // The declared labels and the ownership label; no create label: the cluster is named by id.
  stored: () => ({
    labels: { ...LABELS, [OWNER_LABEL_KEY]: expect.stringMatching(/^o[0-9a-f]{40}$/) },
  }),
  readInputs: () => ({ clusterId: CLUSTER, labels: LABELS, nodeGroups: { KnProd03: "NgSpare1" } }),
  // `pulumi import` takes nothing in charge: no labels or node groups to put back.
  imported: (created) => ({
    inputs: { clusterId: CLUSTER, nodeGroups: {} },
    outputs: {
      ...outputsWith(created, LABELS, { KnProd03: SPARE }),
      nodeGroups: {},
      originalNodeGroups: {},
    },
  }),
  // The cluster is left with what it had: the labels without the ownership label, the node
  // back in its group.
  deleted: async (record, sim) => {
    expect(record).toMatchObject({ id: CLUSTER, status: "active" });
    expect(record?.labels).toEqual(SEED_LABELS);
    expect(await groupOf(sim, "KnProd03")).toBe("NgBare01");
    expect(await groupOf(sim, "KnProd04")).toBe("NgBare01");
  },
  deleteLines: () => [
    `${PREFIX}: put back the labels it had before`,
    `${PREFIX}: moved node KnProd03 back to NgBare01`,
  ],
  // Other labels, and a second node placed: the originals stay those found by the create.
  update: {
    fields: () => ({
      labels: { env: "dev" },
      nodeGroups: { KnProd03: "NgSpare1", KnProd04: "NgSpare1" },
    }),
    updates: ["labels", "nodeGroups"],
    outputs: (created) => ({
      ...outputsWith(created, { env: "dev" }, { KnProd03: SPARE, KnProd04: SPARE }),
      originalLabels: SEED_LABELS,
      originalNodeGroups: { KnProd03: "NgBare01", KnProd04: "NgBare01" },
    }),
    labels: { env: "dev" },
    requests: {
      "PUT /v1/kubernetes_clusters/:id": 1,
      "PUT /v1/kubernetes_clusters/:id/nodes/:node_id": 1,
    },
  },
  // Another cluster: the old one is let go of first (KUBERNETES_CLUSTER_REPLACEMENT).
  replace: [{ fields: () => ({ clusterId: "K8sStag1" }), replaces: ["clusterId"] }],
  // Other labels and the node in another group, set behind Pulumi's back (the ownership label
  // kept): the update puts both back.
  drift: {
    change: async (_created, sim) => {
      const cluster = await sim.control.peek(CLUSTERS, CLUSTER);
      const labels = (cluster?.labels ?? {}) as Record<string, string>;
      await sim.control.patch(CLUSTERS, CLUSTER, {
        labels: { team: "x", [OWNER_LABEL_KEY]: String(labels[OWNER_LABEL_KEY]) },
      });
      // The group's record, as the API's PUT .../nodes/:node_id puts it on the node.
      const groups = cluster?._node_groups as WireRecord[];
      const cloud = groups.find((group) => group.id === "NgCloud1") ?? null;
      await sim.control.patch(NODES, "KnProd03", { node_group: cloud });
    },
    shows: { labels: { team: "x" }, nodeGroups: { KnProd03: "NgCloud1" } },
    updates: ["labels", "nodeGroups"],
  },
  lostCreateAnswer: "no create request",
};
