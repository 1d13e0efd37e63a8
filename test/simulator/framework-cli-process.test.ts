// The command `serverscom-simulator` as users run it: the built dist/simulator/cli.js in its own
// process. It prints the URL and the token, serves the API, and on SIGTERM or SIGINT closes its
// connections, writes the state file a last time and exits 0.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

const ROOT = join(__dirname, "..", "..");
const CLI = join(ROOT, "dist", "simulator", "cli.js");

/** Builds dist once when it is missing (`npm test` builds first; a lone vitest run may not). */
function ensureBuilt(): void {
  if (existsSync(CLI)) return;
  const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
  try {
    execFileSync(process.execPath, [tsc, "-p", join(ROOT, "tsconfig.build.json")], {
      cwd: ROOT,
      stdio: "pipe",
    });
  } catch (error) {
    // tsc still emits when another part of the package (the provider) has type errors: the
    // command is testable as long as it was built. Without it, the compiler's output says why.
    if (!existsSync(CLI)) throw error;
  }
}

interface Running {
  readonly child: ChildProcess;
  readonly url: string;
  readonly token: string;
  /** Everything printed on stdout so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process ends. */
  readonly exited: Promise<number | null>;
}

/** Starts the command and resolves once it printed the lines to export. */
function start(args: readonly string[]): Promise<Running> {
  // The same Node that runs the tests (24): the system's may be older than the package needs.
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return new Promise((resolve, reject) => {
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /^export SERVERSCOM_API_URL=(\S+)$/m.exec(stdout)?.[1];
      const token = /^export SERVERSCOM_API_TOKEN=(\S+)$/m.exec(stdout)?.[1];
      if (url !== undefined && token !== undefined) {
        resolve({ child, url, token, output: () => stdout, exited });
      }
    });
    void exited.then((code) => reject(new Error(`the simulator exited (${code}): ${stderr}`)));
  });
}

describe("serverscom-simulator (dist/simulator/cli.js) in its own process", () => {
  let dir: string;
  let running: Running | undefined;
  beforeAll(() => {
    ensureBuilt();
  });
  afterEach(async () => {
    // A failed test must not leave its simulator running.
    if (running !== undefined && running.child.exitCode === null) {
      running.child.kill("SIGKILL");
      await running.exited;
    }
    running = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it("prints the URL and token, serves requests, and on SIGTERM writes the state file and exits 0", async () => {
    dir = await mkdtemp(join(tmpdir(), "sim-cli-"));
    const stateFile = join(dir, "state.json");
    running = await start([
      "--port",
      "0",
      "--token",
      "process-token",
      "--speed",
      "0",
      "--state-file",
      stateFile,
    ]);
    expect(running.token).toBe("process-token");
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(running.output()).toContain(`listening on ${running.url}`);

    const refused = await fetch(`${running.url}/v1/locations`);
    expect(refused.status).toBe(401);
    await refused.text();
    const created = await fetch(`${running.url}/v1/ssh_keys`, {
      method: "POST",
      headers: { authorization: "Bearer process-token", "content-type": "application/json" },
      body: JSON.stringify({
        name: "from-cli-test",
        public_key:
          "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMViyXPPKhVMabjHpguYG4rPeK3pNPcfCMaIotflOeM0",
      }),
    });
    expect(created.status).toBe(201);
    await created.text();

    running.child.kill("SIGTERM");
    expect(await running.exited).toBe(0);
    expect(running.output()).toContain("SIGTERM received, stopping");
    const saved = JSON.parse(await readFile(stateFile, "utf8")) as {
      format: string;
      store: { collections: { ssh_keys: Record<string, { record: { name: string } }> } };
    };
    expect(saved.format).toBe("serverscom-simulator-state");
    const names = Object.values(saved.store.collections.ssh_keys).map((k) => k.record.name);
    expect(names).toEqual(["from-cli-test"]);
  });

  it("stops cleanly on SIGINT too", async () => {
    dir = await mkdtemp(join(tmpdir(), "sim-cli-"));
    running = await start(["--port", "0", "--speed", "0"]);
    // Without --token the command makes one up and prints it.
    expect(running.token).toMatch(/^sim-/);
    const res = await fetch(`${running.url}/v1/locations`, {
      headers: { authorization: `Bearer ${running.token}` },
    });
    expect(res.status).toBe(200);
    await res.text();
    running.child.kill("SIGINT");
    expect(await running.exited).toBe(0);
    expect(running.output()).toContain("SIGINT received, stopping");
  });

  it("refuses bad arguments with usage text and exit code 2", async () => {
    dir = await mkdtemp(join(tmpdir(), "sim-cli-"));
    const child = spawn(process.execPath, [CLI, "--port", "http"], { stdio: "pipe" });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(2);
    expect(stderr).toContain("Usage: serverscom-simulator");
  });
});
