// The program side of every kind: what a resource constructor registers. This runs in the Pulumi
// program (never in the provider host), where the project, stack, resource name and options are
// known; it turns them into hidden inputs (hidden.ts) because the provider sees none of them.
import * as pulumi from "@pulumi/pulumi";
import { createShim } from "../shim";
import { cutShort, shown, typeOf } from "./check";
import type { PropertyRules } from "./diff";
import { parseDuration } from "./durations";
import { OWNER_INPUT, TIMEOUTS_INPUT, type TimeoutsMs } from "./hidden";
import type { ReplaceDeletesFirst } from "./kind";
import { ADOPT_INPUT } from "./kind-provider";
import { ownerLabelForUrn } from "./ownership";

/** The module of every type token: `pulumi-nodejs:dynamic/serverscom:<Kind>`. */
export const MODULE = "serverscom";

/** The type token `dynamic.Resource` builds from MODULE and the kind (dynamic/index.js). */
export function typeToken(kind: string): string {
  return `pulumi-nodejs:dynamic/${MODULE}:${kind}`;
}

/**
 * What a class registers, read from its kind's definition (a ResourceKind is one): the one place
 * that names the kind's outputs, secrets and inputs.
 */
export interface KindRegistration {
  /** The kind's name, e.g. "RbsVolume". */
  readonly name: string;
  /**
   * Outputs to register as additionalSecretOutputs. An input of the same name (user data, a
   * private key) is made secret too: the engine seals outputs only, and stores plain inputs in
   * clear in the state.
   */
  readonly secretOutputs: readonly string[];
  /**
   * Every output name: each needs a key in the props to become an Output property. The class
   * declares the same names (test/house/kind-drift.test.ts holds the two together).
   */
  readonly outputNames: readonly string[];
  /**
   * The kind's inputs: only these (and `adoptId`) are registered, so a key a JavaScript program
   * misspells never reaches the state. Omitted: every input given.
   */
  readonly properties?: PropertyRules;
  /** For kinds whose two generations cannot exist side by side (kind.ts, ReplaceDeletesFirst). */
  readonly replaceDeletesFirst?: ReplaceDeletesFirst;
}

/**
 * The props and options to pass to `dynamic.Resource`: the user's inputs, a placeholder for every
 * output (the SDK creates an Output property per key), the hidden inputs, and the secret outputs
 * added to the options. Returning `pulumi.secret()` from a dynamic provider does not make an
 * output secret; additionalSecretOutputs does (the engine marks them after each step:
 * pkg/resource/deploy/step_executor.go).
 */
export function registration(
  spec: KindRegistration,
  name: string,
  given: object,
  opts: pulumi.CustomResourceOptions,
): { props: Record<string, unknown>; opts: pulumi.CustomResourceOptions } {
  const inputs = kindInputs(spec, given);
  const props: Record<string, unknown> = {};
  for (const output of spec.outputNames) props[output] = undefined;
  Object.assign(props, inputs);
  for (const secret of spec.secretOutputs) {
    if (inputs[secret] !== undefined) props[secret] = pulumi.secret(inputs[secret]);
  }
  // The URN exactly (the parent's whole type chain through its `urn` Output), hashed.
  props[OWNER_INPUT] = pulumi
    .createUrn(name, typeToken(spec.name), opts.parent)
    .apply(ownerLabelForUrn);
  const timeouts = timeoutsFrom(`${spec.name} ${cutShort(name)}`, opts.customTimeouts);
  if (timeouts !== undefined) props[TIMEOUTS_INPUT] = timeouts;
  const secrets =
    spec.secretOutputs.length === 0 ? {} : { additionalSecretOutputs: [...spec.secretOutputs] };
  const order = replacementOrder(spec, name, opts);
  return { props, opts: pulumi.mergeOptions(opts, { ...secrets, ...order }) };
}

/**
 * The class every kind's resource extends: it registers the kind (`registration`) with the kind's
 * serialised provider. A kind's class keeps only what is its own: its args, its declared outputs
 * and the inputs its constructor defaults (`{ ...args, name: args.name ?? name }`), which the
 * schema generator reads as the inputs' defaults (scripts/schema/generate.ts).
 */
export abstract class KindResource extends pulumi.dynamic.Resource {
  protected constructor(
    spec: KindRegistration,
    name: string,
    inputs: object,
    opts: pulumi.CustomResourceOptions,
  ) {
    const { props, opts: options } = registration(spec, name, inputs, opts);
    super(shimOf(spec.name), name, props, options, MODULE, spec.name);
  }
}

/**
 * One serialised provider per kind: Pulumi serialises a provider object once and caches the text
 * by object (dynamic/index.js), so every resource of a kind shares this one.
 */
const shims = new Map<string, pulumi.dynamic.ResourceProvider>();

function shimOf(kind: string): pulumi.dynamic.ResourceProvider {
  let shim = shims.get(kind);
  if (shim === undefined) {
    shim = createShim(kind);
    shims.set(kind, shim);
  }
  return shim;
}

/** The inputs the kind takes (KindRegistration.properties), whole when it names none. */
function kindInputs(spec: KindRegistration, inputs: object): Record<string, unknown> {
  const names =
    spec.properties === undefined ? undefined : [...Object.keys(spec.properties), ADOPT_INPUT];
  return Object.fromEntries(
    Object.entries(inputs).filter(([key]) => names === undefined || names.includes(key)),
  );
}

/** The `deleteBeforeReplace` option for kinds that need it (KindRegistration.replaceDeletesFirst). */
function replacementOrder(
  spec: KindRegistration,
  name: string,
  opts: pulumi.CustomResourceOptions,
): { deleteBeforeReplace?: boolean } {
  const rule = spec.replaceDeletesFirst;
  if (rule === undefined) return {};
  if (opts.deleteBeforeReplace === false && rule.required) {
    throw new Error(
      `${spec.name} ${name}: deleteBeforeReplace: false cannot be honoured: ${rule.reason}. ` +
        "Remove the option (a replacement then deletes the old generation first)",
    );
  }
  return { deleteBeforeReplace: opts.deleteBeforeReplace ?? true };
}

/**
 * `customTimeouts` in milliseconds. The engine does not pass them to dynamic providers and
 * nothing enforces them there (architecture.md, item 9), so they travel as a hidden input.
 * A bad duration fails the program here, where the user can see which resource it belongs to.
 */
export function timeoutsFrom(
  where: string,
  custom: pulumi.CustomTimeouts | undefined,
): TimeoutsMs | undefined {
  if (custom === undefined || custom === null) return undefined;
  // From a JavaScript program or a YAML one, the option may be anything: name the resource and
  // the option rather than fail inside parseDuration.
  if (typeof custom !== "object" || Array.isArray(custom)) {
    throw new Error(
      `${where}: customTimeouts must be an object of durations such as { create: "30m" } (got ${typeOf(custom)})`,
    );
  }
  const out: { create?: number; update?: number; delete?: number } = {};
  for (const operation of ["create", "update", "delete"] as const) {
    const text: unknown = custom[operation];
    if (text === undefined) continue;
    if (typeof text !== "string") {
      throw new Error(
        `${where}: customTimeouts.${operation} must be a duration string such as "30m" (got ${shown(text)})`,
      );
    }
    const ms = parseDuration(text);
    if (ms instanceof Error)
      throw new Error(`${where}: customTimeouts.${operation}: ${ms.message}`);
    out[operation] = ms;
  }
  return Object.keys(out).length === 0 ? undefined : out;
}
