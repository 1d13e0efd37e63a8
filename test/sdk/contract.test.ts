import { describe, expect, it } from "vitest";
import { path, toWireQuery } from "../../sdk/core/contract";
import { InputValidationError } from "../../sdk/core/errors";

describe("path segments are percent-encoded by one helper", () => {
  it("encodes every interpolated segment", () => {
    expect(path`/ssh_keys/${"48:81:0c"}`).toBe("/ssh_keys/48%3A81%3A0c");
    expect(path`/hosts/dedicated_servers/${"a/b"}/features/${"x y"}/activate`).toBe(
      "/hosts/dedicated_servers/a%2Fb/features/x%20y/activate",
    );
  });

  it("rejects an empty segment", () => {
    expect(() => path`/remote_block_storage/volumes/${""}`).toThrow(/empty/);
  });
});

describe("dot segments are refused (issue 13)", () => {
  // encodeURIComponent leaves "." alone: `/volumes/..` would reach a normalising proxy as the
  // collection, and `/sbm_servers/Sb1/ptr_records/..` as the server itself.
  it.each([".", "..", "%2e", "%2E%2e", ".%2E", "%252e%252E", "%25252e"])("%j", (segment) => {
    const build = () => path`/sbm_servers/${"Sb1"}/ptr_records/${segment}`;
    expect(build).toThrow(InputValidationError);
    expect(build).toThrow(/path segment 2 of .*must not be a dot segment/);
  });

  it.each(["...", ".a", "a.", "v1.2", "%2e%2e%2e", "%2f.."])(
    "%j is an ordinary segment",
    (segment) => {
      expect(path`/x/${segment}`).toBe(`/x/${encodeURIComponent(segment)}`);
    },
  );

  it("an empty segment is the SDK's input error too", () => {
    expect(() => path`/remote_block_storage/volumes/${""}`).toThrow(InputValidationError);
  });
});

describe("list options become the wire's snake_case query", () => {
  it("converts camelCase keys and drops absent values", () => {
    expect(
      toWireQuery({ labelSelector: "env==prod", perPage: 50, searchPattern: undefined, page: 2 }),
    ).toEqual({ label_selector: "env==prod", per_page: 50, page: 2 });
  });
});
