// The KubernetesBaremetalNodePower resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import { KindResource } from "../framework/resource";
import { kubernetesBaremetalNodePowerKind } from "./definition";

export interface KubernetesBaremetalNodePowerArgs {
  /**
   * The bare metal node host's id (GET /hosts/kubernetes_baremetal_nodes; a cluster node's
   * `refId`). Changing it manages another node: a replacement.
   */
  readonly nodeId: pulumi.Input<string>;
  /** Only true, the default: the resource keeps the node powered on. */
  readonly poweredOn?: pulumi.Input<true>;
}

/**
 * Keeps a Kubernetes bare metal node powered on.
 *
 * Create and update switch the node on when its power status is not `powered_on` and wait until it
 * is; while another power operation is in progress (409) the request is repeated until the timeout,
 * and a node that is not ready (412, e.g. still being installed) fails with a message saying so.
 * Refresh reports the live power status: a node switched off outside Pulumi shows as a change of
 * `poweredOn`, which the next `pulumi up` undoes.
 *
 * Delete sends nothing: the node stays in whatever power state it is in (the API cannot delete
 * nodes, and switching one off because a program stopped declaring this resource would take a
 * cluster node down by surprise).
 *
 * Default timeouts (the custom timeouts resource option changes them): create and update 15
 * minutes.
 */
export class KubernetesBaremetalNodePower extends KindResource {
  declare readonly nodeId: pulumi.Output<string>;
  /** Whether the node's power status is `powered_on` (false during a power operation). */
  declare readonly poweredOn: pulumi.Output<boolean>;
  /** The live power_status: powered_on, powering_on, powered_off... */
  declare readonly powerStatus: pulumi.Output<string>;
  /** The node's title (its hostname); absent when the API has none. */
  declare readonly title: pulumi.Output<string | undefined>;
  declare readonly status: pulumi.Output<string>;
  declare readonly operationalStatus: pulumi.Output<string | undefined>;
  /** The Kubernetes cluster the node belongs to. */
  declare readonly clusterId: pulumi.Output<string>;
  /** The node's id and number within the cluster (GET /kubernetes_clusters/{id}/nodes). */
  declare readonly clusterNodeId: pulumi.Output<string>;
  /** The node's number in its cluster. */
  declare readonly clusterNodeNumber: pulumi.Output<number>;
  declare readonly locationId: pulumi.Output<number>;
  declare readonly locationCode: pulumi.Output<string>;

  constructor(
    name: string,
    args: KubernetesBaremetalNodePowerArgs,
    opts: pulumi.CustomResourceOptions = {},
  ) {
    super(
      kubernetesBaremetalNodePowerKind,
      name,
      { ...args, poweredOn: args.poweredOn ?? true },
      opts,
    );
  }
}
