// Subnetworks of a network pool as a resource kind (provider/framework/kind.ts). Sources: the Go
// client's network pool endpoints and the Terraform provider's serverscom_subnetwork (docs/wire.md,
// "Network pools and subnetworks"). A subnetwork has no status (it is usable from the create's
// answer on) and no labels, so ownership follows what identifies one (architecture.md,
// "Ownership"):
// - by CIDR, the range itself: a subnetwork with the declared CIDR already in the pool is never
//   adopted (issue 12): the API refuses an overlapping range, so `conflict` stops the create
//   before the POST, naming it and adoptId; after an ambiguous POST failure one that appeared is
//   named the same way, never taken (issue 25, item 2: another program's cannot be told apart);
// - by mask, the API picks the range: the POST carries the ownership labels in the title (the
//   API keeps a subnetwork's title: the Go client's SubnetworkCreateInput and Update), and the
//   create then sets the declared title (issue 25, item 3). A lost answer is found by its create
//   label; a subnetwork an interrupted create of this resource left (still titled so) stops the
//   next create, named with adoptId, instead of a second order.
import type { NetworkPool, Subnetwork } from "../../sdk/areas/network-pools";
import { MAX_SUBNETWORK_MASK } from "../../sdk/areas/network-pools";
import type { ServersComClient } from "../../sdk/client";
import { cidrContains, parseCidr } from "../../sdk/core/cidr";
import { InputValidationError, NotFoundError } from "../../sdk/core/errors";
import { adoptAdvice } from "../framework/adopt-advice";
import { type Checker, CONTROL, type PropertyBag, shown } from "../framework/check";
import { jsonEqual } from "../framework/diff";
import { OWNER_INPUT } from "../framework/hidden";
import type { ResourceKind } from "../framework/kind";
import { CREATE_LABEL_KEY, OWNER_LABEL_KEY } from "../framework/ownership";

const MINUTE = 60_000;

/** The inputs as the provider receives them once check has passed. */
export interface SubnetworkInputs {
  readonly networkPoolId: string;
  readonly cidr?: string;
  readonly mask?: number;
  readonly title?: string;
  readonly adoptId?: string;
}

/** A subnetwork and the pool it was allocated from: the live object of the kind. */
export interface SubnetworkInPool {
  readonly networkPoolId: string;
  readonly record: Subnetwork;
}

export const SUBNETWORK_OUTPUTS = [
  "networkPoolId",
  "title",
  "cidr",
  "mask",
  "attached",
  "interfaceType",
  "subnetworkId",
  "createdAt",
  "updatedAt",
] as const;

/**
 * The resource id: the subnetwork's path below /v1. Its own id reaches nothing without the pool's
 * (GET /network_pools/{pool}/subnetworks/{id}), and read and delete get only the id.
 */
export function subnetworkResourceId(networkPoolId: string, id: string): string {
  return `network_pools/${networkPoolId}/subnetworks/${id}`;
}

export function parseSubnetworkResourceId(id: string): { pool: string; id: string } | Error {
  const match = /^network_pools\/([^/]+)\/subnetworks\/([^/]+)$/.exec(id);
  if (match?.[1] === undefined || match[2] === undefined) {
    return new Error(
      `"${id}" is not a Subnetwork id: expected network_pools/<network pool id>/subnetworks/<subnetwork id>`,
    );
  }
  return { pool: match[1], id: match[2] };
}

/** The title of an order by mask until its answer is in: the ownership labels (item 3). */
const ORDER_TITLE = /^pulumi-serverscom:(o[0-9a-f]{40}):(c[0-9a-f]{32})$/;

export function orderTitle(owner: string, create: string): string {
  return `pulumi-serverscom:${owner}:${create}`;
}

/** The ownership labels an order title carries (none for any other title). */
function orderLabels(title: string | null | undefined): Record<string, string> {
  const match = ORDER_TITLE.exec(title ?? "");
  if (match?.[1] === undefined || match[2] === undefined) return {};
  return { [OWNER_LABEL_KEY]: match[1], [CREATE_LABEL_KEY]: match[2] };
}

/** The prefix length of a CIDR text, or undefined when it is none. */
function maskOf(cidr: string | undefined): number | undefined {
  if (cidr === undefined) return undefined;
  const parsed = parseCidr(cidr);
  return typeof parsed === "string" ? undefined : parsed.prefix;
}

/** CIDR texts compared as networks. */
function sameCidr(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  const x = parseCidr(a);
  const y = parseCidr(b);
  if (typeof x === "string" || typeof y === "string") return a === b;
  return x.bits === y.bits && x.prefix === y.prefix && x.address === y.address;
}

/** Diff's comparison: one IPv6 network has many spellings ("2001:DB8::/32", "2001:db8::/32"). */
function equalCidr(desired: unknown, live: unknown): boolean {
  return typeof desired === "string" && typeof live === "string"
    ? sameCidr(desired, live)
    : jsonEqual(desired, live);
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null;
}

async function subnetworksOf(client: ServersComClient, pool: string): Promise<Subnetwork[]> {
  try {
    // A pool holds a bounded number of subnetworks; 1000 bounds a runaway list.
    return await client.networkPools.listSubnetworks(pool).toArray({ limit: 1000 });
  } catch (error) {
    if (error instanceof NotFoundError) {
      throw new Error(`there is no network pool "${pool}" (404) to allocate a subnetwork from`);
    }
    throw error;
  }
}

/**
 * Why the pool cannot give the declared range, or undefined when it can: an IPv6 CIDR or a mask
 * past 32 for an IPv4 pool (every pool of the sources is one: the Go client's and Terraform's
 * fixtures, srvctl's examples), a CIDR outside the pool, a mask wider than the pool's. check
 * cannot tell (it sees only the pool's id and must not call the API), so create reads the pool
 * before ordering; the API's 422 stays the second line of defence.
 */
export function poolProblem(
  pool: Pick<NetworkPool, "id" | "cidr">,
  inputs: { readonly cidr: string | undefined; readonly mask: number | undefined },
): { readonly property: "cidr" | "mask"; readonly reason: string } | undefined {
  const range = typeof pool.cidr === "string" ? parseCidr(pool.cidr) : undefined;
  if (range === undefined || typeof range === "string") return undefined;
  const family = range.family === "ipv4" ? "IPv4" : "IPv6";
  const of = `the network pool "${pool.id}" is ${family}, ${pool.cidr}`;
  if (inputs.cidr !== undefined) {
    const wanted = parseCidr(inputs.cidr);
    if (typeof wanted === "string") return undefined;
    if (wanted.family !== range.family) {
      return {
        property: "cidr",
        reason: `cidr ${inputs.cidr} is ${wanted.family === "ipv4" ? "IPv4" : "IPv6"}, but ${of}: declare a range of the pool`,
      };
    }
    if (!cidrContains(range, wanted)) {
      return {
        property: "cidr",
        reason: `cidr ${inputs.cidr} is not inside ${of}: declare a range of the pool`,
      };
    }
    return undefined;
  }
  const mask = inputs.mask;
  if (mask !== undefined && (mask < range.prefix || mask > range.bits)) {
    return {
      property: "mask",
      reason: `mask ${mask} does not fit: ${of}, whose subnetworks take a mask from ${range.prefix} to ${range.bits}`,
    };
  }
  return undefined;
}

export const subnetworkKind: ResourceKind<SubnetworkInPool> = {
  name: "Subnetwork",
  noun: "subnetwork",
  // The API answers every request at once; the only wait is delete's check that it is gone.
  defaultTimeouts: { create: 5 * MINUTE, update: 5 * MINUTE, delete: 5 * MINUTE },
  properties: {
    // The API changes only a subnetwork's title (SubnetworkUpdateInput): the rest replaces.
    networkPoolId: { rule: "replace" },
    cidr: { rule: "replace", equal: equalCidr },
    // Compared with the live CIDR's prefix length.
    mask: { rule: "replace" },
    // Absent: no title (the Go client sends null, which clears it).
    title: { rule: "update", desired: (news) => news.title ?? null },
  },
  secretOutputs: [],
  outputNames: SUBNETWORK_OUTPUTS,
  // The API refuses an overlapping CIDR (kind.conflict stops it first): a replacement that
  // keeps a declared cidr (`up --replace`) can only delete first. With a mask either works.
  replaceDeletesFirst: {
    reason: "the API refuses a CIDR that overlaps one of the pool",
    required: false,
  },

  check(c: Checker) {
    c.id("networkPoolId", true);
    const cidr = c.string("cidr", false);
    if (cidr !== undefined) {
      const parsed = parseCidr(cidr);
      if (typeof parsed === "string") {
        c.fail("cidr", `cidr ${parsed} (got ${shown(cidr)})`);
      }
    }
    c.integer("mask", false, { min: 1, max: MAX_SUBNETWORK_MASK });
    const title = c.string("title", false, 255);
    // A title is shown in the portal, in lists and in our messages: a CR or LF in it would forge
    // a line there. No official client sends one; refused rather than escaped on every read.
    if (title !== undefined && CONTROL.test(title)) {
      c.fail("title", `title must not contain control characters (got ${shown(title)})`);
    }
    const hasCidr = present(c.news.cidr);
    const hasMask = present(c.news.mask);
    if (hasCidr && hasMask) {
      c.fail(
        "mask",
        "a subnetwork takes cidr or mask, not both: cidr allocates that range of the pool, mask " +
          "any free range of that size. Remove one of them",
      );
    } else if (!hasCidr && !hasMask) {
      c.fail(
        "cidr",
        "a subnetwork needs cidr (a range of the pool, such as 10.0.0.0/29) or mask (the size " +
          "of a free range the API picks, such as 29): set one of them",
      );
    }
  },

  display: (bag: PropertyBag) =>
    typeof bag.title === "string"
      ? bag.title
      : typeof bag.cidr === "string"
        ? bag.cidr
        : "(untitled)",

  async get(client, resourceId) {
    const parsed = parseSubnetworkResourceId(resourceId);
    if (parsed instanceof Error) throw parsed;
    try {
      const record = await client.networkPools.getSubnetwork(parsed.pool, parsed.id);
      return { networkPoolId: parsed.pool, record };
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  },
  // Subnetworks have no labels: findByContent identifies them instead.
  findByLabels: async () => [],
  async findByContent(client, inputs) {
    const { networkPoolId, cidr } = inputs as unknown as SubnetworkInputs;
    const owner = inputs[OWNER_INPUT];
    // By mask: this resource's orders, by the labels their titles carry.
    const matches = (candidate: Subnetwork) =>
      cidr === undefined
        ? owner !== undefined && orderLabels(candidate.title)[OWNER_LABEL_KEY] === owner
        : sameCidr(candidate.cidr, cidr);
    return (await subnetworksOf(client, networkPoolId))
      .filter(matches)
      .map((record) => ({ networkPoolId, record }));
  },
  // By mask, the create label goes with the order, in the title (item 3).
  labelsInOrder: (inputs) => inputs.cidr === undefined || inputs.cidr === null,
  /** The API refuses a CIDR that overlaps one of the pool (wire.md: 422 errors.cidr). */
  conflict(found, inputs) {
    const { networkPoolId, cidr, title } = inputs as unknown as SubnetworkInputs;
    const first = found[0];
    if (first === undefined) return undefined;
    const id = subnetworkResourceId(networkPoolId, first.record.id);
    if (cidr === undefined) {
      return (
        `the network pool "${networkPoolId}" has a subnetwork ${first.record.cidr ?? ""} (${id}) ` +
        "that an interrupted create of this resource ordered (it still carries its order title). " +
        `To manage it with this resource, ${adoptAdvice(id)}; otherwise delete it. Nothing ` +
        "was ordered"
      );
    }
    return (
      `the network pool "${networkPoolId}" already has the subnetwork ${cidr} (${id}) titled ` +
      `${shown(first.record.title ?? null)} (declared: ${shown(title ?? null)}), and the API ` +
      `refuses an overlapping one. To manage it with this resource, ${adoptAdvice(id)}; ` +
      "otherwise declare another cidr"
    );
  },
  async create(client, inputs, labels) {
    const { networkPoolId, cidr, mask, title } = inputs as unknown as SubnetworkInputs;
    let pool: NetworkPool | undefined;
    try {
      pool = await client.networkPools.get(networkPoolId);
    } catch (error) {
      // A pool that is not there is the order's own 404, named by subnetworksOf's message.
      if (!(error instanceof NotFoundError)) throw error;
    }
    const problem = pool === undefined ? undefined : poolProblem(pool, { cidr, mask });
    // Refused before anything is ordered: nothing exists, so a plain error is right.
    if (problem !== undefined) {
      throw new InputValidationError(problem.property, problem.reason, problem.reason);
    }
    const owner = labels[OWNER_LABEL_KEY];
    const create = labels[CREATE_LABEL_KEY];
    if (cidr !== undefined || owner === undefined || create === undefined) {
      const body =
        cidr !== undefined
          ? { title: title ?? null, cidr }
          : { title: title ?? null, mask: Number(mask) };
      return {
        networkPoolId,
        record: await client.networkPools.createSubnetwork(networkPoolId, body),
      };
    }
    // By mask: ordered under its labels, then given its title (a lost answer of either request
    // is found by the create label, and the framework sets the title: lifecycle.ts).
    const ordered = await client.networkPools.createSubnetwork(networkPoolId, {
      title: orderTitle(owner, create),
      mask: Number(mask),
    });
    const record = await client.networkPools.updateSubnetwork(networkPoolId, ordered.id, {
      title: title ?? null,
    });
    return { networkPoolId, record };
  },
  async update(client, resourceId, changes) {
    const parsed = parseSubnetworkResourceId(resourceId);
    if (parsed instanceof Error) throw parsed;
    const title = changes.title;
    const record = await client.networkPools.updateSubnetwork(parsed.pool, parsed.id, {
      title: typeof title === "string" ? title : null,
    });
    return { networkPoolId: parsed.pool, record };
  },
  async delete(client, resourceId) {
    const parsed = parseSubnetworkResourceId(resourceId);
    if (parsed instanceof Error) throw parsed;
    await client.networkPools.deleteSubnetwork(parsed.pool, parsed.id);
  },

  id: ({ networkPoolId, record }) => subnetworkResourceId(networkPoolId, record.id),
  // A subnetwork has no status: it exists or it does not.
  state: ({ record }) => (record.attached === true ? "attached" : "allocated"),
  isReady: () => true,
  labels: (pooled) => orderLabels(pooled.record.title),

  outputs: ({ networkPoolId, record }) => ({
    networkPoolId,
    title: record.title ?? null,
    cidr: record.cidr ?? null,
    mask: maskOf(record.cidr) ?? null,
    attached: record.attached ?? null,
    interfaceType: record.interface_type ?? null,
    subnetworkId: record.id,
    createdAt: record.created_at ?? null,
    updatedAt: record.updated_at ?? null,
  }),
  // The live object is described by its range: `cidr` alone (check refuses cidr and mask
  // together). An imported subnetwork, whether made by cidr or by mask, is then declared by the
  // range it holds, which a replacement keeps; a mask would let the API pick another range.
  liveInputs: ({ networkPoolId, record }) => ({
    networkPoolId,
    cidr: record.cidr ?? null,
    title: record.title ?? null,
  }),
};
