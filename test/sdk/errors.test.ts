import { describe, expect, it } from "vitest";
import {
  AbortError,
  ApiError,
  type ApiErrorInit,
  AuthenticationError,
  BadRequestError,
  CloudRegionMaintenanceError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  isRetryable,
  NotFoundError,
  PaymentRequiredError,
  PermissionDeniedError,
  PreconditionFailedError,
  RateLimitError,
  ResponseValidationError,
  ServersComError,
  TimeoutError,
  UnprocessableEntityError,
} from "../../sdk/core/errors";
import { LABEL_RULES, LabelValidationError } from "../../sdk/labels";

function init(status: number, body: unknown, headers: Record<string, string> = {}): ApiErrorInit {
  return { status, method: "POST", path: "/v1/remote_block_storage/volumes", headers, body };
}

describe("errors are classified by the body's code first, the HTTP status second", () => {
  const byCode: Array<[string, number, new (...args: never[]) => ApiError]> = [
    ["BAD_REQUEST", 400, BadRequestError],
    ["PAYMENT_REQUIRED", 402, PaymentRequiredError],
    ["PAYMENT_REQUIED", 402, PaymentRequiredError],
    ["NOT_FOUND", 404, NotFoundError],
    ["CONFLICT", 409, ConflictError],
    ["MUST_BE_UNIQUE", 409, ConflictError],
    ["NOT_READY", 409, ConflictError],
    ["INCOMPATIBLE_FEATURE_STATE", 409, ConflictError],
    ["HOST_RELEASE_ALREADY_SCHEDULED", 409, ConflictError],
    ["HOST_RELEASE_NOT_SCHEDULED", 409, ConflictError],
    ["PRECONDITION_FAILED", 412, PreconditionFailedError],
    ["UNPROCESSABLE_ENTITY", 422, UnprocessableEntityError],
    ["CLOUD_REGION_MAINTENANCE", 409, CloudRegionMaintenanceError],
    ["CLOUD_REGION_MAINTENANCE", 503, CloudRegionMaintenanceError],
  ];
  it.each(byCode)("code %s (status %i) is a %O", (code, status, ErrorClass) => {
    const error = ApiError.from(init(status, { code, message: "m" }));
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(ServersComError);
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect(error.name).toBe(ErrorClass.name);
  });

  const byStatus: Array<[number, new (...args: never[]) => ApiError]> = [
    [400, BadRequestError],
    [401, AuthenticationError],
    [402, PaymentRequiredError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [412, PreconditionFailedError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [502, InternalServerError],
    [503, InternalServerError],
    [504, InternalServerError],
  ];
  it.each(byStatus)("status %i without a known code is a %O", (status, ErrorClass) => {
    const error = ApiError.from(init(status, { code: "SOMETHING_NEW", message: "m" }));
    expect(error).toBeInstanceOf(ErrorClass);
    expect(ApiError.from(init(status, ""))).toBeInstanceOf(ErrorClass);
  });

  it("the code wins over a status that disagrees", () => {
    expect(ApiError.from(init(400, { code: "NOT_FOUND", message: "m" }))).toBeInstanceOf(
      NotFoundError,
    );
  });

  it("a status with no class of its own is a plain ApiError", () => {
    const error = ApiError.from(init(405, { message: "method not allowed" }));
    expect(error.constructor).toBe(ApiError);
    expect(error.code).toBeUndefined();
  });
});

describe("error details of the spec's two variants", () => {
  it("UNPROCESSABLE_ENTITY exposes its field map, with dotted paths of array entries", () => {
    const error = ApiError.from(
      init(422, {
        code: "UNPROCESSABLE_ENTITY",
        message: "Validation failed",
        errors: {
          "hosts.0.private_ipv4_network_id": "no private uplink in the order",
          size: "exceeds the maximum volume size",
        },
      }),
    );
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).errors).toEqual({
      "hosts.0.private_ipv4_network_id": "no private uplink in the order",
      size: "exceeds the maximum volume size",
    });
    expect(error.message).toContain("hosts.0.private_ipv4_network_id: no private uplink");
  });

  it("BAD_REQUEST exposes its params", () => {
    const error = ApiError.from(
      init(400, { code: "BAD_REQUEST", message: "Bad request", params: ["per_page", 7] }),
    );
    expect((error as BadRequestError).params).toEqual(["per_page"]);
  });

  it("BAD_REQUEST without params has an empty list", () => {
    expect((ApiError.from(init(400, { code: "BAD_REQUEST" })) as BadRequestError).params).toEqual(
      [],
    );
  });
});

describe("error messages", () => {
  it("carry method, path, status, code, message and correlation id", () => {
    const error = ApiError.from(
      init(
        402,
        { code: "PAYMENT_REQUIRED", message: "no valid payment method" },
        { "x-correlation-id": "abc" },
      ),
    );
    expect(error.message).toBe(
      "POST /v1/remote_block_storage/volumes -> 402 PAYMENT_REQUIRED: no valid payment method (correlation id abc)",
    );
    expect(error.correlationId).toBe("abc");
    expect(error.apiMessage).toBe("no valid payment method");
    expect(error.method).toBe("POST");
    expect(error.path).toBe("/v1/remote_block_storage/volumes");
  });

  it("keep a non-JSON body whole in `body` and a readable start of it in the message", () => {
    const html = `<html>\n<body>\n<h1>502 Bad Gateway</h1>${"x".repeat(5000)}</body></html>`;
    const error = ApiError.from(init(502, html));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.code).toBeUndefined();
    expect(error.body).toBe(html);
    expect(error.message).toContain("-> 502: <html> <body> <h1>502 Bad Gateway</h1>");
    expect(error.message.length).toBeLessThan(400);
  });

  it("without a correlation id or a body say what is known", () => {
    expect(ApiError.from({ ...init(500, ""), method: "GET", path: "/v1/hosts" }).message).toBe(
      "GET /v1/hosts -> 500",
    );
  });

  it("of a response validation failure name the first bad field", () => {
    const error = new ResponseValidationError({
      status: 200,
      method: "GET",
      path: "/v1/ssh_keys",
      field: "items.3.labels",
      issues: [
        { path: "items.3.labels", message: "expected record" },
        { path: "items.4.name", message: "expected string" },
      ],
      body: "[]",
    });
    expect(error.message).toBe(
      "GET /v1/ssh_keys -> 200: unexpected response at items.3.labels: expected record (and 1 more issues)",
    );
  });
});

describe("transient failures", () => {
  it.each([
    [ApiError.from(init(429, "")), true],
    [ApiError.from(init(502, "")), true],
    [ApiError.from(init(503, "")), true],
    [ApiError.from(init(504, "")), true],
    [ApiError.from(init(500, "")), false],
    [ApiError.from(init(409, { code: "CONFLICT" })), false],
    [ApiError.from(init(503, { code: "CLOUD_REGION_MAINTENANCE" })), false],
    [
      new ConnectionError(
        "GET",
        "/v1/hosts",
        Object.assign(new Error("x"), { code: "ECONNRESET" }),
      ),
      true,
    ],
    [new TimeoutError("GET", "/v1/hosts", 1000), true],
    [new AbortError("GET", "/v1/hosts"), false],
    [new Error("plain"), false],
  ])("%s -> %s", (error, expected) => {
    expect(isRetryable(error)).toBe(expected);
  });

  it("a connection error keeps a cleaned copy of its cause and the cause's system code", () => {
    const cause = new AggregateError([
      Object.assign(new Error("refused"), { code: "ECONNREFUSED" }),
    ]);
    const error = new ConnectionError("POST", "/v1/ssh_keys", cause);
    // A copy: the original may quote what the server sent (issue 13).
    expect(error.cause).not.toBe(cause);
    expect(error.cause).toMatchObject({
      name: "AggregateError",
      errors: [{ code: "ECONNREFUSED" }],
    });
    expect(error.code).toBe("ECONNREFUSED");
    expect(error.message).toContain("POST /v1/ssh_keys: connection failed (ECONNREFUSED)");
  });
});

describe("error names", () => {
  it("each error's name is its class's, spelled out: logs and messages show it", () => {
    expect(new ServersComError("m").name).toBe("ServersComError");
    expect(ApiError.from(init(404, { code: "NOT_FOUND", message: "m" })).name).toBe(
      "NotFoundError",
    );
    expect(ApiError.from(init(418, {})).name).toBe("ApiError");
    expect(ApiError.from(init(502, {})).name).toBe("InternalServerError");
    expect(new TimeoutError("GET", "/v1/hosts", 1000).name).toBe("TimeoutError");
    const issue = { key: "env", field: "labels.env", rule: LABEL_RULES.valueType };
    expect(new LabelValidationError([issue]).name).toBe("LabelValidationError");
  });
});
