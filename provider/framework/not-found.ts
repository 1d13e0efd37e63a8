// A kind's `get` answers undefined for an object that is gone (kind.ts): the API's 404. One helper
// for every kind that reads a record (or a list under a parent) that may be gone.
import { NotFoundError } from "../../sdk/core/errors";

/** The request's answer, or undefined on 404 (the object, or its parent, is gone). */
export async function unlessNotFound<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}
