// RBS flavors: the performance classes a remote block storage volume is created with, per
// location (their ids differ between locations).
import type * as pulumi from "@pulumi/pulumi";
import type { RbsFlavor } from "../../sdk/areas/rbs-volumes";
import { oneOf, text, wholeNumber } from "./framework/args";
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
  return promiseForm(async () => {
    const lookup = lookupContext("getRbsFlavors", opts);
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    return { rbsFlavors: (await listFlavors(lookup, locationId)).map(rbsFlavorResult) };
  });
}

export function getRbsFlavorsOutput(
  args: OutputArgs<GetRbsFlavorsArgs>,
  opts?: LookupOutputOptions,
): pulumi.Output<GetRbsFlavorsResult> {
  return lookupOutput(getRbsFlavors, args, opts);
}

/** One remote block storage flavor of a location, by exactly one of id or name. */
export function getRbsFlavor(
  args: GetRbsFlavorArgs,
  opts?: LookupOptions,
): Promise<GetRbsFlavorResult> {
  return promiseForm(async () => {
    const lookup = lookupContext("getRbsFlavor", opts);
    const locationId = wholeNumber(lookup.fn, args, "locationId");
    const key = oneOf(lookup.fn, args, ["id", "name"]);
    if (key === "id") {
      const id = wholeNumber(lookup.fn, args, "id");
      const flavor = await getById(lookup, "RBS flavor", id, () =>
        lookup.client.rbsVolumes.getFlavor(locationId, id, lookup.call),
      );
      return rbsFlavorResult(flavor);
    }
    const flavor = await pickByName(
      {
        fn: lookup.fn,
        what: "RBS flavor",
        query: text(lookup.fn, args, "name"),
        mode: "words",
        where: locationWhere(lookup, locationId),
      },
      (await listFlavors(lookup, locationId)).map(nameCandidate),
    );
    return rbsFlavorResult(flavor);
  });
}

export function getRbsFlavorOutput(
  args: OutputArgs<GetRbsFlavorArgs>,
  opts?: LookupOutputOptions,
): pulumi.Output<GetRbsFlavorResult> {
  return lookupOutput(getRbsFlavor, args, opts);
}

function listFlavors(lookup: Lookup, locationId: number): Promise<RbsFlavor[]> {
  return collectPages(lookup, { what: "RBS flavors" }, (page) =>
    lookup.client.rbsVolumes.listFlavors(locationId, page, lookup.call),
  );
}

function rbsFlavorResult(flavor: RbsFlavor): GetRbsFlavorResult {
  return {
    id: flavor.id,
    name: flavor.name,
    iopsPerGb: flavor.iops_per_gb ?? null,
    bandwidthPerGb: flavor.bandwidth_per_gb ?? null,
    minSizeGb: flavor.min_size_gb ?? null,
  };
}
