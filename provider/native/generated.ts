// What the plugin serves about itself: the package schema and the constructors' defaults,
// generated from the kinds and functions by scripts/schema/generate.ts (generated.json beside
// this file; test/native/schema.test.ts fails when it no longer matches the sources).
import generated from "./generated.json";

/** An input's default, as the dynamic class's constructor applies it. */
export type InputDefault =
  | { readonly resourceName: true }
  | { readonly value: string | number | boolean | null };

interface PropertySpec {
  readonly secret?: boolean;
}

interface ResourceSpec {
  readonly properties: Readonly<Record<string, PropertySpec>>;
  readonly inputProperties: Readonly<Record<string, PropertySpec>>;
}

export interface PackageSchema {
  readonly name: string;
  readonly version: string;
  readonly resources: Readonly<Record<string, ResourceSpec>>;
  readonly functions: Readonly<Record<string, unknown>>;
}

export const packageSchema = generated.schema as unknown as PackageSchema;
const defaults = generated.defaults as unknown as Readonly<
  Record<string, Readonly<Record<string, InputDefault>>>
>;

/** The package's name and the module of every token: `serverscom:index:<Kind>`. */
export const PACKAGE = packageSchema.name;
export const MODULE = "index";

export function resourceToken(kind: string): string {
  return `${PACKAGE}:${MODULE}:${kind}`;
}

/** The kind of a resource or function token, or undefined for a token of another package. */
export function nameOfToken(token: string): string | undefined {
  const prefix = `${PACKAGE}:${MODULE}:`;
  return token.startsWith(prefix) ? token.slice(prefix.length) : undefined;
}

/** The schema's JSON text, as GetSchema answers it. */
export const schemaText = JSON.stringify(packageSchema);

export function kindDefaults(kind: string): Readonly<Record<string, InputDefault>> {
  return defaults[kind] ?? {};
}

/** Names of the kind's secret outputs and secret inputs (schema `secret: true`). */
export function secretProperties(kind: string): { outputs: Set<string>; inputs: Set<string> } {
  const spec = packageSchema.resources[resourceToken(kind)];
  const secretNames = (props: Readonly<Record<string, PropertySpec>> | undefined) =>
    new Set(
      Object.entries(props ?? {})
        .filter(([, p]) => p.secret === true)
        .map(([name]) => name),
    );
  return { outputs: secretNames(spec?.properties), inputs: secretNames(spec?.inputProperties) };
}
