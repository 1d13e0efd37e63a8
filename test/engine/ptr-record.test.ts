// PtrRecord through the real provider host, driven like `pulumi up` / `refresh` / `destroy`,
// for the public address of a cloud instance declared in the same program. Records cannot be
// changed: every change replaces. Needs a current dist/ (npm test builds it first).
import { describe, expect } from "vitest";
import { ptrRecordKind } from "../../provider/ptr-record/definition";
import type { Program } from "./harness";
import { engineScenario } from "./scenario";

const AMS1_UBUNTU = "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01";
const RECORDS = "cloud_ptr_records";

const record =
  (args: Record<string, unknown> = {}, opts: Record<string, unknown> = {}): Program =>
  (serverscom) => {
    const instance = new serverscom.CloudInstance("app", {
      regionId: 1,
      flavorId: "SSD.30",
      imageId: AMS1_UBUNTU,
    });
    new serverscom.PtrRecord(
      "app-ptr",
      {
        cloudInstanceId: instance.id,
        ip: instance.publicIpv4Address.apply((ip) => ip ?? ""),
        domain: "app.example.com",
        ...args,
      },
      opts,
    );
  };

/** The record's own id: the last part of the resource's id (its path below /v1). */
const recordId = (id: string) => id.split("/").at(-1) ?? id;

const s = engineScenario({ kind: "PtrRecord", name: "app-ptr" });

const renamed = record({ domain: "www.example.com", ttl: 3600 });

describe("a PtrRecord through the engine's steps", () => {
  s.up(record(), (resource) => {
    expect(resource.id).toMatch(/^cloud_computing\/instances\/[^/]+\/ptr_records\/[^/]+$/);
    expect(resource.outputs).toMatchObject({ domain: "app.example.com", ttl: 60 });
  });
  s.noChange(record());
  s.replacements({
    program: (opts) => record({}, opts),
    newObject: true,
    count: async (sim) => (await sim.control.records(RECORDS)).length,
  });
  s.noChangeAfterRebuild(record());
  s.notApplicable(
    "an in-place change",
    "a PTR record cannot be changed: every change replaces it",
    () => {
      const rules = Object.values(ptrRecordKind.properties).map((property) => property.rule);
      expect(new Set(rules)).toEqual(new Set(["replace"]));
    },
  );
  s.replace(renamed, async (resource, sim) => {
    expect(resource.outputs).toMatchObject({ domain: "www.example.com", ttl: 3600 });
    expect(await sim.control.records(RECORDS)).toHaveLength(1);
  });
  // The only way back from a changed record is another record.
  s.drift(
    renamed,
    async (resource, sim) => {
      await sim.control.patch(RECORDS, recordId(resource.id), { ttl: 120 });
    },
    (resource) => {
      expect(resource.outputs.ttl).toBe(120);
    },
    "replace",
  );
  s.deletedOutside(renamed, async (resource, sim) => {
    await sim.control.remove(RECORDS, recordId(resource.id));
  });
  s.destroy(async (sim) => {
    expect(await sim.control.records(RECORDS)).toEqual([]);
  });
  // The API answers at once: a create fails before the record exists, or not at all.
  s.failedCreate({
    failing: record(),
    faults: {
      rules: [
        {
          kind: "error5xx",
          status: 500,
          probability: 1,
          method: "POST",
          path: "/v1/cloud_computing/instances/*/ptr_records",
          times: 1,
        },
      ],
    },
    partial: false,
    resume: record(),
    count: async (sim) => (await sim.control.records(RECORDS)).length,
  });
  // The engine deletes old generations and destroyed resources dependents first (harness.ts,
  // scheduleDeletes): the record before the instance it is on, never the other way round.
  s.each("old generations and a destroy delete the record before its instance", async () => {
    const h = s.harness();
    await h.up(record());
    const urnOf = (name: string) =>
      [...h.state.keys()].find((urn) => urn.endsWith(`::${name}`)) ?? "";
    const [instance, ptr] = [urnOf("app"), urnOf("app-ptr")];
    expect(h.state.get(ptr)?.dependencies).toContain(instance);
    /** The positions of the given step of each URN in the journal from `from` on. */
    const order = (from: number, op: string) =>
      h.journal
        .slice(from)
        .filter((entry) => entry.op === op)
        .map((entry) => entry.urn);

    const start = h.journal.length;
    await h.up(record(), { replace: [instance, ptr] });
    expect(h.pendingDeletes).toEqual([]);
    expect(order(start, "delete-replaced")).toEqual([ptr, instance]);
    expect(await s.sim().control.records(RECORDS)).toHaveLength(1);

    const destroyed = h.journal.length;
    await h.destroy();
    expect(order(destroyed, "delete")).toEqual([ptr, instance]);
    expect(h.state.size).toBe(0);
  });
});
