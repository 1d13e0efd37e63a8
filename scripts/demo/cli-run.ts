// The demo with a Pulumi CLI: the real `pulumi up`, `pulumi preview --refresh
// --expect-no-changes` and `pulumi destroy` through the Automation API, with a local file
// backend and a passphrase in a temporary folder (no login, no account), so nothing is written
// into the repository or the user's Pulumi settings.
//
// The temporary project is the repository's Pulumi.yaml with `main` reached through a link to
// the repository: the engine then runs the program in its own folder (the program's and the
// provider's working directory), where `pulumi-serverscom` resolves to this repository, exactly
// as `pulumi up` at the root would. Only the stack's files (Pulumi.demo.yaml) land in the
// temporary folder.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { type DemoTarget, type Print, STACK } from "./harness-run";
import type { DemoProject } from "./project";

/** The CLI's version, or undefined when `pulumi version` does not run. */
export async function pulumiCliVersion(): Promise<string | undefined> {
  try {
    const { stdout } = await promisify(execFile)("pulumi", ["version"], { timeout: 30_000 });
    return stdout.trim();
  } catch {
    return undefined;
  }
}

export async function runWithCli(
  project: DemoProject,
  target: DemoTarget,
  print: Print,
): Promise<boolean> {
  const work = await mkdtemp(join(tmpdir(), "serverscom-demo-"));
  try {
    const projectDir = join(work, "project");
    const backend = join(work, "state");
    await mkdir(projectDir);
    await mkdir(backend);
    await symlink(project.root, join(projectDir, "repo"), "dir");
    await writeFile(
      join(projectDir, "Pulumi.yaml"),
      `name: ${project.name}\nruntime: nodejs\nmain: repo/${project.main}\n`,
    );
    const stack = await LocalWorkspace.createOrSelectStack(
      { stackName: STACK, workDir: projectDir },
      {
        workDir: projectDir,
        envVars: {
          PULUMI_BACKEND_URL: pathToFileURL(backend).href,
          // Encrypts the token in the temporary stack file; thrown away with it.
          PULUMI_CONFIG_PASSPHRASE: randomBytes(16).toString("hex"),
          PULUMI_SKIP_UPDATE_CHECK: "true",
          // The program is type-checked by `npm run typecheck`; ts-node only transpiles here.
          PULUMI_NODEJS_TRANSPILE_ONLY: "true",
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
    print("$ pulumi up");
    await stack.up({ onOutput, color: "never" });
    print("$ pulumi preview --refresh --expect-no-changes");
    await stack.preview({ onOutput, color: "never", refresh: true, expectNoChanges: true });
    print("$ pulumi destroy");
    await stack.destroy({ onOutput, color: "never" });
    await stack.workspace.removeStack(STACK);
    return true;
  } catch (error) {
    print(`error: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
