// What discovery writes: a Pulumi bulk import file, or a TypeScript program of dynamic classes.
//
// The import file is what `pulumi import --file` reads (pulumi/pulumi v3.274.1
// pkg/cmd/pulumi/operations/import.go:205-262, importSpec and importFile): `resources`, each with
// `type`, `name`, `id` and, for an object that lives on another one in the file, `parent` (that
// entry's name, resolved to its URN by parseImportFile, import.go:326-564). The file holds no
// `provider`: the stack's default serverscom provider reads every object.

import type { Entry } from "./discover";
import type { Addition, KindName } from "./kinds";

/** The native plugin's type token of a kind. */
export const typeToken = (kind: KindName) => `serverscom:index:${kind}`;

export interface ImportSpec {
  readonly type: string;
  readonly name: string;
  readonly id: string;
  readonly parent?: string;
}

export function importFile(entries: readonly Entry[]): string {
  const resources: ImportSpec[] = entries.map((e) => ({
    type: typeToken(e.kind),
    name: e.name,
    id: e.id,
    ...(e.parentName === undefined ? {} : { parent: e.parentName }),
  }));
  return `${JSON.stringify({ resources }, null, 2)}\n`;
}

/** The stack setting a TypeScript program reads an addition from: `<name><Property>`. */
export function configKey(name: string, addition: Addition): string {
  return `${name}${addition.property.charAt(0).toUpperCase()}${addition.property.slice(1)}`;
}

/** The `pulumi config set` command for an addition. */
export function configCommand(name: string, addition: Addition): string {
  const value = addition.object === true ? `'<${addition.what}, as JSON>'` : `<${addition.what}>`;
  return `pulumi config set${addition.secret === true ? " --secret" : ""} ${configKey(name, addition)} ${value}`;
}

/** How the program reads one addition from the stack configuration. */
function configRead(kind: KindName, name: string, addition: Addition): string {
  const key = JSON.stringify(configKey(name, addition));
  if (addition.object === true) {
    const type = `serverscom.${kind}Args[${JSON.stringify(addition.property)}]`;
    return addition.required
      ? `config.requireObject<${type}>(${key})`
      : `config.getObject<${type}>(${key})`;
  }
  if (addition.secret === true) {
    return addition.required ? `config.requireSecret(${key})` : `config.getSecret(${key})`;
  }
  return addition.required ? `config.require(${key})` : `config.get(${key})`;
}

/** Kinds that take charge of an object named by an input of their own, not by adoptId. */
const ADOPT_BY_NATURE: readonly KindName[] = ["KubernetesCluster", "KubernetesBaremetalNodePower"];

/**
 * The value without its nulls, at any depth: the classes' argument types take an absent value, not
 * null, and an input the object has no value for means the same absent.
 */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

function indent(text: string, by: string): string {
  return text.split("\n").join(`\n${by}`);
}

/**
 * A TypeScript program: one resource per entry with `adoptId` and the live values as inputs, so
 * that the first `up` adopts every object as it is. Inputs the API never returns come from the
 * stack configuration (`<name><Property>`; secrets with --secret), so the program is written
 * once and no secret is ever in it.
 */
export function typescriptProgram(
  entries: readonly Entry[],
  inputs: ReadonlyMap<Entry, Record<string, unknown>>,
): string {
  const lines: string[] = [
    "// Written by serverscom-discover: one resource per object of the account, each adopted",
    "// (adoptId) with the values it has, so the first `pulumi up` takes them over and changes",
    "// nothing on them. Review it, then run `pulumi preview`.",
  ];
  const settings = entries.flatMap((e) => e.additions.map((a) => configCommand(e.name, a)));
  if (settings.length > 0) {
    lines.push("//", "// Inputs the API never returns are read from the stack configuration:");
    for (const command of settings) lines.push(`//   ${command}`);
  }
  lines.push(
    'import * as pulumi from "@pulumi/pulumi";',
    'import * as serverscom from "pulumi-serverscom";',
    "",
    "const config = new pulumi.Config();",
    "",
  );
  for (const e of entries) {
    const values: Record<string, unknown> = {};
    if (!ADOPT_BY_NATURE.includes(e.kind)) values.adoptId = e.id;
    for (const [key, value] of Object.entries(inputs.get(e) ?? {})) {
      // An input the object has no value for is left out: absent means the same.
      if (value !== null && value !== undefined && key !== "adoptId") {
        values[key] = withoutNulls(value);
      }
    }
    const body = Object.entries(values).map(
      ([key, value]) => `  ${key}: ${indent(JSON.stringify(value, null, 2), "  ")},`,
    );
    for (const addition of e.additions) {
      body.push(`  ${addition.property}: ${configRead(e.kind, e.name, addition)},`);
    }
    const options = e.parentName === undefined ? "" : `, { parent: ${e.parentName} }`;
    lines.push(
      `const ${e.name} = new serverscom.${e.kind}(${JSON.stringify(e.name)}, {`,
      ...body,
      `}${options});`,
    );
  }
  return `${lines.join("\n")}\n`;
}
