// Regenerates examples/schema/examples.json, the schema's examples in TypeScript, Python, Go, C#
// and Java, from the YAML programs beside it (scripts/schema/examples-gen, a Go module: needs Go
// on PATH; the first run downloads and compiles its modules, minutes), and the example blocks of
// docs/languages.md (`<!-- example <Name> <language> -->`). `npm run examples` runs this, then
// scripts/schema/update.mjs, which puts them into the schema.
// test/native/schema-examples.test.ts fails while either is stale.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const started = Date.now();
const out = join(repo, "examples", "schema", "examples.json");
execFileSync(
  "go",
  [
    "run",
    ".",
    join(repo, "provider", "native", "generated.json"),
    join(repo, "examples", "schema"),
    out,
  ],
  { cwd: join(repo, "scripts", "schema", "examples-gen"), stdio: "inherit" },
);
console.log(`examples/schema/examples.json: ${((Date.now() - started) / 1000).toFixed(1)} s`);

const examples = JSON.parse(readFileSync(out, "utf8"));
const docs = join(repo, "docs", "languages.md");
const text = readFileSync(docs, "utf8").replace(
  /<!-- example (\w+) (\w+) -->\n[\s\S]*?<!-- \/example -->/g,
  (_, name, language) => {
    const code = examples[`serverscom:index:${name}`]?.[language];
    if (code === undefined) throw new Error(`docs/languages.md: no ${language} example of ${name}`);
    return `<!-- example ${name} ${language} -->\n\`\`\`${language}\n${code}\`\`\`\n<!-- /example -->`;
  },
);
writeFileSync(docs, text);
