// The fresh state: the seed catalogue, the account, every area's seed records, then the records
// of the `seed` option. Used at first start and by the reset hook.
import {
  CATALOGUE_COLLECTIONS,
  defaultAccount,
  defaultCatalogue,
  mergeCatalogue,
} from "../seed/catalogue";
import type { Area, Json, SimContext, WireRecord } from "./contract";
import type { SeedOptions } from "./options";

function keyOf(record: WireRecord): string | undefined {
  const key = record.id ?? record.fingerprint;
  return typeof key === "string" || typeof key === "number" ? String(key) : undefined;
}

export function seedFreshState(
  ctx: SimContext,
  areas: readonly Area[],
  seed: SeedOptions = {},
): void {
  const { store } = ctx;
  Object.assign(store.account, structuredClone(defaultAccount) as { [key: string]: Json });
  if (seed.account !== undefined) Object.assign(store.account, structuredClone(seed.account));

  const catalogue = mergeCatalogue(defaultCatalogue, seed.catalogue);
  for (const collection of CATALOGUE_COLLECTIONS) {
    for (const record of catalogue[collection]) store.insert(collection, record);
  }
  // In list order: an area may read what an earlier one seeded (bare metal nodes after clusters).
  for (const area of areas) area.seed?.(ctx);
  for (const [collection, records] of Object.entries(seed.records ?? {})) {
    // SSH keys have no id: their fingerprint is their key (wire-notes.md).
    for (const record of records) store.insert(collection, record, [], keyOf(record));
  }
}
