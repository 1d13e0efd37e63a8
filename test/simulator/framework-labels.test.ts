// Labels (api-spec.md "Limits", "Labels"): the selector grammar as a list filter, a malformed
// selector as 400 BAD_REQUEST naming label_selector, the label rules and the reserved prefix as
// 422 errors.labels, and an update replacing the whole set.
import { describe, expect, it } from "vitest";
import { type ApiErrorBody, type Labels, useTestSimulator } from "./helpers";
import type { Host } from "./hosts-fixtures";

const at = "2025-06-01T00:00:00.000Z";
const labelled: Record<string, Labels> = {
  a1: { env: "prod", tier: "web" },
  a2: { env: "prod", tier: "db" },
  a3: { env: "staging", tier: "web" },
  a4: { env: "dev" },
  a5: {},
};
const records = Object.entries(labelled).map(([id, labels]) => ({
  id,
  type: "dedicated_server",
  title: `${id}.example.com`,
  location_id: 1,
  labels,
  created_at: at,
  updated_at: at,
}));

describe("label_selector filters lists", () => {
  const sim = useTestSimulator({ seed: { records: { dedicated_servers: records } } });
  const select = async (selector: string) => {
    const res = await sim().req<Host[]>(
      "GET",
      `/v1/hosts/dedicated_servers?label_selector=${encodeURIComponent(selector)}`,
    );
    expect(res.status).toBe(200);
    return res.body.map((h) => h.id).sort();
  };

  it.each([
    ["env==prod", ["a1", "a2"]],
    ["env=prod", ["a1", "a2"]],
    ["env!=prod", ["a3", "a4", "a5"]],
    ["tier", ["a1", "a2", "a3"]],
    ["!tier", ["a4", "a5"]],
    ["env in (staging, dev)", ["a3", "a4"]],
    ["env notin (prod, dev)", ["a3", "a5"]],
    ["env==prod,tier==web", ["a1"]],
    ["tier, env!=staging", ["a1", "a2"]],
    ["", ["a1", "a2", "a3", "a4", "a5"]],
  ])("%s", async (selector, expected) => {
    expect(await select(selector)).toEqual(expected);
  });

  it.each(["env==", "env in (prod", "env in ()", "=prod", "env===prod", "env ~ prod", "a/b/c"])(
    "answers 400 BAD_REQUEST naming label_selector for %j",
    async (selector) => {
      const res = await sim().req<ApiErrorBody>(
        "GET",
        `/v1/hosts/dedicated_servers?label_selector=${encodeURIComponent(selector)}`,
      );
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("BAD_REQUEST");
      expect(res.body.params).toEqual(["label_selector"]);
    },
  );
});

describe("labels are set through create and update", () => {
  const sim = useTestSimulator({ seed: { records: { dedicated_servers: records } } });
  const put = (labels: unknown) =>
    sim().req<Host & ApiErrorBody>("PUT", "/v1/hosts/dedicated_servers/a1", { labels });

  it("replaces the whole set: labels omitted are removed", async () => {
    const res = await put({ env: "prod", owner: "team-a" });
    expect(res.status).toBe(200);
    expect(res.body.labels).toEqual({ env: "prod", owner: "team-a" });
    const read = await sim().req<Host>("GET", "/v1/hosts/dedicated_servers/a1");
    expect(read.body.labels).toEqual({ env: "prod", owner: "team-a" });
  });

  it("is {} when empty", async () => {
    expect((await put({})).body.labels).toEqual({});
  });

  it.each([
    ["a value with a space", { env: "pro d" }],
    ["a key starting with a dash", { "-env": "x" }],
    ["an uppercase prefix", { "Example.com/env": "x" }],
    ["a name over 63 characters", { ["n".repeat(64)]: "x" }],
    ["a value over 63 characters", { env: "v".repeat(64) }],
    ["a value that is not a string", { env: 1 }],
    ["the reserved prefix", { "servers.com/owner": "me" }],
    ["a subdomain of the reserved prefix", { "api.servers.com/owner": "me" }],
  ])("refuses %s with 422 errors.labels", async (_, labels) => {
    const res = await put(labels);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("UNPROCESSABLE_ENTITY");
    expect(res.body.message).toBe("Validation failed");
    expect(res.body.errors?.labels).toMatch(/\S/);
  });

  it("names the offending key in the field map", async () => {
    const res = await put({ good: "yes", "servers.com/x": "y" });
    expect(res.body.errors?.["labels.servers.com/x"]).toMatch(/reserved/);
    expect(res.body.errors?.["labels.good"]).toBeUndefined();
  });

  it("refuses labels that are not an object", async () => {
    expect((await put(["env"])).status).toBe(422);
  });
});
