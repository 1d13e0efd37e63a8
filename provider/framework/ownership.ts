// The ownership label (architecture.md, item 8). The API has no idempotency keys, so a create
// whose response is lost (or a `pulumi up` interrupted after the POST) would buy a second object
// on the next attempt. Every object the provider creates therefore carries a label that is the
// same on every attempt for the same Pulumi resource; `create` looks for it with a label selector
// before POSTing and adopts what it finds.
import { createHash } from "node:crypto";
import { labelSelector } from "../../sdk/labels";

/**
 * The label key. A prefix may hold only lowercase letters, digits, dashes and dots, and must not
 * be the service's own domain (api-spec.md, Limits, Labels): "pulumi-serverscom" is neither.
 */
export const OWNER_LABEL_KEY = "pulumi-serverscom/owner";

/** What identifies one Pulumi resource across runs of the same program. */
export interface OwnerIdentity {
  readonly project: string;
  readonly stack: string;
  /** The full type token, e.g. "pulumi-nodejs:dynamic/serverscom:RbsVolume". */
  readonly type: string;
  readonly name: string;
  /**
   * The explicit parent as "type::name" ("" for none), because a resource name is unique only
   * under its parent: two components may each declare a volume called "data".
   */
  readonly parent: string;
}

/**
 * The label value: a hash, because a value is at most 63 characters of [A-Za-z0-9-_.] while the
 * identity is free text. 40 hex characters (160 bits) make a collision between resources
 * practically impossible. The "o" prefix keeps the first character a letter.
 */
export function ownerLabelValue(identity: OwnerIdentity): string {
  const text = [identity.project, identity.stack, identity.type, identity.parent, identity.name]
    .map((part) => `${part.length}:${part}`)
    .join("|");
  return `o${createHash("sha256").update(text).digest("hex").slice(0, 40)}`;
}

/** The selector that finds objects carrying this ownership label. */
export function ownerSelector(value: string): string {
  return labelSelector().eq(OWNER_LABEL_KEY, value).toString();
}

/** The user's labels without the ownership label: what `labels` shows and diffs. */
export function withoutOwnerLabel(
  labels: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(labels ?? {})) {
    if (key !== OWNER_LABEL_KEY) out[key] = value;
  }
  return out;
}

/** The labels to send: the user's set plus the ownership label (labels replace the whole set). */
export function withOwnerLabel(
  labels: Readonly<Record<string, string>>,
  owner: string | undefined,
): Record<string, string> {
  return owner === undefined ? { ...labels } : { ...labels, [OWNER_LABEL_KEY]: owner };
}
