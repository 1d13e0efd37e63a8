// The native door to a kind's lifecycle: the same KindProvider the dynamic shim reaches
// (registry.ts, framework/lifecycle.ts), given what a dynamic provider has to receive as hidden
// inputs (framework/hidden.ts) from where a plugin finds it in the request:
// - the ownership label comes from the URN, which the engine sends with every resource request
//   (proto/pulumi/provider.proto: CreateRequest.urn ...); a URN is unique in its stack (the engine
//   refuses a second registration of one), which is what the label must be;
// - the timeouts come from the request's `timeout` field: the engine fills it from the
//   resource's customTimeouts, Create's from `create`, Update's from `update`, Delete's from
//   `delete` (pkg/resource/deploy/step.go: CreateStep, UpdateStep, DeleteStep), in seconds.
// Hidden inputs and the dynamic door's `__provider` never leave this door: results carry only the
// kind's own properties, so the state holds what the schema describes.

import type { ServersComClient } from "../../sdk/client";
import type { PropertyBag } from "../framework/check";
import type { DiffOutcome } from "../framework/diff";
import { PartialResourceError } from "../framework/errors";
import {
  HIDDEN_INPUTS,
  OWNER_INPUT,
  TIMEOUTS_INPUT,
  UNRECORDED_OUTPUT,
  unrecordedOf,
} from "../framework/hidden";
import { ADOPT_INPUT, type KindProvider, type LifecycleProvider } from "../framework/kind-provider";
import { ownerLabelForUrn } from "../framework/ownership";
import { isPlaceholder } from "../framework/placeholder";
import { refuseCreateFirst } from "./delete-first";
import { kindDefaults, secretProperties } from "./generated";
import { openSecrets, type Properties, sealSecrets } from "./values";

/** The dynamic door's serialised provider: never part of a native resource's properties. */
const PROVIDER_KEY = "__provider";

export type Operation = "create" | "update" | "delete";

/** A URN's parts: urn:pulumi:<stack>::<project>::<qualified type>::<name>. */
export function parseUrn(urn: string): {
  stack: string;
  project: string;
  type: string;
  name: string;
} {
  const match = /^urn:pulumi:(.*?)::(.*?)::(.*?)::(.*)$/s.exec(urn);
  if (match === null) throw new Error(`not a resource URN: ${urn}`);
  const [, stack = "", project = "", type = "", name = ""] = match;
  return { stack, project, type, name };
}

/**
 * The ownership label of the resource this URN names: the hash of the URN exactly, by the rule
 * the dynamic door applies to the URN its constructor computes (framework/ownership.ts,
 * ownerLabelForUrn). The engine's URN already holds the parents' types ("parent$child").
 */
export function ownerFromUrn(urn: string): string {
  parseUrn(urn);
  return ownerLabelForUrn(urn);
}

/** The ownership label of the resource a URN names, as the hidden input that carries it. */
function ownerInput(urn: string): Properties {
  return { [OWNER_INPUT]: ownerFromUrn(urn) };
}

/** The hidden inputs of one request: the ownership label, and the timeout when one is set. */
function hidden(urn: string, operation: Operation, timeoutSeconds: number): Properties {
  const out: Properties = ownerInput(urn);
  if (timeoutSeconds > 0) out[TIMEOUTS_INPUT] = { [operation]: timeoutSeconds * 1000 };
  return out;
}

/** The properties without what only the dynamic door has (hidden inputs, `__provider`). */
export function ownPropertiesOf(bag: Properties): Properties {
  const out: Properties = {};
  for (const [key, value] of Object.entries(bag)) {
    if (key !== PROVIDER_KEY && !HIDDEN_INPUTS.includes(key) && value !== undefined) {
      out[key] = value;
    }
  }
  return out;
}

export interface CheckResult {
  readonly inputs: Properties;
  readonly failures: readonly { property: string; reason: string }[];
}

export interface DiffResult extends DiffOutcome {
  /** Per changed input: whether it replaces, and whether the old value was absent. */
  readonly detailed: Readonly<Record<string, { replace: boolean; added: boolean }>>;
}

export interface ReadResult {
  /** "" when the object is gone. */
  readonly id: string;
  readonly properties: Properties;
  readonly inputs: Properties;
}

/**
 * One kind through the native door. Every method takes and returns properties as the engine
 * marshals them (secrets wrapped); the lifecycle sees them in clear.
 */
export class NativeResource {
  private readonly secrets: { outputs: Set<string>; inputs: Set<string> };

  constructor(
    readonly kind: string,
    private readonly provider: KindProvider,
    /** The API client, for the look-up before a create of a delete-first kind. */
    private readonly client: () => ServersComClient,
  ) {
    this.secrets = secretProperties(kind);
  }

  /**
   * The kind's checks, after the defaults the dynamic class's constructor applies (the resource's
   * name for `name`/`hostname`, constants): a program in another language has no constructor of
   * ours, so the same inputs would otherwise mean something else there.
   */
  async check(urn: string, olds: Properties, news: Properties): Promise<CheckResult> {
    const oldBag = openSecrets(ownPropertiesOf(olds));
    const newBag = openSecrets(ownPropertiesOf(news));
    const inputs = { ...newBag.plain };
    for (const [name, fallback] of Object.entries(kindDefaults(this.kind))) {
      if (inputs[name] !== undefined) continue;
      inputs[name] = "resourceName" in fallback ? parseUrn(urn).name : fallback.value;
    }
    const checked = await this.provider.check(oldBag.plain, inputs);
    return {
      inputs: this.sealInputs(ownPropertiesOf(checked.inputs ?? inputs), newBag.secretKeys),
      failures: (checked.failures ?? []).map((f) => ({ property: f.property, reason: f.reason })),
    };
  }

  /**
   * The lifecycle's diff of the new inputs against the old outputs. The write-only values (which
   * the API never returns) that `pulumi import` could not read, listed by the imported outputs
   * (hidden.ts, UNRECORDED_OUTPUT), are taken as declared, as adoption takes them
   * (framework/diff.ts, PropertyRule.writeOnly): an imported server must not be replaced because
   * its drive layout could not be read back. Any other one the old outputs lack was not set when
   * the object was made: setting it now is a change (a replacement for a creation-only one).
   */
  async diff(urn: string, id: string, olds: Properties, news: Properties): Promise<DiffResult> {
    const newBag = openSecrets(ownPropertiesOf(news)).plain;
    const oldPlain = openSecrets(ownPropertiesOf(olds)).plain;
    const trusted = (this.provider as Partial<LifecycleProvider>).writeOnlyValues?.(newBag) ?? {};
    const unrecorded = unrecordedOf(oldPlain);
    const oldBag: Properties = {
      ...Object.fromEntries(Object.entries(trusted).filter(([name]) => unrecorded.includes(name))),
      ...oldPlain,
      // The owner label, as the dynamic door's outputs carry it: a lost create's placeholder
      // looks for its order by it before a replacement (hasAppeared).
      ...ownerInput(urn),
    };
    const outcome = await this.provider.diff(id, oldBag, newBag);
    const detailed: Record<string, { replace: boolean; added: boolean }> = {};
    for (const name of outcome.updates) detailed[name] = { replace: false, added: false };
    for (const name of outcome.replaces) detailed[name] = { replace: true, added: false };
    for (const name of Object.keys(detailed)) {
      const entry = detailed[name];
      if (entry !== undefined && oldBag[name] === undefined) entry.added = true;
    }
    return { ...outcome, detailed };
  }

  async create(
    urn: string,
    news: Properties,
    timeoutSeconds: number,
  ): Promise<{ id: string; properties: Properties }> {
    const { plain, secretKeys } = openSecrets(ownPropertiesOf(news));
    const inputs = { ...plain, ...hidden(urn, "create", timeoutSeconds) };
    // A targeted replacement that creates first, of a kind that cannot (delete-first.ts).
    await refuseCreateFirst(this.kind, parseUrn(urn).name, this.client(), inputs);
    const created = await this.guard(() => this.provider.create(inputs), secretKeys);
    return { id: created.id, properties: this.sealOutputs(created.outs ?? {}, secretKeys) };
  }

  async read(
    urn: string,
    id: string,
    properties: Properties,
    inputs: Properties,
  ): Promise<ReadResult> {
    const props = openSecrets(ownPropertiesOf(properties));
    const olds = openSecrets(ownPropertiesOf(inputs));
    const secretKeys = new Set([...props.secretKeys, ...olds.secretKeys]);
    // `pulumi import` sends the id alone (step.go, ImportStep): the live object is all there is.
    const imported = Object.keys(props.plain).length === 0 && Object.keys(olds.plain).length === 0;
    // An object another resource owns is never imported (issue 25, item 4), like adoptId.
    if (imported)
      await (this.provider as Partial<LifecycleProvider>).refuseImport?.(id, ownerFromUrn(urn));
    // The owner label, from the URN (a lost create's placeholder is found by it).
    const read = await this.provider.read(id, { ...props.plain, ...ownerInput(urn) });
    if (read.id === undefined || read.id === "") return { id: "", properties: {}, inputs: {} };
    // A placeholder whose order has not appeared stays a partial create, read again before the
    // next `up` (framework/placeholder.ts): a plain answer would clear both marks.
    if (isPlaceholder(read.id)) {
      const reason =
        "this resource's create lost its answer and the order it may still make has not been " +
        "found yet: the next `pulumi up` looks for it first, and orders again if it is still " +
        "not there";
      throw new PartialResourceError(
        reason,
        read.id,
        this.sealOutputs(read.props ?? {}, secretKeys),
        [reason],
        true,
      );
    }
    let liveInputs = ownPropertiesOf(read.inputs ?? {});
    let outputs: PropertyBag = read.props ?? {};
    if (imported) {
      // A kind that can only take over an existing object names it by `adoptId` (Let's Encrypt
      // certificate labels): the imported id is that name, as the program would write it.
      const checked = await this.provider.check({}, liveInputs);
      if ((checked.failures ?? []).some((f) => f.property === ADOPT_INPUT)) {
        liveInputs = { ...liveInputs, [ADOPT_INPUT]: read.id };
        outputs = { ...outputs, [ADOPT_INPUT]: read.id };
      }
      // What the API never returns (user data, SSH keys, drives) is marked as never recorded:
      // the program's values are then taken as declared until an update records them.
      // A value the read found after all (recoverWriteOnly: a backup's volume, a snapshot's
      // instance) is recorded, and compared like any other.
      const unrecorded = (
        (this.provider as Partial<LifecycleProvider>).unrecordable?.() ?? []
      ).filter((name) => liveInputs[name] === undefined);
      if (unrecorded.length > 0) {
        liveInputs = { ...liveInputs, [UNRECORDED_OUTPUT]: unrecorded };
        outputs = { ...outputs, [UNRECORDED_OUTPUT]: unrecorded };
      }
    }
    return {
      id: read.id,
      properties: this.sealOutputs(outputs, secretKeys),
      inputs: this.sealInputs(liveInputs, secretKeys),
    };
  }

  async update(
    urn: string,
    id: string,
    olds: Properties,
    news: Properties,
    timeoutSeconds: number,
  ): Promise<Properties> {
    const oldBag = openSecrets(ownPropertiesOf(olds));
    const newBag = openSecrets(ownPropertiesOf(news));
    const extra = hidden(urn, "update", timeoutSeconds);
    const updated = await this.guard(
      () => this.provider.update(id, { ...oldBag.plain, ...extra }, { ...newBag.plain, ...extra }),
      newBag.secretKeys,
    );
    return this.sealOutputs(updated.outs ?? {}, newBag.secretKeys);
  }

  async delete(urn: string, id: string, properties: Properties, timeoutSeconds: number) {
    const { plain } = openSecrets(ownPropertiesOf(properties));
    await this.provider.delete(id, { ...plain, ...hidden(urn, "delete", timeoutSeconds) });
  }

  /** What a preview's Create or Update answers: the inputs, over the old outputs if any. */
  preview(olds: Properties, news: Properties): Properties {
    return { ...ownPropertiesOf(olds), ...ownPropertiesOf(news) };
  }

  /** A partial create or update's error, its properties as the engine must record them. */
  private async guard<T>(run: () => Promise<T>, secretKeys: ReadonlySet<string>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof PartialResourceError)) throw error;
      throw new PartialResourceError(
        error.message,
        error.id,
        this.sealOutputs(error.properties, secretKeys),
        error.reasons,
        error.refreshBeforeUpdate,
      );
    }
  }

  private sealOutputs(outs: PropertyBag, secretInputs: ReadonlySet<string>): Properties {
    const keys = new Set([...this.secrets.outputs, ...this.secrets.inputs, ...secretInputs]);
    return sealSecrets(ownPropertiesOf({ ...outs }), keys);
  }

  private sealInputs(inputs: Properties, secretInputs: ReadonlySet<string>): Properties {
    return sealSecrets(inputs, new Set([...this.secrets.inputs, ...secretInputs]));
  }
}
