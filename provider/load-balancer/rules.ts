// What L4 and L7 load balancers share: the input rules the sources state for zones and upstreams
// (Ansible's load_balancer_instance_l4 / _l7 option docs, the Go client's inputs), the defaults
// the API fills in (Ansible's documented defaults, which the Go client's fixtures show), and
// helpers that read nested inputs without tripping over a preview's unknown values.
import { isIP } from "node:net";
import { type Checker, MAX_ID_LENGTH, type PropertyBag, shown } from "../framework/check";
import { containsUnknown, isUnknown } from "../framework/unknowns";

/** Ansible's choices for an upstream zone's method; the Go L7 fixture spells one "round_robin". */
export const UPSTREAM_METHODS = ["random.least_conn", "round-robin", "round_robin", "least_conn"];
export const MAX_ZONE_ID = 255;

/**
 * The most zones in either list of one balancer. No source bounds them; the official controllers
 * make one vhost zone per Service port (serverscom-cloud-controller-manager, loadbalancers.go,
 * buildZones) or per Ingress host (serverscom-ingress-controller, loadbalancer/manager.go). A
 * generous bound, our choice (docs/reliability.md): a body of 1,000 zones is already hundreds of
 * KB, near the 1 MB common proxies take (nginx's client_max_body_size), and no real balancer
 * comes close; past it the list is a runaway program, better refused at check.
 */
export const MAX_ZONES = 1_000;

export type Bag = Record<string, unknown>;

export function isBag(value: unknown): value is Bag {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A nested rule's failure, reported on the top-level property with the path: `vhostZones[0].ports`. */
export class ZoneChecker {
  constructor(
    private readonly c: Checker,
    readonly property: string,
  ) {}

  fail(path: string, rule: string): void {
    this.c.fail(this.property, `${path} ${rule}`);
  }

  /** A whole number in [min, max] when present (or required); unknowns pass. */
  integer(path: string, value: unknown, min: number, max: number, required = false): void {
    if (value === undefined || value === null) {
      if (required) this.fail(path, "is required");
      return;
    }
    if (isUnknown(value)) return;
    if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
      this.fail(path, `must be a whole number from ${min} to ${max} (got ${shown(value)})`);
    }
  }

  boolean(path: string, value: unknown): void {
    if (value === undefined || value === null || isUnknown(value)) return;
    if (typeof value !== "boolean") this.fail(path, `must be true or false (got ${shown(value)})`);
  }

  text(path: string, value: unknown, max: number, required = false): string | undefined {
    if (value === undefined || value === null) {
      if (required) this.fail(path, "is required");
      return undefined;
    }
    if (isUnknown(value)) return undefined;
    if (typeof value !== "string" || value.length === 0 || value.length > max) {
      this.fail(path, `must be a string of 1 to ${max} characters (got ${shown(value)})`);
      return undefined;
    }
    return value;
  }

  choice(path: string, value: unknown, choices: readonly string[]): void {
    if (value === undefined || value === null || isUnknown(value)) return;
    if (typeof value !== "string" || !choices.includes(value)) {
      this.fail(path, `must be one of ${choices.join(", ")} (got ${shown(value)})`);
    }
  }

  /** The entries of a required array (objects only); [] when absent, unknown or not an array. */
  list(path: string, value: unknown, nonEmpty: boolean): Bag[] {
    if (value === undefined || value === null) {
      this.fail(path, "is required: a list");
      return [];
    }
    if (isUnknown(value)) return [];
    if (!Array.isArray(value)) {
      this.fail(path, `must be a list (got ${shown(value)})`);
      return [];
    }
    if (nonEmpty && value.length === 0) this.fail(path, "must not be empty");
    return value.flatMap((entry, index) => {
      if (isUnknown(entry)) return [];
      if (!isBag(entry)) {
        this.fail(`${path}[${index}]`, `must be an object (got ${shown(entry)})`);
        return [];
      }
      return [entry];
    });
  }

  /**
   * A balancer's vhostZones or upstreamZones: 1 to MAX_ZONES objects. None is refused: a balancer
   * without vhost zones listens on nothing, without upstream zones sends nowhere (Ansible: both
   * "Required for creation"; the ingress controller: "vhost or upstream can't be empty").
   */
  zones(value: unknown, role: string): Bag[] {
    const path = this.property;
    if (Array.isArray(value) && value.length === 0) {
      this.fail(path, `must not be empty: a balancer needs at least one ${role}`);
      return [];
    }
    if (Array.isArray(value) && value.length > MAX_ZONES) {
      this.fail(
        path,
        `must hold at most ${MAX_ZONES} zones (got ${value.length}): split the balancer, or check the program that builds the list`,
      );
      return [];
    }
    return this.list(path, value, true);
  }

  /**
   * No listener declared twice. `claims` names what a vhost zone takes on each of its ports (L4:
   * its protocol; L7: each of its domains), or undefined while unknown: two zones may share a
   * port only with different claims, and a zone may not repeat a port. One failure names the
   * first clash and how many more there are, not a thousand lines.
   */
  distinctListeners(
    zones: readonly Bag[],
    per: string,
    claims: (zone: Bag) => string[] | undefined,
  ): void {
    const path = this.property;
    const taken = new Map<string, number>();
    const clashes: string[] = [];
    zones.forEach((zone, index) => {
      const what = claims(zone);
      if (!Array.isArray(zone.ports) || what === undefined) return;
      const own = new Set<number>();
      for (const port of zone.ports) {
        if (typeof port !== "number") continue;
        if (own.has(port)) {
          clashes.push(`${path}[${index}].ports repeats port ${port}`);
          continue;
        }
        own.add(port);
        for (const claim of what) {
          const key = `${port} ${claim}`;
          const other = taken.get(key);
          if (other === undefined) taken.set(key, index);
          else {
            clashes.push(
              `${path}[${index}] takes port ${port} for ${claim}, which ${path}[${other}] (${shown(zones[other]?.id)}) already takes`,
            );
          }
        }
      }
    });
    const [first] = clashes;
    if (first === undefined) return;
    const more = clashes.length > 1 ? ` (and ${clashes.length - 1} more)` : "";
    this.c.fail(
      path,
      `${first}${more}: a port serves one vhost zone per ${per}; merge the zones or change a port`,
    );
  }

  /** Ports: a non-empty list of whole numbers from 1 to 65535. */
  ports(path: string, value: unknown): void {
    if (value === undefined || value === null) {
      this.fail(path, "is required: a non-empty list of ports");
      return;
    }
    if (isUnknown(value)) return;
    if (!Array.isArray(value) || value.length === 0) {
      this.fail(path, `must be a non-empty list of ports from 1 to 65535 (got ${shown(value)})`);
      return;
    }
    value.forEach((port, index) => {
      this.integer(`${path}[${index}]`, port, 1, 65_535, true);
    });
  }

  /** Zone ids: 1 to 255 characters, unique in their list. */
  ids(path: string, zones: readonly Bag[]): Set<string> {
    const seen = new Set<string>();
    zones.forEach((zone, index) => {
      const id = this.text(`${path}[${index}].id`, zone.id, MAX_ZONE_ID, true);
      if (id === undefined) return;
      if (seen.has(id))
        this.fail(`${path}[${index}].id`, `repeats the zone id ${shown(id)}: ids must be unique`);
      seen.add(id);
    });
    return seen;
  }

  /** A reference to an upstream zone of the same balancer. */
  reference(
    path: string,
    value: unknown,
    upstreamIds: ReadonlySet<string>,
    complete: boolean,
  ): void {
    const id = this.text(path, value, MAX_ZONE_ID, true);
    if (id !== undefined && complete && !upstreamIds.has(id)) {
      this.fail(
        path,
        `names the upstream zone ${shown(id)}, which upstreamZones does not declare (declared: ${[...upstreamIds].join(", ") || "none"})`,
      );
    }
  }

  /** An upstream server: Ansible's ranges (weight: a positive whole number, as the Go client omits 0). */
  upstreams(path: string, value: unknown): void {
    this.list(path, value, true).forEach((upstream, index) => {
      const at = `${path}[${index}]`;
      const ip = upstream.ip;
      if (ip === undefined || ip === null) this.fail(`${at}.ip`, "is required");
      else if (!isUnknown(ip) && (typeof ip !== "string" || isIP(ip) === 0 || ip.includes("%"))) {
        this.fail(`${at}.ip`, `must be an IPv4 or IPv6 address (got ${shown(ip)})`);
      }
      this.integer(`${at}.port`, upstream.port, 1, 65_535, true);
      this.integer(`${at}.weight`, upstream.weight, 1, 2_147_483_647);
      this.integer(`${at}.maxConns`, upstream.maxConns, 1, 65_535);
      this.integer(`${at}.maxFails`, upstream.maxFails, 0, 2_147_483_647);
      this.integer(`${at}.failTimeout`, upstream.failTimeout, 1, 60);
    });
  }
}

/** Whether the zones lists are wholly known (a reference check needs every upstream zone id). */
export function known(value: unknown): boolean {
  return value !== undefined && value !== null && !containsUnknown(value);
}

/** Sorted by id, so that an order the API may change is no difference. */
export function byId<T extends { readonly id: unknown }>(zones: readonly T[]): T[] {
  return [...zones].sort((a, b) => String(a.id).localeCompare(String(b.id)));
}

export function byAddress<T extends { readonly ip: unknown; readonly port: unknown }>(
  upstreams: readonly T[],
): T[] {
  return [...upstreams].sort((a, b) =>
    `${String(a.ip)}:${String(a.port)}`.localeCompare(`${String(b.ip)}:${String(b.port)}`),
  );
}

/** Upstreams as compared and shown: every documented field, Ansible's defaults where absent. */
export function upstreamsView(value: unknown): Bag[] {
  const list = Array.isArray(value) ? value.filter(isBag) : [];
  return byAddress(
    list.map((upstream) => ({
      ip: upstream.ip,
      port: upstream.port,
      weight: upstream.weight ?? 1,
      maxConns: upstream.maxConns ?? upstream.max_conns ?? 63_000,
      maxFails: upstream.maxFails ?? upstream.max_fails ?? 0,
      failTimeout: upstream.failTimeout ?? upstream.fail_timeout ?? 30,
    })),
  );
}

/** Upstreams as the API takes them. */
export function upstreamsBody(value: unknown): Bag[] {
  const list = Array.isArray(value) ? value.filter(isBag) : [];
  return list.map((upstream) =>
    definedOnly({
      ip: upstream.ip,
      port: upstream.port,
      weight: upstream.weight,
      max_conns: upstream.maxConns,
      max_fails: upstream.maxFails,
      fail_timeout: upstream.failTimeout,
    }),
  );
}

/**
 * An optional text as compared and shown: null when unset. The Go records type these fields as
 * plain `string` (`L4VHostZone.Description`, `L7UpstreamZone.HCDomain`, `L7LocationZone.UpstreamPath`
 * ...), so an unset one arrives as "" (the check refuses "" as an input).
 */
export function textView(value: unknown): unknown {
  return value === undefined || value === null || value === "" ? null : value;
}

export function definedOnly(bag: Bag): Bag {
  return Object.fromEntries(
    Object.entries(bag).filter(([, value]) => value !== undefined && value !== null),
  );
}

/**
 * Zones compared where both sides say something. A key only the record shows (an output: an L7
 * vhost zone's `tlsPreset`, a location zone's `redirect`) or only the inputs hold (an L7 upstream
 * zone's `hcStatus` and `tlsPreset`, which the Go record `L7UpstreamZone` and Ansible's documented
 * output do not carry) is no difference; the views fill every other key on both sides, so those
 * are compared. Lists compare entry by entry (the views sort them).
 */
export function zonesEqual(desired: unknown, live: unknown): boolean {
  if (Array.isArray(desired) || Array.isArray(live)) {
    return (
      Array.isArray(desired) &&
      Array.isArray(live) &&
      desired.length === live.length &&
      desired.every((entry, index) => zonesEqual(entry, live[index]))
    );
  }
  if (isBag(desired) && isBag(live)) {
    return Object.keys(desired).every(
      (key) => !(key in live) || zonesEqual(desired[key], live[key]),
    );
  }
  return desired === live;
}

/** A list property's value for diff: the normalised view, or the raw value while unknown. */
export function viewOf(value: unknown, view: (list: unknown) => unknown): unknown {
  if (value === undefined || value === null) return undefined;
  return containsUnknown(value) ? value : view(value);
}

export function stringOf(bag: PropertyBag, key: string): string | undefined {
  const value = bag[key];
  return typeof value === "string" ? value : undefined;
}

/** name, locationId, clusterId, storeLogs and storeLogsRegionId: the same rules on both layers. */
export function checkSettings(c: Checker): void {
  c.string("name", true, 255);
  c.integer("locationId", true, { min: 1 });
  c.string("clusterId", false, MAX_ID_LENGTH);
  const logs = c.news.storeLogs;
  if (known(logs) && typeof logs !== "boolean") {
    c.fail("storeLogs", `storeLogs must be true or false (got ${shown(logs)})`);
  }
  c.integer("storeLogsRegionId", false, { min: 1 });
}

/** Ports as compared: ascending (the order of a zone's ports means nothing to the balancer). */
export function portsView(value: unknown): unknown {
  return Array.isArray(value) && value.every((port) => typeof port === "number")
    ? [...value].sort((a, b) => a - b)
    : value;
}

/** Domain names as compared: lower case (DNS names ignore case). */
export function domainsView(value: unknown): unknown {
  return Array.isArray(value) && value.every((domain) => typeof domain === "string")
    ? value.map((domain) => domain.toLowerCase())
    : value;
}
