// Metrics of the account's hosts and racks (GET /metrics/hosts, /metrics/racks; docs/wire.md,
// "Host hardware and usage"): the API's Prometheus text exposition, parsed by the SDK into metric
// families; a program picks the family it wants by name (a dashboard's thresholds, an alert's
// inputs, a report export).
import type { MetricFamily } from "../../sdk/areas/metrics";
import { optionalText } from "./framework/args";
import { type Lookup, type LookupOptions, outputForm, promiseForm } from "./framework/invoke";

export interface GetMetricsArgs {
  /** Only the metric family of this name; every family when omitted. */
  readonly name?: string;
}

/** One sample of a metric family. */
export interface MetricSampleResult {
  /** The sample's labels. */
  readonly labels: Record<string, string>;
  /** The sample's value. */
  readonly value: number;
  /** Milliseconds since the epoch, when the exposition gives one; null otherwise. */
  readonly timestampMs: number | null;
}

/** A metric family of the API's Prometheus exposition, with its samples. */
export interface MetricFamilyResult {
  /** The metric family's name. */
  readonly name: string;
  /** The family's help text; null when the exposition gives none. */
  readonly help: string | null;
  /** "gauge", "counter", ... */
  readonly type: string | null;
  /** The family's samples. */
  readonly samples: MetricSampleResult[];
}

export interface GetMetricsResult {
  /** The metric families, in the order of the exposition. */
  readonly families: MetricFamilyResult[];
}

function familyResult(family: MetricFamily): MetricFamilyResult {
  return {
    name: family.name,
    help: family.help ?? null,
    type: family.type ?? null,
    samples: family.samples.map((sample) => ({
      labels: { ...sample.labels },
      value: sample.value,
      timestampMs: sample.timestampMs ?? null,
    })),
  };
}

function metrics(
  fn: string,
  args: GetMetricsArgs,
  opts: LookupOptions | undefined,
  read: (lookup: Lookup) => Promise<MetricFamily[]>,
): Promise<GetMetricsResult> {
  return promiseForm(fn, opts, async (lookup) => {
    const name = optionalText(lookup.fn, args, "name");
    const families = await read(lookup);
    return {
      families: families.filter((f) => name === undefined || f.name === name).map(familyResult),
    };
  });
}

/**
 * The hosts' metrics: counts by chassis, location and rack; monthly traffic per host (the API's
 * Prometheus exposition, parsed).
 */
export function getHostsMetrics(
  args: GetMetricsArgs = {},
  opts?: LookupOptions,
): Promise<GetMetricsResult> {
  return metrics("getHostsMetrics", args, opts, (lookup) =>
    lookup.client.metrics.listHostsMetrics(lookup.call),
  );
}

export const getHostsMetricsOutput = outputForm(getHostsMetrics);

/**
 * The racks' metrics: counts, hosts per rack, monthly traffic, PDU and ATS power and current (the
 * API's Prometheus exposition, parsed).
 */
export function getRacksMetrics(
  args: GetMetricsArgs = {},
  opts?: LookupOptions,
): Promise<GetMetricsResult> {
  return metrics("getRacksMetrics", args, opts, (lookup) =>
    lookup.client.metrics.listRacksMetrics(lookup.call),
  );
}

export const getRacksMetricsOutput = outputForm(getRacksMetrics);
