// Cloud block storage volumes as a resource kind (provider/framework/kind.ts), shaped like
// RbsVolume. Name, description and labels change with one PUT; the attached instance changes
// with detach and attach requests and their waits. No official client sends a size in an update
// (docs/wire.md, "Cloud block storage"), so a size change is refused rather than guessed.

import {
  attachedInstanceId,
  type CloudVolume,
  cloudVolumeStates,
} from "../../sdk/areas/cloud-volumes";
import type { ServersComClient } from "../../sdk/client";
import { ConflictError } from "../../sdk/core/errors";
import { stateMatcher } from "../../sdk/wait";
import { type Checker, type PropertyBag } from "../framework/check";
import type { ResourceKind, UpdateContext } from "../framework/kind";
import { readFromList } from "../framework/listed";
import { unlessNotFound } from "../framework/not-found";
import { withoutOwnerLabel } from "../framework/ownership";

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const states = stateMatcher(cloudVolumeStates);

/**
 * The largest cloud volume, in GB. No servers.com source bounds it (srvctl's `--size` is a plain
 * int); the cloud is OpenStack, whose block storage (Cinder) takes a volume size up to its
 * database's signed 32-bit integer (cinder/api/validation/parameter_types.py, `volume_size`:
 * maximum constants.DB_MAX_INT, 0x7FFFFFFF). Quotas stop real volumes far sooner; past this one
 * the API cannot even store the size.
 */
export const MAX_CLOUD_VOLUME_SIZE = 2_147_483_647;

/** The outputs a volume's record gives (all but backupId); getCloudVolumes shows the same. */
export function cloudVolumeOutputs(record: CloudVolume) {
  return {
    name: record.name,
    size: record.size ?? null,
    status: record.status,
    regionId: record.region_id ?? null,
    regionCode: record.region_code ?? null,
    description: record.description ?? null,
    bootable: record.bootable ?? null,
    instanceId: attachedInstanceId(record) ?? null,
    device: record.attachments?.[0]?.device ?? null,
    platformUuid: record.openstack_uuid ?? null,
    labels: withoutOwnerLabel(record.labels),
    createdAt: record.created_at ?? null,
  };
}

/** The inputs as the provider receives them once check has passed. */
export interface CloudVolumeInputs {
  readonly regionId: number;
  readonly size: number;
  readonly name: string;
  readonly description?: string;
  readonly instanceId?: string | null;
  readonly backupId?: string;
  readonly labels?: Readonly<Record<string, string>>;
}

/** Every output: the record's fields in camelCase (`platformUuid` for openstack_uuid). */
export const CLOUD_VOLUME_OUTPUTS = [
  "name",
  "size",
  "status",
  "regionId",
  "regionCode",
  "description",
  "bootable",
  "instanceId",
  "device",
  "platformUuid",
  "labels",
  "createdAt",
  "backupId",
] as const;

/** The instance the inputs ask for: absent or null means detached. */
function wantedInstance(bag: PropertyBag): string | null {
  return typeof bag.instanceId === "string" ? bag.instanceId : null;
}

const settled = (record: CloudVolume) => states.isSettled(record.status);

async function detachFrom(
  client: ServersComClient,
  id: string,
  instanceId: string,
  context: UpdateContext<CloudVolume>,
): Promise<void> {
  await client.cloudVolumes.detach(id, instanceId);
  await context.waitUntil({
    description: `to be detached from cloud instance ${instanceId}`,
    isDone: (record) => settled(record) && attachedInstanceId(record) === undefined,
    failure: (record) => (states.isFailed(record.status) ? `status ${record.status}` : undefined),
  });
}

export const cloudVolumeKind: ResourceKind<CloudVolume> = {
  name: "CloudVolume",
  noun: "cloud volume",
  // Volumes are made, attached and detached in seconds to a minute; the margin is for a busy region.
  defaultTimeouts: { create: 20 * MINUTE, update: 20 * MINUTE, delete: 20 * MINUTE },
  properties: {
    // The API has no way to move a volume: a new one is needed.
    regionId: { rule: "replace" },
    // Refused in place (refuseUpdate, and in check): no official source resizes a volume.
    size: { rule: "update" },
    name: { rule: "update" },
    description: { rule: "update" },
    // Absent means detached: removing the property detaches the volume.
    instanceId: { rule: "update", desired: wantedInstance },
    // A create-time source: the API never returns it, and a new source means a new volume.
    backupId: { rule: "replace", writeOnly: true },
    labels: { rule: "update", desired: (news) => news.labels ?? {} },
  },
  secretOutputs: [],
  outputNames: CLOUD_VOLUME_OUTPUTS,

  check(c: Checker) {
    const regionId = c.integer("regionId", true, { min: 1 });
    const size = c.integer("size", true, { min: 1, max: MAX_CLOUD_VOLUME_SIZE, unit: " GB" });
    c.string("name", true, 255);
    if (c.news.description !== undefined) c.string("description", false, 255);
    if (c.news.instanceId !== null) c.id("instanceId", false);
    c.id("backupId", false);
    c.labels();
    const oldSize = c.oldInteger("size");
    const replaced = c.olds.regionId !== regionId || c.olds.backupId !== c.news.backupId;
    if (size !== undefined && oldSize !== undefined && size !== oldSize && !replaced) {
      c.fail(
        "size",
        `size cannot change in place: the cloud volume has ${oldSize} GB, and no official ` +
          `client of the API resizes a cloud volume. Keep ${oldSize} GB, or make a new volume ` +
          "(for example from a CloudVolumeBackup with backupId) and move to it",
      );
    }
  },

  display: (bag: PropertyBag) => (typeof bag.name === "string" ? bag.name : "(unnamed)"),

  get: (client, id) => unlessNotFound(client.cloudVolumes.get(id)),
  ...readFromList(
    "cloud volumes",
    (client, options) => client.cloudVolumes.list(options),
    (volume) => volume.id,
  ),
  create(client, inputs, labels) {
    const { name, regionId, size, description, backupId } = inputs as unknown as CloudVolumeInputs;
    const instanceId = wantedInstance(inputs);
    return client.cloudVolumes.create({
      name,
      region_id: regionId,
      size,
      ...(description === undefined ? {} : { description }),
      ...(backupId === undefined ? {} : { backup_id: backupId }),
      ...(instanceId === null ? {} : { attach_instance_id: instanceId }),
      labels,
    });
  },
  async update(client, id, changes, labels, context) {
    const { name, description } = changes as Partial<CloudVolumeInputs>;
    let record = context.record;
    if (name !== undefined || description !== undefined || labels !== undefined) {
      // The name goes with every PUT, changed or not, as the Go client and srvctl send it.
      record = await client.cloudVolumes.update(id, {
        name: (context.news as unknown as CloudVolumeInputs).name,
        ...(description === undefined ? {} : { description }),
        ...(labels === undefined ? {} : { labels }),
      });
    }
    // Compared with the live record, not `changes`: an absent instanceId (detach) is not picked.
    const wanted = wantedInstance(context.news);
    const current = attachedInstanceId(context.record);
    if (current === (wanted ?? undefined)) return record;
    if (current !== undefined) {
      context.say(`detaching from cloud instance ${current}`);
      await detachFrom(client, id, current, context);
    }
    if (wanted === null) return client.cloudVolumes.get(id);
    context.say(`attaching to cloud instance ${wanted}`);
    await client.cloudVolumes.attach(id, wanted);
    return context.waitUntil({
      description: `to be attached to cloud instance ${wanted}`,
      isDone: (live) => settled(live) && attachedInstanceId(live) === wanted,
      failure: (live) => (states.isFailed(live.status) ? `status ${live.status}` : undefined),
    });
  },
  // The platform deletes only a detached volume: detach first, then DELETE (busy retries it
  // while the detach is under way).
  async delete(client, id) {
    const record = await client.cloudVolumes.get(id);
    const instanceId = attachedInstanceId(record);
    if (instanceId !== undefined && record.status === "in-use") {
      await client.cloudVolumes.detach(id, instanceId);
    }
    await client.cloudVolumes.delete(id);
  },
  busy(error: unknown) {
    if (
      error instanceof ConflictError &&
      /\/cloud_block_storage\/volumes\/[^/]+(\/detach)?$/.test(error.path.split("?")[0] ?? "")
    ) {
      return `the volume is busy (409: ${error.apiMessage ?? "no message"})`;
    }
    return undefined;
  },

  id: (record) => record.id,
  state: (record) => record.status,
  isReady: (record) => settled(record),
  failure: (record) => (states.isFailed(record.status) ? `status ${record.status}` : undefined),
  isGone: (record) => record.status === "deleting",
  labels: (record) => record.labels ?? {},

  outputs: cloudVolumeOutputs,
  liveInputs: (record) => ({
    name: record.name,
    size: record.size,
    regionId: record.region_id,
    ...(record.description == null ? {} : { description: record.description }),
    instanceId: attachedInstanceId(record) ?? null,
    labels: withoutOwnerLabel(record.labels),
  }),
  refuseUpdate(record, news) {
    const wanted = news.size;
    if (typeof wanted === "number" && record.size !== undefined && wanted !== record.size) {
      return (
        `a cloud volume's size cannot change in place: it has ${record.size} GB and the program ` +
        `asks for ${wanted} GB. Set size to ${record.size}`
      );
    }
    return undefined;
  },
};
