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
  readonly locationId: number;
}

/** One RBS flavor by exactly one of id or name (case-insensitive: "standard"). */
export interface GetRbsFlavorArgs {
  readonly locationId: number;
  readonly id?: number;
  readonly name?: string;
}

/** Fields the API may leave out are null. */
export interface GetRbsFlavorResult {
  readonly id: number;
  readonly name: string;
  readonly iopsPerGb: number | null;
  readonly bandwidthPerGb: number | null;
  readonly minSizeGb: number | null;
}

export interface GetRbsFlavorsResult {
  readonly rbsFlavors: GetRbsFlavorResult[];
}

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
