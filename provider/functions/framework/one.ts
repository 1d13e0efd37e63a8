// One item by exactly one of its id or its name, the shape of every `getX` that is not a list:
// the id is read with one GET (a 404 is a NoMatchError keeping the API's message), the name is
// picked among the items of a list (framework/match.ts). The lookup's own parts (which GET,
// which list, how an item is named) come from the calling module.
import type { PagePromise } from "../../../sdk/core/contract";
import { type Args, oneOf, text, wholeNumber } from "./args";
import { getById } from "./by-id";
import type { Lookup } from "./invoke";
import { type Candidate, nameCandidate, pickByName, pickBySearchList } from "./match";

/** An item of the order catalogue: a whole-number id and a name. */
interface CatalogueItem {
  readonly id: number;
  readonly name: string;
}

/**
 * A catalogue item (a flavor, a drive or uplink model, a bandwidth option) by exactly one of `id`
 * (a whole number, read by `get`) or `name` (whole words of a name, among `list`'s items).
 * `where` says where the lookup looked, for the messages (" in location AMS1").
 */
export async function catalogueItem<T extends CatalogueItem>(
  lookup: Lookup,
  args: Args,
  item: {
    readonly what: string;
    readonly where: () => Promise<string>;
    readonly get: (id: number) => Promise<T>;
    readonly list: () => Promise<readonly T[]>;
  },
): Promise<T> {
  const key = oneOf(lookup.fn, args, ["id", "name"]);
  if (key === "id") {
    const id = wholeNumber(lookup.fn, args, "id");
    return getById(lookup, item.what, id, () => item.get(id));
  }
  return pickByName(
    {
      fn: lookup.fn,
      what: item.what,
      query: text(lookup.fn, args, "name"),
      mode: "words",
      where: item.where,
    },
    (await item.list()).map(nameCandidate),
  );
}

/**
 * An account's item (a cluster, a node, a segment) by exactly one of `id` (text, read by `get`)
 * or its name under `nameKey` (narrowed with the API's search pattern first: pickBySearchList).
 */
export async function accountItem<T, K extends string = "name">(
  lookup: Lookup,
  args: Args,
  item: {
    /** Singular, for messages ("Kubernetes cluster"). */
    readonly what: string;
    /** What the list holds, for its bound's error; default `what` and an "s". */
    readonly listed?: string;
    /** The argument naming the item by name; default "name". */
    readonly nameKey?: K;
    /** "exact" for names that are codes or host names; default "words". */
    readonly mode?: "exact" | "words";
    readonly where?: () => Promise<string>;
    readonly get: (id: string) => Promise<T>;
    readonly list: (query: {
      readonly perPage: number;
      readonly searchPattern?: string;
    }) => PagePromise<T>;
    readonly candidate: (item: T) => Candidate<T>;
  },
): Promise<T> {
  const nameKey = item.nameKey ?? "name";
  const key = oneOf(lookup.fn, args, ["id", nameKey]);
  if (key === "id") {
    const id = text(lookup.fn, args, "id");
    return getById(lookup, item.what, id, () => item.get(id));
  }
  return pickBySearchList(
    lookup,
    {
      what: item.what,
      query: text(lookup.fn, args, nameKey),
      mode: item.mode ?? "words",
      ...(item.where === undefined ? {} : { where: item.where }),
    },
    { what: item.listed ?? `${item.what}s` },
    item.list,
    item.candidate,
  );
}
