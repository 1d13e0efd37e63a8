// The EngineHarness every test uses under the secret scan: the setup file (secret-scan.ts) puts
// this subclass in place of scripts/engine/harness.ts's class for every importer (scenario.ts,
// test/examples/support.ts and the suites import it from scripts/ directly, and
// scripts/engine/harness.ts itself is not the tests' to change). It records, into the registry
// current when it was made:
// - the state as the engine would store it (stateText: secrets sealed) after every operation,
//   and the `__provider` texts stored in it;
// - every line the provider hosts write to stderr, as it comes;
// - the message of every operation that fails (OperationFailed and its errors);
// - the secrets it comes to know: secret configuration values (the API token), and the secret
//   inputs and outputs of every resource each step leaves, so a secret that only lived between
//   two operations (a replaced volume's password) is still searched for.
import type {
  EngineHarness,
  HarnessOptions,
  StepRecord,
  StoredResource,
} from "../../scripts/engine/harness";
import { type CaptureRegistry, currentRegistry } from "./captured";

type HarnessClass = typeof EngineHarness;

const CAPTURING = Symbol.for("pulumi-serverscom.secret-scan.capturing-harness");

/** The secret inputs and outputs of a stored resource, as secrets of the run. */
function learnSecrets(registry: CaptureRegistry, Base: HarnessClass, resource: StoredResource) {
  for (const key of Base.secretOutputs(resource)) {
    registry.addSecret(`secret output ${key} of ${resource.name}`, resource.outputs[key]);
  }
  for (const key of resource.secretInputs) {
    registry.addSecret(`secret input ${key} of ${resource.name}`, resource.inputs[key]);
  }
}

/** `Base` extended to record what it captures; a class that already does is returned as is. */
export function capturingHarness(Base: HarnessClass): HarnessClass {
  if (CAPTURING in Base) return Base;

  class CapturingHarness extends Base {
    static readonly [CAPTURING] = true;
    readonly #registry: CaptureRegistry;
    readonly #source: string;

    constructor(options: HarnessOptions) {
      const registry = currentRegistry();
      const source = `EngineHarness ${options.project}/${options.stack}`;
      super({
        ...options,
        onStderr: (line) => {
          registry.addText("stderr", source, line);
          options.onStderr?.(line);
        },
        onStep: (step: StepRecord, resource: StoredResource) => {
          learnSecrets(registry, Base, resource);
          options.onStep?.(step, resource);
        },
      });
      this.#registry = registry;
      this.#source = source;
      for (const [key, { value, secret }] of Object.entries(options.config)) {
        if (secret === true) registry.addSecret(`secret configuration ${key}`, value);
      }
    }

    // Every argument is passed on as given: the harness's methods gain options over time.
    override setConfig(...args: Parameters<EngineHarness["setConfig"]>): void {
      const [key, value, secret] = args;
      if (secret === true) this.#registry.addSecret(`secret configuration ${key}`, value);
      super.setConfig(...args);
    }

    override up(...args: Parameters<EngineHarness["up"]>): ReturnType<EngineHarness["up"]> {
      return this.#capture(() => super.up(...args));
    }

    override preview(
      ...args: Parameters<EngineHarness["preview"]>
    ): ReturnType<EngineHarness["preview"]> {
      return this.#capture(() => super.preview(...args));
    }

    override refresh(
      ...args: Parameters<EngineHarness["refresh"]>
    ): ReturnType<EngineHarness["refresh"]> {
      return this.#capture(() => super.refresh(...args));
    }

    override destroy(
      ...args: Parameters<EngineHarness["destroy"]>
    ): ReturnType<EngineHarness["destroy"]> {
      return this.#capture(() => super.destroy(...args));
    }

    /** Runs an operation; records its error's messages, then the state it leaves. */
    async #capture<T>(operation: () => Promise<T>): Promise<T> {
      try {
        return await operation();
      } catch (error) {
        const errors = error instanceof Error ? [error, ...nested(error)] : [];
        for (const e of errors) this.#registry.addText("error", this.#source, e.message);
        if (!(error instanceof Error)) this.#registry.addText("error", this.#source, String(error));
        throw error;
      } finally {
        this.#registry.addText("state", this.#source, this.stateText());
        for (const resource of this.state.values()) {
          learnSecrets(this.#registry, Base, resource);
          for (const props of [resource.inputs, resource.outputs]) {
            const provider = props.__provider;
            if (typeof provider === "string") {
              this.#registry.addText("__provider", this.#source, provider);
            }
          }
        }
      }
    }
  }
  return CapturingHarness;
}

/**
 * The errors an OperationFailed carries; duck-typed because this module imports only the
 * harness's types, so that loading the setup file loads no engine code.
 */
function nested(error: Error): Error[] {
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) ? errors.filter((e): e is Error => e instanceof Error) : [];
}
