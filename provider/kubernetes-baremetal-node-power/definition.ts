// The power of a Kubernetes bare metal node as a resource kind (provider/framework/kind.ts).
// The node itself belongs to a cluster ordered elsewhere: the API can neither create nor delete
// it. What this kind manages is one fact about it, "powered on": create and update switch the
// node on when it is not (POST power_on) and wait until it is; delete lets the node be.

import { hostPowerStatusStates } from "../../sdk/areas/host-common";
import type { KubernetesBaremetalNode } from "../../sdk/areas/kubernetes-baremetal-nodes";
import type { ServersComClient } from "../../sdk/client";
import { ConflictError, PreconditionFailedError } from "../../sdk/core/errors";
import { stateMatcher } from "../../sdk/wait";
import { type Checker, shown } from "../framework/check";
import { messageOf } from "../framework/errors";
import type { ResourceKind } from "../framework/kind";
import { unlessNotFound } from "../framework/not-found";
import { isUnknown } from "../framework/unknowns";

const MINUTE = 60_000;
const power = stateMatcher(hostPowerStatusStates);
/** What a node's power_status says while it is on, and while it is being switched on. */
const POWERED_ON = "powered_on";
const POWERING_ON = "powering_on";

/** The inputs once check has passed. */
export interface KubernetesBaremetalNodePowerInputs {
  /** The bare metal node host's id (GET /hosts/kubernetes_baremetal_nodes/{id}). */
  readonly nodeId: string;
  /** Always true when given: the resource keeps the node powered on. */
  readonly poweredOn?: true;
}

/** Every output of the resource. */
export const KUBERNETES_BAREMETAL_NODE_POWER_OUTPUTS = [
  "nodeId",
  "poweredOn",
  "powerStatus",
  "title",
  "status",
  "operationalStatus",
  "clusterId",
  "clusterNodeId",
  "clusterNodeNumber",
  "locationId",
  "locationCode",
] as const;

export const kubernetesBaremetalNodePowerKind: ResourceKind<KubernetesBaremetalNode> = {
  name: "KubernetesBaremetalNodePower",
  noun: "Kubernetes bare metal node",
  // A bare metal server boots in minutes; the simulator takes 30 seconds. Delete sends nothing.
  defaultTimeouts: { create: 15 * MINUTE, update: 15 * MINUTE, delete: 15 * MINUTE },
  properties: {
    // Another node is another resource.
    nodeId: { rule: "replace" },
    // Absent means true: the one state this resource keeps.
    poweredOn: { rule: "update", desired: (news) => news.poweredOn ?? true },
  },
  secretOutputs: [],
  outputNames: KUBERNETES_BAREMETAL_NODE_POWER_OUTPUTS,

  check(c: Checker) {
    // A path segment of the power requests: bounded like every such id (framework/check.ts).
    c.id("nodeId", true);
    const poweredOn = c.news.poweredOn;
    if (
      poweredOn !== undefined &&
      poweredOn !== null &&
      !isUnknown(poweredOn) &&
      poweredOn !== true
    ) {
      c.fail(
        "poweredOn",
        `poweredOn must be true (got ${shown(poweredOn)}): the resource keeps the node ` +
          "powered on. To stop doing so, delete the resource (the node stays as it is)",
      );
    }
  },

  // The node's id: the one name known in every operation (its title only after a read).
  display: (bag) => (typeof bag.nodeId === "string" ? bag.nodeId : "(node)"),

  get: findNode,
  // Nothing is stamped on the node: the resource names it by id, which makes create idempotent.
  findByLabels: async () => [],
  // "Create" takes charge of an existing node: switch it on if needed.
  async create(client, inputs) {
    const { nodeId } = inputs as unknown as KubernetesBaremetalNodePowerInputs;
    const node = await findNode(client, nodeId);
    if (node === undefined) {
      throw new Error(
        `nodeId: there is no Kubernetes bare metal node with id "${nodeId}" ` +
          "(GET /hosts/kubernetes_baremetal_nodes lists them)",
      );
    }
    return switchOn(client, node);
  },
  // The only change is back to powered on (the node was switched off behind Pulumi's back).
  async update(client, id) {
    const node = await client.kubernetesBaremetalNodes.get(id);
    return switchOn(client, node);
  },
  // The node outlives the resource, in whatever power state it is in.
  delete: async () => {},
  keepsObjectOnDelete: true,
  busy: (error) =>
    error instanceof ConflictError && error.code === "CONFLICT"
      ? "another power operation is in progress: 409 CONFLICT"
      : undefined,

  id: (node) => node.id,
  state: powerStatusOf,
  // Settled: on or off; the power diff (poweredOn) decides whether to switch it on.
  isReady: (node) => power.isSettled(powerStatusOf(node)),
  labels: (node) => node.labels,

  outputs: (node) => ({
    nodeId: node.id,
    poweredOn: node.power_status === POWERED_ON,
    powerStatus: powerStatusOf(node),
    ...(node.title === null ? {} : { title: node.title }),
    status: node.status,
    ...(node.operational_status === undefined
      ? {}
      : { operationalStatus: node.operational_status }),
    clusterId: node.kubernetes_cluster_id,
    clusterNodeId: node.kubernetes_cluster_node_id,
    clusterNodeNumber: node.kubernetes_cluster_node_number,
    locationId: node.location_id,
    locationCode: node.location_code,
  }),
  liveInputs: (node) => ({ nodeId: node.id, poweredOn: node.power_status === POWERED_ON }),
};

/** Older host records have no power_status: the API's own word for that is "unknown". */
function powerStatusOf(node: KubernetesBaremetalNode): string {
  return node.power_status ?? "unknown";
}

async function findNode(
  client: ServersComClient,
  id: string,
): Promise<KubernetesBaremetalNode | undefined> {
  return unlessNotFound(client.kubernetesBaremetalNodes.get(id));
}

/**
 * POSTs power_on unless the node is on or already switching on. A 409 (another power operation
 * runs) reaches the framework, which repeats the call (busy); a 412 gets a message that says
 * what to wait for.
 */
async function switchOn(
  client: ServersComClient,
  node: KubernetesBaremetalNode,
): Promise<KubernetesBaremetalNode> {
  if (node.power_status === POWERED_ON || node.power_status === POWERING_ON) return node;
  try {
    return await client.kubernetesBaremetalNodes.powerOn(node.id);
  } catch (error) {
    if (error instanceof PreconditionFailedError) throw new NodeNotReadyError(error, node);
    throw error;
  }
}

/**
 * The API's 412 with a message saying what to wait for. Still a PreconditionFailedError (a 4xx),
 * so the framework knows that nothing changed: an update keeps the old state.
 */
class NodeNotReadyError extends PreconditionFailedError {
  override name = "NodeNotReadyError";
  constructor(answer: PreconditionFailedError, node: KubernetesBaremetalNode) {
    super(answer);
    this.message =
      `the Kubernetes bare metal node ${node.id} is not ready to be powered on (status ` +
      `${node.status}, operational status ${node.operational_status ?? "unknown"}). Run ` +
      "`pulumi up` again once it is active and its operational status is normal. " +
      `The API answered: ${messageOf(answer)}`;
  }
}
