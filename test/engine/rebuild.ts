// A freshly rebuilt copy of the package, for "a second up after rebuilding the package changes
// nothing": the serialised provider must be byte-identical across builds.
//
// A real `tsc` build takes seconds, and every kind's engine suite asks for one: the copy is built
// once per state of the sources and shared (by every file of a run, and by later runs) in the
// system's temporary folder, keyed by a digest of everything the build reads. Copies of other
// source states older than an hour are removed, so the cache does not grow without bound.
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { repoRoot } from "../../scripts/engine/repo";

const REPO = repoRoot();
const PREFIX = "serverscom-rebuild-";
const HOUR_MS = 60 * 60 * 1000;
const SOURCES = ["sdk", "provider", "simulator"];
const CONFIGS = ["package.json", "tsconfig.json", "tsconfig.build.json"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** A digest of every file the build reads, with their paths. */
function sourceDigest(): string {
  const hash = createHash("sha256");
  const files = [
    ...SOURCES.flatMap((dir) => sourceFiles(join(REPO, dir))),
    ...CONFIGS.map((f) => join(REPO, f)),
  ];
  for (const file of files.sort()) {
    hash.update(relative(REPO, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

function removeStaleCopies(keep: string): void {
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith(PREFIX) || entry === keep) continue;
    const path = join(tmpdir(), entry);
    try {
      if (Date.now() - statSync(path).mtimeMs > HOUR_MS)
        rmSync(path, { recursive: true, force: true });
    } catch {
      // Another run removed it first: nothing to do.
    }
  }
}

async function build(into: string): Promise<void> {
  mkdirSync(into, { recursive: true });
  // tsc emits even when some file has a type error (another suite reports those); this copy
  // needs only the emitted JavaScript.
  const tsc = join(REPO, "node_modules", "typescript", "bin", "tsc");
  await promisify(execFile)(
    process.execPath,
    [tsc, "-p", join(REPO, "tsconfig.build.json"), "--outDir", join(into, "dist")],
    { cwd: REPO },
  ).catch(() => undefined);
  if (!existsSync(join(into, "dist", "provider", "index.js"))) {
    throw new Error(`the rebuild into ${into} emitted no dist/provider/index.js`);
  }
  copyFileSync(join(REPO, "package.json"), join(into, "package.json"));
  symlinkSync(join(REPO, "node_modules"), join(into, "node_modules"), "dir");
  writeFileSync(join(into, ".complete"), "");
}

let pending: Promise<string> | undefined;

/** The folder of a rebuilt copy of the package (package.json, dist/, node_modules link). */
export function rebuiltPackage(): Promise<string> {
  pending ??= (async () => {
    const name = `${PREFIX}${sourceDigest()}`;
    const dir = join(tmpdir(), name);
    removeStaleCopies(name);
    if (existsSync(join(dir, ".complete"))) return dir;
    // Built aside and renamed into place: a concurrent suite never sees half a copy.
    const scratch = `${dir}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await build(scratch);
    try {
      renameSync(scratch, dir);
    } catch {
      // Another suite finished the same build first: use its copy.
      rmSync(scratch, { recursive: true, force: true });
    }
    return dir;
  })();
  return pending;
}
