// Every list a lookup reads is bounded (style.md: no collecting pages without a bound). The bound
// is a number of items, not of pages; pages are read 100 items at a time, the API's maximum, so
// that a thousand hosts cost ten requests.
import type { PagePromise } from "../../../sdk/core/contract";
import { ListLimitError, LookupError } from "./errors";
import type { Lookup } from "./invoke";

/** Items a list function returns at most unless its `limit` says otherwise. */
export const DEFAULT_LIST_LIMIT = 1000;
/** The largest `limit` a list function accepts. */
export const MAX_LIST_LIMIT = 10_000;
/** Items per page requested from the API (its maximum, api-spec.md "Pagination"). */
export const PAGE_SIZE = 100;

/** The `limit` argument of a list function, checked; DEFAULT_LIST_LIMIT when absent. */
export function listLimit(fn: string, value: unknown): number {
  if (value === undefined) return DEFAULT_LIST_LIMIT;
  if (
    typeof value !== "number" ||
    !Number.isSafeInteger(value) ||
    value < 1 ||
    value > MAX_LIST_LIMIT
  ) {
    throw new LookupError(
      `${fn}: limit must be a whole number from 1 to ${MAX_LIST_LIMIT} (got ${String(value)})`,
    );
  }
  return value;
}

export interface Bound {
  readonly fn: string;
  /** What the list holds, plural ("hosts"). */
  readonly what: string;
  /** Default DEFAULT_LIST_LIMIT. */
  readonly limit?: number;
  /** How the program can narrow the list, for the error ("a label selector or a type"). */
  readonly narrowWith?: string;
}

/**
 * Every item of the list, or a ListLimitError when there are more than `limit`: one item past
 * the bound is read to tell "exactly limit" from "more".
 */
export async function collect<T>(list: PagePromise<T>, bound: Bound): Promise<T[]> {
  const limit = bound.limit ?? DEFAULT_LIST_LIMIT;
  const items = await list.toArray({ limit: limit + 1 });
  if (items.length <= limit) return items;
  const narrow = bound.narrowWith === undefined ? "" : `narrow it with ${bound.narrowWith}, or `;
  throw new ListLimitError(
    `${bound.fn}: more than ${limit} ${bound.what}; ${narrow}raise limit ` +
      `(at most ${MAX_LIST_LIMIT})`,
    limit,
  );
}

/**
 * collect over a list read PAGE_SIZE items a page, the lookup's name first in its errors: `list`
 * is given the page size to send along with its filters.
 */
export function collectPages<T>(
  lookup: Lookup,
  bound: Omit<Bound, "fn">,
  list: (page: { readonly perPage: number }) => PagePromise<T>,
): Promise<T[]> {
  return collect(list({ perPage: PAGE_SIZE }), { fn: lookup.fn, ...bound });
}

/**
 * A list function's items: `filters` sent with every page, at most the function's `limit`
 * argument (checked here, before any request; DEFAULT_LIST_LIMIT when absent), more being a
 * ListLimitError that names what narrows the list.
 */
export function collectFiltered<T, F extends object>(
  lookup: Lookup,
  bound: { readonly what: string; readonly limit: unknown; readonly narrowWith: string },
  filters: F,
  list: (query: { readonly perPage: number } & F) => PagePromise<T>,
): Promise<T[]> {
  const limit = listLimit(lookup.fn, bound.limit);
  return collectPages(lookup, { ...bound, limit }, (page) => list({ ...page, ...filters }));
}
