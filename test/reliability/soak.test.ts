// The fault soak's short version (scripts/soak; the long run is the command, see
// scripts/soak/main.ts): every resource kind through whole lifecycles (up, an in-place change,
// refresh, destroy) against the simulator with every kind of fault injected and a restart from
// its state file in the middle of a lifecycle, failed steps run again as a user would. Nothing
// may be duplicated, orphaned or lost, and every failure must come with a clear typed error.
// Then a scenario run twice with one seed must go the same way: same requests, same faults, same
// step outcomes. Needs a current dist/ (npm test builds it first; alone: npm run build).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { compareRuns, reportLines } from "../../scripts/soak/report";
import { outcomeLines, runSoak, type SoakReport } from "../../scripts/soak/runner";

const ROOT = join(__dirname, "..", "..");

function expectClean(report: SoakReport): void {
  // The report's text in the failure message: it names every finding and unclear error. The
  // harness's own "Unexpected struct type." beside the failure that causes it is counted apart
  // (scripts/soak/errors.ts, HARNESS_STRUCT_ERROR): the engine would not have started that step.
  const text = reportLines(report).join("\n");
  expect(report.counts, text).toEqual({ duplicates: 0, orphans: 0, lost: 0, unclearFailures: 0 });
  expect(report.abandoned, text).toBe(0);
  expect(report.stoppedEarly, text).toBeUndefined();
  expect(report.simulatorErrors, text).toEqual([]);
}

describe("the fault soak", () => {
  beforeAll(() => {
    if (!existsSync(join(ROOT, "dist", "provider", "index.js"))) {
      throw new Error("dist/ is missing: run `npm run build` before the soak test");
    }
  });

  it("every kind, twice, under every fault and a restart: no duplicate, orphan, lost resource or unclear failure", async () => {
    const report = await runSoak({
      lifecycles: 2,
      seed: 20_240_601,
      mode: "stack",
      faults: { certain: true },
      restartEvery: 2,
    });
    expectClean(report);
    expect(report.kindLifecycles).toBe(30);
    expect(report.lifecycles).toBe(2);
    // Every kind of fault happened, and steps failed and were run again.
    const faults = report.faults;
    for (const kind of [
      "latency",
      "dropResponseAfterApply",
      "lateCommit",
      "lateCommitPastWindow",
      "rateLimit",
      "dropConnection",
      "foreignTwin",
    ]) {
      expect(faults[kind] ?? 0, kind).toBeGreaterThan(0);
    }
    expect(
      (faults.error500 ?? 0) + (faults.error502 ?? 0) + (faults.error503 ?? 0),
    ).toBeGreaterThan(0);
    expect(report.retries).toBeGreaterThan(0);
    expect(report.restarts).toHaveLength(1);
    // A late commit past the look-up window in each lifecycle (the first through the dynamic
    // door, the second through the plugin): each placeholder is taken out of the state by the
    // Read before the next command, a refresh, a replacement or the destroy.
    for (const door of ["dynamic", "plugin"] as const) {
      const tally = report.placeholders[door];
      expect(tally.made, door).toBeGreaterThan(0);
      expect(
        tally.resolvedByRead + tally.resolvedByRefresh + tally.replaced + tally.deleted,
        door,
      ).toBe(tally.made);
    }
    // The dynamic provider host never asks for the Read first.
    expect(report.placeholders.dynamic.resolvedByRead).toBe(0);
  }, 120_000);

  it("a lost create answer of a kind without labels stops the up; the user adopts what the stack made, and nothing is lost", async () => {
    // Sequential mode, certain faults: the first POST of each kind is applied and its answer
    // dropped. DnsRecord and Subnetwork (by CIDR) cannot tell their object from another
    // program's, so the create names it and takes nothing; the runner reads the id from the
    // error and sets adoptId, as a user would (scripts/soak/adoptions.ts).
    const report = await runSoak({
      lifecycles: 2,
      seed: 7,
      mode: "sequential",
      kinds: ["DnsRecord", "Subnetwork"],
      faults: { certain: true, retryAfterSeconds: 0 },
    });
    expectClean(report);
    // Each kind's first POST, and its first POST again after `up --replace`.
    expect(new Set(report.adoptions.map((adoption) => adoption.resource))).toEqual(
      new Set(["DnsRecord www", "Subnetwork pool-net"]),
    );
  }, 60_000);

  it("is reproducible: one seed, the same requests, faults and step outcomes", async () => {
    // Sequential mode (runner.ts): one kind per program, faults on that kind's requests only,
    // transitions instant and the clock stopped, so that timing cannot reorder the requests.
    // L2Segment's program creates two servers in parallel: the path restriction keeps them out.
    const run = () =>
      runSoak({
        lifecycles: 3,
        seed: 7,
        mode: "sequential",
        kinds: ["RbsVolume", "L2Segment", "PtrRecord"],
        faults: { certain: true, retryAfterSeconds: 0 },
        restartEvery: 3,
      });
    const first = await run();
    const second = await run();
    expectClean(first);
    expectClean(second);
    expect(first.retries).toBeGreaterThan(0);
    expect(first.restarts).toHaveLength(1);
    expect(compareRuns(first, second)).toBeUndefined();
    expect(outcomeLines(second)).toEqual(outcomeLines(first));
    expect(second.faults).toEqual(first.faults);
    expect(second.counts).toEqual(first.counts);
  }, 120_000);
});
