// The HTTP transport: the one place that talks to the servers.com API. Areas see it only
// through the `Requester` interface of contract.ts.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Agent, type Dispatcher } from "undici";
import { z } from "zod";
import type {
  CallOptions,
  EmptyRequestSpec,
  HttpMethod,
  PagePromise,
  Query,
  Requester,
  RequestSpec,
} from "./contract";
import {
  AbortError,
  ApiError,
  ConnectionError,
  InputValidationError,
  PaginationError,
  type ResponseHeaders,
  type ResponseIssue,
  ResponseTooLargeError,
  ResponseValidationError,
  ServersComError,
  TimeoutError,
} from "./errors";
import { checkPage, checkPerPage } from "./limits";
import {
  type ListBounds,
  ListPagePromise,
  listBoundsOf,
  parseLinkHeader,
  type RawPage,
} from "./pagination";
import {
  BudgetWaitError,
  isBackground,
  RateLimiter,
  type RateLimitOptions,
  type RequestPriority,
} from "./rate-limit";
import { registerSecret } from "./redact";
import {
  DEFAULT_MAX_RETRIES,
  defaultSleep,
  type RetryTuning,
  retryAfterMs,
  withRetries,
} from "./retry";

export type { ListBounds } from "./pagination";
export type { RateLimitOptions } from "./rate-limit";
export type { RetryTuning } from "./retry";

export interface ClientOptions {
  /** API token; falls back to SERVERSCOM_API_TOKEN. */
  readonly token?: string;
  /** Endpoint with or without /v1; falls back to SERVERSCOM_API_URL, then https://api.servers.com. */
  readonly baseUrl?: string;
  /** Replaces the default `pulumi-serverscom/<version>`. */
  readonly userAgent?: string;
  /** Per-request timeout (each attempt, body included); default 60 s. */
  readonly timeoutMs?: number;
  /** Resends of a retryable failure; default 3. */
  readonly maxRetries?: number;
  /** A dispatcher (for example undici's MockAgent); the client never closes one it was given. */
  readonly dispatcher?: Dispatcher;
  readonly retry?: RetryTuning;
  /** Largest response body read, in bytes; default 16 MiB (DEFAULT_MAX_RESPONSE_BYTES). */
  readonly maxResponseBytes?: number;
  /** Pages and items one list call may read; defaults in pagination.ts. */
  readonly listBounds?: ListBounds;
  /**
   * The client's request budget (rate-limit.ts): learnt from the API's X-RateLimit-* headers and
   * 429s, capped by these options; `false` sends every request at once. Its clock is `retry`'s.
   */
  readonly rateLimit?: RateLimitOptions | false;
  /**
   * What an API error should also tell its reader, appended to its message in parentheses (the
   * provider names where the token comes from on a 401 or 403); undefined adds nothing.
   */
  readonly errorHint?: (error: ApiError) => string | undefined;
}

export const DEFAULT_BASE_URL = "https://api.servers.com";
export const DEFAULT_TIMEOUT_MS = 60_000;
/**
 * The largest response body the client reads: 16 MiB. The largest real answer is a list page of
 * 100 items (api-spec.md, Limits). The largest record among the Go client's wire examples is under
 * 1 KB (a Kubernetes baremetal node), so a full page is about 100 KB; even records carrying 24 KB
 * of labels each make a 2.4 MB page. 16 MiB is over six times that, and stops a runaway body (a
 * captive portal's download, a broken server) long before it costs real memory.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** Of an error body only the start is kept: its message and fields; a proxy page is cut here. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;
/** Decodes whole bodies only (no `stream` option), so one decoder serves every request. */
const UTF8 = new TextDecoder("utf-8");

let packageVersion: string | undefined;

// The version goes into User-Agent. It is read from package.json at run time because the
// compiled file sits one directory deeper (dist/sdk/core) than its source (sdk/core).
function readPackageVersion(): string {
  if (packageVersion !== undefined) return packageVersion;
  packageVersion = "unknown";
  for (let dir = __dirname, up = 0; up < 6; dir = dirname(dir), up += 1) {
    const file = join(dir, "package.json");
    if (!existsSync(file)) continue;
    const pkg: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (typeof pkg === "object" && pkg !== null && "name" in pkg && "version" in pkg) {
      if (pkg.name === "pulumi-serverscom" && typeof pkg.version === "string") {
        packageVersion = pkg.version;
        break;
      }
    }
  }
  return packageVersion;
}

/**
 * The API root (ending in /v1) for a configured endpoint. Both `https://api.servers.com` and
 * the Terraform provider's `https://api.servers.com/v1` are accepted (wire-notes.md), with or
 * without a trailing slash; a path prefix before /v1 (a proxy) is kept.
 */
export function apiRootOf(baseUrl: string): URL {
  const url = URL.canParse(baseUrl) ? new URL(baseUrl) : undefined;
  // The value itself is not echoed: a URL may carry credentials (user:password@host).
  if (url === undefined) {
    throw new InputValidationError("baseUrl", "must be an absolute http or https URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new InputValidationError(
      "baseUrl",
      `must be an http or https URL (got the scheme "${url.protocol}")`,
    );
  }
  if (url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "") {
    throw new InputValidationError(
      "baseUrl",
      "must not carry a query, a fragment or credentials (the token goes in the `token` option)",
    );
  }
  let pathname = url.pathname;
  while (pathname.endsWith("/")) pathname = pathname.slice(0, -1);
  if (pathname.endsWith("/v1")) pathname = pathname.slice(0, -3);
  url.pathname = `${pathname}/v1`;
  return url;
}

function checkPositive(value: number, field: string): void {
  if (!Number.isFinite(value) || value <= 0) {
    throw new InputValidationError(
      field,
      `must be a positive number of milliseconds (got ${value})`,
    );
  }
}

function checkRetries(value: number, field: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new InputValidationError(field, `must be a whole number, 0 or more (got ${value})`);
  }
}

// A page number given as text ("2") is accepted; `true` is not a page number, whatever
// Number(true) says.
function asNumber(value: string | number | boolean): number {
  if (typeof value === "number") return value;
  return typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
}

function normaliseHeaders(raw: Record<string, string | string[] | undefined>): ResponseHeaders {
  const headers: Record<string, string> = {};
  for (const name in raw) {
    const value = raw[name];
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

/** A non-2xx body: JSON when it parses (the API's `{code, message}`), else the text itself. */
function parseErrorBody(text: string): unknown {
  if (text === "") return text;
  try {
    return JSON.parse(text);
  } catch (error) {
    // The documented case: a proxy's HTML error page. Its text is the best we have.
    if (error instanceof SyntaxError) return text;
    throw error;
  }
}

/** A 2xx response, its body read (or discarded). */
interface Exchange {
  readonly status: number;
  readonly headers: ResponseHeaders;
  readonly text: string;
  /** The request target (path and query), for messages. */
  readonly target: string;
  /** The whole URL, to resolve relative links against. */
  readonly url: string;
}

interface Call {
  readonly method: HttpMethod;
  /** Path and query below the origin, such as /v1/hosts?page=2. */
  readonly target: string;
  readonly body: string | undefined;
  /** False when the response body is to be discarded (requestEmpty). */
  readonly readBody: boolean;
}

function issuePath(prefix: string, path: ReadonlyArray<PropertyKey>): string {
  return [prefix, ...path.map((key) => String(key))].filter((part) => part !== "").join(".");
}

/**
 * The servers.com API client's transport. One undici Agent (keep-alive) per client, unless a
 * dispatcher is given; `close()` releases the Agent it created.
 */
export class HttpClient implements Requester {
  /** The API root, ending in /v1. */
  readonly apiRoot: string;
  readonly #origin: string;
  /** Path of the API root, such as "/v1" (or "/proxy/v1"). */
  readonly #rootPath: string;
  readonly #headers: Readonly<Record<string, string>>;
  readonly #bodyHeaders: Readonly<Record<string, string>>;
  readonly #dispatcher: Dispatcher;
  readonly #ownAgent: Agent | undefined;
  readonly #timeoutMs: number;
  readonly #maxRetries: number;
  readonly #retry: RetryTuning;
  readonly #maxResponseBytes: number;
  readonly #errorHint: ((error: ApiError) => string | undefined) | undefined;
  readonly #listBounds: Required<ListBounds>;
  readonly #limiter: RateLimiter | undefined;

  constructor(options: ClientOptions = {}) {
    const token = options.token ?? process.env.SERVERSCOM_API_TOKEN;
    if (token === undefined || token.trim() === "") {
      throw new ServersComError(
        "no servers.com API token: pass the `token` option or set the SERVERSCOM_API_TOKEN environment variable",
      );
    }
    const envUrl = process.env.SERVERSCOM_API_URL;
    const baseUrl =
      options.baseUrl ?? (envUrl === undefined || envUrl === "" ? DEFAULT_BASE_URL : envUrl);
    const root = apiRootOf(baseUrl);
    this.apiRoot = root.href;
    this.#origin = root.origin;
    this.#rootPath = root.pathname;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    checkPositive(this.#timeoutMs, "timeoutMs");
    this.#maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    checkRetries(this.#maxRetries, "maxRetries");
    this.#retry = options.retry ?? {};
    this.#maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.#errorHint = options.errorHint;
    if (!Number.isSafeInteger(this.#maxResponseBytes) || this.#maxResponseBytes < 1) {
      throw new InputValidationError(
        "maxResponseBytes",
        "must be a whole number of bytes, at least 1",
      );
    }
    this.#listBounds = listBoundsOf(options.listBounds);
    const retry = this.#retry;
    this.#limiter =
      options.rateLimit === false
        ? undefined
        : new RateLimiter(
            {
              now: () => retry.now?.() ?? Date.now(),
              sleep: (ms, signal) => (retry.sleep ?? defaultSleep)(ms, signal),
            },
            options.rateLimit,
          );
    // From here on the token reads as [REDACTED] in every error, whatever the server echoes.
    registerSecret(token);
    this.#headers = {
      authorization: `Bearer ${token}`,
      accept: "application/json",
      "user-agent": options.userAgent ?? `pulumi-serverscom/${readPackageVersion()}`,
    };
    this.#bodyHeaders = { ...this.#headers, "content-type": "application/json" };
    this.#ownAgent = options.dispatcher === undefined ? new Agent() : undefined;
    this.#dispatcher = options.dispatcher ?? (this.#ownAgent as Agent);
  }

  async request<T>(spec: RequestSpec<T>, options?: CallOptions): Promise<T> {
    const exchange = await this.#send(this.#call(spec, true), options);
    return this.#parse(exchange, spec.method, spec.schema, "", spec.format);
  }

  async requestEmpty(spec: EmptyRequestSpec, options?: CallOptions): Promise<void> {
    await this.#send(this.#call(spec, false), options);
  }

  list<T>(
    path: string,
    query: Query,
    itemSchema: z.ZodType<T>,
    options?: CallOptions,
  ): PagePromise<T> {
    // Checked now, so a bad perPage fails at the call rather than at the first `await`.
    const first = this.#target(path, query);
    const schema = z.array(itemSchema);
    // The list's name in a PaginationError: its path, without the query.
    const name = `GET ${first.split("?")[0]}`;
    return new ListPagePromise<T>(
      (link, callOptions) =>
        this.#fetchPage(
          link === undefined ? first : this.#linkTarget(name, link),
          schema,
          callOptions,
        ),
      options,
      { list: name, ...this.#listBounds },
    );
  }

  /** Closes the Agent this client created; a dispatcher passed in stays open. */
  async close(): Promise<void> {
    await this.#ownAgent?.close();
  }

  #call(spec: EmptyRequestSpec, readBody: boolean): Call {
    return {
      method: spec.method,
      target: this.#target(spec.path, spec.query),
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      readBody,
    };
  }

  /** The request target below the origin: root path, the area's path, the query. */
  #target(path: string, query: Query | undefined): string {
    const base = this.#rootPath + (path.startsWith("/") ? path : `/${path}`);
    if (query === undefined) return base;
    let search = "";
    for (const key in query) {
      const value = query[key];
      if (value === undefined || value === null) continue;
      if (key === "per_page") checkPerPage(asNumber(value));
      if (key === "page") checkPage(asNumber(value));
      // encodeURIComponent rather than URLSearchParams: "%20" reads the same to every server,
      // "+" only to those that decode forms.
      search += `${search === "" ? "?" : "&"}${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`;
    }
    return base + search;
  }

  /**
   * The target of a page URL from a Link header. It carries the token when followed, so it
   * must stay on the configured origin and below the API root.
   */
  #linkTarget(list: string, link: string): string {
    const url = URL.canParse(link) ? new URL(link) : undefined;
    if (
      url === undefined ||
      url.origin !== this.#origin ||
      !url.pathname.startsWith(`${this.#rootPath}/`)
    ) {
      throw new PaginationError(
        list,
        `links must stay below ${this.apiRoot}`,
        `refusing to follow a pagination link elsewhere: ${link.slice(0, 200)}`,
      );
    }
    return `${url.pathname}${url.search}`;
  }

  async #fetchPage<T>(
    target: string,
    schema: z.ZodType<T[]>,
    options: CallOptions | undefined,
  ): Promise<RawPage<T>> {
    const exchange = await this.#send(
      { method: "GET", target, body: undefined, readBody: true },
      options,
    );
    const items = this.#parse(exchange, "GET", schema, "items");
    const links: Record<string, string> = {};
    const header = exchange.headers.link;
    if (header !== undefined) {
      for (const [rel, link] of Object.entries(parseLinkHeader(header))) {
        // Relative links are resolved against the request, as RFC 8288 says.
        links[rel] = URL.canParse(link, exchange.url) ? new URL(link, exchange.url).href : link;
      }
    }
    const totalText = exchange.headers["x-total"]?.trim();
    const total =
      totalText !== undefined && /^\d{1,15}$/.test(totalText) ? Number(totalText) : undefined;
    return { items, links, total };
  }

  #send(call: Call, options: CallOptions | undefined): Promise<Exchange> {
    const maxRetries = options?.maxRetries ?? this.#maxRetries;
    checkRetries(maxRetries, "maxRetries");
    const timeoutMs = options?.timeoutMs ?? this.#timeoutMs;
    checkPositive(timeoutMs, "timeoutMs");
    const policy = {
      method: call.method,
      path: call.target,
      maxRetries,
      signal: options?.signal,
      tuning: this.#retry,
    };
    // A wait's poll or a refresh's read (marked background) yields to creates and updates.
    const priority: RequestPriority =
      call.method === "GET" && (options?.background ?? isBackground())
        ? "background"
        : "foreground";
    let attempts = 0;
    return withRetries(policy, () =>
      this.#attempt(call, timeoutMs, options?.signal, priority, attempts++ > 0),
    );
  }

  async #attempt(
    call: Call,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    priority: RequestPriority,
    retry: boolean,
  ): Promise<Exchange> {
    const { method, target } = call;
    if (signal?.aborted) throw new AbortError(method, target, signal.reason);
    const turn = this.#limiter?.acquire(priority, signal, retry);
    if (turn !== undefined) {
      try {
        await turn;
      } catch (error) {
        // A wait for the budget longer than allowed: its own error, naming the rate limit.
        if (error instanceof BudgetWaitError) {
          throw new BudgetWaitError(error.waitMs, error.reason, error.bound, `${method} ${target}`);
        }
        throw new AbortError(method, target, error);
      }
    }
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const combined =
      signal === undefined ? timeout.signal : AbortSignal.any([signal, timeout.signal]);
    try {
      // The dispatcher's own `request` is what undici.request calls after parsing a URL string;
      // with origin and path kept apart already, calling it directly saves that per request.
      const response = await this.#dispatcher.request({
        origin: this.#origin,
        path: target,
        method,
        headers: call.body === undefined ? this.#headers : this.#bodyHeaders,
        body: call.body ?? null,
        signal: combined,
      });
      const status = response.statusCode;
      const responseHeaders = normaliseHeaders(response.headers);
      const url = this.#origin + target;
      const now = this.#retry.now?.() ?? Date.now();
      const serverWaitMs = status >= 400 ? retryAfterMs(responseHeaders, status, now) : undefined;
      this.#limiter?.observe(status, responseHeaders, serverWaitMs);
      if (status >= 200 && status <= 299) {
        // An unread body would hold the connection: read it, or dump it when it is ignored.
        if (!call.readBody) {
          await response.body.dump();
          return { status, headers: responseHeaders, text: "", target, url };
        }
        const text = await this.#readBody(response, method, target, this.#maxResponseBytes, true);
        return { status, headers: responseHeaders, text, target, url };
      }
      // Only the start of an error body is read: the rest is not worth the memory.
      const text = await this.#readBody(response, method, target, MAX_ERROR_BODY_BYTES, false);
      const error = ApiError.from({
        status,
        method,
        path: target,
        headers: responseHeaders,
        body: parseErrorBody(text),
        retryAfterMs: serverWaitMs,
      });
      // The hint is the caller's own text, added after the message was cleaned.
      const hint = this.#errorHint?.(error);
      if (hint !== undefined && !error.message.includes(hint)) {
        error.message = `${error.message} (${hint})`;
      }
      throw error;
    } catch (error) {
      if (error instanceof ServersComError) throw error;
      if (signal?.aborted) throw new AbortError(method, target, signal.reason);
      if (timeout.signal.aborted) throw new TimeoutError(method, target, timeoutMs);
      throw new ConnectionError(method, target, error);
    } finally {
      clearTimeout(timer);
    }
  }
  /**
   * The body as text, read chunk by chunk up to `limit` bytes. Past it, a 2xx body fails with
   * ResponseTooLargeError (the answer cannot be used), an error body is cut there (its start
   * says what went wrong); either way the rest is not read and the connection is dropped.
   */
  async #readBody(
    response: Dispatcher.ResponseData,
    method: HttpMethod,
    target: string,
    limit: number,
    whole: boolean,
  ): Promise<string> {
    const declaredText = response.headers["content-length"];
    const declared = typeof declaredText === "string" ? Number(declaredText) : Number.NaN;
    if (whole && Number.isSafeInteger(declared) && declared > limit) {
      response.body.destroy();
      throw new ResponseTooLargeError(method, target, limit, declared, true);
    }
    // A declared length within the limit bounds the body already: HTTP/1.1 framing reads exactly
    // that many bytes, never more. undici's own reader is then the cheaper path (the chunk loop
    // below, with its async iterator and copies, was a tenth of the client's own time per
    // request, bench/overhead.mjs).
    if (Number.isSafeInteger(declared) && declared >= 0 && declared <= limit) {
      return response.body.text();
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of response.body) {
      const buffer = chunk as Buffer;
      if (bytes + buffer.length > limit) {
        response.body.destroy();
        if (whole)
          throw new ResponseTooLargeError(method, target, limit, bytes + buffer.length, false);
        chunks.push(buffer.subarray(0, limit - bytes));
        // The cut may fall inside an echoed token, which redaction would then not recognise:
        // the credential-like run of characters the cut ends in is dropped too.
        const cut = UTF8.decode(Buffer.concat(chunks));
        return `${cut.replace(/[A-Za-z0-9\-._~+/=%]+$/, "")}...`;
      }
      bytes += buffer.length;
      chunks.push(buffer);
    }
    return UTF8.decode(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
  }

  #parse<T>(
    exchange: Exchange,
    method: HttpMethod,
    schema: z.ZodType<T>,
    prefix: string,
    format: "json" | "text" = "json",
  ): T {
    let value: unknown = format === "text" ? exchange.text : undefined;
    if (format === "json" && exchange.text !== "") {
      try {
        value = JSON.parse(exchange.text);
      } catch (error) {
        if (!(error instanceof SyntaxError)) throw error;
        throw invalidResponse(exchange, method, "", [
          { path: "", message: `the body is not JSON (${error.message})` },
        ]);
      }
    }
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    const issues = result.error.issues.map((issue) => ({
      path: issuePath(prefix, issue.path),
      message: issue.message,
    }));
    throw invalidResponse(exchange, method, issues[0]?.path ?? "", issues);
  }
}

function invalidResponse(
  exchange: Exchange,
  method: HttpMethod,
  field: string,
  issues: ResponseIssue[],
): ResponseValidationError {
  return new ResponseValidationError({
    status: exchange.status,
    method,
    path: exchange.target,
    field,
    issues,
    body: exchange.text,
  });
}
