// The plugin archive (scripts/plugin/archive.mjs) through the real CLI, as a user of Python, Go,
// .NET, Java or YAML gets the plugin: no npm install, no `plugins.providers`, only Node.js on
// PATH. `pulumi plugin install --file` puts it into an isolated PULUMI_HOME and a YAML program
// runs up and destroy against the simulator; then the CLI downloads it itself, from a local HTTP
// server standing in for the GitHub release (by `--server`, and by the resource option
// `pluginDownloadURL` the schema names, redirected with PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { repoRoot } from "../../../scripts/engine/repo";
import { SSH_PUBLIC_KEY } from "../../../scripts/engine/samples";
import { type Simulator, startSimulator } from "../../../simulator";
import { type CliSetup, cliSetup, expectSuccess, pulumi, pulumiBin } from "../support/cli";
import { Inventory } from "../support/inventory";
import { exportState } from "../support/state";
import { ref } from "../yaml/program";

interface ArchiveModule {
  assetName(version: string, os: string, arch: string): string;
  buildArchives(
    outDir: string,
    platforms: readonly { os: string; arch: string }[],
  ): { version: string; archives: { path: string; bytes: number }[] };
}

const REPO = repoRoot();
/** The repository's home on GitHub, as the schema's pluginDownloadURL names it. */
const DOWNLOAD_URL = "github://api.github.com/pulumi-serverscom/pulumi-serverscom";

/** This machine's platform in the CLI's words (plugins.go:1627-1638). */
const PLATFORM = {
  os: process.platform === "win32" ? "windows" : process.platform,
  arch: process.arch === "x64" ? "amd64" : process.arch,
};

let sim: Simulator;
let root: string;
let archive: string;
let version: string;
let server: Server;
let serverUrl: string;
const served: string[] = [];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "serverscom-cli-plugin-"));
  const module = (await import(join(REPO, "scripts", "plugin", "archive.mjs"))) as ArchiveModule;
  const built = module.buildArchives(join(root, "archives"), [PLATFORM]);
  version = built.version;
  const first = built.archives[0];
  if (first === undefined) throw new Error("no archive built");
  archive = first.path;
  // A release's assets, by name, as GitHub serves them; anything else is a 404.
  server = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? "").split("?")[0]?.split("/").pop() ?? "");
    served.push(req.url ?? "");
    if (name !== module.assetName(version, PLATFORM.os, PLATFORM.arch)) {
      res.writeHead(404).end();
      return;
    }
    const body = readFileSync(archive);
    res.writeHead(200, { "content-length": body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sim = await startSimulator({ speed: 3000 });
});

afterAll(async () => {
  await sim?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  rmSync(root, { recursive: true, force: true });
});

/**
 * A setup whose plugin can come from nowhere but the plugin cache (PULUMI_IGNORE_AMBIENT_PLUGINS:
 * not from PATH), with this test's Node.js first on PATH: the archive brings everything else.
 */
function isolated(name: string, env: Readonly<Record<string, string>> = {}): CliSetup {
  const dir = join(root, name);
  const nodeDir = join(dir, "node-only");
  mkdirSync(nodeDir, { recursive: true });
  symlinkSync(process.execPath, join(nodeDir, "node"));
  const base = cliSetup(dir);
  return cliSetup(dir, {
    // This test's Node.js first; then the system's tools (sh, awk) for the launcher.
    PATH: [pulumiBin(), nodeDir, process.env.PATH ?? ""].join(":"),
    PULUMI_IGNORE_AMBIENT_PLUGINS: "true",
    PULUMI_HOME: base.home,
    ...env,
  });
}

/** `pulumi plugin install resource serverscom <version>` from `source` (--file or --server). */
async function installPlugin(setup: CliSetup, ...source: string[]) {
  return expectSuccess(
    await pulumi(setup, root, ["plugin", "install", "resource", "serverscom", version, ...source]),
  );
}

/** A YAML project with no `plugins` section: resources and a lookup, as a user writes them. */
function project(dir: string, options: Record<string, string> = {}): void {
  mkdirSync(dir, { recursive: true });
  const opts = Object.keys(options).length > 0 ? { options } : {};
  writeFileSync(
    join(dir, "Pulumi.yaml"),
    stringify(
      {
        name: "plugin-install",
        runtime: "yaml",
        variables: {
          location: {
            "fn::invoke": {
              function: "serverscom:index:getLocation",
              arguments: { code: "AMS1" },
              ...opts,
            },
          },
        },
        resources: {
          deploy: {
            type: "serverscom:index:SshKey",
            properties: { publicKey: SSH_PUBLIC_KEY },
            ...opts,
          },
          data: {
            type: "serverscom:index:RbsVolume",
            properties: { locationId: ref("location.id"), flavorId: 1, size: 50 },
            ...opts,
          },
        },
        outputs: { volume: ref("data.id") },
      },
      // pulumi-yaml refuses alias nodes: the options are written out for each resource.
      { aliasDuplicateObjects: false },
    ),
  );
}

async function upAndDestroy(setup: CliSetup, dir: string): Promise<{ upMs: number }> {
  const inventory = await Inventory.start(sim);
  const run = (args: string[]) => pulumi(setup, dir, [...args, "--stack", "dev"]);
  expectSuccess(await pulumi(setup, dir, ["stack", "init", "dev"]));
  expectSuccess(await run(["config", "set", "serverscom:apiUrl", sim.url]));
  expectSuccess(await run(["config", "set", "--secret", "serverscom:apiToken", sim.token]));
  const started = Date.now();
  const up = expectSuccess(await run(["up", "--yes"]));
  const upMs = Date.now() - started;
  expect(up.stdout).toMatch(/serverscom:index:RbsVolume\s+data\s+created/);
  const state = await exportState(setup, dir, "dev");
  expect(state.resources.map((r) => r.name).sort()).toEqual(["data", "deploy"]);
  await inventory.expectClean(state, "up");
  expectSuccess(await run(["destroy", "--yes"]));
  const after = await exportState(setup, dir, "dev");
  expect(after.resources).toEqual([]);
  await inventory.expectClean(after, "destroy");
  return { upMs };
}

describe("the plugin archive through the real CLI", () => {
  it("is named as the CLI asks, holds the launcher at its root and no PulumiPlugin.yaml", () => {
    expect(archive.split("/").pop()).toBe(
      `pulumi-resource-serverscom-v${version}-${PLATFORM.os}-${PLATFORM.arch}.tar.gz`,
    );
    const entries = execFileSync("tar", ["-tzf", archive], { encoding: "utf8" }).split("\n");
    expect(entries).toContain("./pulumi-resource-serverscom");
    expect(entries).toContain("./package/dist/provider/native/main.js");
    expect(entries).toContain("./package/node_modules/@pulumi/pulumi/package.json");
    expect(entries.filter((e) => e.endsWith("PulumiPlugin.yaml"))).toEqual([]);
  });

  it("pulumi plugin install --file, then a YAML program without plugins.providers: up, destroy", async () => {
    const setup = isolated("from-file");
    const started = Date.now();
    const install = await installPlugin(setup, "--file", archive);
    const installMs = Date.now() - started;
    expect(`${install.stdout}${install.stderr}`).toContain(`serverscom-${version}`);
    const ls = expectSuccess(await pulumi(setup, root, ["plugin", "ls"]));
    expect(ls.stdout).toMatch(
      new RegExp(`serverscom\\s+resource\\s+${version.replace(/\./g, "\\.")}`),
    );
    const dir = join(root, "from-file", "project");
    project(dir);
    const { upMs } = await upAndDestroy(setup, dir);
    process.stdout.write(`plugin install --file: ${installMs} ms; first up: ${upMs} ms\n`);
  });

  it("pulumi plugin install --server <url>: the CLI downloads the asset by its name", async () => {
    const setup = isolated("from-server");
    await installPlugin(setup, "--server", `${serverUrl}/releases/download/v${version}`);
    expect(served).toContain(
      `/releases/download/v${version}/pulumi-resource-serverscom-v${version}-${PLATFORM.os}-${PLATFORM.arch}.tar.gz`,
    );
    const ls = expectSuccess(await pulumi(setup, root, ["plugin", "ls"]));
    expect(ls.stdout).toContain("serverscom");
  });

  it("up downloads the plugin by the pluginDownloadURL the schema names (redirected to the local server)", async () => {
    // Automatic acquisition on: the CLI fetches what the program needs, from the release the
    // github:// URL names, here redirected by the CLI's own override setting.
    const setup = isolated("from-url", {
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "false",
      PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^github://api.github.com/pulumi-serverscom/pulumi-serverscom=${serverUrl}/auto`,
    });
    const dir = join(root, "from-url", "project");
    project(dir, { version, pluginDownloadURL: DOWNLOAD_URL });
    await upAndDestroy(setup, dir);
    expect(served.some((url) => url.startsWith("/auto/pulumi-resource-serverscom-v"))).toBe(true);
  });
});
