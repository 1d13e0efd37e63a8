// Read snapshots (provider/framework/read-snapshot.ts): overlapping reads of a kind share pages of
// its list; everything else is the kind's GET. First the rules on a fake API (its own clock and
// write counter), then the real thing: RbsVolume reads through the lifecycle against the
// simulator, and writes seen at the transport.
import { describe, expect, it } from "vitest";
import {
  type ListedPage,
  type ListRead,
  READ_SNAPSHOT_ENV,
  ReadSnapshots,
  TTL_MS,
  UndiciWrites,
} from "../../provider/framework/read-snapshot";
import { rbsVolumeKind } from "../../provider/rbs-volume/definition";
import type { ServersComClient } from "../../sdk/client";
import { kindSuite, requests, volumeInputs } from "./support";

interface Thing {
  readonly id: string;
  readonly name: string;
}

/** The API of one kind of thing: GETs and a paged list of the labelled ones, counted. */
class FakeApi {
  readonly things = new Map<string, Thing>();
  /** Ids of things carrying the ownership label: only those are listed. */
  readonly labelled = new Set<string>();
  readonly selectors: string[] = [];
  gets = 0;
  pages = 0;
  perPage = 100;
  failList = false;
  /** Called while a page is being fetched (a write under way, say). */
  duringPage: () => void = () => {};

  put(id: string, name: string, labelled = true): void {
    this.things.set(id, { id, name });
    if (labelled) this.labelled.add(id);
  }

  readonly kind = {
    name: "Thing",
    get: async (_client: ServersComClient, id: string): Promise<Thing | undefined> => {
      this.gets += 1;
      await tick();
      return this.things.get(id);
    },
    listRead: {
      firstPage: (_client, selector) => {
        this.selectors.push(selector);
        return this.page(0);
      },
    } satisfies ListRead<Thing>,
  };

  private async page(index: number): Promise<ListedPage<Thing>> {
    this.pages += 1;
    await tick();
    this.duringPage();
    if (this.failList) throw new Error("503 from the list");
    const listed = [...this.things.values()]
      .filter((thing) => this.labelled.has(thing.id))
      .sort((a, b) => a.id.localeCompare(b.id));
    const items = listed.slice(index * this.perPage, (index + 1) * this.perPage);
    const more = (index + 1) * this.perPage < listed.length;
    return {
      entries: items.map((thing) => ({ id: thing.id, live: async () => thing })),
      next: () => (more ? this.page(index + 1) : null),
    };
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A client is only a key for the snapshots here. */
const fakeClient = () => ({}) as unknown as ServersComClient;

function setup(enabled = true) {
  const api = new FakeApi();
  let now = 0;
  let epoch = 0;
  const snapshots = new ReadSnapshots({
    now: () => now,
    writes: { epoch: () => epoch },
    enabled: () => enabled,
  });
  const client = fakeClient();
  return {
    api,
    client,
    snapshots,
    read: (id: string) => snapshots.read(api.kind, client, id),
    /** Reads that overlap, as the engine's concurrent refresh steps do. */
    burst: (ids: readonly string[]) =>
      Promise.all(ids.map((id) => snapshots.read(api.kind, client, id))),
    write: () => {
      epoch += 1;
    },
    later: (ms: number) => {
      now += ms;
    },
  };
}

const names = (things: readonly (Thing | undefined)[]) => things.map((thing) => thing?.name);

describe("read snapshots, on a fake API", () => {
  it("a lone read is one GET, and lists nothing", async () => {
    const t = setup();
    t.api.put("a", "alpha");
    expect(await t.read("a")).toEqual({ id: "a", name: "alpha" });
    expect([t.api.gets, t.api.pages]).toEqual([1, 0]);
  });

  it("overlapping reads share one page of the objects carrying the ownership label", async () => {
    const t = setup();
    for (const id of ["a", "b", "c", "d", "e"]) t.api.put(id, `name-${id}`);
    expect(names(await t.burst(["a", "b", "c", "d", "e"]))).toEqual([
      "name-a",
      "name-b",
      "name-c",
      "name-d",
      "name-e",
    ]);
    // The first read had nothing to overlap with: a GET; the others came from the page.
    expect([t.api.gets, t.api.pages]).toEqual([1, 1]);
    expect(t.api.selectors).toEqual(["pulumi-serverscom/owner"]);
  });

  it("answers later reads from the page while it is fresh", async () => {
    const t = setup();
    for (const id of ["a", "b", "c"]) t.api.put(id, `name-${id}`);
    await t.burst(["a", "b"]);
    t.later(TTL_MS - 1);
    expect((await t.read("c"))?.name).toBe("name-c");
    expect([t.api.gets, t.api.pages]).toEqual([1, 1]);
  });

  it("a second read of an object asks the API: a change behind its back shows", async () => {
    const t = setup();
    for (const id of ["a", "b"]) t.api.put(id, `name-${id}`);
    await t.burst(["a", "b"]);
    t.api.put("b", "renamed outside");
    expect((await t.read("b"))?.name).toBe("renamed outside");
    expect(t.api.gets).toBe(2);
  });

  it("a second burst of the same objects (the next refresh) lists them again", async () => {
    const t = setup();
    for (const id of ["a", "b", "c"]) t.api.put(id, `name-${id}`);
    await t.burst(["a", "b", "c"]);
    t.api.put("c", "renamed outside");
    expect(names(await t.burst(["a", "b", "c"]))).toEqual(["name-a", "name-b", "renamed outside"]);
    expect([t.api.gets, t.api.pages]).toEqual([2, 2]);
  });

  it("an object first read by a GET is not taken from a page listed after it, in the next refresh", async () => {
    const t = setup();
    for (const id of ["a", "b", "c"]) t.api.put(id, `name-${id}`);
    // a is the lone GET; the page comes after it and holds a too.
    await t.burst(["a", "b", "c"]);
    t.api.things.delete("a");
    // The next refresh reads a first, alone: the page (fresh, unused for a) must not answer.
    expect(await t.read("a")).toBeUndefined();
    t.api.put("b", "renamed outside");
    expect(names(await t.burst(["b", "c"]))).toEqual(["renamed outside", "name-c"]);
  });

  it("a write ends the snapshot: a read after it asks the API", async () => {
    const t = setup();
    for (const id of ["a", "b", "c"]) t.api.put(id, `name-${id}`);
    await t.burst(["a", "b"]);
    // This process changes c (an update), then reads it: never the record from before.
    t.api.put("c", "updated");
    t.write();
    expect((await t.read("c"))?.name).toBe("updated");
    expect([t.api.gets, t.api.pages]).toEqual([2, 1]);
  });

  it("a page fetched while a write started or ended is not used", async () => {
    const t = setup();
    for (const id of ["a", "b", "c"]) t.api.put(id, `name-${id}`);
    t.api.duringPage = () => t.write();
    expect(names(await t.burst(["a", "b", "c"]))).toEqual(["name-a", "name-b", "name-c"]);
    // Every read fell back to its GET.
    expect([t.api.gets, t.api.pages]).toEqual([3, 1]);
  });

  it("an object missing from the list (adopted, without the ownership label) is read with a GET", async () => {
    const t = setup();
    t.api.put("a", "name-a");
    t.api.put("b", "name-b");
    t.api.put("adopted", "theirs", false);
    expect(names(await t.burst(["a", "adopted", "b"]))).toEqual(["name-a", "theirs", "name-b"]);
    // a: lone GET; adopted: not on the complete list, GET; b: from the page.
    expect([t.api.gets, t.api.pages]).toEqual([2, 1]);
  });

  it("a deleted object is still reported gone", async () => {
    const t = setup();
    t.api.put("a", "name-a");
    t.api.put("b", "name-b");
    expect(await t.burst(["a", "gone", "b"])).toEqual([
      { id: "a", name: "name-a" },
      undefined,
      { id: "b", name: "name-b" },
    ]);
  });

  it("a read that finds the list complete without its object asks the API at once", async () => {
    // b is answered first, so gone's read may look for a next page: there is none. (A fetch that
    // ended at once once left its settled promise behind, and this read awaited it forever.)
    const t = setup();
    t.api.put("a", "name-a");
    t.api.put("b", "name-b");
    expect(names(await t.burst(["a", "b", "gone", "also-gone"]))).toEqual([
      "name-a",
      "name-b",
      undefined,
      undefined,
    ]);
    expect([t.api.gets, t.api.pages]).toEqual([3, 1]);
  });

  it("an object deleted after its page was read is gone once the snapshot is over", async () => {
    const t = setup();
    for (const id of ["a", "b", "c"]) t.api.put(id, `name-${id}`);
    await t.burst(["a", "b"]);
    t.api.things.delete("c");
    t.later(TTL_MS + 1);
    expect(await t.read("c")).toBeUndefined();
  });

  it("fetches further pages only as far as the reads they answer", async () => {
    const t = setup();
    t.api.perPage = 2;
    for (let i = 0; i < 10; i++) t.api.put(`k${i}`, `name-${i}`);
    // Both on the last page: page 1 answers nothing, so no second page is worth fetching.
    expect(names(await t.burst(["k8", "k9"]))).toEqual(["name-8", "name-9"]);
    expect([t.api.gets, t.api.pages]).toEqual([2, 1]);
    // Reads that find their objects earn the next pages.
    const t2 = setup();
    t2.api.perPage = 2;
    for (let i = 0; i < 10; i++) t2.api.put(`k${i}`, `name-${i}`);
    await t2.burst(["k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9"]);
    // k0 had nothing to overlap with (a GET); the five pages answered the other nine.
    expect([t2.api.gets, t2.api.pages]).toEqual([1, 5]);
  });

  it("a failed list costs the reads nothing but their GETs", async () => {
    const t = setup();
    for (const id of ["a", "b", "c"]) t.api.put(id, `name-${id}`);
    t.api.failList = true;
    expect(names(await t.burst(["a", "b", "c"]))).toEqual(["name-a", "name-b", "name-c"]);
    expect(t.api.gets).toBe(3);
  });

  it("turned off, every read is a GET", async () => {
    const t = setup(false);
    for (const id of ["a", "b", "c"]) t.api.put(id, `name-${id}`);
    await t.burst(["a", "b", "c"]);
    expect([t.api.gets, t.api.pages]).toEqual([3, 0]);
  });

  it("a kind without a list read always GETs", async () => {
    const t = setup();
    t.api.put("a", "name-a");
    t.api.put("b", "name-b");
    const kind = { name: "Plain", get: t.api.kind.get };
    await Promise.all(["a", "b"].map((id) => t.snapshots.read(kind, t.client, id)));
    expect([t.api.gets, t.api.pages]).toEqual([2, 0]);
  });

  it("keeps snapshots apart per client (token and URL)", async () => {
    const t = setup();
    for (const id of ["a", "b", "c"]) t.api.put(id, `name-${id}`);
    await t.burst(["a", "b"]);
    // Another client's lone read does not see the first client's page.
    await t.snapshots.read(t.api.kind, fakeClient(), "c");
    expect([t.api.gets, t.api.pages]).toEqual([2, 1]);
  });
});

describe("read snapshots of RBS volumes, against the simulator", () => {
  const { bed, provider } = kindSuite(rbsVolumeKind);

  async function volumes(count: number) {
    const made: { id: string; outs: Record<string, unknown> }[] = [];
    for (let i = 0; i < count; i++) {
      const inputs = volumeInputs(`data-${i}`, { locationId: 1, flavorId: 1, size: 10 });
      const { id, outs } = await provider.create(inputs);
      made.push({ id, outs: outs as Record<string, unknown> });
    }
    return made;
  }

  it("a burst of reads lists the volumes once and reads what GETs read", async () => {
    const made = await volumes(6);
    const alone = [];
    for (const { id, outs } of made) alone.push(await provider.read(id, outs));
    await bed.sim.control.clearRequestCounts();
    const together = await Promise.all(made.map(({ id, outs }) => provider.read(id, outs)));
    expect(together).toEqual(alone);
    expect(await requests(bed, "GET /v1/remote_block_storage/volumes")).toBe(1);
    expect(await requests(bed, "GET /v1/remote_block_storage/volumes/:id")).toBe(1);
    // The credentials are a secret output with no list: one request per volume still.
    expect(await requests(bed, "GET /v1/remote_block_storage/volumes/:id/credentials")).toBe(6);
  });

  it("a volume deleted outside Pulumi is still reported gone in a burst", async () => {
    const made = await volumes(3);
    const [first, second, third] = made;
    if (first === undefined || second === undefined || third === undefined) throw new Error("3");
    await bed.sim.control.remove("rbs_volumes", second.id);
    const reads = await Promise.all(made.map(({ id, outs }) => provider.read(id, outs)));
    expect(reads.map((read) => read.id)).toEqual([first.id, undefined, third.id]);
  });

  it("sees every write this process sends, and no read", async () => {
    const [volume] = await volumes(1);
    if (volume === undefined) throw new Error("no volume");
    const writes = new UndiciWrites();
    const before = writes.epoch();
    await bed.client.rbsVolumes.get(volume.id);
    await bed.client.rbsVolumes.list().toArray({ limit: 10 });
    expect(writes.epoch()).toBe(before);
    await bed.client.rbsVolumes.update(volume.id, { name: "renamed" });
    // As the request started and as its answer came.
    expect(writes.epoch()).toBe(before + 2);
  });

  it("after an update by this process, a burst reads the new values", async () => {
    const made = await volumes(4);
    const [a, b, c, d] = made;
    if (a === undefined || b === undefined || c === undefined || d === undefined) {
      throw new Error("4 volumes");
    }
    // The snapshot now holds all four; c and d not yet read.
    await Promise.all([a, b].map(({ id, outs }) => provider.read(id, outs)));
    const news = { ...volumeInputs("data-2", { locationId: 1, flavorId: 1, size: 10 }) };
    await provider.update(c.id, c.outs, { ...news, name: "renamed" });
    const reads = await Promise.all([c, d].map(({ id, outs }) => provider.read(id, outs)));
    expect(reads[0]?.props?.name).toBe("renamed");
  });

  it(`${READ_SNAPSHOT_ENV}=off makes every read a GET`, async () => {
    const made = await volumes(3);
    await bed.sim.control.clearRequestCounts();
    process.env[READ_SNAPSHOT_ENV] = "off";
    try {
      await Promise.all(made.map(({ id, outs }) => provider.read(id, outs)));
    } finally {
      delete process.env[READ_SNAPSHOT_ENV];
    }
    expect(await requests(bed, "GET /v1/remote_block_storage/volumes")).toBe(0);
    expect(await requests(bed, "GET /v1/remote_block_storage/volumes/:id")).toBe(3);
  });
});
