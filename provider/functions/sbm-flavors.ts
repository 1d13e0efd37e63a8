// SBM flavor models: the fixed configurations a Scalable Bare Metal server is ordered as, per
// location. Their operating systems are looked up with getOperatingSystem(s) and sbmFlavorModelId.
import type { SbmFlavorModel } from "../../sdk/areas/locations";
import { definedFields, optionalBoolean, optionalText, wholeNumber } from "./framework/args";
import { camelFields } from "./framework/fields";
import { type Lookup, type LookupOptions, outputForm, promiseForm } from "./framework/invoke";
import { collectPages } from "./framework/lists";
import { catalogueItem } from "./framework/one";
import { locationWhere } from "./locations";
import { MACHINE_FIELDS } from "./server-models";

export interface GetSbmFlavorModelsArgs {
  /** The location (its id; see the getLocation function). */
  readonly locationId: number;
  /** Only flavors whose name contains this text. */
  readonly searchPattern?: string;
  /** Also flavors out of stock now. */
  readonly showAll?: boolean;
}

/** One SBM flavor by exactly one of id or name (case-insensitive: "sbm-01"). */
export interface GetSbmFlavorModelArgs {
  /** The location (its id; see the getLocation function). */
  readonly locationId: number;
  /** The flavor's id (give exactly one of id and name). */
  readonly id?: number;
  /**
   * The flavor's name or whole words of it, case-insensitive (give exactly one of id and name).
   */
  readonly name?: string;
}

/** Fields the API may leave out are null. */
export interface GetSbmFlavorModelResult {
  /** The flavor's id (the `sbmFlavorModelId` property of an SbmServer). */
  readonly id: number;
  /** The flavor's name. */
  readonly name: string;
  /** The CPU model; null where the API does not say. */
  readonly cpuName: string | null;
  /** The number of CPUs; null where the API does not say. */
  readonly cpuCount: number | null;
  /** The number of CPU cores; null where the API does not say. */
  readonly cpuCoresCount: number | null;
  /** GHz, as the API writes it ("3.8"). */
  readonly cpuFrequency: string | null;
  /** The RAM in GB; null where the API does not say. */
  readonly ramSize: number | null;
  /** The drives in words; null where the API does not say. */
  readonly drivesConfiguration: string | null;
  /** The id of the public uplink model; null where the API does not say. */
  readonly publicUplinkModelId: number | null;
  /** The name of the public uplink model; null where the API does not say. */
  readonly publicUplinkModelName: string | null;
  /** The id of the private uplink model; null where the API does not say. */
  readonly privateUplinkModelId: number | null;
  /** The name of the private uplink model; null where the API does not say. */
  readonly privateUplinkModelName: string | null;
  readonly bandwidthId: number | null;
  readonly bandwidthName: string | null;
}

export interface GetSbmFlavorModelsResult {
  /** The SBM flavors, in the API's order. */
  readonly sbmFlavorModels: GetSbmFlavorModelResult[];
}

/** The Scalable Bare Metal flavors a location offers. */
export function getSbmFlavorModels(
  args: GetSbmFlavorModelsArgs,
  opts?: LookupOptions,
): Promise<GetSbmFlavorModelsResult> {
  return promiseForm("getSbmFlavorModels", opts, async (lookup) => {
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    const filters = definedFields({
      searchPattern: optionalText(lookup.fn, args, "searchPattern"),
      showAll: optionalBoolean(lookup.fn, args, "showAll"),
    });
    const flavors = await listFlavors(lookup, locationId, filters);
    return { sbmFlavorModels: flavors.map(sbmFlavorModelResult) };
  });
}

export const getSbmFlavorModelsOutput = outputForm(getSbmFlavorModels);

/** One Scalable Bare Metal flavor of a location, by exactly one of id or name. */
export function getSbmFlavorModel(
  args: GetSbmFlavorModelArgs,
  opts?: LookupOptions,
): Promise<GetSbmFlavorModelResult> {
  return promiseForm("getSbmFlavorModel", opts, async (lookup) => {
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    const flavor = await catalogueItem(lookup, args, {
      what: "SBM flavor model",
      where: locationWhere(lookup, locationId),
      get: (id) => lookup.client.locations.getSbmFlavorModel(locationId, id, lookup.call),
      // Out-of-stock flavors too: a program naming one should hear "out of stock" from the
      // order, not "no such flavor" from the lookup.
      list: () => listFlavors(lookup, locationId, { showAll: true }),
    });
    return sbmFlavorModelResult(flavor);
  });
}

export const getSbmFlavorModelOutput = outputForm(getSbmFlavorModel);

function listFlavors(
  lookup: Lookup,
  locationId: number,
  filters: { readonly searchPattern?: string; readonly showAll?: boolean },
): Promise<SbmFlavorModel[]> {
  return collectPages(lookup, { what: "SBM flavor models" }, (page) =>
    lookup.client.locations.listSbmFlavorModels(locationId, { ...page, ...filters }, lookup.call),
  );
}

function sbmFlavorModelResult(flavor: SbmFlavorModel): GetSbmFlavorModelResult {
  return camelFields(flavor, [
    ...MACHINE_FIELDS,
    "ram_size",
    "drives_configuration",
    "public_uplink_model_id",
    "public_uplink_model_name",
    "private_uplink_model_id",
    "private_uplink_model_name",
    "bandwidth_id",
    "bandwidth_name",
  ]);
}
