// The generic provider: check, diff, create, read, update and delete for any ResourceKind,
// following the engine's rules for dynamic providers (architecture.md, "Facts"). Each rule is
// implemented once here, so every kind gets the same behaviour:
// - create adopts only by `adoptId`; otherwise it POSTs with the owner and create labels
//   (ownership.ts), never adopting an object a completed create returned, and after an ambiguous
//   POST failure looks for this call's create label until a late commit would have shown;
// - once an object exists, every failure of create is a PartialResourceError (id recorded);
// - update resumes a pending wait, then converges the live object to the inputs;
// - read reports live outputs and live input values, and `{}` when the object is gone;
// - delete treats 404 as done and waits until the object is gone;
// - every wait honours the per-resource timeout and prints one line per state change.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ServersComClient } from "../../sdk/client";
import {
  ApiError,
  ConflictError,
  InputValidationError,
  isRetryable,
  NotFoundError,
} from "../../sdk/core/errors";
import { BudgetWaitError } from "../../sdk/core/rate-limit";
import {
  type Clock,
  type StateChange,
  type WaitOptions,
  WaitTimeoutError,
  waitFor,
} from "../../sdk/wait";
import { Checker, type PropertyBag } from "./check";
import {
  changedProperties,
  type DiffOutcome,
  desiredValue,
  diffProperties,
  type PropertyRules,
  splitWriteOnly,
} from "./diff";
import { EARLIER_ORDER, forPurpose, messageOf, PartialResourceError } from "./errors";
import {
  OWNER_INPUT,
  PENDING_OUTPUT,
  pendingOf,
  pickHidden,
  TIMEOUTS_INPUT,
  type TimeoutsMs,
  UNRECORDED_OUTPUT,
  unrecordedOf,
} from "./hidden";
import type { KindTimeouts, ResourceKind, UpdateContext, UpdateWait } from "./kind";
import {
  CREATE_LABEL_KEY,
  newCreateLabel,
  OWNER_LABEL_KEY,
  ownerSelector,
  withOwnerLabel,
} from "./ownership";
import { type ProgressSink, stateChangeLine, subject } from "./progress";
import { readSnapshots } from "./read-snapshot";
import { reinstallNotice } from "./reinstall-trigger";
import { withinOperation } from "./request-budget";
import { registerSecretsOf, sealedProvider } from "./sealed";
import { sharedPolls } from "./shared-polls";
import { containsUnknown, isUnknown } from "./unknowns";

/** The standard input of every kind: take over an existing object instead of creating one. */
export const ADOPT_INPUT = "adoptId";
/** The serialised provider; the host adds it to results but not to error properties. */
const PROVIDER_KEY = "__provider";

/**
 * How long a create looks for its object after an ambiguous failure (a 5xx, a gateway 504, a
 * dropped connection, a timeout): 5 minutes. A gateway gives up on the API after its own timeout
 * (commonly 60 s) while the API may still be committing the order, and the order shows in lists
 * only once committed; the SDK's request timeout is of the same order. Five minutes covers both
 * several times over, and costs a paid object's create at most that long before it says that an
 * order may still appear. Capped by the create timeout.
 */
export const LATE_COMMIT_WINDOW_MS = 5 * 60_000;

/** Poll tuning; production uses the SDK's defaults and real time. */
export interface WaitTuning {
  readonly clock?: Clock;
  readonly minDelayMs?: number;
  readonly maxDelayMs?: number;
  readonly random?: () => number;
  /** Replaces LATE_COMMIT_WINDOW_MS (SERVERSCOM_LATE_COMMIT_WINDOW_MS: fast local simulators). */
  readonly lateCommitWindowMs?: number;
}

/** What a kind's provider needs from its surroundings (production: registry.ts; tests: theirs). */
export interface ProviderContext {
  /** Receives the stack configuration (dynamic providers' `configure`). */
  configure?(req: dynamic.ConfigureRequest): void;
  /** The SDK client; throws the "no API token" message when none is configured. */
  client(): ServersComClient;
  readonly progress: ProgressSink;
  waitTuning(): WaitTuning;
}

/** A dynamic ResourceProvider with every method present. */
export interface KindProvider extends dynamic.ResourceProvider {
  configure(req: dynamic.ConfigureRequest): Promise<void>;
  check(olds: PropertyBag | undefined, news: PropertyBag): Promise<dynamic.CheckResult>;
  diff(id: string, olds: PropertyBag, news: PropertyBag): Promise<DiffOutcome>;
  create(inputs: PropertyBag): Promise<dynamic.CreateResult>;
  read(id: string, props?: PropertyBag): Promise<dynamic.ReadResult>;
  update(id: string, olds: PropertyBag, news: PropertyBag): Promise<dynamic.UpdateResult>;
  delete(id: string, props: PropertyBag): Promise<void>;
}

/** The generic lifecycle's provider: a KindProvider, and what the native door asks besides. */
export interface LifecycleProvider extends KindProvider {
  /**
   * The values the outputs record for the kind's write-only properties given these inputs
   * (PropertyRule.writeOnly). The native door takes them on trust where the old outputs hold
   * none, which happens only after `pulumi import` (provider/native/resources.ts).
   */
  writeOnlyValues(news: PropertyBag): Record<string, unknown>;
  /**
   * The write-only properties an import cannot read (hidden.ts, UNRECORDED_OUTPUT): every one
   * but the confirmations, which a state that never recorded them lacks by design.
   */
  unrecordable(): string[];
  /**
   * `pulumi import` (the native door): refuses an object that carries another resource's owner
   * label, as `adoptId` does; the import would let two resources manage it.
   */
  refuseImport(id: string, owner: string): Promise<void>;
}

export function createKindProvider<Live extends object>(
  kind: ResourceKind<Live>,
  context: ProviderContext,
): LifecycleProvider {
  const lifecycle = new Lifecycle(kind, context);
  const provider: LifecycleProvider = {
    configure: async (req) => context.configure?.(req),
    check: async (olds, news) => lifecycle.check(olds ?? {}, news),
    diff: async (id, olds, news) => lifecycle.diff(id, olds, news),
    // Each operation bounds its waits for the request budget by its timeout (request-budget.ts).
    create: (inputs) => lifecycle.within("create", inputs, () => lifecycle.create(inputs)),
    read: (id, props) => lifecycle.read(id, props ?? {}),
    update: (id, olds, news) =>
      lifecycle.within("update", news, () => lifecycle.update(id, olds, news)),
    delete: (id, props) => lifecycle.within("delete", props, () => lifecycle.delete(id, props)),
    writeOnlyValues: (news) => lifecycle.writeOnlyValues(news),
    unrecordable: () => lifecycle.unrecordable(),
    refuseImport: (id, owner) => lifecycle.refuseImport(id, owner),
  };
  // Every failure leaves through sealedProvider: no token or secret input, no raw control character.
  return sealedProvider(provider, kind.secretOutputs);
}

/**
 * The user's refusal of an update (e.g. shrinking a volume): the object is left unchanged.
 * Exported for kinds whose `update` finds, before changing anything, that the change cannot be
 * made (a dedicated server's location does not offer a feature): like an API rejection, it keeps
 * the old state instead of recording a partial update.
 */
export class UpdateRefused extends Error {
  override name = "UpdateRefused";
}

/** The object vanished while the provider was working on it. */
class ObjectGone extends Error {
  override name = "ObjectGone";
}

class Lifecycle<Live extends object> {
  /** The kind's properties whose live value the API returns, and the write-only ones. */
  private readonly rules: { live: PropertyRules; writeOnly: PropertyRules };

  constructor(
    private readonly kind: ResourceKind<Live>,
    private readonly context: ProviderContext,
  ) {
    this.rules = splitWriteOnly(kind.properties);
  }

  /** Runs one operation with its deadline and progress for the request budget's waits. */
  within<T>(operation: keyof KindTimeouts, bag: PropertyBag, run: () => Promise<T>): Promise<T> {
    const prefix = `serverscom:${this.kind.name} ${this.kind.display(bag)}`;
    return withinOperation(
      Date.now() + this.timeouts(bag)[operation],
      (text) => this.context.progress(`${prefix}: ${text}`),
      run,
    );
  }

  // --- check and diff: local, no API calls (they also run in preview, maybe without a token) ---

  check(olds: PropertyBag, news: PropertyBag): dynamic.CheckResult {
    const checker = new Checker(news, olds);
    checker.hidden();
    checker.id(ADOPT_INPUT, false);
    this.kind.check(checker);
    return { inputs: news, failures: checker.failures };
  }

  diff(id: string, recorded: PropertyBag, news: PropertyBag): DiffOutcome {
    // Write-only values an import never recorded are taken as declared (hidden.ts).
    const olds = {
      ...recorded,
      ...pick(defined(this.writeOnlyOutputs(news)), unrecordedOf(recorded)),
    };
    const outcome = diffProperties(this.kind.properties, olds, news);
    // A reinstall erases a server: the preview says so in words (reinstall-trigger.ts).
    const reinstall =
      this.kind.reinstall === undefined || outcome.replaces.length > 0
        ? undefined
        : reinstallNotice(this.kind.reinstall, olds, news);
    if (reinstall !== undefined) this.say(news, id, reinstall);
    // An unfinished create or update (hidden.ts, PENDING_OUTPUT) is a change even after a
    // refresh cleared the engine's init errors: the next `up` updates, which resumes it.
    if (typeof olds[PENDING_OUTPUT] === "string" && outcome.replaces.length === 0) {
      return { ...outcome, changes: true };
    }
    // Naming a different object to adopt means managing that one instead: a replacement.
    const adopt = news[ADOPT_INPUT];
    if (isUnknown(adopt) || (typeof adopt === "string" && adopt !== id)) {
      return { ...outcome, changes: true, replaces: [...outcome.replaces, ADOPT_INPUT] };
    }
    return outcome;
  }

  // --- create ---

  async create(inputs: PropertyBag): Promise<dynamic.CreateResult> {
    // A create that is not a preview gets known values: an unknown one would become a name.
    const unknown = Object.keys(inputs).filter((name) => containsUnknown(inputs[name]));
    if (unknown.length > 0) {
      throw new Error(
        `serverscom:${this.kind.name}: ${unknown.join(", ")} ${unknown.length === 1 ? "is" : "are"} ` +
          "not known yet (the engine's placeholder for a value computed later) in a create " +
          "that is not a preview: nothing was created. Run `pulumi up` again once the values it " +
          "depends on exist",
      );
    }
    const client = this.context.client();
    const owner = stringValue(inputs[OWNER_INPUT]);
    const adoptId = stringValue(inputs[ADOPT_INPUT]);
    let record: Live;
    let adopted = true;
    /** Found after an ambiguous POST failure: brought to the inputs like an adopted object. */
    let late = false;
    if (adoptId !== undefined) {
      record = await this.adoptById(client, adoptId, inputs, owner);
    } else {
      ({ record, late } = await this.post(client, inputs, owner));
      adopted = false;
    }

    // From here on the object exists: any failure must record its id (PartialResourceError).
    const id = this.kind.id(record);
    claimed.add(`${this.kind.name}:${id}`);
    const timeouts = this.timeouts(inputs);
    let last: Live = record;
    const track = (value: Live) => {
      last = value;
    };
    try {
      last = await this.waitReady(client, id, last, inputs, timeouts.create, "create", track);
      // A late-committed order may not be finished (a subnetwork's title: labelsInOrder).
      if (adopted || late) {
        last = await this.converge(client, id, last, inputs, timeouts.create, track);
      }
      return { id, outs: await this.outputsOf(client, last, inputs) };
    } catch (error) {
      const what = adopted ? "was adopted but is not ready" : "was created but is not ready";
      throw this.partial(id, last, inputs, error, what, "create");
    }
  }

  /** `adoptId`: the object must exist and match the inputs that cannot change in place. */
  private async adoptById(
    client: ServersComClient,
    id: string,
    inputs: PropertyBag,
    owner: string | undefined,
  ): Promise<Live> {
    const looking = `looking up the ${this.kind.noun} that adoptId names`;
    const record = await forPurpose(looking, this.kind.get(client, id));
    if (record === undefined || this.isGone(record)) {
      throw new Error(`adoptId: there is no ${this.kind.noun} with id "${id}" to adopt`);
    }
    const mismatched = this.replaceMismatches(record, inputs);
    if (mismatched.length > 0) {
      const live = this.kind.outputs(record);
      const detail = mismatched
        .map(
          (name) =>
            `${name} is ${JSON.stringify(live[this.outputName(name)])} there but ${JSON.stringify(inputs[name])} in the program`,
        )
        .join("; ");
      throw new Error(
        `adoptId: the ${this.kind.noun} "${id}" cannot be adopted as declared: ${detail}. ` +
          "These properties cannot be changed in place: make the program match the object.",
      );
    }
    const refusal = this.kind.refuseAdoption?.(record, inputs);
    if (refusal !== undefined) {
      throw new Error(
        `adoptId: the ${this.kind.noun} "${id}" cannot be adopted as declared: ${refusal}`,
      );
    }
    const taken = this.ownedByAnother(record, owner);
    if (taken !== undefined) throw new Error(`adoptId: ${taken}, then adopt it`);
    return record;
  }

  /**
   * Another resource's object: two resources would manage it, and destroying either would delete
   * it (or undo the other's changes). Releasing it is the other side's decision. The reason, or
   * undefined when the object carries no other resource's owner label.
   */
  private ownedByAnother(record: Live, owner: string | undefined): string | undefined {
    const other = this.kind.labels(record)[OWNER_LABEL_KEY];
    if (other === undefined || owner === undefined || other === owner) return undefined;
    return (
      `the ${this.kind.noun} "${this.kind.id(record)}" carries the ownership label of another ` +
      `Pulumi resource (${OWNER_LABEL_KEY}=${other}, a hash of that resource's URN): taking it ` +
      "would let two resources manage it, and either's destroy would delete it. To release it, " +
      "remove that resource from its stack without deleting the object (`pulumi state delete " +
      "<its URN>` there), then remove the label from the object (it stays on it), or delete " +
      "that resource if the object may go"
    );
  }

  async refuseImport(id: string, owner: string): Promise<void> {
    const client = this.context.client();
    const record = await forPurpose(
      `reading the ${this.kind.noun} to import`,
      this.kind.get(client, id),
    );
    const taken = record === undefined ? undefined : this.ownedByAnother(record, owner);
    if (taken !== undefined) throw new Error(`pulumi import: ${taken}; then import it again`);
  }

  /**
   * Every live object that carries this resource's owner label (checked here: the API may ignore
   * the selector) or matches the inputs by content (kind.findByContent), by id.
   */
  private async knownObjects(
    client: ServersComClient,
    inputs: PropertyBag,
    owner: string | undefined,
    /** Receives what findByContent matched (for kind.conflict, before the POST). */
    alikeOut?: Live[],
  ): Promise<Map<string, Live>> {
    const found = new Map<string, Live>();
    if (owner !== undefined) {
      const labelled = this.kind.findByLabels(client, ownerSelector(owner));
      for (const record of await forPurpose(EARLIER_ORDER, labelled)) {
        if (this.kind.labels(record)[OWNER_LABEL_KEY] === owner && !this.isGone(record)) {
          found.set(this.kind.id(record), record);
        }
      }
    }
    const alike = this.kind.findByContent?.(client, inputs) ?? Promise.resolve([]);
    const purpose = `looking for an existing ${this.kind.noun} like this resource, before ordering`;
    for (const record of await forPurpose(purpose, alike)) {
      if (this.isGone(record)) continue;
      found.set(this.kind.id(record), record);
      alikeOut?.push(record);
    }
    return found;
  }

  /**
   * POSTs the object with the owner label and a create label new for this call. Objects found
   * before the POST are never adopted: each was returned by a completed create (an earlier
   * generation that a create-before-delete replacement is about to delete), left by an
   * interrupted one, or is someone else's with a copied label; the orphan report names them.
   * A POST is never retried (it may buy a second object), but when it fails in a way that leaves
   * its fate unknown, the create label tells whether the API applied it.
   */
  private async post(
    client: ServersComClient,
    inputs: PropertyBag,
    owner: string | undefined,
  ): Promise<{ record: Live; late: boolean }> {
    const managesLabels =
      "labels" in this.kind.properties || this.kind.labelsInOrder?.(inputs) === true;
    const createLabel = managesLabels && owner !== undefined ? newCreateLabel() : undefined;
    const alike: Live[] = [];
    const before = await this.knownObjects(client, inputs, owner, alike);
    // An object the API keeps unique by content: the POST could only be refused (kind.ts).
    const conflict = alike.length > 0 ? this.kind.conflict?.(alike, inputs) : undefined;
    if (conflict !== undefined) {
      throw new Error(`serverscom:${this.kind.name} ${this.kind.display(inputs)}: ${conflict}`);
    }
    if (before.size > 0) {
      this.context.progress(
        `serverscom:${this.kind.name} ${this.kind.display(inputs)}: not adopting ` +
          `${[...before.keys()].join(", ")}, found with this resource's ownership label or ` +
          "its inputs: an earlier generation this replacement deletes next, an object an " +
          "interrupted create left behind, another resource's object, or a copied label. " +
          "Creating a new one; if any of them is still there after this `pulumi up`, nothing " +
          "manages it: adopt it (adoptId) or delete it",
      );
    }
    try {
      const record = await this.untilAccepted(inputs, undefined, this.timeouts(inputs).create, () =>
        this.kind.create(client, inputs, withOwnerLabel(labelsOf(inputs), owner, createLabel)),
      );
      return { record, late: false };
    } catch (error) {
      if (!isAmbiguous(error)) throw error;
      const canLook =
        createLabel !== undefined || (!managesLabels && this.kind.findByContent !== undefined);
      if (!canLook) throw error;
      const created = await this.lateCommit(client, inputs, owner, createLabel, before, error);
      this.say(
        inputs,
        this.kind.id(created),
        `the create request failed (${messageOf(error)}) ` +
          "but the API had applied it: continuing with the object it created",
      );
      return { record: created, late: true };
    }
  }

  /**
   * After an ambiguous POST failure: looks for the object this call made (one carrying its
   * create label, or for kinds without labels one that matches by content and was not there
   * before) with backoff for LATE_COMMIT_WINDOW_MS, within the create timeout.
   */
  private async lateCommit(
    client: ServersComClient,
    inputs: PropertyBag,
    owner: string | undefined,
    createLabel: string | undefined,
    before: ReadonlyMap<string, Live>,
    failure: unknown,
  ): Promise<Live> {
    // Without labels, only what this create could have made: an object that was not there
    // before the POST and matches every one of its inputs (a snapshot of another instance, a
    // record with another TTL, a subnetwork with another title are someone else's).
    const ours = (record: Live) =>
      createLabel === undefined
        ? !before.has(this.kind.id(record)) &&
          !claimed.has(`${this.kind.name}:${this.kind.id(record)}`) &&
          this.matchesInputs(record, inputs)
        : this.kind.labels(record)[CREATE_LABEL_KEY] === createLabel;
    const windowMs = Math.min(
      this.tuning().lateCommitWindowMs ?? LATE_COMMIT_WINDOW_MS,
      this.timeouts(inputs).create,
    );
    const labelsText =
      createLabel === undefined
        ? "matching the declared inputs"
        : `with the labels ${OWNER_LABEL_KEY}=${owner} and ${CREATE_LABEL_KEY}=${createLabel}`;
    const prefix = `serverscom:${this.kind.name} ${this.kind.display(inputs)}`;
    let latest: ReadonlyMap<string, Live> = before;
    try {
      const found = await waitFor<Live | undefined>(
        async () => {
          latest = await this.knownObjects(client, inputs, owner);
          const candidates = [...latest.values()].filter(ours);
          // Two that this create could have made (two identical orders of one host at once):
          // which is its own cannot be known, and taking one could take another's.
          if (candidates.length > 1) throw new Ambiguous(candidates.map((c) => this.kind.id(c)));
          return candidates[0];
        },
        {
          ...this.tuning(),
          minDelayMs: this.tuning().minDelayMs ?? 2_000,
          description: `the ${this.kind.noun} a failed create request may have made`,
          timeoutMs: windowMs,
          state: (value) => (value === undefined ? "not found yet" : "found"),
          isSettled: (value) => value !== undefined,
          // A look-up changes nothing: any failure but a refusal (4xx) is worth another try
          // within the window, a 500 included (the SDK retries those only for what it must).
          retryOn: (error) =>
            !(error instanceof Ambiguous) &&
            !(error instanceof BudgetWaitError) &&
            !(error instanceof ApiError && error.status < 500 && error.status !== 429),
          onChange: (change) => {
            if (change.previous === undefined && change.value === undefined) {
              this.context.progress(
                `${prefix}: the create request failed (${messageOf(failure)}); looking for ` +
                  `the ${this.kind.noun} it may still make, ${labelsText}, for up to ` +
                  `${Math.round(windowMs / 1000)} s`,
              );
            }
          },
        },
      );
      if (found !== undefined) {
        // An object the API keeps unique by content, without labels: an identical one another
        // program made in these seconds cannot be told from this create's own, and destroying
        // the resource would delete it. Never taken: named, for the user to adopt or delete
        // (the next `up` stops at the same conflict until then).
        const unsure =
          createLabel === undefined ? this.kind.conflict?.([found], inputs) : undefined;
        if (unsure !== undefined) {
          throw new Error(
            `${prefix}: the create request failed (${messageOf(failure)}), and since then ` +
              `this has appeared: ${unsure}`,
            { cause: failure },
          );
        }
        // Anything else that appeared meanwhile is named too, never picked.
        const others = [...latest.keys()].filter(
          (id) => !before.has(id) && id !== this.kind.id(found),
        );
        if (others.length > 0) {
          this.context.progress(
            `${prefix}: not adopting ${others.join(", ")}, which appeared with this resource's ` +
              "ownership label or inputs while it looked for its own: if any of them is still " +
              "there after this `pulumi up`, nothing manages it: adopt it (adoptId) or delete it",
          );
        }
        return found;
      }
    } catch (lookup) {
      if (lookup instanceof Ambiguous) {
        throw new Error(
          `${prefix}: the create request failed (${messageOf(failure)}), and since then ` +
            `${lookup.ids.length} ${this.kind.noun}s matching it appeared: ${lookup.ids.join(", ")}. ` +
            `Nothing tells which one this create made, if any (${this.kind.noun}s have no ` +
            "labels): set adoptId to the one that is this resource's and delete the others, or " +
            "delete them all; nothing was recorded",
          { cause: failure },
        );
      }
      if (
        !(lookup instanceof WaitTimeoutError) &&
        lookup instanceof Error &&
        lookup.cause === failure
      ) {
        throw lookup;
      }
      const timedOut = lookup instanceof WaitTimeoutError;
      throw new Error(
        `${prefix}: the create request failed (${messageOf(failure)}) and ` +
          (timedOut
            ? `no ${this.kind.noun} it made appeared within ${Math.round(windowMs / 1000)} s`
            : `the look-up for what it may have made failed (${messageOf(lookup)})`) +
          `. An order may still appear, ${labelsText}. The next \`pulumi up\` does not adopt ` +
          "it: it reports it by id and creates a new one; if it appears, adopt it instead " +
          "(adoptId) or delete it",
        { cause: failure },
      );
    }
    throw failure;
  }

  // --- read ---

  async read(id: string, props: PropertyBag): Promise<dynamic.ReadResult> {
    const client = this.context.client();
    // Many reads at once (a refresh) share list pages of the kind; any other read is a GET.
    const record = await readSnapshots.read(this.kind, client, id);
    // An empty id tells the engine the object is gone: refresh drops it from the state.
    if (record === undefined || this.isGone(record)) return {};
    // Write-only values cannot be read back: the outputs keep the last applied ones (or the
    // mark that an import never recorded them). A read without them (`pulumi import` sends the
    // id alone) takes what the kind can still find (recoverWriteOnly).
    const writeOnly = Object.keys(this.rules.writeOnly);
    const recovered =
      this.kind.recoverWriteOnly !== undefined &&
      writeOnly.some((name) => props[name] === undefined)
        ? await this.kind.recoverWriteOnly(client, record)
        : {};
    const carried = {
      ...carry(props),
      ...recovered,
      ...pick(props, [...writeOnly, UNRECORDED_OUTPUT]),
    };
    const secrets = this.kind.isReady(record)
      ? await this.secretsOf(client, record)
      : pick(props, this.kind.secretOutputs);
    return {
      id: this.kind.id(record),
      props: defined({ ...this.kind.outputs(record), ...secrets, ...carried }),
      inputs: defined({
        ...this.kind.liveInputs(record),
        ...carried,
        [PENDING_OUTPUT]: undefined,
      }),
    };
  }

  // --- update ---

  async update(id: string, olds: PropertyBag, news: PropertyBag): Promise<dynamic.UpdateResult> {
    const client = this.context.client();
    const current = await this.kind.get(client, id);
    if (current === undefined || this.isGone(current)) {
      throw new Error(
        `${this.subject(news, id)}: the ${this.kind.noun} no longer exists (deleted outside ` +
          "Pulumi?). Run `pulumi refresh` to drop it from the state; the next `pulumi up` creates it again.",
      );
    }
    const timeouts = this.timeouts(news);
    let last: Live = current;
    const track = (value: Live) => {
      last = value;
    };
    const progress = { accepted: false };
    try {
      // A create that timed out (partial) or an earlier resize may still be in progress.
      last = await this.waitReady(client, id, last, news, timeouts.update, "update", track);
      last = await this.converge(client, id, last, news, timeouts.update, track, olds, progress);
      return { outs: await this.outputsOf(client, last, news) };
    } catch (error) {
      // Refusals and rejected requests leave the object as it was: a plain error keeps the old
      // state. A wait that fails after the object started changing records what it became.
      if (error instanceof UpdateRefused || isRejection(error)) throw error;
      // Write-only values are recorded as applied only once the API accepted the update; else
      // the old ones stay, so the next `up` sends them again (issue 12, item 6).
      const writeOnly = progress.accepted ? undefined : olds;
      throw this.partial(
        id,
        last,
        news,
        error,
        "was updated but is not ready",
        "update",
        writeOnly,
      );
    }
  }

  /**
   * Brings the live object to the inputs: one PUT of the changed properties, then a wait.
   * Write-only properties are compared with the old outputs (`olds`, which carry the values last
   * applied); adoption has no old outputs, so they are not changes there.
   */
  private async converge(
    client: ServersComClient,
    id: string,
    record: Live,
    news: PropertyBag,
    timeoutMs: number,
    track: (value: Live) => void,
    olds?: PropertyBag,
    progress?: { accepted: boolean },
  ): Promise<Live> {
    const refusal = this.kind.refuseUpdate?.(record, news);
    if (refusal !== undefined) throw new UpdateRefused(`${this.subject(news, id)}: ${refusal}`);
    const isUpdate = (rule: string) => rule === "update";
    const changed = [
      ...changedProperties(this.rules.live, this.kind.outputs(record), news, isUpdate),
      ...(olds === undefined ? [] : this.writeOnlyChanges(olds, news)),
    ];
    const owner = stringValue(news[OWNER_INPUT]);
    const managesLabels = "labels" in this.kind.properties;
    const ownerMissing =
      managesLabels && owner !== undefined && this.kind.labels(record)[OWNER_LABEL_KEY] !== owner;
    if (changed.length === 0 && !ownerMissing) return record;
    const sendLabels = managesLabels && (changed.includes("labels") || ownerMissing);
    const updated = await this.untilAccepted(news, id, timeoutMs, () =>
      this.kind.update(
        client,
        id,
        pick(
          news,
          changed.filter((name) => name !== "labels"),
        ),
        sendLabels ? withOwnerLabel(labelsOf(news), owner) : undefined,
        this.updateContext(client, id, record, news, timeoutMs, track),
      ),
    );
    if (progress !== undefined) progress.accepted = true;
    track(updated);
    return this.waitReady(client, id, updated, news, timeoutMs, "update", track);
  }

  /** Whether a record holds every input's value (write-only ones cannot be compared). */
  private matchesInputs(record: Live, inputs: PropertyBag): boolean {
    const compared = (rule: string) => rule !== "ignore";
    return (
      changedProperties(this.rules.live, this.kind.outputs(record), inputs, compared).length ===
        0 &&
      (this.kind.madeFrom?.(record, inputs) ?? true)
    );
  }

  /**
   * The write-only properties that change against the values the old outputs recorded. Not
   * changes: what an import never recorded (taken as declared, hidden.ts), and a confirmation the
   * old outputs never recorded (a first reinstallTrigger confirms nothing). The outputs record
   * the new values either way.
   */
  private writeOnlyChanges(olds: PropertyBag, news: PropertyBag): string[] {
    const unrecorded = unrecordedOf(olds);
    return changedProperties(this.rules.writeOnly, olds, news, (rule) => rule === "update").filter(
      (name) =>
        !unrecorded.includes(name) &&
        !(this.rules.writeOnly[name]?.confirmation === true && olds[name] === undefined),
    );
  }

  // --- delete ---

  async delete(id: string, props: PropertyBag): Promise<void> {
    const client = this.context.client();
    try {
      const removal = await this.untilAccepted(props, id, this.timeouts(props).delete, () =>
        this.kind.delete(client, id),
      );
      // Removed later by the API, at a time it has set: said, not waited for (kind.ts, delete).
      if (removal !== undefined) return this.say(props, id, removal.scheduled);
    } catch (error) {
      // The one documented case of a swallowed error: already gone is what delete wants.
      if (error instanceof NotFoundError) return;
      // Applied with its answer lost (a dropped connection, a 5xx): a GET's 404 says it is done.
      // Failing would leave a delete-first replacement recording the deleted object (issue 25).
      if (isAmbiguous(error) && (await this.kind.get(client, id).catch(() => error)) === undefined)
        return;
      if (!(error instanceof ConflictError) || this.kind.keepsObjectOnDelete === true) throw error;
      // A deletion already under way (an earlier, interrupted destroy) may answer 409: wait.
      const current = await this.kind.get(client, id);
      if (current === undefined) return;
      if (!this.isGone(current)) throw error;
    }
    // Nothing disappears: the object outlives the resource (kind.ts, keepsObjectOnDelete).
    if (this.kind.keepsObjectOnDelete === true) return;
    const prefix = this.subject(props, id);
    const poll = sharedPolls.poller(this.kind, client, id, this.tuning().clock);
    await waitFor<Live | typeof GONE>(
      async () => {
        const record = await poll.get();
        return record === undefined ? GONE : record;
      },
      {
        ...this.tuning(),
        description: `${this.kind.noun} ${id} to be deleted`,
        timeoutMs: this.timeouts(props).delete,
        state: (value) => (value === GONE ? "gone" : this.kind.state(value)),
        isSettled: (value) => value === GONE,
        retryOn: isRetryable,
        onChange: (change) => this.context.progress(stateChangeLine(prefix, change)),
      },
    );
  }

  // --- shared ---

  /**
   * Runs one of the kind's requests; while the API refuses it only for now (kind.busy), repeats
   * it with backoff until the deadline, printing a line when it starts and when it ends. Other
   * errors end at once: the SDK already retries what is transient and idempotent.
   */
  private async untilAccepted<T>(
    bag: PropertyBag,
    id: string | undefined,
    timeoutMs: number,
    request: () => Promise<T>,
  ): Promise<T> {
    const busy = this.kind.busy?.bind(this.kind);
    if (busy === undefined) return request();
    const prefix =
      id === undefined
        ? `serverscom:${this.kind.name} ${this.kind.display(bag)}`
        : this.subject(bag, id);
    const outcome = await waitFor<{ readonly value: T } | { readonly refused: string }>(
      async () => {
        try {
          return { value: await request() };
        } catch (error) {
          const reason = busy(error);
          if (reason === undefined) throw error;
          return { refused: reason };
        }
      },
      {
        ...this.tuning(),
        description: `the API to accept the request for ${this.kind.noun} ${id ?? this.kind.display(bag)}`,
        timeoutMs,
        state: (value) => ("refused" in value ? `busy (${value.refused})` : "accepted"),
        isSettled: (value) => "value" in value,
        // Accepted at once is the usual case: nothing to report then.
        onChange: (change) => {
          if (change.previous !== undefined || "refused" in change.value) {
            this.context.progress(stateChangeLine(prefix, change));
          }
        },
      },
    );
    // waitFor ends with a settled value, and only an accepted request is settled.
    if ("value" in outcome) return outcome.value;
    throw new Error(`${prefix}: ${outcome.refused}`);
  }

  /**
   * Polls until ready; the object disappearing or failing ends the wait at once. A record that
   * is already ready ends it before any poll (and any progress line): nothing is pending.
   */
  private async waitReady(
    client: ServersComClient,
    id: string,
    current: Live,
    bag: PropertyBag,
    timeoutMs: number,
    operation: "create" | "update",
    track: (value: Live) => void,
  ): Promise<Live> {
    if (this.kind.isReady(current)) return current;
    const prefix = this.subject(bag, id);
    const poll = sharedPolls.poller(this.kind, client, id, this.tuning().clock);
    return waitFor(
      async () => {
        const record = await poll.get();
        if (record === undefined) {
          throw new ObjectGone(`the ${this.kind.noun} disappeared (404) during the ${operation}`);
        }
        track(record);
        return record;
      },
      {
        ...this.tuning(),
        // The create's answer is the first observation: its progress line is printed at once.
        ...(operation === "create"
          ? { ...this.provisioningTuning(), initial: { value: current } }
          : {}),
        description: `${this.kind.noun} ${id} to be ready`,
        timeoutMs,
        state: (record) => this.kind.state(record),
        isSettled: (record) => this.kind.isReady(record),
        isFailed: (record) =>
          this.isGone(record) ? "it is being deleted" : this.kind.failure?.(record),
        retryOn: isRetryable,
        onChange: (change: StateChange<Live>) =>
          this.context.progress(stateChangeLine(prefix, change)),
      },
    );
  }

  private async outputsOf(
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

  private async secretsOf(
    client: ServersComClient,
    record: Live,
  ): Promise<Record<string, unknown>> {
    if (this.kind.secrets === undefined) return {};
    // Read from the API (RBS credentials): from now on no error may quote them.
    const secrets = await this.kind.secrets(client, record);
    registerSecretsOf(this.kind.secretOutputs, secrets);
    return secrets;
  }

  /**
   * The error that records a created (or changed) object: its id, the inputs (with
   * `__provider`) merged with the last record seen, and the reason. Secrets are left out: the
   * next update reads them again.
   */
  private partial(
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
    const properties: Record<string, unknown> = {
      ...inputs,
      ...this.writeOnlyOutputs(inputs),
      ...this.kind.outputs(last),
      ...carry(inputs),
      [PENDING_OUTPUT]: pending,
      [PROVIDER_KEY]: inputs[PROVIDER_KEY],
    };
    if (writeOnlyFrom !== undefined) {
      for (const name of Object.keys(this.rules.writeOnly)) properties[name] = writeOnlyFrom[name];
    }
    return new PartialResourceError(message, id, defined(properties), [message]);
  }

  /** Write-only properties cannot be compared with a live object: they are taken on trust. */
  private replaceMismatches(record: Live, inputs: PropertyBag): string[] {
    return changedProperties(
      this.rules.live,
      this.kind.outputs(record),
      inputs,
      (rule) => rule === "replace",
    );
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
   * The write-only values to record in outputs: each one's desired value (a kind may normalise
   * it, e.g. an absent flag as false), so that diff compares like with like.
   */
  private writeOnlyOutputs(inputs: PropertyBag): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, rule] of Object.entries(this.rules.writeOnly)) {
      out[name] = desiredValue(name, rule, inputs);
    }
    return out;
  }

  /** What a multi-step `update` uses to wait between its steps (kind.ts, UpdateContext). */
  private updateContext(
    client: ServersComClient,
    id: string,
    record: Live,
    news: PropertyBag,
    timeoutMs: number,
    track: (value: Live) => void,
  ): UpdateContext<Live> {
    return {
      news,
      record,
      waitUntil: (wait) => this.waitUntil(client, id, news, timeoutMs, track, wait),
      say: (text) => this.say(news, id, text),
    };
  }

  /** One step's wait: like waitReady, with the step's own end, states and failures. */
  private async waitUntil(
    client: ServersComClient,
    id: string,
    bag: PropertyBag,
    timeoutMs: number,
    track: (value: Live) => void,
    wait: UpdateWait<Live>,
  ): Promise<Live> {
    const prefix = this.subject(bag, id);
    const poll = sharedPolls.poller(this.kind, client, id, this.tuning().clock);
    return waitFor(
      async () => {
        const record = await poll.get();
        if (record === undefined) {
          throw new ObjectGone(`the ${this.kind.noun} disappeared (404) during the update`);
        }
        track(record);
        return record;
      },
      {
        ...this.tuning(),
        description: `${this.kind.noun} ${id} ${wait.description}`,
        timeoutMs,
        state: (record) =>
          wait.state === undefined ? this.kind.state(record) : wait.state(record),
        isSettled: (record) => wait.isDone(record),
        isFailed: (record) =>
          this.isGone(record) ? "it is being deleted" : wait.failure?.(record),
        retryOn: isRetryable,
        onChange: (change: StateChange<Live>) =>
          this.context.progress(stateChangeLine(prefix, change)),
      },
    );
  }

  private outputName(property: string): string {
    return this.kind.properties[property]?.output ?? property;
  }

  /** Transitional states of removal count as gone for read, update and adoption. */
  private isGone(record: Live): boolean {
    return this.kind.isGone?.(record) ?? false;
  }

  private timeouts(bag: PropertyBag): KindTimeouts {
    const custom = bag[TIMEOUTS_INPUT] as TimeoutsMs | undefined;
    return { ...this.kind.defaultTimeouts, ...(typeof custom === "object" ? custom : {}) };
  }

  private tuning(): WaitTuning {
    return this.context.waitTuning();
  }

  /**
   * The kind's create schedule (kind.ts, PollSchedule) as wait options; nothing when the kind has
   * none or the surroundings set their own delays (SERVERSCOM_POLL_INTERVAL_MS), which win.
   */
  private provisioningTuning(): Pick<
    WaitOptions<Live>,
    "firstDelayMs" | "minDelayMs" | "maxDelayMs"
  > {
    const schedule = this.kind.provisioning;
    const tuning = this.tuning();
    if (
      schedule === undefined ||
      tuning.minDelayMs !== undefined ||
      tuning.maxDelayMs !== undefined
    ) {
      return {};
    }
    return {
      firstDelayMs: schedule.firstPollMs,
      minDelayMs: schedule.intervalMs,
      maxDelayMs: schedule.intervalMs * 1.5,
    };
  }

  private subject(bag: PropertyBag, id: string): string {
    return subject(this.kind.name, this.kind.display(bag), id);
  }

  private say(bag: PropertyBag, id: string, text: string): void {
    this.context.progress(`${this.subject(bag, id)}: ${text}`);
  }
}

const GONE = Symbol("gone");

/**
 * The objects creates of this process took (`<kind>:<id>`): the late-commit look-up of a kind
 * without labels never takes one, so two creates ordering alike at once (two networks of one
 * size on one host) cannot both take the one whose answer arrived.
 */
const claimed = new Set<string>();

/** More than one object a failed create could have made: none is taken. */
class Ambiguous extends Error {
  override name = "Ambiguous";
  constructor(readonly ids: readonly string[]) {
    super(`ambiguous: ${ids.join(", ")}`);
  }
}

function stringValue(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" && !isUnknown(value) ? value : undefined;
}

/** The user's labels: an absent `labels` means "no labels" (so removing it removes them all). */
function labelsOf(bag: PropertyBag): Record<string, string> {
  const labels = bag.labels;
  return typeof labels === "object" && labels !== null
    ? { ...(labels as Record<string, string>) }
    : {};
}

/** Inputs that outputs carry so that read and delete, which get only outputs, still have them. */
function carry(bag: PropertyBag): Record<string, unknown> {
  return {
    ...pickHidden(bag),
    ...pendingOf(bag),
    ...(bag[ADOPT_INPUT] === undefined ? {} : { [ADOPT_INPUT]: bag[ADOPT_INPUT] }),
  };
}

function pick(bag: PropertyBag, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) if (bag[name] !== undefined) out[name] = bag[name];
  return out;
}

/** Without undefined values: the host converts results to a protobuf Struct, which rejects them. */
function defined(bag: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(bag)) if (value !== undefined) out[key] = value;
  return out;
}

/** A failure after which the API may or may not have applied the request. */
function isAmbiguous(error: unknown): boolean {
  // A kind may explain an API answer in its own words (`cause`): the answer decides.
  for (let cause: unknown = error, depth = 0; cause !== undefined && depth < 10; depth++) {
    if (cause instanceof ApiError) return cause.status >= 500;
    if (cause instanceof InputValidationError) return false;
    // Refused before sending: the wait for the request budget was too long (request-budget.ts).
    if (cause instanceof BudgetWaitError) return false;
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return true;
}

/** The API refused the request (4xx): nothing changed. */
function isRejection(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
