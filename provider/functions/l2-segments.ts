// L2 segments and their members (the dedicated servers a segment joins, each in native or trunk
// mode).
import type { L2Member, L2Segment } from "../../sdk/areas/l2-segments";
import { withoutOwnerLabel } from "../framework/ownership";
import { definedFields, text } from "./framework/args";
import { camelFields } from "./framework/fields";
import { type LookupOptions, outputForm, promiseForm } from "./framework/invoke";
import { collectFiltered } from "./framework/lists";
import { namedCandidate } from "./framework/match";
import { accountItem } from "./framework/one";
import { type LabelSelector, selectorText } from "./framework/selector";

/** One segment by exactly one of id or name (case-insensitive). */
export interface GetL2SegmentArgs {
  /** The segment's id (give exactly one of id and name). */
  readonly id?: string;
  /** The segment's name, case-insensitive (give exactly one of id and name). */
  readonly name?: string;
}

/** A segment; fields its record lacks are null (docs/wire.md: the record is not promised). */
export interface GetL2SegmentResult {
  /** The segment's id. */
  readonly id: string;
  /** The segment's name; null where the API does not say. */
  readonly name: string | null;
  /** "public" or "private". */
  readonly type: string | null;
  readonly status: string;
  /** The id of the segment's location group; null where the API does not say. */
  readonly locationGroupId: number | null;
  /** The code of the segment's location group; null where the API does not say. */
  readonly locationGroupCode: string | null;
  /** The labels, without the provider's ownership label. */
  readonly labels: Record<string, string>;
  readonly createdAt: string | null;
  /** null for a segment never updated. */
  readonly updatedAt: string | null;
}

export interface GetL2SegmentMembersArgs {
  /** The segment's id. */
  readonly l2SegmentId: string;
  /** Only members whose labels (their servers' labels) match (text or a builder). */
  readonly labelSelector?: LabelSelector;
  /** The most members to return, 1 to 10,000 (default 1,000); more is an error. */
  readonly limit?: number;
}

/** A member of an L2 segment: a server it joins. */
export interface L2SegmentMemberResult {
  /** The dedicated server's id. */
  readonly id: string;
  /** The member server's title. */
  readonly title: string;
  /** "native" or "trunk". */
  readonly mode: string;
  /** null in native mode. */
  readonly vlan: number | null;
  readonly status: string;
  /** The member's labels, without the provider's ownership label. */
  readonly labels: Record<string, string>;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface GetL2SegmentMembersResult {
  /** The members, in the API's order. */
  readonly members: L2SegmentMemberResult[];
}

/** One L2 segment, by exactly one of id or name (case-insensitive). */
export function getL2Segment(
  args: GetL2SegmentArgs,
  opts?: LookupOptions,
): Promise<GetL2SegmentResult> {
  return promiseForm("getL2Segment", opts, async (lookup) => {
    const segment = await accountItem(lookup, args, {
      what: "L2 segment",
      get: (id) => lookup.client.l2Segments.get(id, lookup.call),
      list: (query) => lookup.client.l2Segments.list(query, lookup.call),
      candidate: (segment: L2Segment) => namedCandidate(segment, segment.name ?? ""),
    });
    return l2SegmentResult(segment);
  });
}

export const getL2SegmentOutput = outputForm(getL2Segment);

/** The members of an L2 segment (the servers it joins), filtered by labels. */
export function getL2SegmentMembers(
  args: GetL2SegmentMembersArgs,
  opts?: LookupOptions,
): Promise<GetL2SegmentMembersResult> {
  return promiseForm("getL2SegmentMembers", opts, async (lookup) => {
    const l2SegmentId = text(lookup.fn, args, "l2SegmentId");
    const filters = definedFields({ labelSelector: selectorText(lookup.fn, args.labelSelector) });
    const members = await collectFiltered(
      lookup,
      {
        what: `members of L2 segment ${l2SegmentId}`,
        limit: args.limit,
        narrowWith: "labelSelector",
      },
      filters,
      (query) => lookup.client.l2Segments.listMembers(l2SegmentId, query, lookup.call),
    );
    return { members: members.map(memberResult) };
  });
}

export const getL2SegmentMembersOutput = outputForm(getL2SegmentMembers);

function l2SegmentResult(segment: L2Segment): GetL2SegmentResult {
  return {
    ...camelFields(segment, [
      "id",
      "name",
      "type",
      "status",
      "location_group_id",
      "location_group_code",
      "created_at",
      "updated_at",
    ]),
    labels: withoutOwnerLabel(segment.labels ?? {}),
  };
}

function memberResult(member: L2Member): L2SegmentMemberResult {
  return {
    ...camelFields(member, ["id", "title", "mode", "vlan", "status", "created_at", "updated_at"]),
    labels: withoutOwnerLabel(member.labels),
  };
}
