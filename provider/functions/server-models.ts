// Server models of a location (what a dedicated server is built on) and the RAM sizes each one
// can be ordered with.
import type { RamOption, ServerModel, ServerModelDriveSlot } from "../../sdk/areas/locations";
import {
  definedFields,
  oneOf,
  optionalBoolean,
  optionalText,
  text,
  wholeNumber,
} from "./framework/args";
import { getById } from "./framework/by-id";
import { camelFields } from "./framework/fields";
import { type Lookup, type LookupOptions, outputForm, promiseForm } from "./framework/invoke";
import { collectPages } from "./framework/lists";
import { nameCandidate, pickByName } from "./framework/match";
import { locationWhere } from "./locations";

export interface GetServerModelsArgs {
  /** The location (its id; see the getLocation function). */
  readonly locationId: number;
  /** Only models whose name contains this text. */
  readonly searchPattern?: string;
  /** Only models with (true) or without (false) a RAID controller. */
  readonly hasRaidController?: boolean;
}

/** A server model of a location by exactly one of id or name (case-insensitive). */
export interface GetServerModelArgs {
  /** The location (its id; see the getLocation function). */
  readonly locationId: number;
  /** The model's id (give exactly one of id and name). */
  readonly id?: number;
  /** The model's name, or whole words of it: "Dell R640", "r740xd". */
  readonly name?: string;
}

/** A drive slot of a server model. */
export interface ServerModelDriveSlotResult {
  /** The slot's position (the `position` of a DedicatedServer's drive slot). */
  readonly position: number;
  /** The slot's interface, e.g. `SATA3`. */
  readonly interface: string;
  /** The slot's form factor, e.g. `2.5`. */
  readonly formFactor: string;
  /** null for an empty slot, which the order fills. */
  readonly driveModelId: number | null;
  /** Whether a drive can be changed while the server runs. */
  readonly hotSwappable: boolean;
}

/** Fields the API may leave out are null. */
export interface GetServerModelResult {
  /** The model's id (the `serverModelId` property of a DedicatedServer). */
  readonly id: number;
  /** The model's name. */
  readonly name: string;
  /** The CPU model; null where the API does not say. */
  readonly cpuName: string | null;
  /** The number of CPUs; null where the API does not say. */
  readonly cpuCount: number | null;
  /** The number of CPU cores; null where the API does not say. */
  readonly cpuCoresCount: number | null;
  /** MHz. */
  readonly cpuFrequency: number | null;
  /** GB, the base amount. */
  readonly ram: number | null;
  /** The RAM type, e.g. `DDR4`; null where the API does not say. */
  readonly ramType: string | null;
  /** GB. */
  readonly maxRam: number | null;
  /** Whether the model has a RAID controller; null where the API does not say. */
  readonly hasRaidController: boolean | null;
  /** The RAID controller's name; null where the API does not say. */
  readonly raidControllerName: string | null;
  /** The number of drive slots; null where the API does not say. */
  readonly driveSlotsCount: number | null;
  /** The drive slots; getServerModel always has them, getServerModels only where the list does. */
  readonly driveSlots: ServerModelDriveSlotResult[] | null;
}

export interface GetServerModelsResult {
  /** The server models, in the API's order. */
  readonly serverModels: GetServerModelResult[];
}

export interface GetRamOptionsArgs {
  /** The location (its id; see the getLocation function). */
  readonly locationId: number;
  /** The server model (its id; see the getServerModel function). */
  readonly serverModelId: number;
}

/** A RAM size a server model can be ordered with. */
export interface RamOptionResult {
  /** GB. */
  readonly ram: number;
  /** The RAM type; null where the API does not say. */
  readonly type: string | null;
}

export interface GetRamOptionsResult {
  /** The RAM options, in the API's order. */
  readonly ramOptions: RamOptionResult[];
}

/** The server models (what a dedicated server is built on) a location offers (at most 1,000). */
export function getServerModels(
  args: GetServerModelsArgs,
  opts?: LookupOptions,
): Promise<GetServerModelsResult> {
  return promiseForm("getServerModels", opts, async (lookup) => {
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    const searchPattern = optionalText(lookup.fn, args, "searchPattern");
    const hasRaidController = optionalBoolean(lookup.fn, args, "hasRaidController");
    const models = await listServerModels(
      lookup,
      locationId,
      definedFields({ searchPattern, hasRaidController }),
    );
    return { serverModels: models.map(serverModelResult) };
  });
}

export const getServerModelsOutput = outputForm(getServerModels);

/** One server model of a location, by exactly one of id or name, with its drive slots. */
export function getServerModel(
  args: GetServerModelArgs,
  opts?: LookupOptions,
): Promise<GetServerModelResult> {
  return promiseForm("getServerModel", opts, async (lookup) => {
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    const key = oneOf(lookup.fn, args, ["id", "name"]);
    let id: number;
    if (key === "id") {
      id = wholeNumber(lookup.fn, args, "id");
    } else {
      const model = await pickByName(
        {
          fn: lookup.fn,
          what: "server model",
          query: text(lookup.fn, args, "name"),
          mode: "words",
          where: locationWhere(lookup, locationId),
        },
        (await listServerModels(lookup, locationId, {})).map(nameCandidate),
      );
      id = model.id;
    }
    // One more GET after a match by name: the list leaves out the drive slots.
    const model = await getById(lookup, "server model", id, () =>
      lookup.client.locations.getServerModel(locationId, id, lookup.call),
    );
    return serverModelResult(model);
  });
}

export const getServerModelOutput = outputForm(getServerModel);

/** The RAM sizes a server model can be ordered with in a location. */
export function getRamOptions(
  args: GetRamOptionsArgs,
  opts?: LookupOptions,
): Promise<GetRamOptionsResult> {
  return promiseForm("getRamOptions", opts, async (lookup) => {
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    const serverModelId = wholeNumber(lookup.fn, args, "serverModelId");
    const options = await collectPages(lookup, { what: "RAM options" }, (page) =>
      lookup.client.locations.listRamOptions(locationId, serverModelId, page, lookup.call),
    );
    return { ramOptions: options.map(ramOptionResult) };
  });
}

export const getRamOptionsOutput = outputForm(getRamOptions);

function listServerModels(
  lookup: Lookup,
  locationId: number,
  filters: { readonly searchPattern?: string; readonly hasRaidController?: boolean },
): Promise<ServerModel[]> {
  return collectPages(lookup, { what: "server models" }, (page) =>
    lookup.client.locations.listServerModels(locationId, { ...page, ...filters }, lookup.call),
  );
}

/** What a server model and an SBM flavor both say of the machine (getSbmFlavorModel too). */
export const MACHINE_FIELDS = [
  "id",
  "name",
  "cpu_name",
  "cpu_count",
  "cpu_cores_count",
  "cpu_frequency",
] as const;

function serverModelResult(model: ServerModel): GetServerModelResult {
  return {
    ...camelFields(model, [
      ...MACHINE_FIELDS,
      "ram",
      "ram_type",
      "max_ram",
      "has_raid_controller",
      "raid_controller_name",
      "drive_slots_count",
    ]),
    driveSlots: model.drive_slots?.map(driveSlotResult) ?? null,
  };
}

function driveSlotResult(slot: ServerModelDriveSlot): ServerModelDriveSlotResult {
  return camelFields(slot, [
    "position",
    "interface",
    "form_factor",
    "drive_model_id",
    "hot_swappable",
  ]);
}

function ramOptionResult(option: RamOption): RamOptionResult {
  return { ram: option.ram, type: option.type ?? null };
}
