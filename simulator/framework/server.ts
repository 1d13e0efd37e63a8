// The HTTP pipeline: authentication, routing, faults, body parsing, handlers, persistence and
// the JSON answer, with internal fields stripped. Plain node:http: nothing between the socket
// and the behaviour under test.
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type Json, type Method, SimApiError, type SimRequest, type SimResponse } from "./contract";
import type { Engine } from "./engine";
import type { FaultRule } from "./faults";
import { requestOrigins } from "./helpers";
import type { SimRouter } from "./router";

/** Far above the largest valid body (a 64 KB ipxe_config), small enough to refuse a flood. */
const MAX_BODY_BYTES = 1024 * 1024;
const METHODS: ReadonlySet<string> = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
const HOOKS_PREFIX = "/_simulator/";
const API_PREFIX = "/v1/";

let correlationCounter = 0;
const correlationPrefix = randomBytes(4).toString("hex");

/** Like the real service's X-Correlation-ID: the id a support request (or a test failure) quotes. */
function nextCorrelationId(): string {
  correlationCounter = (correlationCounter + 1) % 0x1000000;
  return `${correlationPrefix}-${correlationCounter.toString(16).padStart(6, "0")}`;
}

function errorBody(error: SimApiError): Json {
  const body: { [key: string]: Json } = { code: error.code, message: error.message };
  if (error.extra.errors !== undefined) body.errors = error.extra.errors;
  if (error.extra.params !== undefined) body.params = error.extra.params;
  return body;
}

/** Drops top-level "_" fields (internal state) from a record or from each record of a list. */
function stripInternal(body: Json): Json {
  if (Array.isArray(body)) return body.map(stripInternal);
  if (typeof body !== "object" || body === null) return body;
  let hasInternal = false;
  for (const key in body) {
    if (key.startsWith("_")) {
      hasInternal = true;
      break;
    }
  }
  if (!hasInternal) return body;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(body)) if (!key.startsWith("_")) out[key] = value;
  return out;
}

/**
 * Serialised forms of stored records, per record object. Stored records are deep-frozen and
 * replaced (never changed) on every write, so a frozen object's JSON cannot go stale: a list page
 * of unchanged records is joined from cached strings instead of being stripped and serialised
 * again on every request.
 */
const publicJson = new WeakMap<object, string>();
const internalJson = new WeakMap<object, string>();

function toJson(body: Json, strip: boolean): string {
  if (Array.isArray(body)) return `[${body.map((item) => toJson(item, strip)).join(",")}]`;
  if (typeof body !== "object" || body === null || !Object.isFrozen(body)) {
    return JSON.stringify(strip ? stripInternal(body) : body);
  }
  const cache = strip ? publicJson : internalJson;
  let text = cache.get(body);
  if (text === undefined) {
    text = JSON.stringify(strip ? stripInternal(body) : body);
    cache.set(body, text);
  }
  return text;
}

function send(
  res: ServerResponse,
  correlationId: string,
  response: SimResponse,
  strip: boolean,
): void {
  const headers: Record<string, string> = {
    "x-correlation-id": correlationId,
    ...response.headers,
  };
  if (response.text !== undefined) {
    headers["content-type"] = "text/plain; version=0.0.4; charset=utf-8";
    headers["content-length"] = String(Buffer.byteLength(response.text));
    res.writeHead(response.status, headers);
    res.end(response.text);
    return;
  }
  if (response.status === 204 || response.body === undefined) {
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  const text = toJson(response.body, strip);
  headers["content-type"] = "application/json; charset=utf-8";
  headers["content-length"] = String(Buffer.byteLength(text));
  res.writeHead(response.status, headers);
  res.end(text);
}

function sendError(
  res: ServerResponse,
  correlationId: string,
  error: SimApiError,
  headers?: Record<string, string>,
) {
  send(
    res,
    correlationId,
    { status: error.status, body: errorBody(error), ...(headers ? { headers } : {}) },
    false,
  );
}

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<unknown> {
  // Without either header HTTP/1.1 has no body: skip the stream (most GETs).
  if (
    req.headers["content-length"] === undefined &&
    req.headers["transfer-encoding"] === undefined
  ) {
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
    chunks.push(buffer);
  }
  if (size === 0) return undefined;
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    throw new SimApiError(
      400,
      "BAD_REQUEST",
      `The request body is not valid JSON: ${error.message}`,
      // The spec's BAD_REQUEST names the invalid parameters: here, the body itself.
      { params: ["body"] },
    );
  }
}

function isAuthorized(req: IncomingMessage, expected: Buffer): boolean {
  const header = req.headers.authorization;
  if (header === undefined) return false;
  const match = /^Bearer +(.+)$/i.exec(header.trim());
  if (match === null) return false;
  const given = Buffer.from(match[1] ?? "");
  // Constant-time, as a real server compares secrets.
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The answer of an injected fault that answers (5xx, 429); drops are handled by the caller. */
function faultAnswer(rule: FaultRule): SimResponse {
  if (rule.kind === "rateLimit") {
    const after = rule.retryAfterSeconds ?? 1;
    return {
      status: 429,
      body: { code: "TOO_MANY_REQUESTS", message: "Rate limit exceeded (injected fault)" },
      headers: {
        "retry-after": String(after),
        "x-ratelimit-limit": "2000",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String(Math.ceil(Date.now() / 1000) + after),
      },
    };
  }
  const status = rule.status ?? 503;
  const codes: Record<number, string> = {
    500: "INTERNAL_SERVER_ERROR",
    503: "SERVICE_UNAVAILABLE",
    504: "GATEWAY_TIMEOUT",
  };
  return {
    status,
    body: { code: codes[status] ?? "SERVER_ERROR", message: `Injected fault: HTTP ${status}` },
  };
}

/** A proxy's 502 is an HTML page, not the API's JSON: clients must cope (wire-notes.md). */
function sendProxyPage(res: ServerResponse, correlationId: string): void {
  const html =
    "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>";
  res.writeHead(502, { "content-type": "text/html", "x-correlation-id": correlationId });
  res.end(html);
}

export function createListener(engine: Engine, token: string) {
  /**
   * Changes a lateCommit fault answered but has not applied yet, in the order they came, each
   * with the store it was answered from: a reset (a new store) drops them with the old state, so
   * a test's late order never lands in the next test's.
   */
  const lateCommits: {
    readonly dueAt: number;
    readonly store: object;
    readonly apply: () => Promise<void>;
  }[] = [];
  const applyDueCommits = async (): Promise<void> => {
    const now = engine.clock.now();
    const current = engine.store;
    const due = lateCommits.filter((commit) => commit.dueAt <= now && commit.store === current);
    if (due.length === 0) return;
    lateCommits.splice(
      0,
      lateCommits.length,
      ...lateCommits.filter((c) => c.dueAt > now && c.store === current),
    );
    for (const commit of due.sort((a, b) => a.dueAt - b.dueAt)) await commit.apply();
  };

  const expectedToken = Buffer.from(token);
  const log = engine.options.log ?? ((line: string) => console.error(line));

  async function run(
    router: SimRouter,
    method: Method,
    path: string,
    query: URLSearchParams,
    req: IncomingMessage,
    res: ServerResponse,
    correlationId: string,
    isApi: boolean,
  ): Promise<void> {
    const match = router.match(method, path);
    if (isApi)
      engine.count(
        match.kind === "found" ? `${method} ${match.route.pattern}` : `${method} (no route)`,
      );

    let fault: FaultRule | undefined;
    if (isApi) await applyDueCommits();
    const limited = isApi ? engine.rateLimit?.take() : undefined;
    if (limited !== undefined) {
      // On every answer, errors included, as the service sends them.
      for (const [name, value] of Object.entries(limited.headers)) res.setHeader(name, value);
      if (!limited.allowed) {
        return send(
          res,
          correlationId,
          {
            status: 429,
            body: { code: "TOO_MANY_REQUESTS", message: "Rate limit exceeded" },
            headers: { "retry-after": String(limited.retryAfterSeconds) },
          },
          false,
        );
      }
    }
    if (isApi) {
      const delay = engine.faults.latencyMs(method, path);
      if (delay > 0) await sleep(delay);
      fault = engine.faults.decide(method, path);
      if (fault?.kind === "dropConnection") {
        req.socket.destroy();
        return;
      }
      if (fault?.kind === "error5xx" && (fault.status ?? 503) === 502)
        return sendProxyPage(res, correlationId);
      if (fault?.kind === "error5xx" || fault?.kind === "rateLimit") {
        return send(res, correlationId, faultAnswer(fault), false);
      }
      if (fault?.kind === "rateLimitHeaders") {
        // Over the budget's own headers, set above: the hostile values are what the client reads.
        for (const [name, value] of Object.entries(fault.headers ?? {})) res.setHeader(name, value);
        if (fault.status === 429) {
          return send(
            res,
            correlationId,
            {
              status: 429,
              body: { code: "TOO_MANY_REQUESTS", message: "Rate limit exceeded (injected fault)" },
            },
            false,
          );
        }
      }
    }

    if (match.kind === "not_found") {
      throw new SimApiError(404, "NOT_FOUND", `No route for ${method} ${path}`);
    }
    if (match.kind === "method_not_allowed") {
      return sendError(
        res,
        correlationId,
        new SimApiError(405, "METHOD_NOT_ALLOWED", `${method} is not allowed on ${path}`),
        {
          allow: match.allowed.join(", "),
        },
      );
    }

    const body = await readBody(req);
    const simRequest: SimRequest = { method, path, params: match.params, query, body };
    requestOrigins.set(
      simRequest,
      // The Host header only when it is a host and port (a client reaching the simulator by
      // another name gets links it can follow); anything else is the simulator's own origin.
      `http://${validHost(req.headers.host) ?? engine.origin.replace(/^http:\/\//, "")}`,
    );
    if (fault?.kind === "lateCommit") {
      // Answer now, as a gateway that gave up would; apply later (simulated time), as the API
      // behind it does: before the first request handled once the delay has passed.
      const { handler } = match.route;
      lateCommits.push({
        dueAt: engine.clock.now() + engine.faults.commitDelayMs(fault),
        store: engine.store,
        apply: async () => {
          try {
            await handler(simRequest, engine.ctx);
          } catch {
            // A change the API refuses later is simply not made.
          }
          await engine.persist();
        },
      });
      if (fault.status === 0) {
        req.socket.destroy();
        return;
      }
      return send(
        res,
        correlationId,
        faultAnswer({ ...fault, kind: "error5xx", status: fault.status ?? 504 }),
        false,
      );
    }
    if (fault?.kind === "foreignTwin") {
      await applyForeignTwin(engine, () =>
        match.route.handler({ ...simRequest, body: withoutLabels(body) }, engine.ctx),
      );
      await engine.persist();
      return send(
        res,
        correlationId,
        faultAnswer({ ...fault, kind: "error5xx", status: fault.status ?? 504 }),
        false,
      );
    }
    let outcome: { readonly response: SimResponse } | { readonly error: unknown };
    const apply = () => match.route.handler(simRequest, engine.ctx);
    const held = isApi && engine.faults.holds(method, path);
    try {
      outcome = { response: await (held ? engine.store.holdingSteps(apply) : apply()) };
    } catch (error) {
      outcome = { error };
    }
    // Persist whatever the handler changed, even when it then failed: memory and file agree,
    // and a change is on disk before the client can see any answer (or the lack of one).
    if (method !== "GET") await engine.persist();
    if (fault?.kind === "dropResponseAfterApply") {
      req.socket.destroy();
      return;
    }
    if ("error" in outcome) throw outcome.error;
    const { response } = outcome;
    send(res, correlationId, response, isApi);
  }

  return (req: IncomingMessage, res: ServerResponse): void => {
    const correlationId = nextCorrelationId();
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const path = q === -1 ? url : url.slice(0, q);
    const query = new URLSearchParams(q === -1 ? "" : url.slice(q + 1));
    const method = (req.method ?? "GET").toUpperCase();

    const handle = async (): Promise<void> => {
      if (!isAuthorized(req, expectedToken)) {
        return sendError(
          res,
          correlationId,
          new SimApiError(
            401,
            "UNAUTHORIZED",
            "Authentication required: send Authorization: Bearer <token>",
          ),
          { "www-authenticate": 'Bearer realm="serverscom-simulator"' },
        );
      }
      const isApi = path.startsWith(API_PREFIX);
      if (!isApi && !path.startsWith(HOOKS_PREFIX)) {
        throw new SimApiError(
          404,
          "NOT_FOUND",
          `No route for ${method} ${path}: API paths begin with /v1`,
        );
      }
      if (!METHODS.has(method)) {
        throw new SimApiError(405, "METHOD_NOT_ALLOWED", `${method} is not supported`);
      }
      await run(
        isApi ? engine.api : engine.hooks,
        method as Method,
        path,
        query,
        req,
        res,
        correlationId,
        isApi,
      );
    };

    handle().catch((error: unknown) => {
      if (res.headersSent || res.destroyed) return;
      if (error instanceof SimApiError) return sendError(res, correlationId, error);
      if (error instanceof BodyTooLarge) {
        return sendError(
          res,
          correlationId,
          new SimApiError(413, "PAYLOAD_TOO_LARGE", `The body exceeds ${MAX_BODY_BYTES} bytes`),
        );
      }
      log(
        `serverscom-simulator: ${method} ${path} failed (correlation id ${correlationId}): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      sendError(
        res,
        correlationId,
        new SimApiError(
          500,
          "INTERNAL_SERVER_ERROR",
          `Internal simulator error (correlation id ${correlationId})`,
        ),
      );
    });
  };
}

/**
 * The label another program's twin carries in place of the caller's labels (top level, and each
 * host entry of an order), where the request had labels: so that a soak can tell it apart.
 */
export const FOREIGN_TWIN_LABEL = "simulator/foreign-twin";

/**
 * The internal field (never answered: stripInternal) on every record another program's twin
 * made: where the request had no labels (a DNS or PTR record, a snapshot, a subnetwork by CIDR, a
 * host network), nothing else tells the twin from the caller's own object, and a soak must.
 */
export const FOREIGN_TWIN_FIELD = "_foreign_twin";

/**
 * A foreignTwin fault's order, applied as another program's: refused (a name taken, say),
 * nothing appears; applied, every record it made carries FOREIGN_TWIN_FIELD.
 */
async function applyForeignTwin(engine: Engine, apply: () => unknown): Promise<void> {
  const before = storedKeys(engine);
  try {
    await apply();
  } catch {
    return;
  }
  for (const [collection, keys] of storedKeys(engine)) {
    for (const key of keys) {
      if (before.get(collection)?.has(key) !== true) {
        engine.store.update(collection, key, { [FOREIGN_TWIN_FIELD]: true });
      }
    }
  }
}

/** The keys of every stored record, by collection. */
function storedKeys(engine: Engine): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [collection, records] of Object.entries(engine.store.snapshot().collections)) {
    out.set(collection, new Set(Object.keys(records)));
  }
  return out;
}

function withoutLabels(body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const { labels, ...rest } = body as Record<string, unknown>;
  if (labels !== undefined) rest.labels = { [FOREIGN_TWIN_LABEL]: "true" };
  const hosts = rest.hosts;
  if (Array.isArray(hosts)) rest.hosts = hosts.map(withoutLabels);
  return rest;
}

/** A Host header that is a name or address with an optional port, else undefined. */
function validHost(host: string | undefined): string | undefined {
  if (host === undefined || host.length > 261) return undefined;
  return /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(host)
    ? host
    : undefined;
}
