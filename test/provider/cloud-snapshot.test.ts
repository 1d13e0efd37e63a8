// CloudSnapshot's provider implementation against the simulator, on virtual time: what its
// conformance row (test/conformance/kinds/cloud-snapshot.ts: taken through the region and read
// from its list, replacements, delete, a rename by hand refused, deletion outside Pulumi, partial
// create, lost create answer) does not assert: a rename in the program refused, the id's forms
// and the import's instance, the name as the API's only identity (never adopted silently),
// adoption by adoptId, check.
import { beforeEach, describe, expect, it } from "vitest";
import { cloudSnapshotKind } from "../../provider/cloud-snapshot/definition";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { failsOnEachProperty } from "./check-cases";
import { activeCloudInstance } from "./cloud-instance-support";
import { createdBy, engineInputs, kindSuite, recordCount } from "./support";

const { bed, provider, checkFailures, failure } = kindSuite(cloudSnapshotKind, { atLeast: 3 });
let instanceId: string;

beforeEach(async () => {
  instanceId = (await activeCloudInstance(bed.client, bed.sim)).id;
});

function snapshotInputs(fields: PropertyBag = {}) {
  return engineInputs("CloudSnapshot", "golden", {
    name: "golden",
    regionId: 1,
    instanceId,
    ...fields,
  });
}

async function created(fields: PropertyBag = {}) {
  return createdBy(provider, snapshotInputs(fields));
}

describe("CloudSnapshot", () => {
  // The row takes, reads, replaces and deletes a snapshot, and refuses a rename made by hand.
  it("refuses a rename the program asks for", async () => {
    const { inputs, id, outs } = await created();
    const error = await failure(provider.update(id, outs, { ...inputs, name: "silver" }));
    expect(error.message).toContain("a snapshot cannot be renamed");
    expect(error).not.toBeInstanceOf(PartialResourceError);
  });

  it("refuses an id of neither form, naming both", async () => {
    expect((await failure(provider.read("nope", {}))).message).toContain(
      '"<regionId>/<snapshotId>"',
    );
  });

  // Issue 25: 23 digits read as 1e+22, which went out as /regions/1e%2B22/snapshots.
  it("refuses a region id past 2^53 in an id (an import) before any request", async () => {
    await bed.sim.control.clearRequestCounts();
    const error = await failure(provider.read("10000000000000000000000/Snap1", {}));
    expect(error.message).toContain("a region id from 1 to 9007199254740991");
    expect(await bed.sim.control.requestCounts()).toEqual({});
  });

  // Issue 25, item 6: the record never names the instance, so an import by id alone needs it found.
  it("an import finds the instance: named in the id and checked, or asked of the region's instances", async () => {
    const { id, outs } = await created();
    const snapshotId = String(outs.snapshotId);
    const other = (
      await bed.client.cloudInstances.create({
        name: "other",
        region_id: 1,
        flavor_id: "SSD.30",
        image_id: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01",
      })
    ).id;
    // "<regionId>/<instanceId>/<snapshotId>": the state keeps "<regionId>/<snapshotId>".
    const named = await provider.read(`1/${instanceId}/${snapshotId}`, {});
    expect(named.id).toBe(id);
    expect(named.inputs).toMatchObject({ regionId: 1, instanceId, name: "golden" });
    // Another instance's id is refused, naming both forms.
    const wrong = await failure(provider.read(`1/${other}/${snapshotId}`, {}));
    expect(wrong.message).toContain(`is not one of cloud instance "${other}"'s`);
    expect(wrong.message).toContain(`"1/${snapshotId}"`);
    // "<regionId>/<snapshotId>" alone: the region's instances are asked which one holds it.
    const alone = await provider.read(id, {});
    expect(alone.id).toBe(id);
    expect(alone.inputs).toMatchObject({ instanceId });
    // A refresh of a recorded snapshot keeps what the outputs hold and asks no instance.
    await bed.sim.control.clearRequestCounts();
    await provider.read(id, outs);
    expect(Object.keys(await bed.sim.control.requestCounts())).toEqual([
      "GET /v1/cloud_computing/regions/:id/snapshots",
    ]);
    // Dot segments and control characters are no instance id.
    for (const bad of ["..", "a\r\nb"]) {
      expect((await failure(provider.read(`1/${bad}/${snapshotId}`, {}))).message).toContain(
        "is no cloud instance id",
      );
    }
  });

  it("never adopts a snapshot of the same name silently; adoptId does", async () => {
    const existing = await bed.client.cloudRegions.createSnapshot(1, {
      name: "golden",
      instance_id: instanceId,
    });
    await bed.sim.control.advance(5 * 60_000);
    const error = await failure(provider.create(snapshotInputs()));
    expect(error.message).toContain(
      `the region already has a snapshot named golden (id 1/${existing.id})`,
    );
    expect(await recordCount(bed, "cloud_snapshots")).toBe(1);
    const adopted = await provider.create(snapshotInputs({ adoptId: `1/${existing.id}` }));
    expect(adopted.id).toBe(`1/${existing.id}`);
  });

  const failures = (change: PropertyBag) =>
    checkFailures(provider, { ...snapshotInputs(), ...change });
  failsOnEachProperty(failures, [
    [{ regionId: 0 }, "regionId"],
    [{ instanceId: "" }, "instanceId"],
    [{ name: undefined }, "name"],
  ]);
});
