// Issue 25, the fault soak's last duplicates, through the real CLI: a create whose answer is
// lost after the API applied it, while an answer just before said the request budget is spent
// until tomorrow but for that POST. The create's look-up for its own create label must still go
// (provider/framework/late-commit.ts, sdk/core/rate-limit.ts `neverRefused`): refused, it failed
// the create with nothing recorded, and the next `pulumi up` ordered a second volume, since an
// object found before a POST is never adopted (docs/architecture.md, "Ownership").
import { describe, expect, it } from "vitest";
import { lostAnswerUnderSpentBudget } from "../../support/lost-answer-faults";
import { expectSuccess } from "../support/cli";
import { oneVolume } from "./program";
import { useYamlStack } from "./stack";

const VOLUMES = "/v1/remote_block_storage/volumes";

const bed = useYamlStack("yaml-lost-answer", () => oneVolume("lost-answer"));

describe("a create answer lost while the request budget says spent (real CLI)", () => {
  it("the create finds its volume and records it; the next up resumes it, one volume", async () => {
    await bed.sim.control.setFaults(lostAnswerUnderSpentBudget(VOLUMES));
    // The inventory check after the command: the volume is recorded, nothing orphaned.
    const failed = await bed.stack.run(["up", "--yes"], ["RbsVolume"]);
    await bed.sim.control.setFaults({});
    expect(failed.code).not.toBe(0);
    const output = `${failed.stdout}\n${failed.stderr}`;
    expect(output).toContain("but the API had applied it");
    expect(output).toContain("was created but is not ready");
    const volumes = async () => (await bed.sim.control.records("rbs_volumes")).map((v) => v.id);
    const made = await volumes();
    expect(made).toHaveLength(1);
    const recorded = (await bed.stack.state()).resources.find((r) => r.urn.endsWith("::data"));
    expect(recorded?.id).toBe(made[0]);
    // A new `pulumi` command, a new plugin process and budget: the update resumes the volume.
    expectSuccess(await bed.stack.run(["up", "--yes"]));
    expect(await volumes()).toEqual(made);
    expectSuccess(await bed.stack.run(["destroy", "--yes"]));
    expect(await volumes()).toEqual([]);
  }, 60_000);
});
