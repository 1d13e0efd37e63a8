// The engine's rendering of a check failure's value (scripts/engine/diag.ts): Go's
// fmt.Sprintf("{%v}", v.V) of the redacted PropertyValue (pulumi/pulumi v3.274.1
// sdk/go/common/resource/properties.go:642-693, String and RedactSecrets).
import { describe, expect, it } from "vitest";
import { checkFailureMessage, renderPropertyValue } from "../../scripts/engine/diag";
import { initErrorText } from "../../scripts/engine/host";
import { secretValue } from "../../scripts/engine/secrets";

describe("renderPropertyValue", () => {
  it.each<[unknown, string]>([
    [5000, "{5000}"],
    [123456, "{123456}"],
    [1000000, "{1e+06}"],
    [1234567, "{1.234567e+06}"],
    [0.5, "{0.5}"],
    [0.00001, "{1e-05}"],
    ["web-1", "{web-1}"],
    [true, "{true}"],
    [null, "{<nil>}"],
    [[1, "a"], "{[{1} {a}]}"],
    [{ team: "app", env: "prod" }, "{map[env:{prod} team:{app}]}"],
    [{ token: secretValue("x") }, "{map[token:{[secret]}]}"],
  ])("%j as %s", (value, text) => {
    expect(renderPropertyValue(value)).toBe(text);
  });
});

describe("checkFailureMessage", () => {
  const failure = (property: string) => ({ property, reason: "no" });
  it("names the value the program gave", () => {
    expect(checkFailureMessage("t", "n", failure("size"), { size: 5000 }, [])).toBe(
      "t resource 'n': property size value {5000} has a problem: no",
    );
  });
  it("redacts a secret input", () => {
    expect(checkFailureMessage("t", "n", failure("key"), { key: "pem" }, ["key"])).toBe(
      "t resource 'n': property key value {[secret]} has a problem: no",
    );
  });
  it("renders a missing or nested input as nil", () => {
    expect(checkFailureMessage("t", "n", failure("a.b"), { a: { b: 1 } }, [])).toBe(
      "t resource 'n': property a.b value {<nil>} has a problem: no",
    );
  });
  it("a failure without a property has the engine's other form", () => {
    expect(checkFailureMessage("t", "n", failure(""), {}, [])).toBe(
      "t resource 'n' has a problem: no",
    );
  });
});

describe("initErrorText", () => {
  it("words the reasons as go-multierror's list", () => {
    expect(initErrorText(["a"])).toBe("1 error occurred:\n\t* a");
    expect(initErrorText(["a", "b"])).toBe("2 errors occurred:\n\t* a\n\t* b");
    expect(initErrorText([])).toBe("resource init failed");
  });
});
