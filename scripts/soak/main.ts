// `node dist/demo/scripts/soak/main.js`: the fault soak as a command (runner.ts).
//
//   --lifecycles N    lifecycles to run (default 20, or no limit with --minutes; each takes
//                     every kind through up, change, refresh, destroy in stack mode)
//   --minutes M       start no lifecycle after M minutes (default: no limit)
//   --seed S          seeds the faults and the restart points (default 1)
//   --mode stack|sequential   (default stack; runner.ts explains both)
//   --door dynamic|plugin|alternate   the door the resources go through (default alternate:
//                     lifecycle by lifecycle; runner.ts, SoakDoor)
//   --kinds A,B       only these kinds
//   --restart-every N restart the simulator in the middle of every N-th lifecycle (default 3)
//   --fault-scale X   multiply every fault probability (default 1; 0: no faults)
//   --retry-after S   the Retry-After of injected 429s, in seconds (default 1)
//   --certain-faults  also each kind of fault once for certain in every lifecycle (faults.ts)
//   --no-hostile-rate-limits  leave out the answers with hostile rate-limit headers (faults.ts,
//                     hostileRateLimitRules; on by default here, off in the test suite's soak)
//   --max-attempts N  attempts of a step before its lifecycle is abandoned (default 8)
//   --fresh-hosts     a new provider host for every operation, as each `pulumi` command
//   --repro           run the sequential scenario twice with the seed and compare the runs
//   --verbose         print every attempt
// Exits 1 when a count is not 0 (or the two runs of --repro differ).
import { compareRuns, reportLines } from "./report";
import { runSoak, type SoakOptions } from "./runner";

interface Args {
  readonly options: SoakOptions;
  readonly repro: boolean;
}

function parse(argv: readonly string[]): Args {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? "";
    if (!arg.startsWith("--")) throw new Error(`unexpected argument ${arg}`);
    const [name, inline] = arg.slice(2).split("=", 2) as [string, string | undefined];
    if (
      ["fresh-hosts", "repro", "verbose", "certain-faults", "no-hostile-rate-limits"].includes(name)
    ) {
      flags.add(name);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`--${name} needs a value`);
    values.set(name, value);
  }
  const known = [
    "lifecycles",
    "minutes",
    "seed",
    "mode",
    "door",
    "kinds",
    "restart-every",
    "fault-scale",
    "retry-after",
    "max-attempts",
  ];
  for (const name of values.keys()) {
    if (!known.includes(name)) throw new Error(`unknown option --${name}`);
  }
  const number = (name: string, fallback: number, integer = true): number => {
    const text = values.get(name);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0 || (integer && !Number.isInteger(value))) {
      throw new Error(`--${name} must be a ${integer ? "whole " : ""}number >= 0 (got ${text})`);
    }
    return value;
  };
  const mode = values.get("mode") ?? "stack";
  if (mode !== "stack" && mode !== "sequential") throw new Error("--mode is stack or sequential");
  const door = values.get("door") ?? "alternate";
  if (door !== "dynamic" && door !== "plugin" && door !== "alternate") {
    throw new Error("--door is dynamic, plugin or alternate");
  }
  const scale = number("fault-scale", 1, false);
  const minutes = values.get("minutes");
  const kinds = values.get("kinds");
  const verbose = flags.has("verbose");
  return {
    repro: flags.has("repro"),
    options: {
      // With a time budget, the time decides: `--minutes 5` alone runs for five minutes.
      lifecycles: number("lifecycles", minutes === undefined ? 20 : Number.MAX_SAFE_INTEGER),
      seed: number("seed", 1),
      mode,
      door,
      restartEvery: number("restart-every", 3),
      maxAttempts: Math.max(1, number("max-attempts", 8)),
      faults:
        scale === 0
          ? false
          : {
              scale,
              retryAfterSeconds: number("retry-after", 1),
              ...(flags.has("certain-faults") ? { certain: true } : {}),
              hostileRateLimits: !flags.has("no-hostile-rate-limits"),
            },
      ...(minutes === undefined ? {} : { budgetMs: number("minutes", 0, false) * 60_000 }),
      ...(kinds === undefined ? {} : { kinds: kinds.split(",").map((k) => k.trim()) }),
      ...(flags.has("fresh-hosts") ? { freshHosts: true } : {}),
      ...(verbose ? { onLine: (line: string) => process.stdout.write(`${line}\n`) } : {}),
    },
  };
}

function print(lines: readonly string[]): void {
  for (const line of lines) process.stdout.write(`${line}\n`);
}

function clean(report: Awaited<ReturnType<typeof runSoak>>): boolean {
  const { counts } = report;
  return (
    counts.duplicates + counts.orphans + counts.lost + counts.unclearFailures === 0 &&
    report.simulatorErrors.length === 0 &&
    report.stoppedEarly === undefined
  );
}

async function main(argv: readonly string[]): Promise<number> {
  const { options, repro } = parse(argv);
  if (!repro) {
    const report = await runSoak(options);
    print(reportLines(report));
    return clean(report) ? 0 : 1;
  }
  const sequential: SoakOptions = { ...options, mode: "sequential" };
  const first = await runSoak(sequential);
  print(reportLines(first));
  const second = await runSoak(sequential);
  print(reportLines(second));
  const difference = compareRuns(first, second);
  print([
    difference === undefined
      ? `Reproducible: both runs of seed ${options.seed} took the same ${first.log.length} attempts with the same outcomes and the same ${first.faultLog.length} requests with the same faults.`
      : `NOT reproducible: ${difference}`,
  ]);
  return clean(first) && clean(second) && difference === undefined ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `soak: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 2;
  },
);
