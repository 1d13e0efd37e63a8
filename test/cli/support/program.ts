// A program of the CLI suites run in its own process (a Python or Go Automation API program, a
// compiled TypeScript one): its settings, the token among them, go on stdin and never in a
// command line; it answers with JSON on the last line of its stdout.
import { execFile } from "node:child_process";
import type { CliSetup } from "./cli";

/** Runs `file args` with the CLI's environment; rejects with both outputs when it fails. */
export function runProgram<T>(
  label: string,
  command: { readonly file: string; readonly args: readonly string[] },
  setup: CliSetup,
  settings: Readonly<Record<string, unknown>>,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      command.file,
      command.args,
      { env: { ...setup.env }, timeout: 5 * 60_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error !== null) {
          reject(
            new Error(`${label}: ${error.message}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`),
          );
          return;
        }
        const last = stdout.trim().split("\n").at(-1) ?? "";
        resolve(JSON.parse(last) as T);
      },
    );
    child.stdin?.end(JSON.stringify(settings));
  });
}
