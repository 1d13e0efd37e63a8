// The closest we get to `pulumi up` without the Pulumi CLI (architecture.md, item 12).
//
// A program runs under pulumi.runtime.setMocks in this process, loading the package from dist/
// exactly as a user's program would (`require("pulumi-serverscom")`), so each registration carries
// the real `__provider` text and inputs. The mocks' newResource plays the engine: it drives the
// real provider host (host.ts) over gRPC and applies the engine's rules where this harness
// replaces the engine (pulumi/pulumi v3.274.1 pkg/resource/deploy/step_generator.go and step.go;
// held against the real CLI by test/cli/harness, which compares the steps, in the engine's own
// words (`journal`), the state, the exit codes and the progress lines, through both doors):
// - check, then create for a new resource, or diff against the old outputs;
// - a diff with no changes is a Same step (new inputs recorded, outputs kept), unless the
//   resource has init errors, which forces an update;
// - a create-before-delete replacement deletes the old generation at the end of the `up`, and
//   keeps it recorded (pendingDeletes) until that delete succeeds, as the engine does;
// - replaces make a replacement, deleting first when the diff says deleteBeforeReplace, unless the
//   resource option deleteBeforeReplace is set, which wins (step_generator.go:2143, "The
//   user can override the provider's decision": `if goal.DeleteBeforeReplace != nil`);
// - a targeted replacement (`pulumi up --replace URN`, `--target-replace`, `pulumi state taint`)
//   never calls diff: it replaces on `id`, create-before-delete unless the resource option says
//   otherwise (step_generator.go:250 isTargetedReplace, and :3020-3030 `diff`, which returns
//   `ReplaceKeys: ["id"]` before asking the provider);
// - a partial-create error (ErrorResourceInitFailed) records the id, the properties as outputs
//   and the reasons as init errors, and fails the step;
// - refresh_before_update (a lost create's placeholder, provider/framework/placeholder.ts): a
//   partial create or update records the flag its ErrorResourceInitFailed carries (pulumi/pulumi
//   v3.274.1 pkg/resource/deploy/step.go:493-514 and :1198-1212; the plugin side
//   pkg/resource/plugin/provider_plugin.go:2649-2656, parseError), a Same step carries it forward
//   (step_generator.go:879-883), a Read sets it from its answer (step.go:1799); `up`, `preview`
//   and `destroy` first Read the resources that carry it, unless a refresh runs anyway
//   (deployment_executor.go:181-195, refresh(refreshBeforeUpdateOnly): :841-845 and :898-902),
//   old generations awaiting their delete included (they are in the previous snapshot). Read may
//   answer another id (step.go:1785-1797); a partial Read keeps its init errors and flag (:1740-
//   1760, "Partial failure SHOULD NOT cause refresh to fail"). Only the native plugin sets the
//   flag; @pulumi/pulumi's dynamic provider host never does, so its resources are read first only
//   by `pulumi refresh` or `up --refresh`;
// - check failures in the engine's words, with the value the program gave (diag.ts), and a
//   partial failure's error as InitError words it (host.ts, initErrorText);
// - resources the program no longer declares are deleted, together with the pending old
//   generations, dependents first (scheduleDeletes, the engine's ScheduleDeletes), and so is
//   everything in a destroy;
// - a preview hands the program what the engine would: the old outputs for a Same step, the new
//   inputs for a create, update or replacement through the dynamic door (its host does not
//   support previews), the plugin's preview answer through the plugin door (plan());
// - refresh = read(id, old outputs), which clears the resource's init errors (step.go:1690-1880,
//   RefreshStep.Apply: `s.new.InitErrors = initErrors`, step.go:1798, set only when Read answers
//   an init error: the native plugin's Read of a placeholder whose order has not appeared), an
//   empty id drops the resource, and the drift is the
//   diff of the refreshed outputs against the old inputs (the engine's inverted refresh diff);
//   the reads run at most `parallel` at once, as the engine's refresh steps do (`pulumi refresh
//   -p`);
// - refresh and destroy run no program: their provider is configured with what the state
//   recorded at the last `up` (#stateConfig), not with configuration set since;
// - `preview --expect-no-changes` fails (exit code 7) when the plan changes anything, whatever
//   the refresh found; a failed step fails the command with exit code 1 (OperationFailed).
// - secret inputs reach the provider in clear (it does not accept secrets) and the outputs of the
//   same names become secret; additionalSecretOutputs are sealed in the stored state after every
//   step (step_executor.go); the program sees both as secret Outputs;
// - the stack configuration reaches the provider's configure and the program (lookups read it).
// Not modelled, for speed: the preview pass every `pulumi up`, `refresh` and `destroy` runs
// first (the program twice, a provider process per pass), and through the dynamic door the
// handshake around Configure. Through the plugin door each command loads the provider as the
// engine does, GetPluginInfo, CheckConfig, DiffConfig, Configure, and ends with Cancel
// (PluginHost.configure, withHost); a shared host (reuseHost) hears Cancel when it is closed.
// Each operation starts a fresh provider host, as every `pulumi` command does, so a rebuilt
// package is picked up like after an upgrade (tests may share one: reuseHost). URNs ignore
// parents (the scenarios have none).
import { createCipheriv, randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { checkFailureMessage } from "./diag";
import { InitError, ProviderHost, type ReadOutcome } from "./host";
import { PluginHost } from "./plugin";
import {
  type PackageModule,
  type Program,
  type PulumiModule,
  resolveStackOutputs,
  type StackOutput,
} from "./program";
import { repoRoot } from "./repo";
import { markSecrets, type Properties, revealSecrets, secretValue } from "./secrets";

export type { Program, StackOutput } from "./program";

export interface StoredResource {
  readonly urn: string;
  readonly type: string;
  readonly name: string;
  readonly id: string;
  /** In clear, as the provider receives them; `secretInputs` says which are sealed when stored. */
  readonly inputs: Properties;
  readonly outputs: Properties;
  /** Set by a partial create or update: the next `up` updates even without a diff. */
  readonly initErrors: readonly string[];
  /**
   * The engine's RefreshBeforeUpdate: the next `up`, `preview` or `destroy` Reads the resource
   * before anything else (a lost create's placeholder, through the native plugin).
   */
  readonly refreshBeforeUpdate?: boolean;
  readonly additionalSecretOutputs: readonly string[];
  /** Inputs the program gave as secrets; the outputs of the same names are secret too. */
  readonly secretInputs: readonly string[];
  /**
   * The URNs this resource depends on, as the registration named them (its dependencies and
   * property dependencies): what the engine orders deletes by (ScheduleDeletes).
   */
  readonly dependencies?: readonly string[];
}

export type StepOp = "create" | "same" | "update" | "replace" | "delete";

/**
 * The engine's own step kinds, as the real CLI names them in its engine events (`metadata.op`
 * of resourcePreEvent; pulumi/pulumi v3.274.1 pkg/resource/deploy/step.go:2386-2395): a
 * replacement is three steps, create-replacement + replace (+ delete-replaced at the end of the
 * deployment) when creating first, delete-replaced + replace + create-replacement when deleting
 * first; a refresh is a `refresh` step whatever it finds.
 */
export type EngineOp =
  | "same"
  | "create"
  | "update"
  | "delete"
  | "replace"
  | "create-replacement"
  | "delete-replaced"
  | "refresh";

/** One step of the engine's journal: what the CLI's event log shows for the same command. */
export interface JournalEntry {
  readonly urn: string;
  readonly op: EngineOp;
  /**
   * A refresh step's outcome outside a preview (RefreshStep.ResultOp, step.go:1660-1688: delete
   * when the object is gone, same when the provider's diff says none, else update): the op of
   * the step's resOutputsEvent in `pulumi refresh`.
   */
  readonly result?: "same" | "update" | "delete";
}

export interface StepRecord {
  readonly urn: string;
  readonly op: StepOp;
  /** For refresh steps and previews: what the diff reported as replacing. */
  readonly replaces?: readonly string[];
}

/** The CLI's exit codes (pulumi/pulumi v3.274.1 pkg/cmd/pulumi/cmd/exit_codes.go:30-41, ExitCodeFor :91 and :116-117). */
export const EXIT_CODES = {
  /** A failed step or program: the engine "bails" (ExitCodeFor: result.IsBail). */
  error: 1,
  /** `--expect-no-changes` found changes (NoChangesExpectedError). */
  noChanges: 7,
} as const;

/** An operation in which some steps failed; the state records what the engine would. */
export class OperationFailed extends Error {
  override name = "OperationFailed";
  constructor(
    readonly steps: readonly StepRecord[],
    readonly errors: readonly Error[],
    /** What `pulumi` would have exited with. */
    readonly exitCode: number = EXIT_CODES.error,
  ) {
    super(errors.map((error) => error.message).join("\n"));
  }
}

/** Overrides Pulumi's default parallelism: read by the CLI, and by this harness. */
export const PARALLEL_ENV = "PULUMI_PARALLEL";

/**
 * Pulumi's default `--parallel`: 4 x GOMAXPROCS, i.e. 4 x the CPUs the process may use
 * (pkg/cmd/pulumi/operations/up.go, defaultParallel), unless PULUMI_PARALLEL says otherwise.
 */
export function defaultParallelism(
  env: Readonly<Record<string, string | undefined>> = process.env,
): number {
  const text = env[PARALLEL_ENV];
  if (text === undefined || text.trim() === "") return 4 * availableParallelism();
  return checkParallel(Number(text), `${PARALLEL_ENV}="${text}"`);
}

function checkParallel(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new Error(`${what}: the parallelism must be a whole number, 1 or more`);
  }
  return value;
}

export interface ConfigValue {
  readonly value: string;
  readonly secret?: boolean;
}

export interface HarnessOptions {
  /** The Pulumi project's directory: the provider host's working directory. */
  readonly projectDir: string;
  readonly project: string;
  readonly stack: string;
  /** The stack configuration, namespaced keys ("serverscom:apiToken"). */
  readonly config: Readonly<Record<string, ConfigValue>>;
  /** Environment of the provider host. */
  readonly env?: Readonly<Record<string, string>>;
  /** Where the program loads the package and @pulumi/pulumi from; default the repository. */
  readonly packageDir?: string;
  /** Also receives each line the provider hosts write to stderr, as it comes (progress). */
  readonly onStderr?: (line: string) => void;
  /**
   * Receives each step as it is taken, with the resource as the step left it (for a delete: as it
   * was). Steps of a preview change nothing; a create's resource then has no id.
   */
  readonly onStep?: (step: StepRecord, resource: StoredResource) => void;
  /**
   * Keep one provider host for every operation, until the configuration changes or `close()`;
   * by default each operation starts its own, as each `pulumi` command does. Tests share one to
   * stay fast; a host configures each provider once (cmd/dynamic-provider, getProvider), hence
   * the restart when the configuration changes.
   */
  readonly reuseHost?: boolean;
  /**
   * How many resources a refresh reads at once (`pulumi refresh --parallel`); 1 reads them one at
   * a time, in state order. Default: Pulumi's (defaultParallelism()). Each `refresh` and `preview`
   * may say otherwise.
   */
  readonly parallel?: number;
  /**
   * Which door the resources go through: "dynamic" (default), the dynamic provider host with
   * the serialised shim, as the Node.js SDK registers them; or "plugin", the package's native
   * provider plugin, as a program in any other language registers them (plugin.ts).
   */
  readonly door?: "dynamic" | "plugin";
}

/** Options of one preview (`pulumi preview [--refresh] [--expect-no-changes]`). */
export interface PreviewOptions extends RefreshOptions {
  readonly refresh?: boolean;
  /**
   * `--expect-no-changes`: fail when the plan changes anything. Only the plan's steps count, not
   * what the refresh found (pulumi/pulumi v3.274.1 pkg/cmd/pulumi/operations/preview.go:646,
   * engine.HasChanges of the update's step counts, pkg/engine/update.go:580-591; a refresh step
   * is not logical, update.go:1443-1464): drift the program's inputs do not cover passes.
   */
  readonly expectNoChanges?: boolean;
}

/** The error of `--expect-no-changes` (pkg/backend/backenderr/backenderr.go:251-256). */
export const NO_CHANGES_EXPECTED = "no changes were expected for preview but changes were proposed";

/** Options of one refresh (`pulumi refresh`, `pulumi preview --refresh`). */
export interface RefreshOptions {
  /** Overrides the harness's `parallel` for this operation. */
  readonly parallel?: number;
}

/** What `preview` found: the refresh's drift (with `refresh`) and the steps an `up` would take. */
export interface PreviewResult {
  readonly refresh: readonly StepRecord[];
  readonly steps: readonly StepRecord[];
}

type Registration = Omit<
  StoredResource,
  "id" | "outputs" | "initErrors" | "refreshBeforeUpdate"
> & {
  /** The resource option deleteBeforeReplace, when the program set it. */
  readonly deleteBeforeReplace?: boolean;
};

/** Options of one `up`. */
export interface UpOptions {
  /** `pulumi up --replace URN` (also `--target-replace`, `pulumi state taint`): replace these. */
  readonly replace?: readonly string[];
  /**
   * `pulumi up --refresh`: refresh every resource first (with the provider the state records,
   * #stateConfig), then run the program against the refreshed state, which puts drift back. A
   * plain `up` diffs against the state as recorded and leaves drift alone (the README's GitOps
   * recipe; test/cli/gitops).
   */
  readonly refresh?: boolean;
}

export class EngineHarness {
  /** The stack's state, in registration order. */
  readonly state = new Map<string, StoredResource>();
  /**
   * Old generations of create-before-delete replacements whose delete has not succeeded yet. The
   * engine keeps them in the state with `Delete: true` and deletes them in a later deployment
   * (step_generator.go:2390, GenerateDeletes: `if res.Delete`); they are not lost from the state.
   */
  readonly pendingDeletes: StoredResource[] = [];
  /** The stack outputs of the last successful `up`. */
  readonly outputs = new Map<string, StackOutput>();
  /** Every line the provider hosts wrote to stderr. */
  readonly stderr: string[] = [];
  /**
   * Every step taken, in the engine's words, as it starts (test/cli/harness compares it with the
   * real CLI's engine events).
   */
  readonly journal: JournalEntry[] = [];
  readonly #key = randomBytes(32);
  readonly #options: HarnessOptions;
  /** The stack configuration, changed between operations as `pulumi config set` would. */
  readonly #config: Map<string, ConfigValue>;
  /**
   * The default provider's inputs as the state records them: the stack configuration of the
   * last `up` that registered a resource (its provider step, Same or Update, stores the goal's
   * inputs). `pulumi refresh` and `pulumi destroy` run no program, so they load the provider from
   * the state and configure it with these (pulumi/pulumi v3.274.1 pkg/resource/deploy/
   * deployment.go:782-811, EnsureProvider, then providers/registry.go:795-875, Registry.Same:
   * `Configure` with `res.Inputs`), not with the configuration set since; `pulumi preview
   * --refresh` refreshes the same way before running the program with the current one.
   */
  #stateConfig: Properties | undefined;
  /** With reuseHost: the running host and the configuration it was given. */
  #shared: { host: ProviderHost; config: string } | undefined;

  constructor(options: HarnessOptions) {
    this.#options = options;
    this.#config = new Map(Object.entries(options.config));
  }

  /** `pulumi config set [--secret] key value`: used by the next operation. */
  setConfig(key: string, value: string, secret = false): void {
    this.#config.set(key, { value, secret });
  }

  /**
   * The stack configuration of the moment becomes what the state records, as the next `pulumi
   * up` would record it: refresh and destroy configure their provider from the state
   * (#stateConfig), so an endpoint that moved under the stack (the soak's simulator back on
   * another port) would otherwise be reached at the old address until an `up` runs.
   */
  recordConfig(): void {
    if (this.#stateConfig !== undefined) this.#stateConfig = this.stackConfig();
  }

  /** `pulumi config rm key`. */
  removeConfig(key: string): void {
    this.#config.delete(key);
  }

  /** `pulumi up` of the program. Throws OperationFailed after recording what succeeded. */
  async up(program: Program, options: UpOptions = {}): Promise<StepRecord[]> {
    const steps: StepRecord[] = [];
    const replace = new Set(options.replace ?? []);
    if (options.refresh === true) {
      await this.withHost((host) => this.refreshWith(host, {}), "state");
    } else {
      await this.refreshBeforeUpdate();
    }
    const { errors, exported } = await this.runProgram(
      program,
      false,
      (host, reg) => {
        this.#stateConfig = this.stackConfig();
        return this.apply(host, reg, steps, replace.has(reg.urn));
      },
      // The pending old generations and what the program no longer declares, together.
      (host, seen) =>
        this.deleteScheduled(
          host,
          steps,
          [...this.state.values()].filter((old) => !seen.has(old.urn)),
        ),
    );
    if (errors.length > 0) throw new OperationFailed(steps, errors);
    this.outputs.clear();
    for (const [name, output] of exported) this.outputs.set(name, output);
    return steps;
  }

  /**
   * `pulumi preview` (with `refresh`: `pulumi preview --refresh`): the steps an `up` would take,
   * changing nothing. As in the CLI, the refreshed state is not kept.
   */
  async preview(program: Program, options: PreviewOptions = {}): Promise<PreviewResult> {
    const saved = new Map(this.state);
    // The Read before the plan (refresh_before_update) may refresh old generations too.
    const savedPending = [...this.pendingDeletes];
    try {
      let refresh: StepRecord[] = [];
      const steps: StepRecord[] = [];
      /** Create-first replacements the plan makes: their old generations are deleted at the end. */
      const replaced: string[] = [];
      // The refresh first, with a provider configured from the state (#stateConfig).
      if (options.refresh === true) {
        refresh = await this.withHost((host) => this.refreshWith(host, options), "state");
      } else {
        refresh = await this.refreshBeforeUpdate(options);
      }
      const { errors } = await this.runProgram(
        program,
        true,
        (host, reg) => this.plan(host, reg, steps, replaced),
        async (_host, seen) => {
          // In the order an `up` would delete them (scheduleDeletes); a preview deletes nothing.
          const condemned: Condemned[] = [
            ...this.pendingDeletes.map((resource) => ({ resource, replaced: true })),
            ...replaced.flatMap((urn) => {
              const resource = this.state.get(urn);
              return resource === undefined ? [] : [{ resource, replaced: true }];
            }),
            ...[...this.state.values()]
              .filter((old) => !seen.has(old.urn))
              .map((resource) => ({ resource, replaced: false })),
          ];
          for (const { resource, replaced: old } of scheduleDeletes(condemned).flat()) {
            if (old) {
              this.log(resource.urn, "delete-replaced");
              continue;
            }
            this.log(resource.urn, "delete");
            this.note(steps, { urn: resource.urn, op: "delete" }, resource);
          }
        },
      );
      if (errors.length > 0) throw new OperationFailed(steps, errors);
      if (options.expectNoChanges === true && steps.some((step) => step.op !== "same")) {
        throw new OperationFailed(steps, [new Error(NO_CHANGES_EXPECTED)], EXIT_CODES.noChanges);
      }
      return { refresh, steps };
    } finally {
      this.state.clear();
      for (const [urn, resource] of saved) this.state.set(urn, resource);
      this.pendingDeletes.splice(0, this.pendingDeletes.length, ...savedPending);
    }
  }

  /** `pulumi refresh`. */
  async refresh(options: RefreshOptions = {}): Promise<StepRecord[]> {
    return this.withHost((host) => this.refreshWith(host, options), "state");
  }

  /**
   * The Reads the engine runs before an `up`, `preview` or `destroy` that runs no refresh anyway,
   * of the resources (and old generations) that carry RefreshBeforeUpdate, with the provider the
   * state records like any refresh (deployment_executor.go:181-195): none, nothing is loaded.
   */
  private async refreshBeforeUpdate(options: RefreshOptions = {}): Promise<StepRecord[]> {
    if (this.flagged().length === 0) return [];
    return this.withHost((host) => this.refreshWith(host, options, true), "state");
  }

  /** What carries RefreshBeforeUpdate: current resources and old generations awaiting delete. */
  private flagged(): StoredResource[] {
    return [...this.state.values(), ...this.pendingDeletes].filter(
      (resource) => resource.refreshBeforeUpdate === true,
    );
  }

  /**
   * Reads every resource (`flaggedOnly`: those that carry RefreshBeforeUpdate, old generations
   * included), `parallel` at a time (the engine runs refresh steps concurrently up to
   * `--parallel`), and returns the steps in state order whatever order they finished in; onStep
   * hears of each as it finishes, as the CLI prints them. After a failure no further read starts,
   * those under way finish (and are recorded), and the first error is thrown: with parallel 1,
   * exactly the sequential refresh.
   */
  private async refreshWith(
    host: ProviderHost,
    options: RefreshOptions,
    flaggedOnly = false,
  ): Promise<StepRecord[]> {
    const parallel =
      options.parallel === undefined
        ? this.parallel()
        : checkParallel(options.parallel, "refresh parallel");
    const olds = flaggedOnly ? this.flagged() : [...this.state.values()];
    const stepsOf: StepRecord[][] = olds.map(() => []);
    await forEachLimited(olds, parallel, async (old, index) => {
      const steps = stepsOf[index] ?? [];
      const pending = this.pendingDeletes.includes(old);
      /** Where the refreshed resource goes: the state, or its place among the old generations. */
      const keep = (refreshed: StoredResource | undefined) => {
        if (!pending) {
          if (refreshed === undefined) this.state.delete(old.urn);
          else this.store(refreshed);
          return;
        }
        const at = this.pendingDeletes.indexOf(old);
        if (refreshed === undefined) this.pendingDeletes.splice(at, 1);
        else this.pendingDeletes.splice(at, 1, refreshed);
      };
      const read = await this.read(host, old);
      if (read.id === "") {
        this.log(old.urn, "refresh", "delete");
        keep(undefined);
        this.note(steps, { urn: old.urn, op: "delete" }, old);
        return;
      }
      const inputs = read.inputs ?? old.inputs;
      // The engine's refresh diff: refreshed outputs and inputs as the old side, the old
      // inputs as the new side, then inverted for display.
      const diff = await host.diff(old.urn, read.id, read.properties, old.inputs, inputs);
      const refreshed: StoredResource = {
        ...old,
        id: read.id,
        inputs,
        outputs: read.properties,
        initErrors: read.initErrors,
        refreshBeforeUpdate: read.refreshBeforeUpdate,
      };
      keep(refreshed);
      // ResultOp (step.go:1682): same only when the provider's diff says none.
      const op = diff.changes === "none" ? "same" : "update";
      this.log(old.urn, "refresh", op);
      this.note(steps, { urn: old.urn, op, replaces: diff.replaces }, refreshed);
    });
    return stepsOf.flat();
  }

  /**
   * A refresh step's Read (step.go:1727-1760): a partial failure (ErrorResourceInitFailed) does
   * not fail it, its id, properties, reasons (as init errors) and RefreshBeforeUpdate are what
   * the state records; a plain answer records no init error and its own flag (unset: cleared).
   */
  private async read(
    host: ProviderHost,
    old: StoredResource,
  ): Promise<ReadOutcome & { readonly initErrors: readonly string[] }> {
    try {
      return { ...(await host.read(old.urn, old.id, old.outputs, old.inputs)), initErrors: [] };
    } catch (error) {
      if (!(error instanceof InitError)) throw error;
      return {
        id: error.id,
        properties: error.properties,
        inputs: undefined,
        refreshBeforeUpdate: error.refreshBeforeUpdate,
        initErrors: error.reasons,
      };
    }
  }

  /** The harness's parallelism: its option, else Pulumi's default. */
  private parallel(): number {
    const configured = this.#options.parallel;
    return configured === undefined
      ? defaultParallelism()
      : checkParallel(configured, "HarnessOptions.parallel");
  }

  /**
   * `pulumi destroy`: every resource, and the pending old generations, dependents first (the
   * engine's ScheduleDeletes), with the provider the state records.
   */
  async destroy(): Promise<StepRecord[]> {
    return this.withHost(async (host) => {
      const steps: StepRecord[] = [];
      if (this.flagged().length > 0) await this.refreshWith(host, {}, true);
      await this.deleteScheduled(host, steps, [...this.state.values()]);
      this.outputs.clear();
      // The default provider goes with the last resource.
      this.#stateConfig = undefined;
      return steps;
    }, "state");
  }

  /**
   * The state as it would be stored: secrets sealed (encrypted with this stack's key, as the
   * engine's secrets manager does), everything else in clear.
   */
  stateText(): string {
    const sealed = [...this.state.values()].map((resource) => {
      const secretOutputs = [...resource.additionalSecretOutputs, ...resource.secretInputs];
      return {
        ...resource,
        inputs: this.sealed(resource.inputs, resource.secretInputs),
        outputs: this.sealed(resource.outputs, secretOutputs),
      };
    });
    const outputs = Object.fromEntries(
      [...this.outputs].map(([name, { value, secret }]) => [
        name,
        secret ? this.seal(value) : value,
      ]),
    );
    return JSON.stringify({ resources: sealed, outputs }, null, 2);
  }

  resource(type: string, name: string): StoredResource | undefined {
    return this.state.get(this.urn(type, name));
  }

  /** The names of a stored resource's secret outputs (additional ones and secret inputs'). */
  static secretOutputs(resource: StoredResource): string[] {
    return [...new Set([...resource.additionalSecretOutputs, ...resource.secretInputs])];
  }

  // --- running the program ---

  /**
   * Runs the program under mocks whose newResource hands every registration to `step`, with a
   * fresh provider host (after `before`, given the same host), then, when every registration succeeded, `finish` with the same host and
   * the URNs the program declared. Errors of single registrations are collected, and no step
   * starts after one (the steps under way finish); the program's own errors are thrown.
   */
  private async runProgram(
    program: Program,
    dryRun: boolean,
    step: (host: ProviderHost, reg: Registration) => Promise<StoredResource>,
    finish: (host: ProviderHost, seen: ReadonlySet<string>) => Promise<void>,
    before?: (host: ProviderHost) => Promise<void>,
  ): Promise<{ errors: Error[]; exported: Map<string, StackOutput> }> {
    const errors: Error[] = [];
    const seen = new Set<string>();
    return this.withHost(async (host) => {
      await before?.(host);
      const requireFromPackage = createRequire(
        join(this.#options.packageDir ?? repoRoot(), "noop.js"),
      );
      const pulumi = requireFromPackage("@pulumi/pulumi") as PulumiModule;
      const serverscom = requireFromPackage("pulumi-serverscom") as PackageModule;
      const secretOutputs = new Map<string, string[]>();
      const replaceOrder = new Map<string, boolean>();
      const dependencies = new Map<string, string[]>();
      await pulumi.runtime.setMocks(
        {
          newResource: async (args) => {
            const urn = this.urn(args.type, args.name);
            seen.add(urn);
            // Once a step failed, the engine lets the steps under way finish but starts no new
            // one (without --continue-on-error; with it, dependents are still skipped): what it
            // has not started keeps its old state. A dependent would otherwise arrive here with
            // the failed resource's outputs missing.
            if (errors.length > 0) return { id: "", state: {} };
            const { plain, secretKeys } = revealSecrets(args.inputs as Properties);
            try {
              const stored = await step(host, {
                urn,
                type: args.type,
                name: args.name,
                inputs: plain,
                additionalSecretOutputs: secretOutputs.get(urn) ?? [],
                ...optionalOrder(replaceOrder.get(urn)),
                secretInputs: secretKeys,
                dependencies: dependencies.get(urn) ?? [],
              });
              // What the engine answers the program: the outputs, secrets marked.
              return {
                id: stored.id,
                state: markSecrets(stored.outputs, EngineHarness.secretOutputs(stored)),
              };
            } catch (error) {
              errors.push(error instanceof Error ? error : new Error(String(error)));
              return { id: "", state: {} };
            }
          },
          call: () => ({}),
        },
        this.#options.project,
        this.#options.stack,
        dryRun,
      );
      this.setProgramConfig(pulumi);
      this.captureSecretOutputs(pulumi, secretOutputs, replaceOrder, dependencies);
      const exported = program(serverscom, pulumi) ?? {};
      // The SDK's own count of outstanding registrations (what runtime.disconnect awaits).
      await (pulumi.runtime as unknown as { waitForRPCs(): Promise<void> }).waitForRPCs();
      if (errors.length > 0) return { errors, exported: new Map() };
      const outputs = await resolveStackOutputs(pulumi, exported);
      await finish(host, seen);
      return { errors, exported: outputs };
    });
  }

  /** The program reads the same stack configuration (lookup functions call the API). */
  private setProgramConfig(pulumi: PulumiModule): void {
    const values: Record<string, string> = {};
    const secretKeys: string[] = [];
    for (const [key, { value, secret }] of this.#config) {
      values[key] = value;
      if (secret === true) secretKeys.push(key);
    }
    pulumi.runtime.setAllConfig(values, secretKeys);
  }

  // --- the engine's steps for one registration ---

  /**
   * Check, with the recorded inputs as the olds, or none (`fresh`): the engine passes none for a
   * new resource and a targeted replacement (pulumi/pulumi v3.274.1
   * pkg/resource/deploy/step_generator.go:1421-1427), and checks again without them once it
   * decided to replace (:2102-2121): a replacement's create gets the inputs of that Check.
   */
  private async check(host: ProviderHost, reg: Registration, fresh = false): Promise<Properties> {
    const old = fresh ? undefined : this.state.get(reg.urn);
    const checked = await host.check(reg.urn, old?.inputs ?? {}, reg.inputs);
    if (checked.failures.length > 0) {
      // In the engine's words, each failure with the value the program gave (diag.ts), under
      // the type and with the secrets the goal has through this door.
      const door: unknown = host;
      const goal =
        door instanceof PluginHost
          ? door.goalOf(reg.type)
          : { type: reg.type, secretInputs: [] as readonly string[] };
      const secrets = [...reg.secretInputs, ...goal.secretInputs];
      throw new Error(
        checked.failures
          .map((f) => checkFailureMessage(goal.type, reg.name, f, reg.inputs, secrets))
          .join("\n"),
      );
    }
    return checked.inputs;
  }

  private async apply(
    host: ProviderHost,
    registered: Registration,
    steps: StepRecord[],
    targetedReplace = false,
  ): Promise<StoredResource> {
    const reg = { ...registered, inputs: await this.check(host, registered, targetedReplace) };
    const old = this.state.get(reg.urn);
    if (old === undefined) {
      this.log(reg.urn, "create");
      return this.create(host, reg, steps, "create");
    }

    // A targeted replacement is decided before the provider is asked (step_generator.go `diff`:
    // "If this resource is marked for replacement, just return a "replace" diff that blames the
    // id"), so the provider's deleteBeforeReplace is never seen.
    const diff = targetedReplace
      ? { changes: "some" as const, replaces: ["id"], deleteBeforeReplace: false }
      : await host.diff(reg.urn, old.id, old.outputs, reg.inputs, old.inputs);
    if (diff.changes === "unknown") throw new Error(`${reg.urn}: the provider gave no diff`);
    if (diff.replaces.length > 0) {
      // The resource option overrides the provider's answer (step_generator.go).
      const deleteFirst = reg.deleteBeforeReplace ?? diff.deleteBeforeReplace;
      // The replacement's inputs: checked again without the olds (step_generator.go:2102-2121).
      const next = targetedReplace
        ? reg
        : { ...reg, inputs: await this.check(host, registered, true) };
      if (deleteFirst) {
        this.log(old.urn, "delete-replaced");
        await host.delete(old.urn, old.id, old.outputs, old.inputs);
        this.state.delete(old.urn);
        this.log(reg.urn, "replace");
        this.log(reg.urn, "create-replacement");
        return this.create(host, next, steps, "replace");
      }
      // The old generation is deleted at the end of the deployment, after its dependents moved
      // to the new one (DeleteReplaced steps), and stays recorded until that delete succeeds.
      // A create that fails with nothing made leaves the old generation the current one.
      try {
        this.log(reg.urn, "create-replacement");
        const created = await this.create(host, next, steps, "replace");
        this.log(reg.urn, "replace");
        this.pendingDeletes.push(old);
        return created;
      } catch (error) {
        if (error instanceof InitError) this.pendingDeletes.push(old);
        else this.store(old);
        throw error;
      }
    }
    if (diff.changes === "some" || old.initErrors.length > 0) {
      this.log(reg.urn, "update");
      try {
        const outputs = await host.update(reg.urn, old.id, old.outputs, reg.inputs, old.inputs);
        // UpdateResponse.refresh_before_update: neither door sets it on a successful update.
        const updated = this.store({
          ...reg,
          id: old.id,
          outputs,
          initErrors: [],
          refreshBeforeUpdate: false,
        });
        this.note(steps, { urn: reg.urn, op: "update" }, updated);
        return updated;
      } catch (error) {
        if (error instanceof InitError) {
          const partial = this.store({
            ...reg,
            id: old.id,
            outputs: error.properties,
            initErrors: error.reasons,
            refreshBeforeUpdate: error.refreshBeforeUpdate,
          });
          this.note(steps, { urn: reg.urn, op: "update" }, partial);
        }
        throw error;
      }
    }
    this.log(reg.urn, "same");
    const same = this.store({
      ...old,
      inputs: reg.inputs,
      additionalSecretOutputs: reg.additionalSecretOutputs,
      secretInputs: reg.secretInputs,
      dependencies: reg.dependencies ?? [],
    });
    this.note(steps, { urn: reg.urn, op: "same" }, same);
    return same;
  }

  /**
   * A preview's step: check and diff, then what the engine answers the program. A Same step
   * hands the old outputs. A create, an update or a replacement asks the provider for a preview
   * (Create or Update with preview=true, step.go:395-401 and :1125-1135), which the engine answers
   * itself for a provider that does not support previews, with the new inputs as the outputs
   * (pulumi/pulumi v3.274.1 pkg/resource/plugin/provider_plugin.go:1448-1456 and :1736-1750,
   * `!protocol.supportsPreview`): the dynamic provider host's Configure does not say it does
   * (cmd/dynamic-provider/index.js), so through the dynamic door the program sees its inputs and
   * every other output unknown; the native plugin does (provider/native/server.ts), and its
   * preview answer is what the program sees.
   */
  private async plan(
    host: ProviderHost,
    registered: Registration,
    steps: StepRecord[],
    replaced: string[],
  ): Promise<StoredResource> {
    const reg = { ...registered, inputs: await this.check(host, registered) };
    const old = this.state.get(reg.urn);
    const door: unknown = host;
    const plugin = door instanceof PluginHost ? door : undefined;
    const previewCreate = async (): Promise<StoredResource> => ({
      ...reg,
      id: "",
      outputs:
        plugin === undefined
          ? reg.inputs
          : (await plugin.create(reg.urn, reg.inputs, true)).properties,
      initErrors: [],
    });
    if (old === undefined) {
      this.log(reg.urn, "create");
      const planned = await previewCreate();
      this.note(steps, { urn: reg.urn, op: "create" }, planned);
      return planned;
    }
    const diff = await host.diff(reg.urn, old.id, old.outputs, reg.inputs, old.inputs);
    const op: StepOp =
      diff.replaces.length > 0
        ? "replace"
        : diff.changes !== "none" || old.initErrors.length > 0
          ? "update"
          : "same";
    if (op !== "replace") this.log(reg.urn, op);
    else if (reg.deleteBeforeReplace ?? diff.deleteBeforeReplace) {
      this.log(reg.urn, "delete-replaced");
      this.log(reg.urn, "replace");
      this.log(reg.urn, "create-replacement");
    } else {
      this.log(reg.urn, "create-replacement");
      this.log(reg.urn, "replace");
      replaced.push(reg.urn);
    }
    this.note(steps, { urn: reg.urn, op, replaces: diff.replaces }, old);
    if (op === "same") return old;
    if (op === "replace") return previewCreate();
    return {
      ...old,
      ...reg,
      outputs:
        plugin === undefined
          ? reg.inputs
          : await plugin.update(reg.urn, old.id, old.outputs, reg.inputs, old.inputs, true),
    };
  }

  private async create(
    host: ProviderHost,
    reg: Registration,
    steps: StepRecord[],
    op: "create" | "replace",
  ): Promise<StoredResource> {
    try {
      const created = await host.create(reg.urn, reg.inputs);
      const stored = this.store({
        ...reg,
        id: created.id,
        outputs: created.properties,
        initErrors: [],
        // CreateResponse.refresh_before_update: neither door sets it on a successful create.
        refreshBeforeUpdate: false,
      });
      this.note(steps, { urn: reg.urn, op }, stored);
      return stored;
    } catch (error) {
      if (error instanceof InitError) {
        const partial = this.store({
          ...reg,
          id: error.id,
          outputs: error.properties,
          initErrors: error.reasons,
          refreshBeforeUpdate: error.refreshBeforeUpdate,
        });
        this.note(steps, { urn: reg.urn, op }, partial);
      }
      throw error;
    }
  }

  /**
   * Deletes the pending old generations (from this deployment or an earlier one:
   * DeleteReplacementStep, step_generator.go:2519-2559, GenerateDeletes: `if res.Delete`) and
   * `gone`, as the engine does: all in one schedule, dependents before what they depend on, each
   * group in parallel up to `--parallel` (pulumi/pulumi v3.274.1 pkg/resource/deploy/
   * deployment_executor.go:561-576, GenerateDeletes then ScheduleDeletes, step_generator.go:
   * 2883-2932). After a failure no further delete starts and the error is thrown; what was not
   * deleted stays recorded.
   */
  private async deleteScheduled(
    host: ProviderHost,
    steps: StepRecord[],
    gone: readonly StoredResource[],
  ): Promise<void> {
    const condemned: Condemned[] = [
      ...this.pendingDeletes.map((resource) => ({ resource, replaced: true })),
      ...gone.map((resource) => ({ resource, replaced: false })),
    ];
    // The engine reports every step that failed, not only the first: deletes under way when one
    // fails still finish, and each failure is shown under its resource.
    const errors: Error[] = [];
    for (const antichain of scheduleDeletes(condemned)) {
      try {
        await forEachLimited(antichain, this.parallel(), async ({ resource: old, replaced }) => {
          this.log(old.urn, replaced ? "delete-replaced" : "delete");
          try {
            await host.delete(old.urn, old.id, old.outputs, old.inputs);
          } catch (error) {
            errors.push(error instanceof Error ? error : new Error(String(error)));
            throw error;
          }
          if (replaced) this.pendingDeletes.splice(this.pendingDeletes.indexOf(old), 1);
          else this.state.delete(old.urn);
          this.note(steps, { urn: old.urn, op: "delete" }, old);
        });
      } catch (error) {
        if (errors.length <= 1) throw error;
        throw new OperationFailed(steps, errors);
      }
    }
  }

  private log(urn: string, op: EngineOp, result?: JournalEntry["result"]): void {
    this.journal.push(result === undefined ? { urn, op } : { urn, op, result });
  }

  /** Records a step and tells the onStep listener, with the resource as the step left it. */
  private note(steps: StepRecord[], step: StepRecord, resource: StoredResource): void {
    steps.push(step);
    this.#options.onStep?.(step, resource);
  }

  private store(resource: StoredResource): StoredResource {
    this.state.set(resource.urn, resource);
    return resource;
  }

  // --- plumbing ---

  /** Stops the shared provider host (reuseHost), if one runs. */
  async close(): Promise<void> {
    const shared = this.#shared;
    this.#shared = undefined;
    if (shared === undefined) return;
    try {
      await cancelPlugin(shared.host);
    } finally {
      await shared.host.stop();
    }
  }

  /**
   * Runs `work` with a started and configured provider host: a fresh one stopped afterwards, or
   * with reuseHost the shared one (restarted when the configuration changed). `source`: what the
   * provider is configured with, the stack configuration when a program runs, the state's
   * (providerConfig()) when none does. Through the plugin door a host ends with Cancel, as the
   * engine's plugin host does when it closes after each command (pulumi/pulumi v3.274.1
   * pkg/resource/plugin/host.go:727-746).
   */
  private async withHost<T>(
    work: (host: ProviderHost) => Promise<T>,
    source: "program" | "state" = "program",
  ): Promise<T> {
    const config = source === "state" ? this.providerConfig() : this.stackConfig();
    const start = () =>
      this.startHost(config, {
        fromState: source === "state",
        ...(this.#stateConfig === undefined ? {} : { state: this.#stateConfig }),
      });
    if (this.#options.reuseHost !== true) {
      const host = await start();
      try {
        return await work(host);
      } finally {
        try {
          await cancelPlugin(host);
        } finally {
          await host.stop();
        }
      }
    }
    const text = JSON.stringify(config);
    let shared = this.#shared;
    if (shared?.config !== text) {
      await this.close();
      shared = { host: await start(), config: text };
      this.#shared = shared;
    }
    // Cancel refuses every later call (provider/native/server.ts): a shared host hears it when
    // it is closed (close()), as after the last of the commands it serves.
    return work(shared.host);
  }

  /** The stack configuration as the provider receives it, secrets wrapped. */
  private stackConfig(): Properties {
    const config: Properties = {};
    for (const [key, { value, secret }] of this.#config) {
      config[key] = secret === true ? secretValue(value) : value;
    }
    return config;
  }

  /** What a command without a program configures the provider with (#stateConfig). */
  private providerConfig(): Properties {
    return this.#stateConfig ?? this.stackConfig();
  }

  private async startHost(
    config: Properties,
    load: { readonly state?: Properties; readonly fromState: boolean },
  ): Promise<ProviderHost> {
    const onStderr = this.#options.onStderr;
    // The plugin door answers the same calls (plugin.ts); the harness knows one host type.
    const start =
      this.#options.door === "plugin"
        ? (PluginHost.start as unknown as typeof ProviderHost.start)
        : ProviderHost.start;
    const host = await start({
      projectDir: this.#options.projectDir,
      project: this.#options.project,
      env: this.#options.env ?? {},
      onStderr: (line) => {
        this.stderr.push(line);
        onStderr?.(line);
      },
    });
    try {
      // The plugin door loads the provider as the engine does (PluginHost.configure); the
      // dynamic host's Configure takes the configuration alone.
      const door: unknown = host;
      if (door instanceof PluginHost) await door.configure(config, load);
      else await host.configure(config);
    } catch (error) {
      await host.stop();
      throw error;
    }
    return host;
  }

  /**
   * The mocks' newResource does not see resource options; the monitor's registerResource does:
   * record each registration's additionalSecretOutputs from the request the SDK sent.
   */
  private captureSecretOutputs(
    pulumi: PulumiModule,
    into: Map<string, string[]>,
    replaceOrder: Map<string, boolean>,
    dependencies: Map<string, string[]>,
  ): void {
    const monitor = pulumi.runtime.getMonitor() as unknown as {
      registerResource(
        req: {
          getType(): string;
          getName(): string;
          getAdditionalsecretoutputsList(): string[];
          getDeletebeforereplace(): boolean;
          getDeletebeforereplacedefined(): boolean;
          getDependenciesList(): string[];
          getPropertydependenciesMap(): {
            forEach(each: (deps: { getUrnsList(): string[] }) => void): void;
          };
        },
        callback: unknown,
      ): void;
    };
    const original = monitor.registerResource.bind(monitor);
    monitor.registerResource = (req, callback) => {
      const urn = this.urn(req.getType(), req.getName());
      into.set(urn, req.getAdditionalsecretoutputsList());
      // The resource option, as the engine receives it (resource.proto: deleteBeforeReplace and
      // deleteBeforeReplaceDefined; nil in the goal unless defined).
      if (req.getDeletebeforereplacedefined()) replaceOrder.set(urn, req.getDeletebeforereplace());
      else replaceOrder.delete(urn);
      // The engine's dependency graph takes both (pkg/resource/state.go GetAllDependencies).
      const urns = new Set(req.getDependenciesList());
      req.getPropertydependenciesMap().forEach((deps) => {
        for (const dep of deps.getUrnsList()) urns.add(dep);
      });
      dependencies.set(urn, [...urns]);
      original(req, callback);
    };
  }

  private urn(type: string, name: string): string {
    return `urn:pulumi:${this.#options.stack}::${this.#options.project}::${type}::${name}`;
  }

  private sealed(props: Properties, keys: readonly string[]): Properties {
    return Object.fromEntries(
      Object.entries(props).map(([key, value]) => [
        key,
        keys.includes(key) ? this.seal(value) : value,
      ]),
    );
  }

  private seal(value: unknown): Properties {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.#key, iv);
    const text = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
    return secretValue(
      `${iv.toString("base64")}:${text.toString("base64")}:${cipher.getAuthTag().toString("base64")}`,
    );
  }
}

/**
 * Runs `work` on every item, at most `limit` at once, starting them in order. After a failure no
 * further item starts; the running ones finish, then the first error is thrown.
 */
async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { readonly error: unknown } | undefined;
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const index = next;
      next += 1;
      try {
        await work(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure !== undefined) throw failure.error;
}

/** A resource to delete at the end of a deployment: an old generation (`replaced`) or a current one. */
export interface Condemned {
  readonly resource: StoredResource;
  readonly replaced: boolean;
}

/**
 * The engine's order of deletes (pulumi/pulumi v3.274.1 pkg/resource/deploy/step_generator.go:
 * 2883-2932, ScheduleDeletes): groups that may run in parallel, one after another. It peels off
 * the condemned resources none of whose dependencies are still condemned, round after round, then
 * reverses the rounds (:2929, `slices.Reverse(antichains)`), so that a resource is deleted only
 * after everything condemned that depends on it. A dependency is any condemned resource whose
 * URN the resource's recorded dependencies name, every generation of it (graph/
 * dependency_graph.go:207-255, DependenciesOf, matches by URN).
 */
export function scheduleDeletes<T extends Condemned>(condemned: readonly T[]): T[][] {
  const rounds: T[][] = [];
  let left = [...condemned];
  while (left.length > 0) {
    const urns = new Set(left.map((item) => item.resource.urn));
    let round = left.filter(
      (item) =>
        !(item.resource.dependencies ?? []).some(
          (dep) => dep !== item.resource.urn && urns.has(dep),
        ),
    );
    // A cycle cannot come from one program; should recorded generations make one, delete the rest
    // together rather than loop.
    if (round.length === 0) round = left;
    rounds.push(round);
    left = left.filter((item) => !round.includes(item));
  }
  return rounds.reverse();
}

/** The Cancel the engine sends a plugin before it closes it (the dynamic host is not asked). */
async function cancelPlugin(host: ProviderHost): Promise<void> {
  const door: unknown = host;
  // A plugin that already exited cannot hear it; the engine goes on closing it too.
  if (door instanceof PluginHost) await door.cancel().catch(() => undefined);
}

/** The deleteBeforeReplace option of a registration, when the program set it. */
function optionalOrder(order: boolean | undefined): { deleteBeforeReplace?: boolean } {
  return order === undefined ? {} : { deleteBeforeReplace: order };
}
