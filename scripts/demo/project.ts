// The Pulumi project the demo runs: the repository's own Pulumi.yaml (the quick start), read for
// its name and its `main` program file.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

export interface DemoProject {
  /** The project's name (part of every resource's ownership label). */
  readonly name: string;
  /** Where the Pulumi.yaml is. */
  readonly root: string;
  /** `main` as written: the program file, relative to the root. */
  readonly main: string;
  /** The program file. */
  readonly programFile: string;
  /** The folder of the program file: the program's and the provider's working directory. */
  readonly programDir: string;
}

/** One top-level `key: value` of a Pulumi.yaml (the demo needs two plain ones, not YAML). */
function field(text: string, key: string, file: string): string {
  const match = new RegExp(`^${key}:\\s*(\\S+)\\s*$`, "m").exec(text);
  if (match?.[1] === undefined) throw new Error(`${file} has no top-level \`${key}\``);
  return match[1];
}

export function readProject(root: string): DemoProject {
  const file = join(root, "Pulumi.yaml");
  const text = readFileSync(file, "utf8");
  const main = field(text, "main", file);
  const programFile = join(root, main);
  return {
    name: field(text, "name", file),
    root,
    main,
    programFile,
    programDir: dirname(programFile),
  };
}
