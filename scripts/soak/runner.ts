// The fault soak: many full lifecycles (up, up with an in-place change, up --replace, refresh,
// destroy) of every resource kind, through the engine harness (the real provider host over gRPC), against
// the simulator with faults injected and restarts from its state file in the middle of a
// lifecycle. Where a step fails, the soak does what a user does: runs the same command again, a
// bounded number of times, with the state the engine recorded (partial creates carry init
// errors and are resumed). After every attempt it compares the simulator's inventory with the
// state (inventory.ts) and judges every error (errors.ts).
//
// Two modes:
// - "stack": one program declaring every kind (as a user's stack would), so the engine runs
//   their steps in parallel; the simulator runs at speed 3000 with its default durations. Fast,
//   and close to real use, but the order of requests depends on timing, so a seed does not fix
//   which request gets which fault.
// - "sequential": one kind per program, kinds in turn, faults only on the requests of the kind
//   under test (its API paths: the L2 program's two servers are created in parallel), the
//   simulator's clock stopped and its transitions instant (so the number of polls does not depend
//   on timing), the restart triggered by the n-th request of that kind. The same seed then gives
//   the same requests, the same faults and the same outcomes: runs can be compared line by line.
//
// One soak at a time per process: the fault log listens to every simulator in the process.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { messageOf } from "../../provider/framework/errors";
import { isPlaceholder } from "../../provider/framework/placeholder";
import { ServersComClient } from "../../sdk/client";
import type { FaultOptions, SimulatorControl } from "../../simulator";
import { DEFAULT_DURATIONS } from "../../simulator/framework/durations";
import { seededRandom } from "../../simulator/framework/faults";
import { EngineHarness, OperationFailed, type Program, type StepRecord } from "../engine/harness";
import { repoRoot } from "../engine/repo";
import { type Adoption, type Adoptions, adopting, decideAdoptions } from "./adoptions";
import { HARNESS_STRUCT_ERROR, judge } from "./errors";
import {
  type FaultEvent,
  type FaultProfile,
  faultName,
  faultOptions,
  faultsQuiet,
  observeFaults,
  PAST_WINDOW_DELAY_MS,
} from "./faults";
import { compareInventory, type Finding, foreignTwins, readRecords, Seed } from "./inventory";
import { type Declared, OBJECT_KINDS, SOAK_KINDS, type SoakKind, soakCollections } from "./kinds";
import { routePattern } from "./routes";
import { RestartableSimulator } from "./simulator";

export type SoakMode = "stack" | "sequential";
/**
 * The door the resources go through (harness.ts, `door`): the dynamic provider host, the native
 * plugin, or each in turn ("alternate": the dynamic door first, then the plugin, lifecycle by
 * lifecycle; in sequential mode round by round of the kinds). Only the plugin asks the engine to
 * Read a lost create's placeholder before the next command (refresh_before_update).
 */
export type SoakDoor = "dynamic" | "plugin" | "alternate";
export type StepName = "up" | "change" | "replace" | "refresh" | "destroy";
/** Abandoned lifecycles in a row after which the soak stops (see the loop). */
const STOP_AFTER_ABANDONED = 3;
/** "replace": `pulumi up --replace` of every resource in the state (issue 12, item 1). */
const STEPS: readonly StepName[] = ["up", "change", "replace", "refresh", "destroy"];

export interface SoakOptions {
  /**
   * Lifecycles to run. Stack mode: each one takes every kind through its lifecycle at once.
   * Sequential mode: each one is one kind's, the kinds in turn.
   */
  readonly lifecycles: number;
  /** Seeds the faults, the restart points and nothing else. */
  readonly seed: number;
  readonly mode?: SoakMode;
  /** Only these kinds (default: all fifteen). */
  readonly kinds?: readonly string[];
  /** The fault mix (faults.ts); false: no faults. */
  readonly faults?: FaultProfile | false;
  /** Restart the simulator in the middle of every n-th lifecycle, from the first; 0: never. */
  readonly restartEvery?: number;
  /** Attempts of one step before the lifecycle is abandoned (default 8). */
  readonly maxAttempts?: number;
  /** Starts no lifecycle after this many milliseconds. */
  readonly budgetMs?: number;
  /** A new provider host for every operation, as each `pulumi` command starts one (slower). */
  readonly freshHosts?: boolean;
  /** Default "alternate". */
  readonly door?: SoakDoor;
  /** Progress lines. */
  readonly onLine?: (line: string) => void;
}

/** One attempt of one step. */
export interface StepLog {
  readonly lifecycle: number;
  /** The kind, in sequential mode; "stack" otherwise. */
  readonly program: string;
  readonly step: StepName;
  readonly attempt: number;
  readonly ok: boolean;
  /** `name:op` of every step the engine took, sorted. */
  readonly ops: readonly string[];
  /** The category of every error (errors.ts), sorted. */
  readonly failures: readonly string[];
  /** New findings of the inventory check that followed (kind, object, what). */
  readonly findings: readonly string[];
  readonly ms: number;
}

export interface RestartEvent {
  readonly lifecycle: number;
  readonly program: string;
  readonly step: StepName;
  readonly attempt: number;
  /** The request of the step (counted as the trigger counts) that triggered it. */
  readonly request: number;
  readonly path: string;
}

export interface UnclearFailure {
  readonly lifecycle: number;
  readonly step: StepName;
  readonly message: string;
  readonly problem: string;
}

/**
 * What became of lost creates' placeholders (provider/framework/placeholder.ts), each counted
 * once, by the step that took it out of the state. A create records one when it gives up looking
 * for its order: a late commit past the look-up window (faults.ts), or an ambiguous failure (a
 * 5xx or a dropped connection to a POST) whose order never comes, as the API never applied it.
 */
export interface PlaceholderTally {
  /** Placeholders recorded. */
  readonly made: number;
  /** Read before an `up` or `destroy` (refresh_before_update) answered the order's real id. */
  readonly resolvedByRead: number;
  /** A `pulumi refresh` (or `up --refresh`) answered the order's real id. */
  readonly resolvedByRefresh: number;
  /** The next `up` replaced it: a new order, the late one deleted by its create label. */
  readonly replaced: number;
  /** A `destroy` deleted it (and the order that appeared). */
  readonly deleted: number;
}

export interface SoakReport {
  readonly mode: SoakMode;
  readonly door: SoakDoor;
  readonly seed: number;
  readonly kinds: readonly string[];
  /** Lifecycles run to the end (destroy succeeded), abandoned ones included. */
  readonly lifecycles: number;
  /** Resource lifecycles: each kind once per lifecycle in stack mode. */
  readonly kindLifecycles: number;
  readonly steps: number;
  readonly attempts: number;
  /** Attempts beyond the first of each step: the `pulumi up` (refresh, destroy) run again. */
  readonly retries: number;
  readonly retriesByStep: Readonly<Record<StepName, number>>;
  /** Lifecycles whose step still failed after maxAttempts (then cleaned up without faults). */
  readonly abandoned: number;
  /** Why the soak stopped before its lifecycles and budget ran out, if it did. */
  readonly stoppedEarly?: string;
  readonly counts: {
    readonly duplicates: number;
    readonly orphans: number;
    readonly lost: number;
    readonly unclearFailures: number;
  };
  /** By door: only the native plugin asks for the Read before the next command. */
  readonly placeholders: Readonly<Record<"dynamic" | "plugin", PlaceholderTally>>;
  /** Objects made but not recorded at a failed step; adopted by the next up unless orphans. */
  readonly awaitingAdoption: number;
  /**
   * The adoptId stops the soak's user resolved (adoptions.ts): after a lost create answer of a
   * kind without labels, the candidate the stack's own request made, set as adoptId.
   */
  readonly adoptions: readonly Adoption[];
  readonly findings: readonly Finding[];
  readonly unclear: readonly UnclearFailure[];
  readonly failedAttempts: number;
  /**
   * Errors of the harness, not the provider: "Unexpected struct type." for a resource registered
   * with an input of a resource that failed in the same operation (errors.ts,
   * HARNESS_STRUCT_ERROR). Counted apart only beside the failure that explains them.
   */
  readonly harnessArtifacts: number;
  /**
   * Refreshes that found a resource different from its recorded outputs ("L<n> <name>"): an up
   * had recorded outputs that were not the object's. Not one of the four counts; reported.
   */
  readonly drift: readonly string[];
  /** Errors of failed attempts by typed error (errors.ts). */
  readonly errorsByType: Readonly<Record<string, number>>;
  readonly requests: number;
  /** Faults injected, by kind (error5xx by status), and latency spikes. */
  readonly faults: Readonly<Record<string, number>>;
  readonly restarts: readonly RestartEvent[];
  /** Restarts that found the simulator's port taken for 5 s and moved to another. */
  readonly portChanges: number;
  /** Unexpected handler errors the simulator reported (500s it did not mean). */
  readonly simulatorErrors: readonly string[];
  readonly durationMs: number;
  readonly log: readonly StepLog[];
  /** Every API request in order: method, path pattern, fault (sequential mode: comparable). */
  readonly faultLog: readonly string[];
}

/** A seed for lifecycle `i` (and its restarts) from the run's seed. */
function derivedSeed(seed: number, ...parts: number[]): number {
  let value = seed >>> 0;
  for (const part of parts) value = (Math.imul(value ^ part, 0x9e3779b1) + 0x7f4a7c15) >>> 0;
  return value;
}

/**
 * Where a lifecycle's restart happens: a step, and the n-th request of that step (counting from
 * its first attempt), early enough that the step reaches it. Sequential mode restarts during the
 * first up or the change only: one kind's refresh or destroy may send no GET at all.
 */
function restartPoint(mode: SoakMode, random: () => number): { step: StepName; at: number } {
  const pick = (n: number) => Math.floor(random() * n);
  if (mode === "sequential") {
    return random() < 0.5 ? { step: "up", at: 2 + pick(4) } : { step: "change", at: 1 + pick(2) };
  }
  const step = STEPS[pick(STEPS.length)] ?? "up";
  const at = step === "up" ? 10 + pick(50) : step === "change" ? 5 + pick(30) : 1 + pick(8);
  return { step, at };
}

/** Instant transitions (the clock stops in sequential mode), but an upgrade waits to be approved. */
function instantDurations(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of Object.keys(DEFAULT_DURATIONS)) {
    if (name !== "cloud_upgrade_confirm") out[name] = 0;
  }
  return out;
}

function errorsOf(error: unknown): string[] {
  if (error instanceof OperationFailed) return error.errors.map((e) => e.message);
  if (error instanceof Error) return [error.message];
  return [String(error)];
}

function opsOf(steps: readonly StepRecord[]): string[] {
  return steps.map((step) => `${step.urn.split("::").at(-1) ?? step.urn}:${step.op}`).sort();
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const started = Date.now();
  const mode = options.mode ?? "stack";
  const kinds = SOAK_KINDS.filter(
    (kind) => options.kinds === undefined || options.kinds.includes(kind.kind),
  );
  if (kinds.length === 0) throw new Error(`no kinds to soak (given: ${options.kinds?.join(", ")})`);
  const maxAttempts = options.maxAttempts ?? 8;
  const restartEvery = options.restartEvery ?? 0;
  const say = options.onLine ?? (() => undefined);
  const random = seededRandom(derivedSeed(options.seed, 0x5eed));

  const dir = mkdtempSync(join(tmpdir(), "serverscom-soak-"));
  const simulatorErrors: string[] = [];
  const sim = await RestartableSimulator.start({
    stateFile: join(dir, "simulator-state.json"),
    speed: mode === "stack" ? 3000 : 0,
    ...(mode === "stack" ? {} : { durations: instantDurations() }),
    log: (line) => simulatorErrors.push(line),
  });

  const collections = soakCollections();
  const client = new ServersComClient({ token: sim.token, baseUrl: sim.url });
  try {
    for (const kind of kinds) await kind.setUp?.(client);
  } finally {
    await client.close();
  }
  const seed = new Seed(await readRecords(await sim.control(), collections));
  const door = options.door ?? "alternate";
  /** One harness (one stack) per door; each lifecycle ends with the stack destroyed. */
  const harnesses = new Map<"dynamic" | "plugin", EngineHarness>();
  const harnessOf = (which: "dynamic" | "plugin"): EngineHarness => {
    const existing = harnesses.get(which);
    if (existing !== undefined) return existing;
    const made = new EngineHarness({
      door: which,
      projectDir: join(repoRoot(), "scripts", "soak", "project"),
      project: "fault-soak",
      stack: "soak",
      config: {
        "serverscom:apiToken": { value: sim.token, secret: true },
        "serverscom:apiUrl": { value: sim.url },
      },
      // The provider polls every few milliseconds: the simulator is fast (or instant).
      // A create that failed ambiguously looks for a late commit for 3 s: at speed 3000, longer
      // than the late commits of the fault mix within the window, shorter than those past it
      // (faults.ts, PAST_WINDOW_DELAY_MS).
      env: { SERVERSCOM_POLL_INTERVAL_MS: "5", SERVERSCOM_LATE_COMMIT_WINDOW_MS: "3000" },
      ...(options.freshHosts === true ? {} : { reuseHost: true }),
    });
    harnesses.set(which, made);
    return made;
  };
  /** The door of lifecycle `n` (alternate: by lifecycle, or by round of the kinds). */
  const doorOf = (n: number): "dynamic" | "plugin" => {
    if (door !== "alternate") return door;
    const round = mode === "sequential" ? Math.floor((n - 1) / kinds.length) : n - 1;
    return round % 2 === 0 ? "dynamic" : "plugin";
  };
  let currentDoor = doorOf(1);
  let harness = harnessOf(currentDoor);
  let portChanges = 0;
  // A simulator back on another port (its own was taken): what `pulumi config set
  // serverscom:apiUrl` would do, and recorded in the state too, as the next `up` records it:
  // refresh and destroy take the state's configuration, and would reach the old port until then.
  sim.onUrlChange = (url) => {
    for (const each of harnesses.values()) {
      each.setConfig("serverscom:apiUrl", url);
      each.recordConfig();
    }
    portChanges += 1;
  };

  // --- counters ---
  const faults: Record<string, number> = {};
  const faultLog: string[] = [];
  let requests = 0;
  const log: StepLog[] = [];
  const restarts: RestartEvent[] = [];
  const unclear: UnclearFailure[] = [];
  const errorsByType: Record<string, number> = {};
  const retriesByStep: Record<StepName, number> = {
    up: 0,
    change: 0,
    replace: 0,
    refresh: 0,
    destroy: 0,
  };
  const findings = new Map<string, Finding>();
  const awaiting = new Set<string>();
  /** The user's adoptId for the next attempt, per resource; dropped once a step succeeds. */
  const adoptions: Adoptions = new Map();
  const adopted: Adoption[] = [];
  let attempts = 0;
  let steps = 0;
  let failedAttempts = 0;
  let harnessArtifacts = 0;
  const drift: string[] = [];
  let abandoned = 0;
  let abandonedInARow = 0;
  let stoppedEarly: string | undefined;
  let lifecycles = 0;
  let kindLifecycles = 0;
  const tally = () => ({
    made: 0,
    resolvedByRead: 0,
    resolvedByRefresh: 0,
    replaced: 0,
    deleted: 0,
  });
  const placeholders = { dynamic: tally(), plugin: tally() };
  /** The placeholders the state recorded at the last look (URN -> id), and where the journal was. */
  const knownPlaceholders = new Map<string, string>();
  const journalMarks = new Map<EngineHarness, number>();

  // --- where the run is, for the restart trigger ---
  let lifecycle = 0;
  let program = "";
  let step: StepName = "up";
  let attempt = 1;
  /** The planned restart: at the `at`-th request (of `path`, if set) of the step `step`. */
  let trigger: { step: StepName; at: number; path: RegExp | undefined; seen: number } | undefined;
  let restartFailure: unknown;
  let faultProfile: FaultProfile | undefined;
  let faultPath: RegExp | undefined;
  let lifecycleSeed = 0;

  const faultsFor = (...parts: number[]): FaultOptions =>
    faultProfile === undefined
      ? {}
      : faultOptions(derivedSeed(lifecycleSeed, ...parts), faultProfile);

  const stopObserving = observeFaults((event: FaultEvent) => {
    requests += 1;
    const name = faultName(event);
    if (name !== undefined) faults[name] = (faults[name] ?? 0) + 1;
    if (event.latencyMs > 0) faults.latency = (faults.latency ?? 0) + 1;
    // The requests the fault rules could pick (sequential mode: the kind under test's only), in
    // the order the injector drew for them.
    if (faultPath === undefined || faultPath.test(event.path)) {
      faultLog.push(
        `${event.method} ${routePattern(event.method, event.path)} ${name ?? "-"}${event.latencyMs > 0 ? " +latency" : ""}`,
      );
    }
    if (trigger === undefined || trigger.step !== step) return;
    if (trigger.path !== undefined && !trigger.path.test(event.path)) return;
    trigger.seen += 1;
    // A GET, so that the request cut short changes nothing (the client sends it again).
    if (event.method !== "GET" || trigger.seen < trigger.at) return;
    restarts.push({
      lifecycle,
      program,
      step,
      attempt,
      request: trigger.seen,
      path: `${event.method} ${routePattern(event.method, event.path)}`,
    });
    trigger = undefined;
    sim.restart(faultsFor(1000 + restarts.length)).catch((error: unknown) => {
      restartFailure = error;
    });
  });

  const check = async (
    failure: { messages: readonly string[]; kinds: readonly string[] } | undefined,
  ): Promise<string[]> => {
    const control = await sim.control();
    const records = await readRecords(control, collections);
    // Another program's twins (the foreignTwin fault) are its to delete: once the inventory has
    // seen them (and counted any a state took), they go, as that program would remove them.
    for (const twin of foreignTwins(records)) await control.remove(twin.collection, twin.key);
    const found = compareInventory({
      state: [...harnesses.values()].flatMap((each) => [...each.state.values()]),
      pendingDeletes: [...harnesses.values()].flatMap((each) => each.pendingDeletes),
      records,
      seed,
      seedChecks: kinds.flatMap((kind) => kind.seedChecks ?? []),
      ...(failure === undefined ? {} : { failure }),
    });
    const fresh: string[] = [];
    for (const finding of found) {
      const key = `${finding.finding} ${finding.object}`;
      if (finding.finding === "awaiting") {
        awaiting.add(finding.object);
        continue;
      }
      if (findings.has(key)) continue;
      findings.set(key, finding);
      fresh.push(`${finding.finding} ${finding.kind} ${finding.object}: ${finding.detail}`);
    }
    return fresh;
  };

  /**
   * What became of the placeholders recorded at the last look, by the engine's steps since
   * (PlaceholderTally), and the new ones.
   */
  const watchPlaceholders = (stepName: StepName): void => {
    const mark = journalMarks.get(harness) ?? 0;
    for (const [urn, id] of knownPlaceholders) {
      const now = harness.state.get(urn);
      if (now?.id === id) continue;
      knownPlaceholders.delete(urn);
      const ops = harness.journal
        .slice(mark)
        .filter((entry) => entry.urn === urn)
        .map((entry) => entry.op);
      // A replacement orders again (an old generation's delete-replaced, also of this URN, is
      // not the placeholder's: `up --replace` leaves one).
      const outcome: keyof PlaceholderTally = ops.includes("create-replacement")
        ? "replaced"
        : now === undefined
          ? "deleted"
          : stepName === "refresh"
            ? "resolvedByRefresh"
            : "resolvedByRead";
      placeholders[currentDoor][outcome] += 1;
      say(
        `L${lifecycle} ${program}: the placeholder ${id} of ${urn.split("::").at(-1)}: ${outcome}`,
      );
    }
    for (const resource of harness.state.values()) {
      if (!isPlaceholder(resource.id) || knownPlaceholders.get(resource.urn) === resource.id) {
        continue;
      }
      knownPlaceholders.set(resource.urn, resource.id);
      placeholders[currentDoor].made += 1;
    }
    journalMarks.set(harness, harness.journal.length);
  };

  /**
   * The user's next command comes after a lost create's order appeared: the clock moves past
   * the delay of a late commit past the window (faults.ts), applied at the next request. An
   * order that appeared only after its placeholder was replaced and deleted would be an orphan
   * (docs/reliability.md, "Known limits").
   */
  const orderAppears = async (): Promise<void> => {
    const waiting = [...harness.state.values(), ...harness.pendingDeletes].some((resource) =>
      isPlaceholder(resource.id),
    );
    if (!waiting) return;
    await (await sim.control()).advance(PAST_WINDOW_DELAY_MS);
    say(
      `L${lifecycle} ${program}: a placeholder is recorded; the clock moves past its order's commit`,
    );
  };

  const runStep = async (
    name: StepName,
    run: () => Promise<StepRecord[]>,
    resources: readonly Declared[],
  ): Promise<boolean> => {
    const declared = [...new Set(resources.map((resource) => resource.kind))];
    steps += 1;
    step = name;
    for (attempt = 1; attempt <= maxAttempts; attempt += 1) {
      if (restartFailure !== undefined) throw restartFailure;
      await sim.settled();
      await orderAppears();
      attempts += 1;
      if (attempt > 1) retriesByStep[name] += 1;
      const began = Date.now();
      let ok = true;
      let ops: string[] = [];
      let messages: string[] = [];
      try {
        ops = opsOf(await run());
      } catch (error) {
        ok = false;
        failedAttempts += 1;
        messages = errorsOf(error);
        if (error instanceof OperationFailed) ops = opsOf(error.steps);
      }
      watchPlaceholders(name);
      const failures: string[] = [];
      const failedKinds: string[] = [];
      const verdicts = messages.map((message) => ({ message, verdict: judge(message, declared) }));
      // A harness artifact only beside a failure of the provider's that explains it.
      const explained = verdicts.some(({ verdict }) => verdict.clear);
      for (const { message, verdict } of verdicts) {
        if (message === HARNESS_STRUCT_ERROR && explained) {
          failures.push("harness: dependent of a failed resource");
          harnessArtifacts += 1;
          continue;
        }
        failures.push(verdict.category);
        const typed = verdict.typed ?? "(none)";
        errorsByType[typed] = (errorsByType[typed] ?? 0) + 1;
        if (verdict.named !== undefined) failedKinds.push(verdict.named);
        if (!verdict.clear) {
          unclear.push({ lifecycle, step: name, message, problem: verdict.problem ?? "" });
        }
      }
      const fresh = await check(ok ? undefined : { messages, kinds: failedKinds });
      // Nothing changes the objects behind the stack's back here: a refresh that finds one gone
      // means the state had recorded an object that did not exist (lost); one that finds a
      // difference means an up recorded outputs that were not the object's (drift).
      if (name === "refresh" && ok) {
        for (const op of ops) {
          const [resource = op, kind = ""] = op.split(":");
          if (kind === "update") drift.push(`L${lifecycle} ${resource}`);
          if (kind !== "delete") continue;
          const finding: Finding = {
            finding: "lost",
            kind: resource,
            object: `(refresh) ${resource}`,
            detail: `L${lifecycle}: refresh dropped ${resource}: the state recorded an object that was gone`,
          };
          findings.set(`lost L${lifecycle} ${resource}`, finding);
          fresh.push(`lost ${finding.detail}`);
        }
      }
      const entry: StepLog = {
        lifecycle,
        program,
        step: name,
        attempt,
        ok,
        ops,
        failures: failures.sort(),
        findings: fresh,
        ms: Date.now() - began,
      };
      log.push(entry);
      say(
        `L${lifecycle} ${program} ${name}#${attempt} ${ok ? "ok" : "FAILED"} (${entry.ms} ms)` +
          `${ok ? "" : `: ${failures.join("; ")}`}` +
          `${fresh.length > 0 ? `\n  FINDINGS: ${fresh.join("\n  FINDINGS: ")}` : ""}`,
      );
      if (ok) {
        // Adopted: the user takes adoptId out of the program again (a replacement would
        // otherwise name the old generation's object on purpose: README, "Replacements").
        adoptions.clear();
        return true;
      }
      // An adoptId stop: the user adopts what their own program made (adoptions.ts).
      const decided = decideAdoptions({
        messages,
        declared: resources,
        state: harness.state.values(),
        records: await readRecords(await sim.control(), collections),
        seed,
      });
      for (const adoption of decided) {
        adoptions.set(adoption.resource, adoption.id);
        adopted.push(adoption);
        say(
          `L${lifecycle} ${program}: the user sets adoptId "${adoption.id}" on ${adoption.resource}`,
        );
      }
      // A lost create's order that appeared before an `up` that did not read it first (the
      // dynamic door): the up stops asking for `pulumi refresh` (provider/framework/
      // lost-create.ts, updateLost), which the user runs before trying again. Its own failure
      // (a fault) leaves the next attempt to stop and ask again.
      if (messages.some((message) => message.includes("run `pulumi refresh` to take it"))) {
        say(`L${lifecycle} ${program}: the user runs \`pulumi refresh\`, as the error asks`);
        await harness.refresh().then(
          () => watchPlaceholders("refresh"),
          (error: unknown) => {
            say(`L${lifecycle} ${program}: that refresh failed: ${messageOf(error)}`);
          },
        );
      }
      // The user's next attempt is a new `pulumi` command, so a new provider process. The shared
      // host stands in for it (faster) but keeps what it learnt: only its request budget changes
      // what the next attempt does, so a host whose budget refused a request is replaced (a
      // hostile header can spend it for an hour).
      if (verdicts.some(({ verdict }) => verdict.typed === "BudgetWaitError"))
        await harness.close();
    }
    return false;
  };

  /** Without faults: adopt what is pending, then destroy, so the next lifecycle starts clean. */
  const cleanUp = async (current: Program): Promise<void> => {
    await sim.setFaults({});
    try {
      await orderAppears();
      await harness.up(current).catch(() => undefined);
      watchPlaceholders("up");
      await harness.destroy();
      watchPlaceholders("destroy");
      await check(undefined);
    } finally {
      await sim.setFaults(faultsFor());
    }
  };

  try {
    for (lifecycle = 1; lifecycle <= options.lifecycles; lifecycle += 1) {
      if (options.budgetMs !== undefined && Date.now() - started > options.budgetMs) break;
      const members: readonly SoakKind[] =
        mode === "stack" ? kinds : [kinds[(lifecycle - 1) % kinds.length] as SoakKind];
      program = mode === "stack" ? "stack" : (members[0]?.kind ?? "");
      const declared = members.flatMap((kind) => kind.declares);
      adoptions.clear();
      const create: Program = adopting((sc, pulumi) => {
        for (const kind of members) kind.create(sc, pulumi);
      }, adoptions);
      const change: Program = adopting((sc, pulumi) => {
        for (const kind of members) kind.change(sc, pulumi);
      }, adoptions);

      currentDoor = doorOf(lifecycle);
      harness = harnessOf(currentDoor);
      journalMarks.set(harness, harness.journal.length);
      const control: SimulatorControl = await sim.control();
      for (const kind of members) await kind.prepare?.(control);
      lifecycleSeed = derivedSeed(options.seed, lifecycle);
      // Sequential mode: faults only on the kind under test's own requests (see the top).
      const only = mode === "sequential" ? OBJECT_KINDS[program]?.apiPath : undefined;
      faultPath = only;
      faultProfile =
        options.faults === false
          ? undefined
          : {
              ...(mode === "sequential" ? { lateCommitDelayMs: 0 } : { twinPaths: TWIN_PATHS }),
              ...options.faults,
              ...(only === undefined ? {} : { path: only.source }),
            };
      await sim.setFaults(faultsFor());
      trigger =
        restartEvery > 0 && (lifecycle - 1) % restartEvery === 0
          ? { ...restartPoint(mode, random), path: only, seen: 0 }
          : undefined;

      let completed = true;
      let current = create;
      for (const name of STEPS) {
        const run =
          name === "up"
            ? () => harness.up(create)
            : name === "change"
              ? () => harness.up(change)
              : name === "replace"
                ? // `pulumi up --replace` once; after a failure, a plain `pulumi up` finishes it
                  // (resumes partial creates, deletes the old generations), as a user would.
                  () =>
                    attempt === 1
                      ? harness.up(change, { replace: [...harness.state.keys()] })
                      : harness.up(change)
                : name === "refresh"
                  ? () => harness.refresh()
                  : () => harness.destroy();
        if (name === "change") current = change;
        if (!(await runStep(name, run, declared))) {
          completed = false;
          break;
        }
      }
      trigger = undefined;
      if (!completed) {
        abandoned += 1;
        abandonedInARow += 1;
        say(
          `L${lifecycle} ${program}: abandoned after ${maxAttempts} attempts; cleaning up without faults`,
        );
        await cleanUp(current);
      }
      lifecycles += 1;
      kindLifecycles += members.length;
      if (completed) abandonedInARow = 0;
      // Faults alone do not fail a step eight times over, again and again: something is broken
      // (a half-written dist/, a provider that cannot load). Stop rather than spin.
      if (abandonedInARow >= STOP_AFTER_ABANDONED) {
        stoppedEarly = `${abandonedInARow} lifecycles in a row were abandoned`;
        say(`stopping: ${stoppedEarly}`);
        break;
      }
    }
    // The end: nothing may be left but the seed.
    await sim.setFaults({});
    for (const fresh of await check(undefined)) say(`END FINDINGS: ${fresh}`);
  } finally {
    for (const each of harnesses.values()) await each.close();
    await sim.close();
    await faultsQuiet();
    stopObserving();
    rmSync(dir, { recursive: true, force: true });
  }

  const all = [...findings.values()];
  const count = (kind: Finding["finding"]) => all.filter((f) => f.finding === kind).length;
  return {
    mode,
    door,
    seed: options.seed,
    kinds: kinds.map((kind) => kind.kind),
    lifecycles,
    kindLifecycles,
    steps,
    attempts,
    retries: attempts - steps,
    retriesByStep,
    abandoned,
    ...(stoppedEarly === undefined ? {} : { stoppedEarly }),
    counts: {
      duplicates: count("duplicate"),
      orphans: count("orphan"),
      lost: count("lost"),
      unclearFailures: unclear.length,
    },
    awaitingAdoption: awaiting.size,
    placeholders,
    adoptions: adopted,
    findings: all,
    unclear,
    failedAttempts,
    harnessArtifacts,
    drift,
    errorsByType,
    requests,
    faults,
    restarts,
    portChanges,
    simulatorErrors,
    durationMs: Date.now() - started,
    log,
    faultLog,
  };
}

/** One line per attempt, without timings: what two runs of the same seed must share. */
export function outcomeLines(report: SoakReport): string[] {
  return report.log.map(
    (entry) =>
      `L${entry.lifecycle} ${entry.program} ${entry.step}#${entry.attempt} ` +
      `${entry.ok ? "ok" : "failed"} [${entry.ops.join(" ")}]` +
      `${entry.failures.length > 0 ? ` {${entry.failures.join(" | ")}}` : ""}`,
  );
}

/**
 * The create paths of the soak's kinds: the foreignTwin fault's (faults.ts). The inventory tells
 * a twin apart by the mark the simulator puts on it (inventory.ts, isForeignTwin), labels or
 * none. The first is the certain twin of `--certain-faults`. PtrRecord's is left out: the
 * inventory tells its twin apart now, but a lost answer of a PTR record takes the one matching
 * record that appeared (it has no conflict rule: the API keeps identical records), so another
 * program's twin would be taken (docs/reliability.md, "Known limits").
 */
const TWIN_PATHS: readonly string[] = [
  "/v1/remote_block_storage/volumes",
  "/v1/hosts/sbm_servers",
  "/v1/hosts/dedicated_servers",
  "/v1/cloud_computing/instances",
  "/v1/l2_segments",
  "/v1/ssl_certificates/custom",
  "/v1/ssh_keys",
  "/v1/dns/domains/*/records",
  "/v1/cloud_computing/regions/*/snapshots",
  "/v1/network_pools/*/subnetworks",
  "/v1/hosts/dedicated_servers/*/networks/public_ipv6",
];
