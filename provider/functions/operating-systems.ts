// Operating systems a server can be ordered with: for a dedicated server per location and server
// model, for an SBM server per location and SBM flavor (which never offers Windows).
import type { OperatingSystem } from "../../sdk/areas/locations";
import type { PagePromise } from "../../sdk/core/contract";
import { atMostOneOf, oneOf, text, wholeNumber } from "./framework/args";
import { getById } from "./framework/by-id";
import { LookupError } from "./framework/errors";
import { type Lookup, type LookupOptions, outputForm, promiseForm } from "./framework/invoke";
import { collect, PAGE_SIZE } from "./framework/lists";
import { pickByName } from "./framework/match";
import { locationWhere } from "./locations";

/** The systems of a location for exactly one of a server model or an SBM flavor. */
export interface GetOperatingSystemsArgs {
  /** The location (its id; see the getLocation function). */
  readonly locationId: number;
  /** For a dedicated server of this model. */
  readonly serverModelId?: number;
  /** For an SBM server of this flavor. */
  readonly sbmFlavorModelId?: number;
}

/** One operating system by exactly one of id or name (case-insensitive). */
export interface GetOperatingSystemArgs extends GetOperatingSystemsArgs {
  /** The operating system's id (give exactly one of id and name). */
  readonly id?: number;
  /**
   * The full name ("Ubuntu 24.04-server x86_64"), "name version" ("Ubuntu 24.04-server"), or
   * whole words of either that fit one system only ("ubuntu 24.04").
   */
  readonly name?: string;
}

/** An operating system a server can be ordered with. */
export interface GetOperatingSystemResult {
  /** The operating system's id (the `operatingSystemId` property of a server). */
  readonly id: number;
  /** The full name, e.g. `Ubuntu 24.04-server x86_64`. */
  readonly fullName: string;
  /** The name, e.g. `Ubuntu`. */
  readonly name: string;
  /** The version, e.g. `24.04-server`. */
  readonly version: string;
  /** The architecture, e.g. `x86_64`. */
  readonly arch: string;
  /** The file systems a drive layout may use with it. */
  readonly filesystems: string[];
}

export interface GetOperatingSystemsResult {
  /** The operating systems, in the API's order. */
  readonly operatingSystems: GetOperatingSystemResult[];
}

/** Where the systems come from: a server model or an SBM flavor of a location. */
type Offer =
  | { readonly locationId: number; readonly serverModelId: number }
  | { readonly locationId: number; readonly sbmFlavorModelId: number };

/**
 * The operating systems a dedicated server model or an SBM flavor can be ordered with in a
 * location.
 */
export function getOperatingSystems(
  args: GetOperatingSystemsArgs,
  opts?: LookupOptions,
): Promise<GetOperatingSystemsResult> {
  return promiseForm("getOperatingSystems", opts, async (lookup) => {
    const systems = await listOperatingSystems(lookup, offerOf(lookup.fn, args));
    return { operatingSystems: systems.map(operatingSystemResult) };
  });
}

export const getOperatingSystemsOutput = outputForm(getOperatingSystems);

/**
 * One operating system a dedicated server model or an SBM flavor can be ordered with in a location,
 * by exactly one of id or name (the full name, "name version", or whole words of them,
 * case-insensitive).
 */
export function getOperatingSystem(
  args: GetOperatingSystemArgs,
  opts?: LookupOptions,
): Promise<GetOperatingSystemResult> {
  return promiseForm("getOperatingSystem", opts, async (lookup) => {
    const offer = offerOf(lookup.fn, args);
    const key = oneOf(lookup.fn, args, ["id", "name"]);
    if (key === "id") {
      const id = wholeNumber(lookup.fn, args, "id");
      const system = await getById(lookup, "operating system", id, () =>
        "serverModelId" in offer
          ? lookup.client.locations.getOperatingSystem(
              offer.locationId,
              offer.serverModelId,
              id,
              lookup.call,
            )
          : lookup.client.locations.getSbmOperatingSystem(
              offer.locationId,
              offer.sbmFlavorModelId,
              id,
              lookup.call,
            ),
      );
      return operatingSystemResult(system);
    }
    const system = await pickByName(
      {
        fn: lookup.fn,
        what: "operating system",
        query: text(lookup.fn, args, "name"),
        mode: "words",
        where: locationWhere(lookup, offer.locationId),
      },
      (await listOperatingSystems(lookup, offer)).map((candidate) => ({
        item: candidate,
        names: [candidate.full_name, `${candidate.name} ${candidate.version}`],
        label: candidate.full_name,
        id: candidate.id,
      })),
    );
    return operatingSystemResult(system);
  });
}

export const getOperatingSystemOutput = outputForm(getOperatingSystem);

function offerOf(fn: string, args: GetOperatingSystemsArgs): Offer {
  const locationId = wholeNumber(fn, args, "locationId");
  const parent = atMostOneOf(fn, args, ["serverModelId", "sbmFlavorModelId"]);
  if (parent === undefined) {
    throw new LookupError(
      `${fn}: give serverModelId (for a dedicated server) or sbmFlavorModelId (for an SBM server)`,
    );
  }
  return parent === "serverModelId"
    ? { locationId, serverModelId: wholeNumber(fn, args, parent) }
    : { locationId, sbmFlavorModelId: wholeNumber(fn, args, parent) };
}

function listOperatingSystems(lookup: Lookup, offer: Offer): Promise<OperatingSystem[]> {
  const paging = { perPage: PAGE_SIZE };
  const list: PagePromise<OperatingSystem> =
    "serverModelId" in offer
      ? lookup.client.locations.listOperatingSystems(
          offer.locationId,
          offer.serverModelId,
          paging,
          lookup.call,
        )
      : lookup.client.locations.listSbmOperatingSystems(
          offer.locationId,
          offer.sbmFlavorModelId,
          paging,
          lookup.call,
        );
  return collect(list, { fn: lookup.fn, what: "operating systems" });
}

function operatingSystemResult(system: OperatingSystem): GetOperatingSystemResult {
  return {
    id: system.id,
    fullName: system.full_name,
    name: system.name,
    version: system.version,
    arch: system.arch,
    filesystems: [...(system.filesystems ?? [])],
  };
}
