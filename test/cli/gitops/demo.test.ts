// `npm run demo` through the real Pulumi CLI: with the CLI `npm run -s pulumi-cli` built (the CLI
// suites build it first), the demo finds it without building (scripts/pulumi-cli/locate.mjs),
// runs the quick start inline through it and prints the CLI's own output: `pulumi up --yes`, the
// refresh preview that must find nothing (`--expect-no-changes`, exit 0), `pulumi destroy --yes`.
import { execFile, execFileSync, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../../scripts/engine/repo";
import { pulumiBin } from "../support/cli";

const REPO = repoRoot();
const MAIN = join(REPO, "dist", "demo", "scripts", "demo", "main.js");

beforeAll(async () => {
  pulumiBin();
  const tsc = join(REPO, "node_modules", "typescript", "bin", "tsc");
  await promisify(execFile)(process.execPath, [tsc, "-p", join(REPO, "scripts", "tsconfig.json")], {
    cwd: REPO,
  }).catch(() => undefined);
}, 30 * 60_000);

function runDemo(): Promise<{ code: number | null; text: string }> {
  return new Promise((resolve, reject) => {
    // Node.js and Go on PATH (locate.mjs keys the build by Go's version), no `pulumi`: the CLI
    // found is the built one.
    const go = execFileSync("sh", ["-c", "command -v go"], { encoding: "utf8" }).trim();
    const child = spawn(process.execPath, [MAIN], {
      cwd: REPO,
      env: { ...process.env, PATH: `${join(REPO, "node_modules", ".bin")}:${dirname(go)}` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, text }));
  });
}

describe("npm run demo, with the built Pulumi CLI", () => {
  it(
    "runs the quick start through the real CLI and prints the CLI's own output",
    async () => {
      const { code, text } = await runDemo();
      expect(code, text).toBe(0);
      const lines = text.split("\n");
      expect(lines[2]).toMatch(
        /^Pulumi CLI v3\.\d+\.\d+ \(built by npm run -s pulumi-cli\), the program inline, a local file backend in a temporary folder\.$/,
      );
      const up = text.indexOf("$ pulumi up --yes\nUpdating (demo):");
      const preview = text.indexOf(
        "$ pulumi preview --refresh --expect-no-changes\nPreviewing update (demo):",
      );
      const destroy = text.indexOf("$ pulumi destroy --yes\nDestroying (demo):");
      expect(up).toBeGreaterThan(0);
      expect(preview).toBeGreaterThan(up);
      expect(destroy).toBeGreaterThan(preview);
      // The CLI's own lines: its step lines, stack outputs (secrets masked) and summaries, the
      // stack resource counted.
      const upText = text.slice(up, preview);
      expect(upText).toMatch(/\+ {2}pulumi-nodejs:dynamic\/serverscom:SbmServer web created/);
      expect(upText).toMatch(/volumePassword\s+: \[secret\]/);
      expect(upText).toMatch(/\+ 4 created/);
      expect(text.slice(preview, destroy)).toMatch(/Resources:\n {4}4 unchanged/);
      expect(text.slice(destroy)).toMatch(/- 4 deleted/);
      expect(text).not.toContain("(exit code");
      expect(lines.at(-2)).toMatch(/^Demo done in \d+\.\ds\.$/);
    },
    5 * 60_000,
  );
});
