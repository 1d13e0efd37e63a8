// Regenerates provider/native/generated.json (scripts/schema/generate.ts): `npm run build`, then
// `node scripts/schema/update.mjs`. test/native/schema.test.ts fails while the file is stale.
// The generator is TypeScript: compiled here in memory, as the engine harness loads programs.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compileFunction } from "node:vm";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const require = createRequire(join(repo, "noop.js"));
const ts = require("typescript");

/** Loads a TypeScript module of this folder; its relative imports load the same way. */
function load(file) {
  const { outputText } = ts.transpileModule(readFileSync(file, "utf8"), {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const module = { exports: {} };
  const base = createRequire(file);
  const local = (name) =>
    name.startsWith(".") ? load(`${join(dirname(file), name)}.ts`) : base(name);
  compileFunction(outputText, ["exports", "require", "module"], { filename: file })(
    module.exports,
    local,
    module,
  );
  return module.exports;
}
const { generateSchema, markReplaceOnChanges, generatedText } = load(
  join(repo, "scripts", "schema", "generate.ts"),
);
const generated = await markReplaceOnChanges(repo, generateSchema(repo));
const { schema } = generated;
const target = join(repo, "provider", "native", "generated.json");
writeFileSync(target, generatedText(generated));
// As `npm run format` would leave it (the test compares the parsed JSON, not the text).
execFileSync(join(repo, "node_modules", ".bin", "biome"), ["format", "--write", target], {
  stdio: "ignore",
});
console.log(
  `provider/native/generated.json: ${Object.keys(schema.resources).length} resources, ` +
    `${Object.keys(schema.functions).length} functions, ${Object.keys(schema.types).length} types`,
);
