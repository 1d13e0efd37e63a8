// Locations: where dedicated and SBM servers are ordered, and what each one offers. iPXE Boot is
// available where the location's supported_features name it (wire-notes.md).
import { ipxeBootModes, type Location } from "../../sdk/areas/locations";
import { ServersComError } from "../../sdk/core/errors";
import { definedFields, oneOf, optionalText, text, wholeNumber } from "./framework/args";
import { getById } from "./framework/by-id";
import { type Lookup, type LookupOptions, outputForm, promiseForm } from "./framework/invoke";
import { collect, PAGE_SIZE } from "./framework/lists";
import { namedCandidate, pickByName } from "./framework/match";

export interface GetLocationsArgs {
  /** Only locations whose name contains this text. */
  readonly searchPattern?: string;
}

/** A location by exactly one of id, code or name (case-insensitive). */
export interface GetLocationArgs {
  /** The location's id (give exactly one of id, code and name). */
  readonly id?: number;
  /** The location's code, such as "AMS1". */
  readonly code?: string;
  /** The location's name, such as "Amsterdam". */
  readonly name?: string;
}

/** Whether a location offers each iPXE Boot mode (features private_ipxe_boot, public_ipxe_boot). */
export interface IpxeBootSupport {
  /** Whether private iPXE boot can be ordered here. */
  readonly private: boolean;
  /** Whether public iPXE boot can be ordered here. */
  readonly public: boolean;
}

/** A location of the service (a data center). */
export interface GetLocationResult {
  /** The location's id. */
  readonly id: number;
  /** The location's name, e.g. `AMS1`'s `Amsterdam`. */
  readonly name: string;
  /** The location's code, e.g. `AMS1`. */
  readonly code: string;
  /** null when the record does not carry it. */
  readonly status: string | null;
  /** The additional features servers can have here, by their API names. */
  readonly supportedFeatures: string[];
  /** Which iPXE boot features the location offers (derived from `supportedFeatures`). */
  readonly ipxeBoot: IpxeBootSupport;
  /** null when the record does not say. */
  readonly l2SegmentsEnabled: boolean | null;
  /** null when the API does not say. */
  readonly privateRacksEnabled: boolean | null;
  /** null when the API does not say. */
  readonly loadBalancersEnabled: boolean | null;
}

export interface GetLocationsResult {
  /** The locations, in the API's order. */
  readonly locations: GetLocationResult[];
}

/** Every location of the service (at most 1,000), optionally those whose name contains a text. */
export function getLocations(
  args: GetLocationsArgs = {},
  opts?: LookupOptions,
): Promise<GetLocationsResult> {
  return promiseForm("getLocations", opts, async (lookup) => {
    const searchPattern = optionalText(lookup.fn, args, "searchPattern");
    const locations = await listLocations(lookup, searchPattern);
    return { locations: locations.map(locationResult) };
  });
}

export const getLocationsOutput = outputForm(getLocations);

/**
 * One location, by exactly one of id, code (exact but for case, e.g. `AMS1`) or name
 * (case-insensitive, e.g. `amsterdam`).
 */
export function getLocation(
  args: GetLocationArgs,
  opts?: LookupOptions,
): Promise<GetLocationResult> {
  return promiseForm("getLocation", opts, async (lookup) => {
    const key = oneOf(lookup.fn, args, ["id", "code", "name"]);
    if (key === "id") {
      const id = wholeNumber(lookup.fn, args, "id");
      const location = await getById(lookup, "location", id, () =>
        lookup.client.locations.get(id, lookup.call),
      );
      return locationResult(location);
    }
    const query = text(lookup.fn, args, key);
    const location = await pickByName(
      { fn: lookup.fn, what: "location", query, mode: key === "code" ? "exact" : "words" },
      (await listLocations(lookup, undefined)).map((candidate) =>
        namedCandidate(candidate, key === "code" ? candidate.code : candidate.name),
      ),
    );
    return locationResult(location);
  });
}

export const getLocationOutput = outputForm(getLocation);

function listLocations(lookup: Lookup, searchPattern: string | undefined): Promise<Location[]> {
  const list = lookup.client.locations.list(
    { perPage: PAGE_SIZE, ...definedFields({ searchPattern }) },
    lookup.call,
  );
  return collect(list, { fn: lookup.fn, what: "locations" });
}

export function locationResult(location: Location): GetLocationResult {
  const modes = ipxeBootModes(location);
  return {
    id: location.id,
    name: location.name,
    code: location.code,
    status: location.status ?? null,
    supportedFeatures: [...location.supported_features],
    ipxeBoot: {
      private: modes.includes("private_ipxe_boot"),
      public: modes.includes("public_ipxe_boot"),
    },
    l2SegmentsEnabled: location.l2_segments_enabled ?? null,
    privateRacksEnabled: location.private_racks_enabled ?? null,
    loadBalancersEnabled: location.load_balancers_enabled ?? null,
  };
}

/**
 * " in location AMS1" for the messages of lookups under a location (`detail` goes before it).
 * Read only when a lookup fails; if the location cannot be read either, its id stands in, so the
 * first failure is the one reported.
 */
export function locationWhere(
  lookup: Lookup,
  locationId: number,
  detail = "",
): () => Promise<string> {
  return async () => {
    let name = String(locationId);
    try {
      name = (await lookup.client.locations.get(locationId, lookup.call)).code;
    } catch (error) {
      if (!(error instanceof ServersComError)) throw error;
    }
    return `${detail} in location ${name}`;
  };
}
