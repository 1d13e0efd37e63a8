// The state file: the whole store plus the simulated clock, written atomically (a temporary file
// renamed over the old one), so a crash mid-write leaves the previous state intact and a restart
// resumes every record and every transition in flight.
import { readFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import type { StoreSnapshot } from "./store";

const FORMAT = "serverscom-simulator-state";
const VERSION = 1;

export interface SavedState {
  /** The simulated time of the save: the clock continues from here. */
  readonly clockNow: number;
  readonly store: StoreSnapshot;
  /**
   * The bearer token the simulator required: a restart without --token keeps it, so the
   * SERVERSCOM_API_TOKEN pasted from the first start stays valid. (A simulator's own token, never
   * a real one.) Absent in files written before it was kept.
   */
  readonly token?: string;
}

interface StateFileContent extends SavedState {
  readonly format: typeof FORMAT;
  readonly version: typeof VERSION;
}

/** The saved state, or undefined when the file does not exist yet (first start). */
export function readStateFile(path: string): SavedState | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  // A file we cannot read is refused rather than overwritten: it may be a user's only copy.
  let content: Partial<StateFileContent>;
  try {
    content = JSON.parse(text) as Partial<StateFileContent>;
  } catch (error) {
    throw new Error(`state file ${path} is not valid JSON: ${String(error)}`);
  }
  if (content.format !== FORMAT || content.version !== VERSION) {
    throw new Error(`state file ${path} is not a ${FORMAT} file of version ${VERSION}`);
  }
  if (
    typeof content.clockNow !== "number" ||
    typeof content.store !== "object" ||
    content.store === null
  ) {
    throw new Error(`state file ${path} lacks the clock or the store`);
  }
  return {
    clockNow: content.clockNow,
    store: content.store,
    ...(typeof content.token === "string" && content.token !== "" ? { token: content.token } : {}),
  };
}

/**
 * Writes are serialised and coalesced: while one write runs, every flush requested meanwhile
 * shares the next write, which snapshots the state when it starts and so includes their changes.
 */
export class StateFileWriter {
  private chain: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;

  constructor(
    private readonly path: string,
    private readonly snapshot: () => SavedState,
  ) {}

  flush(): Promise<void> {
    if (this.queued !== undefined) return this.queued;
    const write = this.chain.then(() => {
      this.queued = undefined;
      return this.write();
    });
    this.queued = write;
    // The chain only orders writes; a failed write is reported to its own callers through `write`.
    this.chain = write.then(
      () => undefined,
      () => undefined,
    );
    return write;
  }

  private async write(): Promise<void> {
    const content: StateFileContent = { format: FORMAT, version: VERSION, ...this.snapshot() };
    const text = JSON.stringify(content);
    const temporary = `${this.path}.${process.pid}.tmp`;
    await writeFile(temporary, text, "utf8");
    await rename(temporary, this.path);
  }
}
