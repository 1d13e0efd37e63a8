// The simulator's inventory against what the real CLI recorded, after every command: no
// duplicate (two live objects for one resource), no orphan (a live object nothing records),
// nothing lost (a recorded object that is gone). The comparison is the fault soak's
// (scripts/soak/inventory.ts, OBJECT_KINDS for where each kind's objects live), fed with the
// state `pulumi stack export` gives.
import { expect } from "vitest";
import { compareInventory, type Finding, readRecords, Seed } from "../../../scripts/soak/inventory";
import { OBJECT_KINDS } from "../../../scripts/soak/kinds";
import type { Simulator } from "../../../simulator";
import type { ExportedState } from "./state";

const COLLECTIONS = [...new Set(Object.values(OBJECT_KINDS).map((kind) => kind.collection))];

export class Inventory {
  private constructor(
    private readonly sim: Simulator,
    private readonly seed: Seed,
  ) {}

  /** Records the seed: what the simulator holds before the stack makes anything. */
  static async start(sim: Simulator): Promise<Inventory> {
    return new Inventory(sim, new Seed(await readRecords(sim.control, COLLECTIONS)));
  }

  /**
   * The findings for the state after a command. `failure`: the messages of a command that
   * failed, and the kinds they name (a resource whose failed step said so is not "lost").
   */
  async check(
    state: ExportedState,
    failure?: { readonly messages: readonly string[]; readonly kinds: readonly string[] },
  ): Promise<Finding[]> {
    return compareInventory({
      state: state.resources,
      pendingDeletes: state.pendingDeletes,
      records: await readRecords(this.sim.control, COLLECTIONS),
      seed: this.seed,
      seedChecks: [],
      ...(failure === undefined ? {} : { failure }),
    });
  }

  /** Fails the test with every finding: 0 duplicates, 0 orphans, every recorded object live. */
  async expectClean(state: ExportedState, after: string): Promise<void> {
    const findings = await this.check(state);
    expect(findings, `inventory after ${after}`).toEqual([]);
  }
}
