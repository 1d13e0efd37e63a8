// The engine harness moved to scripts/engine/ so that the demo (`npm run demo`) runs programs
// through it too; this module keeps the tests' imports short. Under vitest, every importer of
// scripts/engine/harness.ts (this module included) gets the secret scan's capturing EngineHarness
// (test/support/capture-harness.ts), put in place by the setup file test/support/secret-scan.ts.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { EngineHarness, type HarnessOptions } from "../../scripts/engine/harness";
import { repoRoot } from "../../scripts/engine/repo";
import type { Simulator } from "../../simulator";

export * from "../../scripts/engine/harness";
export { programFile } from "../../scripts/engine/program";

const REPO = repoRoot();

/** Fails the suite at once when the package the provider host loads has not been built. */
export function requireDist(): void {
  if (!existsSync(join(REPO, "dist", "provider", "index.js"))) {
    throw new Error("dist/ is missing: run `npm run build` before the engine tests");
  }
}

/**
 * A harness whose provider talks to `sim`: the token as a secret stack setting, the simulator's
 * address, and a poll every 5 ms (the simulator runs fast). By default the stack dev of the
 * project engine-harness in test/engine/project; `options` adds to or replaces any of these.
 */
export function simulatorHarness(
  sim: Simulator,
  options: Partial<HarnessOptions> = {},
): EngineHarness {
  const { env, ...rest } = options;
  return new EngineHarness({
    projectDir: join(REPO, "test", "engine", "project"),
    project: "engine-harness",
    stack: "dev",
    config: {
      "serverscom:apiToken": { value: sim.token, secret: true },
      "serverscom:apiUrl": { value: sim.url },
    },
    env: { SERVERSCOM_POLL_INTERVAL_MS: "5", ...env },
    ...rest,
  });
}
