// `npm run demo`: the quick start against the embedded simulator, end to end.
//
// Starts the simulator in this process (fast: a simulated minute every 0.1 s), then runs the
// repository's Pulumi project (Pulumi.yaml: the quick start) with `pulumi up`, `pulumi preview
// --refresh --expect-no-changes` and `pulumi destroy`: through the real Pulumi CLI where there is
// one (the one `npm run -s pulumi-cli` built, else `pulumi` on PATH; cli-run.ts), printing the
// CLI's own output, otherwise through the engine harness. Exits 0 when every step went as
// expected.
//
// Options: --no-cli runs the engine harness even where a Pulumi CLI is there.
import { startSimulator } from "../../simulator";
import { repoRoot } from "../engine/repo";
import { findPulumiCli, runWithCli } from "./cli-run";
import { runWithHarness } from "./harness-run";
import { readProject } from "./project";

/** Simulated milliseconds per real one: an SBM install (minutes) takes a fraction of a second. */
const SPEED = 600;

let stdoutOpen = true;
const print = (line: string) => {
  if (stdoutOpen) process.stdout.write(`${line}\n`);
};

// Output piped into a reader that stops early (`npm run demo | head`): print nothing more, but
// finish the run, so that the provider hosts it started are stopped.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  stdoutOpen = false;
});

async function main(argv: readonly string[]): Promise<number> {
  const started = Date.now();
  const project = readProject(repoRoot());
  const sim = await startSimulator({ speed: SPEED });
  try {
    print(`Simulator: ${sim.url} (in this process, speed ${SPEED})`);
    print(`Program: ${project.main} (project ${project.name})`);
    const cli = argv.includes("--no-cli") ? undefined : await findPulumiCli();
    const target = { url: sim.url, token: sim.token };
    let ok: boolean;
    if (cli === undefined) {
      print(
        argv.includes("--no-cli")
          ? "Engine harness (--no-cli): the real provider host, driven as the Pulumi engine drives it."
          : "No Pulumi CLI here (none built by `npm run -s pulumi-cli`, none on PATH): using the engine harness, the real provider host driven as the Pulumi engine drives it.",
      );
      ok = await runWithHarness(project, target, print);
    } else {
      const origin = cli.origin === "built" ? "built by npm run -s pulumi-cli" : "on PATH";
      print(
        `Pulumi CLI ${cli.version} (${origin}), the program inline, a local file backend in a temporary folder.`,
      );
      ok = await runWithCli(project, target, print, cli);
    }
    print("");
    print(
      ok
        ? `Demo done in ${((Date.now() - started) / 1000).toFixed(1)}s.`
        : "Demo failed (see the error above).",
    );
    return ok ? 0 : 1;
  } finally {
    await sim.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`demo: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
