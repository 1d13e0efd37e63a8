// A create whose answer is lost, as the kinds' own engine tests provoke it (issue 25) with the
// simulator's faults: "dropResponseAfterApply" (the API applied it, the connection dropped) or
// "foreignTwin" (a 504, not applied, while another program made the same object).
import { expect } from "vitest";
import type { WireRecord } from "../../simulator";
import { OperationFailed, type Program } from "./harness";
import type { Scenario } from "./scenario";

export type LostAnswer = "dropResponseAfterApply" | "foreignTwin";

/** An `up` of `program` whose first `POST path` meets `kind`, faults cleared after: its error. */
export async function upLosingCreate(
  s: Scenario,
  kind: LostAnswer,
  path: string,
  program: Program,
): Promise<unknown> {
  const sim = s.sim();
  await sim.control.setFaults({
    rules: [{ kind, probability: 1, times: 1, method: "POST", path }],
  });
  try {
    await s.harness().up(program);
    return undefined;
  } catch (caught: unknown) {
    return caught;
  } finally {
    await sim.control.setFaults({});
  }
}

/** The up failed on the 504, naming the other program's object (`texts`) to adopt, not taking it. */
export function expectNamedNotTaken(failed: unknown, ...texts: string[]): void {
  expect(failed).toBeInstanceOf(OperationFailed);
  expect((failed as Error).message).toContain("504");
  for (const text of texts) expect((failed as Error).message).toContain(text);
}

/** A kind whose objects the API keeps unique by content, with no labels to tell two apart. */
export interface ForeignTwin {
  /** The kind's create route (POST), as the simulator's fault rules name it. */
  readonly path: string;
  /** The program declaring the resource under test. */
  readonly program: Program;
  /** The simulator's collection of the kind, and its records the create could reach. */
  readonly collection: string;
  readonly reachable?: (record: WireRecord) => boolean;
  /** What the failed up says to adopt the other program's object, `twin`. */
  readonly named: (twin: WireRecord) => string;
  /** What the next up's refusal says: the API's conflict. */
  readonly conflict: string;
}

/**
 * Issue 25, item 2: a create answered 504 and never applied while another program made the
 * identical object (the simulator's foreignTwin). Nothing tells the two apart, so it is never
 * taken: named with adoptId, nothing recorded, and the next up stops at the API's conflict and
 * still takes nothing. The other program then deletes its object; the stack is destroyed.
 */
export function foreignTwinNeverTaken(s: Scenario, title: string, c: ForeignTwin): void {
  s.each(title, async () => {
    const h = s.harness();
    const sim = s.sim();
    const reachable = async () =>
      (await sim.control.records(c.collection)).filter(c.reachable ?? (() => true));
    const failed = await upLosingCreate(s, "foreignTwin", c.path, c.program);
    const [twin] = await reachable();
    if (twin === undefined)
      throw new Error(`no ${c.collection} record: the foreign twin is missing`);
    expectNamedNotTaken(failed, "adoptId", c.named(twin));
    expect(() => s.stored()).toThrow(/^no \S+ \S+ in the state$/);
    const again = await h.up(c.program).catch((caught: unknown) => caught);
    expect((again as Error).message).toContain(c.conflict);
    expect(() => s.stored()).toThrow(/^no \S+ \S+ in the state$/);
    expect(await reachable()).toHaveLength(1);
    await sim.control.remove(c.collection, String(twin.id));
    await h.destroy();
  });
}
