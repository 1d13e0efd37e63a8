// The README's quick start (examples/quick-start/index.ts, loaded as the CLI's Node.js runtime
// loads a program file) through the real Pulumi CLI: preview, up, no change, no drift, destroy,
// with the simulator's inventory compared with the exported state after every command.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { programFile } from "../../../scripts/engine/program";
import { repoRoot } from "../../../scripts/engine/repo";
import { expectSuccess } from "../support/cli";
import { secretsInFiles } from "../support/state";
import { typeOf } from "./all-kinds";
import { useLane } from "./lane";
import { blockOf } from "./output";

const QUICK_START = join(repoRoot(), "examples", "quick-start", "index.ts");
const KINDS = ["SshKey", "SbmServer", "RbsVolume"];

const bed = useLane("quick-start", programFile(QUICK_START));

describe("the quick start through the real Pulumi CLI", () => {
  it("preview: three creates, the server's SSH key fingerprint unknown until the key exists", async () => {
    const result = expectSuccess(await bed.lane.stack.preview());
    expect(result.stdout).toMatch(/\+ 4 to create/);
    const server = blockOf(result.stdout, typeOf("SbmServer"), "web", "create");
    expect(server.body).toMatch(/\[0\]: \[unknown\]/);
    // The lookups ran in the preview: catalogue ids by name.
    expect(server.body).toMatch(/sbmFlavorModelId\s*:\s*601/);
    expect((await bed.lane.checked(result)).resources).toEqual([]);
  });

  it("up: the key, the server and the volume, and the stack outputs (the password secret)", async () => {
    const result = expectSuccess(await bed.lane.stack.up());
    expect(result.stdout).toMatch(/\+ 4 created/);
    expect(result.stdout).toMatch(/volumePassword\s*:\s*\[secret\]/);
    const state = await bed.lane.checked(result);
    expect(state.resources.map((r) => r.type).sort()).toEqual(KINDS.map(typeOf).sort());
    const outputs = await bed.lane.stack.stack.outputs();
    expect(outputs.serverPublicIp?.value).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(outputs.volumePassword?.secret).toBe(true);
  });

  it("preview --expect-no-changes, then with --refresh: nothing to do, no drift", async () => {
    const plain = expectSuccess(await bed.lane.stack.preview({ expectNoChanges: true }));
    expect(plain.stdout).toMatch(/4 unchanged/);
    await bed.lane.checked(plain);
    const refreshed = await bed.lane.stack.preview({ refresh: true, expectNoChanges: true });
    await bed.lane.checked(expectSuccess(refreshed));
  });

  it("destroy: everything deleted (the server's release scheduled), no secret in any file", async () => {
    const result = expectSuccess(await bed.lane.stack.destroy());
    expect(result.stdout).toMatch(/- 4 deleted/);
    expect((await bed.lane.checked(result)).resources).toEqual([]);
    expect(bed.lane.secrets.size).toBeGreaterThan(1);
    expect(secretsInFiles([bed.lane.setup.root], [...bed.lane.secrets])).toEqual([]);
  });
});
