// Lookup by name or code: case-insensitive, an exact name first, then (for names) the query as
// whole words of a name, so that "ubuntu 24.04" finds "Ubuntu 24.04-server x86_64" while
// "ubuntu" alone is refused as ambiguous. When nothing fits, the error lists the close matches,
// as users of the Terraform provider's data sources are used to.
import type { PagePromise } from "../../../sdk/core/contract";
import { definedFields } from "./args";
import { substringDistance } from "./distance";
import { AmbiguousMatchError, NoMatchError } from "./errors";
import type { Lookup } from "./invoke";
import { type Bound, collectPages } from "./lists";

/** One thing a lookup can return, with the names it answers to. */
export interface Candidate<T> {
  readonly item: T;
  /** Every name the item answers to (a code, a full name, "name version"...). */
  readonly names: readonly string[];
  /** How messages show it: its best-known name. */
  readonly label: string;
  /** Its id, shown beside the label when several fit. */
  readonly id: string | number;
}

/** The candidate of an item known by one name (or code, or hostname): names and label are it. */
export function namedCandidate<T extends { readonly id: string | number }>(
  item: T,
  name: string,
): Candidate<T> {
  return { item, names: [name], label: name, id: item.id };
}

/** namedCandidate by the item's own `name`, for `.map(nameCandidate)`. */
export function nameCandidate<T extends { readonly id: string | number; readonly name: string }>(
  item: T,
): Candidate<T> {
  return namedCandidate(item, item.name);
}

export interface NameQuery {
  /** The calling function, first in every message (`getOperatingSystem`). */
  readonly fn: string;
  /** What is looked up, singular ("operating system"); messages add an "s" for several. */
  readonly what: string;
  /** The text asked for, as the program gave it. */
  readonly query: string;
  /**
   * "exact": the whole name (codes, hostnames); "words": also the query as whole words inside a
   * name, for names the API builds from several parts.
   */
  readonly mode: "exact" | "words";
  /** Where the lookup looked, for messages (" in location AMS1"); computed only on failure. */
  readonly where?: () => Promise<string>;
}

/** At most this many names are listed in an error. */
const LISTED = 5;
/** Queries longer than this are not compared for close matches (the cost is length x length). */
const MAX_COMPARED_LENGTH = 200;

/** Lowercase, trimmed, inner whitespace collapsed: "Ubuntu  24.04 " equals "ubuntu 24.04". */
export function normaliseName(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}

/** Letters and digits of any script; anything else (space, dash, dot...) separates words. */
function isWordCharacter(text: string, index: number): boolean {
  const character = text.charAt(index);
  return character !== "" && /[\p{L}\p{N}]/u.test(character);
}

/** Whether `query` occurs in `name` starting and ending at word boundaries. */
export function containsWords(name: string, query: string): boolean {
  if (query === "") return false;
  for (let at = name.indexOf(query); at !== -1; at = name.indexOf(query, at + 1)) {
    const end = at + query.length;
    const startsWord = at === 0 || !isWordCharacter(name, at - 1) || !isWordCharacter(query, 0);
    const endsWord =
      end === name.length ||
      !isWordCharacter(name, end) ||
      !isWordCharacter(query, query.length - 1);
    if (startsWord && endsWord) return true;
  }
  return false;
}

/** The one candidate the query names; throws NoMatchError or AmbiguousMatchError otherwise. */
export async function pickByName<T>(
  query: NameQuery,
  candidates: readonly Candidate<T>[],
): Promise<T> {
  const wanted = normaliseName(query.query);
  const named = candidates.map((candidate) => ({
    candidate,
    names: candidate.names.map(normaliseName),
  }));
  const exact = named.filter(({ names }) => names.includes(wanted));
  const fitting =
    exact.length > 0 || query.mode === "exact"
      ? exact
      : named.filter(({ names }) => names.some((name) => containsWords(name, wanted)));
  const [first, second] = fitting;
  if (first !== undefined && second === undefined) return first.candidate.item;
  const where = query.where === undefined ? "" : await query.where();
  if (first !== undefined) {
    const matches = fitting.map(({ candidate }) => `${candidate.label} (id ${candidate.id})`);
    throw new AmbiguousMatchError(
      `${query.fn}: "${query.query}" matches ${fitting.length} ${query.what}s${where}: ` +
        `${listed(matches)}; give the id or the full name`,
      matches,
    );
  }
  const close = closeMatches(wanted, named);
  const hint =
    close.length > 0
      ? `close matches: ${close.join(", ")}`
      : candidates.length === 0
        ? `there are none`
        : `available: ${listed(candidates.map((c) => c.label))}`;
  throw new NoMatchError(
    `${query.fn}: no ${query.what} matches "${query.query}"${where}; ${hint}`,
    close,
  );
}

/** Candidates within a typo or a few of the query, closest first (ties in list order). */
function closeMatches<T>(
  wanted: string,
  named: readonly { candidate: Candidate<T>; names: readonly string[] }[],
): string[] {
  if (wanted === "" || wanted.length > MAX_COMPARED_LENGTH) return [];
  // A third of the query's length: "ubunto 24.04" may be 4 edits off, "ams2" only 1.
  const tolerance = Math.max(1, Math.floor(wanted.length / 3));
  return named
    .map(({ candidate, names }, index) => ({
      label: candidate.label,
      index,
      distance: Math.min(...names.map((name) => substringDistance(wanted, name))),
    }))
    .filter(({ distance }) => distance <= tolerance)
    .sort((a, b) => a.distance - b.distance || a.index - b.index)
    .slice(0, LISTED)
    .map(({ label }) => label);
}

/** Names joined by commas, cut after LISTED with how many more there are. */
function listed(names: readonly string[]): string {
  const shown = names.slice(0, LISTED).join(", ");
  return names.length > LISTED ? `${shown} and ${names.length - LISTED} more` : shown;
}

/**
 * pickByName over a list the API narrows with `search_pattern` ("name contains the value"):
 * first the narrowed list, then, when nothing there fits, the whole list (a typo, or a search
 * whose case rules differ from ours), for the match or for the close matches of the error.
 */
export async function pickBySearch<T>(
  query: NameQuery,
  search: (searchPattern: string | undefined) => Promise<readonly Candidate<T>[]>,
): Promise<T> {
  try {
    return await pickByName(query, await search(query.query.trim()));
  } catch (error) {
    if (!(error instanceof NoMatchError)) throw error;
    return pickByName(query, await search(undefined));
  }
}

/**
 * pickBySearch over a whole list (bounded as `bound` says) that the API narrows with
 * `searchPattern`: `list` is given the page size and, when narrowing, the search pattern.
 */
export function pickBySearchList<T>(
  lookup: Lookup,
  query: Omit<NameQuery, "fn">,
  bound: Omit<Bound, "fn">,
  list: (query: { readonly perPage: number; readonly searchPattern?: string }) => PagePromise<T>,
  candidate: (item: T) => Candidate<T>,
): Promise<T> {
  return pickBySearch({ fn: lookup.fn, ...query }, async (searchPattern) =>
    (
      await collectPages(lookup, bound, (page) =>
        list({ ...page, ...definedFields({ searchPattern }) }),
      )
    ).map(candidate),
  );
}
