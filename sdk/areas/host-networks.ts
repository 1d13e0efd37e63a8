// Additional networks of a host (docs/wire.md, "Host networks"): public and private IPv4
// networks ordered on a dedicated server, private ones on an SBM server, a dedicated server's
// public IPv6 network activated, and any of them removed. The Go client's paths
// (/hosts/dedicated_servers/{id}/networks/public_ipv4 | private_ipv4 | public_ipv6, DELETE
// .../networks/{network_id}) and Ansible's for SBM servers (/hosts/sbm_servers/{id}/networks/
// private_ipv4); every answer is 202 with the network, status not yet active and no CIDR.

import type { CallOptions, Requester } from "../core/contract";
import { InputValidationError } from "../core/errors";
import type { StateTable } from "../wait";
import { type Network, type NetworkDistributionMethod, NetworkSchema } from "./common";

/** The POST path segment of each kind of additional network. */
export type NetworkOrder = "public_ipv4" | "private_ipv4" | "public_ipv6";

/** Body of an IPv4 order (Go NetworkInput). */
export interface NetworkOrderBody {
  /** 26 to 29 with gateway, 32 with route (srvctl's rules). */
  readonly mask: number;
  /** Private networks: gateway only. The API's default when absent: not shown (srvctl sends gateway). */
  readonly distribution_method?: NetworkDistributionMethod;
}

/**
 * A network's `status`. "active" is the spec's; the others are what a new or removed network
 * passes through (not shown: a status no table lists is simply not settled, and shows in
 * progress lines).
 */
export const hostNetworkStates: StateTable = {
  transitional: ["new", "pending", "removing"],
  settled: ["active"],
  failed: [],
};

/** The masks srvctl allows for an additional IPv4 network with each distribution method. */
export const GATEWAY_MASKS: readonly number[] = [26, 27, 28, 29];
export const ROUTE_MASK = 32;

/** Why an IPv4 order's body breaks srvctl's rules, as [field, rule], or undefined. */
export function networkOrderProblem(
  order: Exclude<NetworkOrder, "public_ipv6">,
  body: { readonly mask?: unknown; readonly distribution_method?: unknown },
): [field: string, rule: string] | undefined {
  const method = body.distribution_method ?? "gateway";
  if (order === "private_ipv4" && method !== "gateway") {
    return ["distribution_method", `must be gateway for a private network (got ${String(method)})`];
  }
  if (method !== "gateway" && method !== "route") {
    return ["distribution_method", `must be gateway or route (got ${String(method)})`];
  }
  if (method === "route" && body.mask !== ROUTE_MASK) {
    return [
      "mask",
      `must be ${ROUTE_MASK} with distribution method route (got ${String(body.mask)})`,
    ];
  }
  if (method === "gateway" && !GATEWAY_MASKS.includes(Number(body.mask))) {
    return [
      "mask",
      `must be one of ${GATEWAY_MASKS.join(", ")} with distribution method gateway (got ${String(body.mask)})`,
    ];
  }
  return undefined;
}

/** POST {hostPath}/networks/{order}; the IPv6 activation has no body. */
export async function orderNetworkAt(
  http: Requester,
  hostPath: string,
  order: NetworkOrder,
  body: NetworkOrderBody | undefined,
  options?: CallOptions,
): Promise<Network> {
  if (order !== "public_ipv6") {
    const problem = networkOrderProblem(order, body ?? {});
    if (problem !== undefined) throw new InputValidationError(problem[0], problem[1]);
  }
  return http.request(
    {
      method: "POST",
      path: `${hostPath}/networks/${order}`,
      ...(order === "public_ipv6" ? {} : { body }),
      schema: NetworkSchema,
    },
    options,
  );
}

/** DELETE {hostPath}/networks/{id}: 202; 409 while the network cannot go yet (Ansible repeats). */
export function deleteNetworkAt(
  http: Requester,
  networkPath: string,
  options?: CallOptions,
): Promise<void> {
  return http.requestEmpty({ method: "DELETE", path: networkPath }, options);
}
