// What `npm publish` would ship (`npm pack --dry-run`): only what users need (the three built entry
// points with their declarations, README, CHANGELOG, LICENSE), no sources, no tests, no source
// maps (their sources are not shipped), and no declaration that brings zod's types into a user's
// program (scripts/build.mjs keeps them out; outside-project.test.ts compiles the result).
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/engine/repo";

const run = promisify(execFile);
const root = repoRoot();

interface PackedFile {
  readonly path: string;
  readonly size: number;
}
let files: PackedFile[];
let paths: string[];

beforeAll(async () => {
  if (!existsSync(join(root, "dist", "provider", "index.js"))) {
    throw new Error("dist/ is missing: run `npm run build` (npm test does it first)");
  }
  const { stdout } = await run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: root,
  });
  const [packed] = JSON.parse(stdout) as { files: PackedFile[] }[];
  files = packed?.files ?? [];
  paths = files.map((file) => file.path);
}, 60_000);

describe("the package's contents", () => {
  it("has the manifest, the README, the CHANGELOG and the Apache-2.0 LICENSE", () => {
    for (const name of ["package.json", "README.md", "CHANGELOG.md", "LICENSE"]) {
      expect(paths).toContain(name);
    }
    const license = readFileSync(join(root, "LICENSE"), "utf8");
    expect(license).toContain("Apache License");
    expect(license).toContain("Version 2.0, January 2004");
    const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      license: string;
    };
    expect(manifest.license).toBe("Apache-2.0");
  });

  it("has every entry point the manifest names, with its declarations", () => {
    const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      main: string;
      types: string;
      exports: Record<string, string | Record<string, string>>;
      bin: Record<string, string>;
      typesVersions: Record<string, Record<string, string[]>>;
    };
    const named = [
      manifest.main,
      manifest.types,
      ...Object.values(manifest.bin),
      ...Object.values(manifest.exports).flatMap((target) =>
        typeof target === "string" ? [target] : Object.values(target),
      ),
      ...Object.values(manifest.typesVersions).flatMap((map) => Object.values(map).flat()),
    ].map((path) => path.replace(/^\.\//, ""));
    expect(named.length).toBeGreaterThan(8);
    for (const path of named) expect(paths, path).toContain(path);
    // Every subpath of `exports` (but the manifest) has a typesVersions entry, so it resolves
    // under `moduleResolution: node` too.
    const subpaths = Object.keys(manifest.exports)
      .filter((key) => key !== "." && key !== "./package.json")
      .map((key) => key.replace(/^\.\//, ""));
    expect(Object.keys(manifest.typesVersions["*"] ?? {}).sort()).toEqual(subpaths.sort());
  });

  it("has only the built package: no sources, tests, examples, maps or build leftovers", () => {
    const topLevel = new Set(["package.json", "README.md", "CHANGELOG.md", "LICENSE"]);
    const stray = paths.filter(
      (path) => !topLevel.has(path) && !/^dist\/(sdk|provider|simulator)\//.test(path),
    );
    expect(stray).toEqual([]);
    expect(paths.filter((path) => /\.map$/.test(path))).toEqual([]);
    expect(paths.filter((path) => /(?<!\.d)\.ts$/.test(path))).toEqual([]);
    expect(paths.filter((path) => /tsbuildinfo|\.tgz$|\.simulator-state/.test(path))).toEqual([]);
    // Every module ships its declarations.
    const scripts = paths.filter((path) => path.endsWith(".js"));
    const missing = scripts.filter((path) => !paths.includes(path.replace(/\.js$/, ".d.ts")));
    expect(missing).toEqual([]);
  });

  it("declares nothing from zod: no .d.ts imports it or names its types", () => {
    const declarations = paths.filter((path) => path.endsWith(".d.ts"));
    expect(declarations.length).toBeGreaterThan(50);
    const offending = declarations.filter((path) => {
      const text = readFileSync(join(root, path), "utf8");
      return /from\s+["']zod|import\(\s*["']zod|\bz\.(Zod|infer|core)|\bZod[A-Z]\w*</.test(text);
    });
    expect(offending).toEqual([]);
  });

  it("stays small", () => {
    const bytes = files.reduce((sum, file) => sum + file.size, 0);
    // 2026-11: 318 files, 1.1 MB unpacked (280 kB packed); a jump means something unplanned got in.
    expect(files.length).toBeLessThan(700);
    expect(bytes).toBeLessThan(3_000_000);
  });
});
