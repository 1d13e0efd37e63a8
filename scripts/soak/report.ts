// The soak's report as text: the counts first (they must be 0), then what the run went through.
import { HARNESS_STRUCT_ERROR } from "./errors";
import { outcomeLines, type SoakReport } from "./runner";

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function sorted(record: Readonly<Record<string, number>>): string {
  const entries = Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? "none" : entries.map(([k, v]) => `${k} ${v}`).join(", ");
}

export function reportLines(report: SoakReport): string[] {
  const { counts } = report;
  const lines = [
    `Fault soak (${report.mode} mode, ${report.door} door${report.door === "alternate" ? "s" : ""}, seed ${report.seed}): ${report.lifecycles} lifecycles ` +
      `(${report.kindLifecycles} resource lifecycles of ${report.kinds.length} kinds) in ${seconds(report.durationMs)}`,
    ...(report.stoppedEarly === undefined ? [] : [`  STOPPED EARLY: ${report.stoppedEarly}`]),
    `  duplicates ${counts.duplicates}, orphans ${counts.orphans}, lost ${counts.lost}, ` +
      `failures without a clear typed error ${counts.unclearFailures}`,
    `  steps ${report.steps}, attempts ${report.attempts}, retries ${report.retries} ` +
      `(${sorted(report.retriesByStep)}), failed attempts ${report.failedAttempts}, abandoned lifecycles ${report.abandoned}`,
    `  API requests ${report.requests}; faults injected: ${sorted(report.faults)}`,
    `  simulator restarts ${report.restarts.length}` +
      (report.restarts.length === 0
        ? ""
        : ` (by step: ${sorted(
            report.restarts.reduce<Record<string, number>>((by, r) => {
              by[r.step] = (by[r.step] ?? 0) + 1;
              return by;
            }, {}),
          )})`) +
      (report.restarts.length === 0
        ? ""
        : ` (during: ${report.restarts
            .slice(0, 5)
            .map((r) => `L${r.lifecycle} ${r.program} ${r.step}#${r.attempt} at ${r.path}`)
            .join("; ")}${report.restarts.length > 5 ? "; ..." : ""})`),
    ...(report.portChanges > 0
      ? [
          `  simulator port changes ${report.portChanges} (its port stayed taken; apiUrl set and recorded)`,
        ]
      : []),
    `  errors of failed attempts by type: ${sorted(report.errorsByType)}`,
    `  harness artifacts ("${HARNESS_STRUCT_ERROR}": a dependent of a resource that failed in the same up, ` +
      `registered by the harness where the engine would stop): ${report.harnessArtifacts}`,
    `  objects awaiting adoption after a failed step (adopted by the next up): ${report.awaitingAdoption}`,
    `  adoptId stops resolved by the user (the candidate the stack made, set as adoptId): ${report.adoptions.length}` +
      `${report.adoptions.length === 0 ? "" : ` (${report.adoptions.map((a) => `${a.resource} ${a.id}`).join(", ")})`}`,
    ...(["dynamic", "plugin"] as const).map((door) => {
      const tally = report.placeholders[door];
      return (
        `  lost creates' placeholders, ${door} door: ${tally.made} recorded; resolved by the Read ` +
        `before the next command ${tally.resolvedByRead}, by \`pulumi refresh\` ` +
        `${tally.resolvedByRefresh}; replaced by the next up ${tally.replaced}; deleted by ` +
        `destroy ${tally.deleted}`
      );
    }),
    `  refreshes finding drift (recorded outputs that were not the object's): ${report.drift.length}` +
      `${report.drift.length === 0 ? "" : ` (${report.drift.slice(0, 10).join(", ")})`}`,
  ];
  if (report.simulatorErrors.length > 0) {
    lines.push(`  simulator handler errors: ${report.simulatorErrors.length}`);
    for (const line of report.simulatorErrors.slice(0, 5)) lines.push(`    ${line.split("\n")[0]}`);
  }
  for (const finding of report.findings) {
    lines.push(
      `  ${finding.finding.toUpperCase()} ${finding.kind} ${finding.object}: ${finding.detail}`,
    );
  }
  for (const failure of report.unclear.slice(0, 20)) {
    lines.push(
      `  UNCLEAR (L${failure.lifecycle} ${failure.step}, ${failure.problem}): ${failure.message}`,
    );
  }
  return lines;
}

/** The first difference between two runs' outcome logs and fault logs, or undefined. */
export function compareRuns(a: SoakReport, b: SoakReport): string | undefined {
  const pairs: [string, readonly string[], readonly string[]][] = [
    ["step outcomes", outcomeLines(a), outcomeLines(b)],
    ["fault sequence", a.faultLog, b.faultLog],
  ];
  for (const [what, left, right] of pairs) {
    const length = Math.max(left.length, right.length);
    for (let i = 0; i < length; i += 1) {
      if (left[i] !== right[i]) {
        return `${what} differ at line ${i + 1}:\n  first:  ${left[i] ?? "(end)"}\n  second: ${right[i] ?? "(end)"}`;
      }
    }
  }
  return undefined;
}
