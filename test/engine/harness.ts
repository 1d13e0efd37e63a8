// The engine harness moved to scripts/engine/ so that the demo (`npm run demo`) runs programs
// through it too; this module keeps the tests' imports short. Under vitest, every importer of
// scripts/engine/harness.ts (this module included) gets the secret scan's capturing EngineHarness
// (test/support/capture-harness.ts), put in place by the setup file test/support/secret-scan.ts.
export * from "../../scripts/engine/harness";
export { programFile } from "../../scripts/engine/program";
