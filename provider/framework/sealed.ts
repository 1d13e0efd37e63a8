// What leaves a kind's provider for the engine (which prints it, and CI keeps the log): every
// error message and check failure passes through here. The SDK already redacts the token at the
// place its errors are made (sdk/core/redact.ts); this adds the kind's secret inputs (user data,
// a private key, RBS credentials), which the server may echo in a 422 or a proxy in its error
// page, and escapes control characters of ids and names quoted in provider messages.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { clean, registerSecret } from "../../sdk/core/redact";
import type { PropertyBag } from "./check";
import type { KindProvider } from "./kind-provider";

/** The string values of the secret properties in `bags`, registered for redaction. */
export function registerSecretsOf(
  names: readonly string[],
  ...bags: ReadonlyArray<PropertyBag | undefined>
): string[] {
  const values: string[] = [];
  for (const bag of bags) {
    for (const name of names) {
      const value = bag?.[name];
      if (typeof value === "string") {
        registerSecret(value);
        values.push(value);
      }
    }
  }
  return values;
}

/** `error` with its message (and stack, and reasons) cleaned; the same object, so its class and id stay. */
export function cleanError(error: unknown, secrets: readonly string[] = []): unknown {
  if (!(error instanceof Error)) return new Error(clean(String(error), secrets));
  const message = clean(error.message, secrets);
  if (message !== error.message) {
    // The stack starts with the old message: keep only its frames under the new one.
    const frames = (error.stack ?? "").split("\n").filter((line) => line.startsWith("    at "));
    error.message = message;
    error.stack = [`${error.name}: ${message}`, ...frames].join("\n");
  }
  const reasons = (error as { reasons?: unknown }).reasons;
  if (Array.isArray(reasons)) {
    Object.assign(error, {
      reasons: reasons.map((r) => (typeof r === "string" ? clean(r, secrets) : r)),
    });
  }
  return error;
}

function cleanFailures(
  result: dynamic.CheckResult,
  secrets: readonly string[],
): dynamic.CheckResult {
  if (result.failures === undefined || result.failures.length === 0) return result;
  return {
    ...result,
    failures: result.failures.map((f) => ({
      property: f.property,
      reason: clean(f.reason, secrets),
    })),
  };
}

/**
 * The provider with every method's failure cleaned. `secretInputs` are the kind's secret
 * properties (its secretOutputs): their values in the call's inputs, old inputs and state are
 * registered, so an SDK error made later in the call cannot quote them either.
 */
export function sealedProvider<P extends KindProvider>(
  provider: P,
  secretInputs: readonly string[],
): P {
  const guard = async <T>(bags: ReadonlyArray<PropertyBag | undefined>, run: () => Promise<T>) => {
    const secrets = registerSecretsOf(secretInputs, ...bags);
    try {
      return await run();
    } catch (error) {
      throw cleanError(error, secrets);
    }
  };
  return {
    // Whatever else the provider offers (the native door's writeOnlyValues) passes as it is.
    ...provider,
    configure: (req) => provider.configure(req),
    check: async (olds, news) => {
      // Not registered: a check runs in preview on inputs that may never be used.
      const secrets: string[] = [];
      for (const name of secretInputs) {
        const value = news[name];
        if (typeof value === "string") secrets.push(value);
      }
      try {
        return cleanFailures(await provider.check(olds, news), secrets);
      } catch (error) {
        throw cleanError(error, secrets);
      }
    },
    diff: (id, olds, news) => guard([olds, news], () => provider.diff(id, olds, news)),
    create: (inputs) => guard([inputs], () => provider.create(inputs)),
    read: (id, props) => guard([props], () => provider.read(id, props)),
    update: (id, olds, news) => guard([olds, news], () => provider.update(id, olds, news)),
    delete: (id, props) => guard([props], () => provider.delete(id, props)),
  };
}
