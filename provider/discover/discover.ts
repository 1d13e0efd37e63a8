// One discovery: the chosen kinds listed, the filters applied, objects another stack manages and
// objects whose import would change them left out and named, a unique name for every object kept.
// Nothing is printed as output here: the caller writes the result once everything is read.
import { matchesLabelSelector } from "../../sdk/labels";
import { OWNER_LABEL_KEY } from "../framework/ownership";
import type { Account } from "./account";
import {
  ADDITIONS,
  type Addition,
  type Discovered,
  KIND_NAMES,
  type KindName,
  LISTERS,
} from "./kinds";
import { assignNames } from "./names";
import type { DiscoverOptions } from "./options";

/** One object to import or adopt. */
export interface Entry extends Discovered {
  readonly name: string;
  /** The name of the entry it lives on, when that one is in the output too. */
  readonly parentName?: string;
  /** What the user adds (README's import table). */
  readonly additions: readonly Addition[];
}

/** An object left out, and why. */
export interface Skipped {
  readonly kind: KindName;
  readonly id: string;
  readonly words: string;
  readonly reason: string;
}

export interface KindCount {
  /** Objects of the kind the account holds (before the filters). */
  readonly found: number;
  /** Objects the filters (--locations, --selector, --ids) left out. */
  readonly filtered: number;
  /** Objects left out and named (another stack's, or changed by an import). */
  readonly skipped: number;
  readonly entries: number;
}

export interface Discovery {
  readonly entries: readonly Entry[];
  readonly skipped: readonly Skipped[];
  readonly counts: Readonly<Partial<Record<KindName, KindCount>>>;
}

type Filters = Pick<DiscoverOptions, "kinds" | "locations" | "selector" | "ids" | "includeOwned">;

/** The ownership label on the object, or on what it lives on for objects without labels. */
function ownerOf(o: Discovered): string | undefined {
  return (o.labels ?? o.parentLabels)?.[OWNER_LABEL_KEY];
}

function passesFilters(o: Discovered, filters: Filters): boolean {
  if (filters.ids.length > 0) {
    const last = o.id.split("/").at(-1) ?? o.id;
    if (!filters.ids.includes(o.id) && !filters.ids.includes(last)) return false;
  }
  if (filters.locations.length > 0 && !o.locations.some((c) => filters.locations.includes(c))) {
    return false;
  }
  if (filters.selector !== undefined) {
    const labels = o.labels ?? o.parentLabels ?? {};
    if (!matchesLabelSelector(filters.selector.requirements, labels)) return false;
  }
  return true;
}

const byKindThenId = (a: { kind: KindName; id: string }, b: { kind: KindName; id: string }) =>
  KIND_NAMES.indexOf(a.kind) - KIND_NAMES.indexOf(b.kind) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Lists the chosen kinds and applies the filters. Any failure of the API rejects the whole
 * discovery: a partial result is never returned as if complete.
 */
export async function discover(account: Account, filters: Filters): Promise<Discovery> {
  // Kinds are listed concurrently; each list is read once (Account), whole.
  const lists = await Promise.all(filters.kinds.map((kind) => LISTERS[kind](account)));
  const kept: Discovered[] = [];
  const skipped: Skipped[] = [];
  const counts: Partial<Record<KindName, KindCount>> = {};
  filters.kinds.forEach((kind, n) => {
    const found = lists[n] ?? [];
    let filtered = 0;
    let left = 0;
    for (const o of found) {
      if (!passesFilters(o, filters)) {
        filtered++;
        continue;
      }
      const owner = ownerOf(o);
      const reason =
        o.skip ??
        (owner === undefined || filters.includeOwned
          ? undefined
          : `it carries the ownership label ${OWNER_LABEL_KEY}=${owner}${o.labels === undefined ? " (on the object it lives on)" : ""}: ` +
            "a resource of another Pulumi stack manages it (--include-owned lists it anyway)");
      if (reason !== undefined) {
        skipped.push({ kind, id: o.id, words: o.words, reason });
        left++;
        continue;
      }
      kept.push(o);
    }
    counts[kind] = {
      found: found.length,
      filtered,
      skipped: left,
      entries: found.length - filtered - left,
    };
  });
  kept.sort(byKindThenId);
  skipped.sort(byKindThenId);
  const names = assignNames(kept);
  const nameOf = new Map(kept.map((o) => [`${o.kind}:${o.id}`, names.get(o) as string]));
  const entries = kept.map((o): Entry => {
    const parentName =
      o.parent === undefined ? undefined : nameOf.get(`${o.parent.kind}:${o.parent.id}`);
    return {
      ...o,
      name: names.get(o) as string,
      ...(parentName === undefined ? {} : { parentName }),
      additions: ADDITIONS[o.kind] ?? [],
    };
  });
  return { entries, skipped, counts };
}
