import { describe, expect, it } from "vitest";
import { InputValidationError } from "../../sdk/core/errors";
import {
  formatLabelSelector,
  isReservedLabelKey,
  LABEL_RULES,
  type LabelRequirement,
  type LabelRule,
  LabelSelectorBuilder,
  LabelSelectorError,
  LabelValidationError,
  labelIssues,
  labelSelector,
  labelSelectorFromLabels,
  matchesLabelSelector,
  parseLabelSelector,
  RESERVED_LABEL_PREFIX,
  validateLabels,
} from "../../sdk/labels";
import { thrownBy } from "../support/thrown";

const a = (n: number) => "a".repeat(n);
/** A prefix of exactly `length` characters made of 63-character parts. */
function prefixOfLength(length: number): string {
  const parts: string[] = [];
  let left = length;
  while (left > 0) {
    const part = Math.min(63, left);
    parts.push(a(part));
    left -= part + 1;
  }
  return parts.join(".");
}

function rulesOfKey(key: string): LabelRule[] {
  return labelIssues({ [key]: "v" }).map((i) => i.rule);
}
function rulesOfValue(value: unknown): LabelRule[] {
  return labelIssues({ env: value }).map((i) => i.rule);
}

// Each failing example breaks exactly its rule and no other, so a rule that stops being checked,
// or one that fires for the wrong reason, fails the table.
const keyRules: ReadonlyArray<{ rule: LabelRule; pass: string[]; fail: string[] }> = [
  {
    rule: LABEL_RULES.keyShape,
    pass: ["app", "example.com/app"],
    fail: ["a/b/c", "example.com//app", "a/b/"],
  },
  { rule: LABEL_RULES.nameRequired, pass: ["a", "example.com/a"], fail: ["", "example.com/"] },
  { rule: LABEL_RULES.prefixRequired, pass: ["x/app"], fail: ["/app"] },
  {
    rule: LABEL_RULES.keyCharacters,
    pass: ["App-1.x", "a.b-c/D-e.f", "0", "9to5"],
    fail: ["app_name", "my app", "a\u00e91", "ex_ample.com/app", "app:1", "a\u{1F600}b"],
  },
  {
    rule: LABEL_RULES.prefixLowercase,
    pass: ["example.com/App", "a-1.b2/x"],
    fail: ["Example.com/app", "exAmple.com/app"],
  },
  {
    rule: LABEL_RULES.prefixEnds,
    pass: ["a1.b2/x", "1a/x"],
    fail: ["-example.com/app", "example.com-/app", "example-/app"],
  },
  {
    rule: LABEL_RULES.nameEnds,
    pass: ["a", "a-b.c", "x/A.1"],
    fail: ["app-", "-app", ".app", "x/app."],
  },
  {
    rule: LABEL_RULES.prefixLength,
    pass: [`${prefixOfLength(253)}/app`],
    fail: [`${prefixOfLength(254)}/app`],
  },
  {
    rule: LABEL_RULES.prefixParts,
    pass: [`${a(63)}.com/app`],
    fail: [`${a(64)}.com/app`, "a..b/app"],
  },
  { rule: LABEL_RULES.nameLength, pass: [a(63), `x/${a(63)}`], fail: [a(64), `x/${a(64)}`] },
  {
    rule: LABEL_RULES.reservedPrefix,
    pass: ["servers.company/app", "myservers.com/app", "servers.com", "servers.com.example/app"],
    fail: ["servers.com/app", "x.servers.com/app", "a.b.servers.com/app"],
  },
];

const valueRules: ReadonlyArray<{ rule: LabelRule; pass: unknown[]; fail: unknown[] }> = [
  { rule: LABEL_RULES.valueType, pass: ["v"], fail: [1, null, true, undefined, ["a"]] },
  { rule: LABEL_RULES.valueRequired, pass: ["0"], fail: [""] },
  {
    rule: LABEL_RULES.valueCharacters,
    pass: ["v_1.2-X", "a__b"],
    fail: ["a b", "a/b", "a:b", "a\u00e9b"],
  },
  { rule: LABEL_RULES.valueEnds, pass: ["a", "A_1"], fail: ["_a", "a_", "-a", "a."] },
  { rule: LABEL_RULES.valueLength, pass: [a(63)], fail: [a(64)] },
];

/** Each rule's passing texts are accepted, and each failing one is refused by that rule alone. */
function describeRules<T>(
  title: string,
  rules: ReadonlyArray<{ rule: LabelRule; pass: T[]; fail: T[] }>,
  rulesOf: (text: T) => LabelRule[],
): void {
  describe(title, () => {
    for (const { rule, pass, fail } of rules) {
      describe(rule, () => {
        it.each(pass)("accepts %j", (text) => {
          expect(rulesOf(text)).toEqual([]);
        });
        it.each(fail)("rejects %j with this rule alone", (text) => {
          expect(rulesOf(text)).toEqual([rule]);
        });
      });
    }
  });
}

describeRules("label keys follow the spec's rules", keyRules, rulesOfKey);
describeRules("label values follow the spec's rules", valueRules, rulesOfValue);

describe("labels are a plain object of string values", () => {
  it.each([
    ["null", null],
    ["an array", ["a"]],
    ["a string", "env=prod"],
    ["a Map", new Map([["env", "prod"]])],
    ["an object with a prototype", Object.create({ env: "prod" })],
    ["a class instance", new (class Labels {})()],
  ])("rejects %s", (_, labels) => {
    expect(labelIssues(labels)).toEqual([{ key: "", field: "labels", rule: LABEL_RULES.object }]);
  });

  it("accepts an empty object, which clears every label", () => {
    expect(labelIssues({})).toEqual([]);
  });

  it("accepts a null-prototype object (as from some parsers)", () => {
    const labels = Object.assign(Object.create(null) as object, { env: "prod" });
    expect(labelIssues(labels)).toEqual([]);
  });

  it("accepts keys that are also Object.prototype's names", () => {
    expect(labelIssues({ constructor: "x", toString: "y" })).toEqual([]);
  });
});

describe("a broken label names its key and the rule", () => {
  it('gives the field as labels.key, or labels["key"] when it is no identifier', () => {
    const issues = labelIssues({ env: "", "bad key": "x", "example.com/app": "_" });
    expect(issues).toEqual([
      { key: "env", field: "labels.env", rule: LABEL_RULES.valueRequired },
      { key: "bad key", field: 'labels["bad key"]', rule: LABEL_RULES.keyCharacters },
      { key: "example.com/app", field: 'labels["example.com/app"]', rule: LABEL_RULES.valueEnds },
    ]);
  });

  it("reports every broken rule of one key", () => {
    expect(rulesOfKey("Ex_ample.com/app")).toEqual([
      LABEL_RULES.keyCharacters,
      LABEL_RULES.prefixLowercase,
    ]);
  });

  it("throws a LabelValidationError with the first issue as field/rule and all in the message", () => {
    const labels: unknown = { env: a(64), tier: "web", "bad key": "x" };
    const caught = thrownBy(() => validateLabels(labels, "body.labels"));
    expect(caught).toBeInstanceOf(LabelValidationError);
    expect(caught).toBeInstanceOf(InputValidationError);
    const error = caught as LabelValidationError;
    expect(error.field).toBe("body.labels.env");
    expect(error.key).toBe("env");
    expect(error.rule).toBe(LABEL_RULES.valueLength);
    expect(error.issues).toHaveLength(2);
    expect(error.message).toContain(`body.labels.env: ${LABEL_RULES.valueLength}`);
    expect(error.message).toContain(`body.labels["bad key"]: ${LABEL_RULES.keyCharacters}`);
    expect(error.message).not.toContain("tier");
  });

  it("returns normally for valid labels", () => {
    const labels: unknown = { env: "prod", "example.com/team": "Infra_1" };
    validateLabels(labels);
    // The assertion narrowed the type: this line only compiles because of it.
    expect(labels.env).toBe("prod");
  });
});

describe("the reserved prefix", () => {
  it("is the service's own domain", () => {
    expect(RESERVED_LABEL_PREFIX).toBe("servers.com");
  });
  it.each([
    ["servers.com/x", true],
    ["x.servers.com/x", true],
    ["Servers.COM/x", true],
    ["servers.com", false],
    ["notservers.com/x", false],
    ["servers.community/x", false],
    ["x", false],
  ])("%s reserved: %s", (key, reserved) => {
    expect(isReservedLabelKey(key)).toBe(reserved);
  });
});

// --- selectors ---

function roundTripThroughUrl(selector: string): string {
  const query = new URLSearchParams({ label_selector: selector }).toString();
  return new URLSearchParams(query).get("label_selector") ?? "";
}

const operatorCases: ReadonlyArray<{
  name: string;
  build: LabelSelectorBuilder | undefined;
  text: string;
  requirements: LabelRequirement[];
}> = [
  {
    name: "key==value",
    build: labelSelector().eq("env", "prod"),
    text: "env==prod",
    requirements: [{ key: "env", operator: "==", values: ["prod"] }],
  },
  {
    name: "key=value",
    build: undefined,
    text: "env=prod",
    requirements: [{ key: "env", operator: "=", values: ["prod"] }],
  },
  {
    name: "key!=value",
    build: labelSelector().ne("example.com/tier", "web_1"),
    text: "example.com/tier!=web_1",
    requirements: [{ key: "example.com/tier", operator: "!=", values: ["web_1"] }],
  },
  {
    name: "key",
    build: labelSelector().exists("env"),
    text: "env",
    requirements: [{ key: "env", operator: "exists", values: [] }],
  },
  {
    name: "!key",
    build: labelSelector().notExists("env"),
    text: "!env",
    requirements: [{ key: "env", operator: "!", values: [] }],
  },
  {
    name: "key in (v1, v2)",
    build: labelSelector().in("env", ["prod", "staging"]),
    text: "env in (prod, staging)",
    requirements: [{ key: "env", operator: "in", values: ["prod", "staging"] }],
  },
  {
    name: "key notin (v1, v2)",
    build: labelSelector().notIn("env", ["dev"]),
    text: "env notin (dev)",
    requirements: [{ key: "env", operator: "notin", values: ["dev"] }],
  },
  {
    name: "all of them joined by commas",
    build: labelSelector()
      .eq("a", "1")
      .ne("b", "2")
      .exists("c")
      .notExists("d")
      .in("e", ["3", "4"])
      .notIn("f", ["5"]),
    text: "a==1,b!=2,c,!d,e in (3, 4),f notin (5)",
    requirements: [
      { key: "a", operator: "==", values: ["1"] },
      { key: "b", operator: "!=", values: ["2"] },
      { key: "c", operator: "exists", values: [] },
      { key: "d", operator: "!", values: [] },
      { key: "e", operator: "in", values: ["3", "4"] },
      { key: "f", operator: "notin", values: ["5"] },
    ],
  },
];

describe("label selector round trip, per operator", () => {
  for (const { name, build, text, requirements } of operatorCases) {
    describe(name, () => {
      if (build !== undefined) {
        it("the builder renders the text", () => {
          expect(build.toString()).toBe(text);
          expect(build.requirements).toEqual(requirements);
        });
      }
      it("parses to the requirements and formats back to the same text", () => {
        const parsed = parseLabelSelector(text);
        expect(parsed).toEqual(requirements);
        expect(formatLabelSelector(parsed)).toBe(text);
        expect(parseLabelSelector(formatLabelSelector(requirements))).toEqual(requirements);
      });
      it("survives percent-encoding in a URL", () => {
        const query = new URLSearchParams({ label_selector: text }).toString();
        if (/[=!(), ]/.test(text)) expect(query).not.toContain(text);
        expect(parseLabelSelector(roundTripThroughUrl(text))).toEqual(requirements);
      });
    });
  }
});

describe("label selector text", () => {
  it("tolerates whitespace around every token and formats it canonically", () => {
    const text = "  env  ==  prod ,\t! gone , tier in ( a ,b ) ,x notin(c)  , k = v , e != f , h ";
    expect(formatLabelSelector(parseLabelSelector(text))).toBe(
      "env==prod,!gone,tier in (a, b),x notin (c),k=v,e!=f,h",
    );
  });

  it("an empty or blank selector selects everything", () => {
    expect(parseLabelSelector("")).toEqual([]);
    expect(parseLabelSelector("  ")).toEqual([]);
    expect(formatLabelSelector([])).toBe("");
    expect(labelSelector().toString()).toBe("");
  });

  it("reads in and notin as operators only after a key, so they remain valid keys", () => {
    expect(parseLabelSelector("in,notin notin (in),!in")).toEqual([
      { key: "in", operator: "exists", values: [] },
      { key: "notin", operator: "notin", values: ["in"] },
      { key: "in", operator: "!", values: [] },
    ]);
    const built = labelSelector().exists("in").notIn("notin", ["in"]).notExists("in").toString();
    expect(built).toBe("in,notin notin (in),!in");
  });

  it("keeps the order and repetition of values", () => {
    expect(parseLabelSelector("env in (b,a,b)")).toEqual([
      { key: "env", operator: "in", values: ["b", "a", "b"] },
    ]);
  });
});

describe("a malformed label selector is a LabelSelectorError", () => {
  it.each([
    ["env in (a", 9, "',' or ')'"],
    ["=x", 0, "a label key"],
    ["a==b==c", 4, "',' or the end"],
    [",", 0, "a label key"],
    ["env notin ()", 11, "a value"],
    ["env,", 4, "a label key"],
    ["env==", 5, "a value"],
    ["env===a", 5, "a value"],
    ["env in a", 7, "'(' after in"],
    ["env foo", 4, "an operator"],
    ["env in (a,)", 10, "a value"],
    ["env in (a b)", 10, "',' or ')'"],
    ["!", 1, "a label key"],
    ["!env==a", 4, "',' or the end"],
    ["env==a b", 7, "',' or the end"],
    ["env<a", 3, "an operator"],
    ["Bad.Prefix/app", 0, "a valid label key"],
    ["a/b/c==d", 0, "a valid label key"],
    ["env==_x", 5, "a valid label value"],
    ["env in (ok, x/y)", 12, "a valid label value"],
    [`env==${a(64)}`, 5, "a valid label value"],
  ])("%j at offset %i", (text, position, expected) => {
    const caught = thrownBy(() => parseLabelSelector(text));
    expect(caught).toBeInstanceOf(LabelSelectorError);
    expect(caught).toBeInstanceOf(InputValidationError);
    const error = caught as LabelSelectorError;
    expect(error.field).toBe("label_selector");
    expect(error.position).toBe(position);
    expect(error.expected).toContain(expected);
    expect(error.message).toContain(`at offset ${position}`);
  });

  it("names the broken label rule and what was found", () => {
    expect(() => parseLabelSelector("env==_x")).toThrow(LABEL_RULES.valueEnds);
    expect(() => parseLabelSelector("env in (a")).toThrow("found the end of the selector");
    expect(() => parseLabelSelector("a==b==c")).toThrow('found "==c"');
  });

  it("allows selecting on a reserved key (only setting one is forbidden)", () => {
    expect(parseLabelSelector("servers.com/owner")).toEqual([
      { key: "servers.com/owner", operator: "exists", values: [] },
    ]);
  });
});

describe("parseLabelSelector given what is not a string (a JavaScript caller)", () => {
  it.each([42, null, undefined, {}, ["env=prod"]])(
    "%j: the SDK's InputValidationError",
    (value) => {
      const parse = () => parseLabelSelector(value as never);
      expect(parse).toThrow(InputValidationError);
      expect(parse).toThrow(/^label_selector: must be a string \(got (a|an|null)/);
    },
  );
});

describe("label selectors scale linearly", () => {
  it("parses a 100,000-character selector", () => {
    const conditions = Array.from({ length: 8_000 }, (_, i) => `k${i}==v${i}`);
    const text = conditions.join(",");
    expect(text.length).toBeGreaterThanOrEqual(100_000);
    const parsed = parseLabelSelector(text);
    expect(parsed).toHaveLength(8_000);
    expect(parsed[7_999]).toEqual({ key: "k7999", operator: "==", values: ["v7999"] });
    expect(formatLabelSelector(parsed)).toBe(text);
  });

  it("parses a 100,000-character value list and rejects 100,000 characters of noise", () => {
    const values = Array.from({ length: 20_000 }, (_, i) => `v${i}`);
    const text = `env in (${values.join(", ")})`;
    expect(text.length).toBeGreaterThanOrEqual(100_000);
    expect(parseLabelSelector(text)).toEqual([{ key: "env", operator: "in", values }]);

    const unclosed = `env in (${"a, ".repeat(40_000)}`;
    expect(() => parseLabelSelector(unclosed)).toThrow(LabelSelectorError);
    expect(() => parseLabelSelector("=".repeat(100_000))).toThrow(LabelSelectorError);
    expect(parseLabelSelector(" ".repeat(100_000))).toEqual([]);
  });
});

describe("matching labels against a selector", () => {
  const labels = { env: "prod", tier: "web", constructor: "x" };
  const match = (text: string, l: Record<string, string> = labels) =>
    matchesLabelSelector(parseLabelSelector(text), l);

  it.each([
    ["env==prod", true],
    ["env==dev", false],
    ["env=prod", true],
    ["missing==prod", false],
    ["env!=dev", true],
    ["env!=prod", false],
    // As in Kubernetes: "value differs" holds for a missing value.
    ["missing!=prod", true],
    ["env", true],
    ["missing", false],
    ["!missing", true],
    ["!env", false],
    ["env in (dev, prod)", true],
    ["env in (dev, staging)", false],
    ["missing in (prod)", false],
    ["env notin (dev, staging)", true],
    ["env notin (dev, prod)", false],
    // As in Kubernetes: "value is neither" holds for a missing value.
    ["missing notin (prod)", true],
    ["env==prod,tier==web", true],
    ["env==prod,tier==db", false],
    ["", true],
  ])("%j -> %s", (text, expected) => {
    expect(match(text)).toBe(expected);
  });

  it("does not see Object.prototype's members as labels", () => {
    expect(match("toString", {})).toBe(false);
    expect(match("!hasOwnProperty", {})).toBe(true);
    expect(match("constructor==x")).toBe(true);
  });

  it("compares values exactly (case matters)", () => {
    expect(match("env==Prod")).toBe(false);
  });
});

describe("the selector builder", () => {
  it("is immutable: each call returns a new builder", () => {
    const base = labelSelector().eq("env", "prod");
    const withTier = base.eq("tier", "web");
    expect(base.toString()).toBe("env==prod");
    expect(withTier.toString()).toBe("env==prod,tier==web");
    expect(Object.isFrozen(withTier.requirements)).toBe(true);
  });

  it("gives a plain string for ListOptions.labelSelector", () => {
    expect(typeof labelSelector().exists("env").toString()).toBe("string");
    expect(`${labelSelector().exists("env")}`).toBe("env");
  });

  it.each([
    ["a key with a space", () => labelSelector().eq("bad key", "x"), LABEL_RULES.keyCharacters],
    ["a value with a comma", () => labelSelector().eq("env", "a,b"), LABEL_RULES.valueCharacters],
    [
      "a value with a parenthesis",
      () => labelSelector().in("env", ["a)"]),
      LABEL_RULES.valueCharacters,
    ],
    ["an empty value", () => labelSelector().ne("env", ""), LABEL_RULES.valueRequired],
    ["an empty set", () => labelSelector().in("env", []), LABEL_RULES.valueRequired],
    ["an empty key", () => labelSelector().exists(""), LABEL_RULES.nameRequired],
    ["a key of two slashes", () => labelSelector().notExists("a/b/c"), LABEL_RULES.keyShape],
  ])("rejects %s naming the key and the rule", (_, build, rule) => {
    expect(build).toThrow(LabelValidationError);
    expect(build).toThrow(rule);
  });

  it("names the key in the error", () => {
    expect(() => labelSelector().eq("bad key", "x")).toThrow('label_selector["bad key"]');
  });

  it("refuses to format a hand-built requirement the grammar cannot express", () => {
    const broken = { key: "env", operator: "in", values: [] } as unknown as LabelRequirement;
    expect(() => formatLabelSelector([broken])).toThrow(LabelValidationError);
    expect(() => formatLabelSelector([{ key: "env", operator: "==", values: ["a b"] }])).toThrow(
      LABEL_RULES.valueCharacters,
    );
  });
});

describe("a selector from labels", () => {
  it("selects every pair with ==, keys sorted", () => {
    const text = labelSelectorFromLabels({ "pulumi.com/stack": "dev", app: "web" });
    expect(text).toBe("app==web,pulumi.com/stack==dev");
    expect(
      matchesLabelSelector(parseLabelSelector(text), { app: "web", "pulumi.com/stack": "dev" }),
    ).toBe(true);
  });

  it("refuses empty labels, whose selector would match everything", () => {
    expect(() => labelSelectorFromLabels({})).toThrow(InputValidationError);
  });

  it("refuses a label that breaks the rules", () => {
    expect(() => labelSelectorFromLabels({ env: "a b" })).toThrow(LabelValidationError);
  });
});
