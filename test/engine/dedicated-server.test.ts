// DedicatedServer through the real provider host, driven like `pulumi up` / `refresh` /
// `destroy` (test/provider/dedicated-server-engine.test.ts follows its iPXE Boot flows).
// Needs a current dist/ (npm test builds it first; alone: npm run build).
import { describe, expect } from "vitest";
import type { DedicatedServerArgs } from "../../provider/index";
import type { Program } from "./harness";
import { reinstallConsent } from "./reinstall-consent";
import { engineScenario } from "./scenario";

/** A Dell R640 in AMS1 with two SSDs, private and public uplinks, Ubuntu 22.04 (the seed). */
const ORDER: DedicatedServerArgs = {
  locationId: 1,
  serverModelId: 101,
  uplinkModels: { private: { id: 401 }, public: { id: 403, bandwidthModelId: 501 } },
  ramSize: 64,
  drives: {
    slots: [
      { position: 0, driveModelId: 201 },
      { position: 1, driveModelId: 201 },
    ],
  },
  operatingSystemId: 301,
};

const server =
  (args: Partial<DedicatedServerArgs> = {}, opts: Record<string, unknown> = {}): Program =>
  (serverscom) => {
    new serverscom.DedicatedServer(
      "db",
      { ...ORDER, hostname: "db-1", labels: { env: "prod" }, ...args },
      opts,
    );
  };

// A 20-minute installation takes 400 ms; the 1 ms create timeout fails for sure.
const s = engineScenario({ kind: "DedicatedServer", name: "db" });

const bigger = server({ ramSize: 128 });
/** Scheduled for release (the end of its billing period): gone as far as Pulumi is concerned. */
const released = (record: { scheduled_release_at?: unknown } | undefined) =>
  record === undefined || typeof record.scheduled_release_at === "string";

describe("a DedicatedServer through the engine's steps", () => {
  s.up(server(), (resource) => {
    expect(resource.outputs).toMatchObject({
      status: "active",
      operationalStatus: "normal",
      title: "db-1",
      ramSize: 64,
      operatingSystemId: 301,
      labels: { env: "prod" },
    });
  });
  s.noChange(server());
  s.replacements({
    program: (opts) => server({}, opts),
    newObject: true,
    count: async (sim) =>
      (await sim.control.records("dedicated_servers")).filter((r) => !released(r)).length,
  });
  s.noChangeAfterRebuild(server());
  // Host name and labels: one PUT, no reinstall.
  s.inPlace(server({ hostname: "db-primary", labels: { env: "staging" } }), (resource) => {
    expect(resource.outputs).toMatchObject({ title: "db-primary", labels: { env: "staging" } });
  });
  // More RAM is another server: the old one is released first.
  s.replace(bigger, async (resource, sim) => {
    expect(resource.outputs.ramSize).toBe(128);
    const live = (await sim.control.records("dedicated_servers")).filter((r) => !released(r));
    expect(live.map((r) => r.id)).toEqual([resource.id]);
  });
  s.drift(
    bigger,
    async (resource, sim) => {
      await sim.control.patch("dedicated_servers", resource.id, { title: "renamed-by-hand" });
    },
    (resource) => {
      expect(resource.outputs.title).toBe("renamed-by-hand");
      expect(resource.inputs.hostname).toBe("renamed-by-hand");
    },
  );
  s.deletedOutside(bigger, async (resource, sim) => {
    await sim.control.remove("dedicated_servers", resource.id);
  });
  s.destroy(async (sim, last) => {
    expect(released(await sim.control.peek("dedicated_servers", last.id))).toBe(true);
  });
  s.failedCreate({
    failing: server({}, { customTimeouts: { create: "1ms" } }),
    partial: true,
    resume: server(),
    count: async (sim) =>
      (await sim.control.records("dedicated_servers")).filter((r) => !released(r)).length,
  });
});

describe("DedicatedServer reinstall: only with the program's consent", () => {
  const DEBIAN_12 = 303;
  reinstallConsent(s, {
    route: "POST /v1/hosts/dedicated_servers/:id/reinstall",
    base: server(),
    recorded: server({ reinstallTrigger: "2026-11-01" }),
    unconfirmed: server({ operatingSystemId: DEBIAN_12 }),
    confirmed: server({ operatingSystemId: DEBIAN_12, reinstallTrigger: "2026-11-24" }),
    again: server({ operatingSystemId: 301, reinstallTrigger: "2026-11-24" }),
    // The drive layout, which the API never returns, is taken as declared after the import.
    afterImport: server({
      operatingSystemId: DEBIAN_12,
      labels: { env: "prod", team: "db" },
      reinstallTrigger: "2026-12-01",
    }),
    changeAfterImport: server({ operatingSystemId: 301, reinstallTrigger: "2026-12-01" }),
    importedOutputs: {
      operatingSystemId: DEBIAN_12,
      labels: { env: "prod", team: "db" },
      drives: ORDER.drives,
    },
    property: "operatingSystemId",
    before: 301,
    refusal:
      "property operatingSystemId value {303} has a problem: changing operatingSystemId from 301 to 303 " +
      "reinstalls the dedicated server, which erases its drives",
    againRefusal: /changing operatingSystemId from 303 to 301/,
    settled: { operatingSystemId: DEBIAN_12, status: "active" },
    destroyAfter: true,
  });
});
