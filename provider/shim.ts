// The serialised part of every resource kind (architecture.md, item 1).
//
// Pulumi stores the provider object of a dynamic resource in the state as code text
// (`__provider`, made by runtime/closure/serializeClosure.js from the object and everything its
// functions reach) and runs that text in the provider host with require-from-string
// (cmd/dynamic-provider/index.js, getProvider). So the object below must reach nothing but the
// kind string: no module of this package (they would be copied in by value), no client, no token.
// Its functions `require` the real implementation from the installed package at run time; the
// serialiser never captures `require` (parseFunction.js, nodeModuleGlobals), and `process` is a
// global. The text is therefore a couple of kilobytes, identical across builds and versions
// (no `~__provider` diffs), and delete or refresh of an old state runs the current code.
//
// Where the package is found: require-from-string compiles the text as a module whose filename
// is "" (no self-reference possible) and whose paths are the node_modules folders above the
// process's working directory, which the engine sets to the Pulumi project's directory
// (pkg/resource/plugin/plugin.go: cmd.Dir = pwd; pkg/engine/project.go: getPwdMain). Resolving
// from a `require` created for a file in that directory behaves exactly like an `import` in the
// project's own program: node_modules above it, and the package's self-reference when the
// project lives inside this package's repository (the examples).
//
// Compatibility: states keep this text for as long as the resources live, so the package's main
// entry must keep exporting `resourceProvider(kind)` and accepting every kind string ever used.
import type * as dynamic from "@pulumi/pulumi/dynamic";

/** The provider object serialised into `__provider` for one resource kind. */
export function createShim(kind: string): dynamic.ResourceProvider {
  const implementation = (): Required<dynamic.ResourceProvider> => {
    const { createRequire } = require("node:module") as typeof import("node:module");
    const { join } = require("node:path") as typeof import("node:path");
    const project = process.cwd();
    let entry: { resourceProvider(kind: string): Required<dynamic.ResourceProvider> };
    try {
      entry = createRequire(join(project, "__pulumi_serverscom_shim__.js"))("pulumi-serverscom");
    } catch (error) {
      // Node's message goes on with a "Require stack" naming the made-up file: keep line one.
      const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0];
      throw new Error(
        `pulumi-serverscom: the provider for ${kind} cannot load the package from the Pulumi ` +
          `project's directory ${project}: ${reason}. Install it there: npm install pulumi-serverscom`,
      );
    }
    return entry.resourceProvider(kind);
  };
  return {
    configure: async (req) => implementation().configure(req),
    check: async (olds, news) => implementation().check(olds, news),
    diff: async (id, olds, news) => implementation().diff(id, olds, news),
    create: async (inputs) => implementation().create(inputs),
    read: async (id, props) => implementation().read(id, props),
    update: async (id, olds, news) => implementation().update(id, olds, news),
    delete: async (id, props) => implementation().delete(id, props),
  };
}
