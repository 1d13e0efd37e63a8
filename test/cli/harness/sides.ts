// The two sides of test/cli/harness/against-cli.test.ts, behind one interface: the real Pulumi
// CLI (a TypeScript program through the Automation API for the dynamic door, a YAML program
// through `pulumi` itself for the native plugin) and the engine harness with the same door. Each
// side has its own simulator; a command answers whether it succeeded, the steps the engine took
// and the state it left.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { EngineHarness, OperationFailed, type Program } from "../../../scripts/engine/harness";
import type { Properties } from "../../../scripts/engine/secrets";
import { type Simulator, startSimulator } from "../../../simulator";
import { type CliSetup, cliSetup, expectSuccess, pulumi } from "../support/cli";
import { readEventLog } from "../support/event-log";
import { InlineStack } from "../support/inline";
import { installPackage, yamlProject } from "../support/project";
import { exportState } from "../support/state";
import {
  cliDiagnostics,
  cliState,
  cliSteps,
  harnessState,
  harnessSteps,
  progressLines,
  type RecordedResource,
  type Step,
} from "./journal";

export type Door = "dynamic" | "plugin";

/** One resource of a program, written once for both sides and both doors. */
export interface Declaration {
  readonly kind: string;
  readonly name: string;
  readonly args: Properties;
  /** Arguments the program gives as secrets (pulumi.secret, YAML's fn::secret). */
  readonly secrets?: readonly string[];
  /** deleteBeforeReplace, customTimeouts: resource options in both languages. */
  readonly options?: {
    readonly deleteBeforeReplace?: boolean;
    readonly customTimeouts?: { readonly create?: string };
  };
}

export type Command =
  | {
      readonly run: "up";
      readonly program: readonly Declaration[];
      readonly replace?: string[];
      /** `pulumi up --refresh`. */
      readonly refresh?: boolean;
    }
  | { readonly run: "preview-refresh"; readonly program: readonly Declaration[] }
  | { readonly run: "refresh" }
  | { readonly run: "destroy" };

export interface Outcome {
  readonly ok: boolean;
  /** What `pulumi` exited with (the harness: OperationFailed.exitCode). */
  readonly exitCode: number;
  readonly steps: Step[];
  readonly state: Record<string, RecordedResource>;
  /** The provider's progress lines, as they reached the CLI's display (journal.ts). */
  readonly progress: Record<string, string[]>;
  /** What the CLI printed (the harness: its errors), for the messages of a failed comparison. */
  readonly text: string;
}

export interface Side {
  readonly sim: Simulator;
  run(command: Command): Promise<Outcome>;
  /** `pulumi config set [--secret] key value`, for the next commands. */
  setConfig(key: string, value: string, secret: boolean): Promise<void>;
  /** The id the state records for `<Kind>::<name>`. */
  idOf(key: string): Promise<string>;
  close(): Promise<void>;
}

export const PROJECT = "held";
export const STACK = "dev";
/**
 * How long a create looks for its order after an ambiguous failure, on both sides: 3 real
 * seconds (a lost create past it records a placeholder: provider/framework/placeholder.ts).
 */
const LATE_COMMIT_WINDOW = { SERVERSCOM_LATE_COMMIT_WINDOW_MS: "3000" };

export const SIMULATOR = { speed: 3000, durations: { rbs_create: 600_000, sbm_install: 600_000 } };

/** What a TypeScript program declares for these resources. */
export function tsProgram(program: readonly Declaration[]): Program {
  return (serverscom, pulumi) => {
    const classes = serverscom as unknown as Record<
      string,
      new (
        name: string,
        args: Properties,
        opts: Properties,
      ) => unknown
    >;
    for (const { kind, name, args, options, secrets = [] } of program) {
      const Class = classes[kind];
      if (Class === undefined) throw new Error(`no resource class ${kind}`);
      const sealed = Object.fromEntries(
        Object.entries(args).map(([k, v]) => [k, secrets.includes(k) ? pulumi.secret(v) : v]),
      );
      new Class(name, sealed, { ...options });
    }
  };
}

/** The same resources as a YAML program's `resources:` (JSON is YAML). */
export function yamlBody(program: readonly Declaration[]): string {
  if (program.length === 0) return "resources: {}";
  const lines = ["resources:"];
  for (const { kind, name, args, options, secrets = [] } of program) {
    const sealed = Object.fromEntries(
      Object.entries(args).map(([k, v]) => [k, secrets.includes(k) ? { "fn::secret": v } : v]),
    );
    lines.push(`  ${name}:`, `    type: serverscom:index:${kind}`);
    lines.push(`    properties: ${JSON.stringify(sealed)}`);
    if (options !== undefined) lines.push(`    options: ${JSON.stringify(options)}`);
  }
  return lines.join("\n");
}

function urnOf(key: string, door: Door): string {
  const [kind, name] = key.split("::");
  const type =
    door === "dynamic" ? `pulumi-nodejs:dynamic/serverscom:${kind}` : `serverscom:index:${kind}`;
  return `urn:pulumi:${STACK}::${PROJECT}::${type}::${name}`;
}

function config(sim: Simulator): Record<string, { value: string; secret?: boolean }> {
  return {
    "serverscom:apiUrl": { value: sim.url },
    "serverscom:apiToken": { value: sim.token, secret: true },
  };
}

/** The engine harness, as the engine tests drive it. */
export async function harnessSide(door: Door, projectDir: string): Promise<Side> {
  const sim = await startSimulator(SIMULATOR);
  installPackage(projectDir);
  const harness = new EngineHarness({
    door,
    projectDir,
    project: PROJECT,
    stack: STACK,
    config: config(sim),
    env: { SERVERSCOM_POLL_INTERVAL_MS: "20", ...LATE_COMMIT_WINDOW },
    reuseHost: true,
  });
  const outcome = async (work: () => Promise<unknown>, preview = false): Promise<Outcome> => {
    const mark = harness.journal.length;
    const lines = harness.stderr.length;
    let ok = true;
    let text = "";
    let exitCode = 0;
    try {
      await work();
    } catch (error) {
      if (!(error instanceof OperationFailed)) throw error;
      ok = false;
      text = error.message;
      exitCode = error.exitCode;
    }
    return {
      ok,
      exitCode,
      text,
      progress: progressLines(harness.stderr.slice(lines)),
      steps: harnessSteps(harness.journal.slice(mark), preview),
      state: harnessState(harness, door),
    };
  };
  return {
    sim,
    run: (command) => {
      switch (command.run) {
        case "up":
          // Refresh steps inside an update (`--refresh`, or the Read of what carries
          // refresh_before_update) do not say what they found (as in a preview).
          return outcome(
            () =>
              harness.up(tsProgram(command.program), {
                replace: (command.replace ?? []).map((key) => urnOf(key, "dynamic")),
                refresh: command.refresh === true,
              }),
            true,
          );
        case "preview-refresh":
          return outcome(
            () =>
              harness.preview(tsProgram(command.program), { refresh: true, expectNoChanges: true }),
            true,
          );
        case "refresh":
          return outcome(() => harness.refresh());
        case "destroy":
          return outcome(() => harness.destroy(), true);
      }
    },
    setConfig: async (key, value, secret) => harness.setConfig(key, value, secret),
    idOf: async (key) => {
      const resource = harness.state.get(urnOf(key, "dynamic"));
      if (resource === undefined) throw new Error(`the harness's state has no ${key}`);
      return resource.id;
    },
    close: async () => {
      await harness.close();
      await sim.close();
    },
  };
}

/** The real CLI: an inline TypeScript program (dynamic door) or a YAML project (plugin door). */
export async function cliSide(door: Door, root: string): Promise<Side> {
  const sim = await startSimulator(SIMULATOR);
  // The CLI's environment, which the provider (either door) inherits.
  const setup = cliSetup(root, LATE_COMMIT_WINDOW);
  const projectDir = join(root, "project");
  const state = async () => cliState(await exportState(setup, projectDir, STACK));
  const side =
    door === "dynamic"
      ? await inlineRunner(setup, projectDir, sim)
      : await yamlRunner(setup, projectDir, sim);
  return {
    sim,
    run: async (command) => {
      const { code, events, text } = await side(command);
      return {
        ok: code === 0,
        exitCode: code,
        steps: cliSteps(events),
        state: await state(),
        text,
        progress: progressLines(cliDiagnostics(events)),
      };
    },
    setConfig: async (key, value, secret) => {
      const flag = secret ? ["--secret"] : [];
      expectSuccess(
        await pulumi(setup, projectDir, ["config", "set", ...flag, key, value, "--stack", STACK]),
      );
    },
    idOf: async (key) => {
      const exported = await exportState(setup, projectDir, STACK);
      const resource = exported.resources.find((r) => r.urn === urnOf(key, door));
      if (resource === undefined) throw new Error(`the CLI's state has no ${key}`);
      return resource.id;
    },
    close: () => sim.close(),
  };
}

type Runner = (command: Command) => Promise<{ code: number; events: EngineEvent[]; text: string }>;

async function inlineRunner(setup: CliSetup, projectDir: string, sim: Simulator): Promise<Runner> {
  installPackage(projectDir);
  const stack = await InlineStack.create({
    setup,
    projectDir,
    project: PROJECT,
    stack: STACK,
    program: tsProgram([]),
    config: config(sim),
  });
  return async (command) => {
    const events: EngineEvent[] = [];
    const onEvent = (event: EngineEvent) => events.push(event);
    let result: { code: number; stdout: string; stderr: string };
    switch (command.run) {
      case "up":
        stack.program = tsProgram(command.program);
        result = await stack.up({
          onEvent,
          replace: (command.replace ?? []).map((key) => urnOf(key, "dynamic")),
          refresh: command.refresh === true,
        });
        break;
      case "preview-refresh":
        stack.program = tsProgram(command.program);
        result = await stack.preview({ onEvent, refresh: true, expectNoChanges: true });
        break;
      case "refresh":
        result = await stack.refresh({ onEvent });
        break;
      case "destroy":
        result = await stack.destroy({ onEvent });
        break;
    }
    return { code: result.code, events, text: result.stdout + result.stderr };
  };
}

async function yamlRunner(setup: CliSetup, projectDir: string, sim: Simulator): Promise<Runner> {
  yamlProject(projectDir, PROJECT, yamlBody([]));
  expectSuccess(await pulumi(setup, projectDir, ["stack", "init", STACK]));
  for (const [key, { value, secret }] of Object.entries(config(sim))) {
    const flag = secret === true ? ["--secret"] : [];
    expectSuccess(await pulumi(setup, projectDir, ["config", "set", ...flag, key, value]));
  }
  const eventLog = join(setup.root, "events.jsonl");
  return async (command) => {
    let args: string[];
    switch (command.run) {
      case "up":
        writeProgram(projectDir, command.program);
        args = [
          "up",
          "--yes",
          ...(command.refresh === true ? ["--refresh"] : []),
          ...(command.replace ?? []).flatMap((k) => ["--replace", urnOf(k, "plugin")]),
        ];
        break;
      case "preview-refresh":
        writeProgram(projectDir, command.program);
        args = ["preview", "--refresh", "--expect-no-changes"];
        break;
      case "refresh":
        args = ["refresh", "--yes"];
        break;
      case "destroy":
        args = ["destroy", "--yes"];
        break;
    }
    rmSync(eventLog, { force: true });
    // `--event-log` exists only with PULUMI_DEBUG_COMMANDS (pulumi/pulumi v3.274.1
    // pkg/cmd/pulumi/operations/up.go:1023-1028); the Automation API sets it the same way.
    const result = await pulumi(
      setup,
      projectDir,
      [...args, "--stack", STACK, "--event-log", eventLog],
      { env: { PULUMI_DEBUG_COMMANDS: "true" } },
    );
    if (!existsSync(eventLog)) {
      throw new Error(
        `${result.command} wrote no event log (exit ${result.code}):\n${result.stdout}\n${result.stderr}`,
      );
    }
    const events = readEventLog(eventLog);
    return { code: result.code, events, text: result.stdout + result.stderr };
  };
}

/** Rewrites the YAML project's program, keeping its plugins.providers (project.ts). */
function writeProgram(projectDir: string, program: readonly Declaration[]): void {
  const file = join(projectDir, "Pulumi.yaml");
  const text = readFileSync(file, "utf8");
  const head = text.slice(
    0,
    text.indexOf("resources:") === -1 ? text.length : text.indexOf("resources:"),
  );
  writeFileSync(file, `${head.trimEnd()}\n${yamlBody(program)}\n`);
}
