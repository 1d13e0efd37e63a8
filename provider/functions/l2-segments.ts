// L2 segments and their members (the dedicated servers a segment joins, each in native or trunk
// mode).
import type * as pulumi from "@pulumi/pulumi";
import type { L2Member, L2Segment } from "../../sdk/areas/l2-segments";
import { withoutOwnerLabel } from "../framework/ownership";
import { definedFields, oneOf, text } from "./framework/args";
import { getById } from "./framework/by-id";
import {
  type LookupOptions,
  type LookupOutputOptions,
  lookupContext,
  lookupOutput,
  type OutputArgs,
  promiseForm,
} from "./framework/invoke";
import { collectPages, listLimit } from "./framework/lists";
import { namedCandidate, pickBySearchList } from "./framework/match";
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
  return promiseForm(async () => {
    const lookup = lookupContext("getL2Segment", opts);
    const key = oneOf(lookup.fn, args, ["id", "name"]);
    if (key === "id") {
      const id = text(lookup.fn, args, "id");
      return l2SegmentResult(
        await getById(lookup, "L2 segment", id, () =>
          lookup.client.l2Segments.get(id, lookup.call),
        ),
      );
    }
    const segment = await pickBySearchList(
      lookup,
      { what: "L2 segment", query: text(lookup.fn, args, "name"), mode: "words" },
      { what: "L2 segments" },
      (query) => lookup.client.l2Segments.list(query, lookup.call),
      (segment: L2Segment) => namedCandidate(segment, segment.name ?? ""),
    );
    return l2SegmentResult(segment);
  });
}

export function getL2SegmentOutput(
  args: OutputArgs<GetL2SegmentArgs>,
  opts?: LookupOutputOptions,
): pulumi.Output<GetL2SegmentResult> {
  return lookupOutput(getL2Segment, args, opts);
}

/** The members of an L2 segment (the servers it joins), filtered by labels. */
export function getL2SegmentMembers(
  args: GetL2SegmentMembersArgs,
  opts?: LookupOptions,
): Promise<GetL2SegmentMembersResult> {
  return promiseForm(async () => {
    const lookup = lookupContext("getL2SegmentMembers", opts);
    const l2SegmentId = text(lookup.fn, args, "l2SegmentId");
    const filters = definedFields({ labelSelector: selectorText(lookup.fn, args.labelSelector) });
    const members = await collectPages(
      lookup,
      {
        what: `members of L2 segment ${l2SegmentId}`,
        limit: listLimit(lookup.fn, args.limit),
        narrowWith: "labelSelector",
      },
      (page) =>
        lookup.client.l2Segments.listMembers(l2SegmentId, { ...page, ...filters }, lookup.call),
    );
    return { members: members.map(memberResult) };
  });
}

export function getL2SegmentMembersOutput(
  args: OutputArgs<GetL2SegmentMembersArgs>,
  opts?: LookupOutputOptions,
): pulumi.Output<GetL2SegmentMembersResult> {
  return lookupOutput(getL2SegmentMembers, args, opts);
}

function l2SegmentResult(segment: L2Segment): GetL2SegmentResult {
  return {
    id: segment.id,
    name: segment.name ?? null,
    type: segment.type ?? null,
    status: segment.status,
    locationGroupId: segment.location_group_id ?? null,
    locationGroupCode: segment.location_group_code ?? null,
    labels: withoutOwnerLabel(segment.labels ?? {}),
    createdAt: segment.created_at ?? null,
    updatedAt: segment.updated_at ?? null,
  };
}

function memberResult(member: L2Member): L2SegmentMemberResult {
  return {
    id: member.id,
    title: member.title,
    mode: member.mode,
    vlan: member.vlan,
    status: member.status,
    labels: withoutOwnerLabel(member.labels),
    createdAt: member.created_at,
    updatedAt: member.updated_at,
  };
}
