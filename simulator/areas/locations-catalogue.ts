// Reading the seed catalogue from the store: which option exists, and where. Shared by the
// locations area (which lists it) and the host areas (which validate orders against it).
import { type FieldErrors, integerProblem } from "../framework/body";
import type { SimContext, WireRecord } from "../framework/contract";
import { LOCATIONS, numberList, stringList } from "./hosts-shared";

export const SERVER_MODELS = "server_models";
export const DRIVE_MODELS = "drive_models";
export const OPERATING_SYSTEMS = "operating_systems";
export const UPLINK_MODELS = "uplink_models";
export const BANDWIDTH_OPTIONS = "bandwidth_options";
export const SBM_FLAVOR_MODELS = "sbm_flavor_models";

type Store = SimContext["store"];

/** Path and body ids are integers; a path segment that is not one names nothing. */
export function idOf(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isInteger(value) ? value : undefined;
  if (typeof value === "string" && /^[0-9]{1,15}$/.test(value)) return Number(value);
  return undefined;
}

export function location(store: Store, id: unknown): WireRecord | undefined {
  const n = idOf(id);
  return n === undefined ? undefined : store.get(LOCATIONS, String(n));
}

/** The location an order names, or undefined with a field error under location_id. */
export function orderLocation(
  store: Store,
  value: unknown,
  errors: FieldErrors,
): WireRecord | undefined {
  // A body id must be a JSON integer: "1" is refused, not looked up (path ids are strings).
  const problem = integerProblem(value);
  const loc = problem === undefined ? location(store, value) : undefined;
  if (loc === undefined) errors.location_id = problem ?? `location ${value} does not exist`;
  return loc;
}

export function supportsFeature(loc: WireRecord, feature: string): boolean {
  return stringList(loc.supported_features).includes(feature);
}

function availableIn(record: WireRecord | undefined, locationId: number): WireRecord | undefined {
  return record !== undefined && numberList(record._location_ids).includes(locationId)
    ? record
    : undefined;
}

export function serverModel(store: Store, locationId: number, id: unknown): WireRecord | undefined {
  const n = idOf(id);
  return n === undefined ? undefined : availableIn(store.get(SERVER_MODELS, String(n)), locationId);
}

export function serverModels(store: Store, locationId: number): WireRecord[] {
  return store.all(SERVER_MODELS).filter((m) => numberList(m._location_ids).includes(locationId));
}

/** Records of `collection` whose ids the parent lists under `field`, in that order. */
function linked(store: Store, parent: WireRecord, field: string, collection: string): WireRecord[] {
  return numberList(parent[field])
    .map((id) => store.get(collection, String(id)))
    .filter((r): r is WireRecord => r !== undefined);
}

export function driveModels(store: Store, model: WireRecord): WireRecord[] {
  return linked(store, model, "_drive_model_ids", DRIVE_MODELS);
}

export function uplinkModels(store: Store, model: WireRecord): WireRecord[] {
  return linked(store, model, "_uplink_model_ids", UPLINK_MODELS);
}

export function bandwidthOptions(store: Store, uplink: WireRecord): WireRecord[] {
  return linked(store, uplink, "_bandwidth_ids", BANDWIDTH_OPTIONS);
}

/** Operating systems of a server model that the location offers. */
export function operatingSystems(
  store: Store,
  locationId: number,
  model: WireRecord,
): WireRecord[] {
  return linked(store, model, "_operating_system_ids", OPERATING_SYSTEMS).filter((os) =>
    numberList(os._location_ids).includes(locationId),
  );
}

export function ramOptions(model: WireRecord): WireRecord[] {
  return numberList(model._ram_sizes).map((ram) => ({ ram, type: model.ram_type ?? null }));
}

export function sbmFlavor(store: Store, locationId: number, id: unknown): WireRecord | undefined {
  const n = idOf(id);
  return n === undefined
    ? undefined
    : availableIn(store.get(SBM_FLAVOR_MODELS, String(n)), locationId);
}

export function sbmFlavors(store: Store, locationId: number): WireRecord[] {
  return store
    .all(SBM_FLAVOR_MODELS)
    .filter((f) => numberList(f._location_ids).includes(locationId));
}

/** "Windows systems are unavailable for SBM servers" (api-spec.md, SBM servers). */
export function isWindows(os: WireRecord): boolean {
  return /windows/i.test(String(os.name)) || /windows/i.test(String(os.full_name));
}

/** Operating systems an SBM flavor can run in a location: the location's, Windows excluded. */
export function sbmOperatingSystems(store: Store, locationId: number): WireRecord[] {
  return store
    .all(OPERATING_SYSTEMS)
    .filter((os) => numberList(os._location_ids).includes(locationId) && !isWindows(os));
}
