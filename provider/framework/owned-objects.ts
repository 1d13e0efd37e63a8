// Finding the objects a resource already has, by its ownership label (ownership.ts) or by
// content (kind.findByContent). The engine calls `create` again for a resource whose earlier
// create it never recorded (a killed `pulumi up`, a lost answer), and the API has no idempotency
// keys: what such a create finds is reported, never silently adopted, and an object another
// resource owns is never taken (adoptId, `pulumi import`).
import type { ServersComClient } from "../../sdk/client";
import type { PropertyBag } from "./check";
import { EARLIER_ORDER, forPurpose } from "./errors";
import type { KindCore } from "./kind-core";
import { OWNER_LABEL_KEY, ownerSelector } from "./ownership";

/**
 * Every live object that carries this resource's owner label (checked here: the API may ignore
 * the selector) or matches the inputs by content (kind.findByContent), by id.
 */
export async function knownObjects<Live extends object>(
  core: KindCore<Live>,
  client: ServersComClient,
  inputs: PropertyBag,
  owner: string | undefined,
  /** Receives what findByContent matched (for kind.conflict, before the POST). */
  alikeOut?: Live[],
): Promise<Map<string, Live>> {
  const { kind } = core;
  const found = new Map<string, Live>();
  if (owner !== undefined) {
    const labelled = kind.findByLabels(client, ownerSelector(owner));
    for (const record of await forPurpose(EARLIER_ORDER, labelled)) {
      if (kind.labels(record)[OWNER_LABEL_KEY] === owner && !core.isGone(record)) {
        found.set(kind.id(record), record);
      }
    }
  }
  const alike = kind.findByContent?.(client, inputs) ?? Promise.resolve([]);
  const purpose = `looking for an existing ${kind.noun} like this resource, before ordering`;
  for (const record of await forPurpose(purpose, alike)) {
    if (core.isGone(record)) continue;
    found.set(kind.id(record), record);
    alikeOut?.push(record);
  }
  return found;
}

/**
 * Another resource's object: two resources would manage it, and destroying either would delete
 * it (or undo the other's changes). Releasing it is the other side's decision. The reason, or
 * undefined when the object carries no other resource's owner label.
 */
export function ownedByAnother<Live extends object>(
  core: KindCore<Live>,
  record: Live,
  owner: string | undefined,
): string | undefined {
  const { kind } = core;
  const other = kind.labels(record)[OWNER_LABEL_KEY];
  if (other === undefined || owner === undefined || other === owner) return undefined;
  return (
    `the ${kind.noun} "${kind.id(record)}" carries the ownership label of another ` +
    `Pulumi resource (${OWNER_LABEL_KEY}=${other}, a hash of that resource's URN): taking it ` +
    "would let two resources manage it, and either's destroy would delete it. To release it, " +
    "remove that resource from its stack without deleting the object (`pulumi state delete " +
    "<its URN>` there), then remove the label from the object (it stays on it), or delete " +
    "that resource if the object may go"
  );
}

/** `pulumi import` (the native door): refuses another resource's object, as adoptId does. */
export async function refuseImport<Live extends object>(
  core: KindCore<Live>,
  id: string,
  owner: string,
): Promise<void> {
  const client = core.context.client();
  const record = await forPurpose(
    `reading the ${core.kind.noun} to import`,
    core.kind.get(client, id),
  );
  const taken = record === undefined ? undefined : ownedByAnother(core, record, owner);
  if (taken !== undefined) throw new Error(`pulumi import: ${taken}; then import it again`);
}
