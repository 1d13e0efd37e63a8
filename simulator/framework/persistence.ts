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
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    if (code === "EISDIR") {
      throw new Error(
        `state file ${path} is a directory: give the path of a file (created on the first start)`,
      );
    }
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
  const problem = structureProblem(content);
  if (problem !== undefined) {
    // Refused, not repaired: starting fresh would overwrite the file at the first save.
    throw new Error(`state file ${path} is not a valid state: ${problem}; fix or remove it`);
  }
  return {
    clockNow: content.clockNow as number,
    store: content.store as StoreSnapshot,
    ...(typeof content.token === "string" && content.token !== "" ? { token: content.token } : {}),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JSON path for a message: keys come from the file, so they are quoted. */
function at(...keys: string[]): string {
  return keys
    .map((key) => `[${JSON.stringify(key.length > 60 ? `${key.slice(0, 60)}...` : key)}]`)
    .join("");
}

/**
 * The first way the file's content departs from what the store restores (StoreSnapshot), or
 * undefined: checked whole before anything is restored, so a bad file fails the start with the
 * place it went wrong rather than as a TypeError from deep inside the store, or later.
 */
function structureProblem(content: Partial<StateFileContent>): string | undefined {
  if (typeof content.clockNow !== "number" || !Number.isFinite(content.clockNow)) {
    return "clockNow must be a number (the simulated time of the save)";
  }
  const store: unknown = content.store;
  if (!isObject(store)) return "store must be an object";
  if (!isObject(store.collections)) return "store.collections must be an object of collections";
  if (!isObject(store.account)) return "store.account must be an object";
  if (!isObject(store.flags)) return "store.flags must be an object";
  for (const [name, records] of Object.entries(store.collections)) {
    const where = `store.collections${at(name)}`;
    if (!isObject(records)) return `${where} must be an object of records by id`;
    for (const [key, entry] of Object.entries(records)) {
      const here = `${where}${at(key)}`;
      if (!isObject(entry)) return `${here} must be an object with record and steps`;
      if (!isObject(entry.record)) return `${here}.record must be an object`;
      if (!Array.isArray(entry.steps)) return `${here}.steps must be an array`;
      for (const [index, step] of entry.steps.entries()) {
        const stepAt = `${here}.steps[${index}]`;
        if (!isObject(step)) return `${stepAt} must be an object`;
        if (typeof step.dueAt !== "number" || !Number.isFinite(step.dueAt)) {
          return `${stepAt}.dueAt must be a number`;
        }
        if (step.set !== undefined && !isObject(step.set)) return `${stepAt}.set must be an object`;
        if (step.remove !== undefined && step.remove !== true) {
          return `${stepAt}.remove must be true when present`;
        }
      }
    }
  }
  return undefined;
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
    // It holds the API token: readable by its owner only (a shared machine).
    await writeFile(temporary, text, { encoding: "utf8", mode: 0o600 });
    await rename(temporary, this.path);
  }
}
