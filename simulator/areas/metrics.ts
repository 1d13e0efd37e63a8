// GET /v1/metrics/hosts and /v1/metrics/racks: Prometheus text exposition (the Go client's
// metrics.go at abb982c9 reads the body as text), with the metric names and the `# HELP:` /
// `# TYPE:` comment style of srvctl's metrics test inputs. Counts come from the store; traffic
// and power are the simulator's own constant values.
import type { Area, AreaHelpers, Router, SimContext, WireRecord } from "../framework/contract";
import { HOST_KINDS } from "./hosts-shared";

type Labels = Readonly<Record<string, string | number | null | undefined>>;

function labelText(labels: Labels): string {
  const pairs = Object.entries(labels)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${key}="${String(value).replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`);
  return pairs.length === 0 ? "" : `{${pairs.join(",")}}`;
}

function family(name: string, help: string, type: string, samples: [Labels, number][]): string {
  return [
    `# HELP: ${name} ${help}`,
    `# TYPE: ${name} ${type}`,
    ...samples.map(([labels, value]) => `${name}${labelText(labels)} ${value}`),
  ].join("\n");
}

function hostLabels(host: WireRecord): Labels {
  return {
    host_type: String(host.type),
    location_id: host.location_id as number,
    location_code: host.location_code as string,
    rack_id: (host.rack_id as string | null) ?? undefined,
  };
}

function hostsMetrics(ctx: SimContext): string {
  const hosts = HOST_KINDS.flatMap((kind) => ctx.store.all(kind.collection));
  return `${[
    family(
      "serverscom_hosts_count",
      "Count of the hosts",
      "gauge",
      hosts.map((host) => [hostLabels(host), 1]),
    ),
    family(
      "serverscom_host_monthly_sent_bytes_total",
      "Host monthly sent bytes total",
      "counter",
      hosts.map((host) => [
        {
          host_id: String(host.id),
          title: host.title as string,
          traffic_type: "public",
          ...hostLabels(host),
        },
        0,
      ]),
    ),
  ].join("\n\n")}\n`;
}

function racksMetrics(ctx: SimContext): string {
  const racks = ctx.store.all("racks");
  const hosts = HOST_KINDS.flatMap((kind) => ctx.store.all(kind.collection));
  const rackLabels = (rack: WireRecord): Labels => ({
    rack_id: String(rack.id),
    rack_name: rack.name as string,
    location_id: rack.location_id as number,
    location_code: rack.location_code as string,
  });
  return `${[
    family("serverscom_racks_count", "Count of the racks", "gauge", [[{}, racks.length]]),
    family(
      "serverscom_rack_hosts_count",
      "Count of the hosts in the rack",
      "gauge",
      racks.map((rack) => [
        rackLabels(rack),
        hosts.filter((host) => host.rack_id === rack.id).length,
      ]),
    ),
    family(
      "serverscom_rack_pdu_power_watts",
      "Instantaneous power draw from the rack PDU, measured in watts (W).",
      "gauge",
      racks.map((rack) => [rackLabels(rack), 0]),
    ),
  ].join("\n\n")}\n`;
}

function register(router: Router, _helpers: AreaHelpers): void {
  router.add("GET", "/v1/metrics/hosts", (_req, ctx) => ({ status: 200, text: hostsMetrics(ctx) }));
  router.add("GET", "/v1/metrics/racks", (_req, ctx) => ({ status: 200, text: racksMetrics(ctx) }));
}

export const metricsArea: Area = { name: "metrics", register };
