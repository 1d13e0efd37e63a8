// What a kind's provider is and what it needs: the dynamic ResourceProvider every kind offers the
// engine (the TypeScript door's provider host, and the native door through registry.ts), the
// surroundings it runs in, and the names every lifecycle module shares. Types and constants only,
// so that every module of the lifecycle, sealed.ts and the kinds can import it without a circle.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ServersComClient } from "../../sdk/client";
import type { Clock } from "../../sdk/wait";
import type { PropertyBag } from "./check";
import type { DiffOutcome } from "./diff";
import type { ProgressSink } from "./progress";

/** The standard input of every kind: take over an existing object instead of creating one. */
export const ADOPT_INPUT = "adoptId";

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

/**
 * The user's refusal of an update (e.g. shrinking a volume): the object is left unchanged.
 * Exported for kinds whose `update` finds, before changing anything, that the change cannot be
 * made (a dedicated server's location does not offer a feature): like an API rejection, it keeps
 * the old state instead of recording a partial update.
 */
export class UpdateRefused extends Error {
  override name = "UpdateRefused";
}
