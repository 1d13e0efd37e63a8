// What a resource kind tells the framework (lifecycle.ts). A kind is data plus small functions
// over the SDK: the framework owns every Pulumi rule (unknowns, hidden inputs, ownership label,
// adoption, waits, partial creation, secrets), so a kind never deals with the engine directly.
// provider/README.md walks through writing one; provider/rbs-volume/definition.ts is the model.
import type { ServersComClient } from "../../sdk/client";
import type { Checker, PropertyBag } from "./check";
import type { PropertyRules } from "./diff";
import type { ListRead } from "./read-snapshot";
import type { ReinstallConsent } from "./reinstall-trigger";

export interface KindTimeouts {
  readonly create: number;
  readonly update: number;
  readonly delete: number;
}

/**
 * How the wait after a create polls (docs/performance.md, "Settling"): nothing before
 * `firstPollMs`, then every `intervalMs` to 1.5 times it, jittered so that many servers ordered
 * together do not poll in step. The interval is the kind's usual pace of change, so the provider
 * notices a settled object within one and a half intervals (one on average).
 */
export interface PollSchedule {
  /** The object cannot be ready sooner: the create's answer already showed it transitional. */
  readonly firstPollMs: number;
  readonly intervalMs: number;
}

/** What one wait of an `UpdateContext` polls for. */
export interface UpdateWait<Live extends object> {
  /** What is waited for, after the noun and id: "to be powered on after the reboot". */
  readonly description: string;
  /** The record the step waits for. */
  isDone(record: Live): boolean;
  /** The text of progress lines (default: the kind's `state`), one line per change. */
  state?(record: Live): string;
  /** A reason when waiting longer cannot help (a feature `incompatible`). */
  failure?(record: Live): string | undefined;
}

/**
 * Given to `update` for changes the API makes in several steps (a dedicated server deactivates
 * one feature before activating another, reinstalls, reboots). Each wait polls `get` with the
 * operation's timeout and prints one progress line per state change; every record it sees
 * becomes the "last record" a partial-update error records. A kind with one request per update
 * (RbsVolume) ignores it: the framework waits for `isReady` after `update` either way.
 */
export interface UpdateContext<Live extends object> {
  /** The complete new inputs (`changes` holds only the changed properties). */
  readonly news: PropertyBag;
  /** The live record the update starts from (ready). */
  readonly record: Live;
  waitUntil(wait: UpdateWait<Live>): Promise<Live>;
  /** One progress line about this object: `serverscom:<Kind> <name> (<id>): <text>`. */
  say(text: string): void;
}

/** A deletion the API completes later, at a time it has set (kind.ts, `delete`). */
export interface ScheduledRemoval {
  /** The progress line: when the object goes, e.g. "release scheduled for <time> (...)". */
  readonly scheduled: string;
}

/**
 * Why a replacement must delete the old object before creating the new one, for kinds whose two
 * generations cannot exist side by side (an SSH key: one per fingerprint; a cluster or
 * certificate the resource takes charge of: one object, two generations). The class then defaults
 * the resource option `deleteBeforeReplace` to true (framework/resource.ts), which the engine also
 * applies to a targeted replacement (`up --replace`), where the provider's diff is never asked
 * (pkg/resource/deploy/step_generator.go, `diff`: isTargetedReplace).
 */
export interface ReplaceDeletesFirst {
  readonly reason: string;
  /** An explicit `deleteBeforeReplace: false` is refused (else it is the user's choice). */
  readonly required: boolean;
}

export interface ResourceKind<Live extends object> {
  /** The type's name: the token is `pulumi-nodejs:dynamic/serverscom:<name>`. Never rename it:
   *  it is stored in every state (the serialised shim captures it). */
  readonly name: string;
  /** The object in words, for messages: "RBS volume". */
  readonly noun: string;
  /** Milliseconds; overridden per resource by the `customTimeouts` option. Document them. */
  readonly defaultTimeouts: KindTimeouts;
  /**
   * The create wait's schedule; without one, the generic backoff (1 s doubling to 30 s), which
   * suits objects that settle in seconds. SERVERSCOM_POLL_INTERVAL_MS (local simulators at high
   * speed) replaces both.
   */
  readonly provisioning?: PollSchedule;
  /** Every input property and how a change to it is applied (update in place or replace). */
  readonly properties: PropertyRules;
  /** Outputs that hold secrets; the resource registers them as additionalSecretOutputs. */
  readonly secretOutputs: readonly string[];
  /**
   * Every output's name: the class declares each (test/house/kind-drift.test.ts) and registers a
   * placeholder for each (framework/resource.ts).
   */
  readonly outputNames: readonly string[];
  /** Set for kinds whose two generations cannot exist side by side. */
  readonly replaceDeletesFirst?: ReplaceDeletesFirst;
  /**
   * The kind's reinstall consent (reinstall-trigger.ts), for the servers: the diff then says in
   * words, in preview and in `up`, when an update reinstalls. The kind's check applies it too.
   */
  readonly reinstall?: ReinstallConsent;

  /** The kind's input rules. The framework has already checked hidden inputs and `adoptId`. */
  check(checker: Checker): void;
  /** What progress lines call the object, from its inputs or outputs: usually its name. */
  display(bag: PropertyBag): string;

  // --- the API, through the SDK ---
  /** The live record, or undefined when it is gone (404, or the kind's own "gone" rule). */
  get(client: ServersComClient, id: string): Promise<Live | undefined>;
  /**
   * Records that carry the given label selector (the ownership label), in any state: every page,
   * through ownership.ts `allOf` (bounded by a clear error). The framework checks the labels of
   * what comes back, so an API that ignores the selector is harmless.
   */
  findByLabels(client: ServersComClient, selector: string): Promise<Live[]>;
  /**
   * Optional: how `read` may take this kind's records from one list of many objects during a
   * refresh (read-snapshot.ts) instead of one GET each. Only for kinds whose listed records are
   * what `get` answers; a kind whose GET carries more (a dedicated server's ipxe_config) has none.
   */
  readonly listRead?: ListRead<Live>;
  /**
   * Objects that match these inputs by content, for kinds whose objects carry no labels (a PTR
   * record: its target, address and domain) or are unique by content (an SSH key: its
   * fingerprint). Optional. They are never adopted: `create` reports them by id before POSTing
   * (an earlier generation, another resource's object, a leftover), and after an ambiguous POST
   * failure takes only one that was not there before the POST (and, where the kind has labels,
   * carries this call's create label). It returns matches and never throws for one: the
   * late-commit look-up calls it too, and there the object the failed POST made matches.
   */
  findByContent?(client: ServersComClient, inputs: PropertyBag): Promise<Live[]>;
  /**
   * For kinds without labels whose order itself can carry the ownership labels for a while (a
   * subnetwork by mask: its title, until the create sets the declared one): the framework draws a
   * create label for each create and passes both labels to `create`; `labels` reads them back
   * from what `findByContent` returns, so a lost answer is found by its create label. Given the
   * inputs: whether this order carries them (a subnetwork by CIDR is identified by its range).
   */
  labelsInOrder?(inputs: PropertyBag): boolean;
  /**
   * Optional, for objects the API itself keeps unique by content (a DNS zone's name, a
   * subnetwork's CIDR in its pool, a server's one public IPv6 network): given what
   * `findByContent` matched before the POST (never empty), the reason the POST would only be
   * refused, naming the existing object and `adoptId`; undefined lets the create go on. Consulted
   * only before the POST, never in the late-commit look-up, where the match may be our own object.
   */
  conflict?(found: readonly Live[], inputs: PropertyBag): string | undefined;
  /**
   * Optional, for kinds without labels: whether a record `findByContent` matched could be the
   * object these inputs make, as far as inputs its outputs do not show can tell (write-only: a
   * snapshot's instance, known from a list filtered by it). The late-commit look-up takes only a
   * record that matches every input: the outputs' values, and this (default true).
   */
  madeFrom?(record: Live, inputs: PropertyBag): boolean;
  /**
   * POSTs a new object from the inputs with exactly these labels (the user's plus the owner and
   * create labels: ownership.ts).
   */
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
    /** For updates made of several steps with waits between them (optional to use). */
    context: UpdateContext<Live>,
  ): Promise<Live>;
  /**
   * Starts the deletion; a 404 is handled by the framework (already gone). Returns a
   * `ScheduledRemoval` when the API removes the object later on its own schedule (an SBM server at
   * the end of its billing hour): the framework prints it and does not wait for the 404.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: most kinds' delete returns nothing at all
  delete(client: ServersComClient, id: string): Promise<void | ScheduledRemoval>;
  /**
   * The API cannot delete this kind of object (a bare metal node whose power a resource keeps
   * on): `delete` only undoes what the resource set, if anything, and the framework neither
   * waits for a 404 nor treats a 409 as a deletion under way.
   */
  readonly keepsObjectOnDelete?: boolean;
  /**
   * Why the API refused a request only for now (L2: 409 NOT_READY while a change is applied; a
   * host: 409 CONFLICT while another power operation runs), or undefined for any other error.
   * The framework then repeats the kind's `create`, `update` or `delete` call with backoff
   * within the operation's timeout, one progress line per change. Name only refusals after
   * which the API changed nothing: a `create` is repeated too.
   */
  busy?(error: unknown): string | undefined;

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
  /**
   * Write-only inputs another request can still find, for a read that has none of the applied
   * values (`pulumi import`: the id alone): a backup's volume, named by the platform's uuid.
   */
  recoverWriteOnly?(client: ServersComClient, record: Live): Promise<Record<string, unknown>>;
  /** Secret outputs, read once the object is ready (RBS credentials). Named in secretOutputs. */
  secrets?(client: ServersComClient, record: Live): Promise<Record<string, unknown>>;
  /**
   * Why the live object cannot be brought to the inputs in place (RBS: a volume only grows), or
   * undefined. Checked by update before any request, with the live record at hand.
   */
  refuseUpdate?(record: Live, news: PropertyBag): string | undefined;
  /**
   * Why `adoptId` must not take over this object as declared, or undefined. For changes `create`
   * would otherwise make unannounced while converging the adopted object (a reinstall that
   * erases a server): refused before the object enters the state, like a replace-only mismatch.
   */
  refuseAdoption?(record: Live, inputs: PropertyBag): string | undefined;
}
