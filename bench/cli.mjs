// What a user waits for through the real Pulumi CLI: `pulumi up`, `pulumi preview --refresh` and
// `pulumi destroy` of a stack of 200 resources of mixed kinds, through each door, against the
// floor: the same creates, reads and deletes made directly through the SDK (bench/cli-floor.mjs).
//
// The doors:
// - TypeScript: the dynamic resource classes, the program run by the Automation API in this
//   process (test/cli/support/inline.ts: the Node.js language host cannot be built here), every
//   resource operation in the CLI's dynamic provider host (pulumi-resource-pulumi-nodejs);
// - YAML: `pulumi <command>` of a YAML program, every operation in the native plugin
//   (pulumi-resource-serverscom, test/cli/support/project.ts).
//
// Each command is measured for:
// - wall time, from the command's start to its end (the Automation API call; the `pulumi`
//   process), as the user waits for it;
// - the provider processes' CPU time (user + system) and peak RSS, each reported by the process
//   itself at its exit through a preloaded hook (bench/cli-usage-hook.cjs, which says why that and
//   not sampling /proc). The dynamic door counts its host and the `node -e` its launcher script
//   runs first (one more Node.js start per command); peak RSS is the largest single process. The
//   CLI itself, the YAML language host and the TypeScript program are not provider processes and
//   are not counted (the program runs in this process in either case of the TypeScript door);
// - the /v1 requests the simulator received during the command (its request counts).
// The floor runs one Node.js process per command (node start and the SDK's load included, as the
// provider processes' figures include theirs), as many operations at once as the CLI's default
// parallelism (4 x the CPUs: pulumi/pulumi v3.274.1 pkg/cmd/pulumi/operations/up.go:70), and
// reports the same figures. Every figure is printed as a ratio to the floor's of the same round.
//
// The simulator runs in its own process at speed 100,000 (a 20-minute install takes 12 ms), so
// the API's waits do not dominate and its CPU is no one's; the provider and the floor poll every
// POLL_MS. It is reset before each door's `up`, so each starts from the seed. BENCH_QUICK=1 runs
// a stack of 14 (two of each kind), one round: a smoke test, not a measurement.
//
// Needs the real CLI (`npm run -s pulumi-cli`, which builds it when missing) and the build.
// Runs standalone (`node bench/cli.mjs` after `npm run build`) or as `npm run bench -- cli`.
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { isMain, median, QUICK, REPO, requireTypeScript, sshPublicKey } from "./lib.mjs";

const require = createRequire(import.meta.url);

const ROUNDS = Number(process.env.BENCH_CLI_ROUNDS ?? (QUICK ? 1 : 3));
const POLL_MS = 5;
/**
 * BENCH_CLI_SKIP_CHECKPOINTS=1: the CLI saves the state only at the end of a command
 * (PULUMI_SKIP_CHECKPOINTS, pulumi/pulumi v3.274.1 sdk/go/common/env/env.go:50) instead of after
 * every step. With the file backend, each save writes the whole state (pkg/backend/diy, saveStack),
 * so a command of N steps costs O(N x state): this shows how much of a door's time that is.
 */
const SKIP_CHECKPOINTS = process.env.BENCH_CLI_SKIP_CHECKPOINTS === "1";
const SPEED = 100_000;
/** The CLI's default parallelism (see the header); the floor's concurrency. */
const PARALLEL = Number(process.env.PULUMI_PARALLEL ?? 0) || (await cpuCount()) * 4;

/** How many resources of each kind the stack declares (200; each record in its own zone). */
const MIX = QUICK
  ? {
      RbsVolume: 2,
      SbmServer: 2,
      CloudInstance: 2,
      CloudVolume: 2,
      SshKey: 2,
      DnsZone: 2,
      DnsRecord: 2,
    }
  : {
      RbsVolume: 40,
      SbmServer: 40,
      CloudInstance: 30,
      CloudVolume: 30,
      SshKey: 20,
      DnsZone: 20,
      DnsRecord: 20,
    };

const COMMANDS = ["up", "preview --refresh", "destroy"];
const FLOOR_PHASE = { up: "up", "preview --refresh": "read", destroy: "destroy" };

async function cpuCount() {
  const { availableParallelism } = await import("node:os");
  return availableParallelism();
}

/**
 * The stack as data, one entry per resource: its kind, its name (letters and digits, so that a
 * YAML interpolation can name it) and its inputs in the provider's words; the floor reads the
 * same entries (publicKey, imageId, domain, zone).
 */
function stackPlan() {
  const { AMS1_UBUNTU_IMAGE } = requireTypeScript(join(REPO, "scripts", "engine", "samples.ts"));
  const labels = { env: "bench" };
  const plan = [];
  const add = (kind, count, make) => {
    for (let i = 0; i < count; i++) plan.push({ kind, ...make(i) });
  };
  add("RbsVolume", MIX.RbsVolume, (i) => ({
    name: `data${i}`,
    inputs: { locationId: 1, flavorId: 1, size: 10, labels },
  }));
  add("SbmServer", MIX.SbmServer, (i) => ({
    name: `web${i}`,
    inputs: {
      locationId: 1,
      sbmFlavorModelId: 601,
      operatingSystemId: 302,
      hostname: `web${i}`,
      labels,
    },
  }));
  add("CloudInstance", MIX.CloudInstance, (i) => ({
    name: `app${i}`,
    imageId: AMS1_UBUNTU_IMAGE,
    inputs: { regionId: 1, flavorId: "SSD.30", imageId: AMS1_UBUNTU_IMAGE, labels },
  }));
  add("CloudVolume", MIX.CloudVolume, (i) => ({
    name: `vol${i}`,
    inputs: { regionId: 1, size: 20, labels },
  }));
  add("SshKey", MIX.SshKey, (i) => {
    const publicKey = sshPublicKey();
    return { name: `key${i}`, publicKey, inputs: { publicKey, name: `key${i}`, labels } };
  });
  add("DnsZone", MIX.DnsZone, (i) => ({
    name: `zone${i}`,
    domain: `zone${i}.example.com`,
    inputs: { name: `zone${i}.example.com`, email: "admin@example.com", labels },
  }));
  add("DnsRecord", MIX.DnsRecord, (i) => ({
    name: `www${i}`,
    zone: `zone${i % MIX.DnsZone}`,
    inputs: { name: `www${i}`, type: "A", data: "192.0.2.1" },
  }));
  return plan;
}

/** The TypeScript program of the plan (scripts/engine/program.ts, Program). */
function tsProgram(plan) {
  return (serverscom) => {
    const zones = new Map();
    for (const r of plan) {
      const inputs =
        r.kind === "DnsRecord" ? { ...r.inputs, zoneId: zones.get(r.zone).id } : r.inputs;
      const resource = new serverscom[r.kind](r.name, inputs);
      if (r.kind === "DnsZone") zones.set(r.name, resource);
    }
  };
}

/** The YAML program of the plan (JSON flow values are YAML). */
function yamlBody(plan) {
  const lines = ["resources:"];
  for (const r of plan) {
    const inputs = r.kind === "DnsRecord" ? { ...r.inputs, zoneId: `\${${r.zone}.id}` } : r.inputs;
    lines.push(`  ${r.name}:`);
    lines.push(`    type: serverscom:index:${r.kind}`);
    lines.push(`    properties: ${JSON.stringify(inputs)}`);
  }
  return lines.join("\n");
}

// --- the simulator, in its own process ---

async function startSimulator() {
  const token = randomBytes(16).toString("hex");
  const child = spawn(
    process.execPath,
    [
      join(REPO, "dist", "simulator", "cli.js"),
      "--port",
      "0",
      "--speed",
      String(SPEED),
      "--token",
      token,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const url = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const match = /export SERVERSCOM_API_URL=(\S+)/.exec(out);
      if (match !== null) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`the simulator exited (${code}): ${out}`)));
  });
  child.stdout.resume();
  const { SimulatorControl } = require("../dist/simulator/index.js");
  return {
    url,
    token,
    control: new SimulatorControl(url, token),
    close: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

/**
 * CPU time of this process's children that have ended and been waited for, in ms: Linux adds a
 * child's CPU (and that of the descendants it waited for) to the parent's cutime and cstime
 * (/proc/self/stat fields 16 and 17, in clock ticks of 10 ms) when it is reaped. Around one
 * command, the difference is everything the command ran: the `pulumi` process, its language host,
 * its provider processes. Only the command's processes end in between: the simulator lives on.
 */
function childrenCpuMs() {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // fields[0] is field 3 (state): field n is fields[n - 3].
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** /v1 requests received since the last clearRequestCounts. */
async function requestsSince(sim) {
  let total = 0;
  for (const [route, count] of Object.entries(await sim.control.requestCounts())) {
    if (route.includes(" /v1/")) total += count;
  }
  return total;
}

// --- the provider processes' own figures (bench/cli-usage-hook.cjs) ---

const HOOK = join(REPO, "bench", "cli-usage-hook.cjs");

/** Reads the hook's lines written since `offset`; waits until every process that started ended. */
async function usageSince(file, offset) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const text = existsSync(file) ? readFileSync(file, "utf8").slice(offset) : "";
    const lines = text
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line));
    const ends = new Map(lines.filter((l) => l.event === "end").map((l) => [l.pid, l]));
    const started = lines.filter((l) => l.event === "start");
    if (started.every((l) => ends.has(l.pid)) || Date.now() > deadline) {
      const missing = started.filter((l) => !ends.has(l.pid)).map((l) => `${l.role} ${l.pid}`);
      const processes = [...ends.values()];
      return {
        offset: offset + text.length,
        cpuMs: processes.reduce((sum, p) => sum + p.cpuUs / 1000, 0),
        peakRssMb: Math.max(0, ...processes.map((p) => p.maxRssKb / 1024)),
        processes: processes.map((p) => p.role),
        missing,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// --- the floor ---

function runFloor(sim, plan, stateFile, phase) {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(REPO, "bench", "cli-floor.mjs"), phase],
      {
        env: {
          ...process.env,
          SIM_URL: sim.url,
          SIM_TOKEN: sim.token,
          FLOOR_PLAN: JSON.stringify(plan),
          FLOOR_PARALLEL: String(PARALLEL),
          FLOOR_POLL_MS: String(POLL_MS),
          FLOOR_STATE: stateFile,
        },
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const ms = performance.now() - start;
        if (error !== null) {
          reject(new Error(`cli-floor ${phase}: ${error.message}\n${stderr}`));
          return;
        }
        const usage = JSON.parse(stdout.trim().split("\n").at(-1));
        resolve({ ms, cpuMs: usage.cpuUs / 1000, peakRssMb: usage.maxRssKb / 1024 });
      },
    );
  });
}

// --- the doors ---

function support() {
  const dir = join(REPO, "test", "cli", "support");
  return {
    ...requireTypeScript(join(dir, "cli.ts")),
    ...requireTypeScript(join(dir, "inline.ts")),
    ...requireTypeScript(join(dir, "project.ts")),
  };
}

/** A door: its setup, and how it runs each command (resolves when the command ended, or throws). */
async function typescriptDoor(root, sim, plan, usageFile) {
  const s = support();
  const setup = s.cliSetup(join(root, "ts"), doorEnv(usageFile));
  const projectDir = join(setup.root, "project");
  s.installPackage(projectDir);
  const stack = await s.InlineStack.create({
    setup,
    projectDir,
    project: "bench-ts",
    stack: "bench",
    program: tsProgram(plan),
    config: {
      "serverscom:apiUrl": { value: sim.url },
      "serverscom:apiToken": { value: sim.token, secret: true },
    },
  });
  const run = {
    up: () => stack.up(),
    "preview --refresh": () => stack.preview({ refresh: true, diff: false }),
    destroy: () => stack.destroy(),
  };
  return {
    name: "TypeScript (dynamic provider host)",
    run: async (command) => s.expectSuccess(await run[command]()),
  };
}

async function yamlDoor(root, sim, plan, usageFile) {
  const s = support();
  const setup = s.cliSetup(join(root, "yaml"), doorEnv(usageFile));
  const projectDir = join(setup.root, "project");
  s.yamlProject(projectDir, "bench-yaml", yamlBody(plan));
  const pulumi = async (args) =>
    s.expectSuccess(await s.pulumi(setup, projectDir, args, { timeoutMs: 20 * 60_000 }));
  await pulumi(["stack", "init", "bench"]);
  await pulumi(["config", "set", "serverscom:apiUrl", sim.url]);
  await pulumi(["config", "set", "--secret", "serverscom:apiToken", sim.token]);
  const run = {
    up: () => pulumi(["up", "--yes", "--skip-preview"]),
    "preview --refresh": () => pulumi(["preview", "--refresh"]),
    destroy: () => pulumi(["destroy", "--yes", "--skip-preview"]),
  };
  return { name: "YAML (native plugin)", run: (command) => run[command]() };
}

/** What the CLI and its providers get on top of cliSetup's environment. */
function doorEnv(usageFile) {
  return {
    NODE_OPTIONS: `--require ${JSON.stringify(HOOK)}`,
    BENCH_CLI_USAGE_FILE: usageFile,
    SERVERSCOM_POLL_INTERVAL_MS: String(POLL_MS),
    ...(SKIP_CHECKPOINTS ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {}),
  };
}

// --- the run ---

export async function runCli() {
  const plan = stackPlan();
  const sim = await startSimulator();
  const root = mkdtempSync(join(tmpdir(), "serverscom-bench-cli-"));
  const usageFiles = { ts: join(root, "usage-ts.jsonl"), yaml: join(root, "usage-yaml.jsonl") };
  const offsets = { ts: 0, yaml: 0 };
  try {
    const doors = {
      ts: await typescriptDoor(root, sim, plan, usageFiles.ts),
      yaml: await yamlDoor(root, sim, plan, usageFiles.yaml),
    };
    /** rounds[i][door][command] = { ms, cpuMs, peakRssMb, requests } */
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const figures = { floor: {}, ts: {}, yaml: {} };
      // The order turns each round, so that no door always follows the same one.
      const order = ["floor", "ts", "yaml"];
      for (let i = 0; i < round % order.length; i++) order.push(order.shift());
      for (const door of order) {
        await sim.control.reset();
        for (const command of COMMANDS) {
          await sim.control.clearRequestCounts();
          let figure;
          if (door === "floor") {
            figure = await runFloor(sim, plan, join(root, "floor.json"), FLOOR_PHASE[command]);
          } else {
            const children = childrenCpuMs();
            const own = process.cpuUsage();
            const start = performance.now();
            await doors[door].run(command);
            const ms = performance.now() - start;
            const ownCpu = process.cpuUsage(own);
            const usage = await usageSince(usageFiles[door], offsets[door]);
            offsets[door] = usage.offset;
            if (usage.missing.length > 0) {
              throw new Error(`${door} ${command}: no usage from ${usage.missing.join(", ")}`);
            }
            figure = {
              ms,
              processes: usage.processes.join("+"),
              cpuMs: usage.cpuMs,
              peakRssMb: usage.peakRssMb,
              // Not ratios, for where the rest of the time goes: the CLI's process tree less the
              // provider processes (the engine, and YAML's language host), and this process (the
              // TypeScript program the Automation API runs here; near nothing for YAML).
              cliCpuMs: childrenCpuMs() - children - usage.cpuMs,
              programCpuMs: (ownCpu.user + ownCpu.system) / 1000,
            };
          }
          figure.requests = await requestsSince(sim);
          figures[door][command] = figure;
          console.log(
            `  round ${round + 1} ${door} ${command}: ${(figure.ms / 1000).toFixed(2)} s, ` +
              `CPU ${(figure.cpuMs / 1000).toFixed(2)} s, peak ${figure.peakRssMb.toFixed(0)} MB, ` +
              `${figure.requests} requests` +
              (figure.cliCpuMs === undefined
                ? ""
                : `; CLI CPU ${(figure.cliCpuMs / 1000).toFixed(2)} s, program CPU ` +
                  `${(figure.programCpuMs / 1000).toFixed(2)} s; provider processes ${figure.processes}`),
          );
        }
      }
      rounds.push(figures);
    }
    return { resources: plan.length, rounds, doors };
  } finally {
    await sim.close();
    rmSync(root, { recursive: true, force: true });
  }
}

const FIELDS = [
  ["ms", "wall"],
  ["cpuMs", "CPU"],
  ["peakRssMb", "peak RSS"],
  ["requests", "requests"],
];

export async function main() {
  console.log(
    `cli: ${Object.entries(MIX)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(", ")} through the real Pulumi CLI, ${ROUNDS} round(s), parallelism ${PARALLEL}` +
      (SKIP_CHECKPOINTS ? ", PULUMI_SKIP_CHECKPOINTS=true" : ""),
  );
  const r = await runCli();
  // Per door and command: the median over rounds of each figure, and of its ratio to the floor
  // of the same round.
  const summary = {};
  for (const door of ["floor", "ts", "yaml"]) {
    summary[door] = {};
    for (const command of COMMANDS) {
      const entry = {};
      for (const [field] of FIELDS) {
        entry[field] = median(r.rounds.map((round) => round[door][command][field]));
        entry[`${field}Ratio`] = median(
          r.rounds.map((round) => round[door][command][field] / round.floor[command][field]),
        );
      }
      if (door !== "floor") {
        for (const field of ["cliCpuMs", "programCpuMs"]) {
          entry[field] = median(r.rounds.map((round) => round[door][command][field]));
        }
      }
      summary[door][command] = entry;
    }
  }
  const name = { floor: "floor (SDK)", ts: r.doors.ts.name, yaml: r.doors.yaml.name };
  console.log(
    `${r.resources} resources, median of ${r.rounds.length} round(s); ratios to the floor of the same round:`,
  );
  for (const command of COMMANDS) {
    for (const door of ["floor", "ts", "yaml"]) {
      const e = summary[door][command];
      const ratio = (field) => (door === "floor" ? "" : ` (${e[`${field}Ratio`].toFixed(2)}x)`);
      console.log(
        `  ${command.padEnd(17)} ${name[door].padEnd(36)} ${(e.ms / 1000).toFixed(2)} s${ratio("ms")}, ` +
          `CPU ${(e.cpuMs / 1000).toFixed(2)} s${ratio("cpuMs")}, ` +
          `peak ${e.peakRssMb.toFixed(0)} MB${ratio("peakRssMb")}, ` +
          `${e.requests} requests${ratio("requests")}` +
          (door === "floor"
            ? ""
            : `; CLI CPU ${(e.cliCpuMs / 1000).toFixed(2)} s, program CPU ${(e.programCpuMs / 1000).toFixed(2)} s`),
      );
    }
  }
  for (const door of ["ts", "yaml"]) {
    for (const command of COMMANDS) {
      const e = summary[door][command];
      const label = `cli-${door}-${command.split(" ")[0]}`;
      console.log(
        `RATIO ${label} ${e.msRatio.toFixed(2)}x wall, ${e.cpuMsRatio.toFixed(2)}x CPU, ` +
          `${e.peakRssMbRatio.toFixed(2)}x peak RSS, ${e.requestsRatio.toFixed(2)}x requests (to the floor)`,
      );
    }
  }
  return { ...r, summary };
}

if (isMain(import.meta.url)) {
  await main();
}

// For experiments (a profile of one door's command): the pieces of a run.
export { stackPlan, startSimulator, tsProgram, typescriptDoor, yamlBody, yamlDoor };
