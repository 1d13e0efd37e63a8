// CloudVolumeBackup's provider implementation against the simulator, on virtual time: create
// from a volume (waits for available), labels in place, the refused rename, replacement for
// another volume, delete, drift, deletion outside Pulumi, partial create, idempotent create.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cloudVolumeBackupKind } from "../../provider/cloud-volume-backup/definition";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { TIMEOUTS_INPUT } from "../../provider/framework/hidden";
import type { KindProvider } from "../../provider/framework/kind-provider";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { CREATE_LABEL_KEY, OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import {
  closeTestBed,
  engineInputs,
  failureOf,
  recordCount,
  resetTestBed,
  startTestBed,
  type TestBed,
} from "./support";

let bed: TestBed;
let provider: KindProvider;
const messages: string[] = [];
let volumeId: string;

beforeAll(async () => {
  bed = await startTestBed();
  provider = createKindProvider(cloudVolumeBackupKind, bed.context);
});

afterAll(() => closeTestBed(bed, messages, { atLeast: 3 }));

beforeEach(async () => {
  await resetTestBed(bed);
  volumeId = (await bed.client.cloudVolumes.create({ name: "data", region_id: 1, size: 30 })).id;
  await bed.sim.control.advance(60_000);
});

const failure = (promise: Promise<unknown>) => failureOf(promise, messages);

function backupInputs(fields: PropertyBag = {}) {
  return engineInputs("CloudVolumeBackup", "nightly", { name: "nightly", volumeId, ...fields });
}

async function created(fields: PropertyBag = {}) {
  const inputs = backupInputs(fields);
  const result = await provider.create(inputs);
  return { inputs, id: result.id, outs: result.outs as Record<string, unknown> };
}

describe("CloudVolumeBackup", () => {
  it("backs up the volume, waits for available, and reads back without changes", async () => {
    const { inputs, id, outs } = await created({ labels: { env: "prod" } });
    expect(outs).toMatchObject({
      volumeId,
      name: "nightly",
      status: "available",
      size: 30,
      regionCode: "AMS1",
      labels: { env: "prod" },
    });
    expect(bed.lines).toEqual([
      `serverscom:CloudVolumeBackup nightly (${id}): creating`,
      expect.stringMatching(/: creating -> available after (\d+m )?\d+s$/),
    ]);
    const stored = await bed.sim.control.peek("cloud_backups", id);
    expect(stored?.labels).toEqual({
      env: "prod",
      [OWNER_LABEL_KEY]: inputs.__ownerLabel,
      // One random value per create call (ownership.ts).
      [CREATE_LABEL_KEY]: expect.stringMatching(/^c[0-9a-f]{32}$/),
    });
    const read = await provider.read(id, outs);
    expect(read.props).toEqual(outs);
    expect(await provider.diff(id, outs, inputs)).toMatchObject({ changes: false });
    // How it was taken is never a change.
    expect(await provider.diff(id, outs, { ...inputs, incremental: true })).toMatchObject({
      changes: false,
    });
  });

  it("changes labels in place; refuses a rename; replaces for another volume", async () => {
    const { inputs, id, outs } = await created();
    const { outs: updated } = await provider.update(id, outs, { ...inputs, labels: { a: "b" } });
    expect(updated).toMatchObject({ labels: { a: "b" } });
    const error = await failure(provider.update(id, outs, { ...inputs, name: "weekly" }));
    expect(error.message).toContain("a backup cannot be renamed");
    expect(error).not.toBeInstanceOf(PartialResourceError);
    expect(await provider.diff(id, outs, { ...inputs, volumeId: "other" })).toMatchObject({
      replaces: ["volumeId"],
    });
  });

  it("deletes and waits; read answers {} afterwards and after a deletion outside Pulumi", async () => {
    const { id, outs } = await created();
    await provider.delete(id, outs);
    expect(await provider.read(id, outs)).toEqual({});
    const second = await created();
    await bed.sim.control.remove("cloud_backups", second.id);
    expect(await provider.read(second.id, second.outs)).toEqual({});
  });

  it("records a partial create, which the next update resumes; a later create names it, never adopts it", async () => {
    const error = await failure(
      provider.create(backupInputs({ [TIMEOUTS_INPUT]: { create: 5_000 } })),
    );
    expect(error).toBeInstanceOf(PartialResourceError);
    const partial = error as PartialResourceError;
    const { outs } = await provider.update(partial.id, partial.properties, backupInputs());
    expect(outs).toMatchObject({ status: "available" });
    // Issue 12: a create never adopts what carries its owner label before the POST (an earlier
    // generation a replacement deletes next, or a copied label): it names it and makes its own.
    bed.lines.length = 0;
    const again = await provider.create(backupInputs());
    expect(again.id).not.toBe(partial.id);
    expect(bed.lines[0]).toContain(
      `serverscom:CloudVolumeBackup nightly: not adopting ${partial.id},`,
    );
    expect(await recordCount(bed, "cloud_backups")).toBe(2);
  });

  it("after a lost create answer, takes the backup carrying its own create label (late commit)", async () => {
    await bed.sim.control.setFaults({
      rules: [{ kind: "dropResponseAfterApply", probability: 1, method: "POST", times: 1 }],
    });
    const { id, outs } = await created();
    expect(outs).toMatchObject({ status: "available" });
    expect(bed.lines.join("\n")).toContain(`(${id}): the create request failed`);
    expect(bed.lines.join("\n")).toContain("but the API had applied it");
    expect(await recordCount(bed, "cloud_backups")).toBe(1);
  });

  it.each([
    [{ volumeId: undefined }, "volumeId"],
    [{ name: "" }, "name"],
    [{ force: "yes" }, "force"],
  ])("check: %o fails on %s", async (change, property) => {
    const result = await provider.check({}, { ...backupInputs(), ...change });
    expect(result.failures?.map((f) => f.property)).toEqual([property]);
    for (const item of result.failures ?? []) messages.push(item.reason);
  });
});
