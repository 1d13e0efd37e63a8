// The Python environment of the Python suite: a virtual environment with `pulumi` from PyPI and
// the generated SDK installed from sdks/python, in a cache folder keyed by the Python version,
// the pinned `pulumi` and the SDK's contents (about 25 s cold; reused while none changes).
//
// `pulumi` 3.272.0: the newest release PyPI serves here, two minors behind the CLI (3.274.1);
// the SDK's pyproject.toml asks for >=3.269.0. setuptools and wheel build the SDK without build
// isolation (no second download of the build backend for every run).
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../../../scripts/engine/repo";
import { cacheFolder, toolOutput, treeHash } from "../support/languages";

export const PULUMI_PYTHON = "3.272.0";
const BUILD_TOOLS = ["setuptools>=70", "wheel"];

/** The system's Python 3 version, or undefined where there is none. */
export function pythonVersion(): string | undefined {
  return toolOutput("python3", ["-c", "import sys; print(sys.version.split()[0])"]);
}

/** The virtual environment's python, made when missing. */
export function pythonEnvironment(): string {
  const sdk = join(repoRoot(), "sdks", "python");
  const key = `py${pythonVersion()}_pulumi-${PULUMI_PYTHON}_sdk-${treeHash(sdk)}`;
  const root = cacheFolder(process.env.PULUMI_SERVERSCOM_VENV_CACHE, "python");
  const venv = join(root, key);
  const python = join(venv, "bin", "python");
  const marker = join(venv, ".complete");
  if (existsSync(marker)) return python;
  rmSync(venv, { recursive: true, force: true });
  const run = (file: string, args: string[]) =>
    execFileSync(file, args, { stdio: ["ignore", "ignore", "inherit"], timeout: 10 * 60_000 });
  run("python3", ["-m", "venv", venv]);
  run(python, ["-m", "pip", "install", "--quiet", `pulumi==${PULUMI_PYTHON}`, ...BUILD_TOOLS]);
  // From a copy: the build leaves build/ and *.egg-info beside the sources it builds.
  const copy = mkdtempSync(join(tmpdir(), "serverscom-python-sdk-"));
  try {
    cpSync(sdk, copy, { recursive: true });
    run(python, ["-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", copy]);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  writeFileSync(marker, `${key}\n`);
  return python;
}
