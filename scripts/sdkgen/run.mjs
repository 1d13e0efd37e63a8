// `npm run sdks`: regenerates the Pulumi SDKs of the native plugin under sdks/<language> from
// provider/native/generated.json, with Pulumi's own code generators (main.go says which and
// why `pulumi package gen-sdk` itself cannot run here). The version is package.json's.
//
//   node scripts/sdkgen/run.mjs               writes sdks/ (then `go mod tidy` in the Go SDK)
//   node scripts/sdkgen/run.mjs --out <dir>   writes <dir> only (the freshness test compares it)
//
// The tool is built once per source and Go version into a cache folder (about 5 minutes cold,
// most of it downloading the modules; under a second warm), as scripts/pulumi-cli/build.mjs
// builds the CLI. Its last line of output is the folder written.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");

/** The Go SDK's own module (sdks/go/serverscom): its go.mod and go.sum are not generated. */
export const GO_SDK_MODULE_FILES = ["go/serverscom/go.mod", "go/serverscom/go.sum"];

/** The pulumi/pulumi sdk the Go SDK requires: the CLI's version (../pulumi-cli/cli/go.mod). */
const PULUMI_GO_SDK = "github.com/pulumi/pulumi/sdk/v3";

function go(args, cwd, capture = false) {
  return execFileSync("go", args, {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", capture ? "pipe" : "inherit", "inherit"],
    env: { ...process.env, GOFLAGS: `${process.env.GOFLAGS ?? ""} -mod=readonly`.trim() },
  });
}

/** Builds the tool (or finds it built) and returns its path. */
export function sdkgenBinary() {
  const goVersion = execFileSync("go", ["env", "GOVERSION"], { encoding: "utf8" }).trim();
  const hash = createHash("sha256");
  for (const file of ["go.mod", "go.sum", "main.go"]) hash.update(readFileSync(join(here, file)));
  const key = `${hash.digest("hex").slice(0, 16)}_${goVersion}`;
  const cacheRoot =
    process.env.PULUMI_SERVERSCOM_SDKGEN_CACHE ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "pulumi-serverscom", "sdkgen");
  const binary = join(cacheRoot, key, "sdkgen");
  if (existsSync(binary)) return binary;
  const started = Date.now();
  mkdirSync(join(cacheRoot, key), { recursive: true });
  const partial = `${binary}.partial-${process.pid}`;
  go(["build", "-trimpath", "-o", partial, "."], here);
  renameSync(partial, binary);
  console.error(`sdkgen: built in ${Math.round((Date.now() - started) / 1000)} s`);
  return binary;
}

/** The .NET generator's default logo: its own module's copy (main.go, "The .NET generator"). */
function dotnetLogo() {
  const dir = go(
    ["list", "-m", "-f", "{{.Dir}}", "github.com/pulumi/pulumi-dotnet/pulumi-language-dotnet/v3"],
    here,
    true,
  ).trim();
  return join(dir, "codegen", "testdata", "simple-enum-schema", "logo.png");
}

/** Writes every language's SDK into `out`; returns the generation's milliseconds. */
export function generateSdks(out) {
  const binary = sdkgenBinary();
  const { version } = JSON.parse(readFileSync(join(repo, "package.json"), "utf8"));
  const keep = new Map();
  for (const name of GO_SDK_MODULE_FILES) {
    const path = join(out, name);
    if (existsSync(path)) keep.set(path, readFileSync(path));
  }
  const started = Date.now();
  execFileSync(
    binary,
    [
      "-schema",
      join(repo, "provider", "native", "generated.json"),
      "-out",
      out,
      "-version",
      version,
      "-dotnet-logo",
      dotnetLogo(),
    ],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  const elapsed = Date.now() - started;
  for (const [path, text] of keep) writeFileSync(path, text);
  // pyproject.toml names README.md beside it; the generator writes it into the package folder
  // only (first-party providers copy it in their builds, as here): without it the wheel has no
  // description.
  copyFileSync(
    join(out, "python", "pulumi_serverscom", "README.md"),
    join(out, "python", "README.md"),
  );
  return elapsed;
}

/**
 * The Go SDK's go.mod: its module path from the schema's importBasePath, pulumi's Go sdk at the
 * CLI's version; `go mod tidy` lists the rest and writes go.sum.
 */
function tidyGoSdk(out) {
  const dir = join(out, "go", "serverscom");
  const { schema } = JSON.parse(
    readFileSync(join(repo, "provider", "native", "generated.json"), "utf8"),
  );
  const cliGoMod = readFileSync(join(here, "..", "pulumi-cli", "cli", "go.mod"), "utf8");
  const sdkVersion = new RegExp(`${PULUMI_GO_SDK.replaceAll(".", "\\.")} (v\\S+)`).exec(
    cliGoMod,
  )?.[1];
  if (sdkVersion === undefined) throw new Error(`pulumi-cli/cli/go.mod has no ${PULUMI_GO_SDK}`);
  const goMod = join(dir, "go.mod");
  if (!existsSync(goMod)) {
    writeFileSync(
      goMod,
      `module ${schema.language.go.importBasePath}\n\ngo 1.25\n\nrequire ${PULUMI_GO_SDK} ${sdkVersion}\n`,
    );
  }
  execFileSync("go", ["mod", "tidy"], { cwd: dir, stdio: ["ignore", "inherit", "inherit"] });
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const at = process.argv.indexOf("--out");
  const out = at === -1 ? join(repo, "sdks") : resolve(process.argv[at + 1] ?? "");
  const elapsed = generateSdks(out);
  if (at === -1) tidyGoSdk(out);
  console.error(`sdkgen: generated in ${elapsed} ms`);
  console.log(out);
}
