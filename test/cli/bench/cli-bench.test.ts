// Smoke test of bench/cli.mjs (through the real Pulumi CLI, hence here and not in test/bench):
// the short version (a stack of 14, one round) runs to the end through both doors and prints
// every ratio. It asserts no timing: speed is measured by `npm run bench -- cli`, not here.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { pulumiBin } from "../support/cli";

const run = promisify(execFile);
const root = join(__dirname, "..", "..", "..");

describe("bench/cli.mjs (BENCH_QUICK=1)", () => {
  it("runs both doors and the floor, and prints every ratio", async () => {
    // Built (or found) here, so that the benchmark's own call is quick and a failure says why.
    pulumiBin();
    const { stdout } = await run(process.execPath, [join(root, "bench", "cli.mjs")], {
      cwd: root,
      env: { ...process.env, BENCH_QUICK: "1" },
      // About 25 s alone on the 2-core machine; the bound only stops a hang.
      timeout: 300_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    for (const door of ["ts", "yaml"]) {
      for (const command of ["up", "preview", "destroy"]) {
        expect(stdout).toMatch(
          new RegExp(
            `^RATIO cli-${door}-${command} \\d+\\.\\d+x wall, \\d+\\.\\d+x CPU, \\d+\\.\\d+x peak RSS, \\d+\\.\\d+x requests`,
            "m",
          ),
        );
      }
    }
    // Each door's provider processes reported their figures: the dynamic host, the native plugin.
    expect(stdout).toMatch(/round 1 ts up: .*provider processes .*dynamic-host/);
    expect(stdout).toMatch(/round 1 yaml up: .*provider processes .*native-plugin/);
  }, 330_000);
});
