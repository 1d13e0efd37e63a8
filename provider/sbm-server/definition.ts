// Scalable Bare Metal servers as a resource kind (provider/framework/kind.ts): one host per
// resource, ordered with POST /hosts/sbm_servers, reinstalled in place for a new operating
// system or host name, released with DELETE.

import {
  hostOperationalStatusStates,
  hostPowerStatusStates,
  hostStatusStates,
} from "../../sdk/areas/host-common";
import type {
  SbmServer,
  SbmServerCreateBody,
  SbmServerHostInput,
} from "../../sdk/areas/sbm-servers";
import type { ServersComClient } from "../../sdk/client";
import { ConflictError, InputValidationError } from "../../sdk/core/errors";
import { stateMatcher } from "../../sdk/wait";
import { type Checker, MAX_USER_DATA_BYTES, type PropertyBag, shown } from "../framework/check";
import { type PropertyRules, sameWhenReported } from "../framework/diff";
import type { ResourceKind, UpdateContext } from "../framework/kind";
import { UpdateRefused } from "../framework/kind-provider";
import { unlessNotFound } from "../framework/not-found";
import { orderBatcher } from "../framework/order-batch";
import { allOf, withoutOwnerLabel } from "../framework/ownership";
import { subject } from "../framework/progress";
import { listRead } from "../framework/read-snapshot";
import {
  checkReinstallTrigger,
  REINSTALL_TRIGGER_INPUT,
  reinstallConsented,
  reinstallTriggerRule,
  unconsentedReinstall,
} from "../framework/reinstall-trigger";
import { isUnknown } from "../framework/unknowns";
import { fingerprintProblem } from "./fingerprints";
import { sbmOperatingSystemProblem } from "./operating-system";

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const hostStatus = stateMatcher(hostStatusStates);

/** The one power table of every host kind: `unknown` counts as settled (docs/wire.md). */
const hostPower = stateMatcher(hostPowerStatusStates);
const hostOperational = stateMatcher(hostOperationalStatusStates);

/** The inputs as the provider receives them once check has passed. */
export interface SbmServerInputs {
  readonly locationId: number;
  readonly sbmFlavorModelId: number;
  readonly operatingSystemId: number;
  readonly hostname: string;
  readonly publicIpv4NetworkId?: string;
  readonly privateIpv4NetworkId?: string;
  readonly sshKeyFingerprints?: readonly string[];
  readonly userData?: string;
  readonly labels?: Readonly<Record<string, string>>;
  readonly adoptId?: string;
}

/** The inputs whose change reinstalls the server: the fields of the reinstall request. */
export const SBM_REINSTALL_INPUTS = [
  "operatingSystemId",
  "hostname",
  "sshKeyFingerprints",
  "userData",
] as const;

/** user_data often carries credentials; its copy in the outputs is kept secret. */
export const SBM_SERVER_SECRET_OUTPUTS = ["userData"] as const;

/**
 * Every output: the host record's fields in camelCase, with configuration_details flattened (its
 * fields become top-level outputs, so `sbmFlavorModelId` and `operatingSystemId` line up with the
 * inputs), plus the write-only inputs the API never returns.
 */
export const SBM_SERVER_OUTPUTS = [
  "rackId",
  "title",
  "type",
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
  "ramSize",
  "sbmFlavorModelId",
  "sbmFlavorModelName",
  "bandwidthId",
  "bandwidthName",
  "privateUplinkId",
  "privateUplinkName",
  "publicUplinkId",
  "publicUplinkName",
  "operatingSystemId",
  "operatingSystemFullName",
  "labels",
  "createdAt",
  "updatedAt",
  "publicIpv4NetworkId",
  "privateIpv4NetworkId",
  "sshKeyFingerprints",
  REINSTALL_TRIGGER_INPUT,
  ...SBM_SERVER_SECRET_OUTPUTS,
] as const;

// The flavor and operating system may be absent from a record (sameWhenReported): the Go
// client's SBM record (pkg/fixtures/hosts/sbm_servers/get_response.json, v1.0.32) has no
// `configuration_details` at all, and srvctl's (testdata/entities/hosts/get_sbm.json) has no
// `sbm_flavor_model_id` in it.
const SBM_SERVER_PROPERTIES: PropertyRules = {
  // An SBM server cannot move or change its flavor, and its networks are chosen at order time.
  locationId: { rule: "replace" },
  sbmFlavorModelId: { rule: "replace", equal: sameWhenReported },
  publicIpv4NetworkId: { rule: "replace", writeOnly: true },
  privateIpv4NetworkId: { rule: "replace", writeOnly: true },
  // The reinstall request carries these four: a change reinstalls the server in place, with the
  // program's consent (reinstallTrigger).
  operatingSystemId: { rule: "update", equal: sameWhenReported },
  hostname: { rule: "update", output: "title" },
  sshKeyFingerprints: { rule: "update", writeOnly: true },
  userData: { rule: "update", writeOnly: true },
  labels: { rule: "update", desired: (news) => news.labels ?? {} },
  [REINSTALL_TRIGGER_INPUT]: reinstallTriggerRule,
};

/**
 * The host name too: the API's PUT of an SBM server takes labels only (the Go client's
 * SBMServerUpdateInput, srvctl's `sbm update`), so only a reinstall renames it.
 */
const SBM_REINSTALL_CONSENT = {
  noun: "SBM server",
  erases: "its drives: the operating system and every file on them (the id and addresses stay)",
  inputs: {
    operatingSystemId: { showValues: true },
    hostname: {
      showValues: true,
      why: "the API renames an SBM server only by reinstalling it: its update takes labels only",
    },
    sshKeyFingerprints: { why: "keys are installed by the reinstall" },
    userData: { why: "user data runs at the install" },
  },
  properties: SBM_SERVER_PROPERTIES,
} as const;

export const sbmServerKind: ResourceKind<SbmServer> = {
  name: "SbmServer",
  noun: "SBM server",
  // An order installs in minutes, a reinstall too; an hour leaves room for a busy location,
  // which the Terraform provider's 5 minutes do not.
  defaultTimeouts: { create: 60 * MINUTE, update: 60 * MINUTE, delete: 30 * MINUTE },
  // Taken from a ready pool: minutes. The first poll waits one interval.
  provisioning: { firstPollMs: 10 * SECOND, intervalMs: 10 * SECOND },
  properties: SBM_SERVER_PROPERTIES,
  secretOutputs: SBM_SERVER_SECRET_OUTPUTS,
  outputNames: SBM_SERVER_OUTPUTS,
  reinstall: SBM_REINSTALL_CONSENT,

  check(c: Checker) {
    c.integer("locationId", true, { min: 1 });
    c.integer("sbmFlavorModelId", true, { min: 1 });
    // Only the id's shape: whether it is Windows needs the catalogue (operating-system.ts).
    c.integer("operatingSystemId", true, { min: 1 });
    const hostname = c.string("hostname", true, MAX_HOSTNAME_LENGTH);
    if (hostname !== undefined && !isHostname(hostname)) {
      c.fail(
        "hostname",
        `hostname must be a host name: dot-separated labels of letters, digits and dashes, ` +
          `each starting and ending with a letter or digit and at most 63 characters (got ${shown(hostname)})`,
      );
    }
    c.string("publicIpv4NetworkId", false);
    c.string("privateIpv4NetworkId", false);
    checkFingerprints(c, "sshKeyFingerprints");
    c.secretText("userData", false, MAX_USER_DATA_BYTES, true);
    c.labels();
    checkReinstallTrigger(c, SBM_REINSTALL_CONSENT);
  },

  display(bag: PropertyBag) {
    if (typeof bag.hostname === "string") return bag.hostname;
    return typeof bag.title === "string" ? bag.title : "(unnamed)";
  },

  get: (client, id) => unlessNotFound(client.sbmServers.get(id)),
  // A server whose release is scheduled (an earlier destroy or replacement) is on its way out:
  // never adopted, never reported as a duplicate.
  async findByLabels(client, labelSelector) {
    const servers = await allOf(client.sbmServers.list({ labelSelector }), "SBM servers");
    return servers.filter((server) => !isReleasing(server));
  },
  // A refresh reads servers from their list (framework/read-snapshot.ts).
  listRead: listRead({
    list: (client, options) => client.sbmServers.list(options),
    id: (server) => server.id,
    live: async (_client, server) => server,
  }),

  async create(client, inputs, labels) {
    const wanted = inputs as unknown as SbmServerInputs;
    const problem = await sbmOperatingSystemProblem(client, wanted);
    // Refused before anything is ordered: nothing exists, so a plain error is right.
    if (problem !== undefined)
      throw new InputValidationError("operatingSystemId", problem, problem);
    // Concurrent orders of the same body go as one (order-batch.ts), each host with its labels.
    const { hosts, ...body } = orderBody(wanted, labels);
    const [host] = hosts;
    if (host === undefined) throw new Error("an SBM order has one host entry per resource");
    return orderBatcher.order(client, {
      endpoint: "sbm_servers",
      body,
      host,
      send: (entries) => client.sbmServers.create({ ...body, hosts: entries }),
    });
  },

  async update(client, id, changes, labels, context) {
    const reinstalling = SBM_REINSTALL_INPUTS.filter((name) => name in changes);
    // Refused before any request, so that a refusal changes nothing (labels included): a
    // reinstall without consent (check refuses it when the inputs change; this catches a server
    // changed outside Pulumi), then the Windows rule.
    if (reinstalling.length > 0 && !reinstallConsented(changes)) {
      const news = context.news as unknown as SbmServerInputs;
      throw new UpdateRefused(
        `${subject(sbmServerKind.name, news.hostname, id)}: ` +
          unconsentedReinstall(
            SBM_REINSTALL_CONSENT.noun,
            `${reinstalling.join(", ")} differ from what the server was installed with`,
            SBM_REINSTALL_CONSENT.erases,
          ),
      );
    }
    if (reinstalling.includes("operatingSystemId"))
      await refuseUnavailableSystem(client, id, context);
    let record = context.record;
    if (labels !== undefined) record = await client.sbmServers.update(id, { labels });
    if (reinstalling.length > 0) record = await reinstall(client, id, reinstalling, context);
    // The framework waits for active/normal after the reinstall.
    return record;
  },

  // Converging an adopted server would reinstall it unannounced: refuse instead.
  refuseAdoption(record, inputs) {
    const live: PropertyBag = {
      operatingSystemId: record.configuration_details?.operating_system_id,
      hostname: record.title,
    };
    const differing = ["operatingSystemId", "hostname"].filter(
      (name) => inputs[name] !== undefined && inputs[name] !== live[name],
    );
    if (differing.length === 0) return undefined;
    const detail = differing
      .map(
        (name) =>
          `${name} is ${JSON.stringify(live[name])} there but ${JSON.stringify(inputs[name])} in the program`,
      )
      .join("; ");
    return (
      `${detail}, and changing them reinstalls the server, erasing its drives. Declare the ` +
      "server's current values to adopt it, then change them in an update the preview shows."
    );
  },

  // DELETE schedules the release for the end of the server's billing hour (the hour is paid
  // for either way) and answers the server with scheduled_release_at. Waiting up to an hour for
  // the 404 would only run into timeouts: the scheduled release is the end of the delete, said
  // in a progress line. A second DELETE answers the same (or 409 while the release is pending).
  async delete(client, id) {
    let record: SbmServer;
    try {
      record = await client.sbmServers.release(id);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      const current = await client.sbmServers.get(id);
      if (!isReleasing(current)) throw error;
      record = current;
    }
    return { scheduled: releaseLine(record) };
  },

  id: (record) => record.id,
  // The release shows only in scheduled_release_at: the progress line of a delete says so.
  state: (record) =>
    `${record.status}/${record.operational_status ?? "-"}/${record.power_status ?? "-"}` +
    (typeof record.scheduled_release_at === "string" ? " (release scheduled)" : ""),
  isReady: (record) =>
    hostStatus.isSettled(record.status) &&
    // Older records lack the operational and power status (wire-notes.md): status decides.
    (record.operational_status === undefined ||
      hostOperational.isSettled(record.operational_status)) &&
    (record.power_status === undefined || hostPower.isSettled(record.power_status)),
  // A released server answers GET with scheduled_release_at set until it disappears.
  isGone: (record) => isReleasing(record),
  labels: (record) => record.labels ?? {},

  outputs: (record) => {
    const details = record.configuration_details;
    return {
      rackId: record.rack_id,
      title: record.title,
      type: record.type,
      locationId: record.location_id,
      locationCode: record.location_code ?? null,
      status: record.status,
      operationalStatus: record.operational_status,
      powerStatus: record.power_status,
      configuration: record.configuration,
      privateIpv4Address: record.private_ipv4_address,
      publicIpv4Address: record.public_ipv4_address,
      oobIpv4Address: record.oob_ipv4_address,
      leaseStartAt: record.lease_start_at,
      scheduledReleaseAt: record.scheduled_release_at,
      ramSize: details?.ram_size,
      sbmFlavorModelId: details?.sbm_flavor_model_id,
      sbmFlavorModelName: details?.sbm_flavor_model_name,
      bandwidthId: details?.bandwidth_id,
      bandwidthName: details?.bandwidth_name,
      privateUplinkId: details?.private_uplink_id,
      privateUplinkName: details?.private_uplink_name,
      publicUplinkId: details?.public_uplink_id,
      publicUplinkName: details?.public_uplink_name,
      operatingSystemId: details?.operating_system_id,
      operatingSystemFullName: details?.operating_system_full_name,
      labels: withoutOwnerLabel(record.labels),
      createdAt: record.created_at,
      updatedAt: record.updated_at,
    };
  },
  liveInputs: (record) => ({
    locationId: record.location_id,
    sbmFlavorModelId: record.configuration_details?.sbm_flavor_model_id,
    operatingSystemId: record.configuration_details?.operating_system_id,
    hostname: record.title,
    labels: withoutOwnerLabel(record.labels),
  }),
};

/** The release is scheduled: the server disappears at the end of its billing hour. */
function isReleasing(server: SbmServer): boolean {
  return typeof server.scheduled_release_at === "string";
}

/** The delete's last progress line: when the server goes, and that nothing more is waited for. */
function releaseLine(record: SbmServer): string {
  const at = record.scheduled_release_at;
  return typeof at === "string"
    ? `release scheduled for ${at} (the end of its billing hour): it is billed until then and ` +
        "removed by the service, with its networks and PTR records; nothing more to wait for"
    : "release requested: the service releases an SBM server at the end of its billing hour";
}

/** RFC 1123 host names, as the API checks them. */
const MAX_HOSTNAME_LENGTH = 253;
const HOSTNAME_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

function isHostname(value: string): boolean {
  return value.split(".").every((label) => HOSTNAME_LABEL.test(label));
}

function checkFingerprints(c: Checker, property: string): void {
  const value = c.news[property];
  if (value === undefined || value === null || isUnknown(value)) return;
  if (!Array.isArray(value)) {
    c.fail(property, `${property} must be a list of SSH key fingerprints`);
    return;
  }
  value.forEach((entry: unknown, index) => {
    const problem = isUnknown(entry) ? undefined : fingerprintProblem(entry);
    if (problem !== undefined) c.fail(property, `${property}[${index}] ${problem}`);
  });
}

function orderBody(inputs: SbmServerInputs, labels: Record<string, string>): SbmServerCreateBody {
  const host: SbmServerHostInput = {
    hostname: inputs.hostname,
    labels,
    ...(inputs.publicIpv4NetworkId === undefined
      ? {}
      : { public_ipv4_network_id: inputs.publicIpv4NetworkId }),
    ...(inputs.privateIpv4NetworkId === undefined
      ? {}
      : { private_ipv4_network_id: inputs.privateIpv4NetworkId }),
  };
  return {
    location_id: inputs.locationId,
    sbm_flavor_model_id: inputs.sbmFlavorModelId,
    operating_system_id: inputs.operatingSystemId,
    hosts: [host],
    ...(inputs.sshKeyFingerprints === undefined
      ? {}
      : { ssh_key_fingerprints: inputs.sshKeyFingerprints }),
    ...(inputs.userData === undefined ? {} : { user_data: inputs.userData }),
  };
}

/** The Windows rule for a reinstall: an UpdateRefused keeps the old state. */
async function refuseUnavailableSystem(
  client: ServersComClient,
  id: string,
  context: UpdateContext<SbmServer>,
): Promise<void> {
  const news = context.news as unknown as SbmServerInputs;
  const problem = await sbmOperatingSystemProblem(client, {
    locationId: context.record.location_id,
    sbmFlavorModelId:
      context.record.configuration_details?.sbm_flavor_model_id ?? news.sbmFlavorModelId,
    operatingSystemId: news.operatingSystemId,
  });
  if (problem !== undefined) {
    throw new UpdateRefused(`${subject(sbmServerKind.name, news.hostname, id)}: ${problem}`);
  }
}

/**
 * POST reinstall with the complete set of install inputs (the request replaces the hostname, the
 * system, the keys and the user data together). The drives are erased; the id and addresses stay.
 */
async function reinstall(
  client: ServersComClient,
  id: string,
  changed: readonly string[],
  context: UpdateContext<SbmServer>,
): Promise<SbmServer> {
  const news = context.news as unknown as SbmServerInputs;
  context.say(`reinstalling (${changed.join(", ")} changed): the drives are erased`);
  return client.sbmServers.reinstall(id, {
    hostname: news.hostname,
    operating_system_id: news.operatingSystemId,
    ...(news.sshKeyFingerprints === undefined
      ? {}
      : { ssh_key_fingerprints: news.sshKeyFingerprints }),
    ...(news.userData === undefined ? {} : { user_data: news.userData }),
  });
}
