// L7 (HTTP) load balancers as a resource kind (provider/framework/kind.ts). Sources (docs/wire.md,
// "Load balancers"): the Go client's L7 endpoints, inputs and fixtures, Ansible's
// load_balancer_instance_l7 (202 create, 200/202 update, 204 delete, waits for status active, the
// options' ranges, choices and defaults). Shaped as L4LoadBalancer; the zones differ: vhost zones
// carry domains, TLS (a certificate from SslCertificate) and location rules, upstream zones HTTP
// health checks.
import type {
  L7LoadBalancer,
  L7UpstreamZoneBody,
  L7VhostZoneBody,
} from "../../sdk/areas/load-balancers";
import { parseCidr } from "../../sdk/core/cidr";
import { type Checker, MAX_ID_LENGTH, shown } from "../framework/check";
import type { ResourceKind } from "../framework/kind";
import { unlessNotFound } from "../framework/not-found";
import { isUnknown } from "../framework/unknowns";
import {
  createBody,
  type LoadBalancerInputs,
  listByLabels,
  loadBalancerLiveInputs,
  loadBalancerOutputs,
  loadBalancerParts,
  updateBody,
  type ZoneViews,
} from "../load-balancer/definition";
import {
  type Bag,
  byId,
  checkSettings,
  definedOnly,
  domainsView,
  isBag,
  known,
  portsView,
  textView,
  UPSTREAM_METHODS,
  upstreamsBody,
  upstreamsView,
  ZoneChecker,
} from "../load-balancer/rules";
import { domainProblem } from "../ptr-record/names";

export interface L7LoadBalancerInputs extends LoadBalancerInputs {
  readonly geoip?: boolean;
}

/** A key only where the source holds a value: one side may leave it out (zonesEqual). */
function ifPresent(key: string, value: unknown): Bag {
  return value === undefined || value === null ? {} : { [key]: value };
}

function locationZonesView(value: unknown): Bag[] {
  const zones = Array.isArray(value) ? value.filter(isBag) : [];
  return zones.map((zone) => ({
    location: zone.location,
    upstreamId: zone.upstreamId ?? zone.upstream_id,
    upstreamPath: textView(zone.upstreamPath ?? zone.upstream_path),
    // Record only (Go `L7LocationZone.Redirect`): shown, never compared with an input.
    ...ifPresent("redirect", zone.redirect),
  }));
}

function realIpHeaderView(value: unknown): Bag | null {
  if (!isBag(value)) return null;
  return { name: value.name, networks: Array.isArray(value.networks) ? value.networks : [] };
}

/** Vhost zones as compared and shown: the documented fields, Ansible's defaults where absent. */
export function l7VhostZonesView(value: unknown): Bag[] {
  const zones = Array.isArray(value) ? value.filter(isBag) : [];
  return byId(
    zones.map((zone) => ({
      id: zone.id,
      ports: portsView(zone.ports),
      ssl: zone.ssl ?? false,
      http2: zone.http2 ?? false,
      httpToHttpsRedirect: zone.httpToHttpsRedirect ?? zone.http_to_https_redirect ?? false,
      http2PushPreload: zone.http2PushPreload ?? zone.http2_push_preload ?? false,
      domains: domainsView(zone.domains),
      sslCertificateId: textView(zone.sslCertificateId ?? zone.ssl_certificate_id),
      // The preset in force, as the record reports it on the vhost zone (Go `L7VHostZone`,
      // Ansible's output); an output only (the input takes it on the upstream zone).
      ...ifPresent("tlsPreset", zone.tls_preset),
      locationZones: locationZonesView(zone.locationZones ?? zone.location_zones),
      realIpHeader: realIpHeaderView(zone.realIpHeader ?? zone.real_ip_header),
    })),
  );
}

/**
 * Upstream zones as compared and shown. `hcStatus` and `tlsPreset` are inputs the record does not
 * echo (the Go record `L7UpstreamZone` and Ansible's documented output lack both): they appear
 * only where a side holds them, with no default, so a record of the official shape is no change.
 */
export function l7UpstreamZonesView(value: unknown): Bag[] {
  const zones = Array.isArray(value) ? value.filter(isBag) : [];
  const pick = (zone: Bag, camel: string, snake: string, fallback: unknown) =>
    zone[camel] ?? zone[snake] ?? fallback;
  return byId(
    zones.map((zone) => ({
      id: zone.id,
      method: zone.method ?? "random.least_conn",
      ssl: zone.ssl ?? false,
      sticky: zone.sticky ?? true,
      hcInterval: pick(zone, "hcInterval", "hc_interval", 5),
      hcJitter: pick(zone, "hcJitter", "hc_jitter", 5),
      hcFails: pick(zone, "hcFails", "hc_fails", 3),
      hcPasses: pick(zone, "hcPasses", "hc_passes", 3),
      hcDomain: textView(pick(zone, "hcDomain", "hc_domain", null)),
      hcPath: pick(zone, "hcPath", "hc_path", "/"),
      hcMethod: pick(zone, "hcMethod", "hc_method", "GET"),
      hcMandatory: pick(zone, "hcMandatory", "hc_mandatory", false),
      ...ifPresent("hcStatus", pick(zone, "hcStatus", "hc_status", null)),
      ...ifPresent("tlsPreset", pick(zone, "tlsPreset", "tls_preset", null)),
      grpc: zone.grpc ?? false,
      hcGrpcService: textView(pick(zone, "hcGrpcService", "hc_grpc_service", null)),
      hcGrpcStatus: pick(zone, "hcGrpcStatus", "hc_grpc_status", 0),
      upstreams: upstreamsView(zone.upstreams),
    })),
  );
}

function vhostZonesBody(value: readonly Bag[]): L7VhostZoneBody[] {
  return value.map((zone) => {
    const header = isBag(zone.realIpHeader) ? zone.realIpHeader : undefined;
    const locations = Array.isArray(zone.locationZones)
      ? zone.locationZones.filter(isBag)
      : undefined;
    return definedOnly({
      id: zone.id,
      ports: zone.ports,
      ssl: zone.ssl,
      http2: zone.http2,
      http_to_https_redirect: zone.httpToHttpsRedirect,
      http2_push_preload: zone.http2PushPreload,
      domains: zone.domains,
      ssl_certificate_id: zone.sslCertificateId,
      location_zones: locations?.map((entry) =>
        definedOnly({
          location: entry.location,
          upstream_id: entry.upstreamId,
          upstream_path: entry.upstreamPath,
        }),
      ),
      real_ip_header:
        header === undefined ? undefined : { name: header.name, networks: header.networks ?? [] },
    }) as unknown as L7VhostZoneBody;
  });
}

function upstreamZonesBody(value: readonly Bag[]): L7UpstreamZoneBody[] {
  return value.map(
    (zone) =>
      ({
        ...definedOnly({
          id: zone.id,
          method: zone.method,
          ssl: zone.ssl,
          sticky: zone.sticky,
          hc_interval: zone.hcInterval,
          hc_jitter: zone.hcJitter,
          hc_fails: zone.hcFails,
          hc_passes: zone.hcPasses,
          hc_domain: zone.hcDomain,
          hc_path: zone.hcPath,
          hc_method: zone.hcMethod,
          hc_mandatory: zone.hcMandatory,
          hc_status: zone.hcStatus,
          tls_preset: zone.tlsPreset,
          grpc: zone.grpc,
          hc_grpc_service: zone.hcGrpcService,
          hc_grpc_status: zone.hcGrpcStatus,
        }),
        upstreams: upstreamsBody(zone.upstreams),
      }) as unknown as L7UpstreamZoneBody,
  );
}

function checkDomains(z: ZoneChecker, path: string, value: unknown): void {
  if (value === undefined || value === null) {
    z.fail(path, "is required: a non-empty list of domain names");
    return;
  }
  if (isUnknown(value)) return;
  if (!Array.isArray(value) || value.length === 0) {
    z.fail(path, `must be a non-empty list of domain names (got ${shown(value)})`);
    return;
  }
  value.forEach((domain, index) => {
    if (isUnknown(domain)) return;
    const problem = typeof domain === "string" ? domainProblem(domain) : "must be a domain name";
    if (problem !== undefined) z.fail(`${path}[${index}]`, problem.replace(/^domain /, ""));
  });
}

function checkUpstreamZones(c: Checker): Set<string> {
  const z = new ZoneChecker(c, "upstreamZones");
  const zones = z.zones(c.news.upstreamZones, "upstream zone to send requests to");
  const ids = z.ids("upstreamZones", zones);
  zones.forEach((zone, index) => {
    const at = `upstreamZones[${index}]`;
    z.choice(`${at}.method`, zone.method, UPSTREAM_METHODS);
    for (const flag of ["ssl", "sticky", "hcMandatory", "grpc"])
      z.boolean(`${at}.${flag}`, zone[flag]);
    z.integer(`${at}.hcInterval`, zone.hcInterval, 1, 60);
    z.integer(`${at}.hcJitter`, zone.hcJitter, 0, 60);
    z.integer(`${at}.hcFails`, zone.hcFails, 1, 2_147_483_647);
    z.integer(`${at}.hcPasses`, zone.hcPasses, 1, 2_147_483_647);
    z.text(`${at}.hcDomain`, zone.hcDomain, 253);
    z.text(`${at}.hcPath`, zone.hcPath, 255);
    z.choice(`${at}.hcMethod`, zone.hcMethod, ["GET", "HEAD"]);
    z.text(`${at}.hcStatus`, zone.hcStatus, 255);
    z.choice(`${at}.tlsPreset`, zone.tlsPreset, ["TLSv1.3", "TLSv1.2"]);
    z.text(`${at}.hcGrpcService`, zone.hcGrpcService, 64);
    z.integer(`${at}.hcGrpcStatus`, zone.hcGrpcStatus, 0, 16);
    z.upstreams(`${at}.upstreams`, zone.upstreams);
  });
  return ids;
}

function checkVhostZones(c: Checker, upstreamIds: ReadonlySet<string>): void {
  const z = new ZoneChecker(c, "vhostZones");
  const zones = z.zones(c.news.vhostZones, "vhost zone to listen on");
  z.ids("vhostZones", zones);
  // Zones share a port by their domains (name-based virtual hosts: the ingress controller makes one
  // vhost zone per Ingress host, all on 443 or 80, serverscom-ingress-controller,
  // loadbalancer/manager.go); one domain on one port is one zone.
  z.distinctListeners(zones, "domain", (zone) =>
    Array.isArray(zone.domains) && zone.domains.every((domain) => typeof domain === "string")
      ? zone.domains.map((domain: string) => domain.toLowerCase())
      : undefined,
  );
  const complete = known(c.news.upstreamZones);
  zones.forEach((zone, index) => {
    const at = `vhostZones[${index}]`;
    z.ports(`${at}.ports`, zone.ports);
    for (const flag of ["ssl", "http2", "httpToHttpsRedirect", "http2PushPreload"]) {
      z.boolean(`${at}.${flag}`, zone[flag]);
    }
    checkDomains(z, `${at}.domains`, zone.domains);
    z.text(`${at}.sslCertificateId`, zone.sslCertificateId, MAX_ID_LENGTH);
    if (
      zone.ssl === true &&
      (zone.sslCertificateId === undefined || zone.sslCertificateId === null)
    ) {
      z.fail(
        `${at}.sslCertificateId`,
        "is required with ssl: name the certificate to terminate TLS with (an SslCertificate's id)",
      );
    }
    const locations = zone.locationZones;
    if (locations !== undefined && locations !== null) {
      z.list(`${at}.locationZones`, locations, false).forEach((entry, n) => {
        const path = `${at}.locationZones[${n}]`;
        const location = z.text(`${path}.location`, entry.location, 255, true);
        // A path the rule matches from its start, as the sources write one (Ansible's example
        // "/app"; the ingress controller passes Ingress paths, which Kubernetes holds absolute).
        if (location !== undefined && !location.startsWith("/")) {
          z.fail(
            `${path}.location`,
            `must be a path starting with "/" (got ${shown(location)}): write ${shown(`/${location}`)}`,
          );
        }
        z.reference(`${path}.upstreamId`, entry.upstreamId, upstreamIds, complete);
        z.text(`${path}.upstreamPath`, entry.upstreamPath, 255);
      });
    }
    const header = zone.realIpHeader;
    if (header !== undefined && header !== null && !isUnknown(header)) {
      if (!isBag(header))
        z.fail(`${at}.realIpHeader`, `must be an object {name, networks} (got ${shown(header)})`);
      else {
        z.text(`${at}.realIpHeader.name`, header.name, 255, true);
        const networks = header.networks;
        if (Array.isArray(networks)) {
          networks.forEach((network, n) => {
            if (isUnknown(network)) return;
            const parsed =
              typeof network === "string"
                ? parseCidr(network)
                : "must be a network in CIDR notation";
            if (typeof parsed === "string") z.fail(`${at}.realIpHeader.networks[${n}]`, parsed);
          });
        } else if (networks !== undefined && !isUnknown(networks)) {
          z.fail(
            `${at}.realIpHeader.networks`,
            `must be a list of networks in CIDR notation (got ${shown(networks)})`,
          );
        }
      }
    }
  });
}

function zonesBody(inputs: L7LoadBalancerInputs) {
  return {
    vhost_zones: vhostZonesBody(inputs.vhostZones),
    upstream_zones: upstreamZonesBody(inputs.upstreamZones),
  };
}

const zoneViews: ZoneViews = {
  vhostZones: l7VhostZonesView,
  upstreamZones: l7UpstreamZonesView,
};

export const l7LoadBalancerKind: ResourceKind<L7LoadBalancer> = {
  name: "L7LoadBalancer",
  noun: "L7 load balancer",
  ...loadBalancerParts<L7LoadBalancer>({
    views: zoneViews,
    properties: {
      // Absent: false, as Ansible sends by default.
      geoip: { rule: "update", desired: (news) => news.geoip ?? false },
    },
    outputs: ["geoip", "domains"],
  }),

  check(c: Checker) {
    checkSettings(c);
    const geoip = c.news.geoip;
    if (known(geoip) && typeof geoip !== "boolean") {
      c.fail("geoip", `geoip must be true or false (got ${shown(geoip)})`);
    }
    checkVhostZones(c, checkUpstreamZones(c));
    c.labels();
  },

  get: (client, id) => unlessNotFound(client.loadBalancers.getL7(id)),
  findByLabels: (client, labelSelector) => listByLabels(client, "l7", labelSelector),
  create(client, inputs, labels) {
    const i = inputs as unknown as L7LoadBalancerInputs;
    return client.loadBalancers.createL7({
      ...createBody(i, zonesBody, labels),
      geoip: i.geoip ?? false,
    });
  },
  update(client, id, changes, labels, context) {
    const news = context.news as unknown as L7LoadBalancerInputs;
    // Absent means false: decided against the record, as the shared settings are.
    const geoip = news.geoip ?? false;
    return client.loadBalancers.updateL7(id, {
      ...updateBody(news, context.record, changes, labels, zonesBody),
      ...(geoip !== (context.record.geoip ?? false) ? { geoip } : {}),
    });
  },
  delete: (client, id) => client.loadBalancers.deleteL7(id),

  outputs: (record) =>
    loadBalancerOutputs(record, zoneViews, {
      geoip: record.geoip ?? null,
      domains: [...(record.domains ?? [])],
    }),
  liveInputs: (record) => {
    const inputs = loadBalancerLiveInputs(record, zoneViews, { geoip: record.geoip ?? null });
    return { ...inputs, vhostZones: withoutRecordOnlyKeys(inputs.vhostZones) };
  },
};

/**
 * A vhost zone's `tlsPreset` and a location zone's `redirect` are the record's only (Go
 * `L7VHostZone.TLSPreset`, `L7LocationZone.Redirect`), no inputs of L7VhostZoneArgs and
 * L7LocationZoneArgs: the live inputs leave them out, as a program declaring them must.
 */
function withoutRecordOnlyKeys(zones: unknown): unknown {
  if (!Array.isArray(zones)) return zones;
  return zones.map((zone) => {
    if (!isBag(zone)) return zone;
    const { tlsPreset: _, ...rest } = zone;
    if (!Array.isArray(rest.locationZones)) return rest;
    return {
      ...rest,
      locationZones: rest.locationZones.map((entry) => {
        if (!isBag(entry)) return entry;
        const { redirect: __, ...kept } = entry;
        return kept;
      }),
    };
  });
}
