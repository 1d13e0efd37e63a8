// SERVERSCOM_REQUEST_BUDGET: a cap on the requests the provider host sends, below what the API's
// own rate-limit headers allow (sdk/core/rate-limit.ts). For an account shared with other tools:
// the API's budget is per account (or per token, the sources disagree: docs/wire.md), and this
// process cannot see what the others spend.
import { AsyncLocalStorage } from "node:async_hooks";
import type { RateLimitOptions } from "../../sdk/core/rate-limit";

export const REQUEST_BUDGET_ENV = "SERVERSCOM_REQUEST_BUDGET";

const UNITS: Readonly<Record<string, number>> = { s: 1_000, min: 60_000, h: 3_600_000 };

/** `<requests>/<h|min|s>`, such as `1000/h` or `30/min`; unset or empty: no local cap. */
export function requestBudgetFrom(
  env: Readonly<Record<string, string | undefined>>,
): RateLimitOptions {
  const text = env[REQUEST_BUDGET_ENV];
  if (text === undefined || text.trim() === "") return budgetHooks();
  const match = /^\s*(\d{1,9})\s*\/\s*(h|min|s)\s*$/.exec(text);
  const requests = match === null ? 0 : Number(match[1]);
  const windowMs = match === null ? undefined : UNITS[match[2] as string];
  if (windowMs === undefined || requests < 1) {
    throw new Error(
      `serverscom: the environment variable ${REQUEST_BUDGET_ENV} is "${text}", which is not a ` +
        "request budget: set it to a whole number of requests, at least 1, per hour, minute or " +
        "second (such as 1000/h or 30/min), or unset it to follow the API's own rate-limit headers",
    );
  }
  return { maxRequests: requests, windowMs, ...budgetHooks() };
}

/**
 * The operation a request belongs to (issue 25, item 5): its deadline (the resource's create,
 * update or delete timeout) and where its progress lines go. The lifecycle runs each create,
 * update and delete within one; the SDK's limiter asks it (`budgetHooks`) before a wait for the
 * budget, so the wait is announced and never outlasts the resource's timeout.
 */
interface Operation {
  readonly deadline: number;
  say(text: string): void;
}

const operations = new AsyncLocalStorage<Operation>();

/** Runs `run` as one operation of a resource: its budget waits end by `deadline` (epoch ms). */
export function withinOperation<T>(
  deadline: number,
  say: (text: string) => void,
  run: () => Promise<T>,
): Promise<T> {
  return operations.run({ deadline, say }, run);
}

/**
 * The limiter's hooks: the current operation's deadline, and a progress line for every wait
 * (through the operation's door; stderr outside one, such as a refresh's reads).
 */
export function budgetHooks(): Pick<RateLimitOptions, "deadline" | "onWait"> {
  return {
    deadline: () => operations.getStore()?.deadline,
    onWait: (wait) => {
      const text =
        `waiting ${Math.ceil(wait.ms / 1000)} s for the request budget: ${wait.reason} ` +
        "(docs/reliability.md, rate limit)";
      const operation = operations.getStore();
      if (operation === undefined) process.stderr.write(`serverscom: ${text}\n`);
      else operation.say(text);
    },
  };
}
