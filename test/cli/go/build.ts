// The Go program of the Go suite (program/), built once per program, SDK and Go version into a
// cache folder: about 70 s cold (compiling pulumi's Go sdk and the generated SDK), nothing warm.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../../../scripts/engine/repo";
import { cacheFolder, toolOutput, treeHash } from "../support/languages";

/** The Go version, or undefined where Go is not on PATH. */
export function goVersion(): string | undefined {
  return toolOutput("go", ["env", "GOVERSION"]);
}

/** The built program's path, built when missing. */
export function goProgram(): string {
  const source = join(repoRoot(), "test", "cli", "go", "program");
  const hash = createHash("sha256");
  for (const file of ["go.mod", "go.sum", "main.go"]) hash.update(readFileSync(join(source, file)));
  hash.update(treeHash(join(repoRoot(), "sdks", "go", "serverscom")));
  const root = cacheFolder(process.env.PULUMI_SERVERSCOM_GO_PROGRAM_CACHE, "go-program");
  const binary = join(root, `${hash.digest("hex").slice(0, 16)}_${goVersion()}`, "program");
  if (existsSync(binary)) return binary;
  mkdirSync(join(binary, ".."), { recursive: true });
  const partial = `${binary}.partial-${process.pid}`;
  execFileSync("go", ["build", "-trimpath", "-o", partial, "."], {
    cwd: source,
    stdio: ["ignore", "inherit", "inherit"],
    // The go.sum files are committed: a build never rewrites them.
    env: { ...process.env, GOFLAGS: `${process.env.GOFLAGS ?? ""} -mod=readonly`.trim() },
    timeout: 15 * 60_000,
  });
  renameSync(partial, binary);
  return binary;
}
