// The real CLI's setup works for both doors: one TypeScript (dynamic) and one YAML (native
// plugin) stack, up and destroy, against the simulator.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../simulator";
import { cliSetup, expectSuccess, pulumi } from "./support/cli";
import { InlineStack } from "./support/inline";
import { installPackage, yamlProject } from "./support/project";
import { exportState, secretsInFiles } from "./support/state";

let sim: Simulator;
let root: string;

beforeAll(async () => {
  sim = await startSimulator({ speed: 3000 });
  root = mkdtempSync(join(tmpdir(), "serverscom-cli-"));
});
afterAll(async () => {
  await sim?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("the real Pulumi CLI", () => {
  it("runs a TypeScript program through the dynamic provider host", async () => {
    const setup = cliSetup(join(root, "ts"));
    const projectDir = join(setup.root, "project");
    installPackage(projectDir);
    const stack = await InlineStack.create({
      setup,
      projectDir,
      project: "smoke-ts",
      stack: "dev",
      program: (serverscom) => {
        new serverscom.RbsVolume("data", { locationId: 1, flavorId: 1, size: 100 });
      },
      config: {
        "serverscom:apiUrl": { value: sim.url },
        "serverscom:apiToken": { value: sim.token, secret: true },
      },
    });
    expectSuccess(await stack.up());
    const state = await exportState(setup, projectDir, "dev");
    expect(state.resources.map((r) => r.type)).toEqual([
      "pulumi-nodejs:dynamic/serverscom:RbsVolume",
    ]);
    expect(secretsInFiles([setup.root], [sim.token])).toEqual([]);
    expectSuccess(await stack.destroy());
  });

  it("runs a YAML program through the native plugin", async () => {
    const setup = cliSetup(join(root, "yaml"));
    const projectDir = join(setup.root, "project");
    yamlProject(
      projectDir,
      "smoke-yaml",
      [
        "resources:",
        "  data:",
        "    type: serverscom:index:RbsVolume",
        "    properties: { locationId: 1, flavorId: 1, size: 100 }",
      ].join("\n"),
    );
    expectSuccess(await pulumi(setup, projectDir, ["stack", "init", "dev"]));
    expectSuccess(await pulumi(setup, projectDir, ["config", "set", "serverscom:apiUrl", sim.url]));
    expectSuccess(
      await pulumi(setup, projectDir, [
        "config",
        "set",
        "--secret",
        "serverscom:apiToken",
        sim.token,
      ]),
    );
    expectSuccess(await pulumi(setup, projectDir, ["up", "--yes"]));
    const state = await exportState(setup, projectDir, "dev");
    expect(state.resources.map((r) => r.type)).toEqual(["serverscom:index:RbsVolume"]);
    expect(secretsInFiles([setup.root], [sim.token])).toEqual([]);
    expectSuccess(await pulumi(setup, projectDir, ["destroy", "--yes"]));
  });
});
