// TypeScript programs through the real Pulumi CLI.
//
// The CLI runs a `runtime: nodejs` project through the language host pulumi-language-nodejs, a
// Go module (github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3) that the Go
// module proxy reachable here does not serve (scripts/pulumi-cli/build.mjs). The Automation API
// runs a program without it: @pulumi/pulumi starts its own language runtime server in this
// process and hands its address to the CLI (`pulumi up --client <address>`), which then asks that
// server to run the program (pkg/engine/plugin_host.go, connectToLanguageRuntime). Everything else
// is the real CLI: its engine, its steps and diffs, the dynamic provider host it starts
// (pulumi-resource-pulumi-nodejs, bundled next to it), its state files and its output.
//
// The program is the harness's Program type (scripts/engine/program.ts): a function given the
// package and @pulumi/pulumi, both loaded from the project's node_modules exactly as a user's
// program loads them, so resources register with the same @pulumi/pulumi the Automation API
// drives.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type * as automation from "@pulumi/pulumi/automation";
import type { PackageModule, Program, PulumiModule } from "../../../scripts/engine/program";
import { type CliResult, type CliSetup, pulumiBin } from "./cli";

type Automation = typeof automation;

export interface InlineOptions {
  readonly setup: CliSetup;
  /** A project folder with the package installed (project.ts, installPackage). */
  readonly projectDir: string;
  readonly project: string;
  readonly stack: string;
  readonly program: Program;
  /** Stack configuration; `secret: true` values are encrypted with the setup's passphrase. */
  readonly config?: Readonly<Record<string, { value: string; secret?: boolean }>>;
}

/**
 * The CLI's exit code. The Automation API (@pulumi/pulumi 3.270, automation/cmd.js, exec) loses
 * it for any failed command: execa rejects, and the catch reports -2 ("unknownErrCode") with the
 * real code only in the message it puts in stderr ("Command failed with exit code 7: ...").
 */
export function exitCode(code: number, stderr: string): number {
  if (code !== -2) return code;
  const match = /Command failed with exit code (\d+)/.exec(stderr);
  return match === null ? code : Number(match[1]);
}

/** A stack whose program runs in this process, every command through the real CLI. */
export class InlineStack {
  #program: Program;

  private constructor(
    readonly stack: automation.Stack,
    readonly projectDir: string,
    program: Program,
  ) {
    this.#program = program;
  }

  static async create(options: InlineOptions): Promise<InlineStack> {
    const load = createRequire(join(options.projectDir, "program.js"));
    const auto = load("@pulumi/pulumi/automation") as Automation;
    const pulumiCommand = await auto.PulumiCommand.get({ root: dirname(pulumiBin()) });
    let inline: InlineStack | undefined;
    const stack = await auto.LocalWorkspace.createOrSelectStack(
      {
        stackName: options.stack,
        projectName: options.project,
        program: async () => {
          if (inline === undefined) throw new Error("the stack is not ready");
          return inline.run(load);
        },
      },
      {
        workDir: options.projectDir,
        pulumiCommand,
        projectSettings: { name: options.project, runtime: "nodejs" },
        envVars: { ...options.setup.env },
      },
    );
    for (const [key, entry] of Object.entries(options.config ?? {})) {
      await stack.setConfig(key, { value: entry.value, secret: entry.secret ?? false });
    }
    inline = new InlineStack(stack, options.projectDir, options.program);
    return inline;
  }

  /** The program of the next commands, as a user edits index.ts between two runs. */
  set program(program: Program) {
    this.#program = program;
  }

  private run(load: NodeJS.Require): Record<string, unknown> {
    const pulumi = load("@pulumi/pulumi") as PulumiModule;
    const serverscom = load("pulumi-serverscom") as PackageModule;
    return { ...(this.#program(serverscom, pulumi) ?? {}) };
  }

  /**
   * Runs one Automation API command and resolves with what the CLI printed and its exit code,
   * as `pulumi` itself would end (a failed command does not throw: the tests judge it).
   */
  async command(
    name: string,
    run: (onOutput: (out: string) => void) => Promise<unknown>,
  ): Promise<CliResult> {
    let stdout = "";
    try {
      await run((out) => {
        stdout += out;
      });
      return { code: 0, stdout, stderr: "", command: name };
    } catch (error) {
      const result = (error as { commandResult?: { code: number; stdout: string; stderr: string } })
        .commandResult;
      if (result === undefined) throw error;
      return {
        code: exitCode(result.code, result.stderr),
        stdout: result.stdout,
        stderr: result.stderr,
        command: name,
      };
    }
  }

  preview(options: automation.PreviewOptions = {}): Promise<CliResult> {
    return this.command(`pulumi preview ${JSON.stringify(options)}`, (onOutput) =>
      this.stack.preview({ color: "never", diff: true, ...options, onOutput }),
    );
  }

  up(options: automation.UpOptions = {}): Promise<CliResult> {
    return this.command(`pulumi up ${JSON.stringify(options)}`, (onOutput) =>
      this.stack.up({ color: "never", ...options, onOutput }),
    );
  }

  refresh(options: automation.RefreshOptions = {}): Promise<CliResult> {
    return this.command(`pulumi refresh ${JSON.stringify(options)}`, (onOutput) =>
      this.stack.refresh({ color: "never", ...options, onOutput }),
    );
  }

  destroy(options: automation.DestroyOptions = {}): Promise<CliResult> {
    return this.command(`pulumi destroy ${JSON.stringify(options)}`, (onOutput) =>
      this.stack.destroy({ color: "never", ...options, onOutput }),
    );
  }
}
