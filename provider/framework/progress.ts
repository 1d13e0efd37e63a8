// Progress lines (architecture.md, item 10): the CLI shows the provider process's stderr, so a
// long wait prints one concise line per observed state change, never one per poll:
//   serverscom:RbsVolume data (Rbs2KdWL): creating -> active after 41s
import { clean } from "../../sdk/core/redact";
import type { StateChange } from "../../sdk/wait";
import { formatDuration } from "../../sdk/wait";

/** Where progress lines go: stderr in the provider host, an array in tests. */
export type ProgressSink = (line: string) => void;

/**
 * A line holds names, ids and states the user or the server chose: it is cleaned (no token or
 * registered secret, control characters escaped) so it stays one line of the CLI's output.
 */
export const stderrSink: ProgressSink = (line) => {
  process.stderr.write(`${clean(line)}\n`);
};

/** The subject of progress lines: `serverscom:RbsVolume data (Rbs2KdWL)`. */
export function subject(kind: string, display: string, id: string): string {
  return `serverscom:${kind} ${display} (${id})`;
}

/** One line for a state change reported by sdk/wait.ts; the first observation has no arrow. */
export function stateChangeLine(prefix: string, change: StateChange<unknown>): string {
  if (change.previous === undefined) return `${prefix}: ${change.state}`;
  return `${prefix}: ${change.previous} -> ${change.state} after ${formatDuration(change.elapsedMs)}`;
}
