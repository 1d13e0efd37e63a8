#!/usr/bin/env node
// `pulumi-resource-serverscom`: the provider plugin executable (the package's `bin`). The engine
// starts it with the address of its own gRPC server as the last argument (after logging flags
// such as `-v=9`, `--logtostderr` or `--tracing <endpoint>`: pkg/resource/plugin/plugin.go,
// buildPluginArguments, which appends the plugin's own arguments last; the
// address: provider_plugin.go, NewProvider, `[]string{host.ServerAddr()}`) and reads one line
// from its stdout: the port it listens on (plugin.go, "we expect it to write a single line to
// STDOUT: the port"). Nothing else may go to stdout before that line.
// First, before anything loads undici: a clear error on a Node.js that is too old.
import "../../sdk/core/node-version";
import { NativeProvider } from "./server";

async function main(args: readonly string[]): Promise<void> {
  const engineAddress = args.filter((arg) => !arg.startsWith("-")).pop();
  const plugin = await new NativeProvider(
    engineAddress === undefined ? {} : { engineAddress },
  ).serve();
  process.stdout.write(`${plugin.port}\n`);
  // The engine ends a plugin by killing it; a signal from a terminal ends it cleanly.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void plugin.stop().finally(() => process.exit(0));
    });
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `pulumi-resource-serverscom: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
