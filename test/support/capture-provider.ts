// The provider under the secret scan, where tests call it in process (test/provider/): the setup
// file (secret-scan.ts) substitutes this for createKindProvider, so whatever context a suite
// builds (a test bed's, or its own), the scan sees what the provider would hand the engine:
// - every progress line (what the provider host writes to stderr, shown by the CLI);
// - every error message and check failure (shown by the CLI, kept in the state as init errors);
// - every output of create, read and update, and the properties of a partial create, with the
//   kind's secret outputs left out: the engine stores the rest in clear.
// The secret outputs' values become secrets of the run.
import type { ResourceKind } from "../../provider/framework/kind";
import type {
  KindProvider,
  LifecycleProvider,
  ProviderContext,
} from "../../provider/framework/kind-provider";
import type { createKindProvider } from "../../provider/framework/lifecycle";
import { currentRegistry } from "./captured";

/** `context` with its progress sink also recording; every other member is the context's own. */
function observed(context: ProviderContext, record: (line: string) => void): ProviderContext {
  const progress = (line: string) => {
    record(line);
    context.progress(line);
  };
  return new Proxy(context, {
    get(target, key) {
      if (key === "progress") return progress;
      const value: unknown = Reflect.get(target, key);
      // Bound to the context itself: a class context may keep private fields.
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export function capturingCreateKindProvider(
  create: typeof createKindProvider,
): typeof createKindProvider {
  return <Live extends object>(kind: ResourceKind<Live>, context: ProviderContext) => {
    const registry = currentRegistry();
    const source = `provider ${kind.name}`;
    const provider: LifecycleProvider = create(
      kind,
      observed(context, (line) => registry.addText("progress", source, line)),
    );

    const stored = (props: unknown) => {
      if (typeof props !== "object" || props === null) return;
      const clear: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(props)) {
        if (kind.secretOutputs.includes(key)) {
          registry.addSecret(`secret output ${key} of ${kind.name}`, value);
        } else {
          clear[key] = value;
        }
      }
      registry.addText("state", `${source} outputs`, JSON.stringify(clear));
    };
    const failed = (error: unknown): never => {
      registry.addText("error", source, error instanceof Error ? error.message : String(error));
      const properties = (error as { properties?: unknown } | null)?.properties;
      if (properties !== undefined) stored(properties);
      throw error;
    };

    // Every argument is passed on as given: a method that gains one keeps working.
    type Args<K extends keyof KindProvider> = Parameters<KindProvider[K]>;
    return {
      ...provider,
      configure: (...args: Args<"configure">) => provider.configure(...args).catch(failed),
      check: async (...args: Args<"check">) => {
        const result = await provider.check(...args).catch(failed);
        for (const { property, reason } of result.failures ?? []) {
          registry.addText("error", `${source} check`, `${property}: ${reason}`);
        }
        return result;
      },
      diff: (...args: Args<"diff">) => provider.diff(...args).catch(failed),
      create: async (...args: Args<"create">) => {
        const result = await provider.create(...args).catch(failed);
        stored(result.outs);
        return result;
      },
      read: async (...args: Args<"read">) => {
        const result = await provider.read(...args).catch(failed);
        stored(result.props);
        return result;
      },
      update: async (...args: Args<"update">) => {
        const result = await provider.update(...args).catch(failed);
        stored(result.outs);
        return result;
      },
      delete: (...args: Args<"delete">) => provider.delete(...args).catch(failed),
    };
  };
}
