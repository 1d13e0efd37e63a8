// The schema's examples: one Pulumi YAML program per resource and function
// (examples/schema/<Name>.yaml, each run by the real CLI in test/cli/yaml/schema-examples.test.ts),
// converted to TypeScript, Python, Go, C# and Java by Pulumi's own code generators
// (scripts/schema/examples-gen, `npm run examples`) into examples/schema/examples.json. This
// module appends them to the descriptions in the format Pulumi's docs generator reads
// (`{{% examples %}}`, `{{% example %}}`, a `###` title, then one fenced block per language).
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** One example program in every language, as examples-gen writes it. */
export interface Example {
  readonly title: string;
  readonly typescript: string;
  readonly python: string;
  readonly go: string;
  readonly csharp: string;
  readonly java: string;
  readonly yaml: string;
}

/** The languages of a docs page's chooser, in its order, with their fences. */
export const LANGUAGES = ["typescript", "python", "csharp", "go", "java", "yaml"] as const;

/** The committed conversions: token -> example. */
export function loadExamples(repo: string): Record<string, Example> {
  const file = join(repo, "examples", "schema", "examples.json");
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, Example>;
}

/** The description with its example appended (unchanged when the token has none). */
export function withExample(description: string, example: Example | undefined): string {
  if (example === undefined) return description;
  const blocks = LANGUAGES.map((language) => `\`\`\`${language}\n${example[language]}\`\`\``);
  const section = [
    "{{% examples %}}",
    "## Example Usage",
    "{{% example %}}",
    `### ${example.title}`,
    "",
    ...blocks,
    "{{% /example %}}",
    "{{% /examples %}}",
  ].join("\n");
  return description === "" ? section : `${description}\n\n${section}`;
}

/** Appends every resource's and function's example to its description, in place. */
export function appendExamples(repo: string, ...specs: Record<string, unknown>[]): void {
  const examples = loadExamples(repo);
  for (const group of specs) {
    for (const [token, spec] of Object.entries(group)) {
      const entry = spec as { description?: string };
      const described = withExample(entry.description ?? "", examples[token]);
      if (described !== "") entry.description = described;
    }
  }
}
