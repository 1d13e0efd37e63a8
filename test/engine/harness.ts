// The closest we get to `pulumi up` without the Pulumi CLI (architecture.md, item 12).
//
// A program runs under pulumi.runtime.setMocks in this process, loading the package from dist/
// exactly as a user's program would (`require("pulumi-serverscom")`), so each registration carries
// the real `__provider` text and inputs. The mocks' newResource plays the engine: it drives the
// real provider host (host.ts) over gRPC and applies the engine's rules where this harness
// replaces the engine (pulumi/pulumi pkg/resource/deploy/step_generator.go and step.go):
// - check, then create for a new resource, or diff against the old outputs;
// - a diff with no changes is a Same step (new inputs recorded, outputs kept), unless the
//   resource has init errors, which forces an update;
// - replaces make a replacement, deleting first when the diff says deleteBeforeReplace;
// - a partial-create error (ErrorResourceInitFailed) records the id, the properties as outputs
//   and the reasons as init errors, and fails the step;
// - resources the program no longer declares are deleted;
// - refresh = read(id, old outputs), an empty id drops the resource, and the drift is the diff of
//   the refreshed outputs against the old inputs (the engine's inverted refresh diff);
// - additionalSecretOutputs are sealed in the stored state after every step (step_executor.go).
// Each operation starts a fresh provider host, as every `pulumi` command does, so a rebuilt
// package is picked up like after an upgrade. URNs ignore parents (the scenarios have none).
import { createCipheriv, randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { join } from "node:path";
import { InitError, type Properties, ProviderHost, secretValue } from "./host";

type PulumiModule = typeof import("@pulumi/pulumi");
type PackageModule = typeof import("../../provider/index");

/** A program: declares resources with the package it is given (loaded from dist/). */
export type Program = (serverscom: PackageModule, pulumi: PulumiModule) => void;

export interface StoredResource {
  readonly urn: string;
  readonly type: string;
  readonly name: string;
  readonly id: string;
  readonly inputs: Properties;
  readonly outputs: Properties;
  /** Set by a partial create or update: the next `up` updates even without a diff. */
  readonly initErrors: readonly string[];
  readonly additionalSecretOutputs: readonly string[];
}

export type StepOp = "create" | "same" | "update" | "replace" | "delete";

export interface StepRecord {
  readonly urn: string;
  readonly op: StepOp;
  /** For refresh steps: what the inverted diff reported. */
  readonly replaces?: readonly string[];
}

/** An operation in which some steps failed; the state records what the engine would. */
export class OperationFailed extends Error {
  override name = "OperationFailed";
  constructor(
    readonly steps: readonly StepRecord[],
    readonly errors: readonly Error[],
  ) {
    super(errors.map((error) => error.message).join("\n"));
  }
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
}

const REPO = join(__dirname, "..", "..");

export class EngineHarness {
  /** The stack's state, in registration order. */
  readonly state = new Map<string, StoredResource>();
  /** Every line the provider hosts wrote to stderr. */
  readonly stderr: string[] = [];
  readonly #key = randomBytes(32);

  constructor(private readonly options: HarnessOptions) {}

  /** `pulumi up` of the program. Throws OperationFailed after recording what succeeded. */
  async up(program: Program): Promise<StepRecord[]> {
    const host = await this.startHost();
    const steps: StepRecord[] = [];
    const errors: Error[] = [];
    const seen = new Set<string>();
    try {
      const requireFromPackage = createRequire(join(this.options.packageDir ?? REPO, "noop.js"));
      const pulumi = requireFromPackage("@pulumi/pulumi") as PulumiModule;
      const serverscom = requireFromPackage("pulumi-serverscom") as PackageModule;
      const secretOutputs = new Map<string, string[]>();
      await pulumi.runtime.setMocks(
        {
          newResource: async (args) => {
            const urn = this.urn(args.type, args.name);
            seen.add(urn);
            const registration = {
              urn,
              type: args.type,
              name: args.name,
              inputs: args.inputs as Properties,
              additionalSecretOutputs: secretOutputs.get(urn) ?? [],
            };
            try {
              const stored = await this.apply(host, registration, steps);
              return { id: stored.id, state: stored.outputs };
            } catch (error) {
              errors.push(error instanceof Error ? error : new Error(String(error)));
              // The program goes on (as the engine goes on with unrelated resources).
              return { id: "", state: {} };
            }
          },
          call: () => ({}),
        },
        this.options.project,
        this.options.stack,
        false,
      );
      this.captureSecretOutputs(pulumi, secretOutputs);
      program(serverscom, pulumi);
      // The SDK's own count of outstanding registrations (what runtime.disconnect awaits).
      await (pulumi.runtime as unknown as { waitForRPCs(): Promise<void> }).waitForRPCs();
      if (errors.length === 0) {
        for (const old of [...this.state.values()].reverse()) {
          if (seen.has(old.urn)) continue;
          await host.delete(old.urn, old.id, old.outputs, old.inputs);
          this.state.delete(old.urn);
          steps.push({ urn: old.urn, op: "delete" });
        }
      }
    } finally {
      await host.stop();
    }
    if (errors.length > 0) throw new OperationFailed(steps, errors);
    return steps;
  }

  /** `pulumi refresh`. */
  async refresh(): Promise<StepRecord[]> {
    const host = await this.startHost();
    const steps: StepRecord[] = [];
    try {
      for (const old of [...this.state.values()]) {
        const read = await host.read(old.urn, old.id, old.outputs, old.inputs);
        if (read.id === "") {
          this.state.delete(old.urn);
          steps.push({ urn: old.urn, op: "delete" });
          continue;
        }
        const inputs = read.inputs ?? old.inputs;
        // The engine's refresh diff: refreshed outputs and inputs as the old side, the old
        // inputs as the new side, then inverted for display.
        const diff = await host.diff(old.urn, read.id, read.properties, old.inputs, inputs);
        this.store({ ...old, id: read.id, inputs, outputs: read.properties });
        steps.push({
          urn: old.urn,
          op: diff.changes === "some" ? "update" : "same",
          replaces: diff.replaces,
        });
      }
    } finally {
      await host.stop();
    }
    return steps;
  }

  /** `pulumi destroy`: every resource, newest first. */
  async destroy(): Promise<StepRecord[]> {
    const host = await this.startHost();
    const steps: StepRecord[] = [];
    try {
      for (const old of [...this.state.values()].reverse()) {
        await host.delete(old.urn, old.id, old.outputs, old.inputs);
        this.state.delete(old.urn);
        steps.push({ urn: old.urn, op: "delete" });
      }
    } finally {
      await host.stop();
    }
    return steps;
  }

  /**
   * The state as it would be stored: secret outputs sealed (encrypted with this stack's key, as
   * the engine's secrets manager does), everything else in clear.
   */
  stateText(): string {
    const sealed = [...this.state.values()].map((resource) => ({
      ...resource,
      outputs: Object.fromEntries(
        Object.entries(resource.outputs).map(([key, value]) => [
          key,
          resource.additionalSecretOutputs.includes(key) ? this.seal(value) : value,
        ]),
      ),
    }));
    return JSON.stringify(sealed, null, 2);
  }

  resource(type: string, name: string): StoredResource | undefined {
    return this.state.get(this.urn(type, name));
  }

  // --- the engine's steps for one registration ---

  private async apply(
    host: ProviderHost,
    reg: Omit<StoredResource, "id" | "outputs" | "initErrors">,
    steps: StepRecord[],
  ): Promise<StoredResource> {
    const old = this.state.get(reg.urn);
    const checked = await host.check(reg.urn, old?.inputs ?? {}, reg.inputs);
    if (checked.failures.length > 0) {
      throw new Error(
        checked.failures
          .map(
            (f) =>
              `${reg.type} resource '${reg.name}': property ${f.property} has a problem: ${f.reason}`,
          )
          .join("\n"),
      );
    }
    const inputs = checked.inputs;
    if (old === undefined) return this.create(host, { ...reg, inputs }, steps, "create");

    const diff = await host.diff(reg.urn, old.id, old.outputs, inputs, old.inputs);
    if (diff.changes === "unknown") throw new Error(`${reg.urn}: the provider gave no diff`);
    if (diff.replaces.length > 0) {
      if (diff.deleteBeforeReplace) {
        await host.delete(old.urn, old.id, old.outputs, old.inputs);
        this.state.delete(old.urn);
        return this.create(host, { ...reg, inputs }, steps, "replace");
      }
      const created = await this.create(host, { ...reg, inputs }, steps, "replace");
      await host.delete(old.urn, old.id, old.outputs, old.inputs);
      return created;
    }
    if (diff.changes === "some" || old.initErrors.length > 0) {
      try {
        const outputs = await host.update(reg.urn, old.id, old.outputs, inputs, old.inputs);
        steps.push({ urn: reg.urn, op: "update" });
        return this.store({ ...reg, inputs, id: old.id, outputs, initErrors: [] });
      } catch (error) {
        if (error instanceof InitError) {
          this.store({
            ...reg,
            inputs,
            id: old.id,
            outputs: error.properties,
            initErrors: error.reasons,
          });
          steps.push({ urn: reg.urn, op: "update" });
        }
        throw error;
      }
    }
    steps.push({ urn: reg.urn, op: "same" });
    return this.store({ ...old, inputs, additionalSecretOutputs: reg.additionalSecretOutputs });
  }

  private async create(
    host: ProviderHost,
    reg: Omit<StoredResource, "id" | "outputs" | "initErrors">,
    steps: StepRecord[],
    op: "create" | "replace",
  ): Promise<StoredResource> {
    try {
      const created = await host.create(reg.urn, reg.inputs);
      steps.push({ urn: reg.urn, op });
      return this.store({ ...reg, id: created.id, outputs: created.properties, initErrors: [] });
    } catch (error) {
      if (error instanceof InitError) {
        this.store({ ...reg, id: error.id, outputs: error.properties, initErrors: error.reasons });
        steps.push({ urn: reg.urn, op });
      }
      throw error;
    }
  }

  private store(resource: StoredResource): StoredResource {
    this.state.set(resource.urn, resource);
    return resource;
  }

  // --- plumbing ---

  private async startHost(): Promise<ProviderHost> {
    const host = await ProviderHost.start({
      projectDir: this.options.projectDir,
      project: this.options.project,
      env: this.options.env ?? {},
      onStderr: (line) => this.stderr.push(line),
    });
    const config: Properties = {};
    for (const [key, { value, secret }] of Object.entries(this.options.config)) {
      config[key] = secret === true ? secretValue(value) : value;
    }
    await host.configure(config);
    return host;
  }

  /**
   * The mocks' newResource does not see resource options; the monitor's registerResource does:
   * record each registration's additionalSecretOutputs from the request the SDK sent.
   */
  private captureSecretOutputs(pulumi: PulumiModule, into: Map<string, string[]>): void {
    const monitor = pulumi.runtime.getMonitor() as unknown as {
      registerResource(
        req: { getType(): string; getName(): string; getAdditionalsecretoutputsList(): string[] },
        callback: unknown,
      ): void;
    };
    const original = monitor.registerResource.bind(monitor);
    monitor.registerResource = (req, callback) => {
      into.set(this.urn(req.getType(), req.getName()), req.getAdditionalsecretoutputsList());
      original(req, callback);
    };
  }

  private urn(type: string, name: string): string {
    return `urn:pulumi:${this.options.stack}::${this.options.project}::${type}::${name}`;
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
