// The shape of one kind's row in the lifecycle conformance table (kinds/, a module per kind):
// what the kind is created with, what it must answer, what changes it in place and what replaces
// it, how it drifts.
// The suites (dynamic.test.ts, native.test.ts) run every row through both doors.
import type { PropertyBag } from "../../provider/framework/check";
import type { ResourceKind } from "../../provider/framework/kind";
import type { KindProvider, ProviderContext } from "../../provider/framework/kind-provider";
import type { ServersComClient } from "../../sdk/client";
import type { Simulator, WireRecord } from "../../simulator";

/** Values the row's inputs refer to (a zone's id), made through the API before each create. */
export type Prepared = Readonly<Record<string, string>>;

/** A created resource, as the row's expectations see it. */
export interface Created {
  readonly id: string;
  readonly prepared: Prepared;
  /** The simulator's record behind the id. */
  readonly record: Readonly<Record<string, unknown>>;
}

/**
 * A kind with a provider of its own, not built on provider/framework/lifecycle.ts, as
 * provider/registry.ts builds it (KubernetesCluster: it never creates or deletes an object).
 */
export interface OwnProviderKind {
  /** The type's name, as ResourceKind's. */
  readonly name: string;
  readonly provider: (context: ProviderContext) => KindProvider;
}

export interface KindRow {
  // biome-ignore lint/suspicious/noExplicitAny: a table of kinds of every live shape
  readonly kind: ResourceKind<any> | OwnProviderKind;
  /** The resource's name in the program (the URN's last part). */
  readonly name: string;
  /** Records the simulator is seeded with for the kind (by collection): servers it cannot order. */
  readonly seed?: Readonly<Record<string, readonly WireRecord[]>>;
  /** The simulator collection holding the kind's objects. */
  readonly collection: string;
  /**
   * How many objects a create adds to the collection (default 1); 0: the kind takes charge of an
   * object that exists (a node's power), and its delete lets go of it, leaving it as it is: a
   * read still finds it.
   */
  readonly adds?: 0 | 1;
  /**
   * How every progress line names the resource, "serverscom:<Kind> <name> (<id>)" (default: as
   * the first delete line does).
   */
  readonly label?: (created: Created) => string;
  /** The record's fields holding secrets only the simulator knows, never to be printed. */
  readonly secretFields?: readonly string[];
  /** The key of the record behind an id (default: the id itself). */
  readonly recordKey?: (id: string) => string;
  /**
   * Objects the resource needs, made through the API before each create (the simulator's clock
   * moved on where they must become ready).
   */
  readonly prepare?: (client: ServersComClient, sim: Simulator) => Promise<Prepared>;
  /** The program's inputs of the create. */
  readonly inputs: (prepared: Prepared) => PropertyBag;
  /** The id the create must answer. */
  readonly id: (created: Omit<Created, "id">) => string;
  /** The create's exact outputs (hidden inputs excepted). */
  readonly outputs: (created: Created) => PropertyBag;
  /**
   * The labels the object carries besides the ownership and create labels (which the suite adds;
   * no create label where the create adds no object, `adds: 0`: nothing a lost answer could have
   * made is to be found by it), exactly; undefined: the kind's API has no labels.
   */
  readonly labels?: Readonly<Record<string, string>>;
  /** What the simulator's record holds after the create, beyond the outputs (write-only inputs). */
  readonly stored?: (created: Created) => Readonly<Record<string, unknown>>;
  /** The exact inputs a read by id gives back (hidden inputs excepted). */
  readonly readInputs: (created: Created) => PropertyBag;
  /**
   * What a read by id alone (`pulumi import`) gives, where it is not the read inputs and the
   * create's outputs: a kind whose delete puts back what it found remembers nothing of an object
   * it did not take in charge itself.
   */
  readonly imported?: (created: Created) => {
    readonly inputs: PropertyBag;
    readonly outputs: PropertyBag;
  };
  /**
   * The write-only properties (PropertyRule.writeOnly) a read by id alone cannot see: `pulumi
   * import` records them as unrecorded (provider/framework/hidden.ts, UNRECORDED_OUTPUT).
   */
  readonly unrecorded?: readonly string[];
  /** The progress lines the create prints, exactly (default: none). */
  readonly createLines?: (created: Created) => readonly unknown[];
  /**
   * What the record behind the id is after the delete (default: absent), beside what it was just
   * before. A dedicated server stays listed with its release scheduled, and counts as gone; a
   * cluster is left with what it had before, which the simulator shows (its nodes back in their
   * groups); a Let's Encrypt certificate keeps the labels it had, the ownership label removed.
   */
  readonly deleted?: (
    record: Readonly<Record<string, unknown>> | undefined,
    sim: Simulator,
    before: Readonly<Record<string, unknown>> | undefined,
  ) => void | Promise<void>;
  /**
   * The progress lines the delete prints, exactly: the first names the resource as every line
   * does ("serverscom:<Kind> <name> (<id>): ..."), unless the row has a `label`.
   */
  readonly deleteLines: (created: Created) => readonly unknown[];
  /**
   * An in-place change: the inputs it alters, the properties the diff names, what comes out;
   * undefined: every property replaces (the API cannot change the object).
   */
  readonly update?: {
    readonly fields: (created: Created) => PropertyBag;
    readonly updates: readonly string[];
    readonly outputs: (created: Created) => PropertyBag;
    /** The object's labels afterwards, exactly (ownership and create labels added). */
    readonly labels?: Readonly<Record<string, string>>;
    /** The progress lines the update prints, exactly (default: none). */
    readonly lines?: (created: Created) => readonly unknown[];
    /** What the simulator's record holds afterwards, beyond the outputs. */
    readonly stored?: (created: Created) => Readonly<Record<string, unknown>>;
    /** Requests the update makes, by route ("METHOD /v1/pattern"), where the count matters. */
    readonly requests?: Readonly<Record<string, number>>;
  };
  /** Changes that replace the object, each with the properties the diff names. */
  readonly replace: ReadonlyArray<{
    readonly fields: (created: Created) => PropertyBag;
    readonly replaces: readonly string[];
    /** The properties the same change alters in place (default: none). */
    readonly updates?: readonly string[];
    /** Whether the replacement deletes first (default true: framework/diff.ts deletes first). */
    readonly deleteBeforeReplace?: boolean;
  }>;
  /**
   * A change behind Pulumi's back, what a read then shows, and what the diff names to fix: in
   * place (`updates`, which the update then puts back, or refuses with `refused` where the API
   * cannot make the change), or by a replacement (`replaces`).
   */
  readonly drift: {
    readonly change: (created: Created, sim: Simulator) => Promise<void>;
    readonly shows: PropertyBag;
    readonly updates: readonly string[];
    readonly replaces?: readonly string[];
    readonly refused?: RegExp;
  };
  /** Starts the object's removal outside Pulumi: a read then answers {} (the object is gone). */
  readonly removeOutside?: (created: Created, client: ServersComClient) => Promise<unknown>;
  /**
   * A create whose wait times out after `timeoutMs` though the object exists: a partial-create
   * error with its id, whose properties hold the hidden inputs and these (and not `absent`); the
   * next update resumes the wait and answers the create's outputs.
   */
  readonly partial?: {
    readonly timeoutMs: number;
    /** How the error words the timeout (default: "<seconds>s"). */
    readonly timeoutText?: string;
    readonly properties: PropertyBag;
    readonly absent?: readonly string[];
  };
  /** Texts that must never appear in a progress line or an error (a secret input). */
  readonly secrets?: readonly string[];
  /**
   * After a create whose answer was lost once the API applied it: "adopts" (the create finds its
   * own object by its create label, says so, and makes no other); or the error text the create
   * fails with (a kind without labels cannot tell its object from another program's); or
   * "no create request" for a kind whose create sends no POST (it takes charge of an object that
   * exists and changes it in place: nothing a lost answer could make twice).
   */
  readonly lostCreateAnswer: "adopts" | "no create request" | RegExp;
}

/**
 * The inputs with `fields` changed, as the engine sends them: a field set to undefined is left
 * out (the program no longer sets it).
 */
export function changed(inputs: PropertyBag, fields: PropertyBag): PropertyBag {
  const news: Record<string, unknown> = { ...inputs, ...fields };
  for (const [name, value] of Object.entries(fields)) if (value === undefined) delete news[name];
  return news;
}
