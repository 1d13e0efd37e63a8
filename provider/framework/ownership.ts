// The ownership labels (architecture.md, "Ownership"). The API has no idempotency keys, so a
// create whose response is lost could buy a second object on the next attempt. Every object the
// provider creates therefore carries two labels:
// - the owner label, the same on every attempt and every generation of one Pulumi resource (a
//   hash of its URN): it finds every object this resource ever made, for the orphan report;
// - the create label, a random value new for every call of `create`: it tells the object this
//   very call made (after an ambiguous failure) from every other object with the owner label
//   (the generation a create-before-delete replacement is about to delete, an object a killed
//   `pulumi up` left behind, or a foreign object someone copied the label onto).
// Only an object carrying this call's create label is ever taken as this call's result.
// The create label cannot be made the same for a failed create and its retry by the next `pulumi
// up` (which would let the retry take what a lost answer made): the engine calls Check without
// old inputs for every create, a new resource's and a replacement's alike (pulumi/pulumi v3.274.1
// pkg/resource/deploy/step_generator.go:1421-1427, `old == nil` or a targeted replacement, and
// :2102-2121, the re-check before a replacement), and Create with the checked inputs alone
// (step.go:395-401), so a label computed from what the provider is given would be the same for
// a replacement with unchanged inputs as for the first generation it is about to delete. Hence
// one chance: the late-commit look-up of the failed call itself (late-commit.ts), which the
// request budget never refuses.
import { createHash, randomBytes } from "node:crypto";
import type { ToArrayOptions } from "../../sdk/core/contract";
import { labelSelector } from "../../sdk/labels";

/**
 * The label key. A prefix may hold only lowercase letters, digits, dashes and dots, and must not
 * be the service's own domain (api-spec.md, Limits, Labels): "pulumi-serverscom" is neither.
 */
export const OWNER_LABEL_KEY = "pulumi-serverscom/owner";
/** The create label: which call of `create` made the object. */
export const CREATE_LABEL_KEY = "pulumi-serverscom/create";
/** The keys the provider manages itself: never shown in `labels`, never diffed. */
export const RESERVED_LABEL_KEYS: readonly string[] = [OWNER_LABEL_KEY, CREATE_LABEL_KEY];

/** What identifies one Pulumi resource: the parts of its URN. */
export interface OwnerIdentity {
  readonly project: string;
  readonly stack: string;
  /** The full type token, e.g. "pulumi-nodejs:dynamic/serverscom:RbsVolume". */
  readonly type: string;
  readonly name: string;
  /**
   * The parent's URN ("" or absent for none, or the stack itself). A resource name is unique only
   * under its parent's whole type chain, which the parent's URN holds (item 3 of issue 12: two
   * components of one type and name under parents of different types).
   */
  readonly parent?: string;
}

/**
 * The URN the engine gives the resource, built as the Node.js SDK's `createUrn` builds it
 * (resource.ts): `urn:pulumi:<stack>::<project>::<parent types$><type>::<name>`, where the parent
 * types are the parent URN's type chain and the root stack is no parent type.
 */
export function resourceUrn(identity: OwnerIdentity): string {
  const parent = identity.parent ?? "";
  let prefix = `urn:pulumi:${identity.stack}::${identity.project}::`;
  if (parent !== "") {
    const parentPrefix = `${parent.substring(0, parent.lastIndexOf("::"))}$`;
    if (!parentPrefix.endsWith("::pulumi:pulumi:Stack$")) prefix = parentPrefix;
  }
  return `${prefix}${identity.type}::${identity.name}`;
}

/**
 * The owner label's value for a URN: a hash, because a value is at most 63 characters of
 * [A-Za-z0-9-_.] while a URN is free text. The URN identifies the resource exactly (the engine
 * refuses two resources with one URN in a stack, and the URN holds the project and stack), so two
 * distinct resources hash distinct texts; 160 bits of SHA-256 make a collision between two
 * distinct texts practically impossible. The "o" prefix keeps the first character a letter.
 */
export function ownerLabelForUrn(urn: string): string {
  return `o${createHash("sha256").update(urn).digest("hex").slice(0, 40)}`;
}

/** The owner label's value for a resource's identity (its URN). */
export function ownerLabelValue(identity: OwnerIdentity): string {
  return ownerLabelForUrn(resourceUrn(identity));
}

/** A fresh create label value: 128 random bits, unguessable, so it cannot be copied in advance. */
export function newCreateLabel(): string {
  return `c${randomBytes(16).toString("hex")}`;
}

/** The selector that finds objects carrying this owner label. */
export function ownerSelector(value: string): string {
  return labelSelector().eq(OWNER_LABEL_KEY, value).toString();
}

/** The user's labels without the provider's own: what `labels` shows and diffs. */
export function withoutOwnerLabel(
  labels: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(labels ?? {})) {
    if (!RESERVED_LABEL_KEYS.includes(key)) out[key] = value;
  }
  return out;
}

/**
 * The labels to send: the user's set plus the owner label and, for a POST, the create label.
 * Labels replace the whole set, so an update drops the create label: it has done its job once
 * the create that made it returned.
 */
export function withOwnerLabel(
  labels: Readonly<Record<string, string>>,
  owner: string | undefined,
  create?: string,
): Record<string, string> {
  return {
    ...withoutOwnerLabel(labels),
    ...(owner === undefined ? {} : { [OWNER_LABEL_KEY]: owner }),
    ...(create === undefined ? {} : { [CREATE_LABEL_KEY]: create }),
  };
}

/**
 * Objects the owner look-up may read at most. The look-up follows every page: an API that
 * ignores `label_selector` answers with the whole account, and a silent cut could miss the
 * object a create made. Past the bound it stops with an error rather than guess.
 */
export const OWNED_LOOKUP_LIMIT = 10_000;

/** Every object of a list (all pages, bounded by a clear error). */
export async function allOf<T>(
  list: { toArray(options: ToArrayOptions): Promise<T[]> },
  what: string,
): Promise<T[]> {
  const items = await list.toArray({ limit: OWNED_LOOKUP_LIMIT + 1 });
  if (items.length > OWNED_LOOKUP_LIMIT) {
    throw new Error(
      `the look-up of ${what} carrying this resource's ownership label read more than ` +
        `${OWNED_LOOKUP_LIMIT} objects (the API did not narrow the list by label_selector): ` +
        "stopped rather than miss one; nothing was created",
    );
  }
  return items;
}
