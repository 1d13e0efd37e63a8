// The engine's view of reinstall consent (issue 12, item 11; provider/framework/reinstall-trigger.ts),
// alike for every kind whose change can reinstall: without a new reinstallTrigger the preview
// fails and up sends nothing; with one, the preview shows an update and up reinstalls once; the
// same trigger again is no consent for the next reinstall.
import { expect, it } from "vitest";
import { OperationFailed, type Program } from "./harness";
import type { Scenario } from "./scenario";

export interface ReinstallConsent {
  /** The program as the object stands before the change. */
  readonly base: Program;
  /** The simulator route of the kind's reinstall, e.g. "POST /v1/hosts/sbm_servers/:id/reinstall". */
  readonly route: string;
  /** The program with the property changed and no trigger. */
  readonly unconfirmed: Program;
  /** The program with the property changed and reinstallTrigger "2026-11-24". */
  readonly confirmed: Program;
  /** The program changing the property back with the same trigger. */
  readonly again: Program;
  /** The property that reinstalls, its value before, and the refusal check's message. */
  readonly property: string;
  readonly before: unknown;
  readonly refusal: string;
  /** What the refusal of `again` says. */
  readonly againRefusal: RegExp;
  /** Outputs after the confirmed reinstall (reinstallTrigger is checked besides). */
  readonly settled: Record<string, unknown>;
  readonly destroyAfter: boolean;
}

export function reinstallConsent(s: Scenario, c: ReinstallConsent): void {
  const reinstalls = async () => (await s.sim().control.requestCounts())[c.route] ?? 0;

  it("a change that reinstalls is a check failure shown by the preview and refused by up", async () => {
    const h = s.harness();
    await h.up(c.base);
    await s.sim().control.clearRequestCounts();
    const preview = await h.preview(c.unconfirmed).catch((error: unknown) => error);
    expect(preview).toBeInstanceOf(OperationFailed);
    expect((preview as Error).message).toContain(c.refusal);
    expect((preview as Error).message).toContain("change reinstallTrigger to a new value");
    const up = await h.up(c.unconfirmed).catch((error: unknown) => error);
    expect(up).toBeInstanceOf(OperationFailed);
    // Nothing was sent: the state and the object are as they were.
    expect(await reinstalls()).toBe(0);
    expect(s.stored().outputs[c.property]).toBe(c.before);
  });

  it("with reinstallTrigger changed, the preview shows an update and up reinstalls", async () => {
    const h = s.harness();
    const preview = await h.preview(c.confirmed);
    expect(preview.steps.map((step) => step.op)).toEqual(["update"]);
    const steps = await h.up(c.confirmed);
    expect(steps.map((step) => step.op)).toEqual(["update"]);
    expect(await reinstalls()).toBe(1);
    expect(s.stored().outputs).toMatchObject({ ...c.settled, reinstallTrigger: "2026-11-24" });
    // The same trigger again is no consent for the next reinstall.
    await expect(h.preview(c.again)).rejects.toThrow(c.againRefusal);
    if (c.destroyAfter) await h.destroy();
  });
}
