// The release's own rules (scripts/release/dry-run.mjs), which the workflow and its dry run
// (`npm run release-dry-run`, the last step of .ci/run) apply: the tag and changelog, the pinned
// actions, and the tag of a Go module in a subfolder.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/engine/repo";

interface DryRun {
  checkTag(root?: string, tag?: string): string;
  checkWorkflow(root?: string): Promise<string>;
  goModuleTag(root: string, goMod: string, version: string): { module: string; tag: string };
}

const REPO = repoRoot();
const scratch = mkdtempSync(join(tmpdir(), "serverscom-release-test-"));
const load = () => import(join(REPO, "scripts", "release", "dry-run.mjs")) as Promise<DryRun>;

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function goMod(folder: string, module: string): string {
  const dir = join(scratch, folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "go.mod"), `module ${module}\n\ngo 1.22\n`);
  return join(dir, "go.mod");
}

describe("the release's rules", () => {
  it("the tag is v<package.json version>, the changelog has it, the repository is named", async () => {
    const { checkTag } = await load();
    const { version } = (await import(join(REPO, "package.json"))) as { version: string };
    expect(checkTag(REPO, `v${version}`)).toContain(`v${version}`);
    expect(() => checkTag(REPO, "v9.9.9")).toThrow(`is not v${version}`);
  });

  it("release.yml pins every action to a full version, and publishes only after the tests", async () => {
    const { checkWorkflow } = await load();
    expect(await checkWorkflow(REPO)).toMatch(/pinned/);
  });

  it("a Go module in a subfolder is tagged <folder>/v<version>; v2+ needs the /vN suffix", async () => {
    const { goModuleTag } = await load();
    const base = "github.com/pulumi-serverscom/pulumi-serverscom/sdks/go/serverscom";
    expect(goModuleTag(scratch, goMod("sdks/go/serverscom", base), "0.1.0")).toEqual({
      module: base,
      tag: "sdks/go/serverscom/v0.1.0",
    });
    expect(() => goModuleTag(scratch, goMod("sdks/go/a", base), "2.0.0")).toThrow(
      "must end in /v2",
    );
    expect(goModuleTag(scratch, goMod("sdks/go/b", `${base}/v2`), "2.1.0").tag).toBe(
      "sdks/go/b/v2.1.0",
    );
    expect(goModuleTag(scratch, goMod("sdks/go/c/v3", `${base}/v3`), "3.0.1").tag).toBe(
      "sdks/go/c/v3.0.1",
    );
  });
});
