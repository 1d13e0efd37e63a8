// The framework's pure parts: durations, configuration, diff helpers, progress lines.
import { Config as DynamicProviderConfig } from "@pulumi/pulumi/cmd/dynamic-provider/config";
import { describe, expect, it } from "vitest";
import { Checker } from "../../provider/framework/check";
import {
  ClientCache,
  DEFAULT_API_URL,
  resolveSettings,
  settingsFromConfig,
} from "../../provider/framework/configuration";
import { diffProperties, jsonEqual, type PropertyRules } from "../../provider/framework/diff";
import { parseDuration } from "../../provider/framework/durations";
import { stateChangeLine, subject } from "../../provider/framework/progress";
import { timeoutsFrom } from "../../provider/framework/resource";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { resourceKinds, resourceProvider, waitTuningFrom } from "../../provider/registry";

describe("Go durations, as the engine parses customTimeouts", () => {
  it.each([
    ["30m", 30 * 60_000],
    ["1h30m", 90 * 60_000],
    ["90s", 90_000],
    ["1.5h", 90 * 60_000],
    ["250ms", 250],
    ["2h45m30.5s", (2 * 3600 + 45 * 60 + 30.5) * 1000],
    [".5s", 500],
    ["1500us", 1.5],
  ])("%s is %d ms", (text, ms) => {
    expect(parseDuration(text)).toBeCloseTo(ms, 6);
  });

  it.each([
    ["", "an empty duration"],
    ["30", '"30": expected a duration'],
    ["1d", '"1d": unknown unit "d"'],
    ["-5m", '"-5m" has a sign'],
    ["0s", '"0s" is not a positive duration'],
    ["m", '"m": expected a duration'],
    ["5 m", '"5 m": unknown unit " m"'],
  ])("%j is refused: %s", (text, message) => {
    const result = parseDuration(text);
    expect(result).toBeInstanceOf(Error);
    expect((result as Error).message).toContain(message);
  });

  it("turns customTimeouts into milliseconds, naming the resource on a bad one", () => {
    expect(timeoutsFrom("RbsVolume data", { create: "45m", read: "5m" })).toEqual({
      create: 2_700_000,
    });
    expect(timeoutsFrom("RbsVolume data", {})).toBeUndefined();
    expect(timeoutsFrom("RbsVolume data", undefined)).toBeUndefined();
    expect(() => timeoutsFrom("RbsVolume data", { delete: "soon" })).toThrow(
      /^RbsVolume data: customTimeouts\.delete: "soon": expected a duration such as "30m"/,
    );
  });

  // From a JavaScript or YAML program the option can be anything (issue 13): the failure names
  // the resource and the option instead of "text.startsWith is not a function".
  it.each([
    [
      { create: 30 },
      /^RbsVolume data: customTimeouts\.create must be a duration string such as "30m" \(got 30\)$/,
    ],
    [
      { update: null },
      /^RbsVolume data: customTimeouts\.update must be a duration string .*\(got null\)$/,
    ],
    [{ delete: { m: 5 } }, /^RbsVolume data: customTimeouts\.delete must be a duration string/],
    ["30m", /^RbsVolume data: customTimeouts must be an object of durations .*\(got a string\)$/],
    [["30m"], /^RbsVolume data: customTimeouts must be an object of durations .*\(got an array\)$/],
  ])("refuses customTimeouts %j, naming the resource and the option", (custom, message) => {
    expect(() => timeoutsFrom("RbsVolume data", custom as never)).toThrow(message);
  });

  it("quotes a bad duration escaped and cut short", () => {
    expect(() => timeoutsFrom("RbsVolume data", { create: "5m\r\nforged" })).toThrow(
      /customTimeouts\.create: "5m\\r\\nforged"/,
    );
    const long = () => timeoutsFrom("RbsVolume data", { create: "x".repeat(100_000) });
    expect(long).toThrow(/\(100000 characters\)/);
  });
});

describe("configuration: stack config first, then the environment", () => {
  // The object the provider host passes to configure (cmd/dynamic-provider/config.js): the
  // engine's config keys are namespaced, values are strings, secrets already unwrapped.
  const request = (raw: Record<string, string>) => ({
    config: new DynamicProviderConfig(raw, "my-project"),
  });

  it("reads serverscom:apiToken and serverscom:apiUrl from the stack configuration", () => {
    const stack = settingsFromConfig(
      request({
        "serverscom:apiToken": "t1",
        "serverscom:apiUrl": "http://127.0.0.1:9/v1",
        "aws:region": "x",
      }),
    );
    expect(stack).toEqual({ token: "t1", url: "http://127.0.0.1:9/v1" });
    expect(
      resolveSettings(stack, { SERVERSCOM_API_TOKEN: "env", SERVERSCOM_API_URL: "http://env" }),
    ).toEqual({
      token: "t1",
      url: "http://127.0.0.1:9/v1",
    });
  });

  it("falls back to SERVERSCOM_API_TOKEN and SERVERSCOM_API_URL, then the public endpoint", () => {
    const stack = settingsFromConfig(request({ "serverscom:apiToken": "  " }));
    expect(stack).toEqual({});
    expect(
      resolveSettings(stack, { SERVERSCOM_API_TOKEN: "env", SERVERSCOM_API_URL: "http://env" }),
    ).toEqual({
      token: "env",
      url: "http://env",
    });
    expect(resolveSettings({}, { SERVERSCOM_API_TOKEN: "env" }).url).toBe(DEFAULT_API_URL);
  });

  it("without a token, says how to set one both ways", () => {
    expect(() => resolveSettings({}, {})).toThrow(
      "serverscom: no API token. Set it with `pulumi config set --secret serverscom:apiToken <token>` " +
        "or the SERVERSCOM_API_TOKEN environment variable.",
    );
  });

  it("keeps one client per token and URL", async () => {
    const cache = new ClientCache();
    const a = cache.client({ token: "t1", url: "http://127.0.0.1:1" });
    expect(cache.client({ token: "t1", url: "http://127.0.0.1:1" })).toBe(a);
    expect(cache.client({ token: "t2", url: "http://127.0.0.1:1" })).not.toBe(a);
    expect(cache.client({ token: "t1", url: "http://127.0.0.1:2" })).not.toBe(a);
    await cache.close();
  });

  it("reads the poll interval from the environment when asked, and refuses nonsense", () => {
    expect(waitTuningFrom({})).toEqual({});
    expect(waitTuningFrom({ SERVERSCOM_POLL_INTERVAL_MS: "20" })).toEqual({
      minDelayMs: 20,
      maxDelayMs: 600,
    });
    expect(() => waitTuningFrom({ SERVERSCOM_POLL_INTERVAL_MS: "fast" })).toThrow(
      'the environment variable SERVERSCOM_POLL_INTERVAL_MS is "fast", which is not a positive number of milliseconds',
    );
  });
});

describe("the registry behind the shims", () => {
  it("knows RbsVolume and names the known kinds for an unknown one", () => {
    expect(resourceKinds).toContain("RbsVolume");
    expect(resourceProvider("RbsVolume")).toBe(resourceProvider("RbsVolume"));
    expect(() => resourceProvider("Nope")).toThrow(
      /does not know the resource kind "Nope" \(known: RbsVolume.*\): the state was written by a different version/,
    );
  });
});

describe("diff helpers", () => {
  const rules: PropertyRules = {
    region: { rule: "replace" },
    size: { rule: "update" },
    note: { rule: "ignore" },
    tags: { rule: "update", desired: (news) => news.tags ?? {} },
  };

  it("compares JSON structurally, ignoring key order and undefined members", () => {
    expect(jsonEqual({ a: 1, b: [1, { c: "x" }] }, { b: [1, { c: "x" }], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1, z: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 2 })).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
  });

  it("lists replacements and updates, skips absent and ignored inputs, and counts unknowns", () => {
    const olds = { region: "a", size: 1, note: "x", tags: { k: "v" } };
    expect(
      diffProperties(rules, olds, { region: "a", size: 1, note: "y", tags: { k: "v" } }),
    ).toEqual({
      changes: false,
      replaces: [],
      updates: [],
      deleteBeforeReplace: true,
    });
    expect(diffProperties(rules, olds, { region: "b" })).toMatchObject({
      changes: true,
      replaces: ["region"],
      updates: ["tags"],
    });
    expect(
      diffProperties(rules, olds, { region: "a", size: UNKNOWN, tags: { k: UNKNOWN } }),
    ).toMatchObject({
      updates: ["size", "tags"],
    });
  });
});

describe("check helpers", () => {
  it("passes unknowns, fails wrong types, and returns only trustworthy values", () => {
    const checker = new Checker({ a: UNKNOWN, b: "x", c: 5, d: "7m" }, {});
    expect(checker.integer("a", true)).toBeUndefined();
    expect(checker.integer("b", true)).toBeUndefined();
    expect(checker.integer("c", true, { max: 9 })).toBe(5);
    expect(checker.duration("d", true)).toBe(420_000);
    expect(checker.string("missing", false)).toBeUndefined();
    expect(checker.failures).toEqual([
      { property: "b", reason: 'b must be a whole number (got "x")' },
    ]);
  });
});

describe("progress lines", () => {
  it("say what changed, for which object, after how long", () => {
    const prefix = subject("RbsVolume", "data", "Rbs2KdWL");
    expect(
      stateChangeLine(prefix, { state: "creating", previous: undefined, value: {}, elapsedMs: 0 }),
    ).toBe("serverscom:RbsVolume data (Rbs2KdWL): creating");
    expect(
      stateChangeLine(prefix, {
        state: "active",
        previous: "creating",
        value: {},
        elapsedMs: 41_300,
      }),
    ).toBe("serverscom:RbsVolume data (Rbs2KdWL): creating -> active after 41s");
  });
});
