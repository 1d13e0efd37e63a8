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

/**
 * One uplink model a server model can be ordered with in a location, by exactly one of id or name.
 */
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

/** The bandwidth options of a public uplink model of a server model in a location. */
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

/** One bandwidth option of a public uplink model, by exactly one of id or name. */
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
