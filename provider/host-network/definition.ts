// Additional networks of dedicated and SBM servers as a resource kind (provider/framework/kind.ts).
// Sources (docs/wire.md, "Host networks"): the Go client's dedicated server network methods,
// Ansible's sbm_server_network module (202 answers, "CIDR is assigned once active", a DELETE
// answered 409 is repeated, removal waited for until 404), srvctl's add-network rules. A network
// cannot be changed: every property replaces. It has no labels, so no ownership label: a server's
// public IPv6 network is identified by what it is (activated once per server); an IPv4 order
// whose answer is lost by the host's list of networks before and after it (issue 25, item 3).
import type { Network } from "../../sdk/areas/common";
import { hostNetworkStates, networkOrderProblem } from "../../sdk/areas/host-networks";
import type { ServersComClient } from "../../sdk/client";
import { parseCidr } from "../../sdk/core/cidr";
import { ConflictError, NotFoundError } from "../../sdk/core/errors";
import { stateMatcher } from "../../sdk/wait";
import { adoptAdvice } from "../framework/adopt-advice";
import { type Checker, type PropertyBag, shown } from "../framework/check";
import type { ResourceKind } from "../framework/kind";
import { isUnknown } from "../framework/unknowns";

const MINUTE = 60_000;
const states = stateMatcher(hostNetworkStates);

/** The hosts that take additional networks, by their `type` value in host records. */
export const NETWORK_HOST_TYPES = ["dedicated_server", "sbm_server"] as const;
export type NetworkHostType = (typeof NETWORK_HOST_TYPES)[number];

/** What is ordered: the POST path segment. */
export const HOST_NETWORK_TYPES = ["public_ipv4", "private_ipv4", "public_ipv6"] as const;
export type HostNetworkType = (typeof HOST_NETWORK_TYPES)[number];

const DISTRIBUTION_METHODS = ["gateway", "route"] as const;

/** What each host type offers: SBM servers only private IPv4 (Ansible, srvctl). */
const OFFERED: Readonly<Record<NetworkHostType, readonly HostNetworkType[]>> = {
  dedicated_server: HOST_NETWORK_TYPES,
  sbm_server: ["private_ipv4"],
};

const SEGMENTS: Readonly<Record<NetworkHostType, string>> = {
  dedicated_server: "dedicated_servers",
  sbm_server: "sbm_servers",
};

export interface HostNetworkInputs {
  readonly hostId: string;
  readonly hostType: NetworkHostType;
  readonly type: HostNetworkType;
  readonly mask?: number;
  readonly distributionMethod?: "gateway" | "route";
}

/** A network and its host: the live object of the kind. */
export interface HostNetworkOnHost {
  readonly hostType: NetworkHostType;
  readonly hostId: string;
  readonly network: Network;
}

export const HOST_NETWORK_OUTPUTS = [
  "hostId",
  "hostType",
  "type",
  "mask",
  "distributionMethod",
  "networkId",
  "title",
  "status",
  "cidr",
  "firstIp",
  "gateway",
  "family",
  "interfaceType",
  "additional",
  "createdAt",
  "updatedAt",
] as const;

/** The resource id: the network's path below /v1 (read and delete get only the id). */
export function hostNetworkResourceId(
  hostType: NetworkHostType,
  hostId: string,
  networkId: string,
): string {
  return `hosts/${SEGMENTS[hostType]}/${hostId}/networks/${networkId}`;
}

export function parseHostNetworkResourceId(
  id: string,
): { hostType: NetworkHostType; hostId: string; networkId: string } | Error {
  const match = /^hosts\/(dedicated_servers|sbm_servers)\/([^/]+)\/networks\/([^/]+)$/.exec(id);
  if (match?.[1] === undefined || match[2] === undefined || match[3] === undefined) {
    return new Error(
      `"${id}" is not a HostNetwork id: expected hosts/<dedicated_servers|sbm_servers>/<host id>/networks/<network id>`,
    );
  }
  const hostType = match[1] === "sbm_servers" ? "sbm_server" : "dedicated_server";
  return { hostType, hostId: match[2], networkId: match[3] };
}

function hostApi(client: ServersComClient, hostType: NetworkHostType) {
  return hostType === "sbm_server" ? client.sbmServers : client.dedicatedServers;
}

/** What the network is, in the terms of the order: from its family and interface type. */
function typeOf(network: Network): HostNetworkType | null {
  if (network.family === "ipv6") return network.interface_type === "public" ? "public_ipv6" : null;
  if (network.interface_type === "public") return "public_ipv4";
  return network.interface_type === "private" ? "private_ipv4" : null;
}

function maskOf(network: Network): number | null {
  if (network.cidr === undefined || network.cidr === null) return null;
  const parsed = parseCidr(network.cidr);
  return typeof parsed === "string" ? null : parsed.prefix;
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function known(value: unknown): boolean {
  return present(value) && !isUnknown(value);
}

function requireInputs(inputs: PropertyBag): HostNetworkInputs {
  const { hostId, hostType, type } = inputs;
  if (typeof hostId !== "string" || !NETWORK_HOST_TYPES.includes(hostType as NetworkHostType)) {
    throw new Error("a host network needs hostId and hostType");
  }
  if (!HOST_NETWORK_TYPES.includes(type as HostNetworkType)) {
    throw new Error(`a host network's type is one of ${HOST_NETWORK_TYPES.join(", ")}`);
  }
  return inputs as unknown as HostNetworkInputs;
}

function checkChoices(c: Checker): void {
  c.id("hostId", true);
  for (const [property, choices] of [
    ["hostType", NETWORK_HOST_TYPES],
    ["type", HOST_NETWORK_TYPES],
    ["distributionMethod", DISTRIBUTION_METHODS],
  ] as const) {
    const value = c.news[property];
    if (!present(value)) {
      if (property !== "distributionMethod")
        c.fail(property, `${property} is required: one of ${choices.join(", ")}`);
    } else if (!isUnknown(value) && !(choices as readonly unknown[]).includes(value)) {
      c.fail(property, `${property} must be one of ${choices.join(", ")} (got ${shown(value)})`);
    }
  }
}

/** A network's own fields, as the HostNetwork resource and getHostNetworks both show them. */
export function networkFields(network: Network) {
  return {
    title: network.title ?? null,
    status: network.status,
    cidr: network.cidr ?? null,
    firstIp: network.first_ip ?? null,
    gateway: network.gateway ?? null,
    family: network.family,
    interfaceType: network.interface_type,
    distributionMethod: network.distribution_method,
    additional: network.additional,
    createdAt: network.created_at,
    updatedAt: network.updated_at,
  };
}

export const hostNetworkKind: ResourceKind<HostNetworkOnHost> = {
  name: "HostNetwork",
  noun: "host network",
  // Ansible's sbm_server_network waits 10 minutes by default for a network to become active.
  defaultTimeouts: { create: 15 * MINUTE, update: 5 * MINUTE, delete: 15 * MINUTE },
  // A network cannot be changed in place (no update request in any source).
  properties: {
    hostId: { rule: "replace" },
    hostType: { rule: "replace" },
    type: { rule: "replace" },
    // The live mask is the CIDR's prefix length, null until the network is active: not a change.
    mask: {
      rule: "replace",
      equal: (desired, live) => live === null || live === undefined || desired === live,
    },
    // Absent: srvctl's default (gateway) is sent, and the live value is not managed.
    distributionMethod: { rule: "replace" },
  },
  secretOutputs: [],
  outputNames: HOST_NETWORK_OUTPUTS,
  // A server has one public IPv6 network (kind.conflict): its replacement (`up --replace`) can
  // only delete first. An IPv4 network could go either way.
  replaceDeletesFirst: { reason: "a server has one public IPv6 network", required: false },

  check(c: Checker) {
    checkChoices(c);
    const { hostType, type, mask, distributionMethod } = c.news;
    if (known(hostType) && known(type)) {
      const offered = OFFERED[hostType as NetworkHostType] ?? HOST_NETWORK_TYPES;
      if (!offered.includes(type as HostNetworkType)) {
        c.fail(
          "type",
          `type ${String(type)} cannot be ordered on an SBM server: the sources offer SBM servers ` +
            "only private IPv4 networks (srvctl: public networks are not supported). Use private_ipv4",
        );
      }
    }
    if (type === "public_ipv6") {
      for (const property of ["mask", "distributionMethod"] as const) {
        if (present(c.news[property])) {
          c.fail(
            property,
            `${property} does not apply to public_ipv6: the API activates the server's IPv6 network as it is. Remove ${property}`,
          );
        }
      }
      return;
    }
    const maskValue = c.integer("mask", known(type), { min: 1, max: 32 });
    if (!known(type) || maskValue === undefined || isUnknown(distributionMethod) || isUnknown(mask))
      return;
    const problem = networkOrderProblem(type as "public_ipv4" | "private_ipv4", {
      mask: maskValue,
      distribution_method: distributionMethod ?? undefined,
    });
    if (problem !== undefined) {
      const property = problem[0] === "mask" ? "mask" : "distributionMethod";
      c.fail(
        property,
        `${property} ${problem[1]} (the rules srvctl applies to ${String(type)}); pick a fitting value`,
      );
    }
  },

  display: (bag: PropertyBag) =>
    typeof bag.type === "string" && typeof bag.hostId === "string"
      ? `${bag.type} of ${bag.hostId}`
      : "(host network)",

  async get(client, resourceId) {
    const parsed = parseHostNetworkResourceId(resourceId);
    if (parsed instanceof Error) throw parsed;
    try {
      const network = await hostApi(client, parsed.hostType).getNetwork(
        parsed.hostId,
        parsed.networkId,
      );
      return { hostType: parsed.hostType, hostId: parsed.hostId, network };
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  },
  // Networks have no labels: findByContent identifies the one kind that can be identified.
  findByLabels: async () => [],
  async findByContent(client, inputs) {
    const { hostId, hostType, type } = requireInputs(inputs);
    if (type !== "public_ipv6") {
      // IPv4 (issue 25, item 3): the host's additional networks of the family and interface,
      // for the late-commit look-up: one that appeared after the POST, matching the mask and
      // method and taken by no other create of this process, is this order's; two are named.
      const networks = await hostApi(client, hostType)
        .listNetworks(hostId, {
          family: "ipv4",
          interfaceType: type === "public_ipv4" ? "public" : "private",
          additional: true,
        })
        .toArray({ limit: 1000 });
      return networks
        .filter((network) => network.status !== "removing")
        .map((network) => ({ hostType, hostId, network }));
    }
    const networks = await hostApi(client, hostType)
      .listNetworks(hostId, { family: "ipv6", interfaceType: "public" })
      .toArray({ limit: 100 });
    const network = networks.find((candidate) => candidate.status !== "removing");
    return network === undefined ? [] : [{ hostType, hostId, network }];
  },
  /** A server has one public IPv6 network: the API refuses a second order (409 CONFLICT). */
  conflict(found, inputs) {
    const first = found[0];
    // IPv4 networks are not unique: a host may have several of one size.
    if (first === undefined || inputs.type !== "public_ipv6") return undefined;
    const id = this.id(first);
    return (
      `the server already has its public IPv6 network (id ${id}, ${first.network.status}), and ` +
      `it has only one. To manage it with this resource, ${adoptAdvice(id)}; otherwise ` +
      "remove the other resource that declares it"
    );
  },
  async create(client, inputs) {
    const { hostId, hostType, type, mask, distributionMethod } = requireInputs(inputs);
    const body = { mask: Number(mask), distribution_method: distributionMethod ?? "gateway" };
    let network: Network;
    if (hostType === "sbm_server") {
      network = await client.sbmServers.addPrivateIpv4Network(hostId, body);
    } else if (type === "public_ipv6") {
      network = await client.dedicatedServers.activatePublicIpv6Network(hostId);
    } else if (type === "public_ipv4") {
      network = await client.dedicatedServers.addPublicIpv4Network(hostId, body);
    } else {
      network = await client.dedicatedServers.addPrivateIpv4Network(hostId, body);
    }
    return { hostType, hostId, network };
  },
  // Every property replaces, so the framework never asks for an in-place change.
  update: () => Promise.reject(new Error("a host network cannot be changed, only replaced")),
  async delete(client, resourceId) {
    const parsed = parseHostNetworkResourceId(resourceId);
    if (parsed instanceof Error) throw parsed;
    await hostApi(client, parsed.hostType).deleteNetwork(parsed.hostId, parsed.networkId);
  },
  // Ansible repeats a DELETE answered 409 until the network can go.
  busy: (error) =>
    error instanceof ConflictError
      ? `the network cannot be changed yet: 409 ${error.code}`
      : undefined,

  id: ({ hostType, hostId, network }) => hostNetworkResourceId(hostType, hostId, network.id),
  state: ({ network }) => network.status,
  isReady: ({ network }) => states.isSettled(network.status),
  // hostNetworkStates lists no failed status; the table decides, not this file.
  failure: ({ network }) =>
    states.isFailed(network.status) ? `status ${network.status}` : undefined,
  isGone: ({ network }) => network.status === "removing",
  labels: () => ({}),

  outputs: ({ hostType, hostId, network }) => ({
    hostId,
    hostType,
    type: typeOf(network),
    mask: maskOf(network),
    networkId: network.id,
    ...networkFields(network),
  }),
  liveInputs: ({ hostType, hostId, network }) => ({
    hostId,
    hostType,
    type: typeOf(network),
    mask: maskOf(network),
    distributionMethod: network.distribution_method,
  }),
};
