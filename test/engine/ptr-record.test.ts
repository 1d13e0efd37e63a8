// PtrRecord's own tests through the real provider host and the native plugin, driven like
// `pulumi up` / `refresh` / `destroy`: the order of deletes beside the instance the record is on.
// Its lifecycle is a row of the engine lifecycle table (kinds.ts). Needs a current dist/.
import { describe, expect } from "vitest";
import { scenarioOf } from "./kinds";
import { ptrRecord } from "./programs";
import { engineScenario } from "./scenario";

const s = engineScenario(scenarioOf("PtrRecord"));

describe("a PtrRecord beside its instance", () => {
  // The engine deletes old generations and destroyed resources dependents first (harness.ts,
  // scheduleDeletes): the record before the instance it is on, never the other way round.
  s.each("old generations and a destroy delete the record before its instance", async () => {
    const h = s.harness();
    await h.up(ptrRecord());
    const urnOf = (name: string) =>
      [...h.state.keys()].find((urn) => urn.endsWith(`::${name}`)) ?? "";
    const [instance, ptr] = [urnOf("app"), urnOf("app-ptr")];
    expect(h.state.get(ptr)?.dependencies).toContain(instance);
    /** The positions of the given step of each URN in the journal from `from` on. */
    const order = (from: number, op: string) =>
      h.journal
        .slice(from)
        .filter((entry) => entry.op === op)
        .map((entry) => entry.urn);

    const start = h.journal.length;
    await h.up(ptrRecord(), { replace: [instance, ptr] });
    expect(h.pendingDeletes).toEqual([]);
    expect(order(start, "delete-replaced")).toEqual([ptr, instance]);
    expect(await s.sim().control.records("cloud_ptr_records")).toHaveLength(1);

    const destroyed = h.journal.length;
    await h.destroy();
    expect(order(destroyed, "delete")).toEqual([ptr, instance]);
    expect(h.state.size).toBe(0);
  });
});
