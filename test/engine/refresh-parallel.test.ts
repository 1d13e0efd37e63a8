// A refresh of several resources of two kinds through the real provider host, at Pulumi's
// default parallelism: reads overlap, so the provider answers most of them from list pages
// (provider/framework/read-snapshot.ts). Changes and deletions made outside Pulumi between two
// refreshes by the same host must still show, and what it stores must be what one-at-a-time
// reads (GETs) store. Needs a current dist/ (npm run build).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../simulator";
import { ed25519Key } from "../provider/dedicated-server-support";
import {
  defaultParallelism,
  type EngineHarness,
  type Program,
  requireDist,
  type StepRecord,
  simulatorHarness,
} from "./harness";

const VOLUMES = 6;
const KEYS = 4;

const fleet: Program = (serverscom) => {
  for (let i = 0; i < VOLUMES; i++) {
    new serverscom.RbsVolume(`data-${i}`, {
      locationId: 1,
      flavorId: 1,
      size: 10,
      labels: { env: "prod" },
    });
  }
  for (let i = 0; i < KEYS; i++) {
    new serverscom.SshKey(`key-${i}`, {
      publicKey: ed25519Key(`key-${i}`),
      labels: { env: "prod" },
    });
  }
};

/** The op of each resource by name. */
function ops(steps: readonly StepRecord[]): Record<string, string> {
  return Object.fromEntries(steps.map((step) => [step.urn.split("::").pop(), step.op]));
}

describe("a refresh at Pulumi's default parallelism", () => {
  let sim: Simulator;
  let harness: EngineHarness;
  const id = (type: string, name: string) =>
    harness.resource(`pulumi-nodejs:dynamic/serverscom:${type}`, name)?.id ?? "";

  beforeAll(async () => {
    requireDist();
    sim = await startSimulator({ speed: 3000 });
    harness = simulatorHarness(sim, {
      // One host for every refresh: a snapshot of the previous refresh must not hide a change.
      reuseHost: true,
      parallel: 8,
    });
    await harness.up(fleet);
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
    await sim?.close();
  });

  it("reads overlapping resources of a kind from one list page", async () => {
    await sim.control.clearRequestCounts();
    const steps = await harness.refresh();
    expect(steps.map((step) => step.op)).toEqual(steps.map(() => "same"));
    const counts = await sim.control.requestCounts();
    expect(counts["GET /v1/remote_block_storage/volumes"]).toBe(1);
    expect(counts["GET /v1/ssh_keys"]).toBe(1);
    // At most the first read of each kind, which had nothing to overlap with, is a GET.
    expect(counts["GET /v1/remote_block_storage/volumes/:id"] ?? 0).toBeLessThanOrEqual(1);
    expect(counts["GET /v1/ssh_keys/:fingerprint"] ?? 0).toBeLessThanOrEqual(1);
  });

  it("returns the steps in state order, whatever order the reads finished in", async () => {
    const steps = await harness.refresh();
    expect(steps.map((step) => step.urn)).toEqual([...harness.state.keys()]);
  });

  it("still reports changes and deletions made outside Pulumi since the last refresh", async () => {
    await harness.refresh();
    await sim.control.patch("rbs_volumes", id("RbsVolume", "data-1"), { name: "renamed" });
    await sim.control.patch("rbs_volumes", id("RbsVolume", "data-2"), { labels: { env: "dev" } });
    await sim.control.remove("rbs_volumes", id("RbsVolume", "data-3"));
    await sim.control.patch("ssh_keys", id("SshKey", "key-1"), { name: "renamed" });
    await sim.control.remove("ssh_keys", id("SshKey", "key-2"));
    expect(ops(await harness.refresh())).toEqual({
      "data-0": "same",
      "data-1": "update",
      "data-2": "update",
      "data-3": "delete",
      "data-4": "same",
      "data-5": "same",
      "key-0": "same",
      "key-1": "update",
      "key-2": "delete",
      "key-3": "same",
    });
    const volume = harness.resource("pulumi-nodejs:dynamic/serverscom:RbsVolume", "data-2");
    expect(volume?.outputs.labels).toEqual({ env: "dev" });
    // The next up puts everything back; then nothing drifts.
    await harness.up(fleet);
    const again = await harness.refresh();
    expect(again.map((step) => step.op)).toEqual(again.map(() => "same"));
  }, 60_000);

  it("stores what one-at-a-time reads (GETs) store", async () => {
    await harness.refresh();
    const fromSnapshots = new Map([...harness.state].map(([urn, r]) => [urn, r.outputs]));
    await sim.control.clearRequestCounts();
    await harness.refresh({ parallel: 1 });
    // One at a time, no read overlaps another: every read was its GET.
    const counts = await sim.control.requestCounts();
    expect(counts["GET /v1/remote_block_storage/volumes"]).toBeUndefined();
    expect(counts["GET /v1/remote_block_storage/volumes/:id"]).toBe(VOLUMES);
    for (const [urn, resource] of harness.state) {
      expect(resource.outputs).toEqual(fromSnapshots.get(urn));
    }
  });
});

describe("the default parallelism", () => {
  it("is Pulumi's: 4 x the CPUs, or PULUMI_PARALLEL", async () => {
    const { availableParallelism } = await import("node:os");
    expect(defaultParallelism({})).toBe(4 * availableParallelism());
    expect(defaultParallelism({ PULUMI_PARALLEL: "3" })).toBe(3);
    expect(() => defaultParallelism({ PULUMI_PARALLEL: "0" })).toThrow(/PULUMI_PARALLEL="0"/);
    expect(() => defaultParallelism({ PULUMI_PARALLEL: "many" })).toThrow(/whole number/);
  });
});
