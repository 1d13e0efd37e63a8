#!/usr/bin/env node
// `serverscom-discover`: the package's `bin` that lists an account for `pulumi import --file`
// (or, with --typescript, writes a program of dynamic classes that adopts it). README.md, "Bring
// an existing account under Pulumi".
// First, before anything loads undici: a clear error on a Node.js that is too old.
import "../../sdk/core/node-version";
import { runDiscover } from "./run";

runDiscover(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (line) => process.stderr.write(`${line}\n`),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `serverscom-discover: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
