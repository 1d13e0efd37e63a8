// CIDR notation as the network endpoints take it (a subnetwork's `cidr`, a pool's `cidr`): an
// address, a slash and a prefix length, the address being the network's first one. Pure, so the
// provider's check, the SDK's pre-request check and the lookups apply one rule.
import { isIPv4, isIPv6 } from "node:net";

export interface Cidr {
  readonly family: "ipv4" | "ipv6";
  /** The prefix length: 0-32 (IPv4) or 0-128 (IPv6). */
  readonly prefix: number;
  /** The address as a number, for containment and alignment. */
  readonly address: bigint;
  readonly bits: 32 | 128;
}

function ipv4Value(text: string): bigint {
  return text.split(".").reduce((sum, part) => (sum << 8n) | BigInt(Number(part)), 0n);
}

function ipv6Value(text: string): bigint {
  // An embedded IPv4 tail ("::ffff:10.0.0.1") counts as two groups.
  let body = text;
  const lastColon = body.lastIndexOf(":");
  const tail = body.slice(lastColon + 1);
  if (tail.includes(".")) {
    const v4 = ipv4Value(tail);
    body = `${body.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = "", rest] = body.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const restGroups = rest === undefined || rest === "" ? [] : rest.split(":");
  const missing = 8 - headGroups.length - restGroups.length;
  const groups = [
    ...headGroups,
    ...Array<string>(rest === undefined ? 0 : missing).fill("0"),
    ...restGroups,
  ];
  return groups.reduce((sum, group) => (sum << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

/** The CIDR, or why `text` is not one (the reason starts with what a CIDR must be). */
export function parseCidr(text: string): Cidr | string {
  const match = /^([^/\s]+)\/(\d{1,3})$/.exec(text);
  const address = match?.[1] ?? "";
  const v4 = isIPv4(address);
  const v6 = !v4 && isIPv6(address) && !address.includes("%");
  if (match === null || (!v4 && !v6)) {
    return "must be a network in CIDR notation, an address and a prefix length such as 10.0.0.0/29";
  }
  const bits = v4 ? 32 : 128;
  const prefix = Number(match[2]);
  if (prefix > bits) {
    return `must have a prefix length from 0 to ${bits} for an ${v4 ? "IPv4" : "IPv6"} network (got /${prefix})`;
  }
  const value = v4 ? ipv4Value(address) : ipv6Value(address);
  const hostBits = BigInt(bits - prefix);
  if ((value & ((1n << hostBits) - 1n)) !== 0n) {
    const network = (value >> hostBits) << hostBits;
    return (
      `must start at the network's first address: ${text} has host bits set ` +
      `(the /${prefix} network holding ${address} starts at ${formatAddress(network, bits)})`
    );
  }
  return { family: v4 ? "ipv4" : "ipv6", prefix, address: value, bits };
}

/** Whether `inner` lies wholly inside `outer` (same family). */
export function cidrContains(outer: Cidr, inner: Cidr): boolean {
  if (outer.bits !== inner.bits || inner.prefix < outer.prefix) return false;
  const shift = BigInt(outer.bits - outer.prefix);
  return inner.address >> shift === outer.address >> shift;
}

function formatAddress(value: bigint, bits: 32 | 128): string {
  if (bits === 32) {
    return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 255n)).join(".");
  }
  const groups: string[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n)
    groups.push(((value >> shift) & 0xffffn).toString(16));
  return groups.join(":").replace(/(^|:)0(:0)+(:|$)/, "::");
}
