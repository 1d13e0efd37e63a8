#!/usr/bin/env node
// `serverscom-simulator`: the simulator as a command (package bin, `npm run simulator`).
// Stops cleanly on SIGINT and SIGTERM: connections closed, state file written.
// First: a clear error on a Node.js that is too old.
import "../sdk/core/node-version";
import { areas } from "./areas";
import { CliUsageError, runCli, USAGE } from "./framework/cli-main";

async function main(): Promise<void> {
  const io = {
    out: (text: string) => process.stdout.write(text),
    err: (text: string) => process.stderr.write(text),
  };
  let sim: Awaited<ReturnType<typeof runCli>>;
  try {
    sim = await runCli(areas, process.argv.slice(2), io);
  } catch (error) {
    if (error instanceof CliUsageError) {
      io.err(`serverscom-simulator: ${error.message}\n\n${USAGE}`);
      process.exitCode = 2;
      return;
    }
    throw error;
  }
  if (sim === undefined) return;
  const running = sim;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second signal while stopping means "now": skip the rest of the clean-up.
    if (stopping) process.exit(130);
    stopping = true;
    io.out(`serverscom-simulator: ${signal} received, stopping\n`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        io.err(`serverscom-simulator: stopping failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `serverscom-simulator: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
});
