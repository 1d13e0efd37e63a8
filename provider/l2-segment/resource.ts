// The L2Segment resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import type { L2MemberMode, L2SegmentType } from "../../sdk/areas/l2-segments";
import { KindResource } from "../framework/resource";
import { l2SegmentKind } from "./definition";
import type { L2MemberOutput } from "./members";

/** A dedicated server in the segment, and how it joins it. */
export interface L2SegmentMemberArgs {
  /** The id of a dedicated server in one of the location group's locations. */
  readonly id: pulumi.Input<string>;
  /** native (untagged) or trunk (tagged with the segment's VLAN). */
  readonly mode: pulumi.Input<L2MemberMode>;
}

export interface L2SegmentArgs {
  /** public or private; must be the location group's type. Changing it replaces the segment. */
  readonly type: pulumi.Input<L2SegmentType>;
  /** The location group (GET /l2_segments/location_groups); changing it replaces the segment. */
  readonly locationGroupId: pulumi.Input<number>;
  /** The dedicated servers in the segment, each once; changed in place (order does not matter). */
  readonly members: pulumi.Input<pulumi.Input<L2SegmentMemberArgs>[]>;
  /** The segment's name; default: the Pulumi resource name. */
  readonly name?: pulumi.Input<string>;
  /** The complete label set; omitted means none. */
  readonly labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * Take over the existing segment with this id instead of creating one (from the program itself,
   * where `pulumi import` writes code). Its type and location group must match; name, members and
   * labels are then brought to the declared values.
   */
  readonly adoptId?: pulumi.Input<string>;
}

/**
 * An L2 segment: a layer-2 network joining dedicated servers of one location group.
 *
 * Every create and every change (name, members or labels alone included) is applied by the network:
 * the segment is `pending` until it is `active` again, and the resource waits for that. A request
 * the API refuses while the segment is pending (409 NOT_READY) is repeated until it is accepted.
 * Delete waits until the segment is gone.
 *
 * Default timeouts (the custom timeouts resource option changes them): create, update and delete 30
 * minutes.
 */
export class L2Segment extends KindResource {
  declare readonly name: pulumi.Output<string>;
  declare readonly type: pulumi.Output<string>;
  declare readonly status: pulumi.Output<string>;
  declare readonly locationGroupId: pulumi.Output<number>;
  /** The code of the segment's location group. */
  declare readonly locationGroupCode: pulumi.Output<string | undefined>;
  /** The members as the API reports them, sorted by id (vlan is set for trunk members). */
  declare readonly members: pulumi.Output<L2MemberOutput[]>;
  /** The labels, without the provider's ownership label. */
  declare readonly labels: pulumi.Output<Record<string, string>>;
  declare readonly createdAt: pulumi.Output<string | null>;
  /** null while the segment was never updated. */
  declare readonly updatedAt: pulumi.Output<string | null>;

  constructor(name: string, args: L2SegmentArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(l2SegmentKind, name, { ...args, name: args.name ?? name }, opts);
  }
}
