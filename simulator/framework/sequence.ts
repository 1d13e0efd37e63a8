// Numbered things (addresses, VLANs) come from counters kept in the store's flags, so they never
// repeat, survive a restart with the state file, and start over on reset.
import type { SimContext } from "./contract";

/** The next number of the counter `name`: `first` the first time, then one more each time. */
export function nextSequence(ctx: SimContext, name: string, first = 1): number {
  const previous = ctx.store.flags[name];
  const next = typeof previous === "number" ? previous + 1 : first;
  ctx.store.flags[name] = next;
  return next;
}
