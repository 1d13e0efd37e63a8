// CloudVolume's provider implementation against the simulator, on virtual time: a create attached
// to an instance, in-place changes (attach, move, detach), the refused resize, the delete of an
// attached volume, a detach outside Pulumi, adoption, check.
import { describe, expect, it } from "vitest";
import { cloudVolumeKind } from "../../provider/cloud-volume/definition";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { failsOnEach } from "./check-cases";
import { createdBy, engineInputs, kindSuite, recordCount } from "./support";

const { bed, provider, messages, failure } = kindSuite(cloudVolumeKind, { atLeast: 5 });

function volumeInputs(name: string, fields: PropertyBag = {}) {
  return engineInputs("CloudVolume", name, { name, regionId: 1, size: 20, ...fields });
}

async function created(name: string, fields: PropertyBag = {}) {
  return createdBy(provider, volumeInputs(name, fields));
}

/** An ACTIVE cloud instance in region 1 (or another). */
async function instance(name: string, regionId = 1): Promise<string> {
  const image =
    regionId === 1
      ? "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01"
      : "8a2d4c6e-3e6b-4d9f-8c1a-2b3c4d5e6f11";
  const made = await bed.client.cloudInstances.create({
    name,
    region_id: regionId,
    flavor_id: "SSD.30",
    image_id: image,
  });
  await bed.sim.control.advance(10 * 60_000);
  return made.id;
}

// The lifecycle every kind shares (a detached volume with every field, read, one PUT in place, label
// removal, replacement, delete, drift, deletion outside Pulumi, a partial create, a lost create
// answer) is test/conformance's CloudVolume row; here, what is the volume's own.
describe("attachments and changes in place", () => {
  it("creates a volume attached to an instance (attach_instance_id) and waits for in-use", async () => {
    const web = await instance("web");
    const { id, outs } = await created("data", { instanceId: web });
    expect(outs).toMatchObject({ status: "in-use", instanceId: web, device: "/dev/vdb" });
    expect((await bed.sim.control.peek("cloud_volumes", id))?.attachments).toHaveLength(1);
  });

  it("a description-only change still sends the name, as the Go client and srvctl do", async () => {
    const { inputs, id, outs } = await created("data");
    const news = { ...inputs, description: "logs" };
    expect(await provider.diff(id, outs, news)).toMatchObject({ updates: ["description"] });
    // The simulator answers 422 errors.name to a PUT without the name (the stricter reading).
    const { outs: updated } = await provider.update(id, outs, news);
    expect(updated).toMatchObject({ name: "data", description: "logs" });
  });

  it("attaches, moves to another instance and detaches in place, waiting each time", async () => {
    const [web, db] = [await instance("web"), await instance("db")];
    const { inputs, id, outs } = await created("data");
    const attach = { ...inputs, instanceId: web };
    expect(await provider.diff(id, outs, attach)).toMatchObject({ updates: ["instanceId"] });
    bed.lines.length = 0;
    const { outs: attached } = await provider.update(id, outs, attach);
    expect(attached).toMatchObject({ status: "in-use", instanceId: web });
    expect(bed.lines).toEqual([
      `serverscom:CloudVolume data (${id}): attaching to cloud instance ${web}`,
      expect.stringMatching(/: attaching$/),
      expect.stringMatching(/: attaching -> in-use after \d+s$/),
    ]);

    const move = { ...inputs, instanceId: db };
    const { outs: moved } = await provider.update(id, attached as PropertyBag, move);
    expect(moved).toMatchObject({ status: "in-use", instanceId: db });

    // Removing the property detaches the volume.
    expect(await provider.diff(id, moved as PropertyBag, inputs)).toMatchObject({
      updates: ["instanceId"],
    });
    const { outs: detached } = await provider.update(id, moved as PropertyBag, inputs);
    expect(detached).toMatchObject({ status: "available", instanceId: null, device: null });
  });

  it("refuses a size change in update before any request, leaving the volume unchanged", async () => {
    const { inputs, id, outs } = await created("data");
    const error = await failure(provider.update(id, outs, { ...inputs, size: 40 }));
    expect(error.message).toBe(
      `serverscom:CloudVolume data (${id}): a cloud volume's size cannot change in place: it has ` +
        "20 GB and the program asks for 40 GB. Set size to 20",
    );
    expect(error).not.toBeInstanceOf(PartialResourceError);
    expect((await bed.sim.control.peek("cloud_volumes", id))?.size).toBe(20);
  });

  it("deletes an attached volume: detaches it, then deletes and waits until it is gone", async () => {
    const web = await instance("web");
    const { id, outs } = await created("data", { instanceId: web });
    bed.lines.length = 0;
    await provider.delete(id, outs);
    expect(await bed.sim.control.peek("cloud_volumes", id)).toBeUndefined();
    expect(bed.lines.some((line) => line.includes("busy (the volume is busy"))).toBe(true);
    expect(bed.lines.at(-1)).toMatch(/: deleting -> gone after \d+s$/);
    await provider.delete(id, outs);
  });
});

describe("drift", () => {
  it("sees a volume detached outside Pulumi, and the next update attaches it again", async () => {
    const web = await instance("web");
    const { inputs, id, outs } = await created("data", { instanceId: web });
    await bed.client.cloudVolumes.detach(id, web);
    await bed.sim.control.advance(60_000);
    const read = await provider.read(id, outs);
    expect(read.props).toMatchObject({ instanceId: null, status: "available" });
    expect(await provider.diff(id, read.props as PropertyBag, inputs)).toMatchObject({
      updates: ["instanceId"],
    });
    const { outs: fixed } = await provider.update(id, read.props as PropertyBag, inputs);
    expect(fixed).toMatchObject({ instanceId: web, status: "in-use" });
  });
});

describe("adoption", () => {
  it("adopts by adoptId and converges name and labels; refuses another region", async () => {
    const other = await bed.client.cloudVolumes.create({ name: "old", region_id: 1, size: 20 });
    await bed.sim.control.advance(60_000);
    const { outs } = await created("data", { adoptId: other.id, labels: { env: "prod" } });
    expect(outs).toMatchObject({ name: "data", labels: { env: "prod" } });
    expect(await recordCount(bed, "cloud_volumes")).toBe(1);
    const error = await failure(
      provider.create(volumeInputs("x", { regionId: 2, adoptId: other.id })),
    );
    expect(error.message).toContain("regionId");
  });
});

describe("check: every rule is a failure naming the property", () => {
  const valid = volumeInputs("data");

  async function reasons(news: PropertyBag, olds: PropertyBag = {}) {
    const result = await provider.check(olds, news);
    for (const item of result.failures ?? []) messages.push(item.reason);
    return result.failures ?? [];
  }

  it("accepts valid inputs, with or without an instance", async () => {
    expect(await reasons(valid)).toEqual([]);
    expect(await reasons({ ...valid, instanceId: "abc", description: "x" })).toEqual([]);
  });

  failsOnEach(reasons, valid, [
    [{ regionId: undefined }, "regionId", "regionId is required"],
    [{ size: 0 }, "size", "size must be at least 1 GB (got 0 GB)"],
    [{ name: "" }, "name", 'name must be a non-empty string (got "")'],
    [{ instanceId: "" }, "instanceId", 'instanceId must be a non-empty string (got "")'],
    [{ backupId: 5 }, "backupId", "backupId must be a non-empty string (got 5)"],
  ]);

  it("refuses a size change compared with the previous inputs, unless the volume is replaced", async () => {
    const [only] = await reasons({ ...valid, size: 40 }, valid);
    expect(only?.property).toBe("size");
    expect(only?.reason).toMatch(/^size cannot change in place: the cloud volume has 20 GB/);
    expect(await reasons({ ...valid, size: 40, regionId: 2 }, valid)).toEqual([]);
  });

  it("tolerates values unknown during preview", async () => {
    expect(await reasons({ ...valid, size: UNKNOWN, instanceId: UNKNOWN })).toEqual([]);
  });
});
