// The generic provider: check, diff, create, read, update and delete for any ResourceKind,
// following the engine's rules for dynamic providers (architecture.md, "Facts"). Each rule is
// implemented once, in the module named beside it, so every kind gets the same behaviour:
// - check and diff are local and run in a preview (planning.ts); the one exception, a lost
//   create's placeholder, looks for its order before a replacement (lost-create.ts);
// - create adopts only by `adoptId`; otherwise it POSTs with the owner and create labels,
//   never adopting an object a completed create returned (creating.ts, owned-objects.ts), and
//   after an ambiguous POST failure looks for this call's create label until a late commit
//   would have shown (late-commit.ts);
// - once an object exists, every failure of create is a PartialResourceError (id recorded;
//   kind-core.ts, partial);
// - update resumes a pending wait, then converges the live object to the inputs (converging.ts);
// - read reports live outputs and live input values, and `{}` when the object is gone
//   (reading.ts);
// - delete treats 404 as done and waits until the object is gone (deleting.ts);
// - every wait honours the per-resource timeout and prints one line per state change
//   (waiting.ts).
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { PropertyBag } from "./check";
import { update } from "./converging";
import { create } from "./creating";
import { remove } from "./deleting";
import type { DiffOutcome } from "./diff";
import type { KindTimeouts, ResourceKind } from "./kind";
import { KindCore } from "./kind-core";
import type { LifecycleProvider, ProviderContext } from "./kind-provider";
import { refuseReplacingAnOrder } from "./lost-create";
import { refuseImport } from "./owned-objects";
import { isPlaceholder } from "./placeholder";
import { check, diff } from "./planning";
import { read } from "./reading";
import { sealedProvider } from "./sealed";

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

/** The lifecycle of one kind: its table of contents, each step in its own module. */
class Lifecycle<Live extends object> {
  private readonly core: KindCore<Live>;

  constructor(kind: ResourceKind<Live>, context: ProviderContext) {
    this.core = new KindCore(kind, context);
  }

  /** Runs one operation with its deadline and progress for the request budget's waits. */
  within<T>(operation: keyof KindTimeouts, bag: PropertyBag, run: () => Promise<T>): Promise<T> {
    return this.core.within(operation, bag, run);
  }

  // Local, no API calls: they also run in preview, maybe without a token (planning.ts).
  check(olds: PropertyBag, news: PropertyBag): dynamic.CheckResult {
    return check(this.core, olds, news);
  }

  async diff(id: string, olds: PropertyBag, news: PropertyBag): Promise<DiffOutcome> {
    // A lost create's order that appeared is taken by a refresh, never replaced (lost-create.ts).
    if (isPlaceholder(id)) await refuseReplacingAnOrder(this.core, id, olds, news);
    return diff(this.core, id, olds, news);
  }

  // Adopt or POST with ownership labels; the late-commit search; then wait (creating.ts).
  create(inputs: PropertyBag): Promise<dynamic.CreateResult> {
    return create(this.core, inputs);
  }

  // Live outputs and inputs, `{}` when gone (reading.ts).
  read(id: string, props: PropertyBag): Promise<dynamic.ReadResult> {
    return read(this.core, id, props);
  }

  // Resume a pending wait, then converge to the inputs (converging.ts).
  update(id: string, olds: PropertyBag, news: PropertyBag): Promise<dynamic.UpdateResult> {
    return update(this.core, id, olds, news);
  }

  // 404 is done; wait until gone (deleting.ts).
  delete(id: string, props: PropertyBag): Promise<void> {
    return remove(this.core, id, props);
  }

  // What the native door asks besides (kind-provider.ts, LifecycleProvider).
  refuseImport(id: string, owner: string): Promise<void> {
    return refuseImport(this.core, id, owner);
  }

  writeOnlyValues(news: PropertyBag): Record<string, unknown> {
    return this.core.writeOnlyValues(news);
  }

  unrecordable(): string[] {
    return this.core.unrecordable();
  }
}
