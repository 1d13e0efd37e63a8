// The reinstallTrigger consent rule (provider/framework/reinstall-trigger.ts) is the same for every
// kind that reinstalls in place (CloudInstance, SbmServer): these checks run it for one kind. The
// kind's own suite keeps what differs: the messages, which changes replace instead, the requests.

import type * as dynamic from "@pulumi/pulumi/dynamic";
import { expect } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import type { KindProvider } from "../../provider/framework/kind-provider";
import { UNKNOWN } from "../../provider/framework/unknowns";

/** One kind's material for the consent rule. */
export interface ReinstallConsent {
  /** check's failures from `olds` to `news`. */
  failures(olds: PropertyBag, news: PropertyBag): Promise<readonly dynamic.CheckFailure[]>;
  /** Inputs of an existing resource whose state recorded reinstallTrigger "a". */
  readonly olds: PropertyBag;
  /** New values of reinstall inputs: each one alone needs the consent. */
  readonly reinstall: PropertyBag;
}

/**
 * Without consent, each reinstall input in `reinstall` is one failure: the trigger stays, goes
 * away, or is set for the first time together with the change (a trigger the state never recorded
 * confirms nothing, issue 25 item 1, and the reason says how to record it first).
 */
export async function refusedWithoutConsent(c: ReinstallConsent): Promise<void> {
  const { failures, olds } = c;
  const changed = { ...olds, ...c.reinstall };
  const count = Object.keys(c.reinstall).length;
  const { reinstallTrigger: _recorded, ...without } = olds;
  expect(await failures(olds, changed)).toHaveLength(count);
  expect(await failures(olds, { ...without, ...c.reinstall })).toHaveLength(count);
  const first = await failures(without, { ...changed, reinstallTrigger: "b" });
  expect(first).toHaveLength(count);
  for (const f of first) expect(f.reason).toContain("The state records no reinstallTrigger");
}

/**
 * A new trigger value confirms the reinstall, and so does one unknown in preview; a create needs
 * no consent, nor does a reinstall input unknown in preview (check runs again with known values
 * before the update). The trigger itself must be a string.
 */
export async function passesWithConsent(c: ReinstallConsent): Promise<void> {
  const { failures, olds } = c;
  const changed = { ...olds, ...c.reinstall };
  expect(await failures(olds, { ...changed, reinstallTrigger: "b" })).toEqual([]);
  expect(await failures(olds, { ...changed, reinstallTrigger: UNKNOWN })).toEqual([]);
  expect(await failures({}, changed)).toEqual([]);
  for (const name of Object.keys(c.reinstall)) {
    expect(await failures(olds, { ...olds, [name]: UNKNOWN })).toEqual([]);
  }
  expect(await failures(olds, { ...olds, reinstallTrigger: 7 })).toEqual([
    {
      property: "reinstallTrigger",
      reason:
        "reinstallTrigger must be a string (got 7): any text; changing it confirms a " +
        "reinstall that erases the server's drives",
    },
  ]);
}

/**
 * Changes only the trigger of a resource `provider` created with reinstallTrigger "a": check
 * passes, diff shows an update of the trigger alone, and the update records the new value "b".
 * Returns the update's outputs (the caller checks that nothing was reinstalled).
 */
export async function updateTriggerAlone(
  provider: KindProvider,
  created: { inputs: PropertyBag; id: string; outs: Record<string, unknown> },
): Promise<Record<string, unknown>> {
  const { inputs, id, outs } = created;
  expect(outs.reinstallTrigger).toBe("a");
  const news = { ...inputs, reinstallTrigger: "b" };
  expect(await provider.check(inputs, news)).toEqual({ inputs: news, failures: [] });
  expect(await provider.diff(id, outs, news)).toMatchObject({ updates: ["reinstallTrigger"] });
  const { outs: updated } = await provider.update(id, outs, news);
  expect(updated).toMatchObject({ reinstallTrigger: "b" });
  return updated as Record<string, unknown>;
}
