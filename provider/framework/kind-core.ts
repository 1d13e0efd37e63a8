// One kind in its surroundings: what every step of the lifecycle asks of it besides the step
// itself. Names in progress lines and errors, the per-resource timeouts (`customTimeouts` travel
// as a hidden input, hidden.ts), the outputs a step records, and the partial-state error that
// records an object the engine would otherwise lose: the engine keeps a failed create's or
// update's state only from the error's properties (architecture.md, "Facts": partial failures).
import type { ServersComClient } from "../../sdk/client";
import type { PropertyBag } from "./check";
import { changedProperties, desiredValue, type PropertyRules, splitWriteOnly } from "./diff";
import { messageOf, PartialResourceError } from "./errors";
import { PENDING_OUTPUT, TIMEOUTS_INPUT, type TimeoutsMs } from "./hidden";
import type { KindTimeouts, ResourceKind } from "./kind";
import type { ProviderContext, WaitTuning } from "./kind-provider";
import { subject } from "./progress";
import { carry, defined, pick } from "./property-bags";
import { withinOperation } from "./request-budget";
import { registerSecretsOf } from "./sealed";

/** The serialised provider; the host adds it to results but not to error properties. */
const PROVIDER_KEY = "__provider";

export class KindCore<Live extends object> {
  /** The kind's properties whose live value the API returns, and the write-only ones. */
  readonly rules: { live: PropertyRules; writeOnly: PropertyRules };

  constructor(
    readonly kind: ResourceKind<Live>,
    readonly context: ProviderContext,
  ) {
    this.rules = splitWriteOnly(kind.properties);
  }

  /** Runs one operation with its deadline and progress for the request budget's waits. */
  within<T>(operation: keyof KindTimeouts, bag: PropertyBag, run: () => Promise<T>): Promise<T> {
    const prefix = this.prefix(bag);
    return withinOperation(
      Date.now() + this.timeouts(bag)[operation],
      (text) => this.context.progress(`${prefix}: ${text}`),
      run,
    );
  }

  // --- names ---

  /** `serverscom:RbsVolume data`: the subject of a resource whose object has no id yet. */
  prefix(bag: PropertyBag): string {
    return `serverscom:${this.kind.name} ${this.kind.display(bag)}`;
  }

  /** `serverscom:RbsVolume data (Rbs2KdWL)`. */
  subject(bag: PropertyBag, id: string): string {
    return subject(this.kind.name, this.kind.display(bag), id);
  }

  say(bag: PropertyBag, id: string, text: string): void {
    this.context.progress(`${this.subject(bag, id)}: ${text}`);
  }

  outputName(property: string): string {
    return this.kind.properties[property]?.output ?? property;
  }

  // --- the kind's rules, with their defaults ---

  /** Transitional states of removal count as gone for read, update and adoption. */
  isGone(record: Live): boolean {
    return this.kind.isGone?.(record) ?? false;
  }

  timeouts(bag: PropertyBag): KindTimeouts {
    const custom = bag[TIMEOUTS_INPUT] as TimeoutsMs | undefined;
    return { ...this.kind.defaultTimeouts, ...(typeof custom === "object" ? custom : {}) };
  }

  tuning(): WaitTuning {
    return this.context.waitTuning();
  }

  /** Write-only properties cannot be compared with a live object: they are taken on trust. */
  replaceMismatches(record: Live, inputs: PropertyBag): string[] {
    return changedProperties(
      this.rules.live,
      this.kind.outputs(record),
      inputs,
      (rule) => rule === "replace",
    );
  }

  /** Whether a record holds every input's value (write-only ones cannot be compared). */
  matchesInputs(record: Live, inputs: PropertyBag): boolean {
    const compared = (rule: string) => rule !== "ignore";
    return (
      changedProperties(this.rules.live, this.kind.outputs(record), inputs, compared).length ===
        0 &&
      (this.kind.madeFrom?.(record, inputs) ?? true)
    );
  }

  // --- outputs ---

  async outputsOf(
    client: ServersComClient,
    record: Live,
    inputs: PropertyBag,
  ): Promise<Record<string, unknown>> {
    return defined({
      ...this.kind.outputs(record),
      ...(await this.secretsOf(client, record)),
      ...carry(inputs),
      ...this.writeOnlyOutputs(inputs),
    });
  }

  async secretsOf(client: ServersComClient, record: Live): Promise<Record<string, unknown>> {
    if (this.kind.secrets === undefined) return {};
    // Read from the API (RBS credentials): from now on no error may quote them.
    const secrets = await this.kind.secrets(client, record);
    registerSecretsOf(this.kind.secretOutputs, secrets);
    return secrets;
  }

  /**
   * The write-only values to record in outputs: each one's desired value (a kind may normalise
   * it, e.g. an absent flag as false), so that diff compares like with like.
   */
  writeOnlyOutputs(inputs: PropertyBag): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, rule] of Object.entries(this.rules.writeOnly)) {
      out[name] = desiredValue(name, rule, inputs);
    }
    return out;
  }

  /**
   * Without undefined values: what the outputs hold for the write-only properties, but the
   * confirmations (a first reinstallTrigger is recorded by an update, never taken on trust).
   */
  writeOnlyValues(inputs: PropertyBag): Record<string, unknown> {
    return pick(defined(this.writeOnlyOutputs(inputs)), this.unrecordable());
  }

  unrecordable(): string[] {
    return Object.entries(this.rules.writeOnly)
      .filter(([, rule]) => rule.confirmation !== true)
      .map(([name]) => name);
  }

  /**
   * The error that records a created (or changed) object: its id, the inputs (with
   * `__provider`) merged with the last record seen, and the reason. Secrets are left out: the
   * next update reads them again.
   */
  partial(
    id: string,
    last: Live,
    inputs: PropertyBag,
    error: unknown,
    what: string,
    pending: "create" | "update",
    /** The old outputs, when the write-only values were not accepted by the API. */
    writeOnlyFrom?: PropertyBag,
  ): PartialResourceError {
    const message =
      `${this.subject(inputs, id)} ${what}: ${messageOf(error)}. ` +
      "Run `pulumi up` again to resume (or `pulumi destroy` to delete it).";
    const properties = this.partialProperties(inputs, pending, this.kind.outputs(last));
    if (writeOnlyFrom !== undefined) {
      for (const name of Object.keys(this.rules.writeOnly)) properties[name] = writeOnlyFrom[name];
    }
    return new PartialResourceError(message, id, defined(properties), [message]);
  }

  /**
   * What a partial create or update records as outputs: the inputs (with `__provider`, which
   * the host does not add to error properties), the write-only values as desired, the live
   * outputs known (`live`), the hidden inputs, and the pending mark.
   */
  partialProperties(
    inputs: PropertyBag,
    pending: "create" | "update",
    live: Record<string, unknown> = {},
  ): Record<string, unknown> {
    return {
      ...inputs,
      ...this.writeOnlyOutputs(inputs),
      ...live,
      ...carry(inputs),
      [PENDING_OUTPUT]: pending,
      [PROVIDER_KEY]: inputs[PROVIDER_KEY],
    };
  }
}
