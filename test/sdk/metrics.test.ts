// Metrics exposition (GET /metrics/hosts, /metrics/racks; Go client metrics.go at abb982c9): the
// text srvctl's tests serve as the API's answer (../shared/fixtures/official, srvctl
// testdata/entities/metrics/*_input.txt) parses into typed families and samples; the SDK asks for
// text and parses it; the simulator answers the same format.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseExposition, ServersComClient } from "../../sdk";
import { startSimulator } from "../../simulator";
import { officialDir, officialPresent, SKIP_REASON } from "../support/official-records";
import { useWireBed } from "./support-wire";

const metricsDir = path.join(officialDir, "srvctl/testdata/entities/metrics");

describe("parseExposition", () => {
  it("reads HELP and TYPE (with or without the colon), labels with escaped quotes, values", () => {
    const families = parseExposition(
      [
        "# HELP: a_count Count of a",
        "# TYPE a_count gauge",
        'a_count{name="R440 - 2.5\\"",zone="x"} 3',
        "a_count 4 1700000000000",
        "",
        "b_total +Inf",
      ].join("\n"),
    );
    expect(families).toEqual([
      {
        name: "a_count",
        help: "Count of a",
        type: "gauge",
        samples: [
          { name: "a_count", labels: { name: 'R440 - 2.5"', zone: "x" }, value: 3 },
          { name: "a_count", labels: {}, value: 4, timestampMs: 1_700_000_000_000 },
        ],
      },
      {
        name: "b_total",
        samples: [{ name: "b_total", labels: {}, value: Number.POSITIVE_INFINITY }],
      },
    ]);
    expect(() => parseExposition("not a sample line here")).toThrow(/line 1/);
  });

  describe.skipIf(!officialPresent || !existsSync(metricsDir))(
    `srvctl's metrics inputs${officialPresent ? "" : SKIP_REASON}`,
    () => {
      it.each(["hosts_input.txt", "racks_input.txt"])("%s parses, every line a sample", (file) => {
        const text = readFileSync(path.join(metricsDir, file), "utf8");
        const families = parseExposition(text);
        const sampleLines = text.split("\n").filter((line) => /^[a-z]/.test(line)).length;
        expect(families.flatMap((f) => f.samples)).toHaveLength(sampleLines);
        expect(families.every((f) => f.type !== undefined && f.help !== undefined)).toBe(true);
      });
    },
  );
});

describe("client.metrics", () => {
  const bed = useWireBed();

  it("GET /metrics/hosts as text, parsed", async () => {
    bed().answer(
      200,
      "# TYPE: serverscom_hosts_count gauge\nserverscom_hosts_count 2\n",
      "text/plain",
    );
    const families = await bed().client.metrics.listHostsMetrics();
    expect(bed().sent[0]).toMatchObject({ method: "GET", pathname: "/v1/metrics/hosts" });
    expect(families[0]).toMatchObject({ name: "serverscom_hosts_count", type: "gauge" });
    expect(families[0]?.samples[0]?.value).toBe(2);
  });

  it("the simulator answers both endpoints in the same format", async () => {
    const sim = await startSimulator({ speed: 0 });
    const client = new ServersComClient({ token: sim.token, baseUrl: sim.url });
    try {
      const hosts = await client.metrics.listHostsMetrics();
      const count = hosts.find((f) => f.name === "serverscom_hosts_count");
      expect(count?.samples.length).toBeGreaterThan(0);
      const racks = await client.metrics.listRacksMetrics();
      expect(
        racks.find((f) => f.name === "serverscom_racks_count")?.samples[0]?.value,
      ).toBeGreaterThan(0);
    } finally {
      await client.close();
      await sim.close();
    }
  });
});
