// A host's hardware and usage, read-only (docs/wire.md, "Host hardware and usage"): its drive
// slots (dedicated servers and Kubernetes bare metal nodes: what Terraform's dedicated server read
// fills its drive slots from), its power feeds (every kind), a dedicated server's network ports
// and billed services, a dedicated or SBM server's traffic of the billing period. Paths and
// records: the Go client's hosts.go and types.go at abb982c9, srvctl's `hosts` commands.
import type { DedicatedServerService } from "../../sdk/areas/dedicated-servers";
import type { HostKind } from "../../sdk/areas/host-common";
import { type DriveSlotResult, driveSlotResult } from "./drive-slot-result";
import { optionalChoice, text } from "./framework/args";
import { getById } from "./framework/by-id";
import { camelFields } from "./framework/fields";
import { type LookupOptions, outputForm, promiseForm } from "./framework/invoke";
import { collect, listLimit, PAGE_SIZE } from "./framework/lists";

export type { DriveSlotResult };

const DRIVE_SLOT_KINDS = ["dedicated_server", "kubernetes_baremetal_node"] as const;
const USAGE_KINDS = ["dedicated_server", "sbm_server"] as const;
const ALL_KINDS: readonly HostKind[] = [
  "dedicated_server",
  "sbm_server",
  "kubernetes_baremetal_node",
];

export interface GetHostDriveSlotsArgs {
  /** The host's id. */
  readonly hostId: string;
  /** "dedicated_server" (default) or "kubernetes_baremetal_node": the API has no SBM drive slots. */
  readonly hostType?: (typeof DRIVE_SLOT_KINDS)[number];
}

export interface GetHostDriveSlotsResult {
  /** The host's id. */
  readonly hostId: string;
  /** The drive slots, filled or not, by position. */
  readonly driveSlots: DriveSlotResult[];
}

/** The drive slots of a dedicated server or bare metal node, filled or not, by position. */
export function getHostDriveSlots(
  args: GetHostDriveSlotsArgs,
  opts?: LookupOptions,
): Promise<GetHostDriveSlotsResult> {
  return promiseForm("getHostDriveSlots", opts, async (lookup) => {
    const hostId = text(lookup.fn, args, "hostId");
    const hostType =
      optionalChoice(lookup.fn, args, "hostType", DRIVE_SLOT_KINDS) ?? "dedicated_server";
    const api =
      hostType === "dedicated_server"
        ? lookup.client.dedicatedServers
        : lookup.client.kubernetesBaremetalNodes;
    const slots = await getById(lookup, hostType.replaceAll("_", " "), hostId, () =>
      collect(api.listDriveSlots(hostId, { perPage: PAGE_SIZE }, lookup.call), {
        fn: lookup.fn,
        what: `drive slots of host ${hostId}`,
      }),
    );
    return {
      hostId,
      driveSlots: [...slots].sort((a, b) => a.position - b.position).map(driveSlotResult),
    };
  });
}

export const getHostDriveSlotsOutput = outputForm(getHostDriveSlots);

export interface GetHostPowerFeedsArgs {
  /** The host's id. */
  readonly hostId: string;
  /** Default "dedicated_server". */
  readonly hostType?: HostKind;
}

/** A power feed of a host. */
export interface PowerFeedResult {
  /** The power feed's name. */
  readonly name: string;
  /** `on` or `off`, as the API reports it; null where it does not say. */
  readonly status: string | null;
  /** The feed's type, e.g. `physical`; null where the API leaves it out. */
  readonly type: string | null;
}

export interface GetHostPowerFeedsResult {
  /** The host's id. */
  readonly hostId: string;
  /** The host's power feeds. */
  readonly powerFeeds: PowerFeedResult[];
}

/** The power feeds of a host of any kind, and whether each is on. */
export function getHostPowerFeeds(
  args: GetHostPowerFeedsArgs,
  opts?: LookupOptions,
): Promise<GetHostPowerFeedsResult> {
  return promiseForm("getHostPowerFeeds", opts, async (lookup) => {
    const hostId = text(lookup.fn, args, "hostId");
    const hostType = optionalChoice(lookup.fn, args, "hostType", ALL_KINDS) ?? "dedicated_server";
    const api =
      hostType === "dedicated_server"
        ? lookup.client.dedicatedServers
        : hostType === "sbm_server"
          ? lookup.client.sbmServers
          : lookup.client.kubernetesBaremetalNodes;
    const feeds = await getById(lookup, hostType.replaceAll("_", " "), hostId, () =>
      api.getPowerFeeds(hostId, lookup.call),
    );
    return {
      hostId,
      powerFeeds: feeds.map((feed) => ({
        name: feed.name,
        status: feed.status ?? null,
        type: feed.type ?? null,
      })),
    };
  });
}

export const getHostPowerFeedsOutput = outputForm(getHostPowerFeeds);

export interface GetServerConnectionsArgs {
  /** A dedicated server's id. */
  readonly serverId: string;
}

/** A network port of a dedicated server. */
export interface ConnectionResult {
  /** The network port's name. */
  readonly port: string;
  /** "public", "private" or "oob" as the API names the port's network. */
  readonly type: string | null;
  /** The port's MAC address (the wire's `macaddr`); null where none is recorded. */
  readonly macAddress: string | null;
}

export interface GetServerConnectionsResult {
  /** The dedicated server's id. */
  readonly serverId: string;
  /** The server's network ports. */
  readonly connections: ConnectionResult[];
}

/** A dedicated server's network ports and their MAC addresses (for DHCP or switch configuration). */
export function getServerConnections(
  args: GetServerConnectionsArgs,
  opts?: LookupOptions,
): Promise<GetServerConnectionsResult> {
  return promiseForm("getServerConnections", opts, async (lookup) => {
    const serverId = text(lookup.fn, args, "serverId");
    const connections = await getById(lookup, "dedicated server", serverId, () =>
      collect(
        lookup.client.dedicatedServers.listConnections(
          serverId,
          { perPage: PAGE_SIZE },
          lookup.call,
        ),
        {
          fn: lookup.fn,
          what: `connections of server ${serverId}`,
        },
      ),
    );
    return {
      serverId,
      connections: connections.map((connection) => ({
        port: connection.port,
        type: connection.type ?? null,
        macAddress: connection.macaddr ?? null,
      })),
    };
  });
}

export const getServerConnectionsOutput = outputForm(getServerConnections);

export interface GetServerServicesArgs {
  /** A dedicated server's id. */
  readonly serverId: string;
  /** The most services to read, 1 to 10,000 (default 1,000); more is an error. */
  readonly limit?: number;
}

/** A billed service of a dedicated server, with its charges. */
export interface ServiceResult {
  /** The service's id. */
  readonly id: string;
  /** The service's name; null where the API does not say. */
  readonly name: string | null;
  /** The service's type (rent, traffic, option...); null where the API does not say. */
  readonly type: string | null;
  readonly currency: string | null;
  /** The service's label as billed; null where the API does not say. */
  readonly label: string | null;
  /** When the service started; null where the API does not say. */
  readonly startedAt: string | null;
  /** When the service ended; null while it runs. */
  readonly finishedAt: string | null;
  /** The start of the billed period; null where the API does not say. */
  readonly dateFrom: string | null;
  /** The end of the billed period; null where the API does not say. */
  readonly dateTo: string | null;
  /** The quantity billed; null where the API does not say. */
  readonly usageQuantity: number | null;
  /** The tax, in `currency`. */
  readonly tax: number | null;
  /** The total with tax, in `currency`. */
  readonly total: number | null;
  /** The total before tax, in `currency`. */
  readonly subtotal: number | null;
  /** The discount rate applied. */
  readonly discountRate: number | null;
}

export interface GetServerServicesResult {
  /** The dedicated server's id. */
  readonly serverId: string;
  /** The server's billed services. */
  readonly services: ServiceResult[];
}

/** A dedicated server's billed services (rent, traffic, options) and their charges. */
export function getServerServices(
  args: GetServerServicesArgs,
  opts?: LookupOptions,
): Promise<GetServerServicesResult> {
  return promiseForm("getServerServices", opts, async (lookup) => {
    const serverId = text(lookup.fn, args, "serverId");
    const limit = listLimit(lookup.fn, args.limit);
    const services = await getById(lookup, "dedicated server", serverId, () =>
      collect(
        lookup.client.dedicatedServers.listServices(serverId, { perPage: PAGE_SIZE }, lookup.call),
        {
          fn: lookup.fn,
          what: `services of server ${serverId}`,
          limit,
        },
      ),
    );
    return { serverId, services: services.map(serviceResult) };
  });
}

export const getServerServicesOutput = outputForm(getServerServices);

function serviceResult(service: DedicatedServerService): ServiceResult {
  return camelFields(service, [
    "id",
    "name",
    "type",
    "currency",
    "label",
    "started_at",
    "finished_at",
    "date_from",
    "date_to",
    "usage_quantity",
    "tax",
    "total",
    "subtotal",
    "discount_rate",
  ]);
}

export interface GetServerNetworkUsageArgs {
  /** The server's id. */
  readonly serverId: string;
  /** "dedicated_server" (default) or "sbm_server". */
  readonly hostType?: (typeof USAGE_KINDS)[number];
}

export interface GetServerNetworkUsageResult {
  /** The server's id. */
  readonly serverId: string;
  /**
   * What is metered, as the API names it (e.g. `traffic` or `public`); null where it does not say.
   */
  readonly type: string | null;
  /** Used so far in the billing period, in `unit`; null where nothing is metered. */
  readonly value: number | null;
  /** The committed amount, in `unit`. */
  readonly commit: number | null;
  /** The unit of `value` and `commit`, as the API gives it. */
  readonly unit: string | null;
}

/** A dedicated or SBM server's traffic of the current billing period. */
export function getServerNetworkUsage(
  args: GetServerNetworkUsageArgs,
  opts?: LookupOptions,
): Promise<GetServerNetworkUsageResult> {
  return promiseForm("getServerNetworkUsage", opts, async (lookup) => {
    const serverId = text(lookup.fn, args, "serverId");
    const hostType = optionalChoice(lookup.fn, args, "hostType", USAGE_KINDS) ?? "dedicated_server";
    const api =
      hostType === "dedicated_server" ? lookup.client.dedicatedServers : lookup.client.sbmServers;
    const usage = await getById(lookup, hostType.replaceAll("_", " "), serverId, () =>
      api.getNetworkUsage(serverId, lookup.call),
    );
    return {
      serverId,
      type: usage.type ?? null,
      value: usage.utilization?.value ?? null,
      commit: usage.utilization?.commit ?? null,
      unit: usage.utilization?.unit ?? null,
    };
  });
}

export const getServerNetworkUsageOutput = outputForm(getServerNetworkUsage);
