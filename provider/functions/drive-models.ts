// Drive models a server model's slots can hold in a location; one of them through the spec's
// endpoint GET /locations/{loc}/order_options/server_models/{sm}/drive_models/{id}.
import type { DriveModel } from "../../sdk/areas/locations";
import { driveModelResult, type GetDriveModelResult } from "./drive-slot-result";
import { definedFields, optionalText, wholeNumber } from "./framework/args";
import { type Lookup, type LookupOptions, outputForm, promiseForm } from "./framework/invoke";
import { collect, PAGE_SIZE } from "./framework/lists";
import { catalogueItem } from "./framework/one";
import { locationWhere } from "./locations";

export interface GetDriveModelsArgs {
  /** The location (its id; see the getLocation function). */
  readonly locationId: number;
  /** The server model (its id; see the getServerModel function). */
  readonly serverModelId: number;
  /** Only models whose name contains this text. */
  readonly searchPattern?: string;
  /** Only this media type: "SSD", "HDD", "NVMe"... */
  readonly mediaType?: string;
  /** Only this interface: "SATA3", "SAS", "NVMe"... */
  readonly interface?: string;
}

/** One drive model by exactly one of id or name (case-insensitive). */
export interface GetDriveModelArgs {
  /** The location (its id; see the getLocation function). */
  readonly locationId: number;
  /** The server model (its id; see the getServerModel function). */
  readonly serverModelId: number;
  /** The drive model's id (give exactly one of id and name). */
  readonly id?: number;
  /** The model's name, or whole words of it that fit one model only ("PM883"). */
  readonly name?: string;
}

export type { GetDriveModelResult };

export interface GetDriveModelsResult {
  /** The drive models, in the API's order. */
  readonly driveModels: GetDriveModelResult[];
}

/** The drive models a server model can be ordered with in a location. */
export function getDriveModels(
  args: GetDriveModelsArgs,
  opts?: LookupOptions,
): Promise<GetDriveModelsResult> {
  return promiseForm("getDriveModels", opts, async (lookup) => {
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    const serverModelId = wholeNumber(lookup.fn, args, "serverModelId");
    const filters = {
      searchPattern: optionalText(lookup.fn, args, "searchPattern"),
      mediaType: optionalText(lookup.fn, args, "mediaType"),
      interface: optionalText(lookup.fn, args, "interface"),
    };
    const models = await listDriveModels(lookup, locationId, serverModelId, filters);
    return { driveModels: models.map(driveModelResult) };
  });
}

export const getDriveModelsOutput = outputForm(getDriveModels);

/**
 * One drive model a server model can be ordered with in a location, by exactly one of id or name.
 */
export function getDriveModel(
  args: GetDriveModelArgs,
  opts?: LookupOptions,
): Promise<GetDriveModelResult> {
  return promiseForm("getDriveModel", opts, async (lookup) => {
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    const serverModelId = wholeNumber(lookup.fn, args, "serverModelId");
    const model = await catalogueItem(lookup, args, {
      what: "drive model",
      where: locationWhere(lookup, locationId, ` for server model ${serverModelId}`),
      get: (id) =>
        lookup.client.locations.getDriveModel(locationId, serverModelId, id, lookup.call),
      list: () => listDriveModels(lookup, locationId, serverModelId, {}),
    });
    return driveModelResult(model);
  });
}

export const getDriveModelOutput = outputForm(getDriveModel);

function listDriveModels(
  lookup: Lookup,
  locationId: number,
  serverModelId: number,
  filters: {
    readonly searchPattern?: string | undefined;
    readonly mediaType?: string | undefined;
    readonly interface?: string | undefined;
  },
): Promise<DriveModel[]> {
  const options = { perPage: PAGE_SIZE, ...definedFields(filters) };
  return collect(
    lookup.client.locations.listDriveModels(locationId, serverModelId, options, lookup.call),
    { fn: lookup.fn, what: "drive models" },
  );
}
