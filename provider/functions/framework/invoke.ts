// The two forms of every lookup function, as Pulumi's own functions come: `getX(args, opts?)`
// answers a Promise of plain values, `getXOutput(args, opts?)` takes Inputs and answers an Output.
// Both run in the program: a dynamic provider has no invoke, and a lookup needs nothing of the
// provider host but the configuration, which the program can read itself.
import * as pulumi from "@pulumi/pulumi";
import type { ServersComClient } from "../../../sdk/client";
import type { CallOptions } from "../../../sdk/core/contract";
import { ServersComError } from "../../../sdk/core/errors";
import { LabelSelectorBuilder } from "../../../sdk/labels";
import { functionClient } from "./settings";

export interface LookupOptions {
  /** Aborts the lookup's requests when signalled. */
  readonly signal?: AbortSignal;
}

export interface LookupOutputOptions extends LookupOptions {
  /**
   * Resources the lookup waits for (as `dependsOn` of Pulumi's invoke options): it runs once they
   * are created, and during a preview stays unknown while any of them is to be created.
   */
  readonly dependsOn?:
    | pulumi.Input<pulumi.Input<pulumi.Resource>[]>
    | pulumi.Input<pulumi.Resource>;
}

/** The arguments of `getXOutput`: those of `getX`, each an Input. */
export type OutputArgs<T> = { readonly [K in keyof T]: pulumi.Input<T[K]> };

/** What a lookup runs with: its name for messages, the client, and the per-call options. */
export interface Lookup {
  readonly fn: string;
  readonly client: ServersComClient;
  readonly call: CallOptions;
}

/**
 * The client is made on first use, after the arguments are checked: a wrong argument is then
 * reported as such even where no token is configured.
 */
export function lookupContext(fn: string, opts: LookupOptions | undefined): Lookup {
  const signal = opts?.signal;
  let client: ServersComClient | undefined;
  return {
    fn,
    call: signal === undefined ? {} : { signal },
    get client() {
      client ??= functionClient();
      return client;
    },
  };
}

/**
 * The Output form of a lookup. Arguments are resolved first (an unknown one during a preview
 * leaves the result unknown, as for any Output); secret arguments make the result secret.
 */
export function lookupOutput<A extends object, R>(
  run: (args: A, opts?: LookupOptions) => Promise<R>,
  args: OutputArgs<A>,
  opts: LookupOutputOptions | undefined,
): pulumi.Output<R> {
  const signal = opts?.signal;
  const plainOpts: LookupOptions = signal === undefined ? {} : { signal };
  return pulumi
    .all([pulumi.output(withSelectorTexts(args)), dependenciesOf(opts?.dependsOn)])
    .apply(([resolved]) => run(resolved as unknown as A, plainOpts).catch(asRunError));
}

/** `getXOutput`: the Output form of `getX` (lookupOutput), its arguments optional where getX's are. */
export function outputForm<A extends object, R>(
  run: (args?: A, opts?: LookupOptions) => Promise<R>,
): (args?: OutputArgs<A>, opts?: LookupOutputOptions) => pulumi.Output<R>;
export function outputForm<A extends object, R>(
  run: (args: A, opts?: LookupOptions) => Promise<R>,
): (args: OutputArgs<A>, opts?: LookupOutputOptions) => pulumi.Output<R>;
export function outputForm<A extends object, R>(
  run: (args: A, opts?: LookupOptions) => Promise<R>,
): (args: OutputArgs<A>, opts?: LookupOutputOptions) => pulumi.Output<R> {
  return (args = {} as OutputArgs<A>, opts) => lookupOutput(run, args, opts);
}

/**
 * The Output form of a lookup whose result is a credential: secret whatever the arguments (the
 * native plugin seals the same functions' results, native/functions.ts SECRET_RESULTS).
 */
export function secretOutputForm<A extends object, R>(
  run: (args: A, opts?: LookupOptions) => Promise<R>,
): (args: OutputArgs<A>, opts?: LookupOutputOptions) => pulumi.Output<R> {
  // A lookup's result is plain data (no Output inside), so Unwrap<R> is R.
  return (args, opts) => pulumi.secret(lookupOutput(run, args, opts)) as pulumi.Output<R>;
}

/**
 * The Promise form: `run` is given the lookup's context (lookupContext). A program may catch its
 * failures, so the SDK's errors keep their classes (NotFoundError, ApiError, ConnectionError...),
 * fields and causes. One the program does not catch ends it through the language host's handler,
 * which prints anything but a RunError as "Unhandled exception" with its stack trace
 * (@pulumi/pulumi 3.270.0 automation/server.js and cmd/run, the uncaught handler). Our errors
 * already say what failed and where, so they are marked as Pulumi marks a RunError: the
 * `__pulumiRunError` member that `RunError.isInstance` reads (errors.js; utils.js,
 * hasTrueBooleanMember), not enumerable, so the handler prints the message alone. Anything else
 * (a bug) keeps its stack trace.
 */
export async function promiseForm<R>(
  fn: string,
  opts: LookupOptions | undefined,
  run: (lookup: Lookup) => Promise<R>,
): Promise<R> {
  try {
    return await run(lookupContext(fn, opts));
  } catch (error) {
    if (error instanceof ServersComError && !pulumi.RunError.isInstance(error)) {
      Object.defineProperty(error, RUN_ERROR_MARK, { value: true, enumerable: false });
    }
    throw error;
  }
}

/** The member by which @pulumi/pulumi recognises a RunError across copies of itself. */
const RUN_ERROR_MARK = "__pulumiRunError";

/**
 * An Output's failure cannot be caught by the program: it ends the program through the language
 * host's handler, which prints anything but a RunError with its stack trace. The API's errors
 * (a refused token, a 5xx after the retries) already say what failed and where; the stack trace
 * would only hide that, so they end the program as RunErrors with the same message (the
 * original as `cause`).
 */
function asRunError(error: unknown): never {
  if (pulumi.RunError.isInstance(error)) throw error;
  const message = error instanceof Error ? error.message : String(error);
  throw new pulumi.RunError(message, { cause: error });
}

/**
 * `pulumi.output` copies class instances into plain objects, which would turn a selector builder
 * into `{requirements: [...]}`: builders are turned into their text first, also inside Outputs
 * and Promises, so that they survive the resolution.
 */
function withSelectorTexts(args: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (pulumi.Output.isInstance(value)) out[key] = value.apply(builderText);
    else if (value instanceof Promise) out[key] = value.then(builderText);
    else out[key] = builderText(value);
  }
  return out;
}

function builderText(value: unknown): unknown {
  return value instanceof LabelSelectorBuilder ? value.toString() : value;
}

/** An Output known once every resource of `dependsOn` is (ids for custom resources). */
function dependenciesOf(dependsOn: LookupOutputOptions["dependsOn"]): pulumi.Output<unknown> {
  if (dependsOn === undefined) return pulumi.output([]);
  // Unwrap's type of a Resource is of no use here: the values are read as Resources below.
  const resources = pulumi.output(dependsOn) as pulumi.Output<unknown>;
  return resources.apply((value) => {
    const list = (Array.isArray(value) ? value : [value]) as pulumi.Resource[];
    return pulumi.all(
      list.map((resource) =>
        pulumi.CustomResource.isInstance(resource) ? resource.id : resource.urn,
      ),
    );
  });
}
