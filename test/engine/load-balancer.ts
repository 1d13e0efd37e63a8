// What the L4 and L7 rows of the engine lifecycle table (kinds.ts) check alike. A deleted balancer lingers in status
// "deleting" before it disappears (the simulator, as the API's status table says), so "live"
// means every other status.
import { expect } from "vitest";
import type { Simulator } from "../../simulator";
import type { StoredResource } from "./harness";

/** How many balancers of this layer (`records`: the simulator's collection) are not being deleted. */
export async function liveBalancers(sim: Simulator, records: string): Promise<number> {
  return (await sim.control.records(records)).filter((b) => b.status !== "deleting").length;
}

/** After a replacement: the new balancer is active in the new location, and the only live one. */
export function replacedCheck(records: string) {
  return async (resource: StoredResource, sim: Simulator): Promise<void> => {
    expect(resource.outputs).toMatchObject({ locationCode: "DFW1", status: "active" });
    const live = (await sim.control.records(records)).filter((b) => b.status !== "deleting");
    expect(live.map((b) => b.id)).toEqual([resource.id]);
  };
}

/** After destroy: every balancer left is being deleted. */
export function destroyedCheck(records: string) {
  return async (sim: Simulator): Promise<void> => {
    const left = await sim.control.records(records);
    expect(left.every((b) => b.status === "deleting")).toBe(true);
  };
}
