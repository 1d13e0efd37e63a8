// Shared waits (provider/framework/shared-polls.ts): concurrent waits of one kind share one list
// per round; a lone wait, a missing object, a stale or failed round fall back to the kind's GET;
// every answer is newer than the wait's previous one; every request is a background one.
import { describe, expect, it } from "vitest";
import type { ListedPage, ReadableKind } from "../../provider/framework/read-snapshot";
import { SharedPolls } from "../../provider/framework/shared-polls";
import type { ServersComClient } from "../../sdk/client";
import { isBackground } from "../../sdk/core/rate-limit";

interface Rec {
  readonly id: string;
  readonly status: string;
}

/** A kind over an in-memory table, counting its requests (and whether they were background). */
function fakeKind(ids: readonly string[], pageSize = 100) {
  const table = new Map(ids.map((id) => [id, { id, status: "init" }]));
  const calls = { lists: 0, gets: 0, foreground: 0, failLists: false };
  const page = (from: number): ListedPage<Rec> => {
    const rows = [...table.values()].slice(from, from + pageSize);
    return {
      entries: rows.map((row) => ({ id: row.id, live: async () => row })),
      next: () => (from + pageSize < table.size ? list(from + pageSize) : null),
    };
  };
  const list = async (from: number) => {
    calls.lists += 1;
    if (!isBackground()) calls.foreground += 1;
    if (calls.failLists) throw new Error("list failed");
    return page(from);
  };
  const kind: ReadableKind<Rec> = {
    name: "Fake",
    get: async (_client, id) => {
      calls.gets += 1;
      if (!isBackground()) calls.foreground += 1;
      return table.get(id);
    },
    listRead: { firstPage: () => list(0) },
  };
  return { kind, table, calls };
}

const client = {} as ServersComClient;

function setup(ids: readonly string[], pageSize?: number) {
  let now = 0;
  const polls = new SharedPolls({ now: () => now, enabled: () => true });
  return { polls, ...fakeKind(ids, pageSize), advance: (ms: number) => (now += ms) };
}

describe("shared polls", () => {
  it("a wait alone polls with its GET", async () => {
    const { polls, kind, calls } = setup(["a"]);
    const poller = polls.poller(kind, client, "a");
    expect(await poller.get()).toEqual({ id: "a", status: "init" });
    expect(calls).toMatchObject({ lists: 0, gets: 1 });
  });

  it("concurrent waits of a kind share one list per round, each answered with its record", async () => {
    const ids = ["a", "b", "c", "d", "e"];
    const { polls, kind, calls, table, advance } = setup(ids);
    const pollers = ids.map((id) => polls.poller(kind, client, id));
    const first = await Promise.all(pollers.map((poller) => poller.get()));
    expect(first.map((record) => record?.id)).toEqual(ids);
    expect(calls).toMatchObject({ lists: 1, gets: 0 });
    // The next round, a poll interval later: again one list, and it sees the change.
    table.set("c", { id: "c", status: "active" });
    advance(10_000);
    const second = await Promise.all(pollers.map((poller) => poller.get()));
    expect(second[2]?.status).toBe("active");
    expect(calls).toMatchObject({ lists: 2, gets: 0 });
  });

  it("a poll never takes the round its previous answer came from", async () => {
    const { polls, kind, calls } = setup(["a", "b"]);
    const a = polls.poller(kind, client, "a");
    const b = polls.poller(kind, client, "b");
    await Promise.all([a.get(), b.get()]);
    expect(calls.lists).toBe(1);
    // Within the round's life, but `a` has seen it: a new round answers, and `b` shares it.
    await a.get();
    await b.get();
    expect(calls.lists).toBe(2);
    expect(calls.gets).toBe(0);
  });

  it("a wait that began after a round started is not answered by it", async () => {
    const { polls, kind, calls } = setup(["a", "b", "c"]);
    const a = polls.poller(kind, client, "a");
    const b = polls.poller(kind, client, "b");
    await Promise.all([a.get(), b.get()]);
    // `c`'s wait began after the round (so after a write the round may predate).
    const c = polls.poller(kind, client, "c");
    await c.get();
    expect(calls.lists).toBe(2);
  });

  it("a round older than its life answers no one", async () => {
    const { polls, kind, calls, advance } = setup(["a", "b", "c"]);
    const pollers = ["a", "b", "c"].map((id) => polls.poller(kind, client, id));
    await Promise.all(pollers.slice(0, 2).map((poller) => poller.get()));
    advance(10_001);
    await pollers[2]?.get();
    expect(calls.lists).toBe(2);
  });

  it("an object missing from the pages is asked for with a GET (404: gone)", async () => {
    const { polls, kind, calls, table } = setup(["a", "b"]);
    const a = polls.poller(kind, client, "a");
    const gone = polls.poller(kind, client, "gone");
    table.delete("gone");
    const [record, missing] = await Promise.all([a.get(), gone.get()]);
    expect(record?.id).toBe("a");
    expect(missing).toBeUndefined();
    expect(calls).toMatchObject({ lists: 1, gets: 1 });
  });

  it("fetches further pages only while they are fewer than the waits under way", async () => {
    const ids = Array.from({ length: 250 }, (_, i) => `s${i}`);
    const { polls, kind, calls } = setup(ids);
    // Two waits, on the last page: two pages at most, then a GET.
    const pollers = ["s10", "s249"].map((id) => polls.poller(kind, client, id));
    const records = await Promise.all(pollers.map((poller) => poller.get()));
    expect(records.map((record) => record?.id)).toEqual(["s10", "s249"]);
    expect(calls).toMatchObject({ lists: 2, gets: 1 });
  });

  it("a failed list ends the round: its polls ask with GETs", async () => {
    const { polls, kind, calls } = setup(["a", "b"]);
    calls.failLists = true;
    const records = await Promise.all(["a", "b"].map((id) => polls.poller(kind, client, id).get()));
    expect(records.map((record) => record?.id)).toEqual(["a", "b"]);
    expect(calls).toMatchObject({ lists: 1, gets: 2 });
  });

  it("every request it makes is a background one", async () => {
    const { polls, kind, calls } = setup(["a", "b"]);
    await Promise.all([
      polls.poller(kind, client, "a").get(),
      polls.poller(kind, client, "x").get(),
    ]);
    expect(calls.lists + calls.gets).toBeGreaterThan(1);
    expect(calls.foreground).toBe(0);
  });

  it("turned off, every poll is a GET", async () => {
    const { kind, calls } = fakeKind(["a", "b"]);
    const polls = new SharedPolls({ enabled: () => false });
    await Promise.all(["a", "b"].map((id) => polls.poller(kind, client, id).get()));
    expect(calls).toMatchObject({ lists: 0, gets: 2 });
  });
});
