// The fault soak's last duplicates (issue 25), as one fault set for the tests of every layer
// (provider, engine harness, real CLI): an answer before the create says the request budget is
// spent until tomorrow but for one request, which the POST spends; the POST is applied and its
// answer lost. The create's look-up for what it made would wait past the budget's bounds.
import type { FaultOptions } from "../../simulator";

/** The faults for a create on `path` (the collection's path, "/v1/..."). */
export function lostAnswerUnderSpentBudget(path: string): FaultOptions {
  return {
    rules: [
      {
        kind: "rateLimitHeaders",
        probability: 1,
        times: 1,
        method: "GET",
        path,
        headers: {
          "x-ratelimit-limit": "2000",
          "x-ratelimit-remaining": "1",
          "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 86_400),
        },
      },
      { kind: "dropResponseAfterApply", probability: 1, times: 1, method: "POST", path },
    ],
  };
}
