// Every wait of the lifecycle: a dynamic provider's create, update and delete return only when
// the object is where the engine will record it (ready, changed, gone), within the resource's
// `customTimeouts`, printing one progress line per state change (the CLI shows the provider's
// stderr; architecture.md, item 10). Polls of one kind share list rounds (shared-polls.ts).

import type { ServersComClient } from "../../sdk/client";
import { isRetryable } from "../../sdk/core/errors";
import { type StateChange, type WaitOptions, waitFor } from "../../sdk/wait";
import type { PropertyBag } from "./check";
import type { UpdateWait } from "./kind";
import type { KindCore } from "./kind-core";
import { stateChangeLine } from "./progress";
import { sharedPolls } from "./shared-polls";

/** The object vanished while the provider was working on it. */
export class ObjectGone extends Error {
  override name = "ObjectGone";
}

const GONE = Symbol("gone");

/**
 * Runs one of the kind's requests; while the API refuses it only for now (kind.busy), repeats
 * it with backoff until the deadline, printing a line when it starts and when it ends. Other
 * errors end at once: the SDK already retries what is transient and idempotent.
 */
export async function untilAccepted<Live extends object, T>(
  core: KindCore<Live>,
  bag: PropertyBag,
  id: string | undefined,
  timeoutMs: number,
  request: () => Promise<T>,
): Promise<T> {
  const { kind } = core;
  const busy = kind.busy?.bind(kind);
  if (busy === undefined) return request();
  const prefix = id === undefined ? core.prefix(bag) : core.subject(bag, id);
  const outcome = await waitFor<{ readonly value: T } | { readonly refused: string }>(
    async () => {
      try {
        return { value: await request() };
      } catch (error) {
        const reason = busy(error);
        if (reason === undefined) throw error;
        return { refused: reason };
      }
    },
    {
      ...core.tuning(),
      description: `the API to accept the request for ${kind.noun} ${id ?? kind.display(bag)}`,
      timeoutMs,
      state: (value) => ("refused" in value ? `busy (${value.refused})` : "accepted"),
      isSettled: (value) => "value" in value,
      // Accepted at once is the usual case: nothing to report then.
      onChange: (change) => {
        if (change.previous !== undefined || "refused" in change.value) {
          core.context.progress(stateChangeLine(prefix, change));
        }
      },
    },
  );
  // waitFor ends with a settled value, and only an accepted request is settled.
  if ("value" in outcome) return outcome.value;
  throw new Error(`${prefix}: ${outcome.refused}`);
}

/**
 * What every wait on one object shares: the kind, the client, the object's id, the inputs that
 * name it in progress lines, the operation's timeout, and where each record seen goes (`track`:
 * a failure records the last one).
 */
export interface ObjectWait<Live extends object> {
  readonly core: KindCore<Live>;
  readonly client: ServersComClient;
  readonly id: string;
  readonly bag: PropertyBag;
  readonly timeoutMs: number;
  readonly track: (value: Live) => void;
}

/**
 * Polls until ready; the object disappearing or failing ends the wait at once. A record that
 * is already ready ends it before any poll (and any progress line): nothing is pending.
 */
export async function waitReady<Live extends object>(
  on: ObjectWait<Live>,
  current: Live,
  operation: "create" | "update",
): Promise<Live> {
  const { kind } = on.core;
  if (kind.isReady(current)) return current;
  const ready: UpdateWait<Live> = {
    description: "to be ready",
    isDone: (record) => kind.isReady(record),
    failure: (record) => kind.failure?.(record),
  };
  // The create's answer is the first observation: its progress line is printed at once.
  const first =
    operation === "create" ? { ...provisioningTuning(on.core), initial: { value: current } } : {};
  return pollLive(on, operation, ready, first);
}

/** One step's wait of a multi-step update: like waitReady, with the step's own end, states and failures. */
export async function waitUntil<Live extends object>(
  on: ObjectWait<Live>,
  wait: UpdateWait<Live>,
): Promise<Live> {
  return pollLive(on, "update", wait, {});
}

/**
 * Polls the object until `wait` is done. Every record seen goes to `track` (a failure records
 * the last one); the object disappearing (404) or being deleted ends the wait at once.
 */
async function pollLive<Live extends object>(
  { core, client, id, bag, timeoutMs, track }: ObjectWait<Live>,
  operation: "create" | "update",
  wait: UpdateWait<Live>,
  first: Pick<WaitOptions<Live>, "firstDelayMs" | "minDelayMs" | "maxDelayMs" | "initial">,
): Promise<Live> {
  const { kind } = core;
  const prefix = core.subject(bag, id);
  const poll = sharedPolls.poller(kind, client, id, core.tuning().clock);
  return waitFor(
    async () => {
      const record = await poll.get();
      if (record === undefined) {
        throw new ObjectGone(`the ${kind.noun} disappeared (404) during the ${operation}`);
      }
      track(record);
      return record;
    },
    {
      ...core.tuning(),
      ...first,
      description: `${kind.noun} ${id} ${wait.description}`,
      timeoutMs,
      state: (record) => (wait.state === undefined ? kind.state(record) : wait.state(record)),
      isSettled: (record) => wait.isDone(record),
      isFailed: (record) => (core.isGone(record) ? "it is being deleted" : wait.failure?.(record)),
      retryOn: isRetryable,
      onChange: (change: StateChange<Live>) =>
        core.context.progress(stateChangeLine(prefix, change)),
    },
  );
}

/** Polls until the object is gone (a 404), within the delete timeout. */
export async function waitGone<Live extends object>(
  core: KindCore<Live>,
  client: ServersComClient,
  id: string,
  props: PropertyBag,
): Promise<void> {
  const { kind } = core;
  const prefix = core.subject(props, id);
  const poll = sharedPolls.poller(kind, client, id, core.tuning().clock);
  await waitFor<Live | typeof GONE>(
    async () => {
      const record = await poll.get();
      return record === undefined ? GONE : record;
    },
    {
      ...core.tuning(),
      description: `${kind.noun} ${id} to be deleted`,
      timeoutMs: core.timeouts(props).delete,
      state: (value) => (value === GONE ? "gone" : kind.state(value)),
      isSettled: (value) => value === GONE,
      retryOn: isRetryable,
      onChange: (change) => core.context.progress(stateChangeLine(prefix, change)),
    },
  );
}

/**
 * The kind's create schedule (kind.ts, PollSchedule) as wait options; nothing when the kind has
 * none or the surroundings set their own delays (SERVERSCOM_POLL_INTERVAL_MS), which win.
 */
function provisioningTuning<Live extends object>(
  core: KindCore<Live>,
): Pick<WaitOptions<Live>, "firstDelayMs" | "minDelayMs" | "maxDelayMs"> {
  const schedule = core.kind.provisioning;
  const tuning = core.tuning();
  if (
    schedule === undefined ||
    tuning.minDelayMs !== undefined ||
    tuning.maxDelayMs !== undefined
  ) {
    return {};
  }
  return {
    firstDelayMs: schedule.firstPollMs,
    minDelayMs: schedule.intervalMs,
    maxDelayMs: schedule.intervalMs * 1.5,
  };
}
