// The generated SDKs (sdks/<language>) are what `npm run sdks` makes of the committed schema
// now: a fresh generation into a temporary folder (scripts/sdkgen/run.mjs --out) equals the
// committed files, name for name and byte for byte. The Go SDK's go.mod and go.sum are not
// generated (`go mod tidy` keeps them) and are left out. Needs Go: the generator is Pulumi's own
// code generators in a small Go program (scripts/sdkgen), built once per version (minutes cold).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/engine/repo";
import { goVersion } from "./go/build";

const REPO = repoRoot();
const GO = goVersion();
/** run.mjs's GO_SDK_MODULE_FILES: the Go SDK's module files, kept across generations. */
const NOT_GENERATED = new Set(["go/serverscom/go.mod", "go/serverscom/go.sum"]);

/** The files git would commit under `dir` (tracked, or new and not ignored), relative to it. */
function files(dir: string): string[] {
  return execFileSync("git", ["ls-files", "-co", "--exclude-standard", "."], {
    cwd: dir,
    encoding: "utf8",
  })
    .split("\n")
    .filter((name) => name !== "" && !NOT_GENERATED.has(name))
    .sort();
}

describe.skipIf(GO === undefined)(
  `the generated SDKs are fresh${GO === undefined ? " (skipped: no go on PATH to build the generator)" : ""}`,
  () => {
    const fresh = mkdtempSync(join(tmpdir(), "serverscom-sdks-"));
    afterAll(() => rmSync(fresh, { recursive: true, force: true }));

    it("a fresh generation equals sdks/ (regenerate with `npm run sdks`)", () => {
      execFileSync(process.execPath, [join(REPO, "scripts", "sdkgen", "run.mjs"), "--out", fresh], {
        stdio: ["ignore", "ignore", "inherit"],
        timeout: 20 * 60_000,
      });
      // git init: the fresh folder's files listed the same way, with the SDKs' own .gitignore.
      execFileSync("git", ["init", "-q"], { cwd: fresh });
      const committed = files(join(REPO, "sdks"));
      expect(files(fresh)).toEqual(committed);
      const stale = committed.filter(
        (name) => !readFileSync(join(fresh, name)).equals(readFileSync(join(REPO, "sdks", name))),
      );
      expect(stale, "run `npm run sdks` and commit sdks/").toEqual([]);
    });
  },
);
