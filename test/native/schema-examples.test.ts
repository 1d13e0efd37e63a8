// The schema's examples (examples/schema, scripts/schema/examples.ts): one YAML program for every
// resource and function, each standing alone, all of them mergeable into the one stack
// test/cli/yaml/schema-examples.test.ts runs through the real CLI; every description carries its
// example in six languages; and examples/schema/examples.json is what Pulumi's generators make of
// the YAML programs today (`npm run examples` regenerates it), which needs Go.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/engine/repo";
import { LANGUAGES, loadExamples } from "../../scripts/schema/examples";
import { merge, readExamples, undeclared } from "../cli/yaml/schema-examples";

const REPO = repoRoot();
const schema = JSON.parse(readFileSync(join(REPO, "provider", "native", "generated.json"), "utf8"))
  .schema as {
  resources: Record<string, { description?: string }>;
  functions: Record<string, { description?: string }>;
};
const examples = readExamples();

function hasGo(): boolean {
  try {
    execFileSync("go", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("the schema's examples", () => {
  it("has a YAML program for every resource and every function, and for nothing else", () => {
    const tokens = [...Object.keys(schema.resources), ...Object.keys(schema.functions)].sort();
    expect(examples.map((e) => `serverscom:index:${e.name}`).sort()).toEqual(tokens);
  });

  it("each program stands alone: it declares every name it refers to", () => {
    for (const example of examples)
      expect([example.file, undeclared(example)]).toEqual([example.file, []]);
  });

  it("merges into one program: a name two programs declare is declared identically", () => {
    expect(() => merge(examples)).not.toThrow();
  });

  it("every resource's and function's description carries its example in six languages", () => {
    const committed = loadExamples(REPO);
    for (const [token, spec] of [
      ...Object.entries(schema.resources),
      ...Object.entries(schema.functions),
    ]) {
      const example = committed[token];
      expect(example, token).toBeDefined();
      for (const language of LANGUAGES) {
        expect(example?.[language], `${token} ${language}`).toMatch(/\S/);
        expect(spec.description, `${token} ${language}`).toContain(`\`\`\`${language}\n`);
      }
      expect(spec.description).toContain(`### ${example?.title}\n`);
    }
  });

  it("every YAML snippet is its program's file as committed", () => {
    const committed = loadExamples(REPO);
    for (const example of examples) {
      const source = readFileSync(join(REPO, "examples", "schema", example.file), "utf8");
      expect(committed[`serverscom:index:${example.name}`]?.yaml).toBe(
        source.slice(source.indexOf("\n") + 1),
      );
    }
  });

  it("docs/languages.md shows the committed conversions", () => {
    const committed = loadExamples(REPO);
    const docs = readFileSync(join(REPO, "docs", "languages.md"), "utf8");
    const blocks = [
      ...docs.matchAll(/<!-- example (\w+) (\w+) -->\n```\w+\n([\s\S]*?)```\n<!-- \/example -->/g),
    ];
    expect(blocks.length).toBe(LANGUAGES.length);
    for (const [, name, language, code] of blocks) {
      const example = committed[`serverscom:index:${name}`] as Record<string, string> | undefined;
      expect(code, `${name} ${language}`).toBe(example?.[language as string]);
    }
  });

  it.skipIf(!hasGo())(
    `examples.json is what Pulumi's generators make of the programs today${hasGo() ? "" : " (skipped: needs Go on PATH, which scripts/schema/examples-gen is written in)"}`,
    () => {
      const dir = mkdtempSync(join(tmpdir(), "serverscom-examples-"));
      try {
        const out = join(dir, "examples.json");
        execFileSync(
          "go",
          [
            "run",
            ".",
            join(REPO, "provider", "native", "generated.json"),
            join(REPO, "examples", "schema"),
            out,
          ],
          {
            cwd: join(REPO, "scripts", "schema", "examples-gen"),
            stdio: ["ignore", "ignore", "pipe"],
          },
        );
        const fresh = JSON.parse(readFileSync(out, "utf8"));
        // Regenerate with `npm run build && npm run examples` when this fails.
        expect(loadExamples(REPO)).toEqual(fresh);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    // A cold Go module cache downloads and compiles Pulumi's modules first (minutes).
    15 * 60_000,
  );
});
