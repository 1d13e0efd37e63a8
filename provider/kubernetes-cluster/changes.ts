// What a KubernetesCluster resource changes on an existing cluster, and what it remembers so that
// it can put things back. The API cannot create or delete clusters, so the resource manages parts
// of one: its labels and the node groups of the nodes the program names. The values those parts
// had before the resource first set them live only in the resource's outputs (the state): the API
// keeps no trace of them. Pure functions: provider.ts sends the requests.
import type { KubernetesCluster, KubernetesClusterNode } from "../../sdk/areas/kubernetes-clusters";
import type { PropertyBag } from "../framework/check";
import { jsonEqual } from "../framework/diff";

/** The cluster with all its nodes. */
export interface ClusterRecord {
  readonly cluster: KubernetesCluster;
  readonly nodes: readonly KubernetesClusterNode[];
}

type StringMap = Readonly<Record<string, string>>;

/** What the resource puts back when it stops managing a part (or is deleted). */
export interface ClusterMemory {
  /** The labels before the resource first set them; undefined while it does not manage labels. */
  readonly originalLabels?: StringMap;
  /** For each node the resource places: its node group before the resource first placed it. */
  readonly originalNodeGroups: StringMap;
}

/** What the program asks for. */
export interface ClusterWish {
  /** The complete label set; undefined: labels are not managed. */
  readonly labels?: StringMap;
  /** Node id -> node group id for the nodes the resource places; other nodes are left alone. */
  readonly nodeGroups: StringMap;
}

/** A wish for nothing: every part goes back to what it was (delete). */
export const NOTHING: ClusterWish = { nodeGroups: {} };
/** The memory of a resource that has changed nothing yet (create). */
export const NO_MEMORY: ClusterMemory = { originalNodeGroups: {} };

export interface NodeMove {
  readonly nodeId: string;
  readonly nodeGroupId: string;
}

export interface ClusterPlan {
  /** The complete label set to send; undefined: leave the labels alone. */
  readonly labels?: StringMap;
  /** Node group changes, in the order to send them. */
  readonly moves: readonly NodeMove[];
  /** Nodes the program names that the cluster does not have (the plan cannot be applied). */
  readonly unknownNodes: readonly string[];
  /** Remembered nodes that have left the cluster: there is nothing to put back for them. */
  readonly vanishedNodes: readonly string[];
  /** What to remember once the plan is applied. */
  readonly memory: ClusterMemory;
}

/** A node's group id; the schema allows a node without one. */
export function groupOf(node: KubernetesClusterNode): string | undefined {
  return node.node_group?.id;
}

/**
 * The requests that bring the cluster to the wish. A part the wish manages for the first time is
 * remembered as it is now; a part it no longer manages goes back to what was remembered, and is
 * forgotten. So the same function adopts (empty memory), updates, and restores (the NOTHING wish).
 */
export function planChanges(
  record: ClusterRecord,
  memory: ClusterMemory,
  wish: ClusterWish,
): ClusterPlan {
  const live = record.cluster.labels;
  let labels: StringMap | undefined;
  let originalLabels = memory.originalLabels;
  if (wish.labels !== undefined) {
    originalLabels ??= { ...live };
    if (!jsonEqual(live, wish.labels)) labels = { ...wish.labels };
  } else if (originalLabels !== undefined) {
    if (!jsonEqual(live, originalLabels)) labels = { ...originalLabels };
    originalLabels = undefined;
  }

  const nodes = new Map(record.nodes.map((node) => [node.id, node]));
  const moves: NodeMove[] = [];
  const unknownNodes: string[] = [];
  const vanishedNodes: string[] = [];
  const originalNodeGroups: Record<string, string> = {};
  for (const [nodeId, nodeGroupId] of Object.entries(wish.nodeGroups)) {
    const node = nodes.get(nodeId);
    if (node === undefined) {
      unknownNodes.push(nodeId);
      continue;
    }
    const current = groupOf(node);
    // A node that had no group cannot be put back into "no group": it is not remembered.
    const original = memory.originalNodeGroups[nodeId] ?? current;
    if (original !== undefined) originalNodeGroups[nodeId] = original;
    if (current !== nodeGroupId) moves.push({ nodeId, nodeGroupId });
  }
  for (const [nodeId, original] of Object.entries(memory.originalNodeGroups)) {
    if (Object.hasOwn(wish.nodeGroups, nodeId)) continue;
    const node = nodes.get(nodeId);
    if (node === undefined) vanishedNodes.push(nodeId);
    else if (groupOf(node) !== original) moves.push({ nodeId, nodeGroupId: original });
  }

  return {
    ...(labels === undefined ? {} : { labels }),
    moves,
    unknownNodes,
    vanishedNodes,
    memory: {
      ...(originalLabels === undefined ? {} : { originalLabels }),
      originalNodeGroups,
    },
  };
}

/** The memory as the outputs hold it (the names are the outputs'). */
export function memoryOutputs(memory: ClusterMemory): Record<string, unknown> {
  return {
    ...(memory.originalLabels === undefined
      ? {}
      : { originalLabels: { ...memory.originalLabels } }),
    originalNodeGroups: { ...memory.originalNodeGroups },
  };
}

/** The memory from outputs (the old state); anything malformed counts as not remembered. */
export function memoryFrom(outputs: PropertyBag): ClusterMemory {
  const originalLabels = stringMap(outputs.originalLabels);
  return {
    ...(originalLabels === undefined ? {} : { originalLabels }),
    originalNodeGroups: stringMap(outputs.originalNodeGroups) ?? {},
  };
}

/** The wish from inputs that check has passed: absent `nodeGroups` places no node. */
export function wishOf(inputs: PropertyBag): ClusterWish {
  const labels = stringMap(inputs.labels);
  return {
    ...(labels === undefined ? {} : { labels }),
    nodeGroups: stringMap(inputs.nodeGroups) ?? {},
  };
}

/** The live node group of each node the resource places (the remembered ones still there). */
export function placedNodeGroups(record: ClusterRecord, memory: ClusterMemory): StringMap {
  const out: Record<string, string> = {};
  for (const node of record.nodes) {
    const group = groupOf(node);
    if (Object.hasOwn(memory.originalNodeGroups, node.id) && group !== undefined) {
      out[node.id] = group;
    }
  }
  return out;
}

function stringMap(value: unknown): StringMap | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry === "string") out[key] = entry;
  }
  return out;
}
