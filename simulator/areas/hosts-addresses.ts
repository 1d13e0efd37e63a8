// Addresses and networks of hosts. Every host gets a number from a persisted counter; its
// addresses and network ranges derive from it, so they never collide and survive restarts.
// Ranges: private 10/8, public 100.64/10 (shared address space: never a real public host),
// out-of-band 172.16/12, IPv6 the documentation prefix 2001:db8::/32.
import type { SimContext, Step, WireRecord } from "../framework/contract";
import { nextSequence } from "../framework/sequence";
import { NETWORKS } from "./hosts-shared";

export interface HostAddresses {
  readonly private: string;
  readonly public: string;
  readonly oob: string;
  readonly number: number;
}

export function allocateAddresses(ctx: SimContext): HostAddresses {
  const n = nextSequence(ctx, "host_address_counter");
  const hi = (n >> 8) & 255;
  const lo = n & 255;
  return {
    number: n,
    private: `10.${hi}.${lo}.2`,
    public: `100.${64 + (hi & 63)}.${lo}.2`,
    oob: `172.${16 + (hi & 15)}.${lo}.2`,
  };
}

/** The /29 an IPv4 host address sits in (the host is always .2 here). */
export function cidrOf(address: string): string {
  const parts = address.split(".");
  const last = Number(parts[3] ?? 0) & ~7;
  return `${parts.slice(0, 3).join(".")}.${last}/29`;
}

/** Which networks a host gets; an absent (or undefined) entry means none of that kind. */
export interface NetworkPlan {
  readonly private?: string | undefined;
  readonly public?: string | undefined;
  readonly oob?: string | undefined;
  /** The host's number, for its IPv6 /64; absent without IPv6. */
  readonly ipv6?: number | undefined;
}

/**
 * Inserts the host's networks. With `activeAfterMs` they start as "new" and become "active" when
 * the host does (a network is assigned while the server is being set up); without, active now.
 */
export function insertNetworks(
  ctx: SimContext,
  hostId: string,
  plan: NetworkPlan,
  activeAfterMs?: number,
): void {
  const now = ctx.clock.iso();
  const entries: [string, string, string, string, string][] = [];
  if (plan.public !== undefined)
    entries.push(["Public", cidrOf(plan.public), "ipv4", "public", "gateway"]);
  if (plan.private !== undefined)
    entries.push(["Private", cidrOf(plan.private), "ipv4", "private", "gateway"]);
  if (plan.oob !== undefined) entries.push(["OOB", cidrOf(plan.oob), "ipv4", "oob", "gateway"]);
  if (plan.ipv6 !== undefined) {
    entries.push([
      "Public IPv6",
      `2001:db8:${plan.ipv6.toString(16)}::/64`,
      "ipv6",
      "public",
      "route",
    ]);
  }
  for (const [title, cidr, family, interfaceType, distribution] of entries) {
    const record: WireRecord = {
      id: ctx.newId(),
      title,
      status: activeAfterMs === undefined ? "active" : "new",
      cidr,
      family,
      interface_type: interfaceType,
      distribution_method: distribution,
      additional: false,
      created_at: now,
      updated_at: now,
      _host_id: hostId,
    };
    const steps: Step[] =
      activeAfterMs === undefined ? [] : [{ afterMs: activeAfterMs, set: { status: "active" } }];
    ctx.store.insert(NETWORKS, record, steps);
  }
}

export function networksOf(ctx: SimContext, hostId: string): WireRecord[] {
  return ctx.store
    .all(NETWORKS)
    .filter((n) => n._host_id === hostId)
    .map(withFirstIpAndGateway);
}

/**
 * An allotted IPv4 network answers its first usable address and, when hosts reach it through a
 * gateway, that gateway (the Go client's newest `get_network_response.json`: `first_ip` and
 * `gateway` both the first address of a gateway network). Before allotment both are left out, as
 * Go's omitempty leaves them out.
 */
function withFirstIpAndGateway(network: WireRecord): WireRecord {
  const match =
    typeof network.cidr === "string"
      ? /^(\d+)\.(\d+)\.(\d+)\.(\d+)\/(\d+)$/.exec(network.cidr)
      : null;
  if (match === null || network.first_ip !== undefined) return network;
  const octets = match.slice(1, 5).map(Number);
  const prefix = Number(match[5]);
  const base = octets.reduce((sum, octet) => sum * 256 + octet, 0);
  const first = prefix >= 31 ? base : base + 1;
  const firstIp = [24, 16, 8, 0].map((shift) => Math.floor(first / 2 ** shift) % 256).join(".");
  return {
    ...network,
    first_ip: firstIp,
    ...(network.distribution_method === "gateway" ? { gateway: firstIp } : {}),
  };
}
