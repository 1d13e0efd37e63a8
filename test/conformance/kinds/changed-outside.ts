// A drift made outside Pulumi, as most rows make it: fields and labels changed by hand.
import { OWNER_LABEL_KEY } from "../../../provider/framework/ownership";
import type { KindRow } from "../row";

/**
 * A drift: `fields` of the record and its labels changed outside Pulumi (the ownership label
 * kept, as a hand edit in the panel keeps it), `extra` computed from the record as it is then.
 */
export function changedOutside(
  collection: string,
  fields: Readonly<Record<string, unknown>>,
  labels: Readonly<Record<string, string>>,
  extra: (record: Readonly<Record<string, unknown>>) => Record<string, unknown> = () => ({}),
): KindRow["drift"]["change"] {
  return async ({ id }, sim) => {
    const record = (await sim.control.peek(collection, id)) ?? {};
    const own = (record.labels as Record<string, string>)[OWNER_LABEL_KEY];
    await sim.control.patch(collection, id, {
      ...fields,
      labels: { ...labels, [OWNER_LABEL_KEY]: String(own) },
      ...extra(record),
    });
  };
}

/** The common drift: renamed and relabelled by hand; the update puts both back. */
export function renamedOutside(
  collection: string,
  labels: Readonly<Record<string, string>>,
): KindRow["drift"] {
  return {
    change: changedOutside(collection, { name: "renamed" }, labels),
    shows: { name: "renamed", labels },
    updates: ["name", "labels"],
  };
}

/** Relabelled by hand alone: the update puts the declared labels back. */
export function relabelledOutside(
  collection: string,
  labels: Readonly<Record<string, string>>,
): KindRow["drift"] {
  return {
    change: changedOutside(collection, {}, labels),
    shows: { labels },
    updates: ["labels"],
  };
}
