// Regenerates examples/schema/examples.json, the schema's examples in TypeScript, Python, Go, C#
// and Java, from the YAML programs beside it (scripts/schema/examples-gen, a Go module: needs Go
// on PATH; the first run downloads and compiles its modules, minutes). Then
// `node scripts/schema/update.mjs` puts them into the schema. `npm run examples` runs both.
// test/native/schema-examples.test.ts fails while the file is stale.
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const started = Date.now();
execFileSync(
  "go",
  [
    "run",
    ".",
    join(repo, "provider", "native", "generated.json"),
    join(repo, "examples", "schema"),
    join(repo, "examples", "schema", "examples.json"),
  ],
  { cwd: join(repo, "scripts", "schema", "examples-gen"), stdio: "inherit" },
);
console.log(`examples/schema/examples.json: ${((Date.now() - started) / 1000).toFixed(1)} s`);
