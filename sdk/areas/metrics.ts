// Metrics of the account's hosts and racks: GET /metrics/hosts and /metrics/racks. Not in
// api-spec.md: the Go client (pkg/metrics.go at abb982c9: ListHostsMetrics, ListRacksMetrics)
// answers the body as text, Prometheus text exposition; srvctl's `metrics` test inputs
// (testdata/entities/metrics/*_input.txt) show it, with `# HELP:` and `# TYPE:` comments (a
// colon the standard format does not have, taken either way). Parsed into typed samples here.
import { z } from "zod";
import type { CallOptions, Requester } from "../core/contract";

/** One sample: a metric family's name, its labels and value (timestamp in ms when given). */
export interface MetricSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
  readonly timestampMs?: number;
}

/** A metric family: its samples, with the HELP text and TYPE its comments give. */
export interface MetricFamily {
  readonly name: string;
  readonly help?: string;
  /** "gauge", "counter", ... as the TYPE comment says. */
  readonly type?: string;
  readonly samples: readonly MetricSample[];
}

const COMMENT = /^#\s*(HELP|TYPE):?\s+(\S+)\s*(.*)$/;
const SAMPLE = /^([A-Za-z_:][A-Za-z0-9_:]*)(\{.*\})?\s+(\S+)(?:\s+(-?\d+))?$/;

function parseValue(text: string): number {
  if (text === "+Inf") return Number.POSITIVE_INFINITY;
  if (text === "-Inf") return Number.NEGATIVE_INFINITY;
  if (text === "NaN") return Number.NaN;
  const value = Number(text);
  if (Number.isNaN(value)) throw new Error(`"${text}" is not a sample value`);
  return value;
}

/** `{a="x",b="y \"q\""}` into its labels; escapes \\, \" and \n as the format defines them. */
function parseLabels(text: string | undefined): Record<string, string> {
  const labels: Record<string, string> = {};
  if (text === undefined) return labels;
  const body = text.slice(1, -1);
  const pair = /\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*"((?:[^"\\]|\\.)*)"\s*,?/gy;
  let match = pair.exec(body);
  let end = 0;
  while (match !== null) {
    labels[match[1] as string] = (match[2] as string).replace(/\\(.)/g, (_, c: string) =>
      c === "n" ? "\n" : c,
    );
    end = pair.lastIndex;
    match = pair.exec(body);
  }
  if (body.slice(end).trim() !== "") throw new Error(`labels "${text}" are malformed`);
  return labels;
}

/** Text exposition into metric families, in the order they appear. */
export function parseExposition(text: string): MetricFamily[] {
  const families = new Map<string, { help?: string; type?: string; samples: MetricSample[] }>();
  const family = (name: string) => {
    let found = families.get(name);
    if (found === undefined) {
      found = { samples: [] };
      families.set(name, found);
    }
    return found;
  };
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === "") return;
    if (line.startsWith("#")) {
      const comment = COMMENT.exec(line);
      if (comment === null) return;
      const [, kind, name, rest] = comment as unknown as [string, string, string, string];
      if (kind === "HELP") family(name).help = rest;
      else family(name).type = rest;
      return;
    }
    const sample = SAMPLE.exec(line);
    if (sample === null) throw new Error(`line ${index + 1} is not a sample: ${line}`);
    const [, name, labels, value, timestamp] = sample as unknown as [
      string,
      string,
      string | undefined,
      string,
      string | undefined,
    ];
    family(name).samples.push({
      name,
      labels: parseLabels(labels),
      value: parseValue(value),
      ...(timestamp === undefined ? {} : { timestampMs: Number(timestamp) }),
    });
  });
  return [...families].map(([name, entry]) => ({ name, ...entry }));
}

/** The body as text, parsed; a malformed line is a validation failure naming it. */
const ExpositionSchema = z.string().transform((text, ctx) => {
  try {
    return parseExposition(text);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: (error as Error).message });
    return z.NEVER;
  }
});

export class MetricsApi {
  constructor(private readonly http: Requester) {}

  /** Counts and traffic of the account's hosts (Go `ListHostsMetrics`). */
  async listHostsMetrics(options?: CallOptions): Promise<MetricFamily[]> {
    return this.http.request(
      { method: "GET", path: "/metrics/hosts", schema: ExpositionSchema, format: "text" },
      options,
    );
  }

  /** Power and traffic of the account's racks (Go `ListRacksMetrics`). */
  async listRacksMetrics(options?: CallOptions): Promise<MetricFamily[]> {
    return this.http.request(
      { method: "GET", path: "/metrics/racks", schema: ExpositionSchema, format: "text" },
      options,
    );
  }
}
