// What a resource kind tells the framework (lifecycle.ts). A kind is data plus small functions
// over the SDK: the framework owns every Pulumi rule (unknowns, hidden inputs, ownership label,
// adoption, waits, partial creation, secrets), so a kind never deals with the engine directly.
// provider/README.md walks through writing one; provider/rbs-volume/definition.ts is the model.
import type { ServersComClient } from "../../sdk/client";
import type { Checker, PropertyBag } from "./check";
import type { PropertyRules } from "./diff";

export interface KindTimeouts {
  readonly create: number;
  readonly update: number;
  readonly delete: number;
}

export interface ResourceKind<Live extends object> {
  /** The type's name: the token is `pulumi-nodejs:dynamic/serverscom:<name>`. Never rename it:
   *  it is stored in every state (the serialised shim captures it). */
  readonly name: string;
  /** The object in words, for messages: "RBS volume". */
  readonly noun: string;
  /** Milliseconds; overridden per resource by the `customTimeouts` option. Document them. */
  readonly defaultTimeouts: KindTimeouts;
  /** Every input property and how a change to it is applied (update in place or replace). */
  readonly properties: PropertyRules;
  /** Outputs that hold secrets; the resource registers them as additionalSecretOutputs. */
  readonly secretOutputs: readonly string[];

  /** The kind's input rules. The framework has already checked hidden inputs and `adoptId`. */
  check(checker: Checker): void;
  /** What progress lines call the object, from its inputs or outputs: usually its name. */
  display(bag: PropertyBag): string;

  // --- the API, through the SDK ---
  /** The live record, or undefined when it is gone (404, or the kind's own "gone" rule). */
  get(client: ServersComClient, id: string): Promise<Live | undefined>;
  /** Records that carry the given label selector (the ownership label), in any state. */
  findByLabels(client: ServersComClient, selector: string): Promise<Live[]>;
  /** POSTs a new object from the inputs with exactly these labels (the user's plus ownership). */
  create(
    client: ServersComClient,
    inputs: PropertyBag,
    labels: Record<string, string>,
  ): Promise<Live>;
  /**
   * Changes the object in place. `changes` holds the new values of the changed "update"
   * properties; `labels` is the complete set to send (undefined: leave labels alone).
   */
  update(
    client: ServersComClient,
    id: string,
    changes: PropertyBag,
    labels: Record<string, string> | undefined,
  ): Promise<Live>;
  /** Starts the deletion; a 404 is handled by the framework (already gone). */
  delete(client: ServersComClient, id: string): Promise<void>;

  // --- records ---
  id(record: Live): string;
  /** The status text shown in progress lines, e.g. "creating". */
  state(record: Live): string;
  /** Settled and usable: waits end here. A status no table lists is simply not ready. */
  isReady(record: Live): boolean;
  /** A reason when the record is in a failed state (waiting longer would not help). */
  failure?(record: Live): string | undefined;
  /**
   * The kind's "gone" rule for a record the API still answers (RBS: status `removing`): read
   * reports it deleted, update and adoption refuse it. Delete still waits for the 404.
   */
  isGone?(record: Live): boolean;
  /** The record's labels as the API holds them (with the ownership label). */
  labels(record: Live): Readonly<Record<string, string>>;
  /**
   * Outputs from a record: every field in camelCase, `labels` without the ownership label, no
   * `id` (the resource's id is the object's id), no undefined values (a protobuf Struct cannot
   * hold them), no secrets.
   */
  outputs(record: Live): Record<string, unknown>;
  /** The live values of the input properties: what `read` reports as the inputs. */
  liveInputs(record: Live): Record<string, unknown>;
  /** Secret outputs, read once the object is ready (RBS credentials). Named in secretOutputs. */
  secrets?(client: ServersComClient, record: Live): Promise<Record<string, unknown>>;
  /**
   * Why the live object cannot be brought to the inputs in place (RBS: a volume only grows), or
   * undefined. Checked by update before any request, with the live record at hand.
   */
  refuseUpdate?(record: Live, news: PropertyBag): string | undefined;
}
