// L2 segments as a resource kind (provider/framework/kind.ts). A segment joins dedicated servers
// of one location group into a layer-2 network. Every create and update is applied by the
// network: the segment goes `pending` and refuses further changes (409 NOT_READY) until it is
// `active` again, so the framework waits after each change and repeats a refused request.
import {
  type L2Member,
  type L2Segment,
  type L2SegmentType,
  l2SegmentStates,
} from "../../sdk/areas/l2-segments";
import type { ServersComClient } from "../../sdk/client";
import { ConflictError, NotFoundError } from "../../sdk/core/errors";
import { stateMatcher } from "../../sdk/wait";
import { type Checker, type PropertyBag, shown } from "../framework/check";
import type { ResourceKind } from "../framework/kind";
import { allOf, withoutOwnerLabel } from "../framework/ownership";
import { listRead } from "../framework/read-snapshot";
import {
  checkMembers,
  type L2MemberSpec,
  memberOutputs,
  memberSpecsOf,
  sameMembers,
} from "./members";

const MINUTE = 60_000;
const states = stateMatcher(l2SegmentStates);
const TYPES: readonly string[] = ["public", "private"] satisfies readonly L2SegmentType[];

/**
 * Members read per segment at most. A segment holds dedicated servers of one location group:
 * far fewer. Reading more would be a runaway, and reading fewer silently would make a diff lie.
 */
const MEMBER_LIMIT = 1000;

/**
 * A segment with its members, which the API serves from a second request. `members` is absent
 * in the answers of POST and PUT: such a record is never final (isReady), so the framework's
 * wait reads the segment again, members included.
 */
export interface L2SegmentRecord {
  readonly segment: L2Segment;
  readonly members?: readonly L2Member[];
}

/** The inputs once check has passed (the program's L2SegmentArgs hold pulumi.Inputs). */
export interface L2SegmentInputs {
  readonly type: L2SegmentType;
  readonly locationGroupId: number;
  readonly members: readonly L2MemberSpec[];
  readonly name: string;
  readonly labels?: Readonly<Record<string, string>>;
  readonly adoptId?: string;
}

/** Every output of the resource. */
export const L2_SEGMENT_OUTPUTS = [
  "name",
  "type",
  "status",
  "locationGroupId",
  "locationGroupCode",
  "members",
  "labels",
  "createdAt",
  "updatedAt",
] as const;

export const l2SegmentKind: ResourceKind<L2SegmentRecord> = {
  name: "L2Segment",
  noun: "L2 segment",
  // The network applies a change in minutes; the Terraform provider allows 30 minutes.
  defaultTimeouts: { create: 30 * MINUTE, update: 30 * MINUTE, delete: 30 * MINUTE },
  properties: {
    // The API changes neither the type nor the location group of a segment.
    type: { rule: "replace" },
    locationGroupId: { rule: "replace" },
    name: { rule: "update" },
    // A set of servers: order does not matter, and the live records hold more than {id, mode}.
    members: { rule: "update", equal: sameMembers },
    // Absent labels mean no labels. Label-only changes are sent (the Terraform provider drops them).
    labels: { rule: "update", desired: (news) => news.labels ?? {} },
  },
  secretOutputs: [],
  outputNames: L2_SEGMENT_OUTPUTS,

  check(c: Checker) {
    const type = c.string("type", true);
    if (type !== undefined && !TYPES.includes(type)) {
      c.fail("type", `type must be public or private (got ${shown(type)})`);
    }
    c.integer("locationGroupId", true, { min: 1 });
    checkMembers(c);
    c.name();
    c.labels();
  },

  display: (bag: PropertyBag) => (typeof bag.name === "string" ? bag.name : "(unnamed)"),

  async get(client: ServersComClient, id: string) {
    try {
      const segment = await client.l2Segments.get(id);
      return { segment, members: await readMembers(client, id) };
    } catch (error) {
      // The segment, or its member list, is gone (also between the two requests).
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  },
  async findByLabels(client, labelSelector) {
    const segments = await allOf(client.l2Segments.list({ labelSelector }), "L2 segments");
    return Promise.all(
      segments.map(async (segment) => ({
        segment,
        members: await readMembers(client, segment.id),
      })),
    );
  },
  // A refresh reads segments from their list (framework/read-snapshot.ts); the members, which
  // no list of segments holds, stay one request per segment.
  listRead: listRead({
    list: (client, options) => client.l2Segments.list(options),
    id: (segment) => segment.id,
    async live(client, segment) {
      try {
        return { segment, members: await readMembers(client, segment.id) };
      } catch (error) {
        // Deleted since the list was read: gone, as `get` says.
        if (error instanceof NotFoundError) return undefined;
        throw error;
      }
    },
  }),
  async create(client, inputs, labels) {
    const { name, type, locationGroupId, members } = inputs as unknown as L2SegmentInputs;
    const segment = await client.l2Segments.create({
      name,
      type,
      location_group_id: locationGroupId,
      members: members.map(({ id, mode }) => ({ id, mode })),
      labels,
    });
    return { segment };
  },
  async update(client, id, changes, labels) {
    const { name, members } = changes as Partial<L2SegmentInputs>;
    const segment = await client.l2Segments.update(id, {
      ...(name === undefined ? {} : { name }),
      ...(members === undefined ? {} : { members: members.map(({ id, mode }) => ({ id, mode })) }),
      ...(labels === undefined ? {} : { labels }),
    });
    return { segment };
  },
  delete: (client, id) => client.l2Segments.delete(id),
  // A pending segment refuses changes and deletion until the network has applied the last one.
  busy: (error) =>
    error instanceof ConflictError && error.code === "NOT_READY"
      ? "the segment is applying a change: 409 NOT_READY"
      : undefined,

  id: (record) => record.segment.id,
  state: (record) => record.segment.status,
  isReady: (record) => states.isSettled(record.segment.status) && record.members !== undefined,
  // l2SegmentStates lists no failed status today; the table decides, not this file.
  failure: (record) =>
    states.isFailed(record.segment.status) ? `status ${record.segment.status}` : undefined,
  isGone: (record) => record.segment.status === "removing",
  labels: (record) => record.segment.labels ?? {},

  outputs: ({ segment, members }) => ({
    name: segment.name,
    type: segment.type,
    status: segment.status,
    locationGroupId: segment.location_group_id,
    ...(segment.location_group_code === undefined
      ? {}
      : { locationGroupCode: segment.location_group_code }),
    ...(members === undefined ? {} : { members: memberOutputs(members) }),
    labels: withoutOwnerLabel(segment.labels ?? {}),
    createdAt: segment.created_at ?? null,
    updatedAt: segment.updated_at ?? null,
  }),
  liveInputs: ({ segment, members }) => ({
    name: segment.name,
    type: segment.type,
    locationGroupId: segment.location_group_id,
    ...(members === undefined ? {} : { members: memberSpecsOf(members) }),
    labels: withoutOwnerLabel(segment.labels ?? {}),
  }),
};

async function readMembers(client: ServersComClient, id: string): Promise<L2Member[]> {
  const members = await client.l2Segments.listMembers(id).toArray({ limit: MEMBER_LIMIT + 1 });
  if (members.length > MEMBER_LIMIT) {
    throw new Error(
      `L2 segment ${id} has more than ${MEMBER_LIMIT} members: more than this provider reads`,
    );
  }
  return members;
}
