// Errors the provider throws to the engine.
import { ServersComError } from "../../sdk/core/errors";

/**
 * The object exists but did not become ready (architecture.md, item 7). The dynamic provider host
 * turns an error carrying `id` into an ErrorResourceInitFailed detail with `properties` and
 * `reasons` (cmd/dynamic-provider/index.js, grpcResponseFromError); the engine then records the
 * resource with that id and those properties as its outputs, marks it with init errors, and the
 * next `pulumi up` calls `update` even without a diff (pkg/resource/deploy/step_generator.go:
 * "If resource was unchanged, but there were initialization errors"), which resumes the wait.
 * A plain error after a successful POST would instead leave the object out of the state.
 */
export class PartialResourceError extends Error {
  override name = "PartialResourceError";
  constructor(
    message: string,
    /** The object's id: the host checks `e.id` to decide that the object exists. */
    readonly id: string,
    /**
     * Outputs to record: the inputs (with `__provider`, which the host does not add to error
     * properties, and without which a later refresh could not load the provider) merged with the
     * last record seen. Never secrets.
     */
    readonly properties: Record<string, unknown>,
    readonly reasons: string[],
    /**
     * Asks the engine to Read the resource before the next `up` changes anything (native door
     * only: @pulumi/pulumi's dynamic provider host never sends it). A lost create's placeholder
     * sets it, so that Read can answer its order's real id (placeholder.ts).
     */
    readonly refreshBeforeUpdate = false,
  ) {
    super(message);
  }
}

/** An error's message, for composing messages (never its stack, never its `cause` chain). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What the ownership look-up before a create is for (lifecycle.ts, findOwned). */
export const EARLIER_ORDER =
  "looking for an earlier order of this resource (an object carrying its ownership label) before ordering";

/**
 * Runs a request made on the user's behalf but not named by them, so that its failure says what it
 * was for ("looking for an earlier order of this resource: GET ... 401 ..."), not only the query.
 * The SDK's error keeps its class and fields; only its message is prefixed.
 */
export async function forPurpose<T>(purpose: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    // Only the request's own failures (the API's answer, the connection, a timeout): a reason a
    // kind gives on purpose to stop a create says what it means already.
    if (error instanceof ServersComError && !error.message.startsWith(purpose)) {
      error.message = `${purpose}: ${error.message}`;
    }
    throw error;
  }
}
