// Pagination as the API does it: a bare JSON array per page, and web-linking `Link` headers
// (rel="next", "prev", "first", "last") in the style of GitHub.
import type { CallOptions, Page, PageLinks, PagePromise, ToArrayOptions } from "./contract";
import { InputValidationError, PaginationError } from "./errors";

type Rel = keyof PageLinks;
const RELS: ReadonlySet<string> = new Set<Rel>(["next", "prev", "first", "last"]);

function isBlank(c: string | undefined): boolean {
  return c === " " || c === "\t";
}

/**
 * Parses a Link header into its next/prev/first/last targets (the first link of each kind
 * wins). A hand-written scanner: every character is looked at a bounded number of times, so a
 * hostile 100,000-character header costs linear time, where a backtracking regular expression
 * would not. Malformed links are skipped rather than failing the whole list.
 */
export function parseLinkHeader(header: string): PageLinks {
  const links: { -readonly [K in Rel]?: string } = {};
  const n = header.length;
  let i = 0;
  while (i < n) {
    while (i < n && (isBlank(header[i]) || header[i] === ",")) i += 1;
    if (i >= n) break;
    if (header[i] !== "<") {
      // Not a link: skip to the next comma outside quotes.
      i = skipParameterValue(header, i);
      continue;
    }
    const close = header.indexOf(">", i + 1);
    if (close === -1) break;
    const target = header.slice(i + 1, close).trim();
    i = close + 1;
    let rels: string | undefined;
    // Parameters: `; name=value` or `; name="quoted value"`, until a comma ends the link.
    while (i < n && header[i] !== ",") {
      if (header[i] !== ";") {
        i += 1;
        continue;
      }
      i += 1;
      while (i < n && isBlank(header[i])) i += 1;
      const nameStart = i;
      while (i < n && header[i] !== "=" && header[i] !== ";" && header[i] !== ",") i += 1;
      const name = header.slice(nameStart, i).trim().toLowerCase();
      if (header[i] !== "=") continue;
      i += 1;
      while (i < n && isBlank(header[i])) i += 1;
      let value: string;
      if (header[i] === '"') {
        const start = i + 1;
        i = start;
        let text = "";
        let chunk = start;
        while (i < n && header[i] !== '"') {
          if (header[i] === "\\" && i + 1 < n) {
            text += header.slice(chunk, i);
            chunk = i + 1;
            i += 2;
          } else {
            i += 1;
          }
        }
        value = text + header.slice(chunk, i);
        if (i < n) i += 1;
      } else {
        const start = i;
        while (i < n && header[i] !== ";" && header[i] !== ",") i += 1;
        value = header.slice(start, i).trim();
      }
      // RFC 8288: only the first rel parameter of a link counts.
      if (name === "rel" && rels === undefined) rels = value;
    }
    if (rels === undefined) continue;
    // One link may carry several relation types: rel="next last".
    for (const rel of rels.toLowerCase().split(/[ \t]+/)) {
      if (RELS.has(rel) && links[rel as Rel] === undefined) links[rel as Rel] = target;
    }
  }
  return links;
}

function skipParameterValue(header: string, from: number): number {
  let i = from;
  let quoted = false;
  while (i < header.length) {
    const c = header[i];
    if (c === '"') quoted = !quoted;
    else if (c === "\\" && quoted) i += 1;
    else if (c === "," && !quoted) return i + 1;
    i += 1;
  }
  return i;
}

/** Reads the `page` query parameter of a URL, if it is a whole number. */
export function pageNumberOf(url: string): number | undefined {
  const value = queryParts(url).params.find((p) => p.key === "page")?.value;
  if (value === undefined || !/^\d{1,9}$/.test(value)) return undefined;
  const page = Number(value);
  return page >= 1 ? page : undefined;
}

/**
 * The same URL with another `page`: only that parameter's text changes, the rest of the query
 * is kept byte for byte (re-encoding it could change how a label selector reads).
 */
export function withPageNumber(url: string, page: number): string {
  const { head, params, fragment } = queryParts(url);
  const query = params
    .map((p) => (p.key === "page" ? `page=${page}` : p.raw))
    .filter((raw) => raw !== "")
    .join("&");
  return `${head}?${query}${fragment}`;
}

/** The URL without its `page` parameter, to see whether two links differ only by page. */
function withoutPage(url: string): string {
  const { head, params } = queryParts(url);
  return `${head}?${params
    .filter((p) => p.key !== "page")
    .map((p) => p.raw)
    .join("&")}`;
}

interface QueryPart {
  readonly raw: string;
  readonly key: string;
  readonly value: string;
}

function queryParts(url: string): { head: string; params: QueryPart[]; fragment: string } {
  const hash = url.indexOf("#");
  const fragment = hash === -1 ? "" : url.slice(hash);
  const rest = hash === -1 ? url : url.slice(0, hash);
  const question = rest.indexOf("?");
  if (question === -1) return { head: rest, params: [], fragment };
  const params = rest
    .slice(question + 1)
    .split("&")
    .map((raw) => {
      const eq = raw.indexOf("=");
      const key = eq === -1 ? raw : raw.slice(0, eq);
      const value = eq === -1 ? "" : raw.slice(eq + 1);
      return { raw, key: safeDecode(key), value: safeDecode(value) };
    });
  return { head: rest.slice(0, question), params, fragment };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch (error) {
    // A malformed escape is not a page number: compare the raw text instead of failing.
    if (error instanceof URIError) return text;
    throw error;
  }
}

/** One page as read from the wire, with its links already resolved to absolute URLs. */
export interface RawPage<T> {
  readonly items: readonly T[];
  readonly links: PageLinks;
  readonly total: number | undefined;
}

/**
 * Fetches a page: `url` undefined means the list's first request; otherwise a URL taken from a
 * Link header (or derived from one), which the transport checks before sending.
 */
export type FetchPage<T> = (
  url: string | undefined,
  options: CallOptions | undefined,
) => Promise<RawPage<T>>;

export const DEFAULT_CONCURRENCY = 4;

/** How much one list call may read before it stops with a PaginationError. */
export interface ListBounds {
  /** Pages, the first included. Default 10,000 (DEFAULT_MAX_LIST_PAGES). */
  readonly maxPages?: number;
  /** Items over all pages. Default 100,000 (DEFAULT_MAX_LIST_ITEMS). */
  readonly maxItems?: number;
}

/**
 * 10,000 pages: every item of the largest list (DEFAULT_MAX_LIST_ITEMS) at the default 20 per
 * page needs 5,000; a server whose pages never end is stopped after at most this many requests.
 */
export const DEFAULT_MAX_LIST_PAGES = 10_000;
/**
 * 100,000 items: far more objects of one kind than an account holds (each is a server, a volume,
 * a key...), few enough that the items of a runaway list fit in memory.
 */
export const DEFAULT_MAX_LIST_ITEMS = 100_000;

export function listBoundsOf(bounds: ListBounds | undefined): Required<ListBounds> {
  const out = {
    maxPages: bounds?.maxPages ?? DEFAULT_MAX_LIST_PAGES,
    maxItems: bounds?.maxItems ?? DEFAULT_MAX_LIST_ITEMS,
  };
  checkWholeNumber(out.maxPages, "listBounds.maxPages", 1);
  checkWholeNumber(out.maxItems, "listBounds.maxItems", 1);
  return out;
}

/** The bounds of one list call, and its name for messages. */
export interface ListLimits extends Required<ListBounds> {
  /** Such as "GET /v1/hosts". */
  readonly list: string;
}

/** Where a page sits in its list: its position and the items before it. */
interface Position {
  readonly index: number;
  readonly itemsBefore: number;
}

type LoadPage<T> = (
  url: string,
  options: CallOptions | undefined,
  position: Position,
) => Promise<Page<T>>;

class ListPage<T> implements Page<T> {
  readonly items: readonly T[];
  readonly links: PageLinks;
  readonly total: number | undefined;

  readonly #load: LoadPage<T>;
  readonly #options: CallOptions | undefined;
  readonly #position: Position;

  constructor(
    raw: RawPage<T>,
    load: LoadPage<T>,
    options: CallOptions | undefined,
    position: Position,
  ) {
    this.items = raw.items;
    this.links = raw.links;
    this.total = raw.total;
    this.#load = load;
    this.#options = options;
    this.#position = position;
  }

  /** The next page; without options, those of the list call (its signal, its timeout). */
  nextPage(options?: CallOptions): Promise<Page<T>> | null {
    const next = this.links.next;
    if (next === undefined) return null;
    const position = {
      index: this.#position.index + 1,
      itemsBefore: this.#position.itemsBefore + this.items.length,
    };
    return this.#load(next, options ?? this.#options, position);
  }
}

function checkWholeNumber(value: number, field: string, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new InputValidationError(field, `must be a whole number, at least ${min}`);
  }
}

/**
 * What `list` returns. The first page is fetched lazily, once, when the object is first
 * awaited or iterated: creating a list that nobody reads sends nothing and cannot leave an
 * unhandled rejection behind.
 */
export class ListPagePromise<T> implements PagePromise<T> {
  readonly [Symbol.toStringTag] = "PagePromise";
  #first: Promise<Page<T>> | undefined;
  readonly #fetchPage: FetchPage<T>;
  readonly #options: CallOptions | undefined;
  readonly #limits: ListLimits;

  constructor(
    fetchPage: FetchPage<T>,
    options: CallOptions | undefined,
    limits: Partial<ListLimits> = {},
  ) {
    this.#fetchPage = fetchPage;
    this.#options = options;
    this.#limits = { list: limits.list ?? "list", ...listBoundsOf(limits) };
  }

  // biome-ignore lint/suspicious/noThenProperty: a PagePromise is awaitable by contract.
  then<R1 = Page<T>, R2 = never>(
    onfulfilled?: ((value: Page<T>) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#firstPage().then(onfulfilled, onrejected);
  }

  catch<R = never>(
    onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null,
  ): Promise<Page<T> | R> {
    return this.#firstPage().catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<Page<T>> {
    return this.#firstPage().finally(onfinally);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    let page: Page<T> | undefined = await this.#firstPage();
    const seen = new Set<string>();
    while (page !== undefined) {
      yield* page.items;
      page = await this.#followNext(page, seen);
    }
  }

  /**
   * Collects at most `limit` items in list order. When the first page names the last page and
   * the pages differ only by their `page` parameter, the pages still needed are fetched
   * `concurrency` at a time; otherwise one after another along rel="next".
   */
  async toArray(options: ToArrayOptions): Promise<T[]> {
    const { limit } = options;
    const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    checkWholeNumber(limit, "limit", 0);
    checkWholeNumber(concurrency, "concurrency", 1);
    const out: T[] = [];
    if (limit === 0) return out;
    const first = await this.#firstPage();
    out.push(...first.items.slice(0, limit));
    let last: Page<T> = first;
    const urls = concurrency > 1 ? plannedPageUrls(first, limit - out.length) : [];
    if (urls.length > 0 && out.length < limit) {
      const positions = urls.map((_, k) => ({
        index: k + 2,
        itemsBefore: first.items.length * (k + 1),
      }));
      for (const page of await this.#fetchConcurrently(urls, positions, concurrency)) {
        out.push(...page.items.slice(0, limit - out.length));
        last = page;
        if (out.length >= limit) return out;
      }
    }
    // The rest (or everything, without rel="last"): follow rel="next" until the bound.
    const seen = new Set<string>();
    while (out.length < limit) {
      const page = await this.#followNext(last, seen);
      if (page === undefined) break;
      out.push(...page.items.slice(0, limit - out.length));
      last = page;
    }
    return out;
  }

  #firstPage(): Promise<Page<T>> {
    this.#first ??= this.#load(undefined, this.#options, { index: 1, itemsBefore: 0 });
    return this.#first;
  }

  #stop(bound: string, detail: string): PaginationError {
    return new PaginationError(this.#limits.list, bound, detail);
  }

  /**
   * Loads one page and holds it to the list's bounds. Every way of reading a list (awaiting it,
   * `nextPage`, `for await`, `toArray`) comes through here, so none can read without end.
   * Async so that a fetcher which throws at once (a refused Link) still yields a rejection.
   */
  async #load(
    url: string | undefined,
    options: CallOptions | undefined,
    position: Position,
  ): Promise<Page<T>> {
    const { maxPages, maxItems } = this.#limits;
    if (position.index > maxPages) {
      throw this.#stop(
        `at most ${maxPages} pages per list call`,
        `the server still links to a next page after ${maxPages} pages`,
      );
    }
    const raw = await this.#fetchPage(url, options);
    const items = position.itemsBefore + raw.items.length;
    if (items > maxItems) {
      throw this.#stop(
        `at most ${maxItems} items per list call`,
        `the server sent ${items} items or more`,
      );
    }
    const next = raw.links.next;
    if (next !== undefined) {
      // A page that links on without giving anything, or to a page number not after its own,
      // does not advance: following it could go on for ever.
      if (raw.items.length === 0) {
        throw this.#stop("each page must advance", "an empty page links to a next page");
      }
      const here = url === undefined ? undefined : pageNumberOf(url);
      const there = pageNumberOf(next);
      if (next === url || (here !== undefined && there !== undefined && there <= here)) {
        throw this.#stop(
          "each page must advance",
          `page ${here ?? "?"} links back to page ${there ?? "?"} as the next one`,
        );
      }
    }
    return new ListPage(
      raw,
      (link, opts, at) => this.#load(link, opts, at),
      this.#options,
      position,
    );
  }

  async #followNext(page: Page<T>, seen: Set<string>): Promise<Page<T> | undefined> {
    const next = page.links.next;
    if (next === undefined) return undefined;
    // A server whose rel="next" loops would otherwise make iteration endless.
    if (seen.has(next)) {
      throw this.#stop(
        "each page must advance",
        `Link rel="next" points back at a page already read: ${next.slice(0, 200)}`,
      );
    }
    seen.add(next);
    return (await page.nextPage()) ?? undefined;
  }

  async #fetchConcurrently(
    urls: readonly string[],
    positions: readonly Position[],
    concurrency: number,
  ): Promise<Page<T>[]> {
    const pages: Array<Page<T> | undefined> = new Array(urls.length);
    // The first failure stops the others: their pages would be thrown away.
    const stop = new AbortController();
    const signal =
      this.#options?.signal === undefined
        ? stop.signal
        : AbortSignal.any([this.#options.signal, stop.signal]);
    const options: CallOptions = { ...this.#options, signal };
    let nextIndex = 0;
    const worker = async (): Promise<void> => {
      while (nextIndex < urls.length && !stop.signal.aborted) {
        const index = nextIndex;
        nextIndex += 1;
        const url = urls[index];
        const position = positions[index];
        if (url === undefined || position === undefined) return;
        try {
          pages[index] = await this.#load(url, options, position);
        } catch (error) {
          stop.abort();
          throw error;
        }
      }
    };
    const workers = Array.from({ length: Math.min(concurrency, urls.length) }, worker);
    await Promise.all(workers);
    return pages.filter((page): page is Page<T> => page !== undefined);
  }
}

/**
 * URLs of the pages after `first` needed for `wanted` more items, or [] when they cannot be
 * derived: no rel="last", page numbers not readable, or links that differ in more than `page`.
 */
export function plannedPageUrls(first: Page<unknown>, wanted: number): string[] {
  const { next, last } = first.links;
  const perPage = first.items.length;
  if (next === undefined || last === undefined || perPage === 0 || wanted <= 0) return [];
  const from = pageNumberOf(next);
  const to = pageNumberOf(last);
  if (from === undefined || to === undefined || to < from) return [];
  if (withoutPage(next) !== withoutPage(last)) return [];
  const count = Math.min(to - from + 1, Math.ceil(wanted / perPage));
  return Array.from({ length: count }, (_, k) => withPageNumber(next, from + k));
}
