// A create whose answer is lost, as the kinds' own engine tests provoke it (issue 25) with the
// simulator's faults: "dropResponseAfterApply" (the API applied it, the connection dropped) or
// "foreignTwin" (a 504, not applied, while another program made the same object).
import { expect } from "vitest";
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
