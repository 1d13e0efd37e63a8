import { describe, expect, it } from "vitest";
import type { CallOptions } from "../../sdk/core/contract";
import { InputValidationError, PaginationError, ServersComError } from "../../sdk/core/errors";
import {
  DEFAULT_MAX_LIST_ITEMS,
  DEFAULT_MAX_LIST_PAGES,
  type FetchPage,
  ListPagePromise,
  pageNumberOf,
  parseLinkHeader,
  plannedPageUrls,
  type RawPage,
  withPageNumber,
} from "../../sdk/core/pagination";

const BASE = "https://api.servers.com/v1/hosts";

describe("Link header parsing", () => {
  it("reads next, prev, first and last in the style of GitHub", () => {
    const header = [
      `<${BASE}?page=3&per_page=100>; rel="next"`,
      `<${BASE}?page=1&per_page=100>; rel="prev"`,
      `<${BASE}?page=1&per_page=100>; rel="first"`,
      `<${BASE}?page=9&per_page=100>; rel="last"`,
    ].join(", ");
    expect(parseLinkHeader(header)).toEqual({
      next: `${BASE}?page=3&per_page=100`,
      prev: `${BASE}?page=1&per_page=100`,
      first: `${BASE}?page=1&per_page=100`,
      last: `${BASE}?page=9&per_page=100`,
    });
  });

  it("accepts unquoted rels, several rels per link, other parameters and odd spacing", () => {
    const header = `<a?page=2>;rel=next;title="x, y; z",<b?page=5> ;  type="text/html"; rel="last first"`;
    expect(parseLinkHeader(header)).toEqual({
      next: "a?page=2",
      last: "b?page=5",
      first: "b?page=5",
    });
  });

  it("keeps the first link of each kind and ignores unknown rels", () => {
    expect(parseLinkHeader(`<x>; rel="next", <y>; rel="next", <z>; rel="alternate"`)).toEqual({
      next: "x",
    });
  });

  it("skips malformed parts instead of failing", () => {
    expect(parseLinkHeader(`garbage, <ok>; rel="next", <unclosed; rel="last"`)).toEqual({
      next: "ok",
    });
    expect(parseLinkHeader("")).toEqual({});
    expect(parseLinkHeader(`<x>; rel`)).toEqual({});
  });

  it("handles a 100,000-character header: many links", () => {
    const one = `<${BASE}?page=2&per_page=100>; rel="prev", `;
    let header = "";
    while (header.length < 100_000) header += one;
    header += `<${BASE}?page=4>; rel="next"`;
    expect(header.length).toBeGreaterThan(100_000);
    expect(parseLinkHeader(header).next).toBe(`${BASE}?page=4`);
  });

  it.each([
    ["an unclosed <", `<${"<".repeat(100_000)}`],
    ["semicolons", `<x>${";".repeat(100_000)}`],
    ["an unclosed quote", `<x>; rel="${"\\".repeat(100_000)}`],
    ["blanks and commas", `${" ,".repeat(50_000)}<x>; rel="next"`],
    ["one long URL", `<${"a".repeat(100_000)}>; rel="next"`],
  ])("handles a 100,000-character header: %s", (_, header) => {
    expect(header.length).toBeGreaterThanOrEqual(100_000);
    const links = parseLinkHeader(header);
    expect(Object.keys(links).length).toBeLessThanOrEqual(1);
  });
});

describe("page numbers in URLs", () => {
  it("reads the page parameter", () => {
    expect(pageNumberOf(`${BASE}?per_page=100&page=12`)).toBe(12);
    expect(pageNumberOf(`${BASE}?per_page=100`)).toBeUndefined();
    expect(pageNumberOf(`${BASE}?page=abc`)).toBeUndefined();
    expect(pageNumberOf(`${BASE}?page=%FF`)).toBeUndefined();
  });

  it("changes only the page parameter, keeping the rest byte for byte", () => {
    const url = `${BASE}?label_selector=env%20in%20(a%2Cb)&page=2&per_page=100`;
    expect(withPageNumber(url, 7)).toBe(
      `${BASE}?label_selector=env%20in%20(a%2Cb)&page=7&per_page=100`,
    );
  });
});

function rawPage(items: number[], links: RawPage<number>["links"] = {}): RawPage<number> {
  return { items, links, total: undefined };
}

describe("planning concurrent pages from rel=last", () => {
  const first = (next: string, last: string) => ({
    items: [1, 2, 3],
    links: { next, last },
    total: undefined,
    nextPage: () => null,
  });

  it("plans the pages between next and last, bounded by the items wanted", () => {
    const page = first(`${BASE}?page=2&per_page=3`, `${BASE}?page=5&per_page=3`);
    expect(plannedPageUrls(page, 100)).toEqual(
      [2, 3, 4, 5].map((n) => `${BASE}?page=${n}&per_page=3`),
    );
    expect(plannedPageUrls(page, 4)).toEqual([
      `${BASE}?page=2&per_page=3`,
      `${BASE}?page=3&per_page=3`,
    ]);
  });

  it("plans nothing when the links differ in more than the page", () => {
    expect(plannedPageUrls(first(`${BASE}?page=2&a=1`, `${BASE}?page=5&a=2`), 100)).toEqual([]);
    expect(plannedPageUrls(first(`${BASE}?cursor=x`, `${BASE}?cursor=y`), 100)).toEqual([]);
  });
});

/** A fake server of `total` numbered items, `perPage` a page, without HTTP. */
function fakeList(total: number, perPage: number, withLast = true) {
  const requested: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = (page: number) => `${BASE}?page=${page}&per_page=${perPage}`;
  const fetchPage: FetchPage<number> = async (link) => {
    const target = link ?? url(1);
    requested.push(target);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // Yield to the event loop so concurrent requests can overlap, as real ones do.
    await new Promise((resolve) => setImmediate(resolve));
    inFlight -= 1;
    const page = pageNumberOf(target) ?? 1;
    const start = (page - 1) * perPage;
    const items = Array.from(
      { length: Math.max(0, Math.min(perPage, total - start)) },
      (_, k) => start + k,
    );
    const links: { next?: string; last?: string } = {};
    if (page < lastPage) links.next = url(page + 1);
    if (withLast) links.last = url(lastPage);
    return rawPage(items, links);
  };
  return {
    fetchPage,
    requested,
    get maxInFlight() {
      return maxInFlight;
    },
  };
}

describe("PagePromise", () => {
  it("await gives the first page; nothing is sent before", async () => {
    const fake = fakeList(250, 100);
    const list = new ListPagePromise(fake.fetchPage, undefined);
    expect(fake.requested).toEqual([]);
    const page = await list;
    expect(page.items).toHaveLength(100);
    expect(page.links.next).toBe(`${BASE}?page=2&per_page=100`);
    const second = await page.nextPage();
    expect(second?.items[0]).toBe(100);
    // Awaiting again reuses the first page.
    await list;
    expect(fake.requested).toHaveLength(2);
  });

  it("for await yields every item across pages, in order", async () => {
    const fake = fakeList(250, 100);
    const seen: number[] = [];
    for await (const item of new ListPagePromise(fake.fetchPage, undefined)) seen.push(item);
    expect(seen).toEqual(Array.from({ length: 250 }, (_, k) => k));
  });

  it("toArray fetches the pages after the first concurrently, in order, within the bound", async () => {
    const fake = fakeList(1000, 100);
    const items = await new ListPagePromise(fake.fetchPage, undefined).toArray({
      limit: 10_000,
      concurrency: 4,
    });
    expect(items).toEqual(Array.from({ length: 1000 }, (_, k) => k));
    expect(fake.maxInFlight).toBe(4);
    expect(fake.requested).toHaveLength(10);
  });

  it("toArray stops at the limit and asks only for the pages it needs", async () => {
    const fake = fakeList(1000, 100);
    const items = await new ListPagePromise(fake.fetchPage, undefined).toArray({ limit: 250 });
    expect(items).toEqual(Array.from({ length: 250 }, (_, k) => k));
    expect(fake.requested).toHaveLength(3);
  });

  it("toArray follows rel=next one page at a time without rel=last", async () => {
    const fake = fakeList(450, 100, false);
    const items = await new ListPagePromise(fake.fetchPage, undefined).toArray({ limit: 1000 });
    expect(items).toHaveLength(450);
    expect(fake.maxInFlight).toBe(1);
  });

  it("toArray with concurrency 1 is sequential", async () => {
    const fake = fakeList(450, 100);
    await new ListPagePromise(fake.fetchPage, undefined).toArray({ limit: 1000, concurrency: 1 });
    expect(fake.maxInFlight).toBe(1);
  });

  it("toArray requires a whole-number limit and concurrency", async () => {
    const list = new ListPagePromise(fakeList(1, 1).fetchPage, undefined);
    await expect(list.toArray({ limit: -1 })).rejects.toBeInstanceOf(InputValidationError);
    await expect(list.toArray({ limit: 5, concurrency: 0 })).rejects.toBeInstanceOf(
      InputValidationError,
    );
    expect(await list.toArray({ limit: 0 })).toEqual([]);
  });

  it("a failed page fails toArray and stops the other workers", async () => {
    const signals: Array<AbortSignal | undefined> = [];
    const fetchPage: FetchPage<number> = async (link, options?: CallOptions) => {
      signals.push(options?.signal);
      const page = link === undefined ? 1 : (pageNumberOf(link) ?? 1);
      if (page === 3) throw new ServersComError("page 3 failed");
      await new Promise((resolve) => setImmediate(resolve));
      return rawPage([page], { next: `${BASE}?page=${page + 1}`, last: `${BASE}?page=20` });
    };
    const run = new ListPagePromise(fetchPage, undefined).toArray({ limit: 100, concurrency: 4 });
    await expect(run).rejects.toThrow("page 3 failed");
    // The first page and one round of four workers: nothing was started after the failure,
    // and the requests still running were told to stop.
    expect(signals).toHaveLength(5);
    expect(signals.slice(1).every((signal) => signal?.aborted)).toBe(true);
  });

  it("a rel=next that loops back is an error, not an endless iteration", async () => {
    const fetchPage: FetchPage<number> = async () => rawPage([1], { next: `${BASE}?page=2` });
    const iterate = async () => {
      for await (const _ of new ListPagePromise(fetchPage, undefined)) {
        // consume
      }
    };
    await expect(iterate()).rejects.toThrow(/points back|links back/);
  });
});

describe("every list call is bounded (issue 13)", () => {
  /** A server whose pages never end: `perPage` items each, and always a next page. */
  function endless(perPage: number): { fetchPage: FetchPage<number>; calls: () => number } {
    let calls = 0;
    const fetchPage: FetchPage<number> = async (url) => {
      calls += 1;
      const page = url === undefined ? 1 : (pageNumberOf(url) ?? 1);
      return rawPage(
        Array.from({ length: perPage }, (_, i) => page * 1000 + i),
        {
          next: `${BASE}?page=${page + 1}`,
        },
      );
    };
    return { fetchPage, calls: () => calls };
  }

  it(`stops after the default ${DEFAULT_MAX_LIST_PAGES} pages, naming the list and the bound`, async () => {
    const { fetchPage, calls } = endless(1);
    const list = new ListPagePromise(fetchPage, undefined, { list: "GET /v1/hosts" });
    const error = await (async (): Promise<unknown> => {
      try {
        for await (const _ of list) {
          // consume
        }
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as PaginationError).list).toBe("GET /v1/hosts");
    expect((error as PaginationError).bound).toBe(
      `at most ${DEFAULT_MAX_LIST_PAGES} pages per list call`,
    );
    expect(calls()).toBe(DEFAULT_MAX_LIST_PAGES);
  });

  it(`stops past the default ${DEFAULT_MAX_LIST_ITEMS} items, whatever toArray's limit`, async () => {
    const { fetchPage, calls } = endless(100);
    const list = new ListPagePromise(fetchPage, undefined, { list: "GET /v1/hosts" });
    await expect(list.toArray({ limit: 10_000_000, concurrency: 1 })).rejects.toThrow(
      `list GET /v1/hosts: the server sent ${DEFAULT_MAX_LIST_ITEMS + 100} items or more (at most ${DEFAULT_MAX_LIST_ITEMS} items per list call)`,
    );
    expect(calls()).toBe(DEFAULT_MAX_LIST_ITEMS / 100 + 1);
  });

  it("holds nextPage() called by hand to the same bounds", async () => {
    const { fetchPage } = endless(1);
    let page = await new ListPagePromise(fetchPage, undefined, { maxPages: 3 });
    page = (await page.nextPage()) as typeof page;
    page = (await page.nextPage()) as typeof page;
    await expect(page.nextPage()).rejects.toBeInstanceOf(PaginationError);
  });

  it("refuses an empty page that links on, at once", async () => {
    const fetchPage: FetchPage<number> = async (url) =>
      rawPage([], {
        next: `${BASE}?page=${(url === undefined ? 1 : (pageNumberOf(url) ?? 1)) + 1}`,
      });
    await expect(new ListPagePromise(fetchPage, undefined).toArray({ limit: 100 })).rejects.toThrow(
      /an empty page links to a next page \(each page must advance\)/,
    );
  });

  it("refuses bounds that are not whole numbers of at least 1", () => {
    expect(() => new ListPagePromise(endless(1).fetchPage, undefined, { maxPages: 0 })).toThrow(
      InputValidationError,
    );
  });
});
