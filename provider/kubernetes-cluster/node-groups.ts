// The node groups a KubernetesCluster resource creates (`managedNodeGroups`): which declared group
// is which live one, and the requests that bring them to the declaration. Pure functions:
// provider.ts sends the requests.
//
// Consent rules (docs/wire.md, "Kubernetes clusters"): only groups this resource created (their
// ids are in its outputs) are ever renamed, described or deleted; a group the cluster or someone
// else made is never touched, and a declared name that such a group already holds is refused
// rather than taken over. A created group is deleted only once it is empty: the nodes the resource
// put in it go back to the group they came from first, and a node it did not put there (moved in
// by hand) stops the plan before any request, naming the node.
import type {
  KubernetesClusterNode,
  KubernetesNodeGroup,
} from "../../sdk/areas/kubernetes-clusters";
import type { PropertyBag } from "../framework/check";

/** One group as the program declares it. */
export interface NodeGroupWish {
  readonly name: string;
  /** Undefined: the description is not managed. */
  readonly description?: string;
  /** The ids of the nodes the resource puts in the group. */
  readonly nodeIds: readonly string[];
}

/** One created group as the outputs show it (and remember it: the id). */
export interface KubernetesClusterNodeGroupOutput {
  /** The node group's id. */
  readonly id: string;
  /** The node group's name. */
  readonly name: string;
  /** The node group's description; null when it has none. */
  readonly description: string | null;
  /** The ids of the nodes in the group now, by number (declared ones and any moved in by hand). */
  readonly nodeIds: string[];
  /** How many nodes the group holds. */
  readonly nodeCount: number;
}

export interface NodeGroupCreate {
  /** Its index in the declaration. */
  readonly index: number;
  readonly name: string;
  readonly description?: string;
}

export interface NodeGroupUpdate {
  readonly id: string;
  readonly name?: string;
  readonly description?: string;
}

export interface NodeGroupPlan {
  /** Groups to create, in declaration order. */
  readonly creates: readonly NodeGroupCreate[];
  readonly updates: readonly NodeGroupUpdate[];
  /** Created groups no longer declared: deleted once the nodes have moved. */
  readonly deletes: readonly KubernetesNodeGroup[];
  /** Per declared group (by index): the live group it is, undefined until created. */
  readonly matched: readonly (string | undefined)[];
  /** Remembered groups that no longer exist: there is nothing to delete. */
  readonly vanished: readonly string[];
  /** Declared names held by a group this resource did not create (the plan cannot be applied). */
  readonly clashes: readonly { name: string; id: string }[];
}

/** The created groups' ids, in declaration order, from the outputs (the old state). */
export function managedIdsFrom(outputs: PropertyBag): readonly string[] {
  const list = outputs.managedNodeGroups;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown) =>
    typeof entry === "object" &&
    entry !== null &&
    typeof (entry as { id?: unknown }).id === "string"
      ? [(entry as { id: string }).id]
      : [],
  );
}

/** The declaration from inputs that check has passed; undefined when the property is absent. */
export function groupWishesOf(inputs: PropertyBag): readonly NodeGroupWish[] {
  const list = inputs.managedNodeGroups;
  if (!Array.isArray(list)) return [];
  return list.map((entry: unknown) => {
    const group = entry as { name: string; description?: unknown; nodeIds?: unknown };
    return {
      name: group.name,
      ...(typeof group.description === "string" ? { description: group.description } : {}),
      nodeIds: Array.isArray(group.nodeIds) ? group.nodeIds.map(String) : [],
    };
  });
}

/**
 * Which declared group is which created one: the same name first; then, for a declared group at
 * index i still unmatched, the group remembered at index i if it is unmatched too (a rename in
 * place). Declared groups left over are created; created groups left over are deleted.
 */
export function planNodeGroups(
  live: readonly KubernetesNodeGroup[],
  managed: readonly string[],
  wishes: readonly NodeGroupWish[],
): NodeGroupPlan {
  const byId = new Map(live.map((group) => [group.id, group]));
  const vanished = managed.filter((id) => !byId.has(id));
  const ours = managed.filter((id) => byId.has(id));
  const matched: (string | undefined)[] = wishes.map(() => undefined);
  const taken = new Set<string>();
  wishes.forEach((wish, index) => {
    const same = ours.find((id) => !taken.has(id) && byId.get(id)?.name === wish.name);
    if (same !== undefined) {
      matched[index] = same;
      taken.add(same);
    }
  });
  wishes.forEach((_wish, index) => {
    const candidate = managed[index];
    if (matched[index] !== undefined || candidate === undefined) return;
    if (byId.has(candidate) && !taken.has(candidate)) {
      matched[index] = candidate;
      taken.add(candidate);
    }
  });

  const creates: NodeGroupCreate[] = [];
  const updates: NodeGroupUpdate[] = [];
  const clashes: { name: string; id: string }[] = [];
  const owned = new Set(ours);
  wishes.forEach((wish, index) => {
    const id = matched[index];
    if (id === undefined) {
      const holder = live.find((group) => !owned.has(group.id) && group.name === wish.name);
      if (holder !== undefined) clashes.push({ name: wish.name, id: holder.id });
      creates.push({
        index,
        name: wish.name,
        ...(wish.description === undefined ? {} : { description: wish.description }),
      });
      return;
    }
    const group = byId.get(id);
    const name = group?.name === wish.name ? undefined : wish.name;
    const description =
      wish.description === undefined || wish.description === (group?.description ?? "")
        ? undefined
        : wish.description;
    if (name !== undefined || description !== undefined) {
      updates.push({
        id,
        ...(name === undefined ? {} : { name }),
        ...(description === undefined ? {} : { description }),
      });
    }
  });
  const deletes = ours.filter((id) => !taken.has(id)).flatMap((id) => byId.get(id) ?? []);
  return { creates, updates, deletes, matched, vanished, clashes };
}

/** The created groups as the outputs show them, in the remembered order. */
export function managedOutputs(
  live: readonly KubernetesNodeGroup[],
  nodes: readonly KubernetesClusterNode[],
  managed: readonly string[],
): KubernetesClusterNodeGroupOutput[] {
  const sorted = [...nodes].sort((a, b) => a.number - b.number);
  return managed.flatMap((id) => {
    const group = live.find((candidate) => candidate.id === id);
    if (group === undefined) return [];
    const nodeIds = sorted.filter((node) => node.node_group?.id === id).map((node) => node.id);
    return [
      {
        id,
        name: group.name,
        description: group.description ?? null,
        nodeIds,
        nodeCount: nodeIds.length,
      },
    ];
  });
}

/**
 * The live values of `managedNodeGroups` (what a refresh compares with the old inputs): each
 * created group's name, its description when it has one, and every node in it. A group renamed
 * or a node moved out (or in) by hand shows as a difference.
 */
export function managedLiveInputs(
  outputs: readonly KubernetesClusterNodeGroupOutput[],
): PropertyBag[] {
  return outputs.map((group) => ({
    name: group.name,
    ...(group.description === null ? {} : { description: group.description }),
    nodeIds: [...group.nodeIds],
  }));
}

/**
 * Whether the declaration differs from what the outputs hold: another number of groups, a name,
 * a declared description, or a declared node not in its group. Nodes moved into a created group
 * by hand are no difference: nothing declares where they belong.
 */
export function managedDiffers(declared: unknown, outputs: unknown): boolean {
  const wishes = Array.isArray(declared) ? declared : [];
  const groups = Array.isArray(outputs) ? (outputs as KubernetesClusterNodeGroupOutput[]) : [];
  if (wishes.length !== groups.length) return true;
  return wishes.some((entry: unknown, index) => {
    const wish = entry as { name?: unknown; description?: unknown; nodeIds?: unknown };
    const group = groups[index];
    if (group === undefined || wish.name !== group.name) return true;
    if (wish.description !== undefined && wish.description !== (group.description ?? "")) {
      return true;
    }
    const ids = Array.isArray(wish.nodeIds) ? wish.nodeIds : [];
    return ids.some((id: unknown) => !group.nodeIds.includes(String(id)));
  });
}
