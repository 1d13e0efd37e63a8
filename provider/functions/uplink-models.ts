// Uplinks a server model can be ordered with in a location (private and public ports), and the
// bandwidth plans of each public uplink.
import type * as pulumi from "@pulumi/pulumi";
import type { BandwidthOption, UplinkModel } from "../../sdk/areas/locations";
import {
  definedFields,
  oneOf,
  optionalBoolean,
  optionalChoice,
  optionalText,
  text,
  wholeNumber,
} from "./framework/args";
import { getById } from "./framework/by-id";
import {
  type LookupOptions,
  type LookupOutputOptions,
  lookupContext,
  lookupOutput,
  type OutputArgs,
  promiseForm,
} from "./framework/invoke";
import { collect, PAGE_SIZE } from "./framework/lists";
import { nameCandidate, pickByName } from "./framework/match";
import { locationWhere } from "./locations";

export type UplinkType = "public" | "private";
const UPLINK_TYPES: readonly UplinkType[] = ["public", "private"];

export interface GetUplinkModelsArgs {
  readonly locationId: number;
  readonly serverModelId: number;
  readonly type?: UplinkType;
  readonly redundancy?: boolean;
}

/** One uplink model by exactly one of id or name (case-insensitive). */
export interface GetUplinkModelArgs {
  readonly locationId: number;
  readonly serverModelId: number;
  readonly id?: number;
  /** The name, or whole words of it that fit one uplink only ("public 10 gbps"). */
  readonly name?: string;
}

export interface GetUplinkModelResult {
  readonly id: number;
  readonly name: string;
  /** "public" or "private". */
  readonly type: string;
  /** Mbit/s; null when the API does not say. */
  readonly speed: number | null;
  readonly redundancy: boolean | null;
}

export interface GetUplinkModelsResult {
  readonly uplinkModels: GetUplinkModelResult[];
}

export interface GetBandwidthOptionsArgs {
  readonly locationId: number;
  readonly serverModelId: number;
  /** A public uplink model. */
  readonly uplinkModelId: number;
  /** Only this type ("bytes" for a committed volume, "bandwidth" for unmetered). */
  readonly type?: string;
}

/** One bandwidth option by exactly one of id or name (case-insensitive). */
export interface GetBandwidthOptionArgs {
  readonly locationId: number;
  readonly serverModelId: number;
  readonly uplinkModelId: number;
  readonly id?: number;
  /** The name: "20 TB", "Unmetered 1 Gbps". */
  readonly name?: string;
}

export interface GetBandwidthOptionResult {
  readonly id: number;
  readonly name: string;
  readonly type: string | null;
  /** Bytes committed; null for unmetered options. */
  readonly commit: number | null;
}

export interface GetBandwidthOptionsResult {
  readonly bandwidthOptions: GetBandwidthOptionResult[];
}

export function getUplinkModels(
  args: GetUplinkModelsArgs,
  opts?: LookupOptions,
): Promise<GetUplinkModelsResult> {
  return promiseForm(async () => {
    const lookup = lookupContext("getUplinkModels", opts);
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    const serverModelId = wholeNumber(lookup.fn, args, "serverModelId");
    const filters = definedFields({
      type: optionalChoice(lookup.fn, args, "type", UPLINK_TYPES),
      redundancy: optionalBoolean(lookup.fn, args, "redundancy"),
    });
    const models = await collect(
      lookup.client.locations.listUplinkModels(
        locationId,
        serverModelId,
        { perPage: PAGE_SIZE, ...filters },
        lookup.call,
      ),
      { fn: lookup.fn, what: "uplink models" },
    );
    return { uplinkModels: models.map(uplinkModelResult) };
  });
}

export function getUplinkModelsOutput(
  args: OutputArgs<GetUplinkModelsArgs>,
  opts?: LookupOutputOptions,
): pulumi.Output<GetUplinkModelsResult> {
  return lookupOutput(getUplinkModels, args, opts);
}

export function getUplinkModel(
  args: GetUplinkModelArgs,
  opts?: LookupOptions,
): Promise<GetUplinkModelResult> {
  return promiseForm(async () => {
    const lookup = lookupContext("getUplinkModel", opts);
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    const serverModelId = wholeNumber(lookup.fn, args, "serverModelId");
    const key = oneOf(lookup.fn, args, ["id", "name"]);
    if (key === "id") {
      const id = wholeNumber(lookup.fn, args, "id");
      const model = await getById(lookup, "uplink model", id, () =>
        lookup.client.locations.getUplinkModel(locationId, serverModelId, id, lookup.call),
      );
      return uplinkModelResult(model);
    }
    const models = await collect(
      lookup.client.locations.listUplinkModels(
        locationId,
        serverModelId,
        { perPage: PAGE_SIZE },
        lookup.call,
      ),
      { fn: lookup.fn, what: "uplink models" },
    );
    const model = await pickByName(
      {
        fn: lookup.fn,
        what: "uplink model",
        query: text(lookup.fn, args, "name"),
        mode: "words",
        where: locationWhere(lookup, locationId, ` for server model ${serverModelId}`),
      },
      models.map(nameCandidate),
    );
    return uplinkModelResult(model);
  });
}

export function getUplinkModelOutput(
  args: OutputArgs<GetUplinkModelArgs>,
  opts?: LookupOutputOptions,
): pulumi.Output<GetUplinkModelResult> {
  return lookupOutput(getUplinkModel, args, opts);
}

export function getBandwidthOptions(
  args: GetBandwidthOptionsArgs,
  opts?: LookupOptions,
): Promise<GetBandwidthOptionsResult> {
  return promiseForm(async () => {
    const lookup = lookupContext("getBandwidthOptions", opts);
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    const serverModelId = wholeNumber(lookup.fn, args, "serverModelId");
    const uplinkModelId = wholeNumber(lookup.fn, args, "uplinkModelId");
    const filters = definedFields({ type: optionalText(lookup.fn, args, "type") });
    const options = await collect(
      lookup.client.locations.listBandwidthOptions(
        locationId,
        serverModelId,
        uplinkModelId,
        { perPage: PAGE_SIZE, ...filters },
        lookup.call,
      ),
      { fn: lookup.fn, what: "bandwidth options" },
    );
    return { bandwidthOptions: options.map(bandwidthOptionResult) };
  });
}

export function getBandwidthOptionsOutput(
  args: OutputArgs<GetBandwidthOptionsArgs>,
  opts?: LookupOutputOptions,
): pulumi.Output<GetBandwidthOptionsResult> {
  return lookupOutput(getBandwidthOptions, args, opts);
}

export function getBandwidthOption(
  args: GetBandwidthOptionArgs,
  opts?: LookupOptions,
): Promise<GetBandwidthOptionResult> {
  return promiseForm(async () => {
    const lookup = lookupContext("getBandwidthOption", opts);
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    const serverModelId = wholeNumber(lookup.fn, args, "serverModelId");
    const uplinkModelId = wholeNumber(lookup.fn, args, "uplinkModelId");
    const key = oneOf(lookup.fn, args, ["id", "name"]);
    if (key === "id") {
      const id = wholeNumber(lookup.fn, args, "id");
      const option = await getById(lookup, "bandwidth option", id, () =>
        lookup.client.locations.getBandwidthOption(
          locationId,
          serverModelId,
          uplinkModelId,
          id,
          lookup.call,
        ),
      );
      return bandwidthOptionResult(option);
    }
    const options = await collect(
      lookup.client.locations.listBandwidthOptions(
        locationId,
        serverModelId,
        uplinkModelId,
        { perPage: PAGE_SIZE },
        lookup.call,
      ),
      { fn: lookup.fn, what: "bandwidth options" },
    );
    const option = await pickByName(
      {
        fn: lookup.fn,
        what: "bandwidth option",
        query: text(lookup.fn, args, "name"),
        mode: "words",
        where: locationWhere(lookup, locationId, ` for uplink model ${uplinkModelId}`),
      },
      options.map(nameCandidate),
    );
    return bandwidthOptionResult(option);
  });
}

export function getBandwidthOptionOutput(
  args: OutputArgs<GetBandwidthOptionArgs>,
  opts?: LookupOutputOptions,
): pulumi.Output<GetBandwidthOptionResult> {
  return lookupOutput(getBandwidthOption, args, opts);
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
