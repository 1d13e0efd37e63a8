// The contract between the transport (sdk/core) and the API areas (sdk/areas).
// Areas depend only on these types and helpers, never on the transport's internals,
// so every area module is written the same way against one small interface.
import type { z } from "zod";
import { InputValidationError } from "./errors";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export type QueryValue = string | number | boolean | null | undefined;
/** Query parameters exactly as on the wire (snake_case keys). Null and undefined are dropped. */
export type Query = Readonly<Record<string, QueryValue>>;

/** Per-call options accepted by every verb of every area. */
export interface CallOptions {
  /** Aborts the call (and any retry wait) when signalled. */
  readonly signal?: AbortSignal;
  /** Overrides the client's per-request timeout. */
  readonly timeoutMs?: number;
  /** Overrides the client's retry budget for this call (0 disables retries). */
  readonly maxRetries?: number;
  /**
   * A GET nobody waits on right now (a wait's poll, a refresh's read): it leaves a share of the
   * rate-limit budget to other requests and goes after them (rate-limit.ts). Ignored on writes.
   */
  readonly background?: boolean;
}

export interface RequestSpec<T> {
  readonly method: HttpMethod;
  /** Path below /v1, built with `path` so every segment is percent-encoded. */
  readonly path: string;
  readonly query?: Query;
  /** JSON body; omitted when undefined. */
  readonly body?: unknown;
  /** Parses the response body. A mismatch becomes a ResponseValidationError. */
  readonly schema: z.ZodType<T>;
  /**
   * How the body reaches the schema: parsed as JSON (the default), or as its text (the metrics
   * endpoints answer Prometheus text exposition, Go `ListHostsMetrics` returns the body as a string).
   */
  readonly format?: "json" | "text";
}

/** A request whose response body is ignored (204, or a body the API does not document). */
export type EmptyRequestSpec = Omit<RequestSpec<never>, "schema">;

/** Standard list parameters of api-spec.md, in camelCase; areas add their own filters. */
export interface ListOptions {
  readonly searchPattern?: string;
  /** A label selector string; build one with `labelSelector()` from the SDK's labels module. */
  readonly labelSelector?: string;
  /** 1 to 100 (checked before sending). */
  readonly perPage?: number;
  /** At least 1 (checked before sending). */
  readonly page?: number;
  readonly sorting?: string;
  readonly direction?: "ASC" | "DESC";
}

export interface PageLinks {
  readonly next?: string;
  readonly prev?: string;
  readonly first?: string;
  readonly last?: string;
}

/** One page of a list response. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly links: PageLinks;
  /** X-Total when the service sent it; never required. */
  readonly total: number | undefined;
  /** The page after this one, or null on the last page. */
  nextPage(options?: CallOptions): Promise<Page<T>> | null;
}

export interface ToArrayOptions {
  /** Stop after this many items (required bound: collecting without one is a bug). */
  readonly limit: number;
  /** Pages fetched at once when rel="last" is known; default 4. */
  readonly concurrency?: number;
}

/**
 * What a list call returns: `await` gives the first page, `for await` gives every item across
 * pages (following Link rel="next"), `toArray({ limit })` collects a bounded number of items.
 */
export interface PagePromise<T> extends Promise<Page<T>>, AsyncIterable<T> {
  toArray(options: ToArrayOptions): Promise<T[]>;
}

/** The transport as the areas see it. */
export interface Requester {
  request<T>(spec: RequestSpec<T>, options?: CallOptions): Promise<T>;
  requestEmpty(spec: EmptyRequestSpec, options?: CallOptions): Promise<void>;
  list<T>(
    path: string,
    query: Query,
    itemSchema: z.ZodType<T>,
    options?: CallOptions,
  ): PagePromise<T>;
}

/** A segment that, once decoded (by a proxy, perhaps twice), reads as "." or "..". */
function isDotSegment(text: string): boolean {
  let decoded = text;
  for (let round = 0; round < 3; round += 1) {
    if (decoded === "." || decoded === "..") return true;
    const next = decoded.replace(/%2e/gi, ".").replace(/%25/g, "%");
    if (next === decoded) return false;
    decoded = next;
  }
  return decoded === "." || decoded === "..";
}

/**
 * Builds a path below /v1 from a template, percent-encoding every interpolated segment.
 * An empty segment would silently address a different resource (`/hosts//x`), and so would a
 * dot segment: `.` and `..` are not encoded by encodeURIComponent, and a proxy that normalises
 * them turns `/sbm_servers/Sb1/ptr_records/..` into the server itself. Both throw the SDK's
 * InputValidationError, before any request.
 *
 *   path`/hosts/dedicated_servers/${id}/features/${name}/activate`
 */
export function path(strings: TemplateStringsArray, ...segments: ReadonlyArray<string | number>) {
  let out = strings[0] ?? "";
  segments.forEach((segment, index) => {
    const text = String(segment);
    const where = `path segment ${index + 1} of "${strings.join("{}")}"`;
    if (text.length === 0) {
      throw new InputValidationError(where, "is empty: an id is required");
    }
    if (isDotSegment(text)) {
      throw new InputValidationError(
        where,
        `must not be a dot segment ("." or "..", however encoded): got ${JSON.stringify(text)}`,
      );
    }
    out += encodeURIComponent(text) + (strings[index + 1] ?? "");
  });
  return out;
}

function toSnakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * Converts camelCase list options (standard and area-specific filters) into the wire's
 * snake_case query. Range checks of perPage and page happen in the transport.
 */
export function toWireQuery(options: object | undefined): Query {
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(options ?? {})) {
    if (value === undefined || value === null) continue;
    query[toSnakeCase(key)] = value as QueryValue;
  }
  return query;
}
