// The secret scan (issue 8), a vitest setup file: it runs before every test file, in that file's
// process. It installs the file's capture registry (captured.ts) and the capturing stand-ins,
// then after all the file's tests searches everything captured for every secret the file came to
// know, and fails the file on any hit, naming the secret's kind and where it was, never the
// secret. The file's totals go to the run's folder under test/.secret-scan/
// (secret-scan-summary.ts adds them up at the end of the run).
//
// What is captured, and by whom:
// - EngineHarness (capture-harness.ts): stored state, `__provider`, host stderr, errors;
// - createKindProvider (capture-provider.ts): in-process progress lines, errors, check failures,
//   outputs as the engine would store them;
// - startTestBed, failureOf, closeTestBed (test/provider/support.ts): progress lines, messages;
// - @pulumi/pulumi's MockMonitor (capture-pulumi.ts): what programs register;
// - runSimulator and MemoryStore (capture-simulator.ts): no text, the secrets: tokens, RBS
//   credentials, private keys, user data, as they are stored.
//
// The stand-ins are module mocks because the code that makes harnesses, providers and simulators
// is shared by many suites that import scripts/, provider/ and simulator/ directly: one place
// covers them all, and a suite written tomorrow is scanned without opting in. A factory runs when
// its module is first imported, and the capturing modules import only types from the mocked
// ones, so a file that never starts a harness loads none of the engine code.
import { writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, expect, inject, vi } from "vitest";
import { repoRoot } from "../../scripts/engine/repo";
import { capturingHarness } from "./capture-harness";
import { capturingCreateKindProvider } from "./capture-provider";
import { capturePulumiRegistrations } from "./capture-pulumi";
import { capturingRunSimulator, capturingStore } from "./capture-simulator";
import { CaptureRegistry, hitReport, installRegistry } from "./captured";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's folder for per-file totals; absent when run without secret-scan-summary.ts. */
    secretScanDir?: string;
  }
}

vi.mock("../../scripts/engine/harness", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../scripts/engine/harness")>();
  return { ...original, EngineHarness: capturingHarness(original.EngineHarness) };
});

vi.mock("../../simulator/framework/simulator", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../simulator/framework/simulator")>();
  return { ...original, runSimulator: capturingRunSimulator(original.runSimulator) };
});

vi.mock("../../simulator/framework/store", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../simulator/framework/store")>();
  return { ...original, MemoryStore: capturingStore(original.MemoryStore) };
});

vi.mock("../../provider/framework/lifecycle", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../provider/framework/lifecycle")>();
  return {
    ...original,
    createKindProvider: capturingCreateKindProvider(original.createKindProvider),
  };
});

const registry = new CaptureRegistry();
installRegistry(registry);
capturePulumiRegistrations();

// Hooks run in stack order: this file-level afterAll, registered first, runs last, after the
// suite's own afterAll hooks have closed their harnesses and test beds.
afterAll(() => {
  const result = registry.scan();
  const file = relative(repoRoot(), expect.getState().testPath ?? "");
  const dir = inject("secretScanDir");
  if (dir !== undefined && file !== "") {
    const name = `${file.replaceAll(/[^A-Za-z0-9.-]/g, "_")}.json`;
    writeFileSync(join(dir, name), `${JSON.stringify({ file, ...result }, null, 2)}\n`);
  }
  if (result.hits.length > 0) throw new Error(hitReport(result.hits));
});
