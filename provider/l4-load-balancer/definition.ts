// L4 load balancers as a resource kind (provider/framework/kind.ts). Sources (docs/wire.md, "Load
// balancers"): the Go client's L4 endpoints and records, Ansible's load_balancer_instance_l4
// (202 create, 200/202 update, 204 delete, waits for status active, the options' ranges and
// defaults). Everything but the location is changed in place: one PUT with the whole zone lists.
import type {
  L4LoadBalancer,
  L4UpstreamZoneBody,
  L4VhostZoneBody,
} from "../../sdk/areas/load-balancers";
import type { Checker } from "../framework/check";
import type { ResourceKind } from "../framework/kind";
import { unlessNotFound } from "../framework/not-found";
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
  isBag,
  known,
  portsView,
  textView,
  UPSTREAM_METHODS,
  upstreamsBody,
  upstreamsView,
  ZoneChecker,
} from "../load-balancer/rules";

/** L4 adds no settings to those every balancer has. */
export type L4LoadBalancerInputs = LoadBalancerInputs;

/** Vhost zones as compared and shown: the documented fields, Ansible's defaults where absent. */
export function l4VhostZonesView(value: unknown): Bag[] {
  const zones = Array.isArray(value) ? value.filter(isBag) : [];
  return byId(
    zones.map((zone) => ({
      id: zone.id,
      ports: portsView(zone.ports),
      udp: zone.udp ?? false,
      proxyProtocol: zone.proxyProtocol ?? zone.proxy_protocol ?? false,
      upstreamId: zone.upstreamId ?? zone.upstream_id,
      description: textView(zone.description),
    })),
  );
}

export function l4UpstreamZonesView(value: unknown): Bag[] {
  const zones = Array.isArray(value) ? value.filter(isBag) : [];
  return byId(
    zones.map((zone) => ({
      id: zone.id,
      method: zone.method ?? "random.least_conn",
      udp: zone.udp ?? false,
      hcInterval: zone.hcInterval ?? zone.hc_interval ?? 5,
      hcJitter: zone.hcJitter ?? zone.hc_jitter ?? 5,
      upstreams: upstreamsView(zone.upstreams),
    })),
  );
}

function vhostZonesBody(value: readonly Bag[]): L4VhostZoneBody[] {
  return value.map(
    (zone) =>
      definedOnly({
        id: zone.id,
        ports: zone.ports,
        udp: zone.udp,
        proxy_protocol: zone.proxyProtocol,
        upstream_id: zone.upstreamId,
        description: zone.description,
      }) as unknown as L4VhostZoneBody,
  );
}

function upstreamZonesBody(value: readonly Bag[]): L4UpstreamZoneBody[] {
  return value.map(
    (zone) =>
      ({
        ...definedOnly({
          id: zone.id,
          method: zone.method,
          udp: zone.udp,
          hc_interval: zone.hcInterval,
          hc_jitter: zone.hcJitter,
        }),
        upstreams: upstreamsBody(zone.upstreams),
      }) as unknown as L4UpstreamZoneBody,
  );
}

function checkZones(c: Checker): void {
  const upstream = new ZoneChecker(c, "upstreamZones");
  const upstreamZones = upstream.zones(c.news.upstreamZones, "upstream zone to send traffic to");
  const upstreamIds = upstream.ids("upstreamZones", upstreamZones);
  upstreamZones.forEach((zone, index) => {
    const at = `upstreamZones[${index}]`;
    upstream.choice(`${at}.method`, zone.method, UPSTREAM_METHODS);
    upstream.boolean(`${at}.udp`, zone.udp);
    upstream.integer(`${at}.hcInterval`, zone.hcInterval, 1, 60);
    upstream.integer(`${at}.hcJitter`, zone.hcJitter, 0, 60);
    upstream.upstreams(`${at}.upstreams`, zone.upstreams);
  });
  const vhost = new ZoneChecker(c, "vhostZones");
  const vhostZones = vhost.zones(c.news.vhostZones, "vhost zone to listen on");
  vhost.ids("vhostZones", vhostZones);
  // A port and protocol are one listener: the official cloud controller makes one vhost zone per
  // Service port and protocol (serverscom-cloud-controller-manager, loadbalancers.go, buildZones).
  vhost.distinctListeners(vhostZones, "protocol", (zone) =>
    typeof zone.udp === "boolean" || zone.udp === undefined || zone.udp === null
      ? [zone.udp === true ? "UDP" : "TCP"]
      : undefined,
  );
  const complete = known(c.news.upstreamZones);
  vhostZones.forEach((zone, index) => {
    const at = `vhostZones[${index}]`;
    vhost.ports(`${at}.ports`, zone.ports);
    vhost.boolean(`${at}.udp`, zone.udp);
    vhost.boolean(`${at}.proxyProtocol`, zone.proxyProtocol);
    vhost.reference(`${at}.upstreamId`, zone.upstreamId, upstreamIds, complete);
    vhost.text(`${at}.description`, zone.description, 255);
  });
}

function zonesBody(inputs: L4LoadBalancerInputs) {
  return {
    vhost_zones: vhostZonesBody(inputs.vhostZones),
    upstream_zones: upstreamZonesBody(inputs.upstreamZones),
  };
}

const zoneViews: ZoneViews = {
  vhostZones: l4VhostZonesView,
  upstreamZones: l4UpstreamZonesView,
};

export const l4LoadBalancerKind: ResourceKind<L4LoadBalancer> = {
  name: "L4LoadBalancer",
  noun: "L4 load balancer",
  ...loadBalancerParts<L4LoadBalancer>({ views: zoneViews }),

  check(c: Checker) {
    checkSettings(c);
    checkZones(c);
    c.labels();
  },

  get: (client, id) => unlessNotFound(client.loadBalancers.getL4(id)),
  findByLabels: (client, labelSelector) => listByLabels(client, "l4", labelSelector),
  create: (client, inputs, labels) =>
    client.loadBalancers.createL4(
      createBody(inputs as unknown as L4LoadBalancerInputs, zonesBody, labels),
    ),
  update: (client, id, changes, labels, context) =>
    client.loadBalancers.updateL4(
      id,
      updateBody(
        context.news as unknown as L4LoadBalancerInputs,
        context.record,
        changes,
        labels,
        zonesBody,
      ),
    ),
  delete: (client, id) => client.loadBalancers.deleteL4(id),

  outputs: (record) => loadBalancerOutputs(record, zoneViews),
  liveInputs: (record) => loadBalancerLiveInputs(record, zoneViews),
};
