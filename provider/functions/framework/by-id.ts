// Lookup by id: one GET where the API has one, else the id among a list's items. A 404 becomes a
// NoMatchError that keeps the API's own message (it says which part of the path was not found:
// the drive model, or the location above it).
import { NotFoundError } from "../../../sdk/core/errors";
import { NoMatchError } from "./errors";
import type { Lookup } from "./invoke";

export async function getById<T>(
  lookup: Lookup,
  what: string,
  id: string | number,
  get: () => Promise<T>,
): Promise<T> {
  try {
    return await get();
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    throw new NoMatchError(`${lookup.fn}: no ${what} has id ${id} (${error.message})`);
  }
}

/** The item with this id among `items`, for lists the API offers no GET of one item for. */
export async function findById<T extends { readonly id: string | number }>(
  lookup: Lookup,
  what: string,
  id: string | number,
  items: readonly T[],
  where: () => Promise<string>,
): Promise<T> {
  const found = items.find((item) => item.id === id);
  if (found !== undefined) return found;
  const ids = items.map((item) => String(item.id));
  const available = ids.length === 0 ? "there are none" : `available: ${ids.join(", ")}`;
  throw new NoMatchError(`${lookup.fn}: no ${what} has id ${id}${await where()}; ${available}`);
}
