// The one list implementation every area answers with: paging rules, filters, search, label
// selectors, sorting, and the Link / X-Total headers, as api-spec.md ("Standard list parameters",
// "Pagination") and wire-notes.md describe them.
import {
  type LabelRequirement,
  LabelSelectorError,
  matchesLabelSelector,
  parseLabelSelector,
} from "../../sdk/labels";
import {
  type Json,
  type ListSpec,
  SimApiError,
  type SimResponse,
  type WireRecord,
} from "./contract";

const DEFAULT_PER_PAGE = 20;
const MAX_PER_PAGE = 100;

interface ListQuery {
  readonly page: number;
  readonly perPage: number;
  readonly sorting: string | undefined;
  readonly descending: boolean;
  readonly selector: readonly LabelRequirement[] | undefined;
}

/** Strict positive integers only: "1.5", "1e2", " 3" and "" are all invalid, as a server would say. */
function parseCount(text: string | null): number | undefined | null {
  if (text === null) return undefined;
  if (!/^[0-9]{1,9}$/.test(text)) return null;
  return Number(text);
}

function parseListQuery(query: URLSearchParams, spec: ListSpec): ListQuery {
  const problems: string[] = [];
  const params: string[] = [];
  const invalid = (param: string, why: string) => {
    params.push(param);
    problems.push(`${param} ${why}`);
  };

  const page = parseCount(query.get("page"));
  if (page === null || (page !== undefined && page < 1)) invalid("page", "must be an integer >= 1");
  const perPage = parseCount(query.get("per_page"));
  if (perPage === null || (perPage !== undefined && (perPage < 1 || perPage > MAX_PER_PAGE))) {
    invalid("per_page", `must be an integer from 1 to ${MAX_PER_PAGE}`);
  }

  // Lists without sorting parameters in the spec (L2 members) ignore them rather than failing.
  const sorting = spec.sortable === undefined ? null : query.get("sorting");
  if (sorting !== null && spec.sortable !== undefined && !spec.sortable.includes(sorting)) {
    invalid("sorting", `must be one of ${spec.sortable.join(", ")}`);
  }
  const direction = spec.sortable === undefined ? null : query.get("direction");
  if (direction !== null && !/^(asc|desc)$/i.test(direction))
    invalid("direction", "must be ASC or DESC");

  let selector: LabelRequirement[] | undefined;
  const selectorText = spec.labelSelector ? query.get("label_selector") : null;
  if (selectorText !== null) {
    try {
      selector = parseLabelSelector(selectorText);
    } catch (error) {
      if (!(error instanceof LabelSelectorError)) throw error;
      invalid("label_selector", `is malformed: ${error.rule}`);
    }
  }

  if (params.length > 0) {
    throw new SimApiError(400, "BAD_REQUEST", `Invalid query parameters: ${problems.join("; ")}`, {
      params,
    });
  }
  return {
    page: page ?? 1,
    perPage: perPage ?? DEFAULT_PER_PAGE,
    sorting: sorting ?? undefined,
    descending: direction !== null && direction.toUpperCase() === "DESC",
    selector,
  };
}

function labelsOf(record: WireRecord): Record<string, string> {
  const labels = record.labels;
  if (typeof labels !== "object" || labels === null || Array.isArray(labels)) return {};
  return labels as Record<string, string>;
}

/** Query values are text: a record's 1, true or null equals "1", "true" or "null". */
function asText(value: Json | undefined): string {
  return value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
}

function compare(a: Json | undefined, b: Json | undefined): number {
  if (a === b) return 0;
  // Absent and null sort first, as SQL's NULLS FIRST on ASC.
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  const x = asText(a);
  const y = asText(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function filterRecords(
  records: readonly WireRecord[],
  query: URLSearchParams,
  spec: ListSpec,
  selector: readonly LabelRequirement[] | undefined,
): WireRecord[] {
  const exact: [string, string][] = [];
  for (const [param, field] of Object.entries(spec.filters ?? {})) {
    const value = query.get(param);
    if (value !== null) exact.push([field, value]);
  }
  const search =
    spec.searchField === undefined ? null : (query.get("search_pattern")?.toLowerCase() ?? null);
  const searchField = spec.searchField;
  return records.filter((record) => {
    for (const [field, value] of exact) if (asText(record[field]) !== value) return false;
    if (search !== null && searchField !== undefined && search !== "") {
      const text = record[searchField];
      if (typeof text !== "string" || !text.toLowerCase().includes(search)) return false;
    }
    return selector === undefined || matchesLabelSelector(selector, labelsOf(record));
  });
}

function pageUrl(
  origin: string,
  path: string,
  query: URLSearchParams,
  page: number,
  perPage: number,
) {
  const q = new URLSearchParams(query);
  q.set("page", String(page));
  q.set("per_page", String(perPage));
  return `${origin}${path}?${q.toString()}`;
}

/**
 * Link header in the style of a public code-hosting API. first and last are always present (the
 * client can jump); prev and next only where such a page exists (next absent = last page).
 */
function linkHeader(
  origin: string,
  path: string,
  query: URLSearchParams,
  page: number,
  perPage: number,
  total: number,
) {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const links: string[] = [];
  const link = (p: number, rel: string) =>
    links.push(`<${pageUrl(origin, path, query, p, perPage)}>; rel="${rel}"`);
  if (page < lastPage) link(page + 1, "next");
  if (page > 1) link(Math.min(page - 1, lastPage), "prev");
  link(1, "first");
  link(lastPage, "last");
  return links.join(", ");
}

export function listResponse(
  origin: string,
  path: string,
  query: URLSearchParams,
  records: readonly WireRecord[],
  spec: ListSpec,
): SimResponse {
  const q = parseListQuery(query, spec);
  const selected = filterRecords(records, query, spec, q.selector);
  if (spec.sortable !== undefined) {
    const field = q.sorting ?? "id";
    const sign = q.descending ? -1 : 1;
    // Ties fall back to id so that pages never overlap or skip between requests.
    selected.sort((a, b) => sign * (compare(a[field], b[field]) || compare(a.id, b.id)));
  }
  const start = (q.page - 1) * q.perPage;
  const items = selected.slice(start, start + q.perPage);
  return {
    status: 200,
    body: items,
    headers: {
      link: linkHeader(origin, path, query, q.page, q.perPage, selected.length),
      "x-total": String(selected.length),
    },
  };
}
