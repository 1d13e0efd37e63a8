// Where `npm run -s pulumi-cli` (build.mjs) puts the Pulumi CLI, computed from the pins in the
// go.mod files without building anything: the demo looks there for a CLI that was built, and
// never starts a build of minutes itself. build.mjs uses the same computation, so the two
// cannot disagree.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

/** The version a go.mod of ours requires of a module (direct or indirect). */
export function required(goMod, module) {
  const text = readFileSync(join(here, goMod), "utf8");
  const line = text.split("\n").find((l) => l.trim().startsWith(`${module} `));
  if (line === undefined) throw new Error(`${goMod} does not require ${module}`);
  return line.trim().split(/\s+/)[1];
}

/**
 * The versions and folders of the build: `install` is a Pulumi release's layout (the Automation
 * API's PulumiCommand.get({ root }) takes it), `folder` its `bin`, `marker` the file a finished
 * build leaves. The key holds the Go version too (a newer Go builds anew); without `go` on PATH
 * there is no key, and `goVersion` is undefined.
 */
export function cliLocation(env = process.env) {
  const cliVersion = required("cli/go.mod", "github.com/pulumi/pulumi/pkg/v3");
  const yamlVersion = required("yaml/go.mod", "github.com/pulumi/pulumi-yaml");
  let goVersion;
  try {
    goVersion = execFileSync("go", ["env", "GOVERSION"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    goVersion = undefined;
  }
  const cacheRoot =
    env.PULUMI_SERVERSCOM_CLI_CACHE ??
    join(env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "pulumi-serverscom", "pulumi-cli");
  const install = join(cacheRoot, `pulumi-${cliVersion}_yaml-${yamlVersion}_${goVersion}`);
  const folder = join(install, "bin");
  return { cliVersion, yamlVersion, goVersion, install, folder, marker: join(folder, ".complete") };
}

/** The folder of a finished build, or undefined when there is none (nothing is built). */
export function locateBuiltCli(env = process.env) {
  const location = cliLocation(env);
  if (location.goVersion === undefined) return undefined;
  return existsSync(location.marker) && existsSync(join(location.folder, "pulumi"))
    ? location.folder
    : undefined;
}

// `node scripts/pulumi-cli/locate.mjs`: prints the folder of a finished build, exits 1 without.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const folder = locateBuiltCli();
  if (folder === undefined) process.exitCode = 1;
  else console.log(folder);
}
