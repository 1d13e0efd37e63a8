// Dedicated servers as a resource kind (provider/framework/kind.ts). One server per resource,
// ordered by the month: create orders it (POST with one `hosts` entry), delete schedules its
// release, and everything the API can change in place is changed in place (update.ts), with the
// three iPXE Boot flows of api-spec.md. The modules beside this one hold the parts:
//   check.ts    input rules and the iPXE Boot restrictions the declaration shows
//   inputs.ts   inputs, their normal forms, request bodies
//   record.ts   the live server (record + features + SSH keys), readiness, outputs
//   plan.ts     feature / reinstall / script steps; update.ts runs them
import type { ServersComClient } from "../../sdk/client";
import { ConflictError, InputValidationError } from "../../sdk/core/errors";
import type { PropertyBag } from "../framework/check";
import { type PropertyRules, sameWhenReported } from "../framework/diff";
import type { ResourceKind } from "../framework/kind";
import { allOf } from "../framework/ownership";
import { REBOOT_TRIGGER_INPUT, rebootTriggerRule } from "../framework/reboot-trigger";
import {
  checkReinstallTrigger,
  REINSTALL_TRIGGER_INPUT,
  reinstallTriggerRule,
} from "../framework/reinstall-trigger";
import { checkDedicatedServer } from "./check";
import { createBody, desiredDrives, desiredSet, inputsOf } from "./inputs";
import { unsupportedFeatures } from "./location";
import { REINSTALL_ERASES } from "./plan";
import {
  type DedicatedServerLive,
  getDedicatedServer,
  isReady,
  isReleased,
  liveInputsOf,
  outputsOf,
  stateOf,
} from "./record";
import { updateDedicatedServer } from "./update";

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Every output: the record's fields (record.ts, outputsOf) and the inputs the outputs keep. */
export const DEDICATED_SERVER_OUTPUTS = [
  "hostname",
  "title",
  "type",
  "rackId",
  "locationId",
  "locationCode",
  "status",
  "operationalStatus",
  "powerStatus",
  "configuration",
  "privateIpv4Address",
  "publicIpv4Address",
  "oobIpv4Address",
  "leaseStartAt",
  "scheduledReleaseAt",
  "labels",
  "createdAt",
  "updatedAt",
  "ramSize",
  "serverModelId",
  "serverModelName",
  "privateUplinkId",
  "privateUplinkName",
  "publicUplinkId",
  "publicUplinkName",
  "bandwidthId",
  "bandwidthName",
  "operatingSystemId",
  "operatingSystemFullName",
  "uplinkModels",
  "ipxeConfig",
  "features",
  "featureStatuses",
  "ipxeBootFeature",
  "sshKeyFingerprints",
  "driveSlots",
  // Write-only inputs the outputs keep (the API does not return them).
  "drives",
  "ipv6",
  "userData",
  "rebootOnIpxeChange",
  REBOOT_TRIGGER_INPUT,
  REINSTALL_TRIGGER_INPUT,
] as const;

/** `uplinkModels` without an absent public uplink, so that null, undefined and absent agree. */
function desiredUplinks(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const { public: publicUplink, ...rest } = value as Record<string, unknown>;
  return publicUplink === undefined || publicUplink === null
    ? rest
    : { ...rest, public: publicUplink };
}

/** User data often carries passwords or tokens (cloud-init): sealed like any secret. */
export const DEDICATED_SERVER_SECRET_OUTPUTS = ["userData"] as const;

const DEDICATED_SERVER_PROPERTIES: PropertyRules = {
  // The order's hardware and network: the API cannot change them on a live server. The four
  // values of configuration_details may be absent from a record, taken as declared then
  // (sameWhenReported): the Go client's record (pkg/fixtures/hosts/dedicated_servers/
  // get_response.json, v1.0.32) has no configuration_details at all.
  locationId: { rule: "replace" },
  serverModelId: { rule: "replace", equal: sameWhenReported },
  uplinkModels: {
    rule: "replace",
    desired: (news) => desiredUplinks(news.uplinkModels),
    equal: sameWhenReported,
  },
  ramSize: { rule: "replace", equal: sameWhenReported },
  // Not in the record: compared with the values last applied (diff.ts, writeOnly).
  drives: { rule: "replace", writeOnly: true, desired: (news) => desiredDrives(news.drives) },
  ipv6: { rule: "replace", writeOnly: true, desired: (news) => news.ipv6 ?? false },
  // In place, in steps (update.ts).
  operatingSystemId: { rule: "update", equal: sameWhenReported },
  features: { rule: "update", desired: (news) => desiredSet(news.features) },
  ipxeConfig: { rule: "update" },
  hostname: { rule: "update" },
  sshKeyFingerprints: { rule: "update", desired: (news) => desiredSet(news.sshKeyFingerprints) },
  // Used by the order and by a reinstall only: a change alone is recorded, not sent.
  userData: { rule: "update", writeOnly: true },
  labels: { rule: "update", desired: (news) => news.labels ?? {} },
  // An instruction for updates, never a difference by itself.
  rebootOnIpxeChange: {
    rule: "ignore",
    writeOnly: true,
    desired: (news) => news.rebootOnIpxeChange ?? false,
  },
  [REBOOT_TRIGGER_INPUT]: rebootTriggerRule,
  [REINSTALL_TRIGGER_INPUT]: reinstallTriggerRule,
};

/** A new operating system is applied by a reinstall only (update.ts, plan.ts). */
const DEDICATED_REINSTALL_CONSENT = {
  noun: "dedicated server",
  erases: REINSTALL_ERASES,
  inputs: { operatingSystemId: { showValues: true } },
  properties: DEDICATED_SERVER_PROPERTIES,
} as const;

export const dedicatedServerKind: ResourceKind<DedicatedServerLive> = {
  name: "DedicatedServer",
  noun: "dedicated server",
  // The service racks, cables and installs a server: hours, not minutes (Terraform allows 24 h;
  // the simulator takes 20 minutes). A reinstall, a feature switch and a reboot fit in 2 h. A
  // delete only schedules the release, which the service answers at once.
  defaultTimeouts: { create: 6 * HOUR, update: 2 * HOUR, delete: HOUR },
  // Racking and installing takes tens of minutes; a minute's pace is the Terraform provider's
  // too, and the first poll waits until a minute and a half has passed.
  provisioning: { firstPollMs: 90 * SECOND, intervalMs: MINUTE },
  properties: DEDICATED_SERVER_PROPERTIES,
  secretOutputs: DEDICATED_SERVER_SECRET_OUTPUTS,
  outputNames: DEDICATED_SERVER_OUTPUTS,
  reinstall: DEDICATED_REINSTALL_CONSENT,

  check(c) {
    checkDedicatedServer(c);
    checkReinstallTrigger(c, DEDICATED_REINSTALL_CONSENT);
  },

  display: (bag: PropertyBag) => (typeof bag.hostname === "string" ? bag.hostname : "(unnamed)"),

  get: getDedicatedServer,
  async findByLabels(client: ServersComClient, labelSelector: string) {
    const servers = await allOf(
      client.dedicatedServers.list({ labelSelector }),
      "dedicated servers",
    );
    return servers.filter((server) => !isReleased(server)).map((server) => ({ server }));
  },
  async create(client, bag, labels) {
    const inputs = inputsOf(bag);
    // Before buying anything: features the location does not offer (iPXE Boot among them).
    const unsupported = await unsupportedFeatures(client, inputs.locationId, inputs.features ?? []);
    if (unsupported !== undefined) throw new InputValidationError("features", unsupported);
    const servers = await client.dedicatedServers.create(createBody(inputs, labels));
    // The answer has one record per hosts entry, matched by title == hostname (wire-notes.md).
    const server = servers.find((s) => s.title === inputs.hostname) ?? servers[0];
    if (server === undefined) {
      // The order may still exist: the framework looks for it by its ownership label.
      throw new Error("the order was accepted but its answer lists no server");
    }
    return { server };
  },
  update: updateDedicatedServer,
  // Converging an adopted server to another operating system would reinstall it unannounced.
  refuseAdoption(live, inputs) {
    const running = live.server.configuration_details?.operating_system_id;
    const wanted = inputs.operatingSystemId;
    if (running === undefined || wanted === undefined || wanted === running) return undefined;
    return (
      `operatingSystemId is ${JSON.stringify(running)} there but ${JSON.stringify(wanted)} in the ` +
      "program, and changing it reinstalls the server, erasing its drives. Declare the server's " +
      "current operating system to adopt it, then change it in an update with reinstallTrigger."
    );
  },
  async delete(client, id) {
    try {
      await client.dedicatedServers.scheduleRelease(id);
    } catch (error) {
      // Released already (by an interrupted destroy, or outside Pulumi): what delete wants.
      if (error instanceof ConflictError && error.code === "HOST_RELEASE_ALREADY_SCHEDULED") return;
      throw error;
    }
  },

  id: (live) => live.server.id,
  state: stateOf,
  isReady,
  isGone: (live) => isReleased(live.server),
  labels: (live) => live.server.labels ?? {},
  outputs: outputsOf,
  liveInputs: liveInputsOf,
};
