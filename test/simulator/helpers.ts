// Raw-HTTP access to a simulator for the conformance suites: no SDK in between, so a mistake in
// the client cannot hide behind the same mistake in the server. Used by every simulator suite:
// keep this API stable.
import { Agent, request } from "undici";
import { afterAll, beforeAll } from "vitest";
import {
  type Simulator,
  type SimulatorControl,
  type SimulatorOptions,
  startSimulator,
} from "../../simulator";

/** A fixed start, so timestamps in assertions are known: 2026-01-05T10:00:00.000Z. */
export const TEST_START_TIME = Date.parse("2026-01-05T10:00:00.000Z");
export const TEST_TOKEN = "test-token";

export interface RawResponse<T> {
  readonly status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  /** Parsed JSON, or the text when the body is not JSON, or undefined when empty (204). */
  readonly body: T;
}

export interface RequestOptions {
  /** Another token; null sends no Authorization header at all. */
  readonly token?: string | null;
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent as is instead of JSON.stringify(body) (for malformed JSON). */
  readonly rawBody?: string;
}

/** The error body of api-spec.md ("Errors"). */
export interface ApiErrorBody {
  readonly code: string;
  readonly message: string;
  readonly errors?: Readonly<Record<string, string>>;
  readonly params?: readonly string[];
}

export type Labels = Readonly<Record<string, string>>;

export interface TestSimulator {
  readonly sim: Simulator;
  readonly url: string;
  readonly token: string;
  readonly control: SimulatorControl;
  /**
   * One HTTP request; `path` starts with /v1 or /_simulator. The body type is the caller's claim
   * (T), not checked: assertions check it. Rejects only when the connection fails.
   */
  req<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<RawResponse<T>>;
  /** Simulated time forward by `ms` (the advance hook). */
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A simulator for tests: speed 0 (time moves only with `advance`), a fixed start time and the
 * token "test-token" unless the options say otherwise.
 */
export async function startTestSimulator(options: SimulatorOptions = {}): Promise<TestSimulator> {
  const sim = await startSimulator({
    speed: 0,
    startTime: TEST_START_TIME,
    token: TEST_TOKEN,
    ...options,
  });
  // Own agent: closing it after the simulator leaves no sockets behind between suites.
  const agent = new Agent({ keepAliveTimeout: 1000 });
  const req = async <T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<RawResponse<T>> => {
    const token = options.token === undefined ? sim.token : options.token;
    const text = options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    const response = await request(`${sim.url}${path}`, {
      method: method as "GET",
      dispatcher: agent,
      headers: {
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...(text === undefined ? {} : { "content-type": "application/json" }),
        ...options.headers,
      },
      ...(text === undefined ? {} : { body: text }),
    });
    const raw = await response.body.text();
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
    }
    let parsed: unknown;
    if (raw !== "") {
      try {
        parsed = JSON.parse(raw);
      } catch (error) {
        if (!(error instanceof SyntaxError)) throw error;
        parsed = raw;
      }
    }
    return { status: response.statusCode, headers, body: parsed as T };
  };
  return {
    sim,
    url: sim.url,
    token: sim.token,
    control: sim.control,
    req,
    advance: async (ms) => {
      await sim.control.advance(ms);
    },
    close: async () => {
      await sim.close();
      await agent.close();
    },
  };
}

/**
 * One simulator per describe/file: started in beforeAll, closed in afterAll. Read it inside
 * tests through the returned getter (it does not exist before beforeAll runs).
 */
export function useTestSimulator(options: SimulatorOptions = {}): () => TestSimulator {
  let current: TestSimulator | undefined;
  beforeAll(async () => {
    current = await startTestSimulator(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return () => {
    if (current === undefined) throw new Error("the test simulator starts in beforeAll");
    return current;
  };
}

/** The Link header as rel -> URL. */
export function parseLinks(header: string | undefined): Record<string, string> {
  const links: Record<string, string> = {};
  for (const part of (header ?? "").split(",")) {
    const match = /<([^>]*)>\s*;\s*rel="([^"]*)"/.exec(part);
    if (match?.[1] !== undefined && match[2] !== undefined) links[match[2]] = match[1];
  }
  return links;
}

/** Page and per_page of a Link URL, as numbers. */
export function pageOf(url: string | undefined): { page: number; perPage: number } | undefined {
  if (url === undefined) return undefined;
  const q = new URL(url).searchParams;
  return { page: Number(q.get("page")), perPage: Number(q.get("per_page")) };
}
