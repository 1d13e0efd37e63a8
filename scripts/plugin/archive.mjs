// `npm run plugin-archive`: the provider plugin as the archives `pulumi plugin install resource
// serverscom <version>` downloads, one per platform, into dist-plugin/ (or the folder given as
// the first argument). Run after `npm run build`: it packs dist/ as built.
//
// The name is the one the CLI asks a `github://` (or `--server`) source for:
// `pulumi-resource-serverscom-v<version>-<os>-<arch>.tar.gz` (pulumi/pulumi v3.274.1
// sdk/go/common/workspace/plugins.go:216-218, standardAssetName; :647-678 githubSource.Download
// looks for that asset on the release tagged `v<version>`; :771-775 httpSource.Download appends it
// to the server URL). The CLI unpacks the archive into its plugin cache and runs the executable
// `pulumi-resource-serverscom` at its root (`.cmd` on Windows: plugins.go:2484-2492,
// getCandidateExtensions; pkg/v3@v3.274.1 resource/plugin/plugin.go:529-531 runs a file that is
// there directly).
//
// What is inside, the same for every platform but the launcher (the JavaScript is portable, and
// no dependency has a native addon: checked below):
//   pulumi-resource-serverscom[.cmd]  the launcher: finds Node.js on PATH, checks its version
//   package/package.json              name, version, engines (the User-Agent reads the version)
//   package/dist/{sdk,provider}/      the built JavaScript (no declarations, no simulator)
//   package/node_modules/             the production dependencies, @pulumi/pulumi included,
//                                     copied from this checkout's node_modules (npm ci)
// No PulumiPlugin.yaml: with one, `pulumi plugin install` starts the language host of its runtime
// to install dependencies (pkg/v3@v3.274.1 workspace/plugin.go:237-265, InstallPluginContent),
// which is the Node.js host and npm on the user's machine; this archive carries them already.
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const NAME = "serverscom";
const EXECUTABLE = `pulumi-resource-${NAME}`;

/** The platforms a release carries, as the CLI names them (plugins.go:1627-1638). */
export const PLATFORMS = [
  { os: "linux", arch: "amd64" },
  { os: "linux", arch: "arm64" },
  { os: "darwin", arch: "amd64" },
  { os: "darwin", arch: "arm64" },
  { os: "windows", arch: "amd64" },
];

/** The asset name the CLI downloads for a version and platform. */
export function assetName(version, os, arch) {
  return `pulumi-resource-${NAME}-v${version}-${os}-${arch}.tar.gz`;
}

function readJson(path) {
  return JSON.parse(readFileSync(path, "utf8"));
}

/**
 * The folders of every package the plugin loads at run time: the package's `dependencies`, then
 * theirs, resolved as Node.js resolves them (a nested copy wins over the hoisted one). Optional
 * dependencies are taken when installed; peer dependencies are the requiring package's users'
 * business and are taken only when not optional (a peer the user must have is one we carry).
 */
export function productionClosure(root = REPO) {
  const found = new Map();
  const visit = (fromDir, name, optional) => {
    let manifest;
    try {
      manifest = createRequire(join(fromDir, "noop.js")).resolve(`${name}/package.json`);
    } catch {
      // Some packages do not export package.json: find the folder by walking up node_modules.
      manifest = findManifest(fromDir, name);
    }
    if (manifest === undefined) {
      if (optional) return;
      throw new Error(
        `${name} (needed by ${relative(root, fromDir) || "the package"}) is not installed: run npm ci`,
      );
    }
    const dir = dirname(manifest);
    if (found.has(dir)) return;
    found.set(dir, name);
    const pkg = readJson(manifest);
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dir, dep, false);
    for (const dep of Object.keys(pkg.optionalDependencies ?? {})) visit(dir, dep, true);
    for (const dep of Object.keys(pkg.peerDependencies ?? {})) {
      if (pkg.peerDependenciesMeta?.[dep]?.optional !== true) visit(dir, dep, true);
    }
  };
  const pkg = readJson(join(root, "package.json"));
  for (const dep of Object.keys(pkg.dependencies ?? {})) visit(root, dep, false);
  return [...found.keys()].sort();
}

function findManifest(fromDir, name) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name, "package.json");
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Files a running plugin never reads: declarations, maps, docs, tests. */
function wanted(path) {
  const base = path.split(sep).pop() ?? "";
  if (/\.(d\.[cm]?ts|map|md|markdown)$/i.test(base) && !/^license/i.test(base)) return false;
  return base !== ".bin";
}

/** The version's minimum as [major, minor, patch], from `engines.node` (">=22.19.0"). */
export function minimumNode(pkg) {
  const match = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(String(pkg.engines?.node ?? "").trim());
  if (match === null)
    throw new Error(`package.json engines.node is not ">=x.y.z": ${pkg.engines?.node}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The POSIX launcher: Node.js from PATH, its version checked, then the plugin. */
export function shellLauncher(minimum) {
  const [major, minor, patch] = minimum;
  const text = minimum.join(".");
  return `#!/bin/sh
# The serverscom Pulumi provider plugin: runs package/dist/provider/native/main.js with the
# Node.js found on PATH. Nothing but the plugin's port may go to stdout: messages go to stderr.
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd) || exit 1
if ! command -v node >/dev/null 2>&1; then
  echo "${EXECUTABLE}: Node.js ${text} or newer must be on PATH, and no node was found there: install Node.js (24 LTS is the one tested) and run pulumi with it on PATH" >&2
  exit 1
fi
version=$(node -e 'process.stdout.write(process.versions.node)' 2>/dev/null) || version=""
old=$(printf '%s\\n' "$version" | awk -F. '{ if ($0 == "") print 0; else if ($1+0 != ${major}) print ($1+0 < ${major}); else if ($2+0 != ${minor}) print ($2+0 < ${minor}); else print ($3+0 < ${patch}) }')
if [ "$old" = "1" ]; then
  echo "${EXECUTABLE}: needs Node.js ${text} or newer, but the node on PATH ($(command -v node)) is v$version: install a newer Node.js (24 LTS is the one tested) and run pulumi with it on PATH" >&2
  exit 1
fi
exec node "$here/package/dist/provider/native/main.js" "$@"
`;
}

/**
 * The Windows launcher. The CLI runs `.cmd` plugins through cmd.exe. The version check is the
 * plugin's own first module (sdk/core/node-version.ts), which names the version and the fix.
 */
export function cmdLauncher(minimum) {
  const text = minimum.join(".");
  return [
    "@echo off",
    "rem The serverscom Pulumi provider plugin: runs package\\dist\\provider\\native\\main.js with",
    "rem the Node.js found on PATH (its first module refuses a version older than the minimum).",
    "where node >nul 2>nul",
    "if errorlevel 1 (",
    `  echo ${EXECUTABLE}: Node.js ${text} or newer must be on PATH, and no node was found there: install Node.js ^(24 LTS is the one tested^) 1>&2`,
    "  exit /b 1",
    ")",
    'node "%~dp0package\\dist\\provider\\native\\main.js" %*',
    "",
  ].join("\r\n");
}

/** Stages the archive's contents (without the launchers) in `stage`. */
export function stage(stageDir, root = REPO) {
  const pkg = readJson(join(root, "package.json"));
  const built = join(root, "dist", "provider", "native", "main.js");
  if (!existsSync(built)) throw new Error("dist/ is not built: run npm run build first");
  const target = join(stageDir, "package");
  mkdirSync(target, { recursive: true });
  for (const part of ["sdk", "provider"]) {
    cpSync(join(root, "dist", part), join(target, "dist", part), {
      recursive: true,
      filter: wanted,
    });
  }
  writeFileSync(
    join(target, "package.json"),
    `${JSON.stringify(
      {
        name: pkg.name,
        version: pkg.version,
        description: `The ${NAME} Pulumi provider plugin (from ${pkg.name} ${pkg.version})`,
        license: pkg.license,
        repository: pkg.repository,
        type: "commonjs",
        engines: pkg.engines,
        private: true,
      },
      null,
      2,
    )}\n`,
  );
  for (const file of ["LICENSE", "README.md"]) {
    if (existsSync(join(root, file))) cpSync(join(root, file), join(target, file));
  }
  const addons = [];
  for (const dir of productionClosure(root)) {
    const to = join(target, relative(root, dir));
    cpSync(dir, to, {
      recursive: true,
      // Nested node_modules are copied as packages of the closure themselves, when needed.
      filter: (path) => wanted(path) && relative(dir, path).split(sep)[0] !== "node_modules",
    });
    addons.push(...findAddons(to));
  }
  if (addons.length > 0) {
    throw new Error(`native addons cannot go into a portable archive: ${addons.join(", ")}`);
  }
  return { version: pkg.version, minimum: minimumNode(pkg) };
}

function findAddons(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...findAddons(path));
    else if (entry.name.endsWith(".node")) out.push(path);
  }
  return out;
}

/** A gzipped tar of `dir`'s contents, owned by root, with one fixed time (reproducible). */
function tarGz(dir, out) {
  execFileSync(
    "tar",
    [
      "--sort=name",
      "--owner=0",
      "--group=0",
      "--numeric-owner",
      "--mtime=@0",
      "-C",
      dir,
      // gzip -n: no name or time in the gzip header either.
      "--use-compress-program=gzip -n",
      "-cf",
      out,
      ".",
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
}

/**
 * Builds the archives of the given platforms into `outDir`; returns their paths and sizes.
 */
export function buildArchives(outDir, platforms = PLATFORMS, root = REPO) {
  const work = mkdtempSync(join(tmpdir(), "serverscom-plugin-"));
  try {
    const { version, minimum } = stage(work, root);
    mkdirSync(outDir, { recursive: true });
    const built = [];
    for (const { os, arch } of platforms) {
      const windows = os === "windows";
      const launcher = join(work, windows ? `${EXECUTABLE}.cmd` : EXECUTABLE);
      rmSync(join(work, EXECUTABLE), { force: true });
      rmSync(join(work, `${EXECUTABLE}.cmd`), { force: true });
      writeFileSync(launcher, windows ? cmdLauncher(minimum) : shellLauncher(minimum));
      chmodSync(launcher, 0o755);
      const path = join(outDir, assetName(version, os, arch));
      tarGz(work, path);
      built.push({ os, arch, path, bytes: statSync(path).size });
    }
    return { version, archives: built };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ?? join(REPO, "dist-plugin");
  const only = process.argv[3]; // e.g. "linux-amd64"
  const platforms =
    only === undefined ? PLATFORMS : PLATFORMS.filter((p) => `${p.os}-${p.arch}` === only);
  if (platforms.length === 0) throw new Error(`unknown platform ${only}`);
  const { archives } = buildArchives(outDir, platforms);
  for (const a of archives) {
    process.stdout.write(`${a.path} ${(a.bytes / 1024 / 1024).toFixed(1)} MiB\n`);
  }
}
