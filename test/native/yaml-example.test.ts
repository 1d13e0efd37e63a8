// examples/yaml-native: every resource type, property, option and function of the YAML program is
// one the plugin's schema defines, with required inputs present and literal values of the
// schema's types. (No Pulumi CLI runs here: this is what `pulumi preview` would first check.)
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/engine/repo";

const REPO = repoRoot();
// js-yaml: the YAML parser @pulumi/pulumi itself depends on.
const yaml = createRequire(require.resolve("@pulumi/pulumi"))("js-yaml") as {
  load(text: string): unknown;
};

interface Property {
  readonly type?: string;
  readonly $ref?: string;
}
interface Schema {
  readonly resources: Record<
    string,
    {
      inputProperties: Record<string, Property>;
      properties: Record<string, Property>;
      requiredInputs?: string[];
    }
  >;
  readonly functions: Record<
    string,
    {
      inputs?: { properties: Record<string, Property>; required?: string[] };
      outputs: { properties: Record<string, Property> };
    }
  >;
}
interface Program {
  readonly name: string;
  readonly runtime: string;
  readonly plugins: { providers: { name: string; path: string }[] };
  readonly variables: Record<
    string,
    { "fn::invoke": { function: string; arguments: Record<string, unknown> } }
  >;
  readonly resources: Record<
    string,
    { type: string; properties: Record<string, unknown>; options?: Record<string, unknown> }
  >;
  readonly outputs: Record<string, string>;
}

const schema = (
  JSON.parse(readFileSync(join(REPO, "provider", "native", "generated.json"), "utf8")) as {
    schema: Schema;
  }
).schema;
const program = yaml.load(
  readFileSync(join(REPO, "examples", "yaml-native", "Pulumi.yaml"), "utf8"),
) as Program;

/** A literal's fit to a schema type (interpolations `${...}` are checked by name elsewhere). */
function fits(value: unknown, property: Property): boolean {
  if (typeof value === "string" && value.startsWith("${")) return true;
  switch (property.type) {
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "array":
      return Array.isArray(value);
    default:
      return typeof value === "string";
  }
}

describe("examples/yaml-native", () => {
  it("is a YAML program using the plugin from the package's bin folder", () => {
    expect(program.runtime).toBe("yaml");
    expect(program.plugins.providers).toEqual([
      { name: "serverscom", path: "./node_modules/.bin" },
    ]);
  });

  it("declares only resource types and properties the schema defines, required ones included", () => {
    expect(Object.keys(program.resources).length).toBeGreaterThan(0);
    for (const [name, resource] of Object.entries(program.resources)) {
      const spec = schema.resources[resource.type];
      expect(spec, `${name}: ${resource.type}`).toBeDefined();
      if (spec === undefined) continue;
      for (const [key, value] of Object.entries(resource.properties)) {
        const property = spec.inputProperties[key];
        expect(property, `${name}.${key}`).toBeDefined();
        if (property !== undefined) expect(fits(value, property), `${name}.${key}`).toBe(true);
      }
      for (const required of spec.requiredInputs ?? []) {
        expect(Object.keys(resource.properties), `${name} needs ${required}`).toContain(required);
      }
    }
  });

  it("calls only functions the schema defines, with their arguments, and reads their outputs", () => {
    for (const [name, variable] of Object.entries(program.variables)) {
      const { function: token, arguments: args } = variable["fn::invoke"];
      const spec = schema.functions[token];
      expect(spec, `${name}: ${token}`).toBeDefined();
      for (const key of Object.keys(args)) {
        expect(spec?.inputs?.properties, `${name}: ${token}(${key})`).toHaveProperty([key]);
      }
      for (const required of spec?.inputs?.required ?? [])
        expect(Object.keys(args)).toContain(required);
    }
  });

  it("refers only to outputs the resources and functions have", () => {
    const text = readFileSync(join(REPO, "examples", "yaml-native", "Pulumi.yaml"), "utf8");
    for (const [, subject, field] of text.matchAll(/\$\{(\w+)\.(\w+)\}/g)) {
      if (subject === undefined || field === undefined) continue;
      const resource = program.resources[subject];
      if (resource !== undefined) {
        if (field === "id" || field === "urn") continue;
        expect(schema.resources[resource.type]?.properties, `${subject}.${field}`).toHaveProperty([
          field,
        ]);
        continue;
      }
      const variable = program.variables[subject];
      expect(variable, subject).toBeDefined();
      const token = variable?.["fn::invoke"].function ?? "";
      expect(schema.functions[token]?.outputs.properties, `${subject}.${field}`).toHaveProperty([
        field,
      ]);
    }
  });
});
