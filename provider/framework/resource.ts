// The program side of every kind: what a resource constructor registers. This runs in the Pulumi
// program (never in the provider host), where the project, stack, resource name and options are
// known; it turns them into hidden inputs (hidden.ts) because the provider sees none of them.
import * as pulumi from "@pulumi/pulumi";
import { cutShort, shown, typeOf } from "./check";
import { parseDuration } from "./durations";
import { OWNER_INPUT, TIMEOUTS_INPUT, type TimeoutsMs } from "./hidden";
import { ownerLabelForUrn } from "./ownership";

/** The module of every type token: `pulumi-nodejs:dynamic/serverscom:<Kind>`. */
export const MODULE = "serverscom";

/** The type token `dynamic.Resource` builds from MODULE and the kind (dynamic/index.js). */
export function typeToken(kind: string): string {
  return `pulumi-nodejs:dynamic/${MODULE}:${kind}`;
}

export interface KindRegistration {
  /** The kind's name, e.g. "RbsVolume". */
  readonly kind: string;
  /**
   * Outputs to register as additionalSecretOutputs. An input of the same name (user data, a
   * private key) is made secret too: the engine seals outputs only, and stores plain inputs in
   * clear in the state.
   */
  readonly secretOutputs: readonly string[];
  /** Every output name: each needs a key in the props to become an Output property. */
  readonly outputs: readonly string[];
  /**
   * Why a replacement must delete the old object before creating the new one, for kinds whose two
   * generations cannot exist side by side (an SSH key: one per fingerprint; a cluster or
   * certificate the resource takes charge of: one object, two generations). The resource option
   * `deleteBeforeReplace` then defaults to true, which the engine also applies to a targeted
   * replacement (`up --replace`), where the provider's diff is never asked
   * (pkg/resource/deploy/step_generator.go, `diff`: isTargetedReplace).
   */
  readonly replaceDeletesFirst?: {
    readonly reason: string;
    /** An explicit `deleteBeforeReplace: false` is refused (else it is the user's choice). */
    readonly required: boolean;
  };
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
  inputs: Readonly<Record<string, unknown>>,
  opts: pulumi.CustomResourceOptions,
): { props: Record<string, unknown>; opts: pulumi.CustomResourceOptions } {
  const props: Record<string, unknown> = {};
  for (const output of spec.outputs) props[output] = undefined;
  Object.assign(props, inputs);
  for (const secret of spec.secretOutputs) {
    if (inputs[secret] !== undefined) props[secret] = pulumi.secret(inputs[secret]);
  }
  // The URN exactly (the parent's whole type chain through its `urn` Output), hashed.
  props[OWNER_INPUT] = pulumi
    .createUrn(name, typeToken(spec.kind), opts.parent)
    .apply(ownerLabelForUrn);
  const timeouts = timeoutsFrom(`${spec.kind} ${cutShort(name)}`, opts.customTimeouts);
  if (timeouts !== undefined) props[TIMEOUTS_INPUT] = timeouts;
  const secrets =
    spec.secretOutputs.length === 0 ? {} : { additionalSecretOutputs: [...spec.secretOutputs] };
  const order = replacementOrder(spec, name, opts);
  return { props, opts: pulumi.mergeOptions(opts, { ...secrets, ...order }) };
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
      `${spec.kind} ${name}: deleteBeforeReplace: false cannot be honoured: ${rule.reason}. ` +
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
