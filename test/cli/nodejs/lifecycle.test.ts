// A TypeScript user's program over the generated Node.js SDK (sdks/nodejs, npm name
// `@pulumi-serverscom/serverscom`) instead of the dynamic classes: the SDK compiled with the
// project's TypeScript into the test's folder, laid out as npm installs it, then the lifecycle of
// the Python and Go suites (support/languages.ts; the program is lifecycle.js).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe } from "vitest";
import { repoRoot } from "../../../scripts/engine/repo";
import { lifecycleTests } from "../support/languages";

const REPO = repoRoot();

/** The SDK copied under node_modules/@pulumi-serverscom/serverscom and compiled (bin/). */
function compiledSdk(root: string): string {
  const modules = join(root, "node_modules");
  const dir = join(modules, "@pulumi-serverscom", "serverscom");
  mkdirSync(join(modules, "@pulumi-serverscom"), { recursive: true });
  cpSync(join(REPO, "sdks", "nodejs"), dir, { recursive: true });
  // Its dependency @pulumi/pulumi and the Node types, the project's own.
  symlinkSync(join(REPO, "node_modules", "@pulumi"), join(modules, "@pulumi"), "dir");
  symlinkSync(join(REPO, "node_modules", "@types"), join(modules, "@types"), "dir");
  execFileSync(
    process.execPath,
    [join(REPO, "node_modules", "typescript", "bin", "tsc"), "-p", dir],
    {
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  // As a provider publishes it: the compiled folder with the manifest (bin/utilities.js reads
  // ./package.json for the plugin's version and source).
  cpSync(join(dir, "package.json"), join(dir, "bin", "package.json"));
  return dir;
}

describe("a TypeScript program of the generated Node.js SDK through the real CLI", () => {
  const root = mkdtempSync(join(tmpdir(), "serverscom-nodejs-sdk-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  lifecycleTests("nodejs", () => {
    const sdk = compiledSdk(root);
    return (step) => ({
      file: process.execPath,
      args: [join(REPO, "test", "cli", "nodejs", "lifecycle.js"), step, sdk],
    });
  });
});
