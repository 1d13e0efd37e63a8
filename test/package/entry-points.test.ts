// The built package as a user's program loads it: `require()` from CommonJS (a Pulumi program,
// and the serialised shim inside the provider host) and `import` from ESM, with declarations.
// The package is installed into a scratch project as a symlink, exactly as `npm link` would.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = join(__dirname, "..", "..");
let project: string;

beforeAll(async () => {
  if (!existsSync(join(root, "dist", "provider", "index.js"))) {
    throw new Error("dist/ is missing: run `npm run build` (npm test does it first)");
  }
  project = await mkdtemp(join(tmpdir(), "pulumi-serverscom-entry-"));
  await mkdir(join(project, "node_modules"), { recursive: true });
  await symlink(root, join(project, "node_modules", "pulumi-serverscom"), "dir");
  await writeFile(join(project, "package.json"), JSON.stringify({ name: "user-program" }));
});

afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

async function node(file: string, text: string): Promise<string> {
  await writeFile(join(project, file), text);
  const { stdout } = await run(process.execPath, [file], { cwd: project });
  return stdout.trim();
}

describe("the package's three entry points", () => {
  it("load with require() from CommonJS", async () => {
    const out = await node(
      "load.cjs",
      `const sdk = require("pulumi-serverscom/sdk");
       const simulator = require("pulumi-serverscom/simulator");
       const provider = require("pulumi-serverscom");
       console.log([typeof sdk.ServersComClient, typeof simulator.startSimulator,
         typeof provider.RbsVolume, typeof provider.resourceProvider].join(","));`,
    );
    expect(out).toBe("function,function,function,function");
  });

  it("load with import from ESM, with the same classes as require()", async () => {
    const out = await node(
      "load.mjs",
      `import { createRequire } from "node:module";
       import { ServersComClient, NotFoundError } from "pulumi-serverscom/sdk";
       import { startSimulator } from "pulumi-serverscom/simulator";
       import { RbsVolume } from "pulumi-serverscom";
       const required = createRequire(import.meta.url)("pulumi-serverscom/sdk");
       console.log([typeof ServersComClient, typeof startSimulator, typeof RbsVolume,
         required.NotFoundError === NotFoundError].join(","));`,
    );
    expect(out).toBe("function,function,function,true");
  });

  it("ship declarations for each entry point", () => {
    for (const entry of ["provider", "sdk", "simulator"]) {
      expect(existsSync(join(root, "dist", entry, "index.d.ts")), entry).toBe(true);
    }
  });
});
