import { describe, expect, it } from "vitest";
import { path, toWireQuery } from "../../sdk/core/contract";

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

describe("list options become the wire's snake_case query", () => {
  it("converts camelCase keys and drops absent values", () => {
    expect(
      toWireQuery({ labelSelector: "env==prod", perPage: 50, searchPattern: undefined, page: 2 }),
    ).toEqual({ label_selector: "env==prod", per_page: 50, page: 2 });
  });
});
