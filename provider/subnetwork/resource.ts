// The Subnetwork resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import { KindResource } from "../framework/resource";
import { subnetworkKind } from "./definition";

/** Exactly one of `cidr` and `mask`. */
export interface SubnetworkArgs {
  /** The network pool to allocate from (getNetworkPool); changing it replaces the subnetwork. */
  readonly networkPoolId: pulumi.Input<string>;
  /** The range to allocate, inside the pool, e.g. "10.0.0.0/29"; changing it replaces. */
  readonly cidr?: pulumi.Input<string>;
  /** Or the prefix length of a free range the API picks, e.g. 29; changing it replaces. */
  readonly mask?: pulumi.Input<number>;
  /** The title; omitted means none. The only property changed in place. */
  readonly title?: pulumi.Input<string>;
  /**
   * Take over the existing subnetwork with this id, `network_pools/<pool id>/subnetworks/<id>`
   * (from the program itself, where `pulumi import` writes code; Terraform's import id is the last
   * part). Its pool, and `cidr` or `mask` where declared, must match; the title is then set.
   */
  readonly adoptId?: pulumi.Input<string>;
}

/**
 * A subnetwork allocated from a network pool, for servers' additional networks (Terraform:
 * serverscom_subnetwork).
 *
 * The resource's id is the subnetwork's API path below /v1, `network_pools/<pool
 * id>/subnetworks/<subnetwork id>`; the `subnetworkId` output is its own id. Subnetworks have no
 * labels: with `cidr`, a create stops before ordering when the pool already has a subnetwork with
 * that range, naming it (take it over with the `adoptId` property); a create whose answer was lost
 * finds the one it made by its range. With only `mask`, an order interrupted before its answer may
 * leave an unused subnetwork (the getSubnetworks function lists them).
 *
 * Default timeouts (the custom timeouts resource option changes them): create, update and delete 5
 * minutes.
 */
export class Subnetwork extends KindResource {
  declare readonly networkPoolId: pulumi.Output<string>;
  declare readonly title: pulumi.Output<string | null>;
  /** The allocated range (also when only a mask was declared). */
  declare readonly cidr: pulumi.Output<string>;
  /** The range's prefix length. */
  declare readonly mask: pulumi.Output<number>;
  /** Whether a server uses it. */
  declare readonly attached: pulumi.Output<boolean | null>;
  /** The pool's type: "private" or "public". */
  declare readonly interfaceType: pulumi.Output<string | null>;
  /** The subnetwork's own id in the API. */
  declare readonly subnetworkId: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string | null>;
  declare readonly updatedAt: pulumi.Output<string | null>;

  constructor(name: string, args: SubnetworkArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(subnetworkKind, name, args, opts);
  }
}
