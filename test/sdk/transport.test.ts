import { MockAgent } from "undici";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import packageJson from "../../package.json";
import {
  AbortError,
  ApiError,
  ConnectionError,
  InputValidationError,
  InternalServerError,
  NotFoundError,
  PaymentRequiredError,
  RateLimitError,
  ResponseValidationError,
  ServersComError,
  TimeoutError,
  UnprocessableEntityError,
} from "../../sdk/core/errors";
import { type ClientOptions, HttpClient } from "../../sdk/core/transport";
import { rejection } from "../support/thrown";

const ORIGIN = "https://api.test";
const TOKEN = "secret-token-1234";

const SshKey = z.object({
  name: z.string(),
  fingerprint: z.string(),
  labels: z.record(z.string(), z.string()),
});
const key = (n: number) => ({ name: `k${n}`, fingerprint: `aa:${n}`, labels: {} });

const agents: MockAgent[] = [];

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  for (const agent of agents.splice(0)) {
    agent.assertNoPendingInterceptors();
    await agent.close();
  }
});

/** A client on a MockAgent (no network), whose retry waits are recorded instead of slept. */
function setup(options: Partial<ClientOptions> = {}) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agents.push(agent);
  const delays: number[] = [];
  const client = new HttpClient({
    token: TOKEN,
    baseUrl: ORIGIN,
    dispatcher: agent,
    retry: {
      random: () => 1,
      sleep: async (ms) => {
        delays.push(ms);
      },
    },
    ...options,
  });
  return { agent, pool: agent.get(ORIGIN), client, delays };
}

function refused(): Error {
  return Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:443"), { code: "ECONNREFUSED" });
}

function reset(): Error {
  return Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
}

describe("configuration", () => {
  it("a missing token fails at construction, naming the option and the variable", () => {
    vi.stubEnv("SERVERSCOM_API_TOKEN", undefined);
    expect(() => new HttpClient({ dispatcher: new MockAgent() })).toThrow(ServersComError);
    expect(() => new HttpClient({ dispatcher: new MockAgent() })).toThrow(
      /`token` option.*SERVERSCOM_API_TOKEN/,
    );
  });

  it("the token and URL fall back to SERVERSCOM_API_TOKEN and SERVERSCOM_API_URL", () => {
    vi.stubEnv("SERVERSCOM_API_TOKEN", "from-env");
    vi.stubEnv("SERVERSCOM_API_URL", "https://env.example/v1");
    expect(new HttpClient({ dispatcher: new MockAgent() }).apiRoot).toBe("https://env.example/v1");
    vi.stubEnv("SERVERSCOM_API_URL", undefined);
    expect(new HttpClient({ dispatcher: new MockAgent() }).apiRoot).toBe(
      "https://api.servers.com/v1",
    );
  });

  it.each([
    ["https://x", "https://x/v1"],
    ["https://x/", "https://x/v1"],
    ["https://x/v1", "https://x/v1"],
    ["https://x/v1/", "https://x/v1"],
    ["http://127.0.0.1:8080/proxy/v1//", "http://127.0.0.1:8080/proxy/v1"],
  ])("base URL %s is normalised to %s", (baseUrl, apiRoot) => {
    expect(new HttpClient({ token: TOKEN, baseUrl, dispatcher: new MockAgent() }).apiRoot).toBe(
      apiRoot,
    );
  });

  it.each(["not a url", "ftp://x", "https://x?token=1", "https://user:pw@x", "ftp://user:pw@x"])(
    "refuses base URL %s without echoing credentials",
    (baseUrl) => {
      const make = () => new HttpClient({ token: TOKEN, baseUrl, dispatcher: new MockAgent() });
      expect(make).toThrow(InputValidationError);
      expect(make).not.toThrow(/pw/);
    },
  );

  it("close() leaves a dispatcher it was given open", async () => {
    const { client, pool } = setup();
    await client.close();
    pool.intercept({ path: "/v1/ssh_keys/aa%3A1" }).reply(200, key(1));
    await expect(
      client.request({ method: "GET", path: "/ssh_keys/aa%3A1", schema: SshKey }),
    ).resolves.toEqual(key(1));
  });

  it("close() closes the Agent it created", async () => {
    const client = new HttpClient({ token: TOKEN, baseUrl: "http://127.0.0.1:9" });
    await client.close();
    const error = await rejection(
      client.request({ method: "GET", path: "/ssh_keys", schema: z.unknown() }, { maxRetries: 0 }),
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).code).toBe("UND_ERR_DESTROYED");
  });
});

describe("requests", () => {
  it("send the bearer token, JSON headers and the package's User-Agent", async () => {
    const { client, pool } = setup();
    let seen: Record<string, string> = {};
    pool
      .intercept({ path: "/v1/ssh_keys", method: "POST", body: '{"name":"k1"}' })
      .reply((opts) => {
        seen = opts.headers as Record<string, string>;
        return { statusCode: 201, data: key(1) };
      });
    await client.request({
      method: "POST",
      path: "/ssh_keys",
      body: { name: "k1" },
      schema: SshKey,
    });
    expect(seen).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      accept: "application/json",
      "content-type": "application/json",
      "user-agent": `pulumi-serverscom/${packageJson.version}`,
    });
  });

  it("send no Content-Type without a body, and the caller's User-Agent when given", async () => {
    const { client, pool } = setup({ userAgent: "my-tool/2" });
    let seen: Record<string, string> = {};
    pool.intercept({ path: "/v1/ssh_keys/aa" }).reply((opts) => {
      seen = opts.headers as Record<string, string>;
      return { statusCode: 200, data: key(1) };
    });
    await client.request({ method: "GET", path: "/ssh_keys/aa", schema: SshKey });
    expect(seen["content-type"]).toBeUndefined();
    expect(seen["user-agent"]).toBe("my-tool/2");
  });

  it("drop null and undefined query values and stringify the rest", async () => {
    const { client, pool } = setup();
    pool
      .intercept({
        path: "/v1/hosts?label_selector=env%20in%20(a%2C%20b)&per_page=50&additional=false",
      })
      .reply(200, []);
    await client.request({
      method: "GET",
      path: "/hosts",
      query: {
        label_selector: "env in (a, b)",
        search_pattern: undefined,
        sorting: null,
        per_page: 50,
        additional: false,
      },
      schema: z.array(z.unknown()),
    });
  });

  it.each([
    ["per_page", 0],
    ["per_page", 101],
    ["page", 0],
    ["page", "0"],
    ["page", true],
  ])("check %s=%s before sending", async (name, value) => {
    const { client } = setup();
    const error = await rejection(
      client.request({
        method: "GET",
        path: "/hosts",
        query: { [name]: value },
        schema: z.unknown(),
      }),
    );
    expect(error).toBeInstanceOf(InputValidationError);
    expect((error as InputValidationError).field).toBe(name);
    expect(() => client.list("/hosts", { [name]: value }, z.unknown())).toThrow(
      InputValidationError,
    );
  });

  it.each([200, 201, 202])("treat %i as success", async (status) => {
    const { client, pool } = setup();
    pool.intercept({ path: "/v1/ssh_keys", method: "POST" }).reply(status, key(1));
    await expect(
      client.request({ method: "POST", path: "/ssh_keys", body: {}, schema: SshKey }),
    ).resolves.toEqual(key(1));
  });

  it("requestEmpty accepts a 204 and discards a body it does not need", async () => {
    const { client, pool } = setup();
    pool.intercept({ path: "/v1/ssh_keys/aa", method: "DELETE" }).reply(204);
    pool.intercept({ path: "/v1/hosts/dedicated_servers/1/reboot", method: "POST" }).reply(202, {
      whatever: true,
    });
    await expect(
      client.requestEmpty({ method: "DELETE", path: "/ssh_keys/aa" }),
    ).resolves.toBeUndefined();
    await expect(
      client.requestEmpty({ method: "POST", path: "/hosts/dedicated_servers/1/reboot" }),
    ).resolves.toBeUndefined();
  });
});

describe("responses are parsed by their schema", () => {
  it("extra fields are accepted (objects are not strict)", async () => {
    const { client, pool } = setup();
    pool
      .intercept({ path: "/v1/ssh_keys/aa" })
      .reply(200, { ...key(1), created_at: "2025-01-01T00:00:00Z" });
    const result = await client.request({ method: "GET", path: "/ssh_keys/aa", schema: SshKey });
    expect(result.name).toBe("k1");
  });

  it("a mismatch is a ResponseValidationError with the bad field, the issues and the raw body", async () => {
    const { client, pool } = setup();
    const body = JSON.stringify({ ...key(1), labels: { env: 5 } });
    pool.intercept({ path: "/v1/ssh_keys/aa" }).reply(200, body);
    const error = await rejection(
      client.request({ method: "GET", path: "/ssh_keys/aa", schema: SshKey }),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).not.toBeInstanceOf(z.ZodError);
    const validation = error as ResponseValidationError;
    expect(validation).toMatchObject({
      status: 200,
      method: "GET",
      path: "/v1/ssh_keys/aa",
      field: "labels.env",
      body,
    });
    expect(validation.issues[0]?.path).toBe("labels.env");
    expect(validation.message).toContain("GET /v1/ssh_keys/aa -> 200");
  });

  it("a bad list item is named by its index", async () => {
    const { client, pool } = setup();
    pool
      .intercept({ path: "/v1/ssh_keys" })
      .reply(200, [key(0), key(1), key(2), { ...key(3), labels: "x" }]);
    const error = await rejection(client.list("/ssh_keys", {}, SshKey).then((page) => page.items));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).field).toBe("items.3.labels");
  });

  it("invalid JSON on a 2xx is a ResponseValidationError", async () => {
    const { client, pool } = setup();
    pool.intercept({ path: "/v1/ssh_keys/aa" }).reply(200, "{not json");
    const error = await rejection(
      client.request({ method: "GET", path: "/ssh_keys/aa", schema: SshKey }),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).body).toBe("{not json");
    expect((error as ResponseValidationError).field).toBe("");
  });
});

describe("API errors", () => {
  it("carry method, path, status, code, message and correlation id, never the token", async () => {
    const { client, pool } = setup();
    pool
      .intercept({ path: "/v1/remote_block_storage/volumes", method: "POST" })
      .reply(
        402,
        { code: "PAYMENT_REQUIRED", message: "no valid payment method" },
        { headers: { "X-Correlation-ID": "abc" } },
      );
    const error = await rejection(
      client.request({
        method: "POST",
        path: "/remote_block_storage/volumes",
        body: { size: 1 },
        schema: z.unknown(),
      }),
    );
    expect(error).toBeInstanceOf(PaymentRequiredError);
    const apiError = error as PaymentRequiredError;
    expect(apiError.message).toBe(
      "POST /v1/remote_block_storage/volumes -> 402 PAYMENT_REQUIRED: no valid payment method (correlation id abc)",
    );
    expect(
      JSON.stringify({ ...apiError, message: apiError.message, stack: apiError.stack }),
    ).not.toContain(TOKEN);
  });

  it("UNPROCESSABLE_ENTITY arrives with its field map", async () => {
    const { client, pool } = setup();
    pool.intercept({ path: "/v1/hosts/sbm_servers", method: "POST" }).reply(422, {
      code: "UNPROCESSABLE_ENTITY",
      message: "Validation failed",
      errors: { "hosts.0.private_ipv4_network_id": "no matching uplink" },
    });
    const error = await rejection(
      client.request({ method: "POST", path: "/hosts/sbm_servers", body: {}, schema: z.unknown() }),
    );
    expect((error as UnprocessableEntityError).errors).toEqual({
      "hosts.0.private_ipv4_network_id": "no matching uplink",
    });
  });

  it("a non-JSON error body (a proxy's page) is kept, with no code", async () => {
    const { client, pool } = setup({ maxRetries: 0 });
    const html = "<html><body><h1>502 Bad Gateway</h1></body></html>";
    pool.intercept({ path: "/v1/hosts" }).reply(502, html);
    const error = await rejection(
      client.request({ method: "GET", path: "/hosts", schema: z.unknown() }),
    );
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as ApiError).body).toBe(html);
    expect((error as ApiError).code).toBeUndefined();
    expect((error as ApiError).message).toContain("502 Bad Gateway");
  });

  it("404 is a NotFoundError", async () => {
    const { client, pool } = setup();
    pool
      .intercept({ path: "/v1/ssh_keys/zz" })
      .reply(404, { code: "NOT_FOUND", message: "not found" });
    const error = await rejection(
      client.request({ method: "GET", path: "/ssh_keys/zz", schema: SshKey }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
  });
});

describe("retries", () => {
  it("GET after 429 waits as long as Retry-After says, then succeeds", async () => {
    const { client, pool, delays } = setup();
    pool.intercept({ path: "/v1/ssh_keys/aa" }).reply(429, "", { headers: { "Retry-After": "7" } });
    pool.intercept({ path: "/v1/ssh_keys/aa" }).reply(200, key(1));
    await expect(
      client.request({ method: "GET", path: "/ssh_keys/aa", schema: SshKey }),
    ).resolves.toEqual(key(1));
    expect(delays).toEqual([7000]);
  });

  it("Retry-After beyond the cap is capped", async () => {
    const { client, pool, delays } = setup({
      retry: { maxRetryAfterMs: 30_000, sleep: async (ms) => void delays.push(ms) },
    });
    pool
      .intercept({ path: "/v1/ssh_keys/aa" })
      .reply(429, "", { headers: { "Retry-After": "3600" } });
    pool.intercept({ path: "/v1/ssh_keys/aa" }).reply(200, key(1));
    await client.request({ method: "GET", path: "/ssh_keys/aa", schema: SshKey });
    expect(delays).toEqual([30_000]);
  });

  it("GET after 429 with X-RateLimit-Reset waits until the reset", async () => {
    const now = Date.parse("2025-06-01T12:00:00Z");
    const delays: number[] = [];
    const { client, pool } = setup({
      retry: { now: () => now, sleep: async (ms) => void delays.push(ms) },
    });
    pool
      .intercept({ path: "/v1/ssh_keys/aa" })
      .reply(
        429,
        { message: "slow down" },
        { headers: { "X-RateLimit-Reset": String(now / 1000 + 4) } },
      );
    pool.intercept({ path: "/v1/ssh_keys/aa" }).reply(200, key(1));
    await client.request({ method: "GET", path: "/ssh_keys/aa", schema: SshKey });
    expect(delays).toEqual([4000]);
  });

  it("GET after 503 backs off and succeeds", async () => {
    const { client, pool, delays } = setup();
    pool.intercept({ path: "/v1/ssh_keys/aa" }).reply(503, "");
    pool.intercept({ path: "/v1/ssh_keys/aa" }).reply(200, key(1));
    await client.request({ method: "GET", path: "/ssh_keys/aa", schema: SshKey });
    expect(delays).toEqual([500]);
  });

  it("GET after a connection reset is resent", async () => {
    const { client, pool, delays } = setup();
    pool.intercept({ path: "/v1/ssh_keys/aa" }).replyWithError(reset());
    pool.intercept({ path: "/v1/ssh_keys/aa" }).reply(200, key(1));
    await client.request({ method: "GET", path: "/ssh_keys/aa", schema: SshKey });
    expect(delays).toHaveLength(1);
  });

  it("PUT and DELETE are retried", async () => {
    const { client, pool, delays } = setup();
    pool.intercept({ path: "/v1/ssh_keys/aa", method: "PUT" }).reply(502, "");
    pool.intercept({ path: "/v1/ssh_keys/aa", method: "PUT" }).reply(200, key(1));
    pool.intercept({ path: "/v1/ssh_keys/aa", method: "DELETE" }).reply(504, "");
    pool.intercept({ path: "/v1/ssh_keys/aa", method: "DELETE" }).reply(204);
    await client.request({
      method: "PUT",
      path: "/ssh_keys/aa",
      body: { name: "k1" },
      schema: SshKey,
    });
    await client.requestEmpty({ method: "DELETE", path: "/ssh_keys/aa" });
    expect(delays).toEqual([500, 500]);
  });

  it("POST is not resent after a 503", async () => {
    const { client, pool, delays } = setup();
    pool.intercept({ path: "/v1/ssh_keys", method: "POST" }).reply(503, "");
    const error = await rejection(
      client.request({ method: "POST", path: "/ssh_keys", body: {}, schema: SshKey }),
    );
    expect(error).toBeInstanceOf(InternalServerError);
    expect(delays).toEqual([]);
  });

  it("POST is resent after a 429, once Retry-After has passed: the request was refused", async () => {
    const { client, pool, delays } = setup();
    pool
      .intercept({ path: "/v1/ssh_keys", method: "POST" })
      .reply(429, "", { headers: { "Retry-After": "1" } });
    pool.intercept({ path: "/v1/ssh_keys", method: "POST" }).reply(201, key(1));
    await client.request({ method: "POST", path: "/ssh_keys", body: {}, schema: SshKey });
    expect(delays).toEqual([1000]);
  });

  it("POST fails with RateLimitError once 429s outlast the retry budget", async () => {
    const { client, pool, delays } = setup();
    pool
      .intercept({ path: "/v1/ssh_keys", method: "POST" })
      .reply(429, "", { headers: { "Retry-After": "1" } })
      .times(4);
    const error = await rejection(
      client.request({ method: "POST", path: "/ssh_keys", body: {}, schema: SshKey }),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(1000);
    expect(delays).toEqual([1000, 1000, 1000]);
  });

  it("POST is not resent after a connection reset: it may have reached the server", async () => {
    const { client, pool, delays } = setup();
    pool.intercept({ path: "/v1/ssh_keys", method: "POST" }).replyWithError(reset());
    const error = await rejection(
      client.request({ method: "POST", path: "/ssh_keys", body: {}, schema: SshKey }),
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).code).toBe("ECONNRESET");
    expect((error as ConnectionError).cause).toMatchObject({ code: "ECONNRESET" });
    expect(delays).toEqual([]);
  });

  it("POST is resent after ECONNREFUSED: nothing was sent", async () => {
    const { client, pool, delays } = setup();
    pool.intercept({ path: "/v1/ssh_keys", method: "POST" }).replyWithError(refused());
    pool.intercept({ path: "/v1/ssh_keys", method: "POST" }).reply(201, key(1));
    await expect(
      client.request({ method: "POST", path: "/ssh_keys", body: {}, schema: SshKey }),
    ).resolves.toEqual(key(1));
    expect(delays).toEqual([500]);
  });

  it("gives up after maxRetries (client option) with the last error", async () => {
    const { client, pool, delays } = setup({ maxRetries: 2 });
    pool.intercept({ path: "/v1/ssh_keys/aa" }).reply(503, "").times(3);
    const error = await rejection(
      client.request({ method: "GET", path: "/ssh_keys/aa", schema: SshKey }),
    );
    expect(error).toBeInstanceOf(InternalServerError);
    expect(delays).toEqual([500, 1000]);
  });

  it("maxRetries per call overrides the client's", async () => {
    const { client, pool, delays } = setup();
    pool.intercept({ path: "/v1/ssh_keys/aa" }).reply(503, "");
    const error = await rejection(
      client.request({ method: "GET", path: "/ssh_keys/aa", schema: SshKey }, { maxRetries: 0 }),
    );
    expect(error).toBeInstanceOf(InternalServerError);
    expect(delays).toEqual([]);
  });
});

describe("abort and timeout", () => {
  it("a signal aborted before the call sends nothing", async () => {
    const { client } = setup();
    const error = await rejection(
      client.request(
        { method: "GET", path: "/ssh_keys/aa", schema: SshKey },
        { signal: AbortSignal.abort() },
      ),
    );
    expect(error).toBeInstanceOf(AbortError);
  });

  it("an abort during the request is an AbortError and is not retried", async () => {
    const { client, pool, delays } = setup();
    const controller = new AbortController();
    // The reply would come after a minute; the abort cancels it, so nothing waits.
    pool.intercept({ path: "/v1/ssh_keys/aa" }).reply(200, key(1)).delay(60_000);
    const call = rejection(
      client.request(
        { method: "GET", path: "/ssh_keys/aa", schema: SshKey },
        { signal: controller.signal },
      ),
    );
    setImmediate(() => controller.abort());
    const error = await call;
    expect(error).toBeInstanceOf(AbortError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(delays).toEqual([]);
  });

  it("an abort during the wait before a retry is an AbortError", async () => {
    const controller = new AbortController();
    const { client, pool } = setup({ retry: { sleep: async () => controller.abort() } });
    pool.intercept({ path: "/v1/ssh_keys/aa" }).reply(503, "");
    const error = await rejection(
      client.request(
        { method: "GET", path: "/ssh_keys/aa", schema: SshKey },
        { signal: controller.signal },
      ),
    );
    expect(error).toBeInstanceOf(AbortError);
  });

  it("no complete response within the timeout is a TimeoutError", async () => {
    // Fake timers drive both the client's timeout and the mock's late reply: no real waiting.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { client, pool } = setup();
    pool.intercept({ path: "/v1/ssh_keys/aa" }).reply(200, key(1)).delay(60_000);
    const call = rejection(
      client.request(
        { method: "GET", path: "/ssh_keys/aa", schema: SshKey },
        { timeoutMs: 5000, maxRetries: 0 },
      ),
    );
    await vi.advanceTimersByTimeAsync(5000);
    const error = await call;
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(5000);
    expect((error as TimeoutError).message).toBe(
      "GET /v1/ssh_keys/aa: no complete response within 5000 ms",
    );
  });

  it("a GET that timed out is resent (the client's own timeout, not the caller's abort)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { client, pool, delays } = setup({ timeoutMs: 1000 });
    pool.intercept({ path: "/v1/ssh_keys/aa" }).reply(200, key(1)).delay(60_000);
    pool.intercept({ path: "/v1/ssh_keys/aa" }).reply(200, key(1));
    const call = client.request({ method: "GET", path: "/ssh_keys/aa", schema: SshKey });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(call).resolves.toEqual(key(1));
    expect(delays).toEqual([500]);
  });
});

describe("lists", () => {
  const page = (n: number, perPage = 2) => [key(n * perPage - 2), key(n * perPage - 1)];

  it("follow Link rel=next across three pages, with X-Total", async () => {
    const { client, pool } = setup();
    const link = (next: number) => `<${ORIGIN}/v1/ssh_keys?page=${next}&per_page=2>; rel="next"`;
    pool
      .intercept({ path: "/v1/ssh_keys?per_page=2" })
      .reply(200, page(1), { headers: { Link: link(2), "X-Total": "6" } });
    pool
      .intercept({ path: "/v1/ssh_keys?page=2&per_page=2" })
      .reply(200, page(2), { headers: { Link: link(3) } });
    pool.intercept({ path: "/v1/ssh_keys?page=3&per_page=2" }).reply(200, page(3));
    const list = client.list("/ssh_keys", { per_page: 2 }, SshKey);
    const first = await list;
    expect(first.total).toBe(6);
    expect(first.links.next).toBe(`${ORIGIN}/v1/ssh_keys?page=2&per_page=2`);
    const names: string[] = [];
    for await (const item of list) names.push(item.name);
    expect(names).toEqual(["k0", "k1", "k2", "k3", "k4", "k5"]);
  });

  it("resolve a relative Link against the request", async () => {
    const { client, pool } = setup();
    pool
      .intercept({ path: "/v1/ssh_keys" })
      .reply(200, page(1), { headers: { Link: `</v1/ssh_keys?page=2>; rel="next"` } });
    pool.intercept({ path: "/v1/ssh_keys?page=2" }).reply(200, page(2));
    const items = await client.list("/ssh_keys", {}, SshKey).toArray({ limit: 10 });
    expect(items).toHaveLength(4);
  });

  it("refuse to follow a Link to another origin (it would carry the token there)", async () => {
    const { client, pool } = setup();
    pool.intercept({ path: "/v1/ssh_keys" }).reply(200, page(1), {
      headers: { Link: `<https://evil.example/v1/ssh_keys?page=2>; rel="next"` },
    });
    const first = await client.list("/ssh_keys", {}, SshKey);
    await expect(first.nextPage()).rejects.toThrow(/refusing to follow/);
  });

  it("toArray with rel=last fetches pages concurrently and returns items in order", async () => {
    const { client, pool } = setup();
    const lastPage = 9;
    const url = (n: number) => `${ORIGIN}/v1/ssh_keys?page=${n}&per_page=2`;
    let inFlight = 0;
    let maxInFlight = 0;
    pool.intercept({ path: "/v1/ssh_keys?per_page=2" }).reply(200, page(1), {
      headers: { Link: `<${url(2)}>; rel="next", <${url(lastPage)}>; rel="last"` },
    });
    for (let n = 2; n <= lastPage; n += 1) {
      pool.intercept({ path: `/v1/ssh_keys?page=${n}&per_page=2` }).reply(async () => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        // Answer on a later turn of the event loop, so concurrent requests overlap.
        await new Promise((resolve) => setImmediate(resolve));
        inFlight -= 1;
        const links = [`<${url(lastPage)}>; rel="last"`];
        if (n < lastPage) links.push(`<${url(n + 1)}>; rel="next"`);
        return {
          statusCode: 200,
          data: page(n),
          responseOptions: { headers: { Link: links.join(", ") } },
        };
      });
    }
    const items = await client
      .list("/ssh_keys", { per_page: 2 }, SshKey)
      .toArray({ limit: 100, concurrency: 3 });
    expect(items.map((item) => item.name)).toEqual(Array.from({ length: 18 }, (_, k) => `k${k}`));
    expect(maxInFlight).toBe(3);
  });

  it("toArray stops at its limit", async () => {
    const { client, pool } = setup();
    const link = `<${ORIGIN}/v1/ssh_keys?page=2>; rel="next"`;
    pool.intercept({ path: "/v1/ssh_keys" }).reply(200, page(1), { headers: { Link: link } });
    pool
      .intercept({ path: "/v1/ssh_keys?page=2" })
      .reply(200, page(2), { headers: { Link: `<${ORIGIN}/v1/ssh_keys?page=3>; rel="next"` } });
    const items = await client.list("/ssh_keys", {}, SshKey).toArray({ limit: 3 });
    expect(items.map((item) => item.name)).toEqual(["k0", "k1", "k2"]);
  });

  it("a failed page is retried like any GET", async () => {
    const { client, pool, delays } = setup();
    pool.intercept({ path: "/v1/ssh_keys" }).reply(503, "");
    pool.intercept({ path: "/v1/ssh_keys" }).reply(200, page(1));
    expect(await client.list("/ssh_keys", {}, SshKey).toArray({ limit: 10 })).toHaveLength(2);
    expect(delays).toEqual([500]);
  });
});
