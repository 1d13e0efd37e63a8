// Addresses and domain names of PTR records: the check rules, and the canonical forms diff and the
// lookup before create compare. One IPv6 address has many spellings ("2001:DB8:0::1",
// "2001:db8::1") and domain names ignore case, so comparing the text as typed with the text the
// API keeps would replace a record that is exactly as declared.
import { isIP } from "node:net";
import { shown } from "../framework/check";

const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const MAX_DOMAIN = 253;

/** Why `ip` is not an address a PTR record can have, or undefined. */
export function ipProblem(ip: string): string | undefined {
  // isIP accepts an IPv6 zone index ("fe80::1%eth0"), which names an interface of the machine
  // that writes it, never part of an address a server is given: the API could only refuse it.
  if (isIP(ip) === 0) return `ip must be an IPv4 or IPv6 address (got ${shown(ip)})`;
  if (ip.includes("%")) {
    return `ip must be an address without a zone index such as %eth0 (got ${shown(ip)})`;
  }
  return undefined;
}

/** Why `domain` is not a domain name, or undefined. */
export function domainProblem(domain: string): string | undefined {
  const got = `(got ${JSON.stringify(domain.length > 80 ? `${domain.slice(0, 80)}...` : domain)})`;
  if (domain.endsWith(".")) {
    return `domain must be written without the trailing dot ${got}`;
  }
  if (domain.length > MAX_DOMAIN) {
    return `domain must be at most ${MAX_DOMAIN} characters (got ${domain.length})`;
  }
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) {
    return (
      "domain must be a fully qualified domain name such as host.example.com: dot-separated " +
      `labels of letters, digits and inner dashes, at most 63 characters each ${got}`
    );
  }
  return undefined;
}

/** The canonical text of an address: IPv6 compressed and lower case (RFC 5952), IPv4 as is. */
export function canonicalIp(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  try {
    // The WHATWG URL parser serialises IPv6 hosts in RFC 5952 form.
    return new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  } catch (error) {
    // A zone index ("%eth0") is valid for isIP but not for URLs: keep such text as it is.
    if (error instanceof TypeError) return ip.toLowerCase();
    throw error;
  }
}

/** Domain names compare without regard to case. */
export function canonicalDomain(domain: string): string {
  return domain.toLowerCase();
}
