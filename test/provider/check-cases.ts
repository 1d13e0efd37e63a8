// The bad-input tables of the kinds' check tests: each suite keeps its own cases (the change to
// valid inputs, the property named, the reason given); these run a test for each.

import type * as dynamic from "@pulumi/pulumi/dynamic";
import { expect, it } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";

/** A bad input: the change to valid inputs, the property check names and the reason it gives. */
export type FailureCase = [change: PropertyBag, property: string, reason: string];

/**
 * A test for each case: `valid` with the case's change fails check on exactly that property, for
 * that reason (the failures as `reasons` finds them). Tests are named "`prefix`<change> fails on
 * <property>: <reason>".
 */
export function failsOnEach(
  reasons: (news: PropertyBag) => Promise<readonly dynamic.CheckFailure[]>,
  valid: PropertyBag,
  cases: FailureCase[],
  prefix = "",
): void {
  it.each(cases)(`${prefix}%o fails on %s: %s`, async (change, property, reason) => {
    expect(await reasons({ ...valid, ...change })).toEqual([{ property, reason }]);
  });
}

/**
 * A test for each case: among the failures `failures` finds for the case's inputs is one on the
 * property, whose reason contains the case's text. Tests are named "<inputs> fails on <property>:
 * <text>".
 */
export function failsOnEachContaining(
  failures: (news: PropertyBag) => Promise<readonly dynamic.CheckFailure[]>,
  cases: FailureCase[],
): void {
  it.each(cases)("%j fails on %s: %s", async (news, property, reason) => {
    const found = await failures(news);
    expect(found.map((f) => f.property)).toContain(property);
    expect(found.find((f) => f.property === property)?.reason).toContain(reason);
  });
}

/**
 * A test for each case: the failures `failures` finds for the case's change are one, on the
 * property. Tests are named "check: <change> fails on <property>".
 */
export function failsOnEachProperty(
  failures: (change: PropertyBag) => Promise<readonly dynamic.CheckFailure[]>,
  cases: [change: PropertyBag, property: string][],
): void {
  it.each(cases)("check: %o fails on %s", async (change, property) => {
    expect((await failures(change)).map((f) => f.property)).toEqual([property]);
  });
}
