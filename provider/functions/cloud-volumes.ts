// Cloud block storage volumes of the account, by label selector, region or name.
import { attachedInstanceId, type CloudVolume } from "../../sdk/areas/cloud-volumes";
import { cloudVolumeOutputs } from "../cloud-volume/definition";
import { definedFields, optionalText, optionalWholeNumber } from "./framework/args";
import { type LookupOptions, outputForm, promiseForm } from "./framework/invoke";
import { collectFiltered } from "./framework/lists";
import { type LabelSelector, selectorText } from "./framework/selector";

export interface GetCloudVolumesArgs {
  readonly labelSelector?: LabelSelector;
  /**
   * Only volumes whose name contains this text (case-insensitive), matched here: no official
   * client sends `search_pattern` for this list.
   */
  readonly searchPattern?: string;
  /** Only volumes of this cloud region (filtered here as well as asked of the API). */
  readonly regionId?: number;
  /** Only volumes attached to this cloud instance. */
  readonly instanceId?: string;
  readonly limit?: number;
}

/** A cloud block storage volume. */
export interface CloudVolumeResult {
  /** The volume's id. */
  readonly id: string;
  /** The volume's name. */
  readonly name: string;
  readonly status: string;
  /** The size in GB; null where the API does not say. */
  readonly size: number | null;
  readonly regionId: number | null;
  readonly regionCode: string | null;
  /** The volume's description; null when it has none. */
  readonly description: string | null;
  /** Whether an instance can boot from the volume; null where the API does not say. */
  readonly bootable: boolean | null;
  /** The attached cloud instance, or null. */
  readonly instanceId: string | null;
  /** The device name in the attached instance, e.g. `/dev/vdb`; null when not attached. */
  readonly device: string | null;
  readonly platformUuid: string | null;
  /** The labels, without the provider's ownership label. */
  readonly labels: Record<string, string>;
  readonly createdAt: string | null;
}

export interface GetCloudVolumesResult {
  /** The cloud volumes, in the API's order. */
  readonly cloudVolumes: CloudVolumeResult[];
}

/**
 * The account's cloud block storage volumes, filtered by labels, name, region and attached
 * instance.
 */
export function getCloudVolumes(
  args: GetCloudVolumesArgs = {},
  opts?: LookupOptions,
): Promise<GetCloudVolumesResult> {
  return promiseForm("getCloudVolumes", opts, async (lookup) => {
    const regionId = optionalWholeNumber(lookup.fn, args, "regionId");
    const instanceId = optionalText(lookup.fn, args, "instanceId");
    const pattern = optionalText(lookup.fn, args, "searchPattern")?.toLowerCase();
    const filters = definedFields({
      labelSelector: selectorText(lookup.fn, args.labelSelector),
      regionId,
      instanceId,
    });
    const volumes = await collectFiltered(
      lookup,
      {
        what: "cloud volumes match",
        limit: args.limit,
        narrowWith: "labelSelector, regionId or instanceId",
      },
      filters,
      (query) => lookup.client.cloudVolumes.list(query, lookup.call),
    );
    return {
      cloudVolumes: volumes
        .filter((volume) => regionId === undefined || volume.region_id === regionId)
        .filter((volume) => instanceId === undefined || attachedInstanceId(volume) === instanceId)
        .filter((volume) => pattern === undefined || volume.name.toLowerCase().includes(pattern))
        .map(cloudVolumeResult),
    };
  });
}

export const getCloudVolumesOutput = outputForm(getCloudVolumes);

/** The fields the CloudVolume resource outputs (one mapping for both), with the id. */
function cloudVolumeResult(volume: CloudVolume): CloudVolumeResult {
  return { id: volume.id, ...cloudVolumeOutputs(volume) };
}
