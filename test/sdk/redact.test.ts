// Redaction and escaping (sdk/core/redact.ts, issue 13): what every SDK and provider error passes
// through. The hostile-server suite (test/reliability) proves it end to end; these pin the rules.
import { describe, expect, it } from "vitest";
import { AuthenticationError, ConnectionError, InputValidationError } from "../../sdk/core/errors";
import {
  cleanCause,
  escapeControl,
  MIN_SECRET_LENGTH,
  REDACTED,
  redact,
  redactValue,
  registerSecret,
} from "../../sdk/core/redact";

const SECRET = "redact-test-token-5e1b9c7a/+=";
registerSecret(SECRET);

describe("redact", () => {
  it("replaces a registered secret in clear, percent-encoded and JSON-escaped", () => {
    expect(redact(`a ${SECRET} b`)).toBe(`a ${REDACTED} b`);
    expect(redact(`?t=${encodeURIComponent(SECRET)}`)).toBe(`?t=${REDACTED}`);
    registerSecret('multi\nline "secret" value');
    expect(redact(JSON.stringify({ v: 'multi\nline "secret" value' }))).toBe(`{"v":"${REDACTED}"}`);
  });

  it("replaces any bearer-looking credential, whoever's it is", () => {
    expect(redact("Authorization: Bearer abcdefgh.ijkl-mnop")).toBe(
      `Authorization: Bearer ${REDACTED}`,
    );
    expect(redact("token Token 0123456789abcdef")).toBe(`token Token ${REDACTED}`);
    expect(redact("Basic dXNlcjpwYXNzd29yZA==")).toBe(`Basic ${REDACTED}`);
    expect(redact("Bearer abcdefghijklmnopqrstuvwxyz")).toBe(`Bearer ${REDACTED}`);
    // Prose is not a credential.
    expect(redact("the token provided is invalid; Bearer authentication only")).toBe(
      "the token provided is invalid; Bearer authentication only",
    );
    expect(redact("basic auth is off; bearer tokens only")).toBe(
      "basic auth is off; bearer tokens only",
    );
  });

  it(`leaves secrets shorter than ${MIN_SECRET_LENGTH} characters unregistered`, () => {
    registerSecret("abc");
    expect(redact("abc abc")).toBe("abc abc");
  });

  it("redacts keys and values of a JSON body, deep", () => {
    expect(redactValue({ [SECRET]: [{ m: `x ${SECRET}` }], n: 1 })).toEqual({
      [REDACTED]: [{ m: `x ${REDACTED}` }],
      n: 1,
    });
  });
});

describe("escapeControl", () => {
  it("escapes C0, DEL, C1 and the Unicode line separators", () => {
    expect(escapeControl("a\r\nb\t\u0000\u001b\u007f\u0085\u2028")).toBe(
      "a\\r\\nb\\t\\u0000\\u001b\\u007f\\u0085\\u2028",
    );
    expect(escapeControl("plain text, é, 漢字")).toBe("plain text, é, 漢字");
  });
});

describe("errors are cleaned where they are made", () => {
  it("every SDK error's message, whatever the subclass composed", () => {
    const error = new InputValidationError(`id ${SECRET}\r\n`, "bad\u0000");
    expect(error.message).toBe(`id ${REDACTED}\\r\\n: bad\\u0000`);
    expect(error.field).toBe(`id ${REDACTED}\\r\\n`);
    expect(error.stack).not.toContain(SECRET);
  });

  it("an API error's body, headers and derived fields", () => {
    const error = new AuthenticationError({
      status: 401,
      method: "GET",
      path: "/v1/hosts",
      headers: { "x-correlation-id": SECRET },
      body: { code: "UNAUTHORIZED", message: `bad token ${SECRET}` },
    });
    expect(error.apiMessage).toBe(`bad token ${REDACTED}`);
    expect(error.correlationId).toBe(REDACTED);
    expect(JSON.stringify(error.body)).not.toContain(SECRET);
  });

  it("a connection error's cause: a cleaned copy keeping name and code, not the raw bytes", () => {
    const cause = Object.assign(new Error(`parse error near ${SECRET}`), {
      code: "HPE_INVALID_CONTENT_LENGTH",
      data: SECRET,
    });
    const error = new ConnectionError("GET", "/v1/hosts", cause);
    expect(error.code).toBe("HPE_INVALID_CONTENT_LENGTH");
    expect(error.cause).toMatchObject({
      code: "HPE_INVALID_CONTENT_LENGTH",
      message: `parse error near ${REDACTED}`,
    });
    expect((error.cause as { data?: unknown }).data).toBeUndefined();
    expect(cleanCause("text with \n newline")).toBe("text with \\n newline");
  });
});
