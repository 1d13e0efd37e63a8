// Where the repository is, from wherever this module runs: as TypeScript under vitest
// (scripts/engine/) or compiled for the demo (dist/scripts/engine/). Walking up to the
// package's own manifest keeps both working without a depth that one of them would get wrong.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const PACKAGE_NAME = "pulumi-serverscom";

function isPackageRoot(dir: string): boolean {
  const manifest = join(dir, "package.json");
  if (!existsSync(manifest)) return false;
  const parsed = JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown };
  return parsed.name === PACKAGE_NAME;
}

/** The repository's root: the nearest folder above `from` holding this package's package.json. */
export function repoRoot(from: string = __dirname): string {
  let dir = from;
  for (;;) {
    if (isPackageRoot(dir)) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no ${PACKAGE_NAME} package.json above ${from}`);
    dir = parent;
  }
}
