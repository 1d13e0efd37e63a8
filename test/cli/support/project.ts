// A Pulumi project folder laid out as a user's after `npm install pulumi-serverscom
// @pulumi/pulumi`: node_modules/pulumi-serverscom (this repository, through a link: its dist/
// must be built), node_modules/@pulumi (the repository's), and node_modules/.bin/
// pulumi-resource-serverscom (the package's bin, the native plugin) and serverscom-discover (its
// other bin). Both doors resolve the
// package from here: the dynamic provider host from its working directory, the project's
// folder (provider/shim.ts), and a YAML program's `plugins.providers` through `.bin`.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../../../scripts/engine/repo";

const REPO = repoRoot();

/** Makes `dir` (created if missing) a project folder with the package installed. */
export function installPackage(dir: string): void {
  const modules = join(dir, "node_modules");
  mkdirSync(join(modules, ".bin"), { recursive: true });
  symlinkSync(REPO, join(modules, "pulumi-serverscom"), "dir");
  symlinkSync(join(REPO, "node_modules", "@pulumi"), join(modules, "@pulumi"), "dir");
  symlinkSync(
    join("..", "pulumi-serverscom", "dist", "provider", "native", "main.js"),
    join(modules, ".bin", "pulumi-resource-serverscom"),
  );
  symlinkSync(
    join("..", "pulumi-serverscom", "dist", "provider", "discover", "main.js"),
    join(modules, ".bin", "serverscom-discover"),
  );
}

/**
 * The project file (Pulumi.yaml) of `dir`: the native plugin found through `plugins.providers`,
 * as the README tells users of every language; `body` is the rest of a YAML program.
 */
export function writeProjectFile(dir: string, name: string, runtime: string, body = ""): void {
  writeFileSync(
    join(dir, "Pulumi.yaml"),
    [
      `name: ${name}`,
      `runtime: ${runtime}`,
      "plugins:",
      "  providers:",
      "    - name: serverscom",
      "      path: ./node_modules/.bin",
      body,
    ].join("\n"),
  );
}

/** A YAML project whose native plugin is found through `plugins.providers`, as the README says. */
export function yamlProject(dir: string, name: string, body: string): void {
  mkdirSync(dir, { recursive: true });
  installPackage(dir);
  writeProjectFile(dir, name, "yaml", body);
}
