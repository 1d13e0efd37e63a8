// `npm run -s pulumi-cli`: builds the Pulumi CLI and the YAML language host from their published
// Go modules into a cache folder keyed by their versions, does nothing when they are already
// there, and prints that folder as its last line (tests find the CLI that way; the demo finds a finished
// build without building: scripts/pulumi-cli/locate.mjs).
//
// Why two small Go modules of ours instead of `go install <module>@<version>`: the CLI's module
// (github.com/pulumi/pulumi/pkg/v3) has `replace` lines in its go.mod, and `go install` refuses
// any module that has one. A module that requires pkg and lists `cmd/pulumi` as a `tool` builds
// it with `go build tool`; it must repeat pkg's third-party replace (cli/go.mod), since Go
// ignores the replace lines of dependencies. The YAML host (github.com/pulumi/pulumi-yaml) pins
// an older pkg than the CLI's, so it gets a module of its own (yaml/go.mod) and builds with the
// versions it was released with. The pins live in those go.mod files and nowhere else.
//
// The Node.js, Python and Go language hosts are separate Go modules
// (github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3 and its siblings) that the
// Go module proxy reachable here does not serve (403, "This module version is not available"),
// so they are not built: TypeScript programs reach the real CLI through the Automation API's
// inline programs (the CLI's `--client` language runtime; test/cli/support/inline.ts).
//
// The dynamic provider host's launcher `pulumi-resource-pulumi-nodejs` ships inside
// @pulumi/pulumi; it is copied next to `pulumi`, as a release bundles it
// (bundleDynamicProviderHost below).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cliLocation } from "./locate.mjs";

const here = dirname(fileURLToPath(import.meta.url));

// Where the build goes, from the go.mod pins (locate.mjs: the demo finds it there without
// building).
const { cliVersion, yamlVersion, goVersion, install, folder, marker } = cliLocation();
if (goVersion === undefined)
  throw new Error("pulumi-cli: `go env GOVERSION` did not run: Go is needed to build the CLI");

/** One Go module of ours: `go build` its tools into `out`, the version stamped in. */
function build(module, versionVariable, version, out) {
  const started = Date.now();
  execFileSync(
    "go",
    ["build", "-trimpath", "-ldflags", `-s -w -X ${versionVariable}=${version}`, "-o", out, "tool"],
    {
      cwd: join(here, module),
      stdio: ["ignore", "inherit", "inherit"],
      // The go.sum files are committed: a build never rewrites them.
      env: { ...process.env, GOFLAGS: `${process.env.GOFLAGS ?? ""} -mod=readonly`.trim() },
    },
  );
  console.error(
    `pulumi-cli: built ${module} ${version} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}

if (!existsSync(marker)) {
  console.error(
    `pulumi-cli: building the Pulumi CLI ${cliVersion} and pulumi-language-yaml ${yamlVersion} with ${goVersion}`,
  );
  // Built beside the final folder and renamed into place: an interrupted build leaves no folder
  // that looks complete.
  const staging = `${install}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    const bin = join(staging, "bin");
    // An existing folder: `go build -o` writes into it (a missing one becomes the file's name).
    mkdirSync(bin);
    build("cli", "github.com/pulumi/pulumi/sdk/v3/go/common/version.Version", cliVersion, bin);
    build("yaml", "github.com/pulumi/pulumi-yaml/pkg/version.Version", yamlVersion, bin);
    writeFileSync(join(bin, ".complete"), `${cliVersion} ${yamlVersion} ${goVersion}\n`);
    rmSync(install, { recursive: true, force: true });
    renameSync(staging, install);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}
bundleDynamicProviderHost();
console.log(folder);

/**
 * The dynamic provider host's launcher ships inside @pulumi/pulumi; a Pulumi release bundles it
 * next to `pulumi`, where the CLI looks for bundled plugins first (sdk/go/common/workspace/
 * plugins.go, GetPluginPath: "found next to current executable"; elsewhere on PATH it warns
 * "using pulumi-resource-pulumi-nodejs from $PATH"). The script resolves
 * @pulumi/pulumi/cmd/dynamic-provider from the project's folder, so one copy serves every project.
 */
function bundleDynamicProviderHost() {
  const name = "pulumi-resource-pulumi-nodejs";
  const source = join(here, "..", "..", "node_modules", "@pulumi", "pulumi", name);
  if (!existsSync(source)) {
    console.error(
      `pulumi-cli: ${source} is missing (run npm ci first): TypeScript dynamic resources will not run`,
    );
    return;
  }
  const target = join(folder, name);
  const text = readFileSync(source);
  if (existsSync(target) && readFileSync(target).equals(text)) return;
  writeFileSync(`${target}.${process.pid}`, text, { mode: 0o755 });
  renameSync(`${target}.${process.pid}`, target);
}
