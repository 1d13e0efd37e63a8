// `npm run demo` without a Pulumi CLI, end to end: the compiled demo in a child process, as npm
// runs it. Compiles the demo into dist/demo/ first (the package's dist/ must be built: npm test
// builds it); `--no-cli` keeps this the engine-harness path on machines with a Pulumi CLI too.
// Without `--no-cli` and with no CLI to find (an empty build cache, no `pulumi` on PATH), the
// demo says so and takes the same path. The path through the real CLI is
// test/cli/gitops/demo.test.ts (the CLI suites have the CLI built).
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/engine/repo";

const REPO = repoRoot();
const MAIN = join(REPO, "dist", "demo", "scripts", "demo", "main.js");

beforeAll(async () => {
  if (!existsSync(join(REPO, "dist", "provider", "index.js"))) {
    throw new Error("dist/ is missing: run `npm run build` before the example tests");
  }
  // tsc emits even when another part of the repository has a type error; this test needs only
  // the emitted demo, and `npm run typecheck` reports type errors.
  const tsc = join(REPO, "node_modules", "typescript", "bin", "tsc");
  await promisify(execFile)(process.execPath, [tsc, "-p", join(REPO, "scripts", "tsconfig.json")], {
    cwd: REPO,
  }).catch(() => undefined);
  expect(existsSync(MAIN)).toBe(true);
}, 120_000);

function runDemo(
  args: readonly string[] = ["--no-cli"],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number | null; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args], {
      cwd: REPO,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
    });
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, lines: out.split("\n") }));
  });
}

describe("npm run demo, without a Pulumi CLI", () => {
  it("starts the simulator, runs up, a refreshing preview without changes, destroy; exits 0", async () => {
    const { code, lines } = await runDemo();
    const text = lines.join("\n");
    expect(code, text).toBe(0);
    expect(lines[0]).toMatch(
      /^Simulator: http:\/\/127\.0\.0\.1:\d+ \(in this process, speed \d+\)$/,
    );
    expect(lines).toContain(
      "Program: examples/quick-start/index.ts (project serverscom-quick-start)",
    );

    const up = lines.indexOf("Updating (demo)   pulumi up");
    const preview = lines.indexOf(
      "Previewing update (demo)   pulumi preview --refresh --expect-no-changes",
    );
    const destroy = lines.indexOf("Destroying (demo)   pulumi destroy");
    expect(up).toBeGreaterThan(0);
    expect(preview).toBeGreaterThan(up);
    expect(destroy).toBeGreaterThan(preview);

    const upLines = lines.slice(up, preview);
    const created = upLines.filter((line) => line.startsWith(" +  "));
    expect(created.length).toBeGreaterThan(0);
    for (const line of created) {
      expect(line).toMatch(
        /^ \+ {3}pulumi-nodejs:dynamic\/serverscom:\w+ {2}\S+ {2}created {2}id \S+$/,
      );
    }
    // Progress lines name each resource as its step line does: by its name in the program.
    const stepNames = new Map(
      created.map((line) => {
        const [, kind, name, id] =
          /serverscom:(\w+) {2}(\S+) {2}created {2}id (\S+)$/.exec(line) ?? [];
        return [`${kind} ${id}`, name];
      }),
    );
    const progress = upLines.filter((line) => line.startsWith("    serverscom:"));
    expect(progress.length).toBeGreaterThan(0);
    for (const line of progress) {
      const [, kind, name, id] = /^ {4}serverscom:(\w+) (\S+) \(([^()\s]+)\): /.exec(line) ?? [];
      expect(stepNames.get(`${kind} ${id}`), line).toBe(name);
    }
    expect(upLines).toContain("Outputs:");
    expect(upLines.some((line) => /^ {4}volumePassword\s*: \[secret\]$/.test(line))).toBe(true);
    expect(upLines.some((line) => /^ {8}password\s*: \[secret\]$/.test(line))).toBe(true);

    const previewLines = lines.slice(preview, destroy);
    expect(previewLines).toContain(`    ${created.length} unchanged`);
    expect(previewLines.join("\n")).not.toContain("error:");

    const destroyLines = lines.slice(destroy);
    expect(destroyLines.filter((line) => line.startsWith(" -  "))).toHaveLength(created.length);
    expect(destroyLines).toContain(`    - ${created.length} deleted`);
    expect(lines.at(-2)).toMatch(/^Demo done in \d+\.\ds\.$/);
  }, 60_000);
});

describe("npm run demo, with no Pulumi CLI to find", () => {
  it("says so in one line and runs the engine harness", async () => {
    const empty = mkdtempSync(join(tmpdir(), "demo-no-cli-"));
    try {
      const { code, lines } = await runDemo([], {
        ...process.env,
        // No built CLI in this cache, and only Node.js on PATH.
        PULUMI_SERVERSCOM_CLI_CACHE: empty,
        PATH: dirname(process.execPath),
      });
      expect(code, lines.join("\n")).toBe(0);
      expect(lines[2]).toBe(
        "No Pulumi CLI here (none built by `npm run -s pulumi-cli`, none on PATH): using the engine harness, the real provider host driven as the Pulumi engine drives it.",
      );
      expect(lines).toContain("Updating (demo)   pulumi up");
      expect(lines.at(-2)).toMatch(/^Demo done in \d+\.\ds\.$/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 60_000);
});
