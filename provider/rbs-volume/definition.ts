// RBS volumes as a resource kind (provider/framework/kind.ts). The model for every other kind:
// properties and their change rules, input rules, the SDK calls, and record <-> outputs.

import {
  type RbsVolume,
  rbsVolumeGoneStatuses,
  rbsVolumeStates,
} from "../../sdk/areas/rbs-volumes";
import { MAX_RBS_VOLUME_SIZE_GB } from "../../sdk/core/limits";
import { stateMatcher } from "../../sdk/wait";
import type { Checker, PropertyBag } from "../framework/check";
import { sameWhenReported } from "../framework/diff";
import type { ResourceKind } from "../framework/kind";
import { readFromList } from "../framework/listed";
import { unlessNotFound } from "../framework/not-found";
import { withoutOwnerLabel } from "../framework/ownership";

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const states = stateMatcher(rbsVolumeStates);

/**
 * The inputs as the provider receives them once check has passed: plain values (the program's
 * RbsVolumeArgs hold pulumi.Inputs), the name defaulted by the constructor.
 */
export interface RbsVolumeInputs {
  readonly locationId: number;
  readonly flavorId: number;
  readonly size: number;
  readonly name: string;
  readonly labels?: Readonly<Record<string, string>>;
  readonly adoptId?: string;
}

/** Outputs holding the volume's iSCSI credentials (GET .../credentials). */
export const RBS_VOLUME_SECRET_OUTPUTS = ["username", "password"] as const;

/** Every output of the resource: the record's fields in camelCase plus the credentials. */
export const RBS_VOLUME_OUTPUTS = [
  "name",
  "size",
  "status",
  "locationId",
  "locationCode",
  "flavorId",
  "flavorName",
  "iops",
  "bandwidth",
  "labels",
  "ipAddress",
  "targetIqn",
  "createdAt",
  "updatedAt",
  ...RBS_VOLUME_SECRET_OUTPUTS,
] as const;

export const rbsVolumeKind: ResourceKind<RbsVolume> = {
  name: "RbsVolume",
  noun: "RBS volume",
  // The service makes a volume in about a minute; the Terraform provider allows an hour.
  defaultTimeouts: { create: 30 * MINUTE, update: 30 * MINUTE, delete: 30 * MINUTE },
  // Volumes are made in well under a minute, sometimes several.
  provisioning: { firstPollMs: 15 * SECOND, intervalMs: 15 * SECOND },
  properties: {
    // The API has no way to move a volume or change its flavor: a new volume is needed. The Go
    // client's record (pkg/fixtures/rbs_volumes/get_response.json, v1.0.32) carries none of the
    // three below: absent, they are taken as declared (sameWhenReported).
    locationId: { rule: "replace", equal: sameWhenReported },
    flavorId: { rule: "replace", equal: sameWhenReported },
    name: { rule: "update" },
    size: { rule: "update", equal: sameWhenReported },
    // Absent labels mean no labels, so deleting the property removes every label.
    labels: { rule: "update", desired: (news) => news.labels ?? {} },
  },
  secretOutputs: RBS_VOLUME_SECRET_OUTPUTS,
  outputNames: RBS_VOLUME_OUTPUTS,

  check(c: Checker) {
    const locationId = c.integer("locationId", true, { min: 1 });
    const flavorId = c.integer("flavorId", true, { min: 1 });
    const size = c.integer("size", true, { min: 1, max: MAX_RBS_VOLUME_SIZE_GB, unit: " GB" });
    c.name();
    c.labels();
    // Grow only. Compared with the previous inputs, unless the volume is being replaced anyway
    // (a new location or flavor makes a new, empty volume of any size).
    const oldSize = c.oldInteger("size");
    const replaced = c.olds.locationId !== locationId || c.olds.flavorId !== flavorId;
    if (size !== undefined && oldSize !== undefined && size < oldSize && !replaced) {
      c.fail(
        "size",
        // The reason starts with the property, as every other rule's does (framework/check.ts).
        `size can only grow: the RBS volume has ${oldSize} GB, and ${size} GB would shrink it. ` +
          `Keep ${oldSize} GB or more (or replace the volume: a new one starts empty)`,
      );
    }
  },

  display: (bag: PropertyBag) => (typeof bag.name === "string" ? bag.name : "(unnamed)"),

  get: (client, id) => unlessNotFound(client.rbsVolumes.get(id)),
  // A refresh reads volumes from their list (framework/read-snapshot.ts); credentials stay a GET.
  ...readFromList(
    "RBS volumes",
    (client, options) => client.rbsVolumes.list(options),
    (volume) => volume.id,
  ),
  create(client, inputs, labels) {
    const { name, locationId, flavorId, size } = inputs as unknown as RbsVolumeInputs;
    return client.rbsVolumes.create({
      name,
      location_id: locationId,
      flavor_id: flavorId,
      size,
      labels,
    });
  },
  update(client, id, changes, labels) {
    const { name, size } = changes as Partial<RbsVolumeInputs>;
    return client.rbsVolumes.update(id, {
      ...(name === undefined ? {} : { name }),
      ...(size === undefined ? {} : { size }),
      ...(labels === undefined ? {} : { labels }),
    });
  },
  delete: (client, id) => client.rbsVolumes.delete(id),

  id: (record) => record.id,
  state: (record) => record.status,
  isReady: (record) => states.isSettled(record.status),
  // rbsVolumeStates lists no failed status today; the table decides, not this file.
  failure: (record) => (states.isFailed(record.status) ? `status ${record.status}` : undefined),
  isGone: (record) => rbsVolumeGoneStatuses.includes(record.status),
  labels: (record) => record.labels ?? {},

  outputs: (record) => ({
    name: record.name,
    size: record.size,
    status: record.status,
    locationId: record.location_id,
    locationCode: record.location_code,
    flavorId: record.flavor_id,
    flavorName: record.flavor_name,
    iops: record.iops,
    bandwidth: record.bandwidth,
    labels: withoutOwnerLabel(record.labels),
    ipAddress: record.ip_address,
    targetIqn: record.target_iqn,
    createdAt: record.created_at,
    updatedAt: record.updated_at,
  }),
  liveInputs: (record) => ({
    name: record.name,
    size: record.size,
    locationId: record.location_id,
    flavorId: record.flavor_id,
    labels: withoutOwnerLabel(record.labels),
  }),
  async secrets(client, record) {
    const credentials = await client.rbsVolumes.getCredentials(record.id);
    return { username: credentials.username, password: credentials.password };
  },
  refuseUpdate(record, news) {
    const wanted = news.size;
    if (typeof wanted === "number" && record.size !== undefined && wanted < record.size) {
      return (
        `an RBS volume can only grow: it has ${record.size} GB and the program asks for ` +
        `${wanted} GB. Set size to ${record.size} or more`
      );
    }
    return undefined;
  },
};
