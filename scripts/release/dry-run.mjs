// `npm run release-dry-run`: every step of .github/workflows/release.yml that publishes, run
// here in its dry-run form, so that a release tag finds nothing new to fail on. Steps whose
// folder is absent (the SDKs of other languages, until they are generated) or whose tool is not
// installed say so in the summary; a step that runs and fails fails the whole run.
//
//   tag        the tag is v<package.json version>, CHANGELOG.md has a heading for it, and
//              package.json names the repository (npm publish --provenance needs it)
//   workflow   every action in release.yml is pinned to a full version, and the publishing jobs
//              need the test job
//   npm        npm publish --dry-run (the files it would publish)
//   plugin     the five plugin archives, built into a temporary folder (scripts/plugin)
//   python     python -m build of sdks/python (PyPI publishes what it builds)
//   dotnet     dotnet pack of sdks/dotnet
//   java       the Java build of sdks/java (gradle or maven)
//   go         the tag of the Go module under sdks/go, by Go's rule for a module in a subfolder
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

function readJson(path) {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** Whether a command can be run (it answers `--version`). */
function has(command, args = ["--version"]) {
  return spawnSync(command, args, { stdio: "ignore" }).status === 0;
}

function run(command, args, cwd = REPO) {
  return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** The tag a release of this checkout needs, and what must hold for it. */
export function checkTag(root = REPO, tag = process.env.GITHUB_REF_NAME) {
  const pkg = readJson(join(root, "package.json"));
  const wanted = `v${pkg.version}`;
  if (tag !== undefined && tag !== "" && tag.startsWith("v") && tag !== wanted) {
    throw new Error(`the tag ${tag} is not ${wanted}, the version in package.json`);
  }
  const changelog = readFileSync(join(root, "CHANGELOG.md"), "utf8");
  const heading = new RegExp(`^## \\[?${pkg.version.replace(/\./g, "\\.")}\\]?( |$)`, "m");
  if (!heading.test(changelog)) throw new Error(`CHANGELOG.md has no heading for ${pkg.version}`);
  const url = typeof pkg.repository === "object" ? pkg.repository.url : pkg.repository;
  if (typeof url !== "string" || !/github\.com\/[^/]+\/[^/.]+/.test(url)) {
    throw new Error("package.json has no GitHub repository: npm publish --provenance needs it");
  }
  return `${wanted} (package.json ${pkg.version}, CHANGELOG heading, repository ${url})`;
}

/** Every `uses:` of a workflow, with where it is. */
export function actionsOf(workflow) {
  const out = [];
  for (const [jobName, job] of Object.entries(workflow.jobs ?? {})) {
    for (const step of job.steps ?? []) {
      if (typeof step.uses === "string") out.push({ job: jobName, uses: step.uses });
    }
  }
  return out;
}

/** Actions pinned to a full version (`@v4.2.2`) or a commit; the publishing jobs after the tests. */
export async function checkWorkflow(root = REPO) {
  // Loaded here: the tag step runs before `npm ci` in the workflow.
  const { parse } = await import("yaml");
  const workflow = parse(readFileSync(join(root, ".github", "workflows", "release.yml"), "utf8"));
  const loose = actionsOf(workflow).filter(
    ({ uses }) => !/@(v\d+\.\d+\.\d+|[0-9a-f]{40})$/.test(uses),
  );
  if (loose.length > 0) {
    throw new Error(
      `release.yml: actions not pinned to a full version: ${loose.map((a) => `${a.job}: ${a.uses}`).join(", ")}`,
    );
  }
  const jobs = Object.entries(workflow.jobs ?? {});
  const unguarded = jobs
    .filter(([name]) => name !== "test")
    .filter(([, job]) => ![job.needs ?? []].flat().includes("test"))
    .map(([name]) => name);
  if (unguarded.length > 0) throw new Error(`release.yml: jobs not after the tests: ${unguarded}`);
  return `${actionsOf(workflow).length} action uses pinned; ${jobs.length - 1} jobs after "test"`;
}

/**
 * The tag of a Go module in a subfolder: `<folder>/v<version>` (the Go reference, "Mapping
 * versions to commits": a module in a subdirectory has tags prefixed with that directory). From
 * v2 on, the module path must also end in `/v<major>` ("Major version suffixes").
 */
export function goModuleTag(root, goModPath, version) {
  const folder = relative(root, dirname(goModPath)).split("\\").join("/");
  const module = /^module\s+(\S+)/m.exec(readFileSync(goModPath, "utf8"))?.[1];
  if (module === undefined) throw new Error(`${goModPath} names no module`);
  const major = Number(version.split(".")[0]);
  if (major >= 2 && !module.endsWith(`/v${major}`)) {
    throw new Error(`${module}: a v${major} module's path must end in /v${major}`);
  }
  if (major < 2 && /\/v\d+$/.test(module)) {
    throw new Error(`${module}: a v0 or v1 module's path has no major version suffix`);
  }
  // A v2+ module kept in a major-version folder (`.../v2/go.mod`): that folder is the path's
  // suffix, not part of the tag's prefix.
  const prefix = major >= 2 && folder.endsWith(`/v${major}`) ? dirname(folder) : folder;
  return { module, tag: `${prefix}/v${version}` };
}

function findGoMods(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...findGoMods(path));
    else if (entry.name === "go.mod") out.push(path);
  }
  return out;
}

const steps = {
  tag: () => checkTag(),
  workflow: () => checkWorkflow(),
  npm: () => {
    // --ignore-scripts: dist/ is built already (the real publish builds it in `prepare`).
    const out = spawnSync(
      "npm",
      [
        "publish",
        "--dry-run",
        "--ignore-scripts",
        "--access",
        "public",
        // The file list is a notice: `npm run -s` would pass its silence on.
        "--loglevel=notice",
      ],
      {
        cwd: REPO,
        encoding: "utf8",
      },
    );
    if (out.status !== 0) throw new Error(`npm publish --dry-run failed:\n${out.stderr}`);
    const files = /total files:\s*(\d+)/i.exec(out.stderr)?.[1] ?? "?";
    const size = /package size:\s*([^\n]+)/i.exec(out.stderr)?.[1]?.trim() ?? "?";
    return `npm publish --dry-run: ${files} files, ${size}`;
  },
  plugin: async () => {
    const { buildArchives } = await import("../plugin/archive.mjs");
    const out = mkdtempSync(join(tmpdir(), "serverscom-release-"));
    try {
      const { archives } = buildArchives(out);
      return archives
        .map((a) => `${a.path.split(/[\\/]/).pop()} ${(a.bytes / 1024 / 1024).toFixed(1)} MiB`)
        .join("; ");
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  },
  python: () => {
    const dir = join(REPO, "sdks", "python");
    if (!existsSync(dir)) return "not run: sdks/python does not exist yet";
    if (!has("python3", ["-c", "import build"])) {
      return "not run: python -m build is not installed here (pip install build)";
    }
    const out = mkdtempSync(join(tmpdir(), "serverscom-python-"));
    try {
      run("python3", ["-m", "build", "--outdir", out, dir]);
      return `python -m build: ${readdirSync(out).join(", ")}`;
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  },
  dotnet: () => {
    const dir = join(REPO, "sdks", "dotnet");
    if (!existsSync(dir)) return "not run: sdks/dotnet does not exist yet";
    if (!has("dotnet")) return "not run: no .NET SDK here";
    run(
      "dotnet",
      ["pack", "--configuration", "Release", "--output", join(tmpdir(), "serverscom-nupkg")],
      dir,
    );
    return "dotnet pack: done";
  },
  java: () => {
    const dir = join(REPO, "sdks", "java");
    if (!existsSync(dir)) return "not run: sdks/java does not exist yet";
    if (existsSync(join(dir, "pom.xml")) && has("mvn")) {
      run("mvn", ["-B", "-q", "package", "-DskipTests"], dir);
      return "mvn package: done";
    }
    if (existsSync(join(dir, "build.gradle")) && has("gradle")) {
      run("gradle", ["--no-daemon", "build"], dir);
      return "gradle build: done";
    }
    return "not run: no build tool for sdks/java here";
  },
  go: () => {
    const version = readJson(join(REPO, "package.json")).version;
    const mods = findGoMods(join(REPO, "sdks", "go"));
    if (mods.length === 0) return "not run: no go.mod under sdks/go yet";
    return mods
      .map((mod) => {
        const { module, tag } = goModuleTag(REPO, mod, version);
        return `git tag ${tag} (module ${module})`;
      })
      .join("; ");
  },
};

async function main(names) {
  const chosen = names.length > 0 ? names : Object.keys(steps);
  let failed = 0;
  for (const name of chosen) {
    const step = steps[name];
    if (step === undefined) throw new Error(`no step ${name} (steps: ${Object.keys(steps)})`);
    const started = Date.now();
    try {
      const said = await step();
      process.stdout.write(`ok    ${name}: ${said} (${Date.now() - started} ms)\n`);
    } catch (error) {
      failed += 1;
      process.stdout.write(`FAIL  ${name}: ${error instanceof Error ? error.message : error}\n`);
    }
  }
  if (failed > 0) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
