// Batched orders (provider/framework/order-batch.ts): concurrent SBM orders of the same body go as
// one POST with several hosts, each resource matched to its own record by its ownership label; a
// refused batch is ordered again host by host, an ambiguous failure reaches every resource (whose
// lifecycle then looks for its own object); a lone order is never delayed.
import { describe, expect, it } from "vitest";
import { OWNER_INPUT } from "../../provider/framework/hidden";
import {
  matchHost,
  ORDER_BATCH_ENV,
  OrderBatcher,
  type OrderHost,
  orderBatchingFrom,
} from "../../provider/framework/order-batch";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import { sbmServerKind } from "../../provider/sbm-server/definition";
import type { ServersComClient } from "../../sdk/client";
import { ApiError, ConnectionError } from "../../sdk/core/errors";
import { engineInputs, kindSuite, requests } from "./support";

interface Rec {
  readonly id: string;
  readonly title: string;
  readonly labels: Record<string, string>;
}

const client = {} as ServersComClient;
const host = (name: string, owner = name): OrderHost => ({
  hostname: `${name}.example.com`,
  labels: { [OWNER_LABEL_KEY]: owner },
});

function apiError(status: number): ApiError {
  return ApiError.from({
    status,
    method: "POST",
    path: "/v1/hosts/sbm_servers",
    headers: {},
    body: { code: status === 422 ? "UNPROCESSABLE_ENTITY" : "SERVICE_UNAVAILABLE", message: "no" },
    retryAfterMs: undefined,
  });
}

/** An order endpoint whose answers the test decides, recording every POST's hosts. */
function endpoint(answer: (hosts: readonly OrderHost[]) => Promise<Rec[]>) {
  const posts: string[][] = [];
  const send = async (hosts: readonly OrderHost[]) => {
    posts.push(hosts.map((entry) => entry.hostname));
    // The answer comes later, as a real one would: orders made meanwhile queue up.
    await new Promise((resolve) => setImmediate(resolve));
    return answer(hosts);
  };
  return { posts, send };
}

const echo = async (hosts: readonly OrderHost[]) =>
  hosts.map((entry, i) => ({
    id: `id-${entry.labels?.[OWNER_LABEL_KEY]}-${i}`,
    title: entry.hostname,
    labels: { ...entry.labels },
  }));

function orderOf(batcher: OrderBatcher, send: (hosts: readonly OrderHost[]) => Promise<Rec[]>) {
  return (entry: OrderHost, body: object = { flavor: 601 }) =>
    batcher.order(client, { endpoint: "sbm_servers", body, host: entry, send });
}

describe("OrderBatcher", () => {
  const on = () => new OrderBatcher({ enabled: () => true });

  it("a lone order goes at once, alone", async () => {
    const { posts, send } = endpoint(echo);
    const record = await orderOf(on(), send)(host("a"));
    expect(record.labels[OWNER_LABEL_KEY]).toBe("a");
    expect(posts).toEqual([["a.example.com"]]);
  });

  it("orders that come while one is under way go together, each matched by its ownership label", async () => {
    const { posts, send } = endpoint(echo);
    const order = orderOf(on(), send);
    // Two of them share a hostname: only the ownership label tells them apart.
    const entries = [host("a"), host("b"), host("c"), { ...host("d"), hostname: "b.example.com" }];
    const records = await Promise.all(entries.map((entry) => order(entry)));
    expect(posts).toEqual([["a.example.com"], ["b.example.com", "c.example.com", "b.example.com"]]);
    expect(records.map((record) => record.labels[OWNER_LABEL_KEY])).toEqual(["a", "b", "c", "d"]);
  });

  it("orders of different bodies never merge (key order does not matter)", async () => {
    const { posts, send } = endpoint(echo);
    const order = orderOf(on(), send);
    await Promise.all([
      order(host("a"), { flavor: 601, os: 1 }),
      order(host("b"), { flavor: 601, os: 1 }),
      order(host("c"), { os: 1, flavor: 601 }),
      order(host("d"), { flavor: 602, os: 1 }),
    ]);
    expect(posts).toEqual([
      ["a.example.com"],
      ["d.example.com"],
      ["b.example.com", "c.example.com"],
    ]);
  });

  it("a refused batch is ordered again host by host: one bad host fails alone", async () => {
    const { posts, send } = endpoint(async (hosts) => {
      if (hosts.some((entry) => entry.hostname.startsWith("bad"))) throw apiError(422);
      return echo(hosts);
    });
    const order = orderOf(on(), send);
    const results = await Promise.allSettled(
      [host("a"), host("b"), host("bad"), host("c")].map((entry) => order(entry)),
    );
    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
    expect(posts).toEqual([
      ["a.example.com"],
      ["b.example.com", "bad.example.com", "c.example.com"],
      ["b.example.com"],
      ["bad.example.com"],
      ["c.example.com"],
    ]);
  });

  it.each([
    ["a 503", () => apiError(503)],
    [
      "a reset connection",
      () => new ConnectionError("POST", "/v1/hosts/sbm_servers", new Error("reset")),
    ],
  ])("%s (maybe applied) reaches every order of the batch, with no resend", async (_name, make) => {
    let calls = 0;
    const { posts, send } = endpoint(async (hosts) => {
      calls += 1;
      if (calls > 1) throw make();
      return echo(hosts);
    });
    const order = orderOf(on(), send);
    const results = await Promise.allSettled(
      [host("a"), host("b"), host("c")].map((entry) => order(entry)),
    );
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "rejected"]);
    expect(posts.length).toBe(2);
  });

  it("a host missing from the answer fails alone with a plain error (a lost answer)", async () => {
    const { send } = endpoint(async (hosts) => (await echo(hosts)).slice(0, -1));
    const order = orderOf(on(), send);
    const results = await Promise.allSettled(
      [host("a"), host("b"), host("c")].map((entry) => order(entry)),
    );
    expect(results.map((result) => result.status)).toEqual(["rejected", "fulfilled", "rejected"]);
    const lost = (results[2] as PromiseRejectedResult).reason;
    expect(lost).not.toBeInstanceOf(ApiError);
    expect(String(lost)).toMatch(/none is this one's/);
  });

  it("off, every order goes alone", async () => {
    const { posts, send } = endpoint(echo);
    const order = orderOf(new OrderBatcher({ enabled: () => false }), send);
    await Promise.all([host("a"), host("b"), host("c")].map((entry) => order(entry)));
    expect(posts).toEqual([["a.example.com"], ["b.example.com"], ["c.example.com"]]);
  });

  it("matches by ownership label first, then by the only record with the hostname", () => {
    const records: Rec[] = [
      { id: "1", title: "x.example.com", labels: { [OWNER_LABEL_KEY]: "o1" } },
      { id: "2", title: "X.example.com", labels: {} },
    ];
    expect(matchHost(records, host("x", "o1"))?.id).toBe("1");
    expect(matchHost(records, { hostname: "x.example.com" })?.id).toBe("1");
    expect(matchHost(records, { hostname: "X.EXAMPLE.COM" })).toBeUndefined();
    expect(matchHost(records, host("y", "o9"))).toBeUndefined();
  });

  it(`${ORDER_BATCH_ENV} is on, off or refused with what it accepts`, () => {
    expect(orderBatchingFrom({})).toBe(true);
    expect(orderBatchingFrom({ [ORDER_BATCH_ENV]: "OFF" })).toBe(false);
    expect(() => orderBatchingFrom({ [ORDER_BATCH_ENV]: "of" })).toThrow(
      `${ORDER_BATCH_ENV} is "of", which is not one of off, false, 0, on, true, 1`,
    );
  });
});

describe("SBM servers created together", () => {
  const { bed, provider } = kindSuite(sbmServerKind);

  const inputs = (name: string) =>
    engineInputs("SbmServer", name, {
      locationId: 1,
      sbmFlavorModelId: 601,
      operatingSystemId: 301,
      hostname: `${name}.example.com`,
    });

  it("share orders, and each resource gets the server carrying its own ownership label", async () => {
    const names = ["web-1", "web-2", "web-3", "web-4"];
    const results = await Promise.all(names.map((name) => provider.create(inputs(name))));
    expect(await requests(bed, "POST /v1/hosts/sbm_servers")).toBeLessThan(names.length);
    expect(new Set(results.map((result) => result.id)).size).toBe(names.length);
    const records = await bed.sim.control.records("sbm_servers");
    for (const [i, name] of names.entries()) {
      const record = records.find((entry) => entry.id === results[i]?.id);
      expect(record?.title).toBe(`${name}.example.com`);
      const labels = (record?.labels ?? {}) as Record<string, string>;
      expect(labels[OWNER_LABEL_KEY]).toBe(inputs(name)[OWNER_INPUT]);
    }
  });
});
