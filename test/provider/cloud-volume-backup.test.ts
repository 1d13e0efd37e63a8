// CloudVolumeBackup's provider implementation against the simulator, on virtual time: what its
// conformance row (test/conformance/kinds/cloud-volume-backup.ts: create from a volume with its
// wait, labels in place, replacement for another volume, delete, drift, deletion outside Pulumi,
// partial create, lost create answer) does not assert: how it is taken is never a change, the
// refused rename, an earlier generation never adopted, check.
import { beforeEach, describe, expect, it } from "vitest";
import { cloudVolumeBackupKind } from "../../provider/cloud-volume-backup/definition";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { TIMEOUTS_INPUT } from "../../provider/framework/hidden";
import { failsOnEachProperty } from "./check-cases";
import { availableVolume, BACKUPS } from "./cloud-volume-backup-support";
import { createdBy, engineInputs, kindSuite, recordCount } from "./support";

const { bed, provider, checkFailures, failure } = kindSuite(cloudVolumeBackupKind, { atLeast: 3 });
let volumeId: string;

beforeEach(async () => {
  volumeId = await availableVolume(bed.client, bed.sim);
});

function backupInputs(fields: PropertyBag = {}) {
  return engineInputs("CloudVolumeBackup", "nightly", { name: "nightly", volumeId, ...fields });
}

async function created(fields: PropertyBag = {}) {
  return createdBy(provider, backupInputs(fields));
}

describe("CloudVolumeBackup", () => {
  // The row creates, reads, relabels, replaces and deletes a backup.
  it("how it was taken is never a change", async () => {
    const { inputs, id, outs } = await created();
    expect(await provider.diff(id, outs, { ...inputs, incremental: true })).toMatchObject({
      changes: false,
    });
  });

  it("refuses a rename", async () => {
    const { inputs, id, outs } = await created();
    const error = await failure(provider.update(id, outs, { ...inputs, name: "weekly" }));
    expect(error.message).toContain("a backup cannot be renamed");
    expect(error).not.toBeInstanceOf(PartialResourceError);
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
    expect(await recordCount(bed, BACKUPS)).toBe(2);
  });

  const failures = (change: PropertyBag) =>
    checkFailures(provider, { ...backupInputs(), ...change });
  failsOnEachProperty(failures, [
    [{ volumeId: undefined }, "volumeId"],
    [{ name: "" }, "name"],
    [{ force: "yes" }, "force"],
  ]);
});
