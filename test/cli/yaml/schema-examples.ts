// The schema's example programs (examples/schema/<Name>.yaml): read, checked to stand alone, and
// merged into one program so that one stack runs them all through the real CLI in a few minutes.
// Merging is honest only when nothing is shared by accident: a name two examples declare must be
// declared identically (the same lookup, the same resource), which then is one object, as it would
// be in each example alone.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { parse, stringify } from "yaml";
import { repoRoot } from "../../../scripts/engine/repo";

const SECTIONS = ["config", "variables", "resources", "outputs"] as const;
type Section = (typeof SECTIONS)[number];

export interface SchemaExample {
  /** The resource or function it is the example of: the file's name (RbsVolume, getLocation). */
  readonly name: string;
  readonly file: string;
  readonly program: Partial<Record<Section, Record<string, unknown>>>;
}

export function examplesDir(): string {
  return join(repoRoot(), "examples", "schema");
}

export function readExamples(): SchemaExample[] {
  const dir = examplesDir();
  return readdirSync(dir)
    .filter((file) => file.endsWith(".yaml"))
    .sort()
    .map((file) => {
      const program = parse(readFileSync(join(dir, file), "utf8")) as SchemaExample["program"];
      for (const key of Object.keys(program)) {
        if (!(SECTIONS as readonly string[]).includes(key)) {
          throw new Error(`examples/schema/${file}: unexpected top-level key ${key}`);
        }
      }
      return { name: file.replace(/\.yaml$/, ""), file, program };
    });
}

/** The names `${...}` interpolations start from, anywhere in a value. */
function references(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === "string") {
    for (const match of value.matchAll(/\$\{([A-Za-z][\w-]*)/g)) into.add(match[1] as string);
  } else if (Array.isArray(value)) {
    for (const item of value) references(item, into);
  } else if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) references(item, into);
  }
  return into;
}

/** The references of an example that it does not declare itself (none when it stands alone). */
export function undeclared(example: SchemaExample): string[] {
  const declared = new Set(
    (["config", "variables", "resources"] as const).flatMap((s) =>
      Object.keys(example.program[s] ?? {}),
    ),
  );
  return [...references(example.program, new Set())].filter((name) => !declared.has(name));
}

/** One program of every example: a name declared twice must be declared identically. */
export function merge(examples: readonly SchemaExample[]): Record<string, unknown> {
  const out: Record<Section, Record<string, unknown>> = {
    config: {},
    variables: {},
    resources: {},
    outputs: {},
  };
  const owner = new Map<string, string>();
  for (const example of examples) {
    for (const section of SECTIONS) {
      for (const [name, value] of Object.entries(example.program[section] ?? {})) {
        const key = `${section}.${name}`;
        const first = owner.get(key);
        if (first !== undefined && !isDeepStrictEqual(out[section][name], value)) {
          throw new Error(
            `${section} ${name} is declared differently in ${first} and ${example.file}: ` +
              "rename one (the examples run merged in one stack)",
          );
        }
        owner.set(key, first ?? example.file);
        out[section][name] = value;
      }
    }
  }
  return out;
}

/** The body of Pulumi.yaml after `plugins` (project.ts, yamlProject). */
export function mergedBody(examples: readonly SchemaExample[]): string {
  return stringify(merge(examples), { aliasDuplicateObjects: false, lineWidth: 0 });
}
