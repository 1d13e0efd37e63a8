// What a KubernetesCluster resource changes on an existing cluster, and what it remembers so that
// it can put things back. The API cannot create or delete clusters, so the resource manages parts
// of one: its labels and the node groups of the nodes the program names. The values those parts
// had before the resource first set them live only in the resource's outputs (the state): the API
// keeps no trace of them. Pure functions: provider.ts sends the requests.
import type {
  KubernetesCluster,
  KubernetesClusterNode,
  KubernetesNodeGroup,
} from "../../sdk/areas/kubernetes-clusters";
import type { PropertyBag } from "../framework/check";
import { jsonEqual } from "../framework/diff";
import { OWNER_INPUT } from "../framework/hidden";
import { OWNER_LABEL_KEY, withoutOwnerLabel } from "../framework/ownership";
import {
  groupWishesOf,
  managedIdsFrom,
  type NodeGroupPlan,
  type NodeGroupWish,
  planNodeGroups,
} from "./node-groups";

/** The cluster with all its nodes. */
export interface ClusterRecord {
  readonly cluster: KubernetesCluster;
  readonly nodes: readonly KubernetesClusterNode[];
  /** The cluster's node groups, read when the resource manages some (node-groups.ts). */
  readonly groups?: readonly KubernetesNodeGroup[];
}

type StringMap = Readonly<Record<string, string>>;

/** What the resource puts back when it stops managing a part (or is deleted). */
export interface ClusterMemory {
  /** The labels before the resource first set them; undefined while it does not manage labels. */
  readonly originalLabels?: StringMap;
  /** For each node the resource places: its node group before the resource first placed it. */
  readonly originalNodeGroups: StringMap;
  /** The ids of the node groups the resource created, in declaration order (absent: none). */
  readonly managedNodeGroups?: readonly string[];
}

/** What the program asks for. */
export interface ClusterWish {
  /** The complete label set; undefined: labels are not managed. */
  readonly labels?: StringMap;
  /** Node id -> node group id for the nodes the resource places; other nodes are left alone. */
  readonly nodeGroups: StringMap;
  /** The groups the resource creates and keeps (node-groups.ts); [] when absent. */
  readonly groups: readonly NodeGroupWish[];
  /** This resource's ownership label, stamped on the cluster (undefined: none to stamp). */
  readonly owner?: string;
  /** An ownership label to take off the cluster (delete). */
  readonly release?: string;
}

/** A wish for nothing: every part goes back to what it was (delete). */
export const NOTHING: ClusterWish = { nodeGroups: {}, groups: [] };
/** The memory of a resource that has changed nothing yet (create). */
export const NO_MEMORY: ClusterMemory = { originalNodeGroups: {}, managedNodeGroups: [] };

export interface NodeMove {
  readonly nodeId: string;
  readonly nodeGroupId: string;
}

export interface ClusterPlan {
  /** The complete label set to send; undefined: leave the labels alone. */
  readonly labels?: StringMap;
  /** Node group changes, in the order to send them. */
  readonly moves: readonly NodeMove[];
  /** Nodes `nodeGroups` names that the cluster does not have (the plan cannot be applied). */
  readonly unknownNodes: readonly string[];
  /** Nodes `managedNodeGroups` names that the cluster does not have. */
  readonly unknownGroupedNodes: readonly string[];
  /** Remembered nodes that have left the cluster: there is nothing to put back for them. */
  readonly vanishedNodes: readonly string[];
  /** The node group requests (node-groups.ts); undefined when the groups were not read. */
  readonly groups?: GroupChanges;
  /** What to remember once the plan is applied (created groups: provider.ts adds them). */
  readonly memory: ClusterMemory;
}

export interface GroupChanges extends NodeGroupPlan {
  /** Per declared group (by index): the nodes to move into it. */
  readonly joins: readonly (readonly string[])[];
  /** Created groups to delete that hold nodes with nowhere to go (the plan cannot be applied). */
  readonly blocked: readonly { group: KubernetesNodeGroup; nodeIds: readonly string[] }[];
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
  const { labels, originalLabels } = planLabels(record.cluster.labels, memory, wish);
  const nodes = new Map(record.nodes.map((node) => [node.id, node]));
  const moves: NodeMove[] = [];
  const unknownNodes: string[] = [];
  const vanishedNodes: string[] = [];
  const originalNodeGroups: Record<string, string> = {};
  const grouped = new Set(wish.groups.flatMap((group) => group.nodeIds));
  const unknownGroupedNodes: string[] = [];
  const remember = (nodeId: string, unknown: string[]): KubernetesClusterNode | undefined => {
    const node = nodes.get(nodeId);
    if (node === undefined) {
      unknown.push(nodeId);
      return undefined;
    }
    // A node that had no group cannot be put back into "no group": it is not remembered.
    const original = memory.originalNodeGroups[nodeId] ?? groupOf(node);
    if (original !== undefined) originalNodeGroups[nodeId] = original;
    return node;
  };
  for (const [nodeId, nodeGroupId] of Object.entries(wish.nodeGroups)) {
    const node = remember(nodeId, unknownNodes);
    if (node !== undefined && groupOf(node) !== nodeGroupId) moves.push({ nodeId, nodeGroupId });
  }
  for (const nodeId of grouped) remember(nodeId, unknownGroupedNodes);
  for (const [nodeId, original] of Object.entries(memory.originalNodeGroups)) {
    if (Object.hasOwn(wish.nodeGroups, nodeId) || grouped.has(nodeId)) continue;
    const node = nodes.get(nodeId);
    if (node === undefined) vanishedNodes.push(nodeId);
    else if (groupOf(node) !== original) moves.push({ nodeId, nodeGroupId: original });
  }
  const groups =
    record.groups === undefined ? undefined : groupChanges(record, memory, wish, moves);

  return {
    ...(labels === undefined ? {} : { labels }),
    moves,
    unknownNodes,
    unknownGroupedNodes,
    vanishedNodes,
    ...(groups === undefined ? {} : { groups }),
    memory: {
      ...(originalLabels === undefined ? {} : { originalLabels }),
      originalNodeGroups,
      managedNodeGroups: memory.managedNodeGroups ?? [],
    },
  };
}

/**
 * The label set to send (undefined: none), the user's labels with this resource's ownership
 * label (ownership.ts; it marks the cluster as taken in charge, native/delete-first.ts), and the
 * labels to remember. The ownership label is never among the remembered or shown labels.
 */
function planLabels(
  live: StringMap,
  memory: ClusterMemory,
  wish: ClusterWish,
): { labels?: StringMap; originalLabels?: StringMap } {
  const users = withoutOwnerLabel(live);
  let originalLabels = memory.originalLabels;
  let wanted: StringMap = users;
  if (wish.labels !== undefined) {
    originalLabels ??= users;
    wanted = wish.labels;
  } else if (originalLabels !== undefined) {
    wanted = originalLabels;
    originalLabels = undefined;
  }
  const liveOwner = live[OWNER_LABEL_KEY];
  const owner =
    wish.owner ?? (liveOwner !== undefined && liveOwner !== wish.release ? liveOwner : undefined);
  const target = { ...wanted, ...(owner === undefined ? {} : { [OWNER_LABEL_KEY]: owner }) };
  return {
    ...(jsonEqual(live, target) ? {} : { labels: target }),
    ...(originalLabels === undefined ? {} : { originalLabels }),
  };
}

/**
 * The node group requests: which groups to create, rename, describe and delete; the nodes each
 * declared group must receive; and the nodes that stop a delete (in a group to delete, but put
 * there by no one the resource knows, so with nowhere to go back to).
 */
function groupChanges(
  record: ClusterRecord,
  memory: ClusterMemory,
  wish: ClusterWish,
  moves: readonly NodeMove[],
): GroupChanges {
  const plan = planNodeGroups(record.groups ?? [], memory.managedNodeGroups ?? [], wish.groups);
  const joins = wish.groups.map((group, index) => {
    const id = plan.matched[index];
    return record.nodes
      .filter(
        (node) => group.nodeIds.includes(node.id) && (id === undefined || groupOf(node) !== id),
      )
      .map((node) => node.id);
  });
  const leaving = new Set([
    ...moves.map((move) => move.nodeId),
    ...wish.groups.flatMap((group) => group.nodeIds),
  ]);
  const blocked = plan.deletes.flatMap((group) => {
    const stuck = record.nodes
      .filter((node) => groupOf(node) === group.id && !leaving.has(node.id))
      .map((node) => node.id);
    return stuck.length === 0 ? [] : [{ group, nodeIds: stuck }];
  });
  return { ...plan, joins, blocked };
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
  const managed = managedIdsFrom(outputs);
  return {
    ...(originalLabels === undefined ? {} : { originalLabels }),
    originalNodeGroups: stringMap(outputs.originalNodeGroups) ?? {},
    ...(managed.length === 0 ? {} : { managedNodeGroups: managed }),
  };
}

/** The wish from inputs that check has passed: absent `nodeGroups` places no node. */
export function wishOf(inputs: PropertyBag): ClusterWish {
  const labels = stringMap(inputs.labels);
  return {
    ...(labels === undefined ? {} : { labels }),
    nodeGroups: stringMap(inputs.nodeGroups) ?? {},
    groups: groupWishesOf(inputs),
    ...(typeof inputs[OWNER_INPUT] === "string" ? { owner: inputs[OWNER_INPUT] } : {}),
  };
}

/**
 * The live node group of each node the resource places by `nodeGroups` (the remembered ones
 * still there, but not those in a group it created: `managedNodeGroups` shows them).
 */
export function placedNodeGroups(record: ClusterRecord, memory: ClusterMemory): StringMap {
  const out: Record<string, string> = {};
  for (const node of record.nodes) {
    const group = groupOf(node);
    if (group !== undefined && (memory.managedNodeGroups ?? []).includes(group)) continue;
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
