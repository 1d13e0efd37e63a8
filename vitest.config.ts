import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The real-CLI suites have their own command and configuration (vitest.cli.config.ts).
    exclude: ["test/cli/**", "**/node_modules/**"],
    // Suites start loopback servers and child processes; two workers match the 2-core CI machine.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The secret scan (test/support/secret-scan.ts): every file's captured output is searched for
    // the secrets the file came to know; the run's totals go to test/.secret-scan/summary.json.
    setupFiles: ["test/support/secret-scan.ts"],
    globalSetup: ["test/support/secret-scan-summary.ts"],
  },
});
