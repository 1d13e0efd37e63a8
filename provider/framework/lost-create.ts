// A lost create through the rest of the lifecycle (placeholder.ts): the partial create that
// records it, the Read that finds its order (and answers the order's real id), the diff that
// replaces a placeholder no Read resolved (or plans an update that stops, where the order
// appeared since or only the user can tell), and the delete that deletes the order should it
// have appeared. One rule decides what is the order's
// own, here and in the late-commit look-up: an object carrying the create label it was POSTed
// with; for a kind without labels, nothing is ever taken after the look-up's window: an object
// that appeared since could be any resource's (another of the same stack ordered in the same
// `up`), so the user names it (adoptId).
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ServersComClient } from "../../sdk/client";
import { candidateList } from "./adopt-advice";
import type { PropertyBag } from "./check";
import type { DiffOutcome } from "./diff";
import { PartialResourceError } from "./errors";
import { OWNER_INPUT } from "./hidden";
import type { KindCore } from "./kind-core";
import { ADOPT_INPUT } from "./kind-provider";
import { knownObjects } from "./owned-objects";
import { CREATE_LABEL_KEY, OWNER_LABEL_KEY } from "./ownership";
import { LOST_CREATE_OUTPUT, type LostCreate, lostCreateOf, placeholderId } from "./placeholder";
import { defined, stringValue } from "./property-bags";

/** What the next `up` does, in the words every message about a placeholder shares. */
const NEXT_UP =
  "The next `pulumi up` looks for it first (TypeScript programs: run `pulumi refresh` " +
  "before it) and takes it if it has appeared";

/**
 * The partial create a create that gave up looking for its order ends with: the placeholder id,
 * the inputs as outputs (so a refresh, the next `up` and `destroy` have what they need), and
 * what finds the order. `refreshBeforeUpdate` asks the engine to Read it first next time.
 */
export function lostCreateError<Live extends object>(
  core: KindCore<Live>,
  inputs: PropertyBag,
  lost: LostCreate,
  /** What happened, a sentence without its final stop. */
  said: string,
  cause: unknown,
): PartialResourceError {
  const id = placeholderId(lost.createLabel);
  const what =
    lost.candidates !== undefined
      ? "The state records this resource as waiting for its order until you choose: set " +
        "adoptId to the one that is this resource's and delete the others, or delete them all " +
        "(TypeScript programs: then run `pulumi refresh`); if none is, remove this resource " +
        "from the state (`pulumi state delete` with its URN) and the next `up` orders again"
      : `The state records this resource as waiting for it (id ${id}). ${NEXT_UP}; ` +
        (lost.createLabel !== undefined
          ? "otherwise it orders again, and deletes this order should it appear meanwhile " +
            "(`pulumi destroy` deletes it too)"
          : `otherwise it orders again (a ${core.kind.noun} that appears later has no labels: ` +
            "the next `up` names it for you to adopt or delete, never takes it)");
  const message = `${said}. ${what}.`;
  const properties = defined({
    ...core.partialProperties(inputs, "create"),
    [LOST_CREATE_OUTPUT]: lost,
  });
  const error = new PartialResourceError(message, id, properties, [message], true);
  error.cause = cause;
  return error;
}

/** What a lost create may have made, as of now: its order, or (no labels) the candidates. */
async function lookFor<Live extends object>(
  core: KindCore<Live>,
  client: ServersComClient,
  lost: LostCreate,
  props: PropertyBag,
): Promise<{ order?: Live; candidates: string[] }> {
  const { kind } = core;
  const owner = stringValue(props[OWNER_INPUT]);
  const found = [...(await knownObjects(core, client, props, owner)).values()];
  if (lost.createLabel !== undefined) {
    const order = found.find(
      (record) =>
        kind.labels(record)[CREATE_LABEL_KEY] === lost.createLabel &&
        kind.labels(record)[OWNER_LABEL_KEY] === owner,
    );
    return order === undefined ? { candidates: [] } : { order, candidates: [] };
  }
  const before = new Set(lost.before ?? []);
  const candidates = found
    .filter((record) => !before.has(kind.id(record)) && core.matchesInputs(record, props))
    .map((record) => kind.id(record));
  return { candidates };
}

/** The order's id once it appeared (said, with what happens to it), else the candidates. */
async function appeared<Live extends object>(
  core: KindCore<Live>,
  id: string,
  props: PropertyBag,
  lost: LostCreate,
  /** What is done with it, for the progress line. */
  doing: string,
): Promise<{ orderId?: string; candidates: string[] }> {
  const { order, candidates } = await lookFor(core, core.context.client(), lost, props);
  if (order === undefined) return { candidates };
  const orderId = core.kind.id(order);
  core.say(props, orderId, `the order this resource's create lost (${id}) has appeared: ${doing}`);
  return { orderId, candidates };
}

/**
 * Read of a placeholder: the order's real id and outputs when it carries the create label (the
 * outputs keep the pending create, so the next `up` waits for it and brings it to the inputs);
 * else the placeholder again, with the candidates a kind without labels now sees.
 * `readObject` is the normal read, given the real id.
 */
export async function readLost<Live extends object>(
  core: KindCore<Live>,
  id: string,
  props: PropertyBag,
  readObject: (id: string) => Promise<dynamic.ReadResult>,
): Promise<dynamic.ReadResult> {
  const lost = lostCreateOf(props);
  // Not a placeholder this provider recorded (an import of such an id): nothing is there.
  if (lost === undefined) return {};
  const { orderId, candidates } = await appeared(
    core,
    id,
    props,
    lost,
    "taking it; the next `pulumi up` waits until it is ready and brings it to the declared inputs",
  );
  if (orderId !== undefined) return readObject(orderId);
  const { candidates: _seen, ...rest } = lost;
  const still: LostCreate = candidates.length > 0 ? { ...rest, candidates } : rest;
  return { id, props: defined({ ...props, [LOST_CREATE_OUTPUT]: still }) };
}

/**
 * Why nothing is ordered for a placeholder of a kind without labels that saw objects that could
 * be its order (`candidates`): only the user can tell.
 */
export function candidatesError<Live extends object>(
  core: KindCore<Live>,
  id: string,
  bag: PropertyBag,
  candidates: readonly string[],
): Error {
  const noun = core.kind.noun;
  return new Error(
    `${core.prefix(bag)}: this resource's create lost its answer (${id}), and since then ` +
      `${candidates.length} ${noun}${candidates.length === 1 ? "" : "s"} matching ` +
      `it appeared: ${candidateList(candidates)}. Nothing tells which one this create made, ` +
      `if any (${noun}s have no labels), so nothing is ordered: set adoptId to the one ` +
      "that is this resource's and delete the others, or delete them all (TypeScript " +
      "programs: then run `pulumi refresh`); if none is, remove this resource from the state " +
      "(`pulumi state delete` with its URN) and the next `up` orders again",
  );
}

/**
 * Diff of a placeholder no Read resolved: a replacement (the next `up` orders again), said in
 * words; a different object named by adoptId replaces too (planning.ts), but for a kind with
 * labels, whose placeholder's delete deletes the order. Where a kind without labels saw objects
 * that could be the order, nothing is ordered until the user chooses: an update, which stops
 * with their names (converging.ts, candidatesError).
 */
export function diffLost<Live extends object>(
  core: KindCore<Live>,
  id: string,
  olds: PropertyBag,
  news: PropertyBag,
  outcome: DiffOutcome,
): DiffOutcome {
  const lost = lostCreateOf(olds);
  const adopt = news[ADOPT_INPUT];
  if (adopt !== undefined && adopt !== null) {
    // Deleting the placeholder deletes its order, found by its create label: were adoptId to
    // name that order (nothing here can tell), the replacement would delete what it adopts.
    if (lost?.createLabel !== undefined) {
      throw new Error(
        `${core.prefix(news)}: adoptId cannot replace this resource's placeholder (${id}): its ` +
          "create lost its answer, and replacing the placeholder deletes that order should it " +
          "have appeared, which adoptId may name. Run `pulumi refresh` first: it takes the " +
          `order if it has appeared (it carries the label ${CREATE_LABEL_KEY}=` +
          `${lost.createLabel}); otherwise remove this resource from the state (\`pulumi state ` +
          "delete` with its URN), then adopt",
      );
    }
    return { ...outcome, changes: true, replaces: [...outcome.replaces, ADOPT_INPUT] };
  }
  if (lost?.candidates !== undefined) {
    // Not an error here: the engine diffs every refreshed resource too (pulumi/pulumi v3.274.1
    // pkg/resource/deploy/step.go:1855-1869, a failed diff fails the refresh step), and the
    // native door's placeholder is refreshed before every `up`, `preview` and `destroy`
    // (refresh_before_update): an error would stop all of them for good, even once adoptId is
    // set (the refresh diffs against the old inputs). No replacement either: nothing is ordered.
    return { ...outcome, changes: true, replaces: [] };
  }
  core.say(
    news,
    id,
    `this resource's create lost its answer${lost?.at ? ` (at ${lost.at})` : ""} and its ` +
      "order has not been found: this `up` orders again" +
      (lost?.createLabel !== undefined
        ? ", and deletes that order should it appear meanwhile"
        : "") +
      " (TypeScript programs: `pulumi refresh` first looks for it once more)",
  );
  // Nothing to overlap: creating first gives the order until the end of the `up` to appear,
  // and deleting the placeholder last deletes it. Kinds whose two generations cannot exist at
  // once (an SSH key's fingerprint, a zone's name) still delete first.
  return {
    ...outcome,
    changes: true,
    replaces: [...outcome.replaces, LOST_CREATE_OUTPUT],
    deleteBeforeReplace: core.kind.replaceDeletesFirst !== undefined,
  };
}

/**
 * Before a placeholder is replaced: whether what it waits for has appeared since the last Read
 * (its order, or for a kind without labels objects that could be it). TypeScript programs meet
 * this, their dynamic provider never being read before an `up`: the diff then plans an update,
 * which stops (updateLost) rather than cancel the order or leave it unmanaged. Not an error in
 * the diff: the engine diffs every refreshed resource too, and a failed diff fails the refresh
 * (pulumi/pulumi v3.274.1 pkg/resource/deploy/step.go:1855-1869). Only where a client can be
 * made and the look-up answers: a preview may run without a token, and a failed look-up leaves
 * the replacement (whose delete of the placeholder still deletes a labelled order).
 */
export async function hasAppeared<Live extends object>(
  core: KindCore<Live>,
  olds: PropertyBag,
  news: PropertyBag,
): Promise<boolean> {
  const lost = lostCreateOf(olds);
  const adopt = news[ADOPT_INPUT];
  if (lost === undefined || (adopt !== undefined && adopt !== null)) return false;
  try {
    const { order, candidates } = await lookFor(core, core.context.client(), lost, olds);
    return order !== undefined || candidates.length > 0;
  } catch {
    // Documented above: without an answer the diff stands.
    return false;
  }
}

/**
 * Update of a placeholder: there is nothing to update. The diff plans one where what it waits
 * for has appeared, or candidates were named: it stops, saying what to do.
 */
export async function updateLost<Live extends object>(
  core: KindCore<Live>,
  id: string,
  olds: PropertyBag,
  news: PropertyBag,
): Promise<never> {
  const lost = lostCreateOf(olds);
  if (lost?.candidates !== undefined) throw candidatesError(core, id, news, lost.candidates);
  const { order, candidates } =
    lost === undefined
      ? { candidates: [] }
      : await lookFor(core, core.context.client(), lost, olds);
  if (candidates.length > 0) throw candidatesError(core, id, news, candidates);
  if (order !== undefined) {
    throw new Error(
      `${core.prefix(news)}: the order this resource's create lost (${id}) has appeared as ` +
        `${core.kind.id(order)}: run \`pulumi refresh\` to take it (or \`pulumi up ` +
        "--refresh`); replacing the placeholder would order again and delete it",
    );
  }
  throw new Error(
    `${core.subject(news, id)}: this resource's create lost its answer and its order has ` +
      "not been found, so there is nothing to update: run `pulumi refresh` to look for it, " +
      "or `pulumi up` to order again",
  );
}

/**
 * Delete of a placeholder: the order, should it have appeared, by its create label (through
 * `remove`, the normal delete); an object without labels is named, never deleted.
 */
export async function deleteLost<Live extends object>(
  core: KindCore<Live>,
  id: string,
  props: PropertyBag,
  remove: (id: string) => Promise<void>,
): Promise<void> {
  const lost = lostCreateOf(props);
  if (lost === undefined) return;
  const { orderId, candidates } = await appeared(core, id, props, lost, "deleting it");
  if (orderId !== undefined) return remove(orderId);
  const later =
    lost.createLabel !== undefined
      ? `should one appear later, it carries the labels ${OWNER_LABEL_KEY}=` +
        `${stringValue(props[OWNER_INPUT]) ?? "?"} and ${CREATE_LABEL_KEY}=${lost.createLabel} ` +
        "and nothing manages it: delete it"
      : candidates.length > 0
        ? `not deleting ${candidateList(candidates)}, which appeared since and match it: ` +
          `nothing tells whose they are (${core.kind.noun}s have no labels); delete the one ` +
          "that was this resource's order, if any"
        : `should one appear later, nothing manages it: delete it`;
  core.context.progress(
    `${core.prefix(props)}: the order this resource's create lost (${id}) has not appeared: ` +
      `nothing to delete; ${later}`,
  );
}
