// Uplinks a server model can be ordered with in a location (private and public ports), and the
// bandwidth plans of each public uplink.
import type { BandwidthOption, UplinkModel } from "../../sdk/areas/locations";
import {
  definedFields,
  optionalBoolean,
  optionalChoice,
  optionalText,
  wholeNumber,
} from "./framework/args";
import { type Lookup, type LookupOptions, outputForm, promiseForm } from "./framework/invoke";
import { collectPages } from "./framework/lists";
import { catalogueItem } from "./framework/one";
import { locationWhere } from "./locations";

export type UplinkType = "public" | "private";
const UPLINK_TYPES: readonly UplinkType[] = ["public", "private"];

export interface GetUplinkModelsArgs {
  /** The location (its id; see the getLocation function). */
  readonly locationId: number;
  /** The server model (its id; see the getServerModel function). */
  readonly serverModelId: number;
  /** Only uplinks of this type: `public` or `private`. */
  readonly type?: UplinkType;
  /** Only redundant uplinks (true) or only single ones (false). */
  readonly redundancy?: boolean;
}

/** One uplink model by exactly one of id or name (case-insensitive). */
export interface GetUplinkModelArgs {
  /** The location (its id; see the getLocation function). */
  readonly locationId: number;
  /** The server model (its id; see the getServerModel function). */
  readonly serverModelId: number;
  /** The uplink model's id (give exactly one of id and name). */
  readonly id?: number;
  /** The name, or whole words of it that fit one uplink only ("public 10 gbps"). */
  readonly name?: string;
}

/** An uplink model a server model can be ordered with. */
export interface GetUplinkModelResult {
  /** The uplink model's id (in the `uplinkModels` property of a DedicatedServer). */
  readonly id: number;
  /** The uplink model's name. */
  readonly name: string;
  /** "public" or "private". */
  readonly type: string;
  /** Mbit/s; null when the API does not say. */
  readonly speed: number | null;
  /** Whether the uplink is redundant; null where the API does not say. */
  readonly redundancy: boolean | null;
}

export interface GetUplinkModelsResult {
  /** The uplink models, in the API's order. */
  readonly uplinkModels: GetUplinkModelResult[];
}

export interface GetBandwidthOptionsArgs {
  /** The location (its id; see the getLocation function). */
  readonly locationId: number;
  /** The server model (its id; see the getServerModel function). */
  readonly serverModelId: number;
  /** A public uplink model. */
  readonly uplinkModelId: number;
  /** Only this type ("bytes" for a committed volume, "bandwidth" for unmetered). */
  readonly type?: string;
}

/** One bandwidth option by exactly one of id or name (case-insensitive). */
export interface GetBandwidthOptionArgs {
  /** The location (its id; see the getLocation function). */
  readonly locationId: number;
  /** The server model (its id; see the getServerModel function). */
  readonly serverModelId: number;
  /** The public uplink model (its id; see the getUplinkModel function). */
  readonly uplinkModelId: number;
  /** The bandwidth option's id (give exactly one of id and name). */
  readonly id?: number;
  /** The name: "20 TB", "Unmetered 1 Gbps". */
  readonly name?: string;
}

/** A bandwidth option of a public uplink model. */
export interface GetBandwidthOptionResult {
  /** The bandwidth option's id (the `bandwidthModelId` of a DedicatedServer's public uplink). */
  readonly id: number;
  /** The bandwidth option's name. */
  readonly name: string;
  /** The option's type, e.g. `bytes` or `unmetered`; null where the API does not say. */
  readonly type: string | null;
  /** Bytes committed; null for unmetered options. */
  readonly commit: number | null;
}

export interface GetBandwidthOptionsResult {
  /** The bandwidth options, in the API's order. */
  readonly bandwidthOptions: GetBandwidthOptionResult[];
}

/** The uplink models a server model can be ordered with in a location. */
export function getUplinkModels(
  args: GetUplinkModelsArgs,
  opts?: LookupOptions,
): Promise<GetUplinkModelsResult> {
  return promiseForm("getUplinkModels", opts, async (lookup) => {
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    const serverModelId = wholeNumber(lookup.fn, args, "serverModelId");
    const filters = definedFields({
      type: optionalChoice(lookup.fn, args, "type", UPLINK_TYPES),
      redundancy: optionalBoolean(lookup.fn, args, "redundancy"),
    });
    const models = await listUplinkModels(lookup, locationId, serverModelId, filters);
    return { uplinkModels: models.map(uplinkModelResult) };
  });
}

export const getUplinkModelsOutput = outputForm(getUplinkModels);

/**
 * One uplink model a server model can be ordered with in a location, by exactly one of id or name.
 */
export function getUplinkModel(
  args: GetUplinkModelArgs,
  opts?: LookupOptions,
): Promise<GetUplinkModelResult> {
  return promiseForm("getUplinkModel", opts, async (lookup) => {
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    const serverModelId = wholeNumber(lookup.fn, args, "serverModelId");
    const model = await catalogueItem(lookup, args, {
      what: "uplink model",
      where: locationWhere(lookup, locationId, ` for server model ${serverModelId}`),
      get: (id) =>
        lookup.client.locations.getUplinkModel(locationId, serverModelId, id, lookup.call),
      list: () => listUplinkModels(lookup, locationId, serverModelId, {}),
    });
    return uplinkModelResult(model);
  });
}

export const getUplinkModelOutput = outputForm(getUplinkModel);

/** The bandwidth options of a public uplink model of a server model in a location. */
export function getBandwidthOptions(
  args: GetBandwidthOptionsArgs,
  opts?: LookupOptions,
): Promise<GetBandwidthOptionsResult> {
  return promiseForm("getBandwidthOptions", opts, async (lookup) => {
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    const serverModelId = wholeNumber(lookup.fn, args, "serverModelId");
    const uplinkModelId = wholeNumber(lookup.fn, args, "uplinkModelId");
    const filters = definedFields({ type: optionalText(lookup.fn, args, "type") });
    const options = await listBandwidthOptions(
      lookup,
      { locationId, serverModelId, uplinkModelId },
      filters,
    );
    return { bandwidthOptions: options.map(bandwidthOptionResult) };
  });
}

export const getBandwidthOptionsOutput = outputForm(getBandwidthOptions);

/** One bandwidth option of a public uplink model, by exactly one of id or name. */
export function getBandwidthOption(
  args: GetBandwidthOptionArgs,
  opts?: LookupOptions,
): Promise<GetBandwidthOptionResult> {
  return promiseForm("getBandwidthOption", opts, async (lookup) => {
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    const serverModelId = wholeNumber(lookup.fn, args, "serverModelId");
    const uplinkModelId = wholeNumber(lookup.fn, args, "uplinkModelId");
    const option = await catalogueItem(lookup, args, {
      what: "bandwidth option",
      where: locationWhere(lookup, locationId, ` for uplink model ${uplinkModelId}`),
      get: (id) =>
        lookup.client.locations.getBandwidthOption(
          locationId,
          serverModelId,
          uplinkModelId,
          id,
          lookup.call,
        ),
      list: () => listBandwidthOptions(lookup, { locationId, serverModelId, uplinkModelId }, {}),
    });
    return bandwidthOptionResult(option);
  });
}

export const getBandwidthOptionOutput = outputForm(getBandwidthOption);

function listUplinkModels(
  lookup: Lookup,
  locationId: number,
  serverModelId: number,
  filters: { readonly type?: UplinkType; readonly redundancy?: boolean },
): Promise<UplinkModel[]> {
  return collectPages(lookup, { what: "uplink models" }, (page) =>
    lookup.client.locations.listUplinkModels(
      locationId,
      serverModelId,
      { ...page, ...filters },
      lookup.call,
    ),
  );
}

function listBandwidthOptions(
  lookup: Lookup,
  uplink: {
    readonly locationId: number;
    readonly serverModelId: number;
    readonly uplinkModelId: number;
  },
  filters: { readonly type?: string },
): Promise<BandwidthOption[]> {
  return collectPages(lookup, { what: "bandwidth options" }, (page) =>
    lookup.client.locations.listBandwidthOptions(
      uplink.locationId,
      uplink.serverModelId,
      uplink.uplinkModelId,
      { ...page, ...filters },
      lookup.call,
    ),
  );
}

function uplinkModelResult(model: UplinkModel): GetUplinkModelResult {
  return {
    id: model.id,
    name: model.name,
    type: model.type,
    speed: model.speed ?? null,
    redundancy: model.redundancy ?? null,
  };
}

function bandwidthOptionResult(option: BandwidthOption): GetBandwidthOptionResult {
  return {
    id: option.id,
    name: option.name,
    type: option.type ?? null,
    commit: option.commit ?? null,
  };
}
