// What a user does: the package packed (`npm pack`, as npm publishes it), the tarball installed
// into a Pulumi project of their own outside this repository (no symlink: npm unpacks it into
// node_modules), with the stock TypeScript template's tsconfig.json and devDependencies, a program
// using the provider, the SDK subpath and the simulator subpath type-checked as the user's CI
// would (`tsc` of the oldest and the newest TypeScript 5, no skipLibCheck) and as `pulumi up` does when the project brings no
// TypeScript (the 3.8.3 that @pulumi/pulumi vendors), then run through the engine harness with the
// provider host's working directory in that project: up, refresh, destroy against the simulator
// (itself loaded from the installed package).
//
// The dependencies come from the npm registry, or from npm's cache when it has them
// (--prefer-offline): @pulumi/pulumi at the version installed in this repository, so a machine
// that ran `npm ci` here has most of them cached.
import { execFile } from "node:child_process";
import { existsSync, lstatSync, readFileSync, realpathSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EngineHarness } from "../../scripts/engine/harness";
import { programFile } from "../../scripts/engine/program";
import { repoRoot } from "../../scripts/engine/repo";
import type * as SimulatorModule from "../../simulator";
import { currentRegistry } from "../support/captured";

const run = promisify(execFile);
const root = repoRoot();
const PROJECT = "outside-project";

/** Pulumi's `typescript` template's tsconfig.json (pulumi/templates, typescript/tsconfig.json). */
const TEMPLATE_TSCONFIG = {
  compilerOptions: {
    strict: true,
    outDir: "bin",
    target: "es2020",
    module: "commonjs",
    moduleResolution: "node",
    sourceMap: true,
    experimentalDecorators: true,
    pretty: true,
    noFallthroughCasesInSwitch: true,
    noImplicitReturns: true,
    forceConsistentCasingInFileNames: true,
  },
  files: ["index.ts"],
};

// Written as users write it, and in syntax TypeScript 3.8 reads (no inline `type` imports).
const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import * as serverscom from "pulumi-serverscom";
import { labelSelector } from "pulumi-serverscom/sdk";
import { AMS1 } from "pulumi-serverscom/simulator";

const labels = { team: "outside" };
const key = new serverscom.SshKey("deploy", {
  publicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIyB3A44B87Yo1njdPBzzpmTF6QX106HVCzqpqcVhtN5 me@outside",
  labels,
});
const volume = new serverscom.RbsVolume("data", { locationId: AMS1, flavorId: 1, size: 10, labels });
const location = serverscom.getLocationOutput({ code: "AMS1" });
const selector: string = labelSelector().eq("team", "outside").toString();

export const fingerprint: pulumi.Output<string> = key.fingerprint;
export const volumeStatus: pulumi.Output<string> = volume.status;
export const locationName: pulumi.Output<string> = location.name;
export const labelledHosts = serverscom
  .getHostsOutput({ labelSelector: selector })
  .hosts.apply((hosts) => hosts.length);
`;

/** Lines that must not compile: proof that the package's types were resolved, not `any`. */
const WRONG = `
const wrongOutput: number = fingerprint;
const wrongBuilder: number = labelSelector();
const wrongLocation: string = AMS1;
`;

const OLDEST_TYPESCRIPT = "~5.0.4";
const OLDEST_TYPES_NODE = "^18.19.0";

let project: string;
let tarball: string;

/** The version of a package installed in this repository (what `npm ci` cached). */
function installed(name: string): string {
  const manifest = createRequire(join(root, "noop.js")).resolve(`${name}/package.json`);
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

beforeAll(async () => {
  if (!existsSync(join(root, "dist", "provider", "index.js"))) {
    throw new Error("dist/ is missing: run `npm run build` (npm test does it first)");
  }
  project = await mkdtemp(join(tmpdir(), "pulumi-serverscom-user-"));
  // dist/ is already built (npm test builds first); npm pack would build it again (prepare),
  // emptying dist/ under the test files running beside this one.
  const packed = await run(
    "npm",
    ["pack", "--json", "--ignore-scripts", "--pack-destination", project],
    { cwd: root },
  );
  const [info] = JSON.parse(packed.stdout) as { filename: string }[];
  if (info === undefined) throw new Error(`npm pack printed no file: ${packed.stdout}`);
  tarball = info.filename;
  await writeFile(
    join(project, "package.json"),
    JSON.stringify(
      {
        name: PROJECT,
        main: "index.ts",
        private: true,
        // The oldest TypeScript 5 and the Node.js types of the template's older versions; the
        // newest TypeScript 5 is this repository's own (tsc of both is run below).
        devDependencies: {
          "@types/node": OLDEST_TYPES_NODE,
          typescript: OLDEST_TYPESCRIPT,
        },
        dependencies: {
          "@pulumi/pulumi": installed("@pulumi/pulumi"),
          "pulumi-serverscom": `file:./${tarball}`,
        },
      },
      null,
      2,
    ),
  );
  await writeFile(
    join(project, "Pulumi.yaml"),
    `name: ${PROJECT}\nruntime:\n  name: nodejs\n  options:\n    packagemanager: npm\n`,
  );
  await writeFile(join(project, "tsconfig.json"), JSON.stringify(TEMPLATE_TSCONFIG, null, 4));
  await writeFile(join(project, "index.ts"), PROGRAM);
  try {
    await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], {
      cwd: project,
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? "";
    throw new Error(
      `npm install in ${project} failed (it needs the npm registry, or npm's cache holding ` +
        `@pulumi/pulumi ${installed("@pulumi/pulumi")} and its dependencies): ${stderr}`,
    );
  }
}, 300_000);

afterAll(async () => {
  if (project !== undefined) await rm(project, { recursive: true, force: true });
});

describe("the package installed into a project outside the repository", () => {
  it("is unpacked from the tarball, not linked to the repository", () => {
    const installedAt = join(project, "node_modules", "pulumi-serverscom");
    expect(lstatSync(installedAt).isSymbolicLink()).toBe(false);
    expect(realpathSync(installedAt).startsWith(realpathSync(root) + sep)).toBe(false);
    const resolved = createRequire(join(project, "noop.js")).resolve("pulumi-serverscom");
    expect(resolved).toBe(join(realpathSync(installedAt), "dist", "provider", "index.js"));
  });

  it.each([
    ["the oldest TypeScript 5 (the project's)", "project", /^Version 5\.0\./],
    ["the newest TypeScript 5 (this repository's)", "repository", /^Version 5\./],
  ])(
    "type-checks with the template's tsconfig.json and %s, without skipLibCheck",
    async (_name, from, expected) => {
      const tsc = join(
        from === "project" ? project : root,
        "node_modules",
        "typescript",
        "bin",
        "tsc",
      );
      const version = (await run(process.execPath, [tsc, "--version"], { cwd: project })).stdout;
      expect(version).toMatch(expected);
      const check = () =>
        run(process.execPath, [tsc, "--noEmit", "--pretty", "false"], { cwd: project }).catch(
          (error: { stdout: string }) => ({ stdout: error.stdout }),
        );
      expect((await check()).stdout).toBe("");
      // The same compiler sees the package's real types: wrong uses are errors.
      await writeFile(join(project, "index.ts"), PROGRAM + WRONG);
      try {
        const errors = (await check()).stdout
          .split("\n")
          .filter((line) => line.includes("error TS"));
        expect(errors).toHaveLength(3);
        expect(errors.every((line) => line.startsWith("index.ts("))).toBe(true);
      } finally {
        await writeFile(join(project, "index.ts"), PROGRAM);
      }
    },
    120_000,
  );

  it("type-checks as `pulumi up` does with the TypeScript @pulumi/pulumi vendors (3.8.3)", async () => {
    // Without `typescript` in the project, Pulumi's Node.js runtime compiles the program with its
    // vendored TypeScript 3.8.3 through ts-node, which reports the program's own diagnostics.
    const script = `
      const ts = require("@pulumi/pulumi/vendor/typescript@3.8.3/typescript.js");
      const path = require("path");
      const text = require("fs").readFileSync("tsconfig.json", "utf8");
      const config = ts.parseJsonConfigFileContent(JSON.parse(text), ts.sys, process.cwd());
      const program = ts.createProgram(config.fileNames, config.options);
      const file = program.getSourceFile(path.resolve("index.ts"));
      const found = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
      console.log(JSON.stringify({ version: ts.version,
        errors: found.map((d) => ts.flattenDiagnosticMessageText(d.messageText, " ")) }));`;
    const check = async () =>
      JSON.parse((await run(process.execPath, ["-e", script], { cwd: project })).stdout) as {
        version: string;
        errors: string[];
      };
    const clean = await check();
    expect(clean).toEqual({ version: "3.8.3", errors: [] });
    await writeFile(join(project, "index.ts"), PROGRAM + WRONG);
    try {
      const wrong = await check();
      expect(wrong.errors).toEqual([
        "Type 'Output<string>' is not assignable to type 'number'.",
        "Type 'LabelSelectorBuilder' is not assignable to type 'number'.",
        "Type '1' is not assignable to type 'string'.",
      ]);
    } finally {
      await writeFile(join(project, "index.ts"), PROGRAM);
    }
  }, 120_000);

  it("runs through the engine from that project: up, refresh, destroy against the simulator", async () => {
    const requireFromProject = createRequire(join(project, "noop.js"));
    const { startSimulator } = requireFromProject(
      "pulumi-serverscom/simulator",
    ) as typeof SimulatorModule;
    const sim = await startSimulator({ speed: 3000 });
    currentRegistry().addSecret("outside-project simulator token", [sim.token]);
    const harness = new EngineHarness({
      projectDir: project,
      packageDir: project,
      project: PROJECT,
      stack: "dev",
      config: {
        "serverscom:apiToken": { value: sim.token, secret: true },
        "serverscom:apiUrl": { value: sim.url },
      },
      env: { SERVERSCOM_POLL_INTERVAL_MS: "5" },
    });
    try {
      const program = programFile(join(project, "index.ts"));
      const up = await harness.up(program);
      expect(up.map((step) => step.op)).toEqual(["create", "create"]);
      expect(harness.outputs.get("fingerprint")?.value).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
      expect(harness.outputs.get("volumeStatus")?.value).toBe("active");
      expect(harness.outputs.get("locationName")?.value).toBe("Amsterdam");
      expect(harness.outputs.get("labelledHosts")?.value).toBe(0);
      expect(await sim.control.records("ssh_keys")).toHaveLength(1);

      const refresh = await harness.refresh();
      expect(refresh.map((step) => step.op)).toEqual(["same", "same"]);

      const destroy = await harness.destroy();
      expect(destroy.map((step) => step.op)).toEqual(["delete", "delete"]);
      expect(await sim.control.records("ssh_keys")).toEqual([]);
      expect(harness.stderr.join("\n")).not.toContain(sim.token);
    } finally {
      await harness.close();
      await sim.close();
    }
  }, 120_000);
});
