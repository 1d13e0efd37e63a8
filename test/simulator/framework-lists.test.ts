// Lists (api-spec.md "Standard list parameters", "Pagination"; wire-notes.md "Pagination"): a
// bare JSON array, Link next/prev/first/last with absolute URLs, X-Total, per_page 1..100
// (default 20), page >= 1, 400 BAD_REQUEST naming the invalid parameters, sorting, direction,
// search_pattern. Exercised on GET /v1/hosts with 45 seeded dedicated servers.
import { describe, expect, it } from "vitest";
import { type ApiErrorBody, pageOf, parseLinks, useTestSimulator } from "./helpers";

interface Row {
  readonly id: string;
  readonly title: string;
  readonly created_at: string;
  readonly updated_at: string;
}

const base = Date.parse("2025-06-01T00:00:00.000Z");
/** Ids, creation and update times run in different orders, so each sorting is visible. */
const servers = Array.from({ length: 45 }, (_, i) => ({
  id: `srv${String(i).padStart(2, "0")}`,
  type: "dedicated_server",
  title: i % 3 === 0 ? `db-${i}.example.com` : `web-${i}.example.com`,
  location_id: i % 2 === 0 ? 1 : 2,
  rack_id: null,
  labels: {},
  created_at: new Date(base + ((i * 7) % 45) * 60_000).toISOString(),
  updated_at: new Date(base + ((i * 11) % 45) * 60_000).toISOString(),
}));

describe("Lists are paginated", () => {
  const sim = useTestSimulator({ seed: { records: { dedicated_servers: servers } } });
  const list = (query: string) => sim().req<Row[]>("GET", `/v1/hosts/dedicated_servers${query}`);

  it("answers a bare array of 20 by default, with X-Total", async () => {
    const res = await list("");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(20);
    expect(res.headers["x-total"]).toBe("45");
  });

  it("links next, first and last on the first page, with absolute URLs", async () => {
    const links = parseLinks((await list("")).headers.link);
    expect(Object.keys(links).sort()).toEqual(["first", "last", "next"]);
    expect(links.next).toMatch(new RegExp(`^${sim().url}/v1/hosts/dedicated_servers\\?`));
    expect(pageOf(links.next)).toEqual({ page: 2, perPage: 20 });
    expect(pageOf(links.first)).toEqual({ page: 1, perPage: 20 });
    expect(pageOf(links.last)).toEqual({ page: 3, perPage: 20 });
  });

  it("links prev and next in the middle and keeps the other parameters", async () => {
    const res = await list("?page=2&per_page=10&sorting=created_at");
    expect(res.body).toHaveLength(10);
    const links = parseLinks(res.headers.link);
    expect(pageOf(links.prev)).toEqual({ page: 1, perPage: 10 });
    expect(pageOf(links.next)).toEqual({ page: 3, perPage: 10 });
    expect(pageOf(links.last)).toEqual({ page: 5, perPage: 10 });
    expect(new URL(links.next ?? "").searchParams.get("sorting")).toBe("created_at");
  });

  it("has no next on the last page", async () => {
    const res = await list("?page=3");
    expect(res.body).toHaveLength(5);
    const links = parseLinks(res.headers.link);
    expect(links.next).toBeUndefined();
    expect(pageOf(links.prev)).toEqual({ page: 2, perPage: 20 });
  });

  it("answers 100 items at most per page", async () => {
    const res = await list("?per_page=100");
    expect(res.body).toHaveLength(45);
    expect(parseLinks(res.headers.link).next).toBeUndefined();
  });

  it("walks every item exactly once following next", async () => {
    const seen: string[] = [];
    let url: string | undefined = `/v1/hosts/dedicated_servers?per_page=7`;
    for (let guard = 0; url !== undefined && guard < 20; guard++) {
      const res: { body: Row[]; headers: Readonly<Record<string, string>> } = await sim().req<
        Row[]
      >("GET", url);
      seen.push(...res.body.map((r) => r.id));
      const next = parseLinks(res.headers.link).next;
      url = next === undefined ? undefined : next.slice(sim().url.length);
    }
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
  });

  it("answers an empty page past the end", async () => {
    const res = await list("?page=9");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it.each([
    ["per_page=0", ["per_page"]],
    ["per_page=101", ["per_page"]],
    ["per_page=abc", ["per_page"]],
    ["per_page=1.5", ["per_page"]],
    ["page=0", ["page"]],
    ["page=-1", ["page"]],
    ["page=x", ["page"]],
    ["page=0&per_page=500", ["page", "per_page"]],
  ])("answers 400 BAD_REQUEST with params for %s", async (query, params) => {
    const res = await sim().req<ApiErrorBody>("GET", `/v1/hosts/dedicated_servers?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("BAD_REQUEST");
    expect(res.body.params).toEqual(params);
  });
});

describe("Lists sort by id (default), created_at or updated_at, ASC (default) or DESC", () => {
  const sim = useTestSimulator({ seed: { records: { dedicated_servers: servers } } });
  const ids = async (query: string) =>
    (await sim().req<Row[]>("GET", `/v1/hosts/dedicated_servers?per_page=100&${query}`)).body;

  it("sorts by id ascending by default", async () => {
    const rows = await ids("");
    expect(rows.map((r) => r.id)).toEqual(servers.map((s) => s.id).sort());
  });

  it("sorts by id descending", async () => {
    const rows = await ids("direction=DESC");
    expect(rows.map((r) => r.id)).toEqual(
      servers
        .map((s) => s.id)
        .sort()
        .reverse(),
    );
  });

  it.each(["created_at", "updated_at"] as const)(
    "sorts by %s in both directions",
    async (field) => {
      const asc = (await ids(`sorting=${field}`)).map((r) => r[field]);
      expect(asc).toEqual([...asc].sort());
      const desc = (await ids(`sorting=${field}&direction=desc`)).map((r) => r[field]);
      expect(desc).toEqual([...asc].reverse());
    },
  );

  it("answers 400 BAD_REQUEST for an unknown sorting or direction", async () => {
    const res = await sim().req<ApiErrorBody>(
      "GET",
      "/v1/hosts/dedicated_servers?sorting=title&direction=UP",
    );
    expect(res.status).toBe(400);
    expect(res.body.params).toEqual(["sorting", "direction"]);
  });
});

describe("search_pattern returns resources whose name contains the value", () => {
  const sim = useTestSimulator({ seed: { records: { dedicated_servers: servers } } });

  it("matches a substring of the title, ignoring case", async () => {
    const res = await sim().req<Row[]>(
      "GET",
      "/v1/hosts/dedicated_servers?per_page=100&search_pattern=DB-",
    );
    expect(res.body.length).toBe(15);
    expect(res.body.every((r) => r.title.startsWith("db-"))).toBe(true);
    expect(res.headers["x-total"]).toBe("15");
  });

  it("filters by location_id", async () => {
    const res = await sim().req<Row[]>(
      "GET",
      "/v1/hosts/dedicated_servers?per_page=100&location_id=2",
    );
    expect(res.body).toHaveLength(22);
  });
});
