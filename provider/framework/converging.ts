// Convergence: bringing a live object to the declared inputs, for `update` and for a create that
// adopted or found its object late. The engine's rules it serves: an update that fails after the
// object started changing must return the partial state (a PartialResourceError with what the
// object became), while a refusal or a rejected request (4xx) leaves the object as it was and
// keeps the old state; write-only values are recorded as applied only once the API accepted them.

import type * as dynamic from "@pulumi/pulumi/dynamic";
import { ApiError } from "../../sdk/core/errors";
import type { PropertyBag } from "./check";
import { changedProperties } from "./diff";
import { OWNER_INPUT, unrecordedOf } from "./hidden";
import type { UpdateContext } from "./kind";
import type { KindCore } from "./kind-core";
import { UpdateRefused } from "./kind-provider";
import { updateLost } from "./lost-create";
import { OWNER_LABEL_KEY, withOwnerLabel } from "./ownership";
import { isPlaceholder } from "./placeholder";
import { labelsOf, pick, stringValue } from "./property-bags";
import { type ObjectWait, untilAccepted, waitReady, waitUntil } from "./waiting";

export async function update<Live extends object>(
  core: KindCore<Live>,
  id: string,
  olds: PropertyBag,
  news: PropertyBag,
): Promise<dynamic.UpdateResult> {
  const { kind } = core;
  // A lost create's placeholder: nothing to update; the diff plans one only to stop and say
  // what to do (lost-create.ts).
  if (isPlaceholder(id)) return updateLost(core, id, olds, news);
  const client = core.context.client();
  const current = await kind.get(client, id);
  if (current === undefined || core.isGone(current)) {
    throw new Error(
      `${core.subject(news, id)}: the ${kind.noun} no longer exists (deleted outside ` +
        "Pulumi?). Run `pulumi refresh` to drop it from the state; the next `pulumi up` creates it again.",
    );
  }
  const timeouts = core.timeouts(news);
  let last: Live = current;
  const track = (value: Live) => {
    last = value;
  };
  const progress = { accepted: false };
  try {
    // A create that timed out (partial) or an earlier resize may still be in progress.
    const on = { core, client, id, bag: news, timeoutMs: timeouts.update, track };
    last = await waitReady(on, last, "update");
    last = await converge(on, last, olds, progress);
    return { outs: await core.outputsOf(client, last, news) };
  } catch (error) {
    // Refusals and rejected requests leave the object as it was: a plain error keeps the old
    // state. A wait that fails after the object started changing records what it became.
    if (error instanceof UpdateRefused || isRejection(error)) throw error;
    // Write-only values are recorded as applied only once the API accepted the update; else
    // the old ones stay, so the next `up` sends them again (issue 12, item 6).
    const writeOnly = progress.accepted ? undefined : olds;
    throw core.partial(id, last, news, error, "was updated but is not ready", "update", writeOnly);
  }
}

/**
 * Brings the live object to the inputs: one PUT of the changed properties, then a wait.
 * Write-only properties are compared with the old outputs (`olds`, which carry the values last
 * applied); adoption has no old outputs, so they are not changes there.
 */
export async function converge<Live extends object>(
  on: ObjectWait<Live>,
  record: Live,
  olds?: PropertyBag,
  progress?: { accepted: boolean },
): Promise<Live> {
  const { core, client, id, bag: news, timeoutMs, track } = on;
  const { kind } = core;
  const refusal = kind.refuseUpdate?.(record, news);
  if (refusal !== undefined) throw new UpdateRefused(`${core.subject(news, id)}: ${refusal}`);
  const isUpdate = (rule: string) => rule === "update";
  const changed = [
    ...changedProperties(core.rules.live, kind.outputs(record), news, isUpdate),
    ...(olds === undefined ? [] : writeOnlyChanges(core, olds, news)),
  ];
  const owner = stringValue(news[OWNER_INPUT]);
  const managesLabels = "labels" in kind.properties;
  const ownerMissing =
    managesLabels && owner !== undefined && kind.labels(record)[OWNER_LABEL_KEY] !== owner;
  if (changed.length === 0 && !ownerMissing) return record;
  const sendLabels = managesLabels && (changed.includes("labels") || ownerMissing);
  const updated = await untilAccepted(core, news, id, timeoutMs, () =>
    kind.update(
      client,
      id,
      pick(
        news,
        changed.filter((name) => name !== "labels"),
      ),
      sendLabels ? withOwnerLabel(labelsOf(news), owner) : undefined,
      updateContext(on, record),
    ),
  );
  if (progress !== undefined) progress.accepted = true;
  track(updated);
  return waitReady(on, updated, "update");
}

/**
 * The write-only properties that change against the values the old outputs recorded. Not
 * changes: what an import never recorded (taken as declared, hidden.ts), and a confirmation the
 * old outputs never recorded (a first reinstallTrigger confirms nothing). The outputs record
 * the new values either way.
 */
function writeOnlyChanges<Live extends object>(
  core: KindCore<Live>,
  olds: PropertyBag,
  news: PropertyBag,
): string[] {
  const unrecorded = unrecordedOf(olds);
  const { writeOnly } = core.rules;
  return changedProperties(writeOnly, olds, news, (rule) => rule === "update").filter(
    (name) =>
      !unrecorded.includes(name) &&
      !(writeOnly[name]?.confirmation === true && olds[name] === undefined),
  );
}

/** What a multi-step `update` uses to wait between its steps (kind.ts, UpdateContext). */
function updateContext<Live extends object>(
  on: ObjectWait<Live>,
  record: Live,
): UpdateContext<Live> {
  return {
    news: on.bag,
    record,
    waitUntil: (wait) => waitUntil(on, wait),
    say: (text) => on.core.say(on.bag, on.id, text),
  };
}

/** The API refused the request (4xx): nothing changed. */
function isRejection(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
