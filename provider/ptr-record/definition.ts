// PTR records as a resource kind (provider/framework/kind.ts), for cloud instances and hosts.
// The API can only create and delete them, so every property replaces. They have no labels, so
// no ownership label either: a record is identified by its target, address and domain. Create
// never adopts a record that already has them (another resource's, an earlier generation's, or
// one made by hand): it names it and adds its own, so destroying one resource never removes
// another's record; `adoptId` takes one over explicitly (issue 12, item 5).
import type { PtrRecord } from "../../sdk/areas/common";
import type { ServersComClient } from "../../sdk/client";
import { type Checker, type PropertyBag, shown } from "../framework/check";
import type { ResourceKind } from "../framework/kind";
import { unlessNotFound } from "../framework/not-found";
import { isUnknown } from "../framework/unknowns";
import { canonicalDomain, canonicalIp, domainProblem, ipProblem } from "./names";
import {
  HOST_TYPES,
  isHostType,
  type PtrRecordOnTarget,
  type PtrTarget,
  parsePtrResourceId,
  ptrRecordsApi,
  ptrResourceId,
} from "./target";

const MINUTE = 60_000;
/** The service's range of a record's TTL in seconds (one week at most). */
const MAX_TTL = 604_800;
const MAX_PRIORITY = 65_535;

/** The inputs as the provider receives them once check has passed. */
export interface PtrRecordInputs {
  readonly cloudInstanceId?: string;
  readonly hostId?: string;
  readonly hostType?: string;
  readonly ip: string;
  readonly domain: string;
  readonly ttl?: number;
  readonly priority?: number;
}

/** Every output: the target, the record's fields, and the record's own id in the API. */
export const PTR_RECORD_OUTPUTS = [
  "cloudInstanceId",
  "hostId",
  "hostType",
  "ip",
  "domain",
  "ttl",
  "priority",
  "ptrRecordId",
] as const;

/** The target the inputs (or outputs) name, when they name one completely. */
function targetOf(bag: PropertyBag): PtrTarget | undefined {
  if (typeof bag.cloudInstanceId === "string") {
    return { type: "cloud_instance", id: bag.cloudInstanceId };
  }
  if (typeof bag.hostId === "string" && isHostType(bag.hostType)) {
    return { type: bag.hostType, id: bag.hostId };
  }
  return undefined;
}

function targetOutputs(target: PtrTarget): Record<string, string> {
  return target.type === "cloud_instance"
    ? { cloudInstanceId: target.id }
    : { hostId: target.id, hostType: target.type };
}

/** The target in words, for messages: `cloud instance "Ci1"`, `sbm_server host "Sb1"`. */
function describeTarget(target: PtrTarget): string {
  return target.type === "cloud_instance"
    ? `cloud instance "${target.id}"`
    : `${target.type} host "${target.id}"`;
}

function requireTarget(inputs: PropertyBag): PtrTarget {
  const target = targetOf(inputs);
  if (target === undefined) {
    // Check refuses such inputs; this is the backstop for callers that skip it.
    throw new Error("a PTR record needs cloudInstanceId, or hostId with hostType");
  }
  return target;
}

/** A canonical form for diff: unknown values (preview) pass through as they are. */
function canonical(value: unknown, form: (text: string) => string): unknown {
  return typeof value === "string" && !isUnknown(value) ? form(value) : value;
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** Every record of the target; undefined when the target itself is gone (404). */
async function recordsOf(
  client: ServersComClient,
  target: PtrTarget,
): Promise<PtrRecord[] | undefined> {
  // A target has a handful of records (one per address); 1000 bounds a runaway list.
  return unlessNotFound(
    ptrRecordsApi(client, target).listPtrRecords(target.id).toArray({ limit: 1000 }),
  );
}

function checkTarget(c: Checker): void {
  const cloud = present(c.news.cloudInstanceId);
  const host = present(c.news.hostId);
  const hostType = c.news.hostType;
  if (cloud && host) {
    c.fail(
      "hostId",
      "a PTR record has exactly one target: set cloudInstanceId or hostId (with hostType), not both",
    );
  } else if (!cloud && !host) {
    c.fail(
      "cloudInstanceId",
      "a PTR record needs exactly one target: set cloudInstanceId (a cloud instance), or " +
        "hostId with hostType (a host)",
    );
  }
  // Path segments of the record's requests: bounded like every such id (framework/check.ts).
  if (cloud) c.id("cloudInstanceId", true);
  if (host) c.id("hostId", true);
  if (!present(hostType)) {
    if (host && !cloud) {
      c.fail("hostType", `hostType is required with hostId: one of ${HOST_TYPES.join(", ")}`);
    }
  } else if (!host) {
    c.fail("hostType", "hostType goes only with hostId: it says which kind of host hostId names");
  } else if (!isUnknown(hostType) && !isHostType(hostType)) {
    c.fail("hostType", `hostType must be one of ${HOST_TYPES.join(", ")} (got ${shown(hostType)})`);
  }
}

export const ptrRecordKind: ResourceKind<PtrRecordOnTarget> = {
  name: "PtrRecord",
  noun: "PTR record",
  // The API answers every request at once; the only wait is delete's check that it is gone.
  defaultTimeouts: { create: 5 * MINUTE, update: 5 * MINUTE, delete: 5 * MINUTE },
  // PTR records cannot be changed, only created and deleted (wire-notes.md).
  properties: {
    cloudInstanceId: { rule: "replace" },
    hostId: { rule: "replace" },
    hostType: { rule: "replace" },
    ip: { rule: "replace", desired: (news) => canonical(news.ip, canonicalIp) },
    domain: { rule: "replace", desired: (news) => canonical(news.domain, canonicalDomain) },
    // Absent: the service's default (60 s, priority 0), whatever the live value.
    ttl: { rule: "replace" },
    priority: { rule: "replace" },
  },
  secretOutputs: [],
  outputNames: PTR_RECORD_OUTPUTS,

  check(c: Checker) {
    checkTarget(c);
    const ip = c.string("ip", true);
    const badIp = ip === undefined ? undefined : ipProblem(ip);
    if (badIp !== undefined) c.fail("ip", badIp);
    const domain = c.string("domain", true);
    const badDomain = domain === undefined ? undefined : domainProblem(domain);
    if (badDomain !== undefined) c.fail("domain", badDomain);
    c.integer("ttl", false, { min: 1, max: MAX_TTL, unit: " s" });
    c.integer("priority", false, { min: 0, max: MAX_PRIORITY });
  },

  display: (bag: PropertyBag) => (typeof bag.domain === "string" ? bag.domain : "(unnamed)"),

  async get(client, id) {
    const parsed = parsePtrResourceId(id);
    if (parsed instanceof Error) throw parsed;
    const records = await recordsOf(client, parsed.target);
    const record = records?.find((candidate) => candidate.id === parsed.ptrId);
    return record === undefined ? undefined : { target: parsed.target, record };
  },
  // PTR records have no labels: findByContent identifies them instead.
  findByLabels: async () => [],
  /**
   * The target's records with the declared address and domain. Never adopted (kind.ts): two
   * resources with identical inputs each get their own record (the API keeps both), and after an
   * ambiguous create failure the one that was not there before is this create's.
   */
  async findByContent(client, inputs) {
    const target = requireTarget(inputs);
    const records = await recordsOf(client, target);
    if (records === undefined) {
      throw new Error(`there is no ${describeTarget(target)} (404) to add a PTR record to`);
    }
    const { ip, domain } = inputs as unknown as PtrRecordInputs;
    return records
      .filter(
        (candidate) =>
          canonicalIp(candidate.ip) === canonicalIp(ip) &&
          canonicalDomain(candidate.domain) === canonicalDomain(domain),
      )
      .map((record) => ({ target, record }));
  },
  async create(client, inputs) {
    const target = requireTarget(inputs);
    const { ip, domain, ttl, priority } = inputs as unknown as PtrRecordInputs;
    const record = await ptrRecordsApi(client, target).createPtrRecord(target.id, {
      ip,
      domain,
      ...(ttl === undefined ? {} : { ttl }),
      ...(priority === undefined ? {} : { priority }),
    });
    return { target, record };
  },
  // Every property replaces, so the framework never asks for an in-place change.
  update: () => Promise.reject(new Error("PTR records cannot be changed, only replaced")),
  async delete(client, id) {
    const parsed = parsePtrResourceId(id);
    if (parsed instanceof Error) throw parsed;
    await ptrRecordsApi(client, parsed.target).deletePtrRecord(parsed.target.id, parsed.ptrId);
  },

  id: ({ target, record }) => ptrResourceId(target, record.id),
  // A record has no status: it exists or it does not.
  state: () => "present",
  isReady: () => true,
  labels: () => ({}),

  outputs: ({ target, record }) => ({
    ...targetOutputs(target),
    ip: canonicalIp(record.ip),
    domain: canonicalDomain(record.domain),
    ttl: record.ttl,
    priority: record.priority,
    ptrRecordId: record.id,
  }),
  liveInputs: ({ target, record }) => ({
    ...targetOutputs(target),
    ip: canonicalIp(record.ip),
    domain: canonicalDomain(record.domain),
    ttl: record.ttl,
    priority: record.priority,
  }),
};
