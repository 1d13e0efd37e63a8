// The README's quick start (examples/quick-start/index.ts, loaded as the CLI's Node.js runtime
// loads a program file) through the real Pulumi CLI: preview, up, no change, no drift, destroy,
// with the simulator's inventory compared with the exported state after every command.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { programFile } from "../../../scripts/engine/program";
import { repoRoot } from "../../../scripts/engine/repo";
import { expectSuccess } from "../support/cli";
import { secretsInFiles } from "../support/state";
import { typeOf } from "./all-kinds";
import { type Lane, startLane } from "./lane";
import { blockOf } from "./output";

const QUICK_START = join(repoRoot(), "examples", "quick-start", "index.ts");
const KINDS = ["SshKey", "SbmServer", "RbsVolume"];

let lane: Lane;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "serverscom-cli-qs-"));
  lane = await startLane({ root, project: "quick-start", program: programFile(QUICK_START) });
});

afterAll(async () => {
  await lane?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("the quick start through the real Pulumi CLI", () => {
  it("preview: three creates, the server's SSH key fingerprint unknown until the key exists", async () => {
    const result = expectSuccess(await lane.stack.preview());
    expect(result.stdout).toMatch(/\+ 4 to create/);
    const server = blockOf(result.stdout, typeOf("SbmServer"), "web", "create");
    expect(server.body).toMatch(/\[0\]: \[unknown\]/);
    // The lookups ran in the preview: catalogue ids by name.
    expect(server.body).toMatch(/sbmFlavorModelId\s*:\s*601/);
    expect((await lane.checked(result)).resources).toEqual([]);
  });

  it("up: the key, the server and the volume, and the stack outputs (the password secret)", async () => {
    const result = expectSuccess(await lane.stack.up());
    expect(result.stdout).toMatch(/\+ 4 created/);
    expect(result.stdout).toMatch(/volumePassword\s*:\s*\[secret\]/);
    const state = await lane.checked(result);
    expect(state.resources.map((r) => r.type).sort()).toEqual(KINDS.map(typeOf).sort());
    const outputs = await lane.stack.stack.outputs();
    expect(outputs.serverPublicIp?.value).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(outputs.volumePassword?.secret).toBe(true);
  });

  it("preview --expect-no-changes, then with --refresh: nothing to do, no drift", async () => {
    const plain = expectSuccess(await lane.stack.preview({ expectNoChanges: true }));
    expect(plain.stdout).toMatch(/4 unchanged/);
    await lane.checked(plain);
    const refreshed = await lane.stack.preview({ refresh: true, expectNoChanges: true });
    await lane.checked(expectSuccess(refreshed));
  });

  it("destroy: everything deleted (the server's release scheduled), no secret in any file", async () => {
    const result = expectSuccess(await lane.stack.destroy());
    expect(result.stdout).toMatch(/- 4 deleted/);
    expect((await lane.checked(result)).resources).toEqual([]);
    expect(lane.secrets.size).toBeGreaterThan(1);
    expect(secretsInFiles([lane.setup.root], [...lane.secrets])).toEqual([]);
  });
});
