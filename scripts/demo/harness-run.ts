// The demo without a Pulumi CLI: the quick start through the engine harness (the real provider
// host, driven as the engine drives it), printed in the CLI's shape.
import {
  EngineHarness,
  OperationFailed,
  type StepOp,
  type StepRecord,
  type StoredResource,
} from "../engine/harness";
import { programFile } from "../engine/program";
import { resourceOutputLines, stackOutputLines, stepLine, summaryLines } from "./print";
import type { DemoProject } from "./project";

export interface DemoTarget {
  readonly url: string;
  readonly token: string;
}

export type Print = (line: string) => void;

export const STACK = "demo";

/** What to print for each step of the current command. */
type Phase = "up" | "preview" | "destroy";

/** Steps that change a resource, whose new outputs are worth showing. */
const CHANGED: readonly StepOp[] = ["create", "update", "replace"];

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)}s`;
}

/** A provider progress line: `serverscom:SbmServer web-1 (Sbm123): creating -> active after 2s`. */
const PROGRESS = /^serverscom:(\w+) (.+?) \(([^()\s]+)\)(: .*)$/;

/**
 * Progress lines named as the step lines name resources: by the resource's name in the program,
 * as the CLI shows them under the resource. The provider names the API object (a server's
 * hostname: it does not know the program's names), so a line waits until a step tells which
 * resource has its id; one that never matches is printed as it is when the command ends.
 */
class ProgressLines {
  readonly #names = new Map<string, string>();
  #waiting: RegExpExecArray[] = [];

  constructor(private readonly print: Print) {}

  line(line: string): void {
    const match = PROGRESS.exec(line);
    if (match === null) this.print(`    ${line}`);
    else if (this.#names.has(match[3] ?? "")) this.print(`    ${this.named(match)}`);
    else this.#waiting.push(match);
  }

  /** A step's resource, before its step line: its name for its id, and the lines that waited. */
  step(resource: StoredResource): void {
    if (resource.id === "") return;
    this.#names.set(resource.id, resource.name);
    for (const match of this.#waiting.filter((m) => m[3] === resource.id)) {
      this.print(`    ${this.named(match)}`);
    }
    this.#waiting = this.#waiting.filter((m) => m[3] !== resource.id);
  }

  /** The end of a command: what no step claimed, as it came. */
  end(): void {
    for (const match of this.#waiting) this.print(`    ${match[0]}`);
    this.#waiting = [];
  }

  private named(match: RegExpExecArray): string {
    const [, kind, , id, rest] = match;
    return `serverscom:${kind} ${this.#names.get(id ?? "") ?? ""} (${id})${rest}`;
  }
}

/** `pulumi up`, `pulumi preview --refresh --expect-no-changes`, `pulumi destroy`: true when all went well. */
export async function runWithHarness(
  project: DemoProject,
  target: DemoTarget,
  print: Print,
): Promise<boolean> {
  let phase: Phase = "up";
  const progress = new ProgressLines(print);
  const onStep = (step: StepRecord, resource: StoredResource) => {
    progress.step(resource);
    if (phase === "preview") {
      if (step.op !== "same") print(stepLine(step.op, resource, true));
      return;
    }
    print(stepLine(step.op, resource, false));
    if (phase === "up" && CHANGED.includes(step.op)) {
      for (const line of resourceOutputLines(resource, "        ")) print(line);
    }
  };
  const harness = new EngineHarness({
    projectDir: project.programDir,
    project: project.name,
    stack: STACK,
    config: {
      "serverscom:apiToken": { value: target.token, secret: true },
      "serverscom:apiUrl": { value: target.url },
    },
    // The provider's first poll after 20 ms: the simulator runs fast.
    env: { SERVERSCOM_POLL_INTERVAL_MS: "20" },
    // Progress lines of the provider, as the CLI shows them under the resource.
    onStderr: (line) => progress.line(line),
    onStep,
  });
  const program = programFile(project.programFile);

  const printAll = (lines: readonly string[]) => {
    for (const line of lines) print(line);
  };
  const ops = (steps: readonly StepRecord[]) => steps.map((step) => step.op);
  /** One command: its title line first, its summary and duration last. */
  const command = async (title: string, run: () => Promise<readonly StepOp[]>, planned = false) => {
    print("");
    print(title);
    const started = Date.now();
    const done = await run().finally(() => progress.end());
    printAll(summaryLines(done, planned));
    print(`Duration: ${seconds(started)}`);
    return done;
  };

  try {
    await command(`Updating (${STACK})   pulumi up`, async () => {
      const steps = await harness.up(program);
      print("");
      printAll(stackOutputLines(harness.outputs));
      return ops(steps);
    });

    phase = "preview";
    // The CLI's rule: only the plan's steps count, not what the refresh found (harness.ts,
    // PreviewOptions.expectNoChanges); a failure throws with the CLI's message and exit code.
    await command(
      `Previewing update (${STACK})   pulumi preview --refresh --expect-no-changes`,
      async () =>
        ops((await harness.preview(program, { refresh: true, expectNoChanges: true })).steps),
      true,
    );

    phase = "destroy";
    await command(`Destroying (${STACK})   pulumi destroy`, async () =>
      ops(await harness.destroy()),
    );
    return true;
  } catch (error) {
    const errors = error instanceof OperationFailed ? error.errors : [error];
    for (const e of errors) print(`error: ${e instanceof Error ? e.message : String(e)}`);
    if (error instanceof OperationFailed) print(`(exit code ${error.exitCode})`);
    return false;
  }
}
