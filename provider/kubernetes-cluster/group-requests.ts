// The node group requests of a KubernetesCluster (provider.ts sends them in this order: create,
// rename or describe, move nodes in, move nodes back, delete) and the refusals made before any of
// them: a declared name another group holds, a group to delete that holds a node with nowhere to
// go, a cluster another resource has taken in charge.
import type { KubernetesNodeGroup } from "../../sdk/areas/kubernetes-clusters";
import type { ServersComClient } from "../../sdk/client";
import { NotFoundError } from "../../sdk/core/errors";
import type { PropertyBag } from "../framework/check";
import { OWNER_INPUT } from "../framework/hidden";
import { isAmbiguous } from "../framework/late-commit";
import { OWNER_LABEL_KEY } from "../framework/ownership";
import type { ClusterMemory, ClusterPlan, ClusterRecord } from "./changes";
import type { NodeGroupCreate } from "./node-groups";

/** Whether the resource must read the cluster's node groups (it created some). */
export function hasGroups(memory: ClusterMemory): boolean {
  return (memory.managedNodeGroups ?? []).length > 0;
}

/** A refusal made before any request: what stops the plan, what to do, and that nothing changed. */
function stopped(prefix: string, problem: string, remedy: string): Error {
  return new Error(`${prefix}: ${problem}. ${remedy}. Nothing was changed`);
}

/**
 * One cluster, one resource: labels are sent whole, so a second resource's update would erase
 * the first one's ownership label (and each would record the other's labels as originals).
 */
export function refuseAnotherOwner(record: ClusterRecord, inputs: PropertyBag, prefix: string) {
  const mine = inputs[OWNER_INPUT];
  const theirs = record.cluster.labels[OWNER_LABEL_KEY];
  if (typeof mine !== "string" || theirs === undefined || theirs === mine) return;
  throw stopped(
    prefix,
    `clusterId: the cluster carries the ownership label ${OWNER_LABEL_KEY}=${theirs} of another ` +
      "resource, which manages it already",
    "One resource per cluster: remove that resource (its delete takes the label off), or take " +
      "the label off by hand if nothing manages the cluster any more, then run again",
  );
}

/** A declared group whose name another group of the cluster holds: never taken over. */
export function refuseClashes(prefix: string, plan: ClusterPlan): void {
  const named = (plan.groups?.clashes ?? []).map((clash) => `"${clash.name}" (${clash.id})`);
  if (named.length === 0) return;
  throw stopped(
    prefix,
    `managedNodeGroups declares ${named.join(", ")}, a name a node group of the cluster holds ` +
      "already that this resource did not create",
    "It is never taken over: choose another name (to put nodes into an existing group, use " +
      "nodeGroups: node id -> node group id)",
  );
}

/** A created group to delete still holding nodes the resource cannot send anywhere. */
export function refuseBlocked(prefix: string, plan: ClusterPlan): void {
  const named = (plan.groups?.blocked ?? []).map(
    (entry) => `${entry.group.name} (${entry.group.id}) holds ${entry.nodeIds.join(", ")}`,
  );
  if (named.length === 0) return;
  throw stopped(
    prefix,
    `node groups this resource created are to be deleted, but ${named.join("; ")}, which this ` +
      "resource did not put there and cannot send back anywhere",
    "Move those nodes to another group (or declare the group again in managedNodeGroups), then " +
      "run again",
  );
}

/**
 * POST a node group. After an ambiguous failure (the answer lost), the group may exist: one
 * listing finds a group of this name that was not there before, and takes it (it can only be
 * this call's: the name was free, checked before). Otherwise the failure stands.
 */
export async function createGroup(
  client: ServersComClient,
  clusterId: string,
  create: NodeGroupCreate,
  before: readonly KubernetesNodeGroup[],
): Promise<KubernetesNodeGroup> {
  try {
    return await client.kubernetesClusters.createNodeGroup(clusterId, {
      name: create.name,
      ...(create.description === undefined ? {} : { description: create.description }),
    });
  } catch (error) {
    if (!isAmbiguous(error)) throw error;
    const known = new Set(before.map((group) => group.id));
    const after = await client.kubernetesClusters
      .listNodeGroups(clusterId)
      .toArray({ limit: 1001 });
    const made = after.find((group) => !known.has(group.id) && group.name === create.name);
    if (made === undefined) throw error;
    return made;
  }
}

/** DELETE a node group; 404 is done. */
export async function deleteGroup(
  client: ServersComClient,
  clusterId: string,
  groupId: string,
): Promise<void> {
  try {
    await client.kubernetesClusters.deleteNodeGroup(clusterId, groupId);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
}

/**
 * The created groups as far as the requests went, for the state at any moment: the declared
 * groups with an id (matched, or created by now), then the groups to delete not deleted yet.
 */
export class GroupProgress {
  private readonly ids: (string | undefined)[];
  private readonly pending: Set<string>;

  constructor(plan: ClusterPlan) {
    this.ids = [...(plan.groups?.matched ?? plan.memory.managedNodeGroups ?? [])];
    this.pending = new Set((plan.groups?.deletes ?? []).map((group) => group.id));
  }

  created(index: number, id: string): void {
    this.ids[index] = id;
  }

  deleted(id: string): void {
    this.pending.delete(id);
  }

  idAt(index: number): string | undefined {
    return this.ids[index];
  }

  remembered(): string[] {
    return [...this.ids.filter((id): id is string => id !== undefined), ...this.pending];
  }
}
