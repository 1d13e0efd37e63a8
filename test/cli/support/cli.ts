// The real Pulumi CLI, as the suites under test/cli run it: the binaries `npm run -s pulumi-cli`
// builds (scripts/pulumi-cli/build.mjs), a local file backend and a passphrase in a temporary
// folder, its own PULUMI_HOME (no login, no plugin cache or credentials of the machine's user),
// and no plugin download: a plugin the CLI cannot find fails the command instead of reaching for
// the network.
import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "../../../scripts/engine/repo";

const REPO = repoRoot();

let cachedBin: string | undefined;

/**
 * The folder holding `pulumi`, `pulumi-language-yaml` and `pulumi-resource-pulumi-nodejs`: the
 * build script's last line. It builds them when missing (minutes, cold) and throws when it
 * cannot: the suites fail, never skip, without the real CLI.
 */
export function pulumiBin(): string {
  if (cachedBin !== undefined) return cachedBin;
  let out: string;
  try {
    out = execFileSync(process.execPath, [join(REPO, "scripts", "pulumi-cli", "build.mjs")], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      timeout: 30 * 60_000,
    });
  } catch (error) {
    throw new Error(
      `the Pulumi CLI could not be built (npm run -s pulumi-cli): ${(error as Error).message}`,
    );
  }
  const bin = out.trim().split("\n").at(-1);
  if (bin === undefined || bin === "") throw new Error("npm run -s pulumi-cli printed no folder");
  cachedBin = bin;
  return bin;
}

/** One isolated Pulumi setup: a backend, a passphrase and a PULUMI_HOME under `root`. */
export interface CliSetup {
  readonly root: string;
  readonly backend: string;
  readonly home: string;
  readonly passphrase: string;
  /** The environment every `pulumi` command of this setup runs with. */
  readonly env: Readonly<Record<string, string>>;
}

/** What the tests' own environment must not pass on to the CLI or the providers it starts. */
const WITHHELD = [
  "SERVERSCOM_API_TOKEN",
  "SERVERSCOM_API_URL",
  "PULUMI_ACCESS_TOKEN",
  "PULUMI_BACKEND_URL",
  "PULUMI_CONFIG_PASSPHRASE",
  "PULUMI_CONFIG_PASSPHRASE_FILE",
  "PULUMI_HOME",
];

export function cliSetup(root: string, extra: Readonly<Record<string, string>> = {}): CliSetup {
  const backend = join(root, "state");
  const home = join(root, "pulumi-home");
  mkdirSync(backend, { recursive: true });
  mkdirSync(home, { recursive: true });
  const passphrase = randomBytes(16).toString("hex");
  const inherited: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !WITHHELD.includes(key)) inherited[key] = value;
  }
  const env = {
    ...inherited,
    // The CLI first, then the project's Node.js (node_modules/.bin holds Node 24 where the
    // system's is older): providers and the dynamic provider host run with `node` from PATH.
    PATH: [pulumiBin(), join(REPO, "node_modules", ".bin"), process.env.PATH ?? ""].join(":"),
    PULUMI_HOME: home,
    PULUMI_BACKEND_URL: pathToFileURL(backend).href,
    PULUMI_CONFIG_PASSPHRASE: passphrase,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    // The file backend's notice about project-scoped stacks is not what the tests read.
    PULUMI_DIY_BACKEND_NO_LEGACY_WARNING: "true",
    // The provider's first poll after 20 ms: the simulator runs fast.
    SERVERSCOM_POLL_INTERVAL_MS: "20",
    ...extra,
  };
  return { root, backend, home, passphrase, env };
}

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** The command line, for messages. */
  readonly command: string;
}

/**
 * Runs `pulumi <args>` in `cwd` and resolves with its exit code and output (it does not throw
 * on a non-zero exit: the tests judge the exit codes). `--non-interactive --color never` are
 * always added, as a CI pipeline runs it.
 */
export function pulumi(
  setup: CliSetup,
  cwd: string,
  args: readonly string[],
  options: { timeoutMs?: number; env?: Readonly<Record<string, string>> } = {},
): Promise<CliResult> {
  const full = [...args, "--non-interactive", "--color", "never"];
  const command = `pulumi ${args.join(" ")}`;
  return new Promise((resolve, reject) => {
    execFile(
      join(pulumiBin(), "pulumi"),
      full,
      {
        cwd,
        env: { ...setup.env, ...options.env },
        timeout: options.timeoutMs ?? 5 * 60_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error !== null && typeof error.code !== "number") {
          reject(new Error(`${command}: ${error.message}\n${stdout}\n${stderr}`));
          return;
        }
        resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr, command });
      },
    );
  });
}

/** Throws with the command's whole output unless it exited 0. */
export function expectSuccess(result: CliResult): CliResult {
  if (result.code !== 0) {
    throw new Error(
      `${result.command} exited ${result.code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`,
    );
  }
  return result;
}
