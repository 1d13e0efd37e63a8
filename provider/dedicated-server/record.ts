// The live dedicated server as the provider sees it: the record (GET .../{id}), plus the features,
// the attached SSH keys and the drive slots, which have their own lists. What counts as ready and as gone, the
// progress-line state, and record -> outputs / live inputs.
import type { DedicatedServer } from "../../sdk/areas/dedicated-servers";
import { type HostDriveSlot, hostPowerStatusStates } from "../../sdk/areas/host-common";
import type { ServersComClient } from "../../sdk/client";
import { NotFoundError } from "../../sdk/core/errors";
import { stateMatcher } from "../../sdk/wait";
import { withoutOwnerLabel } from "../framework/ownership";
import { driveSlotResult } from "../functions/drive-slot-result";
import { FEATURE_ON, FEATURE_TRANSITIONAL, ipxeFeatureOf, RESCUE_MODE } from "./features";

/** Bounds for the sub-lists: a server has nine features and, in practice, a few keys. */
const FEATURE_LIST_LIMIT = 100;
const SSH_KEY_LIST_LIMIT = 1_000;
/** A chassis has at most a few dozen drive bays. */
const DRIVE_SLOT_LIST_LIMIT = 1_000;

export interface DedicatedServerLive {
  readonly server: DedicatedServer;
  /**
   * Feature name -> status, read once the server is active (the order sets them during the
   * install); undefined before, and on records from a list.
   */
  readonly features?: Readonly<Record<string, string>>;
  /** The attached SSH keys' fingerprints, sorted; read with the features. */
  readonly sshKeyFingerprints?: readonly string[];
  /** The drive slots, filled or empty, by position; read with the features. */
  readonly driveSlots?: readonly HostDriveSlot[];
}

/** A scheduled release ends the resource (wire-notes.md): the server answers until it is gone. */
export function isReleased(server: DedicatedServer): boolean {
  return server.scheduled_release_at !== null && server.scheduled_release_at !== undefined;
}

/**
 * The live server, or undefined when it is gone: 404, or its release is scheduled. Returning
 * undefined for a scheduled release lets read report the deletion, update say so, and delete end
 * as soon as the release is scheduled (a dedicated server is released at the end of its billing
 * period, not waited for).
 */
export async function getDedicatedServer(
  client: ServersComClient,
  id: string,
): Promise<DedicatedServerLive | undefined> {
  let server: DedicatedServer;
  try {
    server = await client.dedicatedServers.get(id);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
  if (isReleased(server)) return undefined;
  // Until the first install is done the features are the order's, keys cannot change and the
  // drives are the order's: three requests per poll saved during the longest wait. Once active
  // the three lists are read together, so a read costs one round trip more than the record
  // (Terraform's dedicated server read also lists the drive slots of an active server).
  if (server.status !== "active") return { server };
  const [features, keys, slots] = await Promise.all([
    client.dedicatedServers.listFeatures(id).toArray({ limit: FEATURE_LIST_LIMIT }),
    client.dedicatedServers.listSshKeys(id).toArray({ limit: SSH_KEY_LIST_LIMIT }),
    client.dedicatedServers.listDriveSlots(id).toArray({ limit: DRIVE_SLOT_LIST_LIMIT }),
  ]);
  return {
    server,
    features: Object.fromEntries(features.map((feature) => [feature.name, feature.status])),
    sshKeyFingerprints: keys.map((key) => key.fingerprint).sort(),
    driveSlots: [...slots].sort((a, b) => a.position - b.position),
  };
}

/** The names of the features that are on (activated, or activation requested), sorted. */
export function activeFeatures(live: DedicatedServerLive): string[] | undefined {
  if (live.features === undefined) return undefined;
  return Object.entries(live.features)
    .filter(([, status]) => FEATURE_ON.includes(status))
    .map(([name]) => name)
    .sort();
}

/** The features in transition, as "name status", for progress lines and readiness. */
function featuresInTransition(live: DedicatedServerLive): string[] {
  return Object.entries(live.features ?? {})
    .filter(([, status]) => FEATURE_TRANSITIONAL.includes(status))
    .map(([name, status]) => `${name} ${status}`)
    .sort();
}

/** The one power table of every host kind: `unknown` counts as settled (docs/wire.md). */
const hostPower = stateMatcher(hostPowerStatusStates);

/**
 * The host's three statuses in the usable state: active, normal (or rescue mode when the
 * declared rescue feature is on), and no power operation running (powered on or off, or
 * `unknown`, which the service shows after provisioning and when something went wrong: waiting
 * on it would only run into the deadline). Older records lack the last two: absent is fine.
 */
export function isHostReady(live: DedicatedServerLive): boolean {
  const { status, operational_status: operational, power_status: power } = live.server;
  const rescue = operational === "rescue_mode" && live.features?.[RESCUE_MODE] === "activated";
  return (
    status === "active" &&
    (operational === undefined || operational === "normal" || rescue) &&
    (power === undefined || hostPower.isSettled(power))
  );
}

/** Ready: the host is, and no feature is still switching (an order's iPXE Boot activation). */
export function isReady(live: DedicatedServerLive): boolean {
  return (
    isHostReady(live) && live.features !== undefined && featuresInTransition(live).length === 0
  );
}

/** `active/normal/powered_on`, plus any feature in transition: one progress line per change. */
export function stateOf(live: DedicatedServerLive): string {
  const { status, operational_status: operational, power_status: power } = live.server;
  const host = [status, operational ?? "-", power ?? "-"].join("/");
  const switching = featuresInTransition(live);
  return switching.length === 0 ? host : `${host}, ${switching.join(", ")}`;
}

/** The uplinks in the shape of the `uplinkModels` input, from configuration_details. */
function uplinkModelsOf(server: DedicatedServer): Record<string, unknown> | undefined {
  const details = server.configuration_details;
  // Keys of configuration_details may be absent as well as null (docs/wire.md, Hosts).
  const privateId = details?.private_uplink_id ?? null;
  if (details === undefined || privateId === null) return undefined;
  const publicUplink =
    details.public_uplink_id === null || details.public_uplink_id === undefined
      ? {}
      : {
          public: { id: details.public_uplink_id, bandwidthModelId: details.bandwidth_id ?? null },
        };
  return { private: { id: privateId }, ...publicUplink };
}

/**
 * Every field of the record in camelCase (wire-notes.md, "Records the spec leaves out"), with
 * configuration_details flattened to top-level outputs: the inputs ramSize, serverModelId and
 * operatingSystemId then compare with outputs of the same name. Plus the outputs that mirror
 * inputs: hostname (the title), uplinkModels, features (those on), sshKeyFingerprints, and the
 * active iPXE Boot feature.
 */
export function outputsOf(live: DedicatedServerLive): Record<string, unknown> {
  const { server } = live;
  const details = server.configuration_details;
  const features = activeFeatures(live);
  return {
    hostname: server.title,
    title: server.title,
    type: server.type,
    rackId: server.rack_id,
    locationId: server.location_id,
    locationCode: server.location_code,
    status: server.status,
    operationalStatus: server.operational_status,
    powerStatus: server.power_status,
    configuration: server.configuration,
    privateIpv4Address: server.private_ipv4_address,
    publicIpv4Address: server.public_ipv4_address,
    oobIpv4Address: server.oob_ipv4_address,
    leaseStartAt: server.lease_start_at,
    scheduledReleaseAt: server.scheduled_release_at,
    labels: withoutOwnerLabel(server.labels ?? {}),
    createdAt: server.created_at,
    updatedAt: server.updated_at,
    ramSize: details?.ram_size,
    serverModelId: details?.server_model_id,
    serverModelName: details?.server_model_name,
    privateUplinkId: details?.private_uplink_id,
    privateUplinkName: details?.private_uplink_name,
    publicUplinkId: details?.public_uplink_id,
    publicUplinkName: details?.public_uplink_name,
    bandwidthId: details?.bandwidth_id,
    bandwidthName: details?.bandwidth_name,
    operatingSystemId: details?.operating_system_id,
    operatingSystemFullName: details?.operating_system_full_name,
    uplinkModels: uplinkModelsOf(server),
    ipxeConfig: server.ipxe_config,
    features,
    featureStatuses: live.features,
    ipxeBootFeature: features === undefined ? undefined : (ipxeFeatureOf(features) ?? null),
    sshKeyFingerprints: live.sshKeyFingerprints,
    driveSlots: live.driveSlots?.map(driveSlotResult),
  };
}

/** The live values of the inputs the API returns (read reports them for refresh). */
export function liveInputsOf(live: DedicatedServerLive): Record<string, unknown> {
  const outputs = outputsOf(live);
  const { server } = live;
  return {
    locationId: outputs.locationId,
    serverModelId: outputs.serverModelId,
    uplinkModels: outputs.uplinkModels,
    ramSize: outputs.ramSize,
    operatingSystemId: outputs.operatingSystemId,
    features: outputs.features,
    // Only a script the server has: an absent ipxeConfig input is not managed.
    ...(typeof server.ipxe_config === "string" ? { ipxeConfig: server.ipxe_config } : {}),
    hostname: server.title,
    sshKeyFingerprints: live.sshKeyFingerprints,
    labels: outputs.labels,
  };
}
