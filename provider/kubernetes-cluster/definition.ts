// KubernetesCluster: the data of the kind (names, timeouts, input rules, the diff, record <->
// outputs). Unlike the kinds built on framework/lifecycle.ts it never creates or deletes an
// object: the API cannot. It takes charge of an existing cluster named by id, manages its labels
// and the node groups of the nodes the program names, and puts them back when it lets go
// (changes.ts). provider.ts holds its lifecycle.
import type { KubernetesCluster, KubernetesClusterNode } from "../../sdk/areas/kubernetes-clusters";
import {
  type Checker,
  cutShort,
  idIssue,
  MAX_NAME_LENGTH,
  type PropertyBag,
  shown,
} from "../framework/check";
import { type DiffOutcome, jsonEqual } from "../framework/diff";
import type { KindTimeouts, ReplaceDeletesFirst } from "../framework/kind";
import { withoutOwnerLabel } from "../framework/ownership";
import { containsUnknown, isUnknown } from "../framework/unknowns";
import {
  type ClusterMemory,
  type ClusterRecord,
  groupOf,
  memoryOutputs,
  placedNodeGroups,
} from "./changes";
import { groupWishesOf, managedDiffers, managedLiveInputs, managedOutputs } from "./node-groups";

const MINUTE = 60_000;

/** The type's name (token `pulumi-nodejs:dynamic/serverscom:KubernetesCluster`): never rename. */
export const KUBERNETES_CLUSTER_KIND = "KubernetesCluster";
export const KUBERNETES_CLUSTER_NOUN = "Kubernetes cluster";

/**
 * One cluster, two generations: the new one would record the old one's changes as the
 * originals, and the old one's delete would then undo the new one's labels and groups. The class
 * defaults deleteBeforeReplace from it; the native door's Diff and create-first check read it.
 */
export const KUBERNETES_CLUSTER_REPLACEMENT: ReplaceDeletesFirst = {
  reason:
    "both generations would take charge of the same cluster, and the old one's delete would " +
    "undo what the new one applied",
  required: true,
};

/**
 * Create and update wait up to 30 minutes for the cluster to be `active` (a cluster being
 * provisioned elsewhere may still be `pending`). Delete only sends the requests that put labels
 * and node groups back: it has nothing to wait for.
 */
export const KUBERNETES_CLUSTER_TIMEOUTS: KindTimeouts = {
  create: 30 * MINUTE,
  update: 30 * MINUTE,
  delete: 30 * MINUTE,
};

/** The inputs once check has passed. */
export interface KubernetesClusterInputs {
  readonly clusterId: string;
  readonly labels?: Readonly<Record<string, string>>;
  readonly nodeGroups?: Readonly<Record<string, string>>;
  readonly managedNodeGroups?: readonly {
    readonly name: string;
    readonly description?: string;
    readonly nodeIds?: readonly string[];
  }[];
}

/** Every output of the resource. */
export const KUBERNETES_CLUSTER_OUTPUTS = [
  "clusterId",
  "name",
  "status",
  "locationId",
  "locationCode",
  "labels",
  "nodes",
  "nodeGroups",
  "managedNodeGroups",
  "originalLabels",
  "originalNodeGroups",
  "createdAt",
  "updatedAt",
] as const;

/** One node as the resource outputs it. */
export interface KubernetesClusterNodeOutput {
  /** The node's id (the key of the `nodeGroups` property). */
  readonly id: string;
  /** The node's number in the cluster. */
  readonly number: number;
  /** The node's host name. */
  readonly hostname: string;
  /** The node's hardware configuration in words. */
  readonly configuration: string;
  /** cloud or baremetal. */
  readonly type: string;
  /** master or node. */
  readonly role: string;
  /** The node's status as the API reports it. */
  readonly status: string;
  /** The id of the node group the node is in; null when it is in none. */
  readonly nodeGroupId: string | null;
  /** The name of the node group the node is in; null when it is in none. */
  readonly nodeGroupName: string | null;
  /** The node's private IPv4 address; null when it has none. */
  readonly privateIpv4Address: string | null;
  /** The node's public IPv4 address; null when it has none. */
  readonly publicIpv4Address: string | null;
  /** The underlying cloud instance or bare metal node host (KubernetesBaremetalNodePower's nodeId). */
  readonly refId: string;
}

export function checkKubernetesCluster(c: Checker): void {
  // A path segment of every request: bounded like every such id (framework/check.ts).
  c.id("clusterId", true);
  c.labels();
  checkNodeGroups(c);
  checkManagedNodeGroups(c);
}

const MANAGED = "managedNodeGroups";

/**
 * `managedNodeGroups`: a list of { name, description?, nodeIds? }; names non-empty and unique, a
 * node in one group at most and not also placed by `nodeGroups` (unknown values pass).
 */
function checkManagedNodeGroups(c: Checker): void {
  const value = c.news[MANAGED];
  if (value === undefined || value === null || isUnknown(value)) return;
  if (!Array.isArray(value)) {
    c.fail(MANAGED, `${MANAGED} must be a list of node groups ({ name, description, nodeIds })`);
    return;
  }
  const names = new Map<string, number>();
  const homes = new Map<string, string>();
  const placed = c.news.nodeGroups;
  value.forEach((entry: unknown, index) => {
    const at = `${MANAGED}[${index}]`;
    if (isUnknown(entry)) return;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
      c.fail(
        MANAGED,
        `${at} must be an object { name, description, nodeIds } (got ${shown(entry)})`,
      );
      return;
    }
    const group = entry as { name?: unknown; description?: unknown; nodeIds?: unknown };
    const name = group.name;
    if (!isUnknown(name)) {
      if (typeof name !== "string" || name.trim() === "") {
        c.fail(MANAGED, `${at}.name must be a non-empty string (got ${shown(name)})`);
      } else if (name.length > MAX_NAME_LENGTH) {
        c.fail(
          MANAGED,
          `${at}.name must be at most ${MAX_NAME_LENGTH} characters (got ${name.length})`,
        );
      } else if (names.has(name)) {
        c.fail(
          MANAGED,
          `${at}.name ${shown(name)} is already the name of ${MANAGED}[${names.get(name)}]: ` +
            "node group names must be unique; rename one of them",
        );
      } else {
        names.set(name, index);
      }
    }
    const description = group.description;
    if (description !== undefined && description !== null && !isUnknown(description)) {
      if (typeof description !== "string") {
        c.fail(MANAGED, `${at}.description must be a string (got ${shown(description)})`);
      }
    }
    checkGroupNodes(c, at, group.nodeIds, homes, placed);
  });
}

/** A group's nodeIds: node ids, each in one declared group at most, none in `nodeGroups`. */
function checkGroupNodes(
  c: Checker,
  at: string,
  nodeIds: unknown,
  homes: Map<string, string>,
  placed: unknown,
): void {
  if (nodeIds === undefined || nodeIds === null || isUnknown(nodeIds)) return;
  if (!Array.isArray(nodeIds)) {
    c.fail(MANAGED, `${at}.nodeIds must be a list of node ids (got ${shown(nodeIds)})`);
    return;
  }
  for (const nodeId of nodeIds) {
    if (isUnknown(nodeId)) continue;
    if (typeof nodeId !== "string" || nodeId.trim() === "") {
      c.fail(MANAGED, `${at}.nodeIds: a node id must be a non-empty string (got ${shown(nodeId)})`);
      continue;
    }
    const issue = idIssue(nodeId);
    if (issue !== undefined) {
      c.fail(MANAGED, `${at}.nodeIds: a node id ${issue}`);
      continue;
    }
    const home = homes.get(nodeId);
    if (home !== undefined) {
      c.fail(
        MANAGED,
        `${at}.nodeIds names node ${cutShort(nodeId)}, which ${home} names already: a node is ` +
          "in one node group; keep it in one of them",
      );
      continue;
    }
    homes.set(nodeId, at);
    if (typeof placed === "object" && placed !== null && Object.hasOwn(placed, nodeId)) {
      c.fail(
        MANAGED,
        `${at}.nodeIds names node ${cutShort(nodeId)}, which nodeGroups places too: name each ` +
          "node in one of the two properties",
      );
    }
  }
}

/** `nodeGroups`: an object of node ids to node group ids (unknown values pass). */
function checkNodeGroups(c: Checker): void {
  const value = c.news.nodeGroups;
  if (value === undefined || value === null || isUnknown(value)) return;
  if (typeof value !== "object" || Array.isArray(value)) {
    c.fail("nodeGroups", "nodeGroups must be an object of node ids to node group ids");
    return;
  }
  for (const [nodeId, groupId] of Object.entries(value)) {
    if (nodeId.trim() === "") {
      c.fail("nodeGroups", "nodeGroups: a node id must be a non-empty string");
    } else if (idIssue(nodeId) !== undefined) {
      // A path segment of the node's requests, as clusterId is.
      c.fail("nodeGroups", `nodeGroups: a node id ${idIssue(nodeId)}`);
    } else if (!isUnknown(groupId) && (typeof groupId !== "string" || groupId.trim() === "")) {
      c.fail(
        "nodeGroups",
        `nodeGroups[${shown(nodeId)}] must be a node group id (got ${shown(groupId)})`,
      );
    }
  }
}

/**
 * The diff of the inputs against the old outputs (or, in refresh, of the old inputs against the
 * refreshed outputs). Labels are a change when they differ, and also when the resource starts or
 * stops managing them: then it must remember the labels as they are, or put the remembered ones
 * back. A node named for the first time is a change even in its group already: it is remembered.
 */
export function diffKubernetesCluster(olds: PropertyBag, news: PropertyBag): DiffOutcome {
  const replaces: string[] = [];
  const clusterId = news.clusterId;
  if (isUnknown(clusterId) || (clusterId !== undefined && clusterId !== olds.clusterId)) {
    replaces.push("clusterId");
  }
  const updates: string[] = [];
  const labels = news.labels;
  const remembersLabels = olds.originalLabels !== undefined && olds.originalLabels !== null;
  if (labels !== undefined && labels !== null) {
    if (containsUnknown(labels) || !remembersLabels || !jsonEqual(labels, olds.labels)) {
      updates.push("labels");
    }
  } else if (remembersLabels) {
    updates.push("labels");
  }
  const nodeGroups = news.nodeGroups ?? {};
  if (
    containsUnknown(nodeGroups) ||
    !jsonEqual(nodeGroups, withoutGrouped(olds.nodeGroups, news.managedNodeGroups))
  ) {
    updates.push("nodeGroups");
  }
  const managed = news.managedNodeGroups;
  if (containsUnknown(managed) || managedDiffers(managed, olds.managedNodeGroups)) {
    updates.push("managedNodeGroups");
  }
  return {
    changes: replaces.length > 0 || updates.length > 0,
    replaces,
    updates,
    // A new clusterId means letting go of the old cluster first: its labels and nodes go back.
    deleteBeforeReplace: true,
  };
}

/**
 * The old `nodeGroups` outputs without the nodes `managedNodeGroups` declares: a declared node
 * moved by hand into a group the resource did not create shows there, and is that property's
 * change, not this one's.
 */
function withoutGrouped(placed: unknown, groups: unknown): Record<string, unknown> {
  const declared = new Set(groupWishesOf({ managedNodeGroups: groups }).flatMap((g) => g.nodeIds));
  const entries = typeof placed === "object" && placed !== null ? Object.entries(placed) : [];
  return Object.fromEntries(entries.filter(([nodeId]) => !declared.has(nodeId)));
}

/** Outputs: the cluster and its nodes, the placed nodes' groups, and what to put back. */
export function clusterOutputs(
  record: ClusterRecord,
  memory: ClusterMemory,
): Record<string, unknown> {
  const { cluster } = record;
  return {
    clusterId: cluster.id,
    ...clusterFields(cluster),
    nodes: [...record.nodes].sort((a, b) => a.number - b.number).map(nodeOutput),
    nodeGroups: placedNodeGroups(record, memory),
    managedNodeGroups: managedOutputs(
      record.groups ?? [],
      record.nodes,
      memory.managedNodeGroups ?? [],
    ),
    ...memoryOutputs(memory),
  };
}

/** A cluster's own fields, as the KubernetesCluster resource and getKubernetesCluster show them. */
export function clusterFields(cluster: KubernetesCluster) {
  return {
    name: cluster.name,
    status: cluster.status,
    locationId: cluster.location_id,
    locationCode: cluster.location_code ?? null,
    labels: withoutOwnerLabel(cluster.labels),
    createdAt: cluster.created_at,
    updatedAt: cluster.updated_at,
  };
}

/** The live values of the inputs: labels only while the resource manages them. */
export function clusterLiveInputs(
  record: ClusterRecord,
  memory: ClusterMemory,
): Record<string, unknown> {
  return {
    clusterId: record.cluster.id,
    ...(memory.originalLabels === undefined
      ? {}
      : { labels: withoutOwnerLabel(record.cluster.labels) }),
    nodeGroups: placedNodeGroups(record, memory),
    ...((memory.managedNodeGroups ?? []).length === 0
      ? {}
      : {
          managedNodeGroups: managedLiveInputs(
            managedOutputs(record.groups ?? [], record.nodes, memory.managedNodeGroups ?? []),
          ),
        }),
  };
}

function nodeOutput(node: KubernetesClusterNode): KubernetesClusterNodeOutput {
  return {
    id: node.id,
    number: node.number,
    hostname: node.hostname,
    configuration: node.configuration,
    type: node.type,
    role: node.role,
    status: node.status,
    // null rather than absent: outputs are a protobuf Struct, which has no undefined.
    nodeGroupId: groupOf(node) ?? null,
    nodeGroupName: node.node_group?.name ?? null,
    privateIpv4Address: node.private_ipv4_address,
    publicIpv4Address: node.public_ipv4_address,
    refId: node.ref_id,
  };
}
