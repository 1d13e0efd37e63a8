// The inventory check: what the simulator holds against what the stack's state records.
//
// - duplicate: two live objects for one resource: the same ownership label on two objects (for
//   objects without labels, PTR records, two of the one declared resource);
// - orphan: a live object that is not seed data and that no state entry records, or a seeded
//   object still carrying what a resource put on it (a label, a node group) while no state entry
//   manages it;
// - lost: a state entry whose object does not exist (or is being deleted), unless the step that
//   just failed said so (an error of the resource's kind, or naming it or its id);
// - awaiting adoption: after a failed step, an object not recorded yet. Not an orphan yet, but
//   the next `up` does not adopt it (a create takes only what carries its own create label:
//   docs/architecture.md, "Ownership"): if it is still unrecorded after a step that succeeds, it
//   is an orphan. Old generations of replacements awaiting their delete (harness.ts,
//   pendingDeletes) are recorded.
// - a lost create's placeholder (provider/framework/placeholder.ts) records no object yet: it is
//   never lost; the object carrying the create label it records is recorded by it (the next
//   `up` takes it, or its replacement deletes it), and an object it names as a candidate (kinds
//   without labels) is awaiting the user's choice.

import { CREATE_LABEL_KEY, OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import { isPlaceholder, lostCreateOf } from "../../provider/framework/placeholder";
import type { SimulatorControl, WireRecord } from "../../simulator";
import { FOREIGN_TWIN_FIELD, FOREIGN_TWIN_LABEL } from "../../simulator/framework/server";
import type { StoredResource } from "../engine/harness";
import { OBJECT_KINDS, type ObjectKind, type SeedCheck } from "./kinds";

/** The type tokens of the two doors: the dynamic classes and the native plugin. */
const TYPE_PREFIXES = ["pulumi-nodejs:dynamic/serverscom:", "serverscom:index:"];

export type FindingKind = "duplicate" | "orphan" | "lost" | "awaiting";

export interface Finding {
  readonly finding: FindingKind;
  /** The resource kind. */
  readonly kind: string;
  /** collection/key of the object. */
  readonly object: string;
  readonly detail: string;
}

/** Every record of the soak's collections at one moment. */
export type Records = ReadonlyMap<string, readonly WireRecord[]>;

export async function readRecords(
  control: SimulatorControl,
  collections: readonly string[],
): Promise<Records> {
  const out = new Map<string, WireRecord[]>();
  for (const collection of collections) out.set(collection, await control.records(collection));
  return out;
}

/** The seed data: what the simulator held before the soak made anything. */
export class Seed {
  readonly #records = new Map<string, Map<string, WireRecord>>();

  constructor(records: Records) {
    for (const [collection, list] of records) {
      const byKey = new Map<string, WireRecord>();
      for (const record of list) byKey.set(keyOfRecord(collection, record), record);
      this.#records.set(collection, byKey);
    }
  }

  has(collection: string, key: string): boolean {
    return this.#records.get(collection)?.has(key) ?? false;
  }

  get(collection: string, key: string): WireRecord | undefined {
    return this.#records.get(collection)?.get(key);
  }
}

/** SSH keys are keyed by fingerprint, everything else by id. */
function keyOfRecord(collection: string, record: WireRecord): string {
  return collection === "ssh_keys" ? String(record.fingerprint) : String(record.id);
}

function kindOfType(type: string): string | undefined {
  const prefix = TYPE_PREFIXES.find((candidate) => type.startsWith(candidate));
  return prefix === undefined ? undefined : type.slice(prefix.length);
}

/**
 * Made by the simulator's foreignTwin fault as another program's: the internal field it puts on
 * every record of the twin's order (the hooks show internal fields), and on kinds with labels
 * the label it puts in place of the caller's (server.ts).
 */
export function isForeignTwin(record: WireRecord): boolean {
  if (record[FOREIGN_TWIN_FIELD] === true) return true;
  const labels = record.labels;
  return (
    typeof labels === "object" &&
    labels !== null &&
    !Array.isArray(labels) &&
    (labels as Record<string, unknown>)[FOREIGN_TWIN_LABEL] === "true"
  );
}

/** Every foreign twin among the records, by collection and key (the runner removes them). */
export function foreignTwins(records: Records): { collection: string; key: string }[] {
  const out = new Map<string, { collection: string; key: string }>();
  for (const spec of Object.values(OBJECT_KINDS)) {
    for (const record of records.get(spec.collection) ?? []) {
      if (!isForeignTwin(record)) continue;
      const key = spec.recordKey(record);
      out.set(`${spec.collection}/${key}`, { collection: spec.collection, key });
    }
  }
  return [...out.values()];
}

function ownerOf(record: WireRecord): string | undefined {
  return labelOf(record, OWNER_LABEL_KEY);
}

function labelOf(record: WireRecord, key: string): string | undefined {
  const labels = record.labels;
  if (typeof labels !== "object" || labels === null || Array.isArray(labels)) return undefined;
  const value = (labels as Record<string, unknown>)[key];
  return typeof value === "string" ? value : undefined;
}

/** A value at a dotted path, as canonical JSON (sorted keys): labels compare by content. */
function fieldText(record: WireRecord | undefined, path: string): string {
  let value: unknown = record;
  for (const part of path.split(".")) {
    value =
      typeof value === "object" && value !== null
        ? (value as Record<string, unknown>)[part]
        : undefined;
  }
  return canonical(value);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "undefined";
}

export interface CompareInput {
  readonly state: Iterable<StoredResource>;
  /**
   * Old generations of create-before-delete replacements the engine still has to delete
   * (harness.ts, pendingDeletes): recorded, so not orphans; beside their new generation, not
   * duplicates; and already deleted or released, not lost.
   */
  readonly pendingDeletes?: Iterable<StoredResource>;
  readonly records: Records;
  readonly seed: Seed;
  /** Seeded objects that must be back to the seed when nothing manages them. */
  readonly seedChecks: readonly SeedCheck[];
  /** When the step failed: its errors, and the kinds they were attributed to (errors.ts). */
  readonly failure?: { readonly messages: readonly string[]; readonly kinds: readonly string[] };
}

/** The findings of one comparison. */
export function compareInventory(input: CompareInput): Finding[] {
  const findings: Finding[] = [];
  const pending = [...(input.pendingDeletes ?? [])];
  const state = [...input.state, ...pending];
  const failed = input.failure !== undefined;
  // The engine shows each error under the resource whose step failed. The harness does not say
  // which one, so an error attributed to the resource's kind (or naming its id or name) counts:
  // e.g. a replacement's delete whose DELETE was applied and whose wait then failed leaves the
  // old entry until the next up deletes it again (404: done), and its error names the request.
  const saysSo = (resource: StoredResource) =>
    input.failure !== undefined &&
    (input.failure.kinds.includes(kindOfType(resource.type) ?? "") ||
      input.failure.messages.some(
        (message) =>
          message.includes(resource.id) ||
          message.includes(` ${resource.name} (`) ||
          message.includes(`'${resource.name}'`),
      ));
  const unrecorded = failed ? ("awaiting" as const) : ("orphan" as const);

  for (const [kind, spec] of Object.entries(OBJECT_KINDS)) {
    const all = (input.records.get(spec.collection) ?? []).filter(
      (record) => spec.mine?.(record) ?? true,
    );
    const live = all.filter((record) => spec.live(record));
    const resources = state.filter((resource) => kindOfType(resource.type) === kind);
    const recorded = new Set(resources.map((resource) => spec.keyOf(resource)));
    const replaced = new Set(
      pending
        .filter((resource) => kindOfType(resource.type) === kind)
        .map((resource) => spec.keyOf(resource)),
    );
    // Lost creates' placeholders: the create labels they wait for, the candidates they name.
    const lost = resources.filter((resource) => isPlaceholder(resource.id));
    const awaited = new Set(lost.map((r) => lostCreateOf(r.outputs)?.createLabel).filter(Boolean));
    const named = new Set(lost.flatMap((r) => lostCreateOf(r.outputs)?.candidates ?? []));
    // A placeholder waiting for its delete (a replacement's old generation) stands for its order:
    // beside the new generation, that order is not a second object either.
    const awaitedByOld = new Set(
      pending
        .filter((r) => kindOfType(r.type) === kind && isPlaceholder(r.id))
        .map((r) => lostCreateOf(r.outputs)?.createLabel)
        .filter(Boolean),
    );
    for (const record of live) {
      const label = labelOf(record, CREATE_LABEL_KEY);
      if (label !== undefined && awaited.has(label)) recorded.add(spec.recordKey(record));
      if (label !== undefined && awaitedByOld.has(label)) replaced.add(spec.recordKey(record));
    }
    const object = (record: WireRecord) => `${spec.collection}/${spec.recordKey(record)}`;

    // Another program's twin is never a second object of this stack's resource (see below).
    const ownLive = live.filter((record) => !isForeignTwin(record));
    findings.push(...duplicates(kind, spec, ownLive, recorded, replaced));

    if (spec.seeded === true) {
      // Seeded objects: one that carries an ownership label nothing records is a leftover.
      for (const record of live) {
        const owner = ownerOf(record);
        if (owner === undefined || recorded.has(spec.recordKey(record))) continue;
        findings.push({
          finding: unrecorded,
          kind,
          object: object(record),
          detail: `carries the ownership label ${owner} but no state entry manages it`,
        });
      }
    } else {
      for (const record of live) {
        if (input.seed.has(spec.collection, spec.recordKey(record))) continue;
        // Another program's object: taking it is a duplicate (two owners), leaving it is right.
        if (isForeignTwin(record)) {
          if (recorded.has(spec.recordKey(record))) {
            findings.push({
              finding: "duplicate",
              kind,
              object: object(record),
              detail: "another program's object (a foreignTwin) is recorded by the stack",
            });
          }
          continue;
        }
        if (recorded.has(spec.recordKey(record))) continue;
        const owner = ownerOf(record);
        findings.push({
          finding: named.has(String(record.id)) ? "awaiting" : unrecorded,
          kind,
          object: object(record),
          detail: `exists (${owner === undefined ? "no ownership label" : `ownership label ${owner}`}) but no state entry records it`,
        });
      }
    }

    for (const resource of resources) {
      const key = spec.keyOf(resource);
      if (replaced.has(key) || isPlaceholder(resource.id)) continue;
      const record = all.find((candidate) => spec.recordKey(candidate) === key);
      if (record !== undefined && spec.live(record)) continue;
      if (saysSo(resource)) continue;
      findings.push({
        finding: "lost",
        kind,
        object: `${spec.collection}/${key}`,
        detail:
          `the state records ${resource.name} (${resource.id}) but the object ` +
          `${record === undefined ? "does not exist" : "is being deleted or released"}` +
          `${failed ? ", and the failed step did not say so" : ""}`,
      });
    }
  }

  for (const check of input.seedChecks) {
    if (state.some((resource) => kindOfType(resource.type) === check.managedBy)) continue;
    const record = (input.records.get(check.collection) ?? []).find(
      (candidate) => String(candidate.id) === check.key,
    );
    const seeded = input.seed.get(check.collection, check.key);
    for (const field of check.fields) {
      const now = fieldText(record, field);
      const before = fieldText(seeded, field);
      if (now === before) continue;
      findings.push({
        finding: unrecorded,
        kind: check.managedBy,
        object: `${check.collection}/${check.key}`,
        detail: `${field} is ${now} but no state entry manages it (seed: ${before})`,
      });
    }
  }
  return findings;
}

/** Two live objects for one resource: grouped by ownership label (one group if unlabeled). */
function duplicates(
  kind: string,
  spec: ObjectKind,
  live: readonly WireRecord[],
  recorded: ReadonlySet<string>,
  replaced: ReadonlySet<string>,
): Finding[] {
  // Unlabelled objects are told apart only by which resource records them: with one declared
  // resource of the kind (the soak's runners) every extra live object is its duplicate; with
  // several (a stack of many, test/cli), an extra object is unrecorded, so it is reported as an
  // orphan instead.
  if (spec.unlabeled === true && recorded.size > 1) return [];
  const groups = new Map<string, WireRecord[]>();
  for (const record of live) {
    // An old generation waiting for its delete is not a second object of the resource.
    if (replaced.has(spec.recordKey(record))) continue;
    const owner = spec.unlabeled === true ? "(the one declared resource)" : ownerOf(record);
    if (owner === undefined) continue;
    const group = groups.get(owner) ?? [];
    group.push(record);
    groups.set(owner, group);
  }
  const out: Finding[] = [];
  for (const [owner, group] of groups) {
    if (group.length < 2) continue;
    const keys = group.map((record) => spec.recordKey(record));
    // A recorded one is the original (the first, if none is); the others are the duplicates.
    const mine = keys.filter((key) => recorded.has(key));
    const others = keys.filter((key) => !recorded.has(key));
    const extra = mine.length > 0 ? [...mine.slice(1), ...others] : others.slice(1);
    for (const key of extra) {
      out.push({
        finding: "duplicate",
        kind,
        object: `${spec.collection}/${key}`,
        detail: `one of ${group.length} live objects for ownership ${owner}: ${keys.join(", ")}`,
      });
    }
  }
  return out;
}
