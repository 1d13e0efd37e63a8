// A create made to fail part-way on purpose, for the tests of every layer (engine harness, real
// CLI): the API makes the object, and the simulator holds the transitions its POST starts
// (the holdTransitions fault) until the faults change. So a short create timeout (1 ms) surely
// ends with the object still coming up, a partial create, however loaded the machine is: a
// transition of a few hundred milliseconds could end before the first poll on a busy machine,
// and the create then succeeded. Setting other faults (setFaults({})) lets the object finish.
import type { FaultOptions } from "../../simulator";

/** Holds what the first POST to each of `paths` starts ("/v1/...", a glob as faults take it). */
export function createsHeld(...paths: readonly string[]): FaultOptions {
  return {
    rules: paths.map((path) => ({
      kind: "holdTransitions",
      probability: 1,
      method: "POST",
      path,
      times: 1,
    })),
  };
}
