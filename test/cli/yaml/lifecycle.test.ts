import { describe, expect, it } from "vitest";
import type { StoredResource } from "../../../scripts/engine/harness";
import { createsHeld } from "../../support/held-create";
import { expectSuccess } from "../support/cli";
import { secretsInFiles } from "../support/state";
import { diffBlocks } from "./diff-output";
import { DRIFTS } from "./drift";
import { certificateFiles, DECLARED, programBody, UNDER_TEST } from "./program";
import { useYamlStack } from "./stack";

/**
 * Kinds whose replacement is another object (a new id, the old one deleted or released); the
 * others take charge of the same object again (a key by its fingerprint, a seeded cluster,
 * certificate or node) or make one the API keeps unique, deleted first.
 */
const NEW_OBJECT = new Set([
  "RbsVolume",
  "SbmServer",
  "CloudInstance",
  "DedicatedServer",
  "L2Segment",
  "SslCertificate",
  "PtrRecord",
  "L4LoadBalancer",
  "L7LoadBalancer",
  "CloudVolume",
  "CloudVolumeBackup",
  "CloudSnapshot",
  "Subnetwork",
  "HostNetwork",
  "DnsZone",
  "DnsRecord",
]);

/** The collection of each kind's objects, and which of them are live (not on their way out). */
const LIVE: Readonly<
  Record<string, { collection: string; live: (r: Record<string, unknown>) => boolean }>
> = {
  RbsVolume: { collection: "rbs_volumes", live: (r) => r.status !== "removing" },
  SbmServer: { collection: "sbm_servers", live: (r) => typeof r.scheduled_release_at !== "string" },
  DedicatedServer: {
    collection: "dedicated_servers",
    live: (r) => typeof r.scheduled_release_at !== "string",
  },
  CloudInstance: { collection: "cloud_instances", live: (r) => r.status !== "DELETING" },
  L2Segment: { collection: "l2_segments", live: (r) => r.status !== "removing" },
  L4LoadBalancer: { collection: "l4_load_balancers", live: (r) => r.status !== "deleting" },
  L7LoadBalancer: { collection: "l7_load_balancers", live: (r) => r.status !== "deleting" },
  CloudVolume: { collection: "cloud_volumes", live: (r) => r.status !== "deleting" },
  CloudVolumeBackup: { collection: "cloud_backups", live: (r) => r.status !== "deleting" },
};

const byName = (resources: readonly StoredResource[]) =>
  new Map(resources.map((resource) => [resource.name, resource]));

/** Secrets only the simulator and the test know: the token, RBS passwords, the private key. */
async function secrets(): Promise<string[]> {
  const { key } = certificateFiles();
  const passwords = (await bed.sim.control.records("rbs_volumes")).map((v) => String(v._password));
  const keyLines = key.split("\n").filter((line) => line.length >= 40);
  return [bed.sim.token, key.trim(), ...keyLines, ...passwords];
}

const bed = useYamlStack("yaml-lifecycle", () => programBody());

describe("a YAML program of all 20 kinds through the real CLI", () => {
  it("preview: every resource to create, outputs unknown, the lookups run", async () => {
    const result = expectSuccess(await bed.stack.run(["preview"]));
    // The stack itself is the one more.
    expect(result.stdout).toContain(`+ ${DECLARED.length + 1} to create`);
    expect(result.stdout).toMatch(/fingerprint\s*: \[unknown\]/);
    for (const { name, kind } of DECLARED) {
      expect(result.stdout).toContain(`serverscom:index:${kind} ${name} create`);
    }
  });

  it("up creates every resource", async () => {
    expectSuccess(await bed.stack.run(["up", "--yes"]));
    const state = await bed.stack.state();
    expect(state.resources.map((r) => r.name).sort()).toEqual(DECLARED.map((r) => r.name).sort());
    for (const resource of state.resources) expect(resource.initErrors, resource.name).toEqual([]);
  });

  it("preview --expect-no-changes", async () => {
    expectSuccess(await bed.stack.run(["preview", "--expect-no-changes"]));
  });

  it("preview --refresh --expect-no-changes: no false drift on any kind", async () => {
    expectSuccess(await bed.stack.run(["preview", "--refresh", "--expect-no-changes"]));
  });

  it("drift on every kind: preview --refresh --expect-no-changes fails and names each property", async () => {
    const resources = byName((await bed.stack.state()).resources);
    for (const drift of DRIFTS) {
      const resource = resources.get(drift.name);
      if (resource === undefined) throw new Error(`no ${drift.name} in the state`);
      await drift.change(resource, bed.sim);
    }
    const result = await bed.stack.run(["preview", "--refresh", "--expect-no-changes", "--diff"]);
    // ExitNoChanges (pulumi/pulumi v3.274.1 pkg/cmd/pulumi/cmd/exit_codes.go:37, :117).
    expect(result.code, result.stdout).toBe(7);
    expect(result.stderr).toContain(
      "no changes were expected for preview but changes were proposed",
    );
    // The steps after the refresh (not its "(refresh)" blocks) name each drifted input.
    const steps = diffBlocks(result.stdout).filter((block) => block.op !== "refresh");
    for (const drift of DRIFTS) {
      const block = steps.find((b) => b.urn.endsWith(`::${drift.name}`));
      expect(block?.properties, `${drift.name}: ${drift.property}`).toContain(drift.property);
    }
    expect(DRIFTS.map((d) => d.name).sort()).toEqual(UNDER_TEST.map((r) => r.name).sort());
    for (const drift of DRIFTS) {
      const resource = resources.get(drift.name);
      if (resource !== undefined) await drift.undo?.(resource, bed.sim);
    }
  });

  it("refresh --yes records the drift", async () => {
    expectSuccess(await bed.stack.run(["refresh", "--yes"]));
  });

  it("up --yes converges: the declared values are back", async () => {
    expectSuccess(await bed.stack.run(["up", "--yes"]));
    expectSuccess(await bed.stack.run(["preview", "--refresh", "--expect-no-changes"]));
  });

  it("up --replace <urn> on every kind", async () => {
    const before = byName((await bed.stack.state()).resources);
    const args = UNDER_TEST.flatMap(({ name }) => ["--replace", before.get(name)?.urn ?? name]);
    const result = expectSuccess(await bed.stack.run(["up", "--yes", ...args]));
    const after = byName((await bed.stack.state()).resources);
    for (const { name, kind } of UNDER_TEST) {
      expect(result.stdout, name).toMatch(
        new RegExp(`serverscom:index:${kind} ${name} (replaced|deleted original)`),
      );
      const old = before.get(name);
      const now = after.get(name);
      if (old === undefined || now === undefined) throw new Error(`${name} missing`);
      if (NEW_OBJECT.has(kind)) expect(now.id, `${name}: a new object`).not.toBe(old.id);
      else expect(now.id, `${name}: the same object`).toBe(old.id);
      const live = LIVE[kind];
      if (live !== undefined && NEW_OBJECT.has(kind)) {
        const records = await bed.sim.control.records(live.collection);
        const oldRecord = records.find((r) => String(r.id) === old.id);
        expect(
          oldRecord === undefined || !live.live(oldRecord),
          `${name}: the old one released`,
        ).toBe(true);
      }
    }
    expectSuccess(await bed.stack.run(["preview", "--refresh", "--expect-no-changes"]));
  });

  it("a partial create (a 1 ms create timeout) is recorded, refreshed, and resumed: one object", async () => {
    const late = { kind: "RbsVolume", properties: { locationId: 1, flavorId: 1, size: 10 } };
    bed.stack.program = programBody({
      extra: { late: { ...late, options: { customTimeouts: { create: "1ms" } } } },
    });
    // Its creation held (createsHeld): the volume is surely still creating when the 1 ms ends.
    await bed.sim.control.setFaults(createsHeld("/v1/remote_block_storage/volumes"));
    const failed = await bed.stack.run(["up", "--yes"], ["RbsVolume"]);
    await bed.sim.control.setFaults({});
    // A failed step is a bail: ExitCodeError (exit_codes.go:91-93).
    expect(failed.code, failed.stdout).toBe(1);
    const partial = byName((await bed.stack.state()).resources).get("late");
    expect(partial?.initErrors.length, "the state records it with an init error").toBeGreaterThan(
      0,
    );
    expectSuccess(await bed.stack.run(["refresh", "--yes"]));
    bed.stack.program = programBody({ extra: { late } });
    expectSuccess(await bed.stack.run(["up", "--yes"]));
    const resumed = byName((await bed.stack.state()).resources).get("late");
    expect(resumed?.id).toBe(partial?.id);
    expect(resumed?.initErrors).toEqual([]);
    const volumes = (await bed.sim.control.records("rbs_volumes")).filter((v) => v.size === 10);
    expect(volumes.map((v) => String(v.id))).toEqual([partial?.id]);
  });

  it("destroy --yes leaves nothing", async () => {
    expectSuccess(await bed.stack.run(["destroy", "--yes"]));
    expect((await bed.stack.state()).resources).toEqual([]);
    for (const { collection, live } of Object.values(LIVE)) {
      const left = (await bed.sim.control.records(collection)).filter(live);
      expect(left, collection).toEqual([]);
    }
  });

  it("no secret in clear in any file the CLI wrote", async () => {
    expect(secretsInFiles([bed.root], await secrets())).toEqual([]);
  });
});
