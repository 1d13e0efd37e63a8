// Cloud instances as a resource kind (provider/framework/kind.ts). Name, backup copies, GPN,
// IPv6 and labels change with one PUT; a flavor, an image (with the program's consent:
// reinstallTrigger), a pending upgrade confirmation or a reboot trigger take their own requests
// and waits (update.ts).

import {
  type CloudInstance,
  cloudInstanceGoneStatuses,
  cloudInstanceStates,
  platformUuidOf,
} from "../../sdk/areas/cloud-instances";
import { CloudRegionMaintenanceError, ConflictError } from "../../sdk/core/errors";
import { stateMatcher } from "../../sdk/wait";
import { type Checker, MAX_USER_DATA_BYTES, type PropertyBag, shown } from "../framework/check";
import { jsonEqual, type PropertyRules } from "../framework/diff";
import type { ResourceKind } from "../framework/kind";
import { readFromList } from "../framework/listed";
import { unlessNotFound } from "../framework/not-found";
import { withoutOwnerLabel } from "../framework/ownership";
import {
  checkRebootTrigger,
  REBOOT_TRIGGER_INPUT,
  rebootTriggerRule,
} from "../framework/reboot-trigger";
import {
  checkReinstallTrigger,
  REINSTALL_TRIGGER_INPUT,
  reinstallTriggerRule,
} from "../framework/reinstall-trigger";
import { isUnknown } from "../framework/unknowns";
import { fingerprintProblem } from "../sbm-server/fingerprints";
import {
  AWAITING_UPGRADE_CONFIRM,
  type CloudInstanceInputs,
  REINSTALL_ERASES,
  UPGRADE_CONFIRMATIONS,
  updateCloudInstance,
  wantsApproval,
} from "./update";

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const states = stateMatcher(cloudInstanceStates);

/** user_data often carries credentials; its copy in the outputs is kept secret. */
export const CLOUD_INSTANCE_SECRET_OUTPUTS = ["userData"] as const;

/**
 * Every output: the record's fields in camelCase (the spec's `platformUuid` for the wire's
 * openstack_uuid), whether an upgrade awaits confirmation, and the write-only inputs.
 */
export const CLOUD_INSTANCE_OUTPUTS = [
  "platformUuid",
  "status",
  "name",
  "regionId",
  "regionCode",
  "flavorId",
  "flavorName",
  "imageId",
  "imageName",
  "publicIpv4Address",
  "privateIpv4Address",
  "localIpv4Address",
  "publicIpv6Address",
  "ipv6Enabled",
  "gpnEnabled",
  "backupCopies",
  "publicPortBlocked",
  "labels",
  "createdAt",
  "updatedAt",
  "awaitingUpgradeConfirmation",
  "sshKeyFingerprint",
  "ipv4Enabled",
  REBOOT_TRIGGER_INPUT,
  REINSTALL_TRIGGER_INPUT,
  ...CLOUD_INSTANCE_SECRET_OUTPUTS,
] as const;

/** Equality for a field a record may leave out: then it holds `fallback`, the API's default. */
function unreportedMeans(fallback: unknown): (desired: unknown, live: unknown) => boolean {
  return (desired, live) => jsonEqual(desired, live === undefined ? fallback : live);
}

const CLOUD_INSTANCE_PROPERTIES: PropertyRules = {
  // An instance cannot move between regions.
  regionId: { rule: "replace" },
  // Create-only fields the API never returns: a change needs a new instance.
  sshKeyFingerprint: { rule: "replace", writeOnly: true },
  // ipv4_enabled is a create field only (the Go client's CloudComputingInstanceCreateInput;
  // no update body carries it, no record reports it): a change needs a new instance.
  ipv4Enabled: { rule: "replace", writeOnly: true },
  userData: { rule: "replace", writeOnly: true },
  // POST upgrade (then approve_upgrade), POST reinstall: in place, same id and addresses. A
  // reinstall erases the disk: only with the program's consent (reinstallTrigger).
  flavorId: { rule: "update" },
  imageId: { rule: "update" },
  name: { rule: "update" },
  // Absent means the API's defaults, so removing the input switches the feature off again.
  // Older records do not report these (the schema makes them optional): such a record is taken
  // to hold the defaults rather than diffing forever and PUTting them on every update.
  gpnEnabled: {
    rule: "update",
    desired: (news) => news.gpnEnabled ?? false,
    equal: unreportedMeans(false),
  },
  ipv6Enabled: {
    rule: "update",
    desired: (news) => news.ipv6Enabled ?? false,
    equal: unreportedMeans(false),
  },
  backupCopies: {
    rule: "update",
    desired: (news) => news.backupCopies ?? 0,
    equal: unreportedMeans(0),
  },
  labels: { rule: "update", desired: (news) => news.labels ?? {} },
  // "approve" wants no upgrade left awaiting confirmation; "leave" does not mind either way.
  upgradeConfirmation: {
    rule: "update",
    output: "awaitingUpgradeConfirmation",
    desired: (news) => (wantsApproval(news) ? false : undefined),
  },
  [REBOOT_TRIGGER_INPUT]: rebootTriggerRule,
  [REINSTALL_TRIGGER_INPUT]: reinstallTriggerRule,
};

/**
 * Only the image: POST reinstall takes image_id and user_data (the Go client's
 * CloudComputingInstanceReinstallInput), but user data is a create field here (a change replaces
 * the instance), so the provider's reinstall sends the image alone.
 */
const CLOUD_INSTANCE_REINSTALL_CONSENT = {
  noun: "cloud instance",
  erases: REINSTALL_ERASES,
  inputs: { imageId: { showValues: true } },
  properties: CLOUD_INSTANCE_PROPERTIES,
} as const;

export const cloudInstanceKind: ResourceKind<CloudInstance> = {
  name: "CloudInstance",
  noun: "cloud instance",
  // An instance is ACTIVE in about a minute; an upgrade takes up to 10 minutes of downtime plus
  // the approval, a reinstall a few minutes: 30 minutes covers an update doing several of them.
  defaultTimeouts: { create: 15 * MINUTE, update: 30 * MINUTE, delete: 15 * MINUTE },
  // An instance builds in about a minute: nothing to see before then, then a short pace.
  provisioning: { firstPollMs: MINUTE, intervalMs: 10 * SECOND },
  properties: CLOUD_INSTANCE_PROPERTIES,
  secretOutputs: CLOUD_INSTANCE_SECRET_OUTPUTS,
  outputNames: CLOUD_INSTANCE_OUTPUTS,
  reinstall: CLOUD_INSTANCE_REINSTALL_CONSENT,

  check(c: Checker) {
    c.integer("regionId", true, { min: 1 });
    c.string("flavorId", true);
    c.string("imageId", true);
    c.name();
    checkBoolean(c, "gpnEnabled");
    checkBoolean(c, "ipv4Enabled");
    checkBoolean(c, "ipv6Enabled");
    c.integer("backupCopies", false, { min: 0 });
    const fingerprint = c.string("sshKeyFingerprint", false);
    const problem = fingerprint === undefined ? undefined : fingerprintProblem(fingerprint);
    if (problem !== undefined) c.fail("sshKeyFingerprint", `sshKeyFingerprint ${problem}`);
    c.secretText("userData", false, MAX_USER_DATA_BYTES, true);
    c.labels();
    const confirmation = c.string("upgradeConfirmation", false);
    if (
      confirmation !== undefined &&
      !(UPGRADE_CONFIRMATIONS as readonly string[]).includes(confirmation)
    ) {
      c.fail(
        "upgradeConfirmation",
        `upgradeConfirmation must be "approve" (confirm an upgrade at once) or "leave" (leave ` +
          `it awaiting confirmation; the API confirms it after 72 hours) (got ${shown(confirmation)})`,
      );
    }
    checkRebootTrigger(c);
    checkReinstallTrigger(c, CLOUD_INSTANCE_REINSTALL_CONSENT);
  },

  display: (bag: PropertyBag) => (typeof bag.name === "string" ? bag.name : "(unnamed)"),

  get: (client, id) => unlessNotFound(client.cloudInstances.get(id)),
  // A refresh reads instances from their list (framework/read-snapshot.ts).
  ...readFromList(
    "cloud instances",
    (client, options) => client.cloudInstances.list(options),
    (instance) => instance.id,
  ),
  create(client, inputs, labels) {
    const wanted = inputs as unknown as CloudInstanceInputs;
    return client.cloudInstances.create({
      name: wanted.name,
      region_id: wanted.regionId,
      flavor_id: wanted.flavorId,
      image_id: wanted.imageId,
      labels,
      ...(wanted.gpnEnabled === undefined ? {} : { gpn_enabled: wanted.gpnEnabled }),
      ...(wanted.ipv4Enabled === undefined ? {} : { ipv4_enabled: wanted.ipv4Enabled }),
      ...(wanted.ipv6Enabled === undefined ? {} : { ipv6_enabled: wanted.ipv6Enabled }),
      ...(wanted.backupCopies === undefined ? {} : { backup_copies: wanted.backupCopies }),
      ...(wanted.sshKeyFingerprint === undefined
        ? {}
        : { ssh_key_fingerprint: wanted.sshKeyFingerprint }),
      ...(wanted.userData === undefined ? {} : { user_data: wanted.userData }),
    });
  },
  update: updateCloudInstance,
  // Converging an adopted instance to another image would erase its disk unannounced.
  refuseAdoption(record, inputs) {
    if (inputs.imageId === undefined || inputs.imageId === record.image_id) return undefined;
    return (
      `imageId is ${JSON.stringify(record.image_id)} there but ${JSON.stringify(inputs.imageId)} ` +
      "in the program, and changing it reinstalls the instance, erasing its disk. Declare the " +
      "instance's current image to adopt it, then change it in an update the preview shows."
    );
  },
  async delete(client, id) {
    await client.cloudInstances.delete(id);
  },
  /**
   * The refusals api-spec.md names for reboot and upgrade (a locked instance: 409 CONFLICT; a
   * region in maintenance: CLOUD_REGION_MAINTENANCE) change nothing and pass with time: the
   * framework repeats the update with backoff until its timeout. A reinstall is treated alike.
   * Other 409s (a create, a delete already under way) keep their own meaning.
   */
  busy(error: unknown) {
    if (error instanceof CloudRegionMaintenanceError) {
      return `the region is in maintenance mode (CLOUD_REGION_MAINTENANCE: ${error.apiMessage ?? "no message"})`;
    }
    if (error instanceof ConflictError && error.code === "CONFLICT" && LOCKABLE.test(error.path)) {
      return `the instance is locked (409 CONFLICT: ${error.apiMessage ?? "no message"})`;
    }
    return undefined;
  },

  id: (record) => record.id,
  state: (record) => record.status,
  // Any settled status: ACTIVE after a create; AWAITING_UPGRADE_CONFIRM, SWITCHED_OFF and RESCUE
  // only follow a deliberate action, and waiting would not change them.
  isReady: (record) => states.isSettled(record.status),
  failure: (record) => (states.isFailed(record.status) ? `status ${record.status}` : undefined),
  isGone: (record) =>
    record.status === "DELETING" || cloudInstanceGoneStatuses.includes(record.status),
  labels: (record) => record.labels ?? {},

  outputs: (record) => ({
    // Null while provisioning, as the addresses (docs/wire.md, Cloud instances).
    platformUuid: platformUuidOf(record) ?? null,
    status: record.status,
    name: record.name,
    regionId: record.region_id ?? null,
    regionCode: record.region_code ?? null,
    flavorId: record.flavor_id,
    flavorName: record.flavor_name,
    imageId: record.image_id,
    imageName: record.image_name,
    publicIpv4Address: record.public_ipv4_address ?? null,
    privateIpv4Address: record.private_ipv4_address ?? null,
    localIpv4Address: record.local_ipv4_address ?? null,
    publicIpv6Address: record.public_ipv6_address ?? null,
    ipv6Enabled: record.ipv6_enabled,
    gpnEnabled: record.gpn_enabled,
    backupCopies: record.backup_copies,
    publicPortBlocked: record.public_port_blocked,
    labels: withoutOwnerLabel(record.labels),
    createdAt: record.created_at,
    updatedAt: record.updated_at,
    awaitingUpgradeConfirmation: record.status === AWAITING_UPGRADE_CONFIRM,
  }),
  liveInputs: (record) => ({
    regionId: record.region_id,
    flavorId: record.flavor_id,
    imageId: record.image_id,
    name: record.name,
    gpnEnabled: record.gpn_enabled,
    ipv6Enabled: record.ipv6_enabled,
    backupCopies: record.backup_copies,
    labels: withoutOwnerLabel(record.labels),
  }),
};

/** The actions api-spec.md says a lock or a maintenance refuses (and reinstall, alike). */
const LOCKABLE = /\/(?:reboot|upgrade|reinstall)$/;

function checkBoolean(c: Checker, property: string): void {
  const value = c.news[property];
  if (value === undefined || value === null || isUnknown(value) || typeof value === "boolean") {
    return;
  }
  c.fail(property, `${property} must be true or false (got ${shown(value)})`);
}
