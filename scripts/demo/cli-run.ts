// The demo with the real Pulumi CLI: `pulumi up`, `pulumi preview --refresh --expect-no-changes`
// and `pulumi destroy` through the Automation API, printing the CLI's own output, with a local
// file backend, a passphrase and a PULUMI_HOME in a temporary folder (no login, no account), so
// nothing is written into the repository or the user's Pulumi settings.
//
// Which CLI: the one `npm run -s pulumi-cli` built, found where its build script puts it
// (scripts/pulumi-cli/locate.mjs; the demo never builds it: minutes, and Go), else a `pulumi` on
// PATH. The program runs inline, in this process: the CLI runs a `runtime: nodejs` program through
// its Node.js language host, which the built CLI does not have (its Go module is not served here);
// the Automation API's inline program needs none (the CLI's `--client` language runtime, served
// by @pulumi/pulumi in this process). Everything else is the real CLI: its engine, its steps, the
// dynamic provider host it starts, its output and its exit codes.
//
// The program is the quick start's file, evaluated as the CLI's Node.js runtime would
// (engine/program.ts, programFile). The temporary project folder has the package installed the
// way a user's has (node_modules/pulumi-serverscom, a link to this repository): the dynamic
// provider host runs there and loads the package from there.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { LocalWorkspace, PulumiCommand } from "@pulumi/pulumi/automation";
import { programFile } from "../engine/program";
import { repoRoot } from "../engine/repo";
import { type DemoTarget, type Print, STACK } from "./harness-run";
import type { DemoProject } from "./project";

/** A Pulumi CLI to run: the folder holding `pulumi`, and its version. */
export interface FoundCli {
  /** The folder of `pulumi` (and of the bundled pulumi-resource-pulumi-nodejs). */
  readonly bin: string;
  readonly version: string;
  /** Where it came from, for the demo's first lines. */
  readonly origin: "built" | "path";
}

const run = promisify(execFile);

/**
 * The CLI `npm run -s pulumi-cli` built, if its folder is complete (locate.mjs prints it, or
 * exits 1), else the `pulumi` on PATH, else undefined.
 */
export async function findPulumiCli(): Promise<FoundCli | undefined> {
  const locate = join(repoRoot(), "scripts", "pulumi-cli", "locate.mjs");
  const built = await run(process.execPath, [locate], { timeout: 30_000 }).then(
    ({ stdout }) => stdout.trim(),
    () => "",
  );
  const candidates: [string, FoundCli["origin"]][] = [];
  if (built !== "") candidates.push([join(built, "pulumi"), "built"]);
  candidates.push(["pulumi", "path"]);
  for (const [command, origin] of candidates) {
    try {
      const { stdout } = await run(command, ["version"], {
        timeout: 30_000,
        env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
      });
      const bin =
        origin === "built"
          ? built
          : dirname((await run("sh", ["-c", "command -v pulumi"])).stdout.trim());
      return { bin, version: stdout.trim(), origin };
    } catch {
      // Not this one.
    }
  }
  return undefined;
}

/** A project folder with the package installed as `npm install pulumi-serverscom` leaves it. */
async function projectFolder(dir: string): Promise<void> {
  const root = repoRoot();
  await mkdir(join(dir, "node_modules"), { recursive: true });
  await symlink(root, join(dir, "node_modules", "pulumi-serverscom"), "dir");
  await symlink(join(root, "node_modules", "@pulumi"), join(dir, "node_modules", "@pulumi"), "dir");
}

/** The CLI's exit code (the Automation API reports -2 and names it in its message). */
function exitCodeOf(error: unknown): number | undefined {
  const result = (error as { commandResult?: { code: number; stderr: string } }).commandResult;
  if (result === undefined) return undefined;
  const named = /Command failed with exit code (\d+)/.exec(result.stderr);
  return named === null ? result.code : Number(named[1]);
}

export async function runWithCli(
  project: DemoProject,
  target: DemoTarget,
  print: Print,
  cli: FoundCli,
): Promise<boolean> {
  const work = await mkdtemp(join(tmpdir(), "serverscom-demo-"));
  try {
    const projectDir = join(work, "project");
    const backend = join(work, "state");
    const home = join(work, "pulumi-home");
    await Promise.all([mkdir(backend), mkdir(home)]);
    await projectFolder(projectDir);
    const program = programFile(project.programFile);
    const pulumiCommand = await PulumiCommand.get({
      root: dirname(cli.bin),
      skipVersionCheck: true,
    });
    const stack = await LocalWorkspace.createOrSelectStack(
      {
        stackName: STACK,
        projectName: project.name,
        // The package and @pulumi/pulumi as the project folder resolves them (the same modules
        // the Automation API runs the program with: the links lead into this repository).
        program: async () => {
          const load = createRequire(join(projectDir, "index.js"));
          return { ...program(load("pulumi-serverscom"), load("@pulumi/pulumi")) };
        },
      },
      {
        workDir: projectDir,
        pulumiCommand,
        projectSettings: { name: project.name, runtime: "nodejs" },
        envVars: {
          // The CLI first, and the bundled dynamic provider host beside it; then this Node.js
          // (node_modules/.bin holds Node 24 where the system's is older).
          PATH: [cli.bin, dirname(process.execPath), process.env.PATH ?? ""].join(":"),
          PULUMI_HOME: home,
          PULUMI_BACKEND_URL: pathToFileURL(backend).href,
          // Encrypts the token in the temporary stack file; thrown away with it.
          PULUMI_CONFIG_PASSPHRASE: randomBytes(16).toString("hex"),
          PULUMI_SKIP_UPDATE_CHECK: "true",
          PULUMI_DIY_BACKEND_NO_LEGACY_WARNING: "true",
          // The provider's first poll after 20 ms: the simulator runs fast.
          SERVERSCOM_POLL_INTERVAL_MS: "20",
        },
      },
    );
    await stack.setConfig("serverscom:apiUrl", { value: target.url });
    await stack.setConfig("serverscom:apiToken", { value: target.token, secret: true });
    const onOutput = (text: string) => {
      for (const line of text.replace(/\n$/, "").split("\n")) print(line);
    };
    const command = async (line: string, work: () => Promise<unknown>) => {
      print("");
      print(`$ ${line}`);
      try {
        await work();
        return true;
      } catch (error) {
        const result = (error as { commandResult?: { stderr: string } }).commandResult;
        for (const text of (result?.stderr ?? String(error)).split("\n")) {
          if (text.trim() !== "" && !text.startsWith("Command failed with exit code")) print(text);
        }
        print(`(exit code ${exitCodeOf(error) ?? "unknown"})`);
        return false;
      }
    };
    const ok =
      (await command("pulumi up --yes", () => stack.up({ onOutput, color: "never" }))) &&
      (await command("pulumi preview --refresh --expect-no-changes", () =>
        stack.preview({ onOutput, color: "never", refresh: true, expectNoChanges: true }),
      )) &&
      (await command("pulumi destroy --yes", () => stack.destroy({ onOutput, color: "never" })));
    await stack.workspace.removeStack(STACK).catch(() => undefined);
    return ok;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
