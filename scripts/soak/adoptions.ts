// The soak's user at an adoptId stop. After a lost create answer, a kind without labels that
// cannot tell its own object from another program's (DnsRecord, CloudSnapshot, Subnetwork by
// CIDR, a server's IPv6 network, two alike IPv4 networks) names the candidates and takes none;
// the next `up` stops at the same conflict. A careful user reads the ids the error names (in
// their fixed form, provider/framework/adopt-advice.ts), adopts the one that their own program
// made, and leaves another program's alone. The soak knows which objects are whose: the
// simulator marks every object its foreignTwin fault made as another program's, and every other
// object that is not seed data was made by this stack's requests (inventory.ts).
import { adoptCandidates } from "../../provider/framework/adopt-advice";
import type { WireRecord } from "../../simulator";
import type { Program, StoredResource } from "../engine/harness";
import { isForeignTwin, type Records, type Seed } from "./inventory";
import { type Declared, objectKind } from "./kinds";

/** `adoptId` per declared resource (`<Kind> <name>`), for the next attempt. */
export type Adoptions = Map<string, string>;

/** One adoption the soak's user made, for the report. */
export interface Adoption {
  readonly resource: string;
  readonly id: string;
}

/** `serverscom:<Kind> ` (the dynamic door) or `serverscom:index:<Kind> ` (the native plugin). */
const KIND_OF_MESSAGE = /\bserverscom:(?:index:)?([A-Za-z]+) /;

/**
 * The program with `adoptId` set on the resources `adoptions` names (read at each run, so an
 * adoption decided after an attempt applies to the next one).
 */
export function adopting(program: Program, adoptions: Adoptions): Program {
  return (serverscom, pulumi) => {
    if (adoptions.size === 0) return program(serverscom, pulumi);
    const classes = new Proxy(serverscom, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof property !== "string" || typeof value !== "function") return value;
        return new Proxy(value, {
          construct(ctor, args: unknown[]) {
            const [name, inputs, ...rest] = args;
            const id = adoptions.get(`${property} ${String(name)}`);
            const given = id === undefined ? inputs : { ...(inputs as object), adoptId: id };
            return Reflect.construct(ctor, [name, given, ...rest]) as object;
          },
        });
      },
    });
    return program(classes, pulumi);
  };
}

/**
 * What the user adopts after the failed attempt whose errors are `messages`: for each error that
 * names adoptId candidates of a kind the program declares once, the one candidate this stack's
 * requests made and no state entry records. Another program's object (a foreign twin), seed data
 * and a recorded object are never taken; with no such candidate, or more than one, nothing is.
 */
export function decideAdoptions(input: {
  readonly messages: readonly string[];
  readonly declared: readonly Declared[];
  readonly state: Iterable<StoredResource>;
  readonly records: Records;
  readonly seed: Seed;
}): Adoption[] {
  const state = [...input.state];
  const out: Adoption[] = [];
  for (const message of input.messages) {
    const candidates = adoptCandidates(message);
    const kind = KIND_OF_MESSAGE.exec(message)?.[1];
    if (candidates.length === 0 || kind === undefined) continue;
    const resources = input.declared.filter((declared) => declared.kind === kind);
    const resource = resources[0];
    if (resources.length !== 1 || resource === undefined) continue;
    const spec = objectKind(kind);
    const keyOf = (id: string) => spec.keyOf({ id, outputs: {} } as unknown as StoredResource);
    const recorded = new Set(
      state.filter((entry) => entry.type.endsWith(`:${kind}`)).map((entry) => spec.keyOf(entry)),
    );
    const records = input.records.get(spec.collection) ?? [];
    const recordOf = (key: string): WireRecord | undefined =>
      records.find((record) => spec.recordKey(record) === key);
    const mine = candidates.filter((id) => {
      const key = keyOf(id);
      const record = recordOf(key);
      return (
        record !== undefined &&
        spec.live(record) &&
        !isForeignTwin(record) &&
        !input.seed.has(spec.collection, key) &&
        !recorded.has(key)
      );
    });
    const [only] = mine;
    if (mine.length === 1 && only !== undefined) {
      out.push({ resource: `${kind} ${resource.name}`, id: only });
    }
  }
  return out;
}
