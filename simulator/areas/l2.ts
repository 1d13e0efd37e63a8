// The L2 segment area: location groups, segments, their members (dedicated servers) and their
// networks (l2-networks.ts).
// Every create and update sends the segment back to pending until the network is rebuilt
// (l2_change); while pending it refuses changes with 409 NOT_READY (wire-notes.md).
import {
  accepted,
  type FieldErrors,
  integerProblem,
  isNonEmptyString,
  isObject,
  ok,
  readBody,
  readLabels,
  validationFailed,
} from "../framework/body";
import { registerCollection } from "../framework/collection";
import {
  type Area,
  type AreaHandler,
  type AreaHelpers,
  type Json,
  type Router,
  SimApiError,
  type SimContext,
  type Step,
  type WireRecord,
} from "../framework/contract";
import { nextSequence } from "../framework/sequence";
import { type L2LocationGroup, l2LocationGroup, l2LocationGroups } from "../seed/l2";
import { activeIpxe, featuresOf } from "./dedicated-servers-ipxe";
import { changedNetworks, segmentNetworks, settledNetworks } from "./l2-networks";

const SEGMENTS = "l2_segments";
const SERVERS = "dedicated_servers";
const BASE = "/v1/l2_segments";
const FIRST_VLAN = 100;

/** A member as stored on its segment (`_members`); title and labels are read from the server. */
interface StoredMember {
  readonly id: string;
  readonly mode: "native" | "trunk";
  readonly status: string;
  readonly created_at: string;
  readonly updated_at: string;
}

interface MemberInput {
  readonly id: string;
  readonly mode: "native" | "trunk";
}

function groupRecord(group: L2LocationGroup): WireRecord {
  return {
    ...group,
    location_ids: [...group.location_ids],
    location_codes: [...group.location_codes],
    hyperscalers: [...group.hyperscalers],
  };
}

function storedMembers(segment: WireRecord): StoredMember[] {
  const members = segment._members;
  if (!Array.isArray(members)) return [];
  const objects = members.filter((member): member is { [key: string]: Json } => isObject(member));
  return objects.map((member) => ({
    id: String(member.id),
    mode: member.mode === "trunk" ? "trunk" : "native",
    status: String(member.status),
    created_at: String(member.created_at),
    updated_at: String(member.updated_at),
  }));
}

function membersJson(members: readonly StoredMember[]): Json {
  return members.map((member) => ({ ...member }));
}

function validateMembers(
  ctx: SimContext,
  group: L2LocationGroup,
  value: unknown,
  errors: FieldErrors,
): MemberInput[] {
  if (!Array.isArray(value) || value.length === 0) {
    errors.members = "must list at least one dedicated server as {id, mode}";
    return [];
  }
  const seen = new Set<string>();
  const members: MemberInput[] = [];
  value.forEach((entry: unknown, index) => {
    const at = `members.${index}`;
    if (!isObject(entry) || typeof entry.id !== "string") {
      errors[`${at}.id`] = "is required";
      return;
    }
    if (entry.mode !== "native" && entry.mode !== "trunk") {
      errors[`${at}.mode`] = "must be native or trunk";
    }
    const problem = memberProblem(ctx, group, entry.id, seen);
    if (problem !== undefined) errors[`${at}.id`] = problem;
    seen.add(entry.id);
    if (entry.mode === "native" || entry.mode === "trunk")
      members.push({ id: entry.id, mode: entry.mode });
  });
  return members;
}

function memberProblem(
  ctx: SimContext,
  group: L2LocationGroup,
  serverId: string,
  seen: ReadonlySet<string>,
): string | undefined {
  if (seen.has(serverId)) return `dedicated server ${serverId} is listed twice`;
  const server = ctx.store.get(SERVERS, serverId);
  if (server === undefined) return `dedicated server ${serverId} not found`;
  if (typeof server.location_id !== "number" || !group.location_ids.includes(server.location_id)) {
    return `dedicated server ${serverId} is outside the location group ${group.code}`;
  }
  // iPXE Boot is incompatible with L2 segments (api-spec.md, iPXE restriction 5).
  if (activeIpxe(featuresOf(server)) !== undefined) {
    return `dedicated server ${serverId} uses iPXE Boot, which is incompatible with L2 segments`;
  }
  return undefined;
}

/** Members keep their status and dates unless their mode changed; new ones start as "new". */
function mergeMembers(
  previous: readonly StoredMember[],
  inputs: readonly MemberInput[],
  now: string,
): StoredMember[] {
  return inputs.map((input) => {
    const kept = previous.find((member) => member.id === input.id);
    if (kept !== undefined && kept.mode === input.mode) return kept;
    return {
      id: input.id,
      mode: input.mode,
      status: "new",
      created_at: kept?.created_at ?? now,
      updated_at: now,
    };
  });
}

/** Tells the dedicated servers area which segments a server is in (it refuses iPXE for them). */
function linkServers(
  ctx: SimContext,
  segmentId: string,
  before: readonly string[],
  after: readonly string[],
) {
  for (const serverId of new Set([...before, ...after])) {
    const server = ctx.store.get(SERVERS, serverId);
    if (server === undefined) continue;
    const current = Array.isArray(server._l2_segment_ids)
      ? server._l2_segment_ids.filter((id): id is string => typeof id === "string")
      : [];
    const others = current.filter((id) => id !== segmentId);
    const next = after.includes(serverId) ? [...others, segmentId] : others;
    if (next.length !== current.length || next.some((id, i) => id !== current[i])) {
      ctx.store.update(SERVERS, serverId, { _l2_segment_ids: next });
    }
  }
}

/**
 * The rebuild step: the segment, every member and every network become active once the change
 * is applied (removed networks are gone then).
 */
function activationSteps(
  helpers: AreaHelpers,
  members: readonly StoredMember[],
  networks: readonly WireRecord[],
): Step[] {
  const active = members.map((member) => ({ ...member, status: "active" }));
  return [
    {
      afterMs: helpers.duration("l2_change"),
      set: {
        status: "active",
        _members: membersJson(active),
        _networks: settledNetworks(networks),
      },
    },
  ];
}

const createSegment: AreaHandler = (ctx, helpers, req) => {
  const body = readBody(req);
  const errors: FieldErrors = {};
  if (body.name !== undefined && !isNonEmptyString(body.name)) {
    errors.name = "must not be empty";
  }
  if (body.type !== "public" && body.type !== "private") errors.type = "must be public or private";
  const group =
    typeof body.location_group_id === "number"
      ? l2LocationGroup(body.location_group_id)
      : undefined;
  if (group === undefined) {
    errors.location_group_id =
      integerProblem(body.location_group_id) ?? "must be the id of a location group";
  } else if (body.type !== undefined && body.type !== group.group_type) {
    errors.type = `location group ${group.code} offers ${group.group_type} segments only`;
  }
  const inputs = group === undefined ? [] : validateMembers(ctx, group, body.members, errors);
  const labels = readLabels(helpers, body, errors) ?? {};
  if (group === undefined || Object.keys(errors).length > 0) throw validationFailed(errors);
  const id = ctx.newId();
  const now = ctx.clock.iso();
  const members = mergeMembers([], inputs, now);
  const record: WireRecord = {
    id,
    name: typeof body.name === "string" ? body.name : `l2-segment-${id.toLowerCase()}`,
    type: group.group_type,
    status: "pending",
    location_group_id: group.id,
    location_group_code: group.code,
    labels,
    created_at: now,
    updated_at: now,
    _members: membersJson(members),
    _vlan: nextSequence(ctx, "l2_vlan_seq", FIRST_VLAN),
  };
  const created = ctx.store.insert(SEGMENTS, record, activationSteps(helpers, members, []));
  linkServers(
    ctx,
    id,
    [],
    members.map((member) => member.id),
  );
  return accepted(created);
};

function assertSettled(segment: WireRecord): void {
  if (segment.status === "pending") {
    throw new SimApiError(
      409,
      "NOT_READY",
      `L2 segment ${String(segment.id)} is pending: wait until it is active`,
    );
  }
  if (segment.status === "removing") {
    throw new SimApiError(409, "CONFLICT", `L2 segment ${String(segment.id)} is being removed`);
  }
}

const updateSegment: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  const segment = helpers.getOr404(ctx, SEGMENTS, id);
  assertSettled(segment);
  const body = readBody(req);
  const errors: FieldErrors = {};
  if (body.name !== undefined && !isNonEmptyString(body.name)) {
    errors.name = "must not be empty";
  }
  const group = l2LocationGroup(Number(segment.location_group_id));
  const inputs =
    body.members === undefined || group === undefined
      ? undefined
      : validateMembers(ctx, group, body.members, errors);
  const labels = readLabels(helpers, body, errors);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const previous = storedMembers(segment);
  const members = inputs === undefined ? previous : mergeMembers(previous, inputs, ctx.clock.iso());
  const patch: WireRecord = { status: "pending", _members: membersJson(members) };
  if (typeof body.name === "string") patch.name = body.name;
  if (labels !== undefined) patch.labels = labels;
  // Every update, even of labels only, is applied by the network and goes through pending.
  const steps = activationSteps(helpers, members, segmentNetworks(segment));
  const updated = ctx.store.update(SEGMENTS, id, patch, steps);
  linkServers(
    ctx,
    id,
    previous.map((member) => member.id),
    members.map((member) => member.id),
  );
  return ok(updated);
};

const deleteSegment: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  const segment = helpers.getOr404(ctx, SEGMENTS, id);
  if (segment.status === "removing") return accepted(segment);
  assertSettled(segment);
  const steps: Step[] = [{ afterMs: helpers.duration("l2_delete"), remove: true }];
  const removing = ctx.store.update(SEGMENTS, id, { status: "removing" }, steps);
  // The servers leave the segment now: nothing can be attached to a segment being removed.
  linkServers(
    ctx,
    id,
    storedMembers(segment).map((member) => member.id),
    [],
  );
  return accepted(removing);
};

/** A change of the segment's networks: like every change, applied through pending. */
const changeNetworks: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  const segment = helpers.getOr404(ctx, SEGMENTS, id);
  assertSettled(segment);
  const networks = changedNetworks(ctx, segment, readBody(req));
  const steps = activationSteps(helpers, storedMembers(segment), networks);
  return ok(ctx.store.update(SEGMENTS, id, { status: "pending", _networks: networks }, steps));
};

function memberRecords(ctx: SimContext, segment: WireRecord): WireRecord[] {
  const vlan = typeof segment._vlan === "number" ? segment._vlan : null;
  return storedMembers(segment).map((member) => {
    const server = ctx.store.get(SERVERS, member.id);
    return {
      id: member.id,
      title: typeof server?.title === "string" ? server.title : "",
      mode: member.mode,
      vlan: member.mode === "trunk" ? vlan : null,
      status: member.status,
      labels: isObject(server?.labels) ? (server.labels as { [key: string]: Json }) : {},
      created_at: member.created_at,
      updated_at: member.updated_at,
    };
  });
}

function register(router: Router, helpers: AreaHelpers): void {
  router.add("GET", `${BASE}/location_groups`, (req) =>
    helpers.list(req, l2LocationGroups.map(groupRecord), {
      filters: { group_type: "group_type" },
    }),
  );
  registerCollection(router, helpers, {
    path: BASE,
    collection: SEGMENTS,
    list: {
      sortable: ["id", "name", "status", "created_at", "updated_at"],
      searchField: "name",
      labelSelector: true,
      filters: { type: "type", status: "status", location_group_id: "location_group_id" },
    },
    create: createSegment,
    update: updateSegment,
    remove: deleteSegment,
  });
  // api-spec.md: label_selector, per_page and page only (no sorting parameters).
  router.add("GET", `${BASE}/:id/networks`, (req, ctx) =>
    helpers.list(req, segmentNetworks(helpers.getOr404(ctx, SEGMENTS, req.params.id ?? "")), {
      sortable: ["id", "created_at", "updated_at"],
    }),
  );
  router.add("PUT", `${BASE}/:id/networks`, (req, ctx) => changeNetworks(ctx, helpers, req));
  router.add("GET", `${BASE}/:id/members`, (req, ctx) =>
    helpers.list(req, memberRecords(ctx, helpers.getOr404(ctx, SEGMENTS, req.params.id ?? "")), {
      labelSelector: true,
    }),
  );
}

export const l2Area: Area = {
  name: "l2",
  register,
};
