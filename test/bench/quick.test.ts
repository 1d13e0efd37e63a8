// Smoke test of the benchmarks: the short version runs to the end and prints its ratios.
// It asserts no timing: speed is measured by `npm run bench`, on purpose, not here.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = join(__dirname, "..", "..");

describe("benchmarks (BENCH_QUICK=1)", () => {
  beforeAll(async () => {
    // `npm test` builds first; a lone `vitest run` of this file may find no dist yet.
    if (!existsSync(join(root, "dist", "sdk", "core", "transport.js"))) {
      await run(
        process.execPath,
        [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"],
        {
          cwd: root,
        },
      ).catch((error: unknown) => {
        // tsc exits non-zero on a type error elsewhere but still emits; the check below decides.
        if (!existsSync(join(root, "dist", "sdk", "core", "transport.js"))) throw error;
      });
    }
  }, 120_000);

  it("run to the end and print every ratio", async () => {
    const { stdout } = await run(process.execPath, [join(root, "bench", "run.mjs")], {
      cwd: root,
      env: { ...process.env, BENCH_QUICK: "1" },
      // A smoke run, not a timing: about 20 s alone, but several times that on a 2-core machine
      // whose other test files run beside it. The bound only stops a hang.
      timeout: 240_000,
    });
    expect(stdout).toMatch(/^RATIO overhead \d+\.\d+x/m);
    expect(stdout).toMatch(/^RATIO listing \d+\.\d+x/m);
    expect(stdout).toMatch(/^RATIO simulator-get \d+\.\d+x/m);
    expect(stdout).toMatch(/^RATIO simulator-list \d+\.\d+x/m);
    expect(stdout).toMatch(/^RATIO state-weight \d+\.\dx/m);
    expect(stdout).toMatch(/identical across two builds: yes/);
    expect(stdout).toMatch(/^RATIO memory-growth \d+\.\d+x/m);
    expect(stdout).toMatch(/^RATIO link-parser-linearity \d+\.\d+x/m);
    expect(stdout).toMatch(/^RATIO selector-parser-linearity \d+\.\d+x/m);
    expect(stdout).toMatch(/^RATIO refresh-requests \d+\.\d+ /m);
    expect(stdout).toMatch(/^RATIO refresh-speedup \d+\.\d+x/m);
    expect(stdout).toMatch(/^RATIO settling-polls \d+\.\d+x/m);
    // Virtual time and seeded jitter: the short version's figures are exact, so the settling
    // goal (fewer polls than Terraform, a lag within its cadence) holds it to account.
    expect(stdout).toMatch(/^settling goal met for (\d+)\/\1 /m);
    // Virtual time too: a fleet's figures are exact. The short version stops at N = 10, within
    // the budget: no 429 and no failed create, and never later than today's waits.
    expect(stdout).toMatch(/^RATIO fleet-requests \d+\.\dx/m);
    expect(stdout).toMatch(/^RATIO fleet-time (0\.\d\d|1\.00)x/m);
    expect(stdout).toMatch(
      /^fleet at N = 10 under the budget: 0 requests refused \(429\), 0 creates failed/m,
    );
  }, 270_000);
});
