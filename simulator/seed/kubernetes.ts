// Seed data of the Kubernetes area. The API cannot create clusters (they are ordered elsewhere,
// wire-notes.md), so every cluster, node group, node and bare metal node host a user can manage
// in the simulator comes from here. The bare metal hosts are served by the hosts area from the
// `kubernetes_baremetal_nodes` collection: their power states are chosen to exercise power-on
// (one powered off) and its 412 (one not ready).
import type { Json, SimContext, WireRecord } from "../framework/contract";

export const K8S_PROD_CLUSTER_ID = "K8sProd1";
export const K8S_STAGING_CLUSTER_ID = "K8sStag1";

export const K8S_NODE_GROUP_IDS = {
  prodCloud: "NgCloud1",
  prodBareMetal: "NgBare01",
  prodSpare: "NgSpare1",
  stagingCloud: "NgStag01",
} as const;

/** Bare metal node hosts: ready and on, ready and off, and not ready. */
export const K8S_BAREMETAL_HOST_IDS = {
  poweredOn: "BmNode01",
  poweredOff: "BmNode02",
  notReady: "BmNode03",
} as const;

const DAY = 24 * 60 * 60 * 1000;

interface NodeGroupSeed {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
}

interface NodeSeed {
  readonly id: string;
  readonly clusterId: string;
  readonly number: number;
  readonly type: "cloud" | "baremetal";
  readonly role: "master" | "node";
  readonly groupId: string;
  readonly configuration: string;
  /** The underlying instance (cloud) or bare metal node host. */
  readonly refId: string;
  readonly status: "active" | "pending";
  readonly hostIndex: number;
}

interface ClusterSeed {
  readonly id: string;
  readonly name: string;
  readonly locationId: number;
  readonly locationCode: string;
  readonly labels: Record<string, string>;
  readonly groups: readonly NodeGroupSeed[];
}

const clusters: readonly ClusterSeed[] = [
  {
    id: K8S_PROD_CLUSTER_ID,
    name: "k8s-prod",
    locationId: 1,
    locationCode: "AMS1",
    labels: { env: "prod", team: "platform" },
    groups: [
      { id: K8S_NODE_GROUP_IDS.prodCloud, name: "cloud", description: "Cloud worker nodes" },
      {
        id: K8S_NODE_GROUP_IDS.prodBareMetal,
        name: "baremetal",
        description: "Bare metal workers",
      },
      { id: K8S_NODE_GROUP_IDS.prodSpare, name: "spare", description: null },
    ],
  },
  {
    id: K8S_STAGING_CLUSTER_ID,
    name: "k8s-staging",
    locationId: 2,
    locationCode: "DFW1",
    labels: { env: "staging" },
    groups: [{ id: K8S_NODE_GROUP_IDS.stagingCloud, name: "default", description: null }],
  },
];

const nodes: readonly NodeSeed[] = [
  {
    id: "KnProd01",
    clusterId: K8S_PROD_CLUSTER_ID,
    number: 1,
    type: "cloud",
    role: "master",
    groupId: K8S_NODE_GROUP_IDS.prodCloud,
    configuration: "SSD.50",
    refId: "CiK8s001",
    status: "active",
    hostIndex: 11,
  },
  {
    id: "KnProd02",
    clusterId: K8S_PROD_CLUSTER_ID,
    number: 2,
    type: "cloud",
    role: "node",
    groupId: K8S_NODE_GROUP_IDS.prodCloud,
    configuration: "SSD.80",
    refId: "CiK8s002",
    status: "active",
    hostIndex: 12,
  },
  {
    id: "KnProd03",
    clusterId: K8S_PROD_CLUSTER_ID,
    number: 3,
    type: "baremetal",
    role: "node",
    groupId: K8S_NODE_GROUP_IDS.prodBareMetal,
    configuration: "Dell R440 / 2xXeon Silver-4210R / 64 GB RAM",
    refId: K8S_BAREMETAL_HOST_IDS.poweredOn,
    status: "active",
    hostIndex: 21,
  },
  {
    id: "KnProd04",
    clusterId: K8S_PROD_CLUSTER_ID,
    number: 4,
    type: "baremetal",
    role: "node",
    groupId: K8S_NODE_GROUP_IDS.prodBareMetal,
    configuration: "Dell R440 / 2xXeon Silver-4210R / 64 GB RAM",
    refId: K8S_BAREMETAL_HOST_IDS.poweredOff,
    status: "active",
    hostIndex: 22,
  },
  {
    id: "KnProd05",
    clusterId: K8S_PROD_CLUSTER_ID,
    number: 5,
    type: "baremetal",
    role: "node",
    groupId: K8S_NODE_GROUP_IDS.prodBareMetal,
    configuration: "Dell R640 / 2xXeon Gold-6226R / 128 GB RAM",
    refId: K8S_BAREMETAL_HOST_IDS.notReady,
    status: "pending",
    hostIndex: 23,
  },
  {
    id: "KnStag01",
    clusterId: K8S_STAGING_CLUSTER_ID,
    number: 1,
    type: "cloud",
    role: "node",
    groupId: K8S_NODE_GROUP_IDS.stagingCloud,
    configuration: "SSD.30",
    refId: "CiK8s003",
    status: "active",
    hostIndex: 31,
  },
];

/** Host power and readiness per bare metal node host (see K8S_BAREMETAL_HOST_IDS). */
const hostStates: Readonly<Record<string, { status: string; operational: string; power: string }>> =
  {
    [K8S_BAREMETAL_HOST_IDS.poweredOn]: {
      status: "active",
      operational: "normal",
      power: "powered_on",
    },
    [K8S_BAREMETAL_HOST_IDS.poweredOff]: {
      status: "active",
      operational: "normal",
      power: "powered_off",
    },
    [K8S_BAREMETAL_HOST_IDS.notReady]: {
      status: "pending",
      operational: "provisioning",
      power: "powered_off",
    },
  };

function hostname(cluster: ClusterSeed, node: NodeSeed): string {
  return `${cluster.name}-${node.type === "cloud" ? "cloud" : "bm"}-${node.number}`;
}

function nodeGroupRecord(group: NodeGroupSeed, at: string): { [key: string]: Json } {
  return { ...group, created_at: at, updated_at: at };
}

/** A node's addresses, the same on its Kubernetes record and its host's: public once active. */
function nodeAddresses(node: NodeSeed, status: string): WireRecord {
  return {
    private_ipv4_address: `10.20.0.${node.hostIndex}`,
    public_ipv4_address: status === "active" ? `198.19.200.${node.hostIndex}` : null,
  };
}

function nodeRecord(cluster: ClusterSeed, node: NodeSeed, at: string): WireRecord {
  const group = cluster.groups.find((candidate) => candidate.id === node.groupId);
  return {
    id: node.id,
    number: node.number,
    hostname: hostname(cluster, node),
    configuration: node.configuration,
    type: node.type,
    role: node.role,
    status: node.status,
    ...nodeAddresses(node, node.status),
    location_id: cluster.locationId,
    location_code: cluster.locationCode,
    ref_id: node.refId,
    cluster_id: cluster.id,
    node_group: group === undefined ? null : nodeGroupRecord(group, at),
    labels: { role: node.role },
    created_at: at,
    updated_at: at,
  };
}

function bareMetalHostRecord(cluster: ClusterSeed, node: NodeSeed, at: string): WireRecord {
  const state = hostStates[node.refId] ?? {
    status: "active",
    operational: "normal",
    power: "powered_on",
  };
  return {
    id: node.refId,
    rack_id: null,
    title: hostname(cluster, node),
    location_id: cluster.locationId,
    location_code: cluster.locationCode,
    status: state.status,
    operational_status: state.operational,
    power_status: state.power,
    configuration: node.configuration,
    ...nodeAddresses(node, state.status),
    lease_start_at: at.slice(0, 10),
    scheduled_release_at: null,
    type: "kubernetes_baremetal_node",
    oob_ipv4_address: `10.250.0.${node.hostIndex}`,
    configuration_details: {
      ram_size: node.configuration.includes("128 GB") ? 128 : 64,
      server_model_id: null,
      server_model_name: node.configuration,
      bandwidth_id: null,
      bandwidth_name: null,
      private_uplink_id: null,
      private_uplink_name: null,
      public_uplink_id: null,
      public_uplink_name: null,
      operating_system_id: null,
      operating_system_full_name: null,
    },
    kubernetes_cluster_id: cluster.id,
    kubernetes_cluster_node_id: node.id,
    kubernetes_cluster_node_number: node.number,
    labels: {},
    created_at: at,
    updated_at: at,
  };
}

export function seedKubernetes(ctx: SimContext): void {
  // Seeded things exist already when the simulator starts: they were ordered a month ago.
  const at = new Date(ctx.clock.now() - 30 * DAY).toISOString();
  for (const cluster of clusters) {
    ctx.store.insert("kubernetes_clusters", {
      id: cluster.id,
      name: cluster.name,
      status: "active",
      location_id: cluster.locationId,
      location_code: cluster.locationCode,
      labels: cluster.labels,
      created_at: at,
      updated_at: at,
      // Node groups are not a wire resource of their own: nodes carry a copy of theirs.
      _node_groups: cluster.groups.map((group) => nodeGroupRecord(group, at)),
    });
  }
  for (const node of nodes) {
    const cluster = clusters.find((candidate) => candidate.id === node.clusterId);
    if (cluster === undefined) continue;
    ctx.store.insert("kubernetes_nodes", nodeRecord(cluster, node, at));
    if (node.type === "baremetal") {
      ctx.store.insert("kubernetes_baremetal_nodes", bareMetalHostRecord(cluster, node, at));
    }
  }
}
