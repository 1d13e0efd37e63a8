// Cloud regions, each with the flavors and images a cloud instance can be created from there
// (images differ per region: an image id of one region is refused in another).
import type { CloudFlavor, CloudImage, CloudRegion } from "../../sdk/areas/cloud-regions";
import { ServersComError } from "../../sdk/core/errors";
import { oneOf, text, wholeNumber } from "./framework/args";
import { findById, getById } from "./framework/by-id";
import {
  type Lookup,
  type LookupOptions,
  outputForm,
  promiseForm,
  secretOutputForm,
} from "./framework/invoke";
import { collect, PAGE_SIZE } from "./framework/lists";
import { nameCandidate, namedCandidate, pickByName } from "./framework/match";

/** A cloud region by exactly one of id, code or name (case-insensitive). */
export interface GetCloudRegionArgs {
  /** The region's id (give exactly one of id, code and name). */
  readonly id?: number;
  /** "AMS1". */
  readonly code?: string;
  /** "Amsterdam". */
  readonly name?: string;
}

/** A flavor of a cloud region: what an instance can be sized as. */
export interface CloudFlavorResult {
  /** The flavor's id (the `flavorId` property of a CloudInstance). */
  readonly id: string;
  /** The flavor's name, e.g. `SSD.30`. */
  readonly name: string;
}

/** An image of a cloud region: what an instance can be created from. */
export interface CloudImageResult {
  /** The image's id (the `imageId` property of a CloudInstance). */
  readonly id: string;
  /** The image's name, e.g. `Ubuntu 24.04-server (64 bit)`. */
  readonly name: string;
}

/** A cloud region, with its flavors and images. */
export interface GetCloudRegionResult {
  /** The region's id. */
  readonly id: number;
  /** The region's name, e.g. `Amsterdam`. */
  readonly name: string;
  /** The region's code, e.g. `AMS1`. */
  readonly code: string;
  /** What an instance here can be sized as. */
  readonly flavors: CloudFlavorResult[];
  /** What an instance here can be created from. */
  readonly images: CloudImageResult[];
}

export interface GetCloudRegionsResult {
  /** Every cloud region, with its flavors and images. */
  readonly cloudRegions: GetCloudRegionResult[];
}

/** A flavor of a region by exactly one of id or name ("SSD.50"). */
export interface GetCloudFlavorArgs {
  /** The cloud region (its id; see the getCloudRegion function). */
  readonly regionId: number;
  /** The flavor's id (give exactly one of id and name). */
  readonly id?: string;
  /**
   * The flavor's name or whole words of it, case-insensitive (give exactly one of id and name).
   */
  readonly name?: string;
}

/** An image of a region by exactly one of id or name ("ubuntu 24.04"). */
export interface GetCloudImageArgs {
  /** The cloud region (its id; see the getCloudRegion function). */
  readonly regionId: number;
  /** The image's id (give exactly one of id and name). */
  readonly id?: string;
  /** The image's name or whole words of it, case-insensitive (give exactly one of id and name). */
  readonly name?: string;
}

/** Every cloud region with its flavors and images (two more requests per region). */
export function getCloudRegions(
  _args: Record<string, never> = {},
  opts?: LookupOptions,
): Promise<GetCloudRegionsResult> {
  return promiseForm("getCloudRegions", opts, async (lookup) => {
    const regions = await listRegions(lookup);
    return {
      cloudRegions: await Promise.all(regions.map((region) => withCatalogue(lookup, region))),
    };
  });
}

export const getCloudRegionsOutput = outputForm(getCloudRegions);

/**
 * One cloud region, by exactly one of id, code (exact) or name (case-insensitive), with its flavors
 * and images.
 */
export function getCloudRegion(
  args: GetCloudRegionArgs,
  opts?: LookupOptions,
): Promise<GetCloudRegionResult> {
  return promiseForm("getCloudRegion", opts, async (lookup) => {
    const key = oneOf(lookup.fn, args, ["id", "code", "name"]);
    // Checked before the list is read, so that a wrong argument sends no request.
    const wanted =
      key === "id"
        ? { id: wholeNumber(lookup.fn, args, "id") }
        : { query: text(lookup.fn, args, key) };
    const regions = await listRegions(lookup);
    const noWhere = async () => "";
    const region =
      "id" in wanted
        ? await findById(lookup, "cloud region", wanted.id, regions, noWhere)
        : await pickByName(
            {
              fn: lookup.fn,
              what: "cloud region",
              query: wanted.query,
              mode: key === "code" ? "exact" : "words",
            },
            regions.map((candidate) =>
              namedCandidate(candidate, key === "code" ? candidate.code : candidate.name),
            ),
          );
    return withCatalogue(lookup, region);
  });
}

export const getCloudRegionOutput = outputForm(getCloudRegion);

/**
 * One flavor of a cloud region (what a cloud instance is sized as), by exactly one of id or name.
 */
export function getCloudFlavor(
  args: GetCloudFlavorArgs,
  opts?: LookupOptions,
): Promise<CloudFlavorResult> {
  return promiseForm("getCloudFlavor", opts, async (lookup) => {
    const regionId = wholeNumber(lookup.fn, args, "regionId");
    const wanted = itemKey(lookup, args);
    return pickItem(lookup, wanted, "cloud flavor", regionId, await listFlavors(lookup, regionId));
  });
}

export const getCloudFlavorOutput = outputForm(getCloudFlavor);

/**
 * One image of a cloud region (what a cloud instance is created from), by exactly one of id or
 * name.
 */
export function getCloudImage(
  args: GetCloudImageArgs,
  opts?: LookupOptions,
): Promise<CloudImageResult> {
  return promiseForm("getCloudImage", opts, async (lookup) => {
    const regionId = wholeNumber(lookup.fn, args, "regionId");
    const wanted = itemKey(lookup, args);
    return pickItem(lookup, wanted, "cloud image", regionId, await listImages(lookup, regionId));
  });
}

export const getCloudImageOutput = outputForm(getCloudImage);

/** Which flavor or image is asked for, checked before the region's list is read. */
interface ItemKey {
  readonly key: "id" | "name";
  readonly value: string;
}

function itemKey(lookup: Lookup, args: { readonly id?: string; readonly name?: string }): ItemKey {
  const key = oneOf(lookup.fn, args, ["id", "name"]);
  return { key, value: text(lookup.fn, args, key) };
}

/** A flavor or image by id or name; both are `{id, name}` and have no GET of one. */
async function pickItem(
  lookup: Lookup,
  wanted: ItemKey,
  what: string,
  regionId: number,
  items: readonly { readonly id: string; readonly name: string }[],
): Promise<{ id: string; name: string }> {
  const where = regionWhere(lookup, regionId);
  const item =
    wanted.key === "id"
      ? await findById(lookup, what, wanted.value, items, where)
      : await pickByName(
          { fn: lookup.fn, what, query: wanted.value, mode: "words", where },
          items.map(nameCandidate),
        );
  return { id: item.id, name: item.name };
}

function listRegions(lookup: Lookup): Promise<CloudRegion[]> {
  return collect(lookup.client.cloudRegions.list({ perPage: PAGE_SIZE }, lookup.call), {
    fn: lookup.fn,
    what: "cloud regions",
  });
}

function listFlavors(lookup: Lookup, regionId: number): Promise<CloudFlavor[]> {
  return collect(
    lookup.client.cloudRegions.listFlavors(regionId, { perPage: PAGE_SIZE }, lookup.call),
    { fn: lookup.fn, what: "cloud flavors" },
  );
}

function listImages(lookup: Lookup, regionId: number): Promise<CloudImage[]> {
  return collect(
    lookup.client.cloudRegions.listImages(regionId, { perPage: PAGE_SIZE }, lookup.call),
    { fn: lookup.fn, what: "cloud images" },
  );
}

async function withCatalogue(lookup: Lookup, region: CloudRegion): Promise<GetCloudRegionResult> {
  const [flavors, images] = await Promise.all([
    listFlavors(lookup, region.id),
    listImages(lookup, region.id),
  ]);
  return {
    id: region.id,
    name: region.name,
    code: region.code,
    flavors: flavors.map(({ id, name }) => ({ id, name })),
    images: images.map(({ id, name }) => ({ id, name })),
  };
}

/** " in cloud region AMS1", read only when a lookup fails (the id stands in if that fails too). */
function regionWhere(lookup: Lookup, regionId: number): () => Promise<string> {
  return async () => {
    let name = String(regionId);
    try {
      const regions = await listRegions(lookup);
      name = regions.find((region) => region.id === regionId)?.code ?? name;
    } catch (error) {
      if (!(error instanceof ServersComError)) throw error;
    }
    return ` in cloud region ${name}`;
  };
}

export interface GetCloudRegionCredentialsArgs {
  /** The cloud region (its id; see the getCloudRegion function). */
  readonly regionId: number;
}

/** Secret: `getCloudRegionCredentialsOutput` answers it as a secret Output. */
export interface GetCloudRegionCredentialsResult {
  /** The cloud region's id. */
  readonly regionId: number;
  /** The region's OpenStack identity endpoint. */
  readonly url: string | null;
  /** The OpenStack user; a number on the wire (Go int64), given as text. */
  readonly username: string | null;
  /** The OpenStack project (tenant); a number on the wire, given as text. */
  readonly tenantName: string | null;
  /** The OpenStack password. */
  readonly password: string;
}

/**
 * The account's OpenStack credentials in a cloud region, for a program that configures an OpenStack
 * provider.
 *
 * The result is secret: the output form of this function keeps it secret. A plain (non-output) call
 * gives the password to the program in clear: keep it out of stack outputs and logs, or mark it
 * secret.
 */
export function getCloudRegionCredentials(
  args: GetCloudRegionCredentialsArgs,
  opts?: LookupOptions,
): Promise<GetCloudRegionCredentialsResult> {
  return promiseForm("getCloudRegionCredentials", opts, async (lookup) => {
    const regionId = wholeNumber(lookup.fn, args, "regionId");
    const credentials = await getById(lookup, "cloud region", regionId, () =>
      lookup.client.cloudRegions.getCredentials(regionId, lookup.call),
    );
    const textOf = (value: string | number | null | undefined) =>
      value === undefined || value === null ? null : String(value);
    return {
      regionId,
      url: credentials.url ?? null,
      username: textOf(credentials.username),
      tenantName: textOf(credentials.tenant_name),
      password: credentials.password,
    };
  });
}

/** The Output form: always secret, whatever the arguments. */
export const getCloudRegionCredentialsOutput = secretOutputForm(getCloudRegionCredentials);
