// The hostile-server suite (issue 13): the SDK and the provider against a server, a proxy or a
// captive portal that misbehaves on purpose, on loopback. Each case is a small `node:http` (or raw
// `node:net`) server doing one bad thing: echoing the token back in every channel an error keeps,
// paginating without end, sending a body without end or drop by drop, linking or redirecting
// away. Every error any case produces is searched for the token, another bearer credential and
// the secret inputs, in its message, stack, properties and cause chain (`exposure`): the suite's
// figure is its number of cases and 0 leaks (docs/reliability.md, "Hostile-server suite").
//
// No case sleeps: retry waits go through an injected sleep that records them. The one case that
// needs the wall clock is the slow drip (a socket cannot be driven by a fake clock): it waits for
// a 200 ms request timeout, against a server that would drip for ever.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createNetServer, type Socket } from "node:net";
import { inspect } from "node:util";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { cloudInstanceKind } from "../../provider/cloud-instance/definition";
import type { ProviderContext } from "../../provider/framework/kind-provider";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { sshKeyKind } from "../../provider/ssh-key/definition";
import { judge } from "../../scripts/soak/errors";
import { ServersComClient } from "../../sdk/client";
import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  InputValidationError,
  InternalServerError,
  NotFoundError,
  PaginationError,
  PermissionDeniedError,
  RateLimitError,
  ResponseTooLargeError,
  ResponseValidationError,
  TimeoutError,
  UnprocessableEntityError,
} from "../../sdk/core/errors";
import {
  type ClientOptions,
  DEFAULT_MAX_RESPONSE_BYTES,
  HttpClient,
} from "../../sdk/core/transport";
import { engineInputs } from "../provider/support";
import { currentRegistry } from "../support/captured";

const TOKEN = "hostile-token-7f3a9c2e5b1d4a6f8e0c";
/** A credential that is not ours, as a proxy may echo from another header or request. */
const OTHER_SECRET = "ci-deploy-secret-4b8d2f6a9c1e";
const OTHER_CREDENTIAL = `Bearer ${OTHER_SECRET}`;
/** A secret input (user data) the server echoes back in its 422. */
const USER_DATA = "#cloud-config\npassword: user-data-secret-9e4c1a7b3d\n";
const USER_DATA_SECRET = "user-data-secret-9e4c1a7b3d";

const SECRETS = [TOKEN, OTHER_SECRET, USER_DATA_SECRET];
currentRegistry().addSecret("hostile token", TOKEN);
currentRegistry().addSecret("other credential", OTHER_SECRET);
currentRegistry().addSecret("user data", USER_DATA_SECRET);

/** Everything an error exposes: message, stack, own properties, the cause chain. */
function exposure(error: unknown): string {
  const texts = [
    String(error),
    error instanceof Error ? (error.stack ?? "") : "",
    inspect(error, { depth: 12, showHidden: true, maxStringLength: null, maxArrayLength: null }),
  ];
  try {
    texts.push(JSON.stringify(error) ?? "");
  } catch {
    // A cycle: inspect above already covered it.
  }
  return texts.join("\n");
}

let cases = 0;
let leaks = 0;

/** Counts the case and fails it when the error exposes a secret or a raw control character. */
function expectSealed(error: unknown): void {
  cases += 1;
  const text = exposure(error);
  currentRegistry().addText("error", `hostile case ${cases}`, text);
  const found = SECRETS.filter((secret) => text.includes(secret));
  if (found.length > 0) leaks += 1;
  expect(found).toEqual([]);
  // The message is one line: a CR or LF from the server cannot forge a log line.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
  expect((error as Error).message).not.toMatch(/[\r\n\u0000]/);
}

afterAll(() => {
  // The suite's figures (docs/reliability.md quotes them).
  process.stdout.write(`hostile-server suite: ${cases} errors checked, ${leaks} leaks\n`);
  expect(leaks).toBe(0);
});

// --- servers ---

interface Hostile {
  readonly url: string;
  /** Requests received, as "METHOD /path?query". */
  readonly requests: string[];
  /** Bytes the server managed to write into response bodies. */
  written: number;
  close(): Promise<void>;
}

const open: Hostile[] = [];

afterEach(async () => {
  for (const server of open.splice(0)) await server.close();
});

type Handler = (req: IncomingMessage, res: ServerResponse, hostile: Hostile) => void;

async function listen(server: Server | ReturnType<typeof createNetServer>): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no address");
  return address.port;
}

async function hostile(handler: Handler): Promise<Hostile> {
  const sockets = new Set<Socket>();
  const state: Hostile = {
    url: "",
    requests: [],
    written: 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    state.requests.push(`${req.method} ${req.url}`);
    // The body is drained so the request completes whatever the handler does.
    req.resume();
    handler(req, res, state);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const port = await listen(server);
  const ready = { ...state, url: `http://127.0.0.1:${port}` };
  Object.defineProperty(ready, "written", { get: () => state.written });
  Object.defineProperty(ready, "requests", { value: state.requests });
  open.push(ready);
  return ready;
}

/** A raw TCP server that answers every request with `raw` bytes (for broken HTTP). */
async function rawServer(raw: string): Promise<Hostile> {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    socket.once("data", (chunk: Buffer) => {
      requests.push(chunk.toString("latin1").split("\r\n")[0] ?? "");
      socket.end(raw);
    });
  });
  const port = await listen(server);
  const state: Hostile = {
    url: `http://127.0.0.1:${port}`,
    requests,
    written: 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  open.push(state);
  return state;
}

function json(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** Waits recorded instead of slept. */
function client(url: string, options: Partial<ClientOptions> = {}) {
  const delays: number[] = [];
  const http = new HttpClient({
    token: TOKEN,
    baseUrl: url,
    retry: { sleep: async (ms) => void delays.push(ms), random: () => 0 },
    ...options,
  });
  closers.push(() => http.close());
  return { http, delays };
}

/** The SDK's client of the server at `url`, closed after the test. */
function sdkClient(url: string): ServersComClient {
  const sdk = new ServersComClient({ token: TOKEN, baseUrl: url });
  closers.push(() => sdk.close());
  return sdk;
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const Thing = z.object({ id: z.string() });

async function failure(action: () => Promise<unknown>): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

const get = (http: HttpClient, path = "/things/T1") =>
  failure(() => http.request({ method: "GET", path, schema: Thing }));

// --- the token echoed in every channel an error keeps ---

describe("a server that echoes the token", () => {
  it.each([
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [500, InternalServerError],
  ] as const)("in the JSON message of a %i", async (status, ErrorClass) => {
    const server = await hostile((req, res) =>
      json(res, status, {
        code: "X",
        message: `rejected ${req.headers.authorization} (token ${TOKEN})`,
      }),
    );
    const { http } = client(server.url, { maxRetries: 0 });
    const error = await get(http);
    expect(error).toBeInstanceOf(ErrorClass);
    expect((error as ApiError).message).toContain("[REDACTED]");
    expect((error as ApiError).apiMessage).toContain("[REDACTED]");
    expectSealed(error);
  });

  it("in a proxy's HTML error page", async () => {
    const server = await hostile((req, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end(
        `<html><body><h1>502</h1><p>Upstream refused Authorization: ${req.headers.authorization}` +
          ` and ${OTHER_CREDENTIAL}</p>${"<p>padding</p>".repeat(500)}</body></html>`,
      );
    });
    const { http } = client(server.url, { maxRetries: 0 });
    const error = await get(http);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(typeof (error as ApiError).body).toBe("string");
    expectSealed(error);
  });

  it("in the errors map of a 422, as values and as keys", async () => {
    const server = await hostile((_req, res) =>
      json(res, 422, {
        code: "UNPROCESSABLE_ENTITY",
        message: "Validation failed",
        errors: { name: `${TOKEN} is taken`, [TOKEN]: ["unknown field"], labels: OTHER_CREDENTIAL },
      }),
    );
    const { http } = client(server.url);
    const error = await failure(() =>
      http.request({ method: "POST", path: "/things", body: { name: "x" }, schema: Thing }),
    );
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).errors.name).toBe("[REDACTED] is taken");
    expectSealed(error);
  });

  it("in the X-Correlation-ID header and every other header", async () => {
    const server = await hostile((_req, res) =>
      json(
        res,
        404,
        { code: "NOT_FOUND", message: "no such thing" },
        { "x-correlation-id": TOKEN, "www-authenticate": `Bearer realm="${TOKEN}"` },
      ),
    );
    const { http } = client(server.url);
    const error = await get(http);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as ApiError).correlationId).toBe("[REDACTED]");
    expectSealed(error);
  });

  it("in the cause: broken HTTP whose bytes the parser error keeps", async () => {
    // undici's HTTPParserError carries the offending bytes as `data`.
    const server = await rawServer(`HTTP/1.1 200 OK\r\nContent-Length: ${TOKEN}\r\n\r\n{}`);
    const { http, delays } = client(server.url);
    const error = await get(http);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect(delays).toHaveLength(3);
    expectSealed(error);
  });

  it("in a 2xx body that does not match the schema", async () => {
    const server = await hostile((_req, res) => json(res, 200, { id: 7, echo: TOKEN, [TOKEN]: 1 }));
    const { http } = client(server.url);
    const error = await get(http);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expectSealed(error);
  });

  it("percent-encoded in a redirect's Location", async () => {
    const server = await hostile((_req, res) => {
      res.writeHead(302, { location: `https://evil.example/?t=${encodeURIComponent(TOKEN)}` });
      res.end(`Moved: ${OTHER_CREDENTIAL}`);
    });
    const { http } = client(server.url);
    const error = await get(http);
    expect((error as ApiError).status).toBe(302);
    expectSealed(error);
  });

  it("with control characters in its message: escaped, one line", async () => {
    const server = await hostile((_req, res) =>
      json(res, 500, { message: "boom\r\n2026-01-01 INFO deploy succeeded\u0000\u001b[2J" }),
    );
    const { http } = client(server.url, { maxRetries: 0 });
    const error = await get(http);
    expect((error as Error).message).toContain("boom\\r\\n2026-01-01 INFO");
    expectSealed(error);
  });

  it("through the provider: a create's error names no token and no user data", async () => {
    // Every list answers empty; the POST is refused with the request echoed back.
    const server = await hostile((req, res) => {
      if (req.method === "GET") return json(res, 200, []);
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () =>
        json(res, 422, {
          code: "UNPROCESSABLE_ENTITY",
          message: `invalid request from ${req.headers.authorization}: ${body}`,
          errors: { user_data: `not accepted: ${body}` },
        }),
      );
    });
    const sdk = new ServersComClient({
      token: TOKEN,
      baseUrl: server.url,
      retry: { sleep: async () => {} },
    });
    closers.push(() => sdk.close());
    const context: ProviderContext = {
      client: () => sdk,
      progress: () => {},
      waitTuning: () => ({}),
    };
    const provider = createKindProvider(cloudInstanceKind, context);
    const inputs = engineInputs("CloudInstance", "app", {
      regionId: 1,
      flavorId: "SSD.50",
      imageId: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01",
      name: "app",
      userData: USER_DATA,
    });
    const error = await failure(() => provider.create(inputs));
    expect(server.requests.some((line) => line.startsWith("POST "))).toBe(true);
    expectSealed(error);
  });
});

// --- pagination that does not end ---

describe("a server whose pagination does not end", () => {
  /** Pages of `perPage` items, each linking to the next page, for ever. */
  function endless(perPage: number, link: (page: number, req: IncomingMessage) => string) {
    return hostile((req, res) => {
      const page = Number(new URL(req.url ?? "/", "http://x").searchParams.get("page") ?? "1");
      const items = Array.from({ length: perPage }, (_, i) => ({ id: `T${page}-${i}` }));
      json(res, 200, items, { link: `<${link(page, req)}>; rel="next"` });
    });
  }

  const iterate = async (http: HttpClient) => {
    for await (const _ of http.list("/things", {}, Thing)) {
      // consume
    }
  };

  it("empty pages with an always new next link: stopped at the first", async () => {
    const server = await endless(0, (page) => `/v1/things?page=${page + 1}&token=${TOKEN}`);
    const { http } = client(server.url);
    const error = await failure(() => iterate(http));
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as PaginationError).list).toBe("GET /v1/things");
    expect(server.requests).toHaveLength(1);
    expectSealed(error);
  });

  it("the provider's look-up (toArray with a limit) on empty pages: stopped at the first", async () => {
    const server = await endless(0, (page) => `/v1/ssh_keys?page=${page + 1}`);
    const sdk = sdkClient(server.url);
    const error = await failure(() => sdk.sshKeys.list({}).toArray({ limit: 100 }));
    expect(error).toBeInstanceOf(PaginationError);
    expect(server.requests).toHaveLength(1);
    expectSealed(error);
  });

  it("the provider's ownership look-up during a create: one request, then a clear failure", async () => {
    // "Clear" as the fault soak judges a failed step's message (scripts/soak/errors.ts).
    const server = await endless(0, (page) => `/v1/ssh_keys?page=${page + 1}`);
    const sdk = sdkClient(server.url);
    const provider = createKindProvider(sshKeyKind, {
      client: () => sdk,
      progress: () => {},
      waitTuning: () => ({}),
    });
    const inputs = engineInputs("SshKey", "deploy", {
      name: "deploy",
      publicKey:
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMViyXPPKhVMabjHpguYG4rPeK3pNPcfCMaIotflOeM0 t@e",
    });
    const error = await failure(() => provider.create(inputs));
    expect((error as Error).message).toMatch(/each page must advance/);
    expect(judge((error as Error).message, ["SshKey"])).toMatchObject({ clear: true });
    expect(server.requests.length).toBeLessThanOrEqual(2);
    expectSealed(error);
  });

  it.each([
    {
      title: "full pages for ever: stopped at the page bound",
      perPage: 1,
      listBounds: { maxPages: 50 },
      bound: "at most 50 pages per list call",
      requests: 50,
    },
    {
      title: "100 items a page for ever: stopped at the item bound",
      perPage: 100,
      listBounds: { maxItems: 250 },
      bound: "at most 250 items per list call",
      requests: 3,
    },
  ])("$title", async ({ perPage, listBounds, bound, requests }) => {
    const server = await endless(perPage, (page) => `/v1/things?page=${page + 1}`);
    const { http } = client(server.url, { listBounds });
    const error = await failure(() => iterate(http));
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as PaginationError).bound).toBe(bound);
    expect(server.requests).toHaveLength(requests);
    expectSealed(error);
  });

  it("a next link back to an earlier page number", async () => {
    const server = await endless(1, (page) => `/v1/things?page=${page === 1 ? 2 : 1}`);
    const { http } = client(server.url);
    const error = await failure(() => iterate(http));
    expect(error).toBeInstanceOf(PaginationError);
    expect(server.requests).toHaveLength(2);
    expectSealed(error);
  });

  it("a next link to another origin: refused, and that origin never hears from us", async () => {
    const elsewhere = await hostile((_req, res) => json(res, 200, []));
    const server = await endless(
      1,
      (page) => `${elsewhere.url}/v1/things?page=${page + 1}&t=${TOKEN}`,
    );
    const { http } = client(server.url);
    const error = await failure(() => iterate(http));
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as Error).message).toMatch(/refusing to follow/);
    expect(elsewhere.requests).toEqual([]);
    expectSealed(error);
  });

  it("a next link outside the API root on the same origin: refused", async () => {
    const server = await endless(1, () => "/admin/export?all=1");
    const { http } = client(server.url);
    const error = await failure(() => iterate(http));
    expect(error).toBeInstanceOf(PaginationError);
    expect(server.requests).toHaveLength(1);
    expectSealed(error);
  });
});

// --- bodies without end ---

describe("a server whose body does not end", () => {
  /** Writes 64 KB chunks until the client goes away (at most `cap` bytes). */
  function flood(res: ServerResponse, state: Hostile, cap: number): void {
    const chunk = Buffer.alloc(65_536, 0x20);
    const write = () => {
      while (state.written < cap && !res.destroyed) {
        state.written += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", write);
      }
      res.end();
    };
    res.on("error", () => {});
    write();
  }

  it("a 2xx body past the limit: a ResponseTooLargeError, not retried, read no further", async () => {
    const server = await hostile((_req, res, state) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write("[");
      flood(res, state, 256 * 1024 * 1024);
    });
    const { http, delays } = client(server.url);
    const error = await failure(() =>
      http.request({ method: "GET", path: "/things", schema: z.array(Thing) }),
    );
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(
      judge(`serverscom:SshKey k (K1): ${(error as Error).message}`, ["SshKey"]),
    ).toMatchObject({
      clear: true,
      typed: "ResponseTooLargeError",
    });
    expect((error as Error).message).toMatch(
      /GET \/v1\/things: .* over the limit of 16777216 bytes/,
    );
    expect(delays).toEqual([]);
    expect(server.requests).toHaveLength(1);
    // What the server got to write: the limit plus what the sockets buffer, far below its 256 MB.
    expect(server.written).toBeLessThan(DEFAULT_MAX_RESPONSE_BYTES + 16 * 1024 * 1024);
    expectSealed(error);
  });

  it("the limit is the client's maxResponseBytes; a bad one is refused at construction", async () => {
    const server = await hostile((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write(JSON.stringify([{ id: "x".repeat(600) }]));
      res.end(JSON.stringify([{ id: "y".repeat(600) }]));
    });
    const { http } = client(server.url, { maxResponseBytes: 1000 });
    const error = await failure(() =>
      http.request({ method: "GET", path: "/things", schema: z.array(Thing) }),
    );
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as ResponseTooLargeError).limitBytes).toBe(1000);
    expectSealed(error);
    expect(() => new HttpClient({ token: TOKEN, maxResponseBytes: 0 })).toThrow(
      /maxResponseBytes: must be a whole number of bytes/,
    );
  });

  it("a Content-Length of 700 MB: refused before the body is read", async () => {
    const server = await hostile((_req, res, state) => {
      res.writeHead(200, {
        "content-type": "application/json",
        "content-length": 700 * 1024 * 1024,
      });
      flood(res, state, 700 * 1024 * 1024);
    });
    const { http } = client(server.url);
    const error = await failure(() =>
      http.request({ method: "GET", path: "/things", schema: z.array(Thing) }),
    );
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as ResponseTooLargeError).bytes).toBe(700 * 1024 * 1024);
    expect(server.written).toBeLessThan(64 * 1024 * 1024);
    expectSealed(error);
  });

  it("an error body without end: its start is kept, the message stays short", async () => {
    const server = await hostile((req, res, state) => {
      res.writeHead(500, { "content-type": "text/html" });
      res.write(`<html>${req.headers.authorization}`);
      flood(res, state, 256 * 1024 * 1024);
    });
    const { http } = client(server.url, { maxRetries: 0 });
    const error = await get(http);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as Error).message.length).toBeLessThan(400);
    expect(((error as ApiError).body as string).length).toBeLessThanOrEqual(64 * 1024);
    expectSealed(error);
  });

  it("an error body cut at 64 KB in the middle of an echoed token: no part of it is kept", async () => {
    const server = await hostile((_req, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      // The token starts 10 bytes before the 64 KB cut, and the body goes on past it.
      res.end(`${"x ".repeat((64 * 1024 - 10) / 2)}${TOKEN} and more ${"y".repeat(100_000)}`);
    });
    const { http } = client(server.url, { maxRetries: 0 });
    const error = await get(http);
    const body = (error as ApiError).body as string;
    expect(body.endsWith("x ...")).toBe(true);
    expect(body).not.toContain(TOKEN.slice(0, 10));
    expectSealed(error);
  });

  it("a slow drip: the request timeout ends it", async () => {
    const server = await hostile((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write("[");
      const timer = setInterval(() => res.write(" "), 20);
      res.on("close", () => clearInterval(timer));
    });
    const { http } = client(server.url, { timeoutMs: 200, maxRetries: 0 });
    const error = await get(http, "/things");
    expect(error).toBeInstanceOf(TimeoutError);
    expectSealed(error);
  });
});

// --- redirects ---

describe("a server that redirects", () => {
  it.each([301, 302, 307, 308])(
    "%i elsewhere: not followed, the token goes nowhere",
    async (status) => {
      const elsewhere = await hostile((_req, res) => json(res, 200, { id: "x" }));
      const server = await hostile((_req, res) => {
        res.writeHead(status, { location: `${elsewhere.url}/v1/things/T1?token=${TOKEN}` });
        res.end();
      });
      const { http } = client(server.url);
      const error = await get(http);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(status);
      expect(elsewhere.requests).toEqual([]);
      expectSealed(error);
    },
  );

  it("307 to the same origin: not followed either (a resent POST could buy twice)", async () => {
    const server = await hostile((_req, res) => {
      res.writeHead(307, { location: "/v1/things" });
      res.end();
    });
    const { http } = client(server.url);
    const error = await failure(() =>
      http.request({ method: "POST", path: "/things", body: {}, schema: Thing }),
    );
    expect((error as ApiError).status).toBe(307);
    expect(server.requests).toEqual(["POST /v1/things"]);
    expectSealed(error);
  });
});

// --- 429 and POST ---

describe("a rate-limiting server", () => {
  it("429 on a POST: resent once Retry-After has passed", async () => {
    let calls = 0;
    const server = await hostile((_req, res) => {
      calls += 1;
      if (calls === 1) return json(res, 429, { message: "slow down" }, { "retry-after": "2" });
      json(res, 201, { id: "T1" });
    });
    const { http, delays } = client(server.url);
    const created = await http.request({
      method: "POST",
      path: "/things",
      body: {},
      schema: Thing,
    });
    expect(created).toEqual({ id: "T1" });
    expect(delays).toEqual([2000]);
    expect(server.requests).toEqual(["POST /v1/things", "POST /v1/things"]);
  });

  it("429 on a POST asking for a day: the wait is capped at 60 s, the budget at 3 resends", async () => {
    const server = await hostile((_req, res) =>
      json(res, 429, { message: `slow down ${TOKEN}` }, { "retry-after": "86400" }),
    );
    const { http, delays } = client(server.url);
    const error = await failure(() =>
      http.request({ method: "POST", path: "/things", body: {}, schema: Thing }),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect(delays).toEqual([60_000, 60_000, 60_000]);
    expect(server.requests).toHaveLength(4);
    expectSealed(error);
  });

  it.each([500, 502, 503, 504])(
    "%i on a POST: never resent (it may have been applied)",
    async (status) => {
      const server = await hostile((_req, res) => json(res, status, { message: "oops" }));
      const { http, delays } = client(server.url);
      const error = await failure(() =>
        http.request({ method: "POST", path: "/things", body: {}, schema: Thing }),
      );
      expect((error as ApiError).status).toBe(status);
      expect(delays).toEqual([]);
      expect(server.requests).toHaveLength(1);
      expectSealed(error);
    },
  );
});

// --- ids that try to leave their path ---

describe("ids that try to leave their path segment", () => {
  it.each([".", "..", "%2e%2e", "%2E.", ".%2e", "%252e%252e"])(
    "%j is refused before any request",
    async (id) => {
      const server = await hostile((_req, res) => json(res, 204, {}));
      const sdk = sdkClient(server.url);
      const deleteVolume = await failure(() => sdk.rbsVolumes.delete(id));
      const deletePtr = await failure(() => sdk.sbmServers.deletePtrRecord("Sb1", id));
      for (const error of [deleteVolume, deletePtr]) {
        expect(error).toBeInstanceOf(InputValidationError);
        expect((error as Error).message).toMatch(/dot segment/);
        expectSealed(error);
      }
      expect(server.requests).toEqual([]);
    },
  );

  it("an id with CR and LF reaches the wire encoded and messages escaped", async () => {
    const server = await hostile((_req, res) =>
      json(res, 404, { code: "NOT_FOUND", message: "gone" }),
    );
    const sdk = sdkClient(server.url);
    const error = await failure(() => sdk.rbsVolumes.get("V1\r\nX-Forged: 1"));
    expect(server.requests).toEqual([
      "GET /v1/remote_block_storage/volumes/V1%0D%0AX-Forged%3A%201",
    ]);
    expectSealed(error);
  });
});
