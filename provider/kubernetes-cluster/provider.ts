// The KubernetesCluster provider: check, diff, create, read, update, delete for an existing
// cluster. It does not use framework/lifecycle.ts, whose create POSTs (or adopts by ownership
// label) and whose delete waits for a 404: a cluster is never created or deleted here, and what
// the resource must put back on delete lives in its outputs, which the generic lifecycle does not
// carry from one operation to the next. It follows the same rules with the framework's parts:
// - create takes charge of the cluster named by `clusterId` (no ownership label: naming the
//   cluster by id makes a repeated create find the same one), applies labels and node groups,
//   and waits until the cluster is `active`;
// - once it has changed anything, every failure is a PartialResourceError carrying what it must
//   remember, so the state never loses the labels and groups to put back;
// - read reports the live cluster, and `{}` when it is gone;
// - delete puts back what the resource changed and leaves the cluster running.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { kubernetesClusterStates } from "../../sdk/areas/kubernetes-clusters";
import type { ServersComClient } from "../../sdk/client";
import {
  ApiError,
  isRetryable,
  NotFoundError,
  UnprocessableEntityError,
} from "../../sdk/core/errors";
import { type StateChange, stateMatcher, waitFor } from "../../sdk/wait";
import { Checker, type PropertyBag } from "../framework/check";
import { jsonEqual } from "../framework/diff";
import { messageOf, PartialResourceError } from "../framework/errors";
import {
  OWNER_INPUT,
  PENDING_OUTPUT,
  pendingOf,
  pickHidden,
  TIMEOUTS_INPUT,
  type TimeoutsMs,
} from "../framework/hidden";
import type { KindTimeouts } from "../framework/kind";
import type { KindProvider, ProviderContext } from "../framework/kind-provider";
import { withoutOwnerLabel } from "../framework/ownership";
import { stateChangeLine, subject } from "../framework/progress";
import { sealedProvider } from "../framework/sealed";
import {
  type ClusterMemory,
  type ClusterPlan,
  type ClusterRecord,
  memoryFrom,
  NO_MEMORY,
  NOTHING,
  planChanges,
  wishOf,
} from "./changes";
import {
  checkKubernetesCluster,
  clusterLiveInputs,
  clusterOutputs,
  diffKubernetesCluster,
  KUBERNETES_CLUSTER_KIND,
  KUBERNETES_CLUSTER_NOUN,
  KUBERNETES_CLUSTER_TIMEOUTS,
} from "./definition";
import {
  createGroup,
  deleteGroup,
  GroupProgress,
  hasGroups,
  refuseAnotherOwner,
  refuseBlocked,
  refuseClashes,
} from "./group-requests";

/** The serialised provider; the host adds it to results but not to error properties. */
const PROVIDER_KEY = "__provider";
const states = stateMatcher(kubernetesClusterStates);

/**
 * Nodes read per cluster at most. Reading more would be a runaway; reading fewer silently would
 * make the resource miss a node the program names.
 */
const NODE_LIMIT = 1000;

export function createKubernetesClusterProvider(context: ProviderContext): KindProvider {
  const lifecycle = new ClusterLifecycle(context);
  const provider: KindProvider = {
    configure: async (req) => context.configure?.(req),
    check: async (olds, news) => lifecycle.check(olds ?? {}, news),
    diff: async (_id, olds, news) => {
      const outcome = diffKubernetesCluster(olds, news);
      // An unfinished create or update (hidden.ts, PENDING_OUTPUT) survives a refresh.
      return pendingOf(olds)[PENDING_OUTPUT] === undefined || outcome.replaces.length > 0
        ? outcome
        : { ...outcome, changes: true };
    },
    create: (inputs) => lifecycle.create(inputs),
    read: (id, props) => lifecycle.read(id, props ?? {}),
    update: (id, olds, news) => lifecycle.update(id, olds, news),
    delete: (id, props) => lifecycle.delete(id, props),
  };
  // `pulumi import` through the native door refuses a cluster another resource manages, as
  // create does (native/resources.ts calls it with the importing resource's label).
  const refuseImport = async (id: string, owner: string): Promise<void> => {
    const found = await fetchCluster(context.client(), id, false);
    if (found !== undefined)
      refuseAnotherOwner(found, { [OWNER_INPUT]: owner }, prefixOf(found, {}, id));
  };
  return sealedProvider({ ...provider, refuseImport }, []);
}

class ClusterLifecycle {
  constructor(private readonly context: ProviderContext) {}

  check(olds: PropertyBag, news: PropertyBag): dynamic.CheckResult {
    const checker = new Checker(news, olds);
    checker.hidden();
    checkKubernetesCluster(checker);
    return { inputs: news, failures: checker.failures };
  }

  async create(inputs: PropertyBag): Promise<dynamic.CreateResult> {
    const client = this.context.client();
    const clusterId = String(inputs.clusterId);
    const found = await fetchCluster(client, clusterId, wishOf(inputs).groups.length > 0);
    if (found === undefined) {
      throw new Error(
        `clusterId: there is no ${KUBERNETES_CLUSTER_NOUN} with id "${clusterId}". The API ` +
          "cannot create clusters: order the cluster first, then name it here",
      );
    }
    refuseAnotherOwner(found, inputs, prefixOf(found, inputs, clusterId));
    const { record, memory } = await this.converge(client, found, NO_MEMORY, inputs, "create");
    return { id: clusterId, outs: outputsOf(record, memory, inputs) };
  }

  async read(id: string, props: PropertyBag): Promise<dynamic.ReadResult> {
    const memory = memoryFrom(props);
    const found = await fetchCluster(this.context.client(), id, hasGroups(memory));
    // An empty id tells the engine the cluster is gone: refresh drops it from the state.
    if (found === undefined) return {};
    return {
      id,
      props: { ...outputsOf(found, memory, props), ...pendingOf(props) },
      inputs: { ...clusterLiveInputs(found, memory), ...pickHidden(props) },
    };
  }

  async update(id: string, olds: PropertyBag, news: PropertyBag): Promise<dynamic.UpdateResult> {
    const client = this.context.client();
    const remembered = memoryFrom(olds);
    const groups = hasGroups(remembered) || wishOf(news).groups.length > 0;
    const found = await fetchCluster(client, id, groups);
    if (found === undefined) {
      throw new Error(
        `${prefixOf(undefined, olds, id)}: the ${KUBERNETES_CLUSTER_NOUN} no longer exists. Run ` +
          "`pulumi refresh` to drop it from the state.",
      );
    }
    const { record, memory } = await this.converge(client, found, remembered, news, "update");
    return { outs: outputsOf(record, memory, news) };
  }

  /**
   * Puts back what the resource changed: the labels it found (when it manages labels), without
   * its ownership label, the node group of every node it placed, and deletes the node groups it
   * created once their nodes are back. A node that left the cluster, or whose former group no
   * longer exists, cannot be put back: a line says so and the rest goes on, so that a destroy is
   * never stuck on something nobody can fix. A created group holding a node the resource did not
   * put there stops the delete before any request (the user moves the node, then runs again).
   * The cluster keeps running.
   */
  async delete(id: string, props: PropertyBag): Promise<void> {
    const client = this.context.client();
    const memory = memoryFrom(props);
    const found = await fetchCluster(client, id, hasGroups(memory));
    if (found === undefined) return;
    const owner = props[OWNER_INPUT];
    const plan = planChanges(found, memory, {
      ...NOTHING,
      ...(typeof owner === "string" ? { release: owner } : {}),
    });
    const prefix = prefixOf(found, props, id);
    refuseBlocked(prefix, plan);
    this.reportVanished(prefix, plan);
    try {
      if (plan.labels !== undefined) {
        await client.kubernetesClusters.update(id, { labels: plan.labels });
        // Taking the ownership label off is no news; labels put back are.
        if (!onlyOwnerDiffers(found, plan.labels)) {
          this.context.progress(`${prefix}: put back the labels it had before`);
        }
      }
    } catch (error) {
      if (error instanceof NotFoundError) return;
      throw error;
    }
    for (const move of plan.moves) {
      try {
        await client.kubernetesClusters.updateNode(id, move.nodeId, {
          node_group_id: move.nodeGroupId,
        });
        this.context.progress(`${prefix}: moved node ${move.nodeId} back to ${move.nodeGroupId}`);
      } catch (error) {
        if (!(error instanceof NotFoundError || error instanceof UnprocessableEntityError)) {
          throw error;
        }
        this.context.progress(
          `${prefix}: node ${move.nodeId} cannot go back to node group ${move.nodeGroupId} ` +
            `(${messageOf(error)}): left where it is`,
        );
      }
    }
    for (const group of plan.groups?.deletes ?? []) {
      await deleteGroup(client, id, group.id);
      this.context.progress(`${prefix}: deleted node group ${group.name} (${group.id})`);
    }
  }

  /**
   * Applies the plan towards the inputs, then waits until the cluster is active. Before any
   * request succeeded, a rejection (4xx) is a plain error: nothing changed and the old state
   * stays. After one, every failure is partial: the state must record the new memory.
   */
  private async converge(
    client: ServersComClient,
    found: ClusterRecord,
    memory: ClusterMemory,
    bag: PropertyBag,
    operation: "create" | "update",
  ): Promise<{ record: ClusterRecord; memory: ClusterMemory }> {
    const id = found.cluster.id;
    const plan = planChanges(found, memory, wishOf(bag));
    const prefix = prefixOf(found, bag, id);
    const known = found.nodes.map((node) => node.id).join(", ") || "none";
    for (const [property, unknown] of [
      ["nodeGroups", plan.unknownNodes],
      ["managedNodeGroups", plan.unknownGroupedNodes],
    ] as const) {
      if (unknown.length > 0) {
        throw new Error(
          `${prefix}: ${property} names ${unknown.join(", ")}, which the cluster does not have ` +
            `(its nodes: ${known})`,
        );
      }
    }
    refuseClashes(prefix, plan);
    refuseBlocked(prefix, plan);
    this.reportVanished(prefix, plan);
    let last = found;
    let changed = false;
    let waiting = false;
    const groups = new GroupProgress(plan);
    const remembered = (): ClusterMemory => ({
      ...plan.memory,
      managedNodeGroups: groups.remembered(),
    });
    try {
      // The ownership label alone goes last: a rejected first change then leaves no trace.
      const stampOnly = plan.labels !== undefined && onlyOwnerDiffers(found, plan.labels);
      if (plan.labels !== undefined && !stampOnly) {
        await client.kubernetesClusters.update(id, { labels: plan.labels });
        changed = true;
      }
      for (const create of plan.groups?.creates ?? []) {
        const made = await createGroup(client, id, create, found.groups ?? []);
        groups.created(create.index, made.id);
        changed = true;
        this.context.progress(`${prefix}: created node group ${made.name} (${made.id})`);
      }
      for (const update of plan.groups?.updates ?? []) {
        const { id: groupId, ...body } = update;
        await client.kubernetesClusters.updateNodeGroup(id, groupId, body);
        changed = true;
      }
      for (const [index, nodeIds] of (plan.groups?.joins ?? []).entries()) {
        const groupId = groups.idAt(index);
        if (nodeIds.length === 0 || groupId === undefined) continue;
        await client.kubernetesClusters.moveNodes(id, {
          node_group_id: groupId,
          node_ids: [...nodeIds],
        });
        changed = true;
        this.context.progress(`${prefix}: moved ${nodeIds.join(", ")} to node group ${groupId}`);
      }
      for (const move of plan.moves) {
        await client.kubernetesClusters.updateNode(id, move.nodeId, {
          node_group_id: move.nodeGroupId,
        });
        changed = true;
      }
      for (const group of plan.groups?.deletes ?? []) {
        await deleteGroup(client, id, group.id);
        groups.deleted(group.id);
        changed = true;
        this.context.progress(`${prefix}: deleted node group ${group.name} (${group.id})`);
      }
      if (plan.labels !== undefined && stampOnly) {
        await client.kubernetesClusters.update(id, { labels: plan.labels });
        changed = true;
      }
      waiting = true;
      last = await this.waitActive(
        client,
        id,
        prefix,
        timeoutsOf(bag)[operation],
        hasGroups(remembered()),
        (record) => {
          last = record;
        },
      );
      return { record: last, memory: remembered() };
    } catch (error) {
      if (!changed && isRejection(error)) throw error;
      // A request failed after others applied: the state records the cluster as they left it
      // (one read, best effort), else a refresh before the next `up` would show their changes
      // as drift. The wait keeps `last` current itself.
      if (!waiting) {
        last =
          (await fetchCluster(client, id, hasGroups(remembered())).catch(() => undefined)) ?? last;
      }
      const what = operation === "create" ? "was adopted" : "was changed";
      const message =
        `${prefix} ${what}, but the ${operation} did not finish: ${messageOf(error)}. ` +
        "Run `pulumi up` again to finish (or `pulumi destroy` to put back what it changed).";
      const properties = {
        ...bag,
        ...outputsOf(last, remembered(), bag),
        [PENDING_OUTPUT]: operation,
        [PROVIDER_KEY]: bag[PROVIDER_KEY],
      };
      throw new PartialResourceError(message, id, definedOnly(properties), [message]);
    }
  }

  /**
   * Polls until the cluster is active (it is read again either way: labels and nodes changed).
   * A cluster active at the first look prints nothing: nothing was pending.
   */
  private async waitActive(
    client: ServersComClient,
    id: string,
    prefix: string,
    timeoutMs: number,
    groups: boolean,
    track: (record: ClusterRecord) => void,
  ): Promise<ClusterRecord> {
    return waitFor(
      async () => {
        const record = await fetchCluster(client, id, groups);
        if (record === undefined) {
          throw new Error(`the ${KUBERNETES_CLUSTER_NOUN} disappeared (404)`);
        }
        track(record);
        return record;
      },
      {
        ...this.context.waitTuning(),
        description: `${KUBERNETES_CLUSTER_NOUN} ${id} to be active`,
        timeoutMs,
        state: (record) => record.cluster.status,
        isSettled: (record) => states.isSettled(record.cluster.status),
        retryOn: isRetryable,
        onChange: (change: StateChange<ClusterRecord>) => {
          if (change.previous !== undefined || !states.isSettled(change.state)) {
            this.context.progress(stateChangeLine(prefix, change));
          }
        },
      },
    );
  }

  private reportVanished(prefix: string, plan: ClusterPlan): void {
    for (const nodeId of plan.vanishedNodes) {
      this.context.progress(
        `${prefix}: node ${nodeId} is no longer in the cluster: there is nothing to put back`,
      );
    }
  }
}

/** The cluster and every node, or undefined when the cluster is gone. */
async function fetchCluster(
  client: ServersComClient,
  id: string,
  withGroups: boolean,
): Promise<ClusterRecord | undefined> {
  try {
    const cluster = await client.kubernetesClusters.get(id);
    const nodes = await client.kubernetesClusters.listNodes(id).toArray({ limit: NODE_LIMIT + 1 });
    if (nodes.length > NODE_LIMIT) {
      throw new Error(
        `${KUBERNETES_CLUSTER_NOUN} ${id} has more than ${NODE_LIMIT} nodes: more than this provider reads`,
      );
    }
    if (!withGroups) return { cluster, nodes };
    const groups = await client.kubernetesClusters
      .listNodeGroups(id)
      .toArray({ limit: NODE_LIMIT + 1 });
    if (groups.length > NODE_LIMIT) {
      throw new Error(
        `${KUBERNETES_CLUSTER_NOUN} ${id} has more than ${NODE_LIMIT} node groups: more than this provider reads`,
      );
    }
    return { cluster, nodes, groups };
  } catch (error) {
    // Gone, also between the two requests.
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** Outputs with the hidden inputs carried over (read and delete get only outputs). */
function outputsOf(
  record: ClusterRecord,
  memory: ClusterMemory,
  bag: PropertyBag,
): Record<string, unknown> {
  return { ...clusterOutputs(record, memory), ...pickHidden(bag) };
}

/** `serverscom:KubernetesCluster k8s-prod (K8sProd1)`: the cluster's name, else the outputs'. */
function prefixOf(record: ClusterRecord | undefined, bag: PropertyBag, id: string): string {
  const name = record?.cluster.name ?? (typeof bag.name === "string" ? bag.name : "(cluster)");
  return subject(KUBERNETES_CLUSTER_KIND, name, id);
}

function timeoutsOf(bag: PropertyBag): KindTimeouts {
  const custom = bag[TIMEOUTS_INPUT] as TimeoutsMs | undefined;
  return { ...KUBERNETES_CLUSTER_TIMEOUTS, ...(typeof custom === "object" ? custom : {}) };
}

/** Whether the labels to send differ from the live ones by the ownership label alone. */
function onlyOwnerDiffers(record: ClusterRecord, labels: Readonly<Record<string, string>>) {
  return jsonEqual(withoutOwnerLabel(record.cluster.labels), withoutOwnerLabel(labels));
}

/** The API refused the request (4xx): nothing changed. */
function isRejection(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** Without undefined values: the host converts results to a protobuf Struct, which rejects them. */
function definedOnly(bag: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(bag).filter(([, value]) => value !== undefined));
}
