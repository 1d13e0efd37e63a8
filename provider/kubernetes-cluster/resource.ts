// The KubernetesCluster resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import { KindResource } from "../framework/resource";
import {
  KUBERNETES_CLUSTER_KIND,
  KUBERNETES_CLUSTER_OUTPUTS,
  KUBERNETES_CLUSTER_REPLACEMENT,
  type KubernetesClusterNodeOutput,
} from "./definition";
import type { KubernetesClusterNodeGroupOutput } from "./node-groups";

export interface KubernetesClusterArgs {
  /** The id of an existing cluster (the API cannot create one). Another id replaces the resource. */
  readonly clusterId: pulumi.Input<string>;
  /**
   * The cluster's complete label set; `{}` removes every label. Omitted: the labels are left as
   * they are.
   */
  readonly labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * Node id -> node group id for the nodes to place (ids from the `nodes` output). Nodes not named
   * are left in their groups.
   */
  readonly nodeGroups?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * Node groups this resource creates and keeps: each with a unique `name`, an optional
   * `description` and the ids of the nodes to put in it (`nodeIds`, ids from the `nodes` output).
   * A group is matched by name, or by its position when its name changes (a rename in place).
   * Removing a group moves the nodes the resource put in it back to the group they came from,
   * then deletes it. Groups this resource did not create are never renamed, moved or deleted:
   * a declared name such a group holds is refused, and a created group to delete that holds a
   * node someone else moved in stops the update until that node is moved. Omitted: no group is
   * created, and those created earlier are deleted as above.
   */
  readonly managedNodeGroups?: pulumi.Input<pulumi.Input<KubernetesManagedNodeGroupArgs>[]>;
}

/** One node group a KubernetesCluster creates and keeps. */
export interface KubernetesManagedNodeGroupArgs {
  /** The group's name, unique in the cluster. */
  readonly name: pulumi.Input<string>;
  /** The group's description; omitted: left as it is. */
  readonly description?: pulumi.Input<string>;
  /** The ids of the nodes to put in the group. */
  readonly nodeIds?: pulumi.Input<pulumi.Input<string>[]>;
}

/**
 * An existing Kubernetes cluster, named by id: the API cannot create or delete clusters (they are
 * ordered elsewhere), so this resource manages parts of one, its labels, the node groups of the
 * nodes the program names and the node groups it creates itself (`managedNodeGroups`), and waits
 * until the cluster is `active` after each change.
 *
 * Letting go puts back what the resource changed, and nothing else:
 * - deleting the resource (or replacing it with another `clusterId`) restores the labels the
 *   cluster had before the resource first set them, and moves every node it placed back to the node
 *   group the node was in before. The cluster itself keeps running;
 * - removing `labels` from the program, or a node from `nodeGroups`, does the same for that part.
 * What it will put back is shown in the `originalLabels` and `originalNodeGroups` outputs.
 *
 * - removing a group from `managedNodeGroups` moves its nodes back, then deletes the group.
 *
 * The cluster carries the ownership label `pulumi-serverscom/owner` while the resource manages it
 * (never shown in `labels`): a cluster another resource manages is refused, and a replacement
 * that would take charge before the old generation let go is stopped.
 *
 * Default timeouts (the custom timeouts resource option changes them): create and update wait up to
 * 30 minutes for the cluster to be active; delete does not wait.
 */
export class KubernetesCluster extends KindResource {
  declare readonly clusterId: pulumi.Output<string>;
  /** The cluster's name. */
  declare readonly name: pulumi.Output<string>;
  declare readonly status: pulumi.Output<string>;
  declare readonly locationId: pulumi.Output<number>;
  declare readonly locationCode: pulumi.Output<string>;
  /** The cluster's labels, all of them (managed or not). */
  declare readonly labels: pulumi.Output<Record<string, string>>;
  /** Every node of the cluster, by number. */
  declare readonly nodes: pulumi.Output<KubernetesClusterNodeOutput[]>;
  /** The live node group of each node the resource places. */
  declare readonly nodeGroups: pulumi.Output<Record<string, string>>;
  /** The node groups this resource created, in the declared order, with their nodes now. */
  declare readonly managedNodeGroups: pulumi.Output<KubernetesClusterNodeGroupOutput[]>;
  /** The labels that deleting the resource puts back; absent while it does not manage labels. */
  declare readonly originalLabels: pulumi.Output<Record<string, string> | undefined>;
  /** The node group each placed node goes back to when the resource is deleted. */
  declare readonly originalNodeGroups: pulumi.Output<Record<string, string>>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: KubernetesClusterArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(
      {
        name: KUBERNETES_CLUSTER_KIND,
        secretOutputs: [],
        outputNames: KUBERNETES_CLUSTER_OUTPUTS,
        replaceDeletesFirst: KUBERNETES_CLUSTER_REPLACEMENT,
      },
      name,
      args,
      opts,
    );
  }
}
