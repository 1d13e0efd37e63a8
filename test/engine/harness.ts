// The engine harness moved to scripts/engine/ so that the demo (`npm run demo`) runs programs
// through it too; this module keeps the tests' imports short.
export * from "../../scripts/engine/harness";
export { programFile } from "../../scripts/engine/program";
