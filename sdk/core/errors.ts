// The SDK's error hierarchy: the one place errors are made. Its only import is redact.ts (itself
// import-free), so the pure modules (labels, limits) and the simulator can use it without pulling
// in the transport.
import { clean, cleanCause, redact, redactValue } from "./redact";

/**
 * Base of every error the SDK throws. Its message is cleaned here, whatever a subclass composed:
 * the API token and bearer-looking credentials are redacted (the server may echo them) and control
 * characters are escaped (an id or a server's text may hold CR, LF or NUL). The stack is built
 * from the cleaned message. A cause that came from below the SDK (a socket error, which may quote
 * what the server sent) is kept only as a cleaned copy (ConnectionError); a cause that is itself a
 * ServersComError, or the caller's own abort reason, is kept as it is.
 */
export class ServersComError extends Error {
  // `{ cause?: unknown }` rather than lib.es2022's ErrorOptions: the public declarations must
  // compile under Pulumi's stock template, whose target (es2016) has no ErrorOptions.
  constructor(message: string, options?: { cause?: unknown }) {
    super(clean(message), options);
    // Every error's `name` is its class's name (NotFoundError, TimeoutError...), set once here
    // rather than repeated in each class; a subclass may still set its own.
    this.name = new.target.name;
  }
}

/**
 * Bad input caught before any request is sent: names the field and the rule it breaks,
 * for example field "labels.env", rule "a value is at most 63 characters".
 */
export class InputValidationError extends ServersComError {
  readonly field: string;
  readonly rule: string;
  constructor(field: string, rule: string, message = `${field}: ${rule}`) {
    super(message);
    this.field = clean(field);
    this.rule = clean(rule);
  }
}

/** Response headers, names in lower case, repeated headers joined by ", ". */
export type ResponseHeaders = Readonly<Record<string, string>>;

/** Everything known about a failed response; the request's own headers are never part of it. */
export interface ApiErrorInit {
  readonly status: number;
  readonly method: string;
  /** The request target: path below the origin, with its query (never a credential). */
  readonly path: string;
  readonly headers: ResponseHeaders;
  /** The parsed JSON body, or the raw text when the body is not JSON (a proxy's HTML page). */
  readonly body: unknown;
  /** The server's hint of when to try again (Retry-After, X-RateLimit-Reset), when known. */
  readonly retryAfterMs?: number | undefined;
}

// Error bodies are `{code, message, ...}` (api-spec.md, Errors); anything else is kept as is.
function bodyField(body: unknown, key: string): unknown {
  return typeof body === "object" && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)[key]
    : undefined;
}

function stringField(body: unknown, key: string): string | undefined {
  const value = bodyField(body, key);
  return typeof value === "string" ? value : undefined;
}

// The `errors` map of UNPROCESSABLE_ENTITY: field (dotted for array entries) to message.
function fieldErrors(body: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  const raw = bodyField(body, "errors");
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return errors;
  for (const [field, message] of Object.entries(raw)) {
    // Some services send a list of messages per field: keep them all, readable.
    if (typeof message === "string") errors[field] = message;
    else if (Array.isArray(message)) errors[field] = message.map(String).join("; ");
  }
  return errors;
}

// A proxy's 502 page can be kilobytes of HTML: the message keeps a readable start of it, the
// whole text stays in `body`.
const MAX_TEXT_IN_MESSAGE = 200;

function summariseText(text: string): string {
  const flat = text
    .slice(0, MAX_TEXT_IN_MESSAGE * 4)
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > MAX_TEXT_IN_MESSAGE ? `${flat.slice(0, MAX_TEXT_IN_MESSAGE)}...` : flat;
}

function describeFailure(
  init: ApiErrorInit,
  code: string | undefined,
  apiMessage: string | undefined,
  correlationId: string | undefined,
): string {
  let detail: string;
  if (apiMessage !== undefined) detail = apiMessage;
  else if (typeof init.body === "string") detail = summariseText(init.body);
  else detail = "";
  const fields = fieldErrors(init.body);
  const listed = Object.entries(fields)
    .map(([field, text]) => `${field}: ${text}`)
    .join(", ");
  if (listed !== "") detail = `${detail} [${listed}]`.trim();
  const head = `${init.method} ${init.path} -> ${init.status}${code === undefined ? "" : ` ${code}`}`;
  const tail = correlationId === undefined ? "" : ` (correlation id ${correlationId})`;
  return `${head}${detail === "" ? "" : `: ${detail}`}${tail}`;
}

/** The server's side of a failure with every secret it echoed redacted. */
function cleanInit(init: ApiErrorInit): ApiErrorInit {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(init.headers)) headers[name] = redact(value);
  return { ...init, path: redact(init.path), headers, body: redactValue(init.body) };
}

/**
 * A response with a status outside 2xx. `ApiError.from` picks the subclass; callers test
 * with `instanceof` (for example `NotFoundError`) and read `code` where one status carries
 * several meanings (409).
 */
export class ApiError extends ServersComError {
  readonly status: number;
  /** The body's `code`, such as "NOT_FOUND"; undefined when the body has none (or is not JSON). */
  readonly code: string | undefined;
  /** The body's `message`. */
  readonly apiMessage: string | undefined;
  readonly method: string;
  readonly path: string;
  /** X-Correlation-ID of the response: quote it to the provider's support. */
  readonly correlationId: string | undefined;
  readonly headers: ResponseHeaders;
  /** Parsed JSON body, or the raw text when it was not JSON. */
  readonly body: unknown;
  /** How long the server asked to wait before trying again, when it said so. */
  readonly retryAfterMs: number | undefined;

  constructor(raw: ApiErrorInit) {
    const init = cleanInit(raw);
    const code = stringField(init.body, "code");
    const apiMessage = stringField(init.body, "message");
    const correlationId = init.headers["x-correlation-id"];
    super(describeFailure(init, code, apiMessage, correlationId));
    this.status = init.status;
    this.code = code;
    this.apiMessage = apiMessage;
    this.method = init.method;
    this.path = init.path;
    this.correlationId = correlationId;
    this.headers = init.headers;
    this.body = init.body;
    this.retryAfterMs = init.retryAfterMs;
  }

  /**
   * The one place that classifies a failed response: by the body's `code` first (the status of
   * some codes, such as CLOUD_REGION_MAINTENANCE, is undocumented), by the HTTP status second.
   */
  static from(init: ApiErrorInit): ApiError {
    const code = stringField(init.body, "code");
    const byCode = code === undefined ? undefined : CLASS_BY_CODE[code];
    const ErrorClass = byCode ?? classByStatus(init.status);
    return new ErrorClass(init);
  }
}

/** 400 BAD_REQUEST: an invalid query parameter; `params` names them (for example ["per_page"]). */
export class BadRequestError extends ApiError {
  readonly params: string[];
  constructor(init: ApiErrorInit) {
    super(init);
    const params = bodyField(this.body, "params");
    this.params = Array.isArray(params)
      ? params.filter((p): p is string => typeof p === "string")
      : [];
  }
}

/** 401: the token is missing, wrong or revoked. */
export class AuthenticationError extends ApiError {}

/** 402 PAYMENT_REQUIRED: the account has no valid payment method. */
export class PaymentRequiredError extends ApiError {}

/** 403: the token may not do this. */
export class PermissionDeniedError extends ApiError {}

/** 404 NOT_FOUND. */
export class NotFoundError extends ApiError {}

/**
 * 409: the resource's state forbids the operation. `code` says which: CONFLICT, MUST_BE_UNIQUE,
 * NOT_READY, INCOMPATIBLE_FEATURE_STATE, HOST_RELEASE_ALREADY_SCHEDULED, HOST_RELEASE_NOT_SCHEDULED.
 */
export class ConflictError extends ApiError {}

/** 412 PRECONDITION_FAILED: the host is not ready. */
export class PreconditionFailedError extends ApiError {}

/**
 * 422 UNPROCESSABLE_ENTITY: `errors` maps each rejected field (dotted for array entries, such
 * as "hosts.0.private_ipv4_network_id") to the service's message.
 */
export class UnprocessableEntityError extends ApiError {
  readonly errors: Record<string, string>;
  constructor(init: ApiErrorInit) {
    super(init);
    this.errors = fieldErrors(this.body);
  }
}

/** 429: the rate limit is exhausted; `retryAfterMs` says for how long, when the server said so. */
export class RateLimitError extends ApiError {}

/** CLOUD_REGION_MAINTENANCE (any status): the cloud region is in maintenance mode. */
export class CloudRegionMaintenanceError extends ApiError {}

/** 5xx. 502, 503 and 504 are retried for idempotent requests. */
export class InternalServerError extends ApiError {}

type ApiErrorClass = new (init: ApiErrorInit) => ApiError;

const CLASS_BY_CODE: Readonly<Record<string, ApiErrorClass>> = {
  BAD_REQUEST: BadRequestError,
  PAYMENT_REQUIRED: PaymentRequiredError,
  // The misspelling of one old API document, in case a service still sends it.
  PAYMENT_REQUIED: PaymentRequiredError,
  NOT_FOUND: NotFoundError,
  CONFLICT: ConflictError,
  MUST_BE_UNIQUE: ConflictError,
  NOT_READY: ConflictError,
  INCOMPATIBLE_FEATURE_STATE: ConflictError,
  HOST_RELEASE_ALREADY_SCHEDULED: ConflictError,
  HOST_RELEASE_NOT_SCHEDULED: ConflictError,
  PRECONDITION_FAILED: PreconditionFailedError,
  UNPROCESSABLE_ENTITY: UnprocessableEntityError,
  CLOUD_REGION_MAINTENANCE: CloudRegionMaintenanceError,
};

function classByStatus(status: number): ApiErrorClass {
  switch (status) {
    case 400:
      return BadRequestError;
    case 401:
      return AuthenticationError;
    case 402:
      return PaymentRequiredError;
    case 403:
      return PermissionDeniedError;
    case 404:
      return NotFoundError;
    case 409:
      return ConflictError;
    case 412:
      return PreconditionFailedError;
    case 422:
      return UnprocessableEntityError;
    case 429:
      return RateLimitError;
    default:
      return status >= 500 && status <= 599 ? InternalServerError : ApiError;
  }
}

/** One problem found in a response by its schema. `path` is dotted: "items.3.labels". */
export interface ResponseIssue {
  readonly path: string;
  readonly message: string;
}

/** What a ResponseValidationError is made from: its own fields, before redaction. */
export interface ResponseValidationErrorInit
  extends Pick<
    ResponseValidationError,
    "status" | "method" | "path" | "field" | "issues" | "body"
  > {}

/**
 * A 2xx response whose body does not match what the API documents (or is not JSON). The
 * service did the work: only the answer could not be read, so this is not retried.
 */
export class ResponseValidationError extends ServersComError {
  readonly status: number;
  readonly method: string;
  readonly path: string;
  /** Dotted path of the first bad field; "" when the body as a whole is wrong (or not JSON). */
  readonly field: string;
  readonly issues: readonly ResponseIssue[];
  /** The raw response text, to compare with what the schema expected. */
  readonly body: string;

  constructor(init: ResponseValidationErrorInit) {
    const where = init.field === "" ? "the body" : init.field;
    const first = init.issues[0]?.message ?? "unreadable";
    const more = init.issues.length > 1 ? ` (and ${init.issues.length - 1} more issues)` : "";
    super(
      `${init.method} ${init.path} -> ${init.status}: unexpected response at ${where}: ${first}${more}`,
    );
    this.status = init.status;
    this.method = init.method;
    this.path = redact(init.path);
    this.field = clean(init.field);
    this.issues = init.issues.map((issue) => ({
      path: clean(issue.path),
      message: clean(issue.message),
    }));
    this.body = redact(init.body);
  }
}

/**
 * The request failed below HTTP (refused, reset, DNS). `cause` is the underlying error and
 * `code` its system code (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET...).
 */
export class ConnectionError extends ServersComError {
  readonly code: string | undefined;
  constructor(
    readonly method: string,
    readonly path: string,
    cause: unknown,
  ) {
    const code = errorCode(cause);
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `${method} ${path}: connection failed${code === undefined ? "" : ` (${code})`}: ${reason}`,
      { cause: cleanCause(cause) },
    );
    this.code = code;
  }
}

/** The per-request timeout (client option `timeoutMs`, or the call's) expired. */
export class TimeoutError extends ServersComError {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly timeoutMs: number,
  ) {
    super(`${method} ${path}: no complete response within ${timeoutMs} ms`);
  }
}

/** The caller's AbortSignal fired (during the request or a wait before a retry). */
export class AbortError extends ServersComError {
  constructor(
    readonly method: string,
    readonly path: string,
    cause?: unknown,
  ) {
    super(`${method} ${path}: aborted by the caller`, cause === undefined ? undefined : { cause });
  }
}

/**
 * The response body grew past the client's limit (`maxResponseBytes`) and was abandoned while
 * streaming, before more memory went to it. Not retried: the same request would get the same
 * answer. `bytes` is what had arrived (or what Content-Length announced) when it was refused.
 */
export class ResponseTooLargeError extends ServersComError {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly limitBytes: number,
    readonly bytes: number,
    declared: boolean,
  ) {
    super(
      `${method} ${path}: the response body ${declared ? "announces" : "exceeded"} ${bytes} bytes, ` +
        `over the limit of ${limitBytes} bytes (client option maxResponseBytes)`,
    );
  }
}

/**
 * A list call stopped: the server's pagination would not end (more pages or items than the
 * bound, a page that does not advance) or pointed away from the API. `list` names the list
 * (its path), `bound` the rule it broke, such as "at most 10000 pages".
 */
export class PaginationError extends ServersComError {
  constructor(
    readonly list: string,
    readonly bound: string,
    detail: string,
  ) {
    super(`list ${list}: ${detail} (${bound})`);
  }
}

/** The system code of a low-level error, including one wrapped in an AggregateError. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") return code;
  // Node's happy-eyeballs connect reports one failure per address in an AggregateError.
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const innerCode = errorCode(inner);
      if (innerCode !== undefined) return innerCode;
    }
  }
  return undefined;
}

const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/**
 * Whether the failure is transient by nature: a rate limit, a gateway error, a connection
 * failure or a timeout. Whether a given request may be resent also depends on its method:
 * see retry.ts. A region in maintenance is not transient on the scale of a retry budget.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ConnectionError || error instanceof TimeoutError) return true;
  if (error instanceof CloudRegionMaintenanceError) return false;
  return error instanceof ApiError && TRANSIENT_STATUSES.has(error.status);
}
