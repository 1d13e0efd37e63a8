// Fault injection (the `faults` option): latency, 5xx answers, 429 with Retry-After and
// X-RateLimit-*, dropped connections that apply nothing, dropped answers after the change is
// applied, late commits (a 504 now, the change applied later), transitions held until the faults
// change; each limited to a method and a path where a rule says so;
// deterministic with a seed, bounded by `times`, never on the hooks.
import { describe, expect, it } from "vitest";
import { FaultInjector } from "../../simulator/framework/faults";
import { createsHeld } from "../support/held-create";
import { type ApiErrorBody, startTestSimulator, useTestSimulator } from "./helpers";
import { type Host, INSTALL_DONE, MINUTE, sbmOrder } from "./hosts-fixtures";

describe("error5xx answers the status without applying the request", () => {
  const sim = useTestSimulator({
    faults: {
      rules: [
        {
          kind: "error5xx",
          probability: 1,
          method: "POST",
          path: "/v1/hosts/*",
          status: 503,
          times: 1,
        },
      ],
    },
  });

  it("answers 503 once, applies nothing, then the request goes through", async () => {
    const first = await sim().req<ApiErrorBody>("POST", "/v1/hosts/sbm_servers", sbmOrder());
    expect(first.status).toBe(503);
    expect(first.body.code).toBe("SERVICE_UNAVAILABLE");
    expect(await sim().control.records("sbm_servers")).toEqual([]);
    const second = await sim().req("POST", "/v1/hosts/sbm_servers", sbmOrder());
    expect(second.status).toBe(202);
  });

  it("leaves other methods alone", async () => {
    expect((await sim().req("GET", "/v1/hosts/sbm_servers")).status).toBe(200);
  });
});

describe("a 502 comes as a proxy's HTML page", () => {
  const sim = useTestSimulator({
    faults: { rules: [{ kind: "error5xx", probability: 1, status: 502 }] },
  });

  it("is not JSON", async () => {
    const res = await sim().req<string>("GET", "/v1/locations");
    expect(res.status).toBe(502);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toMatch(/Bad Gateway/);
  });
});

describe("rateLimit answers 429 with Retry-After and the rate-limit headers", () => {
  const sim = useTestSimulator({
    faults: { rules: [{ kind: "rateLimit", probability: 1, retryAfterSeconds: 7, times: 2 }] },
  });

  it("answers 429 twice, then normally", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await sim().req<ApiErrorBody>("GET", "/v1/locations");
      expect(res.status).toBe(429);
      expect(res.headers["retry-after"]).toBe("7");
      expect(res.headers["x-ratelimit-limit"]).toMatch(/^\d+$/);
      expect(res.headers["x-ratelimit-remaining"]).toBe("0");
      expect(Number(res.headers["x-ratelimit-reset"])).toBeGreaterThan(Date.now() / 1000);
      expect(res.body.code).toBe("TOO_MANY_REQUESTS");
    }
    expect((await sim().req("GET", "/v1/locations")).status).toBe(200);
  });

  it("never faults the hooks", async () => {
    await sim().control.setFaults({ rules: [{ kind: "rateLimit", probability: 1 }] });
    expect((await sim().req("GET", "/_simulator/clock")).status).toBe(200);
    await sim().control.setFaults({});
    expect((await sim().req("GET", "/v1/locations")).status).toBe(200);
  });
});

describe("rateLimitHeaders answers with the rule's headers as they are (issue 25, item 5)", () => {
  const hostile = { "x-ratelimit-remaining": "-5", "x-ratelimit-reset": "99999999999999999999" };
  const sim = useTestSimulator({
    faults: {
      rules: [
        { kind: "rateLimitHeaders", probability: 1, times: 1, method: "GET", headers: hostile },
        {
          kind: "rateLimitHeaders",
          probability: 1,
          times: 1,
          method: "POST",
          status: 429,
          headers: { "retry-after": "86400" },
        },
      ],
    },
  });

  it("a handled request carries them; a 429 one is refused with them and applies nothing", async () => {
    const read = await sim().req("GET", "/v1/locations");
    expect(read.status).toBe(200);
    expect(read.headers).toMatchObject(hostile);
    const order = await sim().req<ApiErrorBody>("POST", "/v1/hosts/sbm_servers", sbmOrder());
    expect(order.status).toBe(429);
    expect(order.headers["retry-after"]).toBe("86400");
    expect(order.body.code).toBe("TOO_MANY_REQUESTS");
    expect(await sim().control.records("sbm_servers")).toEqual([]);
    expect((await sim().req("GET", "/v1/locations")).headers["x-ratelimit-remaining"]).not.toBe(
      "-5",
    );
  });

  it("refuses rules without headers, with a header of two lines, or another status", () => {
    const rule = { kind: "rateLimitHeaders", probability: 1 } as const;
    expect(() => new FaultInjector({ rules: [rule] })).toThrow(/headers/);
    expect(
      () => new FaultInjector({ rules: [{ ...rule, headers: { "retry-after": "1\r\nx: y" } }] }),
    ).toThrow(/one line/);
    expect(
      () =>
        new FaultInjector({ rules: [{ ...rule, headers: { "retry-after": "1" }, status: 503 }] }),
    ).toThrow(/429/);
  });
});

describe("dropConnection closes the socket without answering and without applying", () => {
  const sim = useTestSimulator({
    faults: { rules: [{ kind: "dropConnection", probability: 1, method: "POST", times: 1 }] },
  });

  it("fails the request on the client side and creates nothing", async () => {
    await expect(sim().req("POST", "/v1/hosts/sbm_servers", sbmOrder())).rejects.toThrow();
    expect(await sim().control.records("sbm_servers")).toEqual([]);
    expect((await sim().control.requestCounts())["POST /v1/hosts/sbm_servers"]).toBe(1);
  });
});

describe("dropResponseAfterApply applies the change, then closes the socket", () => {
  const sim = useTestSimulator({
    faults: {
      rules: [
        {
          kind: "dropResponseAfterApply",
          probability: 1,
          path: "^/v1/hosts/sbm_servers$",
          times: 1,
        },
      ],
    },
  });

  it("fails on the client side, yet the server exists afterwards", async () => {
    await expect(sim().req("POST", "/v1/hosts/sbm_servers", sbmOrder())).rejects.toThrow();
    const list = await sim().req<Host[]>("GET", "/v1/hosts/sbm_servers");
    expect(list.body.map((h) => h.title)).toEqual(["sbm1.example.com"]);
  });
});

describe("lateCommit answers a gateway's 504 now and applies the change later", () => {
  const sim = useTestSimulator({
    faults: {
      rules: [
        {
          kind: "lateCommit",
          probability: 1,
          method: "POST",
          path: "^/v1/hosts/sbm_servers$",
          delayMs: 30_000,
          times: 1,
        },
      ],
    },
  });

  it("is not there before the delay, and is there on the first request after it", async () => {
    const answer = await sim().req<ApiErrorBody>("POST", "/v1/hosts/sbm_servers", sbmOrder());
    expect(answer.status).toBe(504);
    expect((await sim().req<Host[]>("GET", "/v1/hosts/sbm_servers")).body).toEqual([]);
    await sim().control.advance(29_000);
    expect((await sim().req<Host[]>("GET", "/v1/hosts/sbm_servers")).body).toEqual([]);
    await sim().control.advance(1_000);
    const list = await sim().req<Host[]>("GET", "/v1/hosts/sbm_servers");
    expect(list.body.map((h) => h.title)).toEqual(["sbm1.example.com"]);
  });

  it("needs a delay", () => {
    expect(() => new FaultInjector({ rules: [{ kind: "lateCommit", probability: 1 }] })).toThrow(
      "faults.rules[0].delayMs must be milliseconds >= 0 or [min, max]",
    );
  });
});

describe("holdTransitions applies the change, and holds what it starts until the faults change", () => {
  // The tests' own helper: the first POST to the path held.
  const sim = useTestSimulator({ faults: createsHeld("/v1/hosts/sbm_servers") });
  const statusOf = async (title: string) => {
    const list = await sim().req<Host[]>("GET", "/v1/hosts/sbm_servers");
    const host = list.body.find((h) => h.title === title);
    return `${host?.status}/${host?.operational_status}`;
  };

  it("an order stays where it began past its install time; another order goes on", async () => {
    const held = await sim().req<Host[]>("POST", "/v1/hosts/sbm_servers", sbmOrder());
    expect(held.status).toBe(202);
    expect(held.body.map((h) => h.status)).toEqual(["init"]);
    const other = sbmOrder({ hosts: [{ hostname: "sbm2.example.com" }] });
    expect((await sim().req("POST", "/v1/hosts/sbm_servers", other)).status).toBe(202);
    await sim().control.advance(INSTALL_DONE);
    expect(await statusOf("sbm1.example.com")).toBe("init/provisioning");
    expect(await statusOf("sbm2.example.com")).toBe("active/normal");
  });

  it("new faults release it: the install then takes the 3 minutes it had left", async () => {
    await sim().control.setFaults({});
    await sim().control.advance(2 * MINUTE);
    expect(await statusOf("sbm1.example.com")).toBe("init/installation");
    await sim().control.advance(MINUTE);
    expect(await statusOf("sbm1.example.com")).toBe("active/normal");
  });
});

describe("latency delays only the methods and paths a rule names", () => {
  const sim = useTestSimulator({
    faults: {
      rules: [
        { kind: "latency", probability: 1, method: "GET", path: "/v1/locations", delayMs: 300 },
      ],
    },
  });

  it("answers a request the rule does not name before a delayed one sent first", async () => {
    const finished: string[] = [];
    const track = (name: string, request: Promise<{ status: number }>) =>
      request.then((res) => {
        finished.push(name);
        return res.status;
      });
    const delayed = track("delayed", sim().req("GET", "/v1/locations"));
    const other = track("other", sim().req("GET", "/v1/ssh_keys"));
    // The delay changes when the answer comes, not what it is.
    expect(await Promise.all([delayed, other])).toEqual([200, 200]);
    expect(finished).toEqual(["other", "delayed"]);
  });
});

describe("latency rules are matched like the other faults", () => {
  it("add their delay for the named method and path only, within [min, max]", () => {
    const injector = new FaultInjector({
      seed: 3,
      latencyMs: 10,
      rules: [
        {
          kind: "latency",
          probability: 1,
          method: "POST",
          path: "/v1/hosts/**",
          delayMs: [50, 60],
        },
        { kind: "error5xx", probability: 1, method: "GET", path: "/v1/hosts/**" },
      ],
    });
    const post = injector.latencyMs("POST", "/v1/hosts/sbm_servers");
    expect(post).toBeGreaterThanOrEqual(60);
    expect(post).toBeLessThanOrEqual(70);
    expect(injector.latencyMs("GET", "/v1/hosts/sbm_servers")).toBe(10);
    expect(injector.latencyMs("POST", "/v1/ssh_keys")).toBe(10);
    // A latency rule never answers in place of the API: only the other kinds do.
    expect(injector.decide("POST", "/v1/hosts/sbm_servers")).toBeUndefined();
    expect(injector.decide("GET", "/v1/hosts/sbm_servers")?.kind).toBe("error5xx");
  });

  it("need a delay", () => {
    expect(() => new FaultInjector({ rules: [{ kind: "latency", probability: 1 }] })).toThrow(
      /delayMs/,
    );
    expect(
      () => new FaultInjector({ rules: [{ kind: "latency", probability: 1, delayMs: [9, 1] }] }),
    ).toThrow(/delayMs/);
  });
});

describe("faults are deterministic with a seed", () => {
  async function pattern(seed: number): Promise<number[]> {
    const sim = await startTestSimulator({
      faults: { seed, rules: [{ kind: "error5xx", probability: 0.5, status: 500 }] },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 24; i++) statuses.push((await sim.req("GET", "/v1/locations")).status);
      return statuses;
    } finally {
      await sim.close();
    }
  }

  it("injects the same faults into the same sequence of requests", async () => {
    const a = await pattern(42);
    expect(await pattern(42)).toEqual(a);
    expect(a).toContain(500);
    expect(a).toContain(200);
  });

  it("draws latency within [min, max]", () => {
    const injector = new FaultInjector({ seed: 1, latencyMs: [5, 9] });
    for (let i = 0; i < 50; i++) {
      const ms = injector.latencyMs();
      expect(ms).toBeGreaterThanOrEqual(5);
      expect(ms).toBeLessThanOrEqual(9);
    }
  });

  it("matches paths by glob or by regular expression", () => {
    const glob = new FaultInjector({
      seed: 1,
      rules: [{ kind: "error5xx", probability: 1, path: "/v1/hosts/*" }],
    });
    expect(glob.decide("GET", "/v1/hosts/sbm_servers")).toBeDefined();
    expect(glob.decide("GET", "/v1/hosts/sbm_servers/x")).toBeUndefined();
    const deep = new FaultInjector({
      seed: 1,
      rules: [{ kind: "error5xx", probability: 1, path: "/v1/hosts/**" }],
    });
    expect(deep.decide("GET", "/v1/hosts/sbm_servers/x")).toBeDefined();
    const regex = new FaultInjector({
      seed: 1,
      rules: [{ kind: "error5xx", probability: 1, path: "^/v1/ssh_keys" }],
    });
    expect(regex.decide("GET", "/v1/ssh_keys/ab")).toBeDefined();
    expect(regex.decide("GET", "/v1/hosts")).toBeUndefined();
  });

  it("refuses invalid fault options", () => {
    expect(() => new FaultInjector({ rules: [{ kind: "error5xx", probability: 2 }] })).toThrow(
      /probability/,
    );
    expect(
      () => new FaultInjector({ rules: [{ kind: "error5xx", probability: 1, status: 404 }] }),
    ).toThrow(/status/);
  });
});
