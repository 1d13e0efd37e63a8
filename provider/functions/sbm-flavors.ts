// SBM flavor models: the fixed configurations a Scalable Bare Metal server is ordered as, per
// location. Their operating systems are looked up with getOperatingSystem(s) and sbmFlavorModelId.
import type * as pulumi from "@pulumi/pulumi";
import type { SbmFlavorModel } from "../../sdk/areas/locations";
import {
  definedFields,
  oneOf,
  optionalBoolean,
  optionalText,
  text,
  wholeNumber,
} from "./framework/args";
import { getById } from "./framework/by-id";
import {
  type Lookup,
  type LookupOptions,
  type LookupOutputOptions,
  lookupContext,
  lookupOutput,
  type OutputArgs,
  promiseForm,
} from "./framework/invoke";
import { collectPages } from "./framework/lists";
import { nameCandidate, pickByName } from "./framework/match";
import { locationWhere } from "./locations";

export interface GetSbmFlavorModelsArgs {
  readonly locationId: number;
  /** Only flavors whose name contains this text. */
  readonly searchPattern?: string;
  /** Also flavors out of stock now. */
  readonly showAll?: boolean;
}

/** One SBM flavor by exactly one of id or name (case-insensitive: "sbm-01"). */
export interface GetSbmFlavorModelArgs {
  readonly locationId: number;
  readonly id?: number;
  readonly name?: string;
}

/** Fields the API may leave out are null. */
export interface GetSbmFlavorModelResult {
  readonly id: number;
  readonly name: string;
  readonly cpuName: string | null;
  readonly cpuCount: number | null;
  readonly cpuCoresCount: number | null;
  /** GHz, as the API writes it ("3.8"). */
  readonly cpuFrequency: string | null;
  readonly ramSize: number | null;
  readonly drivesConfiguration: string | null;
  readonly publicUplinkModelId: number | null;
  readonly publicUplinkModelName: string | null;
  readonly privateUplinkModelId: number | null;
  readonly privateUplinkModelName: string | null;
  readonly bandwidthId: number | null;
  readonly bandwidthName: string | null;
}

export interface GetSbmFlavorModelsResult {
  readonly sbmFlavorModels: GetSbmFlavorModelResult[];
}

export function getSbmFlavorModels(
  args: GetSbmFlavorModelsArgs,
  opts?: LookupOptions,
): Promise<GetSbmFlavorModelsResult> {
  return promiseForm(async () => {
    const lookup = lookupContext("getSbmFlavorModels", opts);
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    const filters = definedFields({
      searchPattern: optionalText(lookup.fn, args, "searchPattern"),
      showAll: optionalBoolean(lookup.fn, args, "showAll"),
    });
    const flavors = await listFlavors(lookup, locationId, filters);
    return { sbmFlavorModels: flavors.map(sbmFlavorModelResult) };
  });
}

export function getSbmFlavorModelsOutput(
  args: OutputArgs<GetSbmFlavorModelsArgs>,
  opts?: LookupOutputOptions,
): pulumi.Output<GetSbmFlavorModelsResult> {
  return lookupOutput(getSbmFlavorModels, args, opts);
}

export function getSbmFlavorModel(
  args: GetSbmFlavorModelArgs,
  opts?: LookupOptions,
): Promise<GetSbmFlavorModelResult> {
  return promiseForm(async () => {
    const lookup = lookupContext("getSbmFlavorModel", opts);
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    const key = oneOf(lookup.fn, args, ["id", "name"]);
    if (key === "id") {
      const id = wholeNumber(lookup.fn, args, "id");
      const flavor = await getById(lookup, "SBM flavor model", id, () =>
        lookup.client.locations.getSbmFlavorModel(locationId, id, lookup.call),
      );
      return sbmFlavorModelResult(flavor);
    }
    const flavor = await pickByName(
      {
        fn: lookup.fn,
        what: "SBM flavor model",
        query: text(lookup.fn, args, "name"),
        mode: "words",
        where: locationWhere(lookup, locationId),
      },
      // Out-of-stock flavors too: a program naming one should hear "out of stock" from the
      // order, not "no such flavor" from the lookup.
      (await listFlavors(lookup, locationId, { showAll: true })).map(nameCandidate),
    );
    return sbmFlavorModelResult(flavor);
  });
}

export function getSbmFlavorModelOutput(
  args: OutputArgs<GetSbmFlavorModelArgs>,
  opts?: LookupOutputOptions,
): pulumi.Output<GetSbmFlavorModelResult> {
  return lookupOutput(getSbmFlavorModel, args, opts);
}

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
  return {
    id: flavor.id,
    name: flavor.name,
    cpuName: flavor.cpu_name ?? null,
    cpuCount: flavor.cpu_count ?? null,
    cpuCoresCount: flavor.cpu_cores_count ?? null,
    cpuFrequency: flavor.cpu_frequency ?? null,
    ramSize: flavor.ram_size ?? null,
    drivesConfiguration: flavor.drives_configuration ?? null,
    publicUplinkModelId: flavor.public_uplink_model_id ?? null,
    publicUplinkModelName: flavor.public_uplink_model_name ?? null,
    privateUplinkModelId: flavor.private_uplink_model_id ?? null,
    privateUplinkModelName: flavor.private_uplink_model_name ?? null,
    bandwidthId: flavor.bandwidth_id ?? null,
    bandwidthName: flavor.bandwidth_name ?? null,
  };
}
