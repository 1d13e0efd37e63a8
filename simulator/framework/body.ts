// Request bodies in, plain answers out: how every area reads a JSON body, checks its fields,
// reports all bad fields at once in the spec's 422 field map, and answers. Written only against
// contract.ts, so areas may import it as they import the contract.
import {
  type AreaHelpers,
  type Json,
  SimApiError,
  type SimRequest,
  type SimResponse,
  type WireRecord,
} from "./contract";

/** A request body as read: field names of the wire, values not yet checked. */
export type Body = Record<string, unknown>;
/** The `errors` map of UNPROCESSABLE_ENTITY: field (dotted for nested entries) -> message. */
export type FieldErrors = Record<string, string>;

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value);
}

/**
 * What is wrong with a body field the spec types as an integer, or undefined when it is one. A
 * numeric string such as "1" is not an integer on this wire (api-spec.md types ids as integers):
 * it is refused for its type, not reported missing, so the message says what to fix.
 */
export function integerProblem(value: unknown): string | undefined {
  if (value === undefined || value === null) return "is required";
  if (isInteger(value)) return undefined;
  const got = typeof value === "string" ? `the string ${JSON.stringify(value)}` : typeof value;
  return `must be an integer (got ${got})`;
}

/** The same for a required text field: absent, blank, or of another type. */
export function stringProblem(value: unknown): string | undefined {
  if (value === undefined || value === null) return "is required";
  if (typeof value !== "string") return `must be a string (got ${typeof value})`;
  return value.trim().length > 0 ? undefined : "is required";
}

/** Names and other required texts: whitespace alone does not count as a value. */
export function isNonEmptyString(value: unknown): value is string {
  return typeof value === "string" && value.trim().length > 0;
}

/** 422 with the spec's field map ("Validation failed", errors: {field: message}). */
export function validationFailed(errors: FieldErrors): SimApiError {
  return new SimApiError(422, "UNPROCESSABLE_ENTITY", "Validation failed", { errors });
}

/**
 * 409 CONFLICT of an action the record's status does not allow now: "<what> <id> cannot <action>
 * while <status>" (what: "Cloud instance", "RBS volume", ...).
 */
export function conflict(what: string, record: WireRecord, action: string): SimApiError {
  return new SimApiError(
    409,
    "CONFLICT",
    `${what} ${String(record.id)} cannot ${action} while ${String(record.status)}`,
  );
}

export function throwIfErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/**
 * The request body as an object; a missing body reads as {} (actions without a body). A JSON
 * `null` is a body, and not an object: refused like any other non-object (a PUT of null would
 * otherwise pass as an empty change).
 */
export function readBody(req: SimRequest): Body {
  if (req.body === undefined) return {};
  if (!isObject(req.body)) throw validationFailed({ base: "the body must be a JSON object" });
  return req.body;
}

/** Runs a check that throws a 422 and folds its field map into `errors`, to report all at once. */
export function collectErrors<T>(errors: FieldErrors, check: () => T): T | undefined {
  try {
    return check();
  } catch (error) {
    if (error instanceof SimApiError && error.status === 422 && error.extra.errors !== undefined) {
      Object.assign(errors, error.extra.errors);
      return undefined;
    }
    throw error;
  }
}

/**
 * The labels a body sends, checked by the spec's label rules (`field` names them in errors,
 * e.g. "hosts.0.labels"); their errors join the other field errors (the caller throws them), and
 * {} stands in for labels that were refused. Undefined when the body sends none: a create stores
 * {}, an update keeps the record's.
 */
export function readLabels(
  helpers: AreaHelpers,
  body: Body,
  errors: FieldErrors,
  field = "labels",
): { [key: string]: string } | undefined {
  if (body.labels === undefined) return undefined;
  return collectErrors(errors, () => helpers.checkLabels(body.labels, field)) ?? {};
}

/**
 * An optional text field such as user_data: its value, null when sent as null, undefined when
 * absent; anything else is a field error.
 */
export function optionalString(
  body: Body,
  field: string,
  errors: FieldErrors,
): string | null | undefined {
  const value = body[field];
  if (value === undefined || value === null || typeof value === "string") return value;
  errors[field] = "must be a string";
  return undefined;
}

export function ok(body: Json, status = 200): SimResponse {
  return { status, body };
}

/** Asynchronous operations (create, delete, actions) answer 202 (wire-notes.md). */
export function accepted(body: Json): SimResponse {
  return { status: 202, body };
}

export function noContent(): SimResponse {
  return { status: 204 };
}
