// RBS flavors: the performance classes a remote block storage volume is created with, per
// location (their ids differ between locations).
import type { RbsFlavor } from "../../sdk/areas/rbs-volumes";
import { wholeNumber } from "./framework/args";
import { camelFields } from "./framework/fields";
import { type Lookup, type LookupOptions, outputForm, promiseForm } from "./framework/invoke";
import { collectPages } from "./framework/lists";
import { catalogueItem } from "./framework/one";
import { locationWhere } from "./locations";

export interface GetRbsFlavorsArgs {
  /** The location (its id; see the getLocation function). */
  readonly locationId: number;
}

/** One RBS flavor by exactly one of id or name (case-insensitive: "standard"). */
export interface GetRbsFlavorArgs {
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
export interface GetRbsFlavorResult {
  /** The flavor's id (the `flavorId` property of an RbsVolume). */
  readonly id: number;
  /** The flavor's name. */
  readonly name: string;
  /**
   * The I/O operations per second a volume gets per GB of its size; null where the API does not
   * say.
   */
  readonly iopsPerGb: number | null;
  /** The bandwidth a volume gets per GB of its size; null where the API does not say. */
  readonly bandwidthPerGb: number | null;
  /** The smallest volume size, in GB; null where the API does not say. */
  readonly minSizeGb: number | null;
}

export interface GetRbsFlavorsResult {
  /** The RBS flavors, in the API's order. */
  readonly rbsFlavors: GetRbsFlavorResult[];
}

/** The remote block storage flavors a location offers. */
export function getRbsFlavors(
  args: GetRbsFlavorsArgs,
  opts?: LookupOptions,
): Promise<GetRbsFlavorsResult> {
  return promiseForm("getRbsFlavors", opts, async (lookup) => {
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    return { rbsFlavors: (await listFlavors(lookup, locationId)).map(rbsFlavorResult) };
  });
}

export const getRbsFlavorsOutput = outputForm(getRbsFlavors);

/** One remote block storage flavor of a location, by exactly one of id or name. */
export function getRbsFlavor(
  args: GetRbsFlavorArgs,
  opts?: LookupOptions,
): Promise<GetRbsFlavorResult> {
  return promiseForm("getRbsFlavor", opts, async (lookup) => {
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    const flavor = await catalogueItem(lookup, args, {
      what: "RBS flavor",
      where: locationWhere(lookup, locationId),
      get: (id) => lookup.client.rbsVolumes.getFlavor(locationId, id, lookup.call),
      list: () => listFlavors(lookup, locationId),
    });
    return rbsFlavorResult(flavor);
  });
}

export const getRbsFlavorOutput = outputForm(getRbsFlavor);

function listFlavors(lookup: Lookup, locationId: number): Promise<RbsFlavor[]> {
  return collectPages(lookup, { what: "RBS flavors" }, (page) =>
    lookup.client.rbsVolumes.listFlavors(locationId, page, lookup.call),
  );
}

function rbsFlavorResult(flavor: RbsFlavor): GetRbsFlavorResult {
  return camelFields(flavor, ["id", "name", "iops_per_gb", "bandwidth_per_gb", "min_size_gb"]);
}
