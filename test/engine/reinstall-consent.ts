// The engine's view of reinstall consent (issue 12, item 11; issue 25, item 1;
// provider/framework/reinstall-trigger.ts), alike for every kind whose change can reinstall, through
// both doors: without a change of the RECORDED reinstallTrigger the preview fails and up sends
// nothing; a trigger the state never recorded (a server created without one, a state of an older
// version, an import) confirms nothing and is recorded by an update that reinstalls nothing; with
// a recorded trigger changed, the preview says "REINSTALLS" in words and up reinstalls once; the
// same trigger again is no consent for the next reinstall. After `pulumi import` (the plugin
// door), a program that edits labels, declares the running system with a trigger and adds
// write-only values (user data) reinstalls nothing.
import { expect, vi } from "vitest";
import { OperationFailed } from "./harness";
import type { Declare } from "./programs";
import type { Scenario } from "./scenario";

export interface ReinstallConsent {
  /**
   * The kind's program (programs.ts) with the given inputs over its defaults: the object as it
   * stands before the change is `program()`, without reinstallTrigger. The scenarios derive from
   * it every program they run: the trigger "2026-11-01" recorded; `property` changed to `after`
   * without a trigger and with "2026-11-24"; changed back to `before` with the same trigger;
   * after an import, `afterImport` with `after` and "2026-12-01", then back to `before`.
   */
  readonly program: Declare;
  /** The simulator route of the kind's reinstall, e.g. "POST /v1/hosts/sbm_servers/:id/reinstall". */
  readonly route: string;
  /** The property that reinstalls, its value before and the value the change gives it. */
  readonly property: string;
  readonly before: unknown;
  readonly after: unknown;
  /**
   * After an import of the settled object: a label edited, and the write-only values the import
   * could not read (SBM user data); the program declares them with `after` and a trigger.
   */
  readonly afterImport: Record<string, unknown>;
  /** Outputs the import's update records besides `afterImport` and `after` (values taken as declared). */
  readonly importedOutputs?: Record<string, unknown>;
  /**
   * The refusal check's message. The change back with the same trigger is refused alike: the
   * scenario expects "changing <property> from <after> to <before>" (values as JSON).
   */
  readonly refusal: string;
  /** Outputs after the confirmed reinstall (reinstallTrigger is checked besides). */
  readonly settled: Record<string, unknown>;
  readonly destroyAfter: boolean;
}

/** The programs of the scenarios, derived from the kind's own (see ReinstallConsent.program). */
function programs(c: ReinstallConsent) {
  const changed = { [c.property]: c.after };
  const back = { [c.property]: c.before };
  return {
    base: c.program(),
    recorded: c.program({ reinstallTrigger: "2026-11-01" }),
    unconfirmed: c.program(changed),
    confirmed: c.program({ ...changed, reinstallTrigger: "2026-11-24" }),
    again: c.program({ ...back, reinstallTrigger: "2026-11-24" }),
    afterImport: c.program({ ...changed, ...c.afterImport, reinstallTrigger: "2026-12-01" }),
    changeAfterImport: c.program({ ...back, reinstallTrigger: "2026-12-01" }),
    importedOutputs: { ...changed, ...c.afterImport, ...c.importedOutputs },
  };
}

const NEVER_RECORDED = "The state records no reinstallTrigger";

export function reinstallConsent(s: Scenario, c: ReinstallConsent): void {
  const p = programs(c);
  const reinstalls = async () => (await s.sim().control.requestCounts())[c.route] ?? 0;
  const refused = async (run: Promise<unknown>, ...texts: string[]) => {
    const error = await run.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OperationFailed);
    for (const text of texts) expect((error as Error).message).toContain(text);
  };

  s.each(
    "a change that reinstalls is a check failure shown by the preview and refused by up",
    async () => {
      const h = s.harness();
      await h.up(p.base);
      await s.sim().control.clearRequestCounts();
      await refused(h.preview(p.unconfirmed), c.refusal, NEVER_RECORDED);
      await refused(h.up(p.unconfirmed), c.refusal);
      // Nothing was sent: the state and the object are as they were.
      expect(await reinstalls()).toBe(0);
      expect(s.stored().outputs[c.property]).toBe(c.before);
    },
  );

  s.each(
    "a trigger the state never recorded is no consent: recorded, nothing reinstalled",
    async () => {
      const h = s.harness();
      // The trigger given for the first time together with the change: refused, nothing sent.
      await refused(h.preview(p.confirmed), c.refusal, NEVER_RECORDED);
      await refused(h.up(p.confirmed), NEVER_RECORDED);
      expect(await reinstalls()).toBe(0);
      // The trigger alone: an update that records it and sends no reinstall.
      const steps = await h.up(p.recorded);
      expect(steps.map((step) => step.op)).toEqual(["update"]);
      expect(await reinstalls()).toBe(0);
      expect(s.stored().outputs).toMatchObject({ reinstallTrigger: "2026-11-01" });
      expect(s.stored().outputs[c.property]).toBe(c.before);
      // From now on a change needs the recorded trigger changed.
      await refused(h.preview(p.unconfirmed), c.refusal, "change reinstallTrigger to a new value");
    },
  );

  s.each(
    "with the recorded reinstallTrigger changed, the preview says REINSTALLS and up reinstalls",
    async () => {
      const h = s.harness();
      const said = h.stderr.length;
      const preview = await h.preview(p.confirmed);
      expect(preview.steps.map((step) => step.op)).toEqual(["update"]);
      // The line comes through the provider's stderr (or the engine's log): it may trail the answer.
      await vi.waitFor(() =>
        expect(h.stderr.slice(said).join("\n")).toMatch(
          new RegExp(
            `this update REINSTALLS the .*\\(${c.property} changes, confirmed by reinstallTrigger\\), which erases`,
          ),
        ),
      );
      const steps = await h.up(p.confirmed);
      expect(steps.map((step) => step.op)).toEqual(["update"]);
      expect(await reinstalls()).toBe(1);
      expect(s.stored().outputs).toMatchObject({ ...c.settled, reinstallTrigger: "2026-11-24" });
      // The same trigger again is no consent for the next reinstall.
      await expect(h.preview(p.again)).rejects.toThrow(
        `changing ${c.property} from ${JSON.stringify(c.after)} to ${JSON.stringify(c.before)}`,
      );
    },
  );

  s.each(
    "after pulumi import, a label edit with a trigger and user data reinstalls nothing",
    async () => {
      const h = s.harness();
      await s.reimport();
      await s.sim().control.clearRequestCounts();
      // The imported state recorded no trigger: a change with one is refused, nothing sent.
      await refused(h.preview(p.changeAfterImport), NEVER_RECORDED);
      await refused(h.up(p.changeAfterImport), NEVER_RECORDED);
      const said = h.stderr.length;
      const steps = await h.up(p.afterImport);
      expect(steps.map((step) => step.op)).toEqual(["update"]);
      expect(h.stderr.slice(said).join("\n")).not.toContain("REINSTALLS");
      expect(await reinstalls()).toBe(0);
      expect(s.stored().outputs).toMatchObject({
        ...p.importedOutputs,
        reinstallTrigger: "2026-12-01",
      });
      expect(s.stored().outputs.__unrecorded).toBeUndefined();
      // The next up: no change, and the recorded trigger now confirms as usual.
      const again = await h.up(p.afterImport);
      expect(again.map((step) => step.op)).toEqual(["same"]);
      await refused(h.preview(p.changeAfterImport), "change reinstallTrigger to a new value");
      if (c.destroyAfter) await h.destroy();
    },
    undefined,
    ["plugin"],
  );

  if (c.destroyAfter) {
    s.each(
      "destroy after the reinstall",
      async () => {
        await s.harness().destroy();
      },
      undefined,
      ["dynamic"],
    );
  }
}
