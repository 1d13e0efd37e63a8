// What an error may say. Every message, body, header value and cause the SDK keeps passes
// through here (errors.ts), so a server, a proxy or a captive portal that echoes the API token
// back (in a JSON message, an HTML page, a 422 map, a header) cannot get it into a log; and
// control characters from ids or server text are escaped, so they cannot forge log lines.
// No imports: errors.ts (which has none) depends on this module.

/** What a redacted secret reads as. */
export const REDACTED = "[REDACTED]";

/**
 * Secrets shorter than this are not registered: replacing every "abc" in a message would mangle
 * it without protecting anything (a real servers.com token is dozens of characters).
 */
export const MIN_SECRET_LENGTH = 4;

// Every secret a client or the provider was given in this process. A Set of strings, never
// printed; registering the same token twice keeps one entry.
const secrets = new Set<string>();
// The forms a secret takes on the wire or in JSON, longest first (see registerSecret).
let patterns: string[] = [];

/**
 * Marks `value` as a secret of this process: from now on it (and its percent-encoded and
 * JSON-escaped forms) reads as [REDACTED] in every error the SDK or the provider makes.
 */
export function registerSecret(value: unknown): void {
  if (typeof value !== "string" || value.length < MIN_SECRET_LENGTH || secrets.has(value)) return;
  secrets.add(value);
  const forms = new Set<string>([
    value,
    encodeURIComponent(value),
    JSON.stringify(value).slice(1, -1),
  ]);
  // A multi-line secret (a private key, user data) is also escaped in messages: match that too.
  forms.add(escapeControl(value));
  patterns = [...new Set([...patterns, ...forms])]
    .filter((form) => form.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);
}

// "Bearer <credential>", "Token <credential>", "Basic <credential>" as a proxy may echo an
// Authorization header, whichever token it carries (another user's, a CI secret). The
// credential is token68 (RFC 7235): at least 8 such characters with a digit or a symbol inside
// (a JWT's dots, base64's "+/="), or 20 letters, so prose such as "basic auth" or "the token
// provided." is left alone.
const CREDENTIAL = /\b(Bearer|Token|Basic)(\s+|%20|\+)([A-Za-z0-9\-._~+/]{8,}=*)/gi;

function looksLikeCredential(text: string): boolean {
  return text.length >= 20 || /\d|[-_~+/=]|\.(?!$)/.test(text);
}

/** `text` with every registered secret, and any bearer-looking credential, replaced. */
export function redact(text: string, extra: readonly string[] = []): string {
  let out = text;
  for (const secret of extra) {
    if (secret.length >= MIN_SECRET_LENGTH) out = out.split(secret).join(REDACTED);
  }
  for (const form of patterns) {
    if (out.includes(form)) out = out.split(form).join(REDACTED);
  }
  return out.replace(
    CREDENTIAL,
    (match: string, scheme: string, gap: string, credential: string) =>
      looksLikeCredential(credential) ? `${scheme}${gap}${REDACTED}` : match,
  );
}

// C0 controls, DEL, C1 controls, and the line and paragraph separators that some terminals and
// log viewers break lines at.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** `text` with control characters written as escapes (\n, \r, \t, \u0000...). */
export function escapeControl(text: string): string {
  return text.replace(
    CONTROL,
    (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** Text fit for a message: secrets redacted, control characters escaped. */
export function clean(text: string, extra: readonly string[] = []): string {
  return escapeControl(redact(text, extra));
}

/**
 * A JSON value (a response body, a header map) with every string redacted; control characters
 * are kept, the value is data rather than a message. Deep values beyond 32 levels are dropped.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redact(value);
  if (typeof value !== "object" || value === null) return value;
  if (depth > 32) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, item] of Object.entries(value)) out[redact(key)] = redactValue(item, depth + 1);
  return Object.setPrototypeOf(out, Object.prototype);
}

/**
 * A copy of an underlying error fit to keep as a `cause`: its name, code and cleaned message,
 * and its own cause likewise (to 8 levels). The original may quote anything (a socket error can
 * carry the bytes that broke the parser), so it is not kept.
 */
export function cleanCause(cause: unknown, depth = 0): unknown {
  if (cause === undefined || cause === null) return cause;
  if (!(cause instanceof Error)) {
    return typeof cause === "string" ? clean(cause) : typeof cause === "object" ? REDACTED : cause;
  }
  const inner =
    depth < 8 && cause.cause !== undefined ? cleanCause(cause.cause, depth + 1) : undefined;
  const copy = new Error(clean(cause.message), inner === undefined ? undefined : { cause: inner });
  copy.name = cause.name;
  copy.stack = `${copy.name}: ${copy.message}`;
  const code = (cause as { code?: unknown }).code;
  if (typeof code === "string") Object.assign(copy, { code: clean(code) });
  if (cause instanceof AggregateError) {
    Object.assign(copy, { errors: cause.errors.slice(0, 8).map((e) => cleanCause(e, depth + 1)) });
  }
  return copy;
}
