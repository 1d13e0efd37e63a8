// Preloaded (NODE_OPTIONS=--require) into every Node.js process the Pulumi CLI starts during a
// `bench/cli.mjs` command: the dynamic provider host, the `node -e` its launcher script runs
// first, and the native plugin. Each process appends one line to $BENCH_CLI_USAGE_FILE when it
// starts and one when it ends, with its own process.resourceUsage(): user and system CPU time and
// peak RSS (maxRSS, what /proc/<pid>/status calls VmHWM), counted by the kernel for the whole life
// of the process. That is exact where sampling /proc would miss what happens between two samples
// and after the last one (a host's startup, its shutdown).
//
// The CLI ends a plugin by sending SIGINT to its process group and waiting up to 5 s before
// SIGKILL (pulumi/pulumi v3.274.1 pkg/resource/plugin/plugin.go:660-679, InterruptChildren). The
// native plugin handles SIGINT and exits (provider/native/main.ts), which runs the `exit` handler
// below. The dynamic provider host (@pulumi/pulumi cmd/dynamic-provider) has no SIGINT handler, so
// Node's default would end it without any `exit` handler: when no one else listens, this hook
// exits with 130, the code the default would give, so that the line is written.
"use strict";
const { appendFileSync } = require("node:fs");

const file = process.env.BENCH_CLI_USAGE_FILE;
if (file !== undefined && file !== "") {
  const role = () => {
    const script = process.argv[1] ?? "";
    if (script.includes("dynamic-provider")) return "dynamic-host";
    // Started through the package's bin link (node_modules/.bin), or by its file.
    if (script.includes("pulumi-resource-serverscom") || script.includes("native")) {
      return "native-plugin";
    }
    if (process.execArgv.includes("-e")) return "launcher";
    return "other";
  };
  const write = (event, extra) =>
    appendFileSync(
      file,
      `${JSON.stringify({ event, pid: process.pid, role: role(), ...extra })}\n`,
    );
  write("start", {});
  process.on("exit", (code) => {
    const usage = process.resourceUsage();
    write("end", {
      code,
      // Microseconds and kilobytes, as resourceUsage() gives them.
      cpuUs: usage.userCPUTime + usage.systemCPUTime,
      maxRssKb: usage.maxRSS,
    });
  });
  process.on("SIGINT", () => {
    if (process.listenerCount("SIGINT") === 1) process.exit(130);
  });
}
