import { defineConfig } from "vitest/config";

// The suites through the real Pulumi CLI (test/cli): `npm run test:cli`, after `npm test` in
// .ci/run. Apart from `npm test` because they need the CLI built from its Go modules (minutes,
// cold; scripts/pulumi-cli/build.mjs) and take minutes of their own.
export default defineConfig({
  test: {
    include: ["test/cli/**/*.test.ts"],
    // Each file runs its own simulator, CLI and provider processes: two at once on 2 cores.
    maxWorkers: 2,
    testTimeout: 10 * 60_000,
    hookTimeout: 10 * 60_000,
  },
});
