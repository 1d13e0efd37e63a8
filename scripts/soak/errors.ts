// When is a failed step's error "clear"? The soak's criterion, applied to every error message a
// failed operation reports (what the Pulumi CLI would print under the resource).
//
// The provider host sends the engine an error's message only (cmd/dynamic-provider/index.js,
// grpcResponseFromError: the class is lost on the way), so the criterion reads the message. It is
// clear when all three hold:
// 1. it is one of ours: it has the shape of a typed error of the SDK or the provider (TYPED
//    below: an API error with its status, a connection failure with its code, a request timeout,
//    an unreadable response, a wait that timed out or reached a failed state, a partial create or
//    update, a check failure), which also says the cause;
// 2. it names what failed: the resource (`serverscom:<Kind> <name> (<id>)`, or the engine's
//    `<type> resource '<name>'`), or the API request (`METHOD /v1/path`) of a kind the program
//    declares, or the object a wait was for (`<noun> <id>`);
// 3. it carries no sign of an untyped failure: no "undefined", "NaN", "[object Object]", no stack
//    frame, no JavaScript error name (TypeError...), no gRPC transport failure (a crashed host).
// A message that passes is still given a category (kind, request, cause) for the logs, with ids
// replaced so that two runs can be compared.
import { OBJECT_KINDS } from "./kinds";
import { routePattern } from "./routes";

const RED_FLAGS: readonly [RegExp, string][] = [
  [/\bundefined\b/, '"undefined"'],
  [/\bNaN\b/, '"NaN"'],
  [/\[object Object\]/, '"[object Object]"'],
  [/^\s+at \S.*(\(.*:\d+:\d+\)|:\d+:\d+)$/m, "a stack frame"],
  [/\b(TypeError|ReferenceError|SyntaxError|RangeError|AssertionError)\b/, "a JavaScript error"],
  [
    /Cannot read propert|is not a function|is not iterable|Maximum call stack/,
    "a JavaScript error",
  ],
  [
    /No connection established|Connection dropped|\b(UNAVAILABLE|CANCELLED|DEADLINE_EXCEEDED)\b/,
    "a gRPC transport failure (provider host)",
  ],
];

/** The typed errors' shapes: the class (for the report) and a pattern that also says the cause. */
const TYPED: readonly [string, RegExp][] = [
  ["PartialResourceError", /\bwas (created|adopted|updated) but is not ready: \S/],
  ["ApiError", /\b(GET|POST|PUT|PATCH|DELETE) \/v1\/\S* -> \d{3}\b/],
  ["ConnectionError", /\b(GET|POST|PUT|PATCH|DELETE) \/v1\/\S*: connection failed\b/],
  ["TimeoutError", /\b(GET|POST|PUT|PATCH|DELETE) \/v1\/\S*: no complete response within \d+ ms/],
  [
    "ResponseValidationError",
    /\b(GET|POST|PUT|PATCH|DELETE) \/v1\/\S* -> \d{3}: unexpected response/,
  ],
  [
    "ResponseTooLargeError",
    /\b(GET|POST|PUT|PATCH|DELETE) \/v1\/\S*: the response body (exceeded|announces) \d+ bytes, over the limit/,
  ],
  [
    "PaginationError",
    /\blist GET \/v1\/\S*: .+ \((at most \d+ \w+ per list call|each page must advance|links must stay below \S+)\)/,
  ],
  ["WaitTimeoutError", /\btimed out after \S+ \(timeout \S+\) waiting for \S/],
  [
    "BudgetWaitError",
    /\b(GET|POST|PUT|PATCH|DELETE) \/v1\/\S*: rate limit: .+ so the request was not sent\b/,
  ],
  ["RateLimitError", /\b(GET|POST|PUT|PATCH|DELETE) \/v1\/\S* -> 429\b/],
  ["WaitFailedError", /\bgave up waiting for .+: it reached the failed state "/],
  // An object the create cannot tell from another program's, named for the user to adopt
  // (provider/framework/adopt-advice.ts): the cause is the conflict the message states.
  [
    "adoptId stop",
    /\bset adoptId: "[^"]+"|\bappeared: "[^"]+"(, "[^"]+")*\. Nothing tells which one/,
  ],
  // A lost create's order that appeared before an `up` that did not read it first: the user is
  // asked for the `pulumi refresh` that takes it (provider/framework/lost-create.ts, updateLost).
  [
    "lost create: refresh",
    /\bthe order this resource's create lost \(lost-create:[^)\s]+\) has appeared as \S+: run `pulumi refresh`/,
  ],
  // The engine's words (sdk/go/common/diag/errors.go:37,41): with the value, or with none.
  ["check failure", /\bresource '[^']+'(: property \S+ value \{.*?\})? has a problem: \S/],
];

const REQUEST = /\b(GET|POST|PUT|PATCH|DELETE) (\/v1\/[^\s?:;,)]*)/;
// The dynamic door names a kind `serverscom:<Kind>`, the native plugin by its type token
// `serverscom:index:<Kind>`; the engine names the registration's type (its own words).
const SUBJECT = /\bserverscom:(?:index:)?([A-Za-z]+) .*?\(([^()\s]+)\)/;
const ENGINE_NAME =
  /(?:pulumi-nodejs:dynamic\/serverscom|serverscom:index):([A-Za-z]+) resource '([^']+)'/;
/** A provider message's prefix, `serverscom:<Kind> <what>: ` (kind-core.ts, prefix). */
const PREFIX = /^serverscom:(?:index:)?([A-Za-z]+) [^:]*: /;

/**
 * The harness's own failure (scripts/engine/host.ts, struct(): google-protobuf cannot convert an
 * undefined input): a resource registered with an input taken from a resource whose step had
 * failed in the same operation. The engine starts no step once one failed, so the provider never
 * sees such a resource. The harness used to go on and fail it here; it now stops as the engine
 * does (harness.ts, runProgram), so the report's count of these must stay 0.
 */
export const HARNESS_STRUCT_ERROR = "Unexpected struct type.";

export interface Verdict {
  readonly clear: boolean;
  /** Why it is not clear. */
  readonly problem?: string;
  /** The typed error it was recognised as (the outermost). */
  readonly typed?: string;
  /** The declared kind it names (the resource's, the request's or the waited object's). */
  readonly named?: string;
  /** Kind, request and cause, ids replaced: comparable between runs. */
  readonly category: string;
}

/** The kind whose API a request path belongs to (most specific pattern first). */
export function kindOfPath(path: string, kinds: readonly string[]): string | undefined {
  const matching = kinds.filter((kind) => OBJECT_KINDS[kind]?.apiPath.test(path));
  // PTR records live below cloud instances: the longer pattern is the more specific.
  matching.sort(
    (a, b) =>
      (OBJECT_KINDS[b]?.apiPath.source.length ?? 0) - (OBJECT_KINDS[a]?.apiPath.source.length ?? 0),
  );
  return matching[0];
}

function causeOf(message: string): string {
  // First: its own words hold a record's data (`www -> 192.0.2.1`), which reads as a status.
  if (/\bset adoptId: "|Nothing tells which one/.test(message)) return "adoptId stop";
  if (/has appeared as \S+: run `pulumi refresh`/.test(message)) return "lost create: refresh";
  const api = / -> (\d{3})( [A-Z_]+)?/.exec(message);
  if (api !== null) return `${api[1]}${api[2] ?? ""}`;
  const connection = /: connection failed( \(([A-Z_]+)\))?/.exec(message);
  if (connection !== null) return `connection failed${connection[1] ?? ""}`;
  if (/no complete response within/.test(message)) return "request timeout";
  if (/timed out after/.test(message)) return "wait timed out";
  if (/gave up waiting/.test(message)) return "failed state";
  if (/has a problem/.test(message)) return "check failure";
  if (/: rate limit: .+ so the request was not sent/.test(message)) return "rate limit: not sent";
  return "other";
}

/**
 * Judges one error message of a failed step. `kinds`: the kinds the program declares (an API
 * request names one of them).
 */
export function judge(message: string, kinds: readonly string[]): Verdict {
  const request = REQUEST.exec(message);
  const requestPart =
    request === null ? "" : ` ${request[1]} ${routePattern(request[1] ?? "", request[2] ?? "")}`;
  const subject = SUBJECT.exec(message);
  const engineName = ENGINE_NAME.exec(message);
  const prefix = PREFIX.exec(message);
  const partial = /\bwas (created|adopted|updated) but is not ready/.exec(message);
  const lookup = /the lookup for an object it may have created failed too/.test(message);
  const named =
    (subject !== null && kinds.includes(subject[1] ?? "") ? subject[1] : undefined) ??
    (engineName !== null && kinds.includes(engineName[1] ?? "") ? engineName[1] : undefined) ??
    (prefix !== null && kinds.includes(prefix[1] ?? "") ? prefix[1] : undefined) ??
    (request === null ? undefined : kindOfPath(request[2] ?? "", kinds)) ??
    kinds.find((kind) => {
      const noun = OBJECT_KINDS[kind]?.noun;
      return noun !== undefined && new RegExp(`waiting for ${noun} \\S+ to `).test(message);
    });
  const category =
    `${named ?? "?"}:${partial === null ? "" : ` ${partial[1]} but not ready:`}` +
    `${requestPart} ${causeOf(message)}${lookup ? " +lookup failed" : ""}`;

  const base = { category, ...(named === undefined ? {} : { named }) };
  if (message.trim() === "") return { clear: false, problem: "an empty message", ...base };
  for (const [flag, what] of RED_FLAGS) {
    if (flag.test(message)) return { clear: false, problem: `contains ${what}`, ...base };
  }
  const typed = TYPED.find(([, pattern]) => pattern.test(message))?.[0];
  if (typed === undefined) {
    return { clear: false, problem: "not the shape of any typed error of ours", ...base };
  }
  if (named === undefined) {
    return {
      clear: false,
      problem: "names neither the resource nor a request or object of a declared kind",
      typed,
      ...base,
    };
  }
  return { clear: true, typed, ...base };
}
