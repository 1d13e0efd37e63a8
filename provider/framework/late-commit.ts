// The late-commit search: after a POST fails in a way that leaves its fate unknown (a 5xx, a
// gateway 504, a dropped connection, a timeout), the API may still commit the order. A POST is
// never retried (it may buy a second object); instead the create looks for the object this very
// call made, by its create label (ownership.ts) or, for kinds without labels, by content. The
// engine records a create only from its answer, so an object found here is returned as the
// create's own; one that cannot be told apart is named, never taken. The look-up is never refused
// by the request budget (sdk/core/rate-limit.ts, `neverRefused`): a new create of the next
// `pulumi up` cannot tell the object from an older generation (ownership.ts). Past the window the
// create fails as a partial create with a placeholder id, which the next `up` resolves by the
// same create label (placeholder.ts, lost-create.ts).

import type { ServersComClient } from "../../sdk/client";
import { ApiError, InputValidationError } from "../../sdk/core/errors";
import { BudgetWaitError, neverRefused } from "../../sdk/core/rate-limit";
import { WaitTimeoutError, waitFor } from "../../sdk/wait";
import { candidateList } from "./adopt-advice";
import type { PropertyBag } from "./check";
import { messageOf } from "./errors";
import type { KindCore } from "./kind-core";
import { lostCreateError } from "./lost-create";
import { knownObjects } from "./owned-objects";
import { CREATE_LABEL_KEY, OWNER_LABEL_KEY } from "./ownership";

/**
 * How long a create looks for its object after an ambiguous failure: 5 minutes. A gateway gives
 * up on the API after its own timeout (commonly 60 s) while the API may still be committing the
 * order, and the order shows in lists only once committed; the SDK's request timeout is of the
 * same order. Five minutes covers both several times over, and costs a paid object's create at
 * most that long before it says that an order may still appear. Capped by the create timeout.
 */
export const LATE_COMMIT_WINDOW_MS = 5 * 60_000;

/**
 * The objects creates of this process took (`<kind>:<id>`): the late-commit look-up of a kind
 * without labels never takes one, so two creates ordering alike at once (two networks of one
 * size on one host) cannot both take the one whose answer arrived.
 */
const claimed = new Set<string>();

/** Marks an object as taken by a create of this process (see `claimed`). */
export function claim(kindName: string, id: string): void {
  claimed.add(`${kindName}:${id}`);
}

/** More than one object a failed create could have made: none is taken. */
class Ambiguous extends Error {
  override name = "Ambiguous";
  constructor(readonly ids: readonly string[]) {
    super(`ambiguous: ${ids.join(", ")}`);
  }
}

/** A failure after which the API may or may not have applied the request. */
export function isAmbiguous(error: unknown): boolean {
  // A kind may explain an API answer in its own words (`cause`): the answer decides.
  for (let cause: unknown = error, depth = 0; cause !== undefined && depth < 10; depth++) {
    if (cause instanceof ApiError) return cause.status >= 500;
    if (cause instanceof InputValidationError) return false;
    // Refused before sending: the wait for the request budget was too long (request-budget.ts).
    if (cause instanceof BudgetWaitError) return false;
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return true;
}

/**
 * After an ambiguous POST failure: looks for the object this call made (one carrying its
 * create label, or for kinds without labels one that matches by content and was not there
 * before) with backoff for LATE_COMMIT_WINDOW_MS, within the create timeout.
 */
export async function lateCommit<Live extends object>(
  core: KindCore<Live>,
  client: ServersComClient,
  inputs: PropertyBag,
  owner: string | undefined,
  createLabel: string | undefined,
  before: ReadonlyMap<string, Live>,
  failure: unknown,
): Promise<Live> {
  const { kind } = core;
  // Without labels, only what this create could have made: an object that was not there
  // before the POST and matches every one of its inputs (a snapshot of another instance, a
  // record with another TTL, a subnetwork with another title are someone else's).
  const ours = (record: Live) =>
    createLabel === undefined
      ? !before.has(kind.id(record)) &&
        !claimed.has(`${kind.name}:${kind.id(record)}`) &&
        core.matchesInputs(record, inputs)
      : kind.labels(record)[CREATE_LABEL_KEY] === createLabel;
  const windowMs = Math.min(
    core.tuning().lateCommitWindowMs ?? LATE_COMMIT_WINDOW_MS,
    core.timeouts(inputs).create,
  );
  const labelsText =
    createLabel === undefined
      ? "matching the declared inputs"
      : `with the labels ${OWNER_LABEL_KEY}=${owner} and ${CREATE_LABEL_KEY}=${createLabel}`;
  const prefix = core.prefix(inputs);
  /** When the create request failed: the user's clue to the order, should it appear. */
  const at = new Date().toISOString();
  let latest: ReadonlyMap<string, Live> = before;
  try {
    const found = await waitFor<Live | undefined>(
      async () => {
        // Past the budget's bounds the look-up goes at once rather than fail: a header may have
        // put the window's reset a day away (the soak's hostile headers did, and the create
        // failed with its order applied); a budget that is really spent answers 429, which
        // this look-up tries again within its window.
        latest = await neverRefused(() => knownObjects(core, client, inputs, owner));
        const candidates = [...latest.values()].filter(ours);
        // Two that this create could have made (two identical orders of one host at once):
        // which is its own cannot be known, and taking one could take another's.
        if (candidates.length > 1) throw new Ambiguous(candidates.map((c) => kind.id(c)));
        return candidates[0];
      },
      {
        ...core.tuning(),
        minDelayMs: core.tuning().minDelayMs ?? 2_000,
        description: `the ${kind.noun} a failed create request may have made`,
        timeoutMs: windowMs,
        state: (value) => (value === undefined ? "not found yet" : "found"),
        isSettled: (value) => value !== undefined,
        // A look-up changes nothing: any failure but a refusal (4xx) is worth another try
        // within the window, a 500 included (the SDK retries those only for what it must).
        retryOn: (error) =>
          !(error instanceof Ambiguous) &&
          !(error instanceof ApiError && error.status < 500 && error.status !== 429),
        onChange: (change) => {
          if (change.previous === undefined && change.value === undefined) {
            core.context.progress(
              `${prefix}: the create request failed (${messageOf(failure)}); looking for ` +
                `the ${kind.noun} it may still make, ${labelsText}, for up to ` +
                `${Math.round(windowMs / 1000)} s`,
            );
          }
        },
      },
    );
    if (found !== undefined) {
      // An object the API keeps unique by content, without labels: an identical one another
      // program made in these seconds cannot be told from this create's own, and destroying
      // the resource would delete it. Never taken: named, for the user to adopt or delete
      // (the next `up` stops at the same conflict until then).
      const unsure = createLabel === undefined ? kind.conflict?.([found], inputs) : undefined;
      if (unsure !== undefined) {
        throw new Error(
          `${prefix}: the create request failed (${messageOf(failure)}), and since then ` +
            `this has appeared: ${unsure}`,
          { cause: failure },
        );
      }
      // Anything else that appeared meanwhile is named too, never picked.
      const others = [...latest.keys()].filter((id) => !before.has(id) && id !== kind.id(found));
      if (others.length > 0) {
        core.context.progress(
          `${prefix}: not adopting ${others.join(", ")}, which appeared with this resource's ` +
            "ownership label or inputs while it looked for its own: if any of them is still " +
            "there after this `pulumi up`, nothing manages it: adopt it (adoptId) or delete it",
        );
      }
      return found;
    }
  } catch (lookup) {
    const seen = { before: [...before.keys()], at };
    if (lookup instanceof Ambiguous) {
      // Recorded as waiting for the user's choice: the next `up` stops at the same names
      // rather than order a third (issue 25, item 3; lost-create.ts, diffLost).
      throw lostCreateError(
        core,
        inputs,
        { ...seen, candidates: lookup.ids },
        `${prefix}: the create request failed (${messageOf(failure)}), and since then ` +
          `${lookup.ids.length} ${kind.noun}s matching it appeared: ${candidateList(lookup.ids)}. ` +
          `Nothing tells which one this create made, if any (${kind.noun}s have no labels)`,
        failure,
      );
    }
    if (
      !(lookup instanceof WaitTimeoutError) &&
      lookup instanceof Error &&
      lookup.cause === failure
    ) {
      throw lookup;
    }
    const timedOut = lookup instanceof WaitTimeoutError;
    // The order may still be committed: the state records a placeholder that the next `up`
    // resolves (placeholder.ts), rather than nothing, after which it would order again.
    throw lostCreateError(
      core,
      inputs,
      createLabel === undefined ? seen : { createLabel, at },
      `${prefix}: the create request failed (${messageOf(failure)}) and ` +
        (timedOut
          ? `no ${kind.noun} it made appeared within ${Math.round(windowMs / 1000)} s`
          : `the look-up for what it may have made failed (${messageOf(lookup)})`) +
        `. An order may still appear, ${labelsText}`,
      failure,
    );
  }
  throw failure;
}
