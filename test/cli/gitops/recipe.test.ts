// The README's GitOps recipe as it runs, with the real `pulumi`: its three commands, read from the
// README itself (so the two cannot part), in a pipeline's order on a changing program. The pull
// request's `preview --diff`, the merge's `up --yes`, the scheduled drift check
// `preview --refresh --expect-no-changes` passing, then failing with exit code 7 after a change
// made behind Pulumi's back (the simulator's test hooks), and the two ways back the README gives:
// `pulumi up` to put the infrastructure back, or `pulumi refresh` plus the program edited to
// accept the change.
//
// A `runtime: nodejs` project needs the Node.js language host, which cannot be built here
// (scripts/pulumi-cli/build.mjs), so the exact commands run on a YAML project (the native plugin
// through `plugins.providers`), with the token and the URL in SERVERSCOM_API_TOKEN and
// SERVERSCOM_API_URL as the recipe sets them; the same flags run on a TypeScript program through
// the Automation API (InlineStack), the way the CLI runs a Node.js program.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT_CODES } from "../../../scripts/engine/harness";
import { repoRoot } from "../../../scripts/engine/repo";
import { type Simulator, startSimulator } from "../../../simulator";
import { type CliResult, cliSetup, expectSuccess, pulumi } from "../support/cli";
import { InlineStack } from "../support/inline";
import { installPackage, yamlProject } from "../support/project";
import { exportState, secretsInFiles } from "../support/state";

/** The `run: pulumi ...` lines of the README's GitOps recipe, in order. */
function recipeCommands(): string[] {
  const readme = readFileSync(join(repoRoot(), "README.md"), "utf8");
  const start = readme.indexOf("## GitOps recipe");
  const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
  return [...section.matchAll(/^\s*run: (pulumi .+)$/gm)].map((match) => (match[1] ?? "").trim());
}

/**
 * The CLI's exit code of `--expect-no-changes` finding changes (pulumi/pulumi v3.274.1
 * pkg/cmd/pulumi/cmd/exit_codes.go:37), the harness's too.
 */
const EXIT_NO_CHANGES = EXIT_CODES.noChanges;

let sim: Simulator;
let root: string;

beforeAll(async () => {
  sim = await startSimulator({ speed: 3000, durations: { rbs_create: 600_000 } });
  root = mkdtempSync(join(tmpdir(), "serverscom-gitops-"));
});
afterAll(async () => {
  await sim?.close();
  rmSync(root, { recursive: true, force: true });
});

/** The recipe's environment: the API's token and URL from the pipeline, no stack config. */
const pipelineEnv = () => ({ SERVERSCOM_API_URL: sim.url, SERVERSCOM_API_TOKEN: sim.token });

const volumeYaml = (size: number, labels: Record<string, string>) =>
  [
    "resources:",
    "  data:",
    "    type: serverscom:index:RbsVolume",
    `    properties: ${JSON.stringify({ name: "data", locationId: 1, flavorId: 1, size, labels })}`,
  ].join("\n");

/** The live volume behind the stack's only resource. */
async function volumeId(state: Awaited<ReturnType<typeof exportState>>): Promise<string> {
  const [volume] = state.resources;
  if (volume === undefined) throw new Error("the stack records no volume");
  return volume.id;
}

describe("the README's GitOps recipe", () => {
  it("names the three commands this suite runs", () => {
    expect(recipeCommands()).toEqual([
      "pulumi preview --stack prod --diff",
      "pulumi up --stack prod --yes",
      "pulumi preview --stack prod --refresh --expect-no-changes",
    ]);
  });

  it("runs as written on a YAML project: preview, up, the drift check passing then failing", async () => {
    const [onPullRequest, onMerge, onSchedule] = recipeCommands().map((line) =>
      line.split(" ").slice(1),
    ) as [string[], string[], string[]];
    const setup = cliSetup(join(root, "yaml"), pipelineEnv());
    const projectDir = join(setup.root, "infra");
    const program = (size: number, labels: Record<string, string>) =>
      yamlProject(projectDir, "infra", volumeYaml(size, labels));
    const run = (args: readonly string[]) => pulumi(setup, projectDir, args);
    const rewrite = (size: number, labels: Record<string, string>) => {
      const file = join(projectDir, "Pulumi.yaml");
      const text = readFileSync(file, "utf8");
      writeFileSync(
        file,
        `${text.slice(0, text.indexOf("resources:"))}${volumeYaml(size, labels)}\n`,
      );
    };

    program(100, { app: "infra" });
    expectSuccess(await run(["stack", "init", "prod"]));

    // The pull request: what would change, property by property.
    const preview = expectSuccess(await run(onPullRequest));
    log("pull request", preview);
    expect(preview.stdout).toContain("+ serverscom:index:RbsVolume: (create)");
    expect(preview.stdout).toMatch(/size\s+: 100/);
    expect(preview.stdout).toMatch(/\+ 2 to create/);

    // The merge.
    const up = expectSuccess(await run(onMerge));
    expect(up.stdout).toMatch(/\+ {2}serverscom:index:RbsVolume data created/);
    expect(up.stdout).toMatch(/\+ 2 created/);

    // The schedule: nothing drifted.
    const clean = await run(onSchedule);
    expect(clean.code, clean.stdout + clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/2 unchanged/);

    // A change to the program: the pull request shows it, the merge applies it in place.
    rewrite(200, { app: "infra" });
    const change = expectSuccess(await run(onPullRequest));
    expect(change.stdout).toContain("~ serverscom:index:RbsVolume: (update)");
    expect(change.stdout).toMatch(/~ size\s*: 100 => 200/);
    expect(expectSuccess(await run(onMerge)).stdout).toMatch(/~ 1 updated/);
    expect((await run(onSchedule)).code).toBe(0);

    // Drift: the volume renamed behind Pulumi's back. The check fails with exit code 7 and
    // names the resource and the property; `--diff` shows the values, from the live one to the
    // program's (what an `up` would do).
    const id = await volumeId(await exportState(setup, projectDir, "prod"));
    await sim.control.patch("rbs_volumes", id, { name: "renamed-by-hand" });
    const drifted = await run(onSchedule);
    expect(drifted.code).toBe(EXIT_NO_CHANGES);
    expectDriftReport(drifted, /~ {2}serverscom:index:RbsVolume data update \[diff: ~name\]/);
    const detail = await run([...onSchedule, "--diff"]);
    expect(detail.code).toBe(EXIT_NO_CHANGES);
    expect(detail.stdout).toMatch(/~ name\s*: "renamed-by-hand" => "data"/);
    log("drift check", drifted, detail);

    // The merge's `pulumi up` alone does not put it back: it diffs the program against the state,
    // which still says "data", so nothing changes and the check still fails.
    const plainUp = expectSuccess(await run(onMerge));
    expect(plainUp.stdout).toMatch(/2 unchanged/);
    expect((await run(onSchedule)).code).toBe(EXIT_NO_CHANGES);
    // Put it back: `pulumi up --refresh` reads the live object first, then updates it.
    const putBack = expectSuccess(await run([...onMerge, "--refresh"]));
    expect(putBack.stdout).toMatch(/~ 1 updated/);
    log("put back", plainUp, putBack);
    expect((await run(onSchedule)).code).toBe(0);
    expect((await sim.control.records("rbs_volumes")).map((v) => v.name)).toEqual(["data"]);

    // Or accept it: a label added by hand, taken into the state by `pulumi refresh` and into the
    // program by an edit; the check passes and nothing is changed back.
    await sim.control.patch("rbs_volumes", id, { labels: { app: "infra", owner: "ops" } });
    expect((await run(onSchedule)).code).toBe(EXIT_NO_CHANGES);
    const refresh = expectSuccess(await run(["refresh", "--stack", "prod", "--yes"]));
    expect(refresh.stdout).toMatch(/~ 1 updated/);
    // Refreshed, the state holds the label; the program does not yet: still drift, until the
    // program says the same.
    expect((await run(onSchedule)).code).toBe(EXIT_NO_CHANGES);
    log("after refresh", refresh);
    rewrite(200, { app: "infra", owner: "ops" });
    const accepted = await run(onSchedule);
    expect(accepted.code, accepted.stdout + accepted.stderr).toBe(0);
    expect((await sim.control.records("rbs_volumes"))[0]?.labels).toEqual({
      app: "infra",
      owner: "ops",
    });

    expectSuccess(await run(["destroy", "--stack", "prod", "--yes"]));
    // The token came from the environment: nothing the CLI wrote holds it.
    expect(secretsInFiles([setup.root], [sim.token])).toEqual([]);
  });

  it("runs with the same flags on a TypeScript program (Automation API, inline)", async () => {
    const setup = cliSetup(join(root, "ts"), pipelineEnv());
    const projectDir = join(setup.root, "infra");
    installPackage(projectDir);
    let size = 100;
    const stack = await InlineStack.create({
      setup,
      projectDir,
      project: "infra",
      stack: "prod",
      program: (serverscom) => {
        new serverscom.RbsVolume("data", { name: "data", locationId: 1, flavorId: 1, size });
      },
    });
    // --diff; --yes is what the Automation API's up always is.
    const preview = expectSuccess(await stack.preview({ diff: true }));
    expect(preview.stdout).toContain("+ pulumi-nodejs:dynamic/serverscom:RbsVolume: (create)");
    expectSuccess(await stack.up());
    const schedule = () => stack.preview({ refresh: true, expectNoChanges: true, diff: false });
    expect((await schedule()).code).toBe(0);

    size = 200;
    const change = expectSuccess(await stack.preview({ diff: true }));
    expect(change.stdout).toMatch(/~ size\s*: 100 => 200/);
    expectSuccess(await stack.up());

    const id = await volumeId(await exportState(setup, projectDir, "prod"));
    await sim.control.patch("rbs_volumes", id, { name: "renamed-by-hand" });
    const drifted = await schedule();
    expect(drifted.code).toBe(EXIT_NO_CHANGES);
    // The dynamic door's refresh also reads the labels the program left out (`{}`).
    expectDriftReport(
      drifted,
      /~ {2}pulumi-nodejs:dynamic\/serverscom:RbsVolume data update \[diff: -labels~name\]/,
    );
    expect(expectSuccess(await stack.up()).stdout).toMatch(/2 unchanged/);
    expect((await schedule()).code).toBe(EXIT_NO_CHANGES);
    expect(expectSuccess(await stack.up({ refresh: true })).stdout).toMatch(/~ 1 updated/);
    expect((await schedule()).code).toBe(0);
    expectSuccess(await stack.destroy());
  });
});

/** What the commands printed, with HELD_LOG=1 (the README's excerpts come from there). */
function log(title: string, ...results: CliResult[]): void {
  if (process.env.HELD_LOG !== "1") return;
  for (const result of results)
    console.log(
      `--- ${title}: ${result.command} (exit ${result.code})\n${result.stdout}${result.stderr}`,
    );
}

/** A failed drift check: the CLI's error line, and the diff of the drifted property. */
function expectDriftReport(result: CliResult, diff: RegExp): void {
  const text = result.stdout + result.stderr;
  expect(text).toContain("error: no changes were expected for preview but changes were proposed");
  expect(text).toMatch(diff);
}
