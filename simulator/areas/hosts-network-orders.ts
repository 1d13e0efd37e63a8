// Additional networks of a host (docs/wire.md, "Host networks"): ordered with POST
// .../networks/public_ipv4 | private_ipv4 (body {mask, distribution_method}), IPv6 activated with
// POST .../networks/public_ipv6 (no body), removed with DELETE .../networks/{id}; every answer is
// 202 with the network. Dedicated servers offer all three (Go client); SBM servers only private
// IPv4 (Ansible's sbm_server_network, srvctl: "public networks currently are not supported").
// A new network is "new" with no CIDR until it is "active" (Ansible: "CIDR is assigned once
// active"); a removed one is "removing" until it is gone. The mask rules are srvctl's.
import { accepted, type FieldErrors, isInteger, readBody, throwIfErrors } from "../framework/body";
import {
  type AreaHelpers,
  type Router,
  SimApiError,
  type SimContext,
  type Step,
  type WireRecord,
} from "../framework/contract";
import { nextSequence } from "../framework/sequence";
import { type HostKind, NETWORKS, notFound } from "./hosts-shared";

export type NetworkOrder = "public_ipv4" | "private_ipv4" | "public_ipv6";

/** What each host kind offers; Kubernetes bare metal nodes offer none. */
export const NETWORK_ORDERS: Readonly<Record<string, readonly NetworkOrder[]>> = {
  dedicated_server: ["public_ipv4", "private_ipv4", "public_ipv6"],
  sbm_server: ["private_ipv4"],
};

/** srvctl's validateNetworkArgs: gateway /26 to /29 (private: gateway only), route /32. */
function checkIpv4Body(order: NetworkOrder, body: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  const method = body.distribution_method ?? "gateway";
  if (method !== "gateway" && (order === "private_ipv4" || method !== "route")) {
    errors.distribution_method =
      order === "private_ipv4"
        ? "must be gateway for a private network"
        : "must be gateway or route";
    return errors;
  }
  if (!isInteger(body.mask)) errors.mask = "is required and must be an integer";
  else if (method === "route" && body.mask !== 32) errors.mask = "must be 32 with route";
  else if (method === "gateway" && (body.mask < 26 || body.mask > 29)) {
    errors.mask = "must be 26, 27, 28 or 29";
  }
  return errors;
}

/** A range for the n-th additional network: 64 addresses each, so any mask fits. */
function additionalCidr(order: NetworkOrder, n: number, mask: number): string {
  const offset = n * 64;
  const [a, b] = order === "public_ipv4" ? [100, 96] : [192, 168];
  const third = Math.floor(offset / 256) % 256;
  const fourth = offset % 256;
  return `${a}.${b + Math.floor(offset / 65_536)}.${third}.${fourth}/${mask}`;
}

function orderNetwork(
  ctx: SimContext,
  helpers: AreaHelpers,
  kind: HostKind,
  order: NetworkOrder,
  hostId: string,
  body: Record<string, unknown>,
): WireRecord {
  const host = helpers.getOr404(ctx, kind.collection, hostId);
  const networks = ctx.store.all(NETWORKS).filter((n) => n._host_id === host.id);
  let cidr: string;
  let method: string;
  if (order === "public_ipv6") {
    if (networks.some((n) => n.family === "ipv6" && n.status !== "removing")) {
      throw new SimApiError(409, "CONFLICT", `IPv6 is already activated on host ${hostId}`);
    }
    cidr = `2001:db8:ffff:${nextSequence(ctx, "additional_network_counter").toString(16)}::/64`;
    method = "route";
  } else {
    throwIfErrors(checkIpv4Body(order, body));
    method = String(body.distribution_method ?? "gateway");
    cidr = additionalCidr(
      order,
      nextSequence(ctx, "additional_network_counter"),
      Number(body.mask),
    );
  }
  const now = ctx.clock.iso();
  const record: WireRecord = {
    id: ctx.newId(),
    title: null,
    status: "new",
    cidr: null,
    family: order === "public_ipv6" ? "ipv6" : "ipv4",
    interface_type: order === "private_ipv4" ? "private" : "public",
    distribution_method: method,
    additional: true,
    created_at: now,
    updated_at: now,
    _host_id: String(host.id),
  };
  const steps: Step[] = [
    { afterMs: helpers.duration("host_network"), set: { status: "active", cidr } },
  ];
  return ctx.store.insert(NETWORKS, record, steps);
}

function removeNetwork(
  ctx: SimContext,
  helpers: AreaHelpers,
  kind: HostKind,
  hostId: string,
  networkId: string,
): WireRecord {
  helpers.getOr404(ctx, kind.collection, hostId);
  const network = ctx.store.get(NETWORKS, networkId);
  if (network === undefined || network._host_id !== hostId) throw notFound("Network", networkId);
  if (network.status === "removing") return network;
  if (network.additional !== true) {
    throw new SimApiError(409, "CONFLICT", `Network ${networkId} was not ordered additionally`);
  }
  // Ansible's sbm_server_network repeats a DELETE answered 409 until the network can go.
  if (network.status !== "active") {
    throw new SimApiError(409, "CONFLICT", `Network ${networkId} is ${String(network.status)}`);
  }
  const steps: Step[] = [{ afterMs: helpers.duration("host_network"), remove: true }];
  return ctx.store.update(NETWORKS, networkId, { status: "removing" }, steps);
}

export function registerNetworkOrderRoutes(
  router: Router,
  helpers: AreaHelpers,
  kind: HostKind,
): void {
  const base = `/v1/hosts/${kind.segment}/:id/networks`;
  const orders = NETWORK_ORDERS[kind.type] ?? [];
  for (const order of orders) {
    router.add("POST", `${base}/${order}`, (req, ctx) =>
      accepted(orderNetwork(ctx, helpers, kind, order, req.params.id ?? "", readBody(req))),
    );
  }
  if (orders.length > 0) {
    router.add("DELETE", `${base}/:network_id`, (req, ctx) =>
      accepted(removeNetwork(ctx, helpers, kind, req.params.id ?? "", req.params.network_id ?? "")),
    );
  }
}
