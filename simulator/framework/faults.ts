// Fault injection: latency, 5xx answers, 429 rate limits, dropped connections (before or after
// the change is applied), transitions held, each for all requests or only some methods and paths. Decisions come from a small seeded PRNG, so a run with a seed injects
// the same faults into the same sequence of requests every time.

export type FaultKind =
  | "latency"
  | "error5xx"
  | "rateLimit"
  | "dropConnection"
  | "dropResponseAfterApply"
  /**
   * The request is answered at once with a gateway's 504 (or `status`), or its connection is
   * dropped when `status` is 0, and applied `delayMs` later: an API that commits an order after
   * the gateway gave up on it (issue 12, item 2). For changes (POST, PUT, DELETE).
   */
  | "lateCommit"
  /**
   * The caller's change is never applied; instead the same request, without its labels, is
   * applied as another program's, and the caller gets a gateway's 504 (or `status`): an
   * identical foreign object appears while the caller cannot know its own fate (issue 25, item
   * 2). For creates (POST). Where the request had labels, the twin carries only
   * `simulator/foreign-twin: "true"` (server.ts, FOREIGN_TWIN_LABEL); every record the twin's
   * order made carries the internal field `_foreign_twin` (FOREIGN_TWIN_FIELD), labels or none.
   */
  | "foreignTwin"
  /**
   * The answer carries the rule's `headers` as they are: the rate-limit headers of a broken or
   * hostile server (a window reset a day away, negative or garbage counts, a Retry-After of a
   * day, a negative or unreadable one; issue 25, item 5). With `status` 429 the request is refused
   * with them and not applied; without, it is handled as usual and its answer carries them.
   */
  | "rateLimitHeaders"
  /**
   * The request is handled as usual, but the transitions it starts stay where they are until the
   * faults change (setFaults, which releases them; they then take the time they had left): an
   * order the API accepted and does not go on with, so a create's wait for it times out however
   * fast the clock runs or however loaded the machine is, and no other record is held. For
   * changes applied at once (not with lateCommit or foreignTwin). Chosen apart from the other
   * kinds, like latency: a request can be held and get another fault.
   */
  | "holdTransitions";

/** Real milliseconds: a fixed value or a uniform [min, max]. */
export type Delay = number | readonly [number, number];

export interface FaultRule {
  readonly kind: FaultKind;
  /** Chance from 0 to 1 that a matching request gets the fault. */
  readonly probability: number;
  /** Only this method (any case); all methods when absent. */
  readonly method?: string;
  /**
   * Only these paths (without the query): a glob where `*` is any characters but "/" and `**` is
   * any characters ("/v1/hosts/*"), or a regular expression when the text starts with "^".
   */
  readonly path?: string;
  /** The status of error5xx (500 to 599); default 503. Of lateCommit: 504, or 0 to drop. */
  readonly status?: number;
  /** The Retry-After of rateLimit, in seconds; default 1. */
  readonly retryAfterSeconds?: number;
  /** The headers of a rateLimitHeaders rule (required there): names and values as sent. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Fires at most this many times; unlimited when absent. */
  readonly times?: number;
  /**
   * The delay of a latency rule (required there): added before the request is handled. Of a
   * lateCommit rule (required there too): from the answer to the change being applied.
   */
  readonly delayMs?: Delay;
}

export interface FaultOptions {
  /** Added to every /v1 request; a latency rule adds delay to some methods or paths only. */
  readonly latencyMs?: Delay;
  /** PRNG seed; a random one when absent. */
  readonly seed?: number;
  /**
   * Checked in order. The first latency rule that matches and fires adds its delay; then the
   * first other rule that matches and fires decides the answer; for a request applied at once,
   * the first holdTransitions rule that matches and fires holds what it starts.
   */
  readonly rules?: readonly FaultRule[];
}

const KINDS: readonly FaultKind[] = [
  "latency",
  "error5xx",
  "rateLimit",
  "dropConnection",
  "dropResponseAfterApply",
  "lateCommit",
  "foreignTwin",
  "rateLimitHeaders",
  "holdTransitions",
];

/** The kinds chosen apart from the one that decides the answer. */
const APART: readonly FaultKind[] = ["latency", "holdTransitions"];

/** mulberry32: tiny, fast and good enough for choosing faults; not for anything secret. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A quantified group that holds a quantifier ("(a+)+", "(.*)*", "(x|y*){2,}"): such a regular
 * expression can take exponential time on a non-matching path, and every request of every client
 * of a shared simulator goes through it.
 */
const NESTED_QUANTIFIER = /\([^()]*[+*}][^()]*\)\s*[+*{]/;

function pathMatcher(path: string): RegExp {
  if (path.startsWith("^")) {
    if (NESTED_QUANTIFIER.test(path)) {
      throw new RangeError(
        "a quantified group holding a quantifier can backtrack for seconds on every request: " +
          "write the pattern without one (a glob such as /v1/hosts/** is often enough)",
      );
    }
    return new RegExp(path);
  }
  const body = path
    .split("**")
    .map((part) => part.split("*").map(escapeRegExp).join("[^/]*"))
    .join(".*");
  return new RegExp(`^${body}$`);
}

/** Throws a RangeError naming the first bad setting (options come from a command line or JSON). */
export function validateFaultOptions(options: unknown): FaultOptions {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new RangeError("faults must be an object { latencyMs?, seed?, rules? }");
  }
  const o = options as Record<string, unknown>;
  if (o.latencyMs !== undefined && !isDelay(o.latencyMs)) {
    throw new RangeError("faults.latencyMs must be milliseconds >= 0 or [min, max]");
  }
  if (o.seed !== undefined && !Number.isInteger(o.seed))
    throw new RangeError("faults.seed must be an integer");
  if (o.rules !== undefined && !Array.isArray(o.rules))
    throw new RangeError("faults.rules must be an array");
  for (const [i, rule] of ((o.rules ?? []) as unknown[]).entries()) {
    const at = `faults.rules[${i}]`;
    if (typeof rule !== "object" || rule === null) throw new RangeError(`${at} must be an object`);
    const r = rule as Record<string, unknown>;
    if (!KINDS.includes(r.kind as FaultKind))
      throw new RangeError(`${at}.kind must be one of ${KINDS.join(", ")}`);
    if (typeof r.probability !== "number" || !(r.probability >= 0 && r.probability <= 1)) {
      throw new RangeError(`${at}.probability must be a number from 0 to 1`);
    }
    if (r.method !== undefined && typeof r.method !== "string")
      throw new RangeError(`${at}.method must be a string`);
    if (r.path !== undefined) {
      if (typeof r.path !== "string") throw new RangeError(`${at}.path must be a string`);
      try {
        pathMatcher(r.path);
      } catch (error) {
        throw new RangeError(`${at}.path is not a valid pattern: ${String(error)}`);
      }
    }
    if (r.kind === "rateLimitHeaders") {
      if (r.status !== undefined && r.status !== 429) {
        throw new RangeError(`${at}.status of rateLimitHeaders must be 429 or absent`);
      }
      checkHeaders(r.headers, at);
    } else if (
      r.status !== undefined &&
      !(r.kind === "lateCommit" && r.status === 0) &&
      !(Number.isInteger(r.status) && (r.status as number) >= 500 && (r.status as number) <= 599)
    ) {
      throw new RangeError(`${at}.status must be an integer from 500 to 599`);
    }
    if (
      r.retryAfterSeconds !== undefined &&
      !(Number.isInteger(r.retryAfterSeconds) && (r.retryAfterSeconds as number) >= 0)
    ) {
      throw new RangeError(`${at}.retryAfterSeconds must be an integer >= 0`);
    }
    if (r.times !== undefined && !(Number.isInteger(r.times) && (r.times as number) >= 0)) {
      throw new RangeError(`${at}.times must be an integer >= 0`);
    }
    if (
      (r.kind === "latency" || r.kind === "lateCommit" || r.delayMs !== undefined) &&
      !isDelay(r.delayMs)
    ) {
      throw new RangeError(`${at}.delayMs must be milliseconds >= 0 or [min, max]`);
    }
  }
  return o as FaultOptions;
}

/** Header names as HTTP allows them; values of one line (any text: hostile on purpose). */
function checkHeaders(headers: unknown, at: string): void {
  if (typeof headers !== "object" || headers === null || Array.isArray(headers)) {
    throw new RangeError(`${at}.headers must be an object of header names and values`);
  }
  const entries = Object.entries(headers);
  if (entries.length === 0) throw new RangeError(`${at}.headers must name at least one header`);
  for (const [name, value] of entries) {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(name)) {
      throw new RangeError(`${at}.headers: ${JSON.stringify(name)} is not a header name`);
    }
    if (typeof value !== "string" || value.length > 200 || /[\r\n\0]/.test(value)) {
      throw new RangeError(
        `${at}.headers.${name} must be a string of one line, at most 200 characters`,
      );
    }
  }
}

function isMs(value: unknown): boolean {
  return typeof value === "number" && Number.isFinite(value) && value >= 0;
}

function isDelay(value: unknown): value is Delay {
  if (isMs(value)) return true;
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    value.every(isMs) &&
    (value[0] as number) <= (value[1] as number)
  );
}

interface ActiveRule {
  readonly rule: FaultRule;
  readonly method: string | undefined;
  readonly path: RegExp | undefined;
  fired: number;
}

export class FaultInjector {
  private readonly random: () => number;
  private readonly rules: ActiveRule[];
  private readonly latency: FaultOptions["latencyMs"];

  constructor(options: FaultOptions = {}) {
    validateFaultOptions(options);
    this.random = seededRandom(options.seed ?? Math.floor(Math.random() * 2 ** 32));
    this.latency = options.latencyMs;
    this.rules = (options.rules ?? []).map((rule) => ({
      rule,
      method: rule.method?.toUpperCase(),
      path: rule.path === undefined ? undefined : pathMatcher(rule.path),
      fired: 0,
    }));
  }

  /** Real milliseconds to wait before handling the request: the global latency plus a rule's. */
  latencyMs(method = "", path = ""): number {
    const rule = this.fire(method, path, (kind) => kind === "latency");
    return this.draw(this.latency) + this.draw(rule?.delayMs);
  }

  /** The fault this request gets, if any. Each matching rule draws once, in order. */
  decide(method: string, path: string): FaultRule | undefined {
    return this.fire(method, path, (kind) => !APART.includes(kind));
  }

  /** Whether the transitions this request starts are held: a holdTransitions rule fires. */
  holds(method: string, path: string): boolean {
    return this.fire(method, path, (kind) => kind === "holdTransitions") !== undefined;
  }

  /** Real milliseconds from a lateCommit rule's answer to the change being applied. */
  commitDelayMs(rule: FaultRule): number {
    return this.draw(rule.delayMs);
  }

  private draw(delay: Delay | undefined): number {
    if (delay === undefined) return 0;
    if (typeof delay === "number") return delay;
    return delay[0] + this.random() * (delay[1] - delay[0]);
  }

  private fire(
    method: string,
    path: string,
    kinds: (kind: FaultKind) => boolean,
  ): FaultRule | undefined {
    for (const active of this.rules) {
      const { rule } = active;
      if (!kinds(rule.kind)) continue;
      if (rule.times !== undefined && active.fired >= rule.times) continue;
      if (active.method !== undefined && active.method !== method) continue;
      if (active.path !== undefined && !active.path.test(path)) continue;
      if (this.random() < rule.probability) {
        active.fired++;
        return rule;
      }
    }
    return undefined;
  }
}
