// The Python door of discovery, through the real CLI: an account holding objects of every kind
// (test/provider/discover/account.ts; two of them another stack's) is listed with
// `serverscom-discover --out`; `pulumi import --file` (the Python Automation API's
// `Stack.import_resources`, no code generated) imports all of it into a stack whose program is a
// Python program of the generated SDK (sdks/python, venv from test/cli/python/venv.ts). The
// program then declares every imported resource with its name, parent and the inputs the import
// recorded, plus the README's additions with the values the account's objects were made with,
// and `pulumi preview --expect-no-changes` passes (python.py runs both steps as inline programs:
// the Python language host cannot be built here). No object is recorded twice, and only the other
// stack's objects stay unrecorded.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDITIONS, type KindName } from "../../../provider/discover/kinds";
import { repoRoot } from "../../../scripts/engine/repo";
import { DEDICATED_SERVER, SSH_PUBLIC_KEY } from "../../../scripts/engine/samples";
import { OWNED, type SeededAccount, seededAccount } from "../../provider/discover/account";
import { pythonEnvironment, pythonVersion } from "../python/venv";
import { type CliSetup, cliSetup, pulumiBin } from "../support/cli";
import { Inventory } from "../support/inventory";
import { runProgram } from "../support/program";
import { installPackage, writeProjectFile } from "../support/project";
import { exportState, secretsInFiles } from "../support/state";
import { CERTIFICATE, PRIVATE_KEY } from "../typescript/all-kinds";
import { discoverBin, expectOnlyOthersUnrecorded, type ImportSpec } from "./support";

const PYTHON = pythonVersion();
const PROJECT = "discovered-python";
const STACK = "adopted";

let account: SeededAccount;
let root: string;
let setup: CliSetup;
let projectDir: string;
let inventory: Inventory;
let python: string;

let specs: ImportSpec[] = [];

/** One resource of the Python program: what python.py declares. */
interface Declared {
  type: string;
  name: string;
  parent?: string;
  inputs: Record<string, unknown>;
  /** Inputs the program passes as secrets. */
  secrets: string[];
}

/**
 * The project's Pulumi.yaml for the runtime: the native plugin through `plugins.providers`, as
 * the README tells users of every language; the Automation API keeps a Pulumi.yaml it finds in
 * its work dir.
 */
function projectFile(runtime: "python" | "yaml"): void {
  writeProjectFile(projectDir, PROJECT, runtime);
}

/** The additions' values: what the all-kinds program made the objects with. */
function additionValue(kind: KindName, property: string): unknown {
  if (kind === "SshKey" && property === "publicKey") return SSH_PUBLIC_KEY;
  if (kind === "SslCertificate" && property === "publicKey") return CERTIFICATE;
  if (kind === "SslCertificate" && property === "privateKey") return PRIVATE_KEY;
  if (kind === "DedicatedServer" && property === "drives") return DEDICATED_SERVER.drives;
  if (kind === "CloudSnapshot" && property === "instanceId") return account.made.get("app")?.id;
  return undefined;
}

/**
 * Runs one step of python.py with the CLI's environment and the stack's settings on stdin (the
 * token and the private key never appear in a command line); its last line is the summary.
 */
async function step(
  name: "import" | "preview",
  extra: Record<string, unknown>,
): Promise<Record<string, number>> {
  const settings = {
    workDir: projectDir,
    project: PROJECT,
    stack: STACK,
    cliRoot: dirname(pulumiBin()),
    apiUrl: account.sim.url,
    token: account.sim.token,
    ...extra,
  };
  const script = join(repoRoot(), "test", "cli", "discover", "python.py");
  const result = await runProgram<{ summary: Record<string, number> }>(
    name,
    { file: python, args: [script, name] },
    setup,
    settings,
  );
  return result.summary;
}

describe.skipIf(PYTHON === undefined)(
  `serverscom-discover, pulumi import --file, preview: a Python program${PYTHON === undefined ? " (skipped: no python3 on PATH)" : ""}`,
  () => {
    beforeAll(async () => {
      account = await seededAccount();
      root = mkdtempSync(join(tmpdir(), "serverscom-cli-discover-py-"));
      setup = cliSetup(root);
      projectDir = join(root, "project");
      installPackage(projectDir);
      projectFile("python");
      // Seeded after the account was made: the objects another stack manages are expected as
      // the only unrecorded ones (below).
      inventory = await Inventory.start(account.sim);
      python = pythonEnvironment();
    }, 600_000);
    afterAll(async () => {
      await account?.sim.close();
      if (root !== undefined) rmSync(root, { recursive: true, force: true });
    });

    it("serverscom-discover --out lists every object but the other stack's", async () => {
      const file = join(projectDir, "import.json");
      const result = await discoverBin(setup, projectDir, account.sim, ["--out", file]);
      expect(result.code, result.stderr).toBe(0);
      specs = (JSON.parse(readFileSync(file, "utf8")) as { resources: ImportSpec[] }).resources;
      const ids = specs.map((s) => s.id);
      for (const [name, { id }] of account.made) {
        if ((OWNED as readonly string[]).includes(name)) expect(ids, name).not.toContain(id);
      }
      expect(specs.length).toBeGreaterThan(0);
      expect(result.stderr).not.toContain(account.sim.token);
    });

    it("pulumi import --file imports it all into the Python stack", async () => {
      // `pulumi import` has no `--client` (pulumi/pulumi v3.274.1 pkg/cmd/pulumi/operations/
      // import.go): it runs no program, but asks the project's language host which plugins the
      // program needs (pkg/engine/plugins.go:288-335), and the Python host cannot be built here
      // (scripts/pulumi-cli/build.mjs). For the import alone the project says `runtime: yaml`
      // (its host is built; the Pulumi.yaml declares no resource): same project, same stack,
      // same state; the import's steps come from the file, not from any program.
      projectFile("yaml");
      const summary = await step("import", { resources: specs }).finally(() =>
        projectFile("python"),
      );
      // Every object of the file, and the stack itself.
      expect(summary).toEqual({ import: specs.length, create: 1 });
      const state = await exportState(setup, projectDir, STACK);
      expect(state.resources.map((r) => r.id).sort()).toEqual(specs.map((s) => s.id).sort());
    });

    it("the Python program with the additions: preview --expect-no-changes passes", async () => {
      const state = await exportState(setup, projectDir, STACK);
      const byName = new Map(state.resources.map((r) => [r.name, r]));
      const program: Declared[] = [];
      for (const spec of specs) {
        const stored = byName.get(spec.name);
        expect(stored?.type, spec.name).toBe(spec.type);
        const inputs: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(stored?.inputs ?? {})) {
          // The engine's own bookkeeping (`__defaults`), not an input a program writes.
          if (!key.startsWith("__")) inputs[key] = value;
        }
        // The import recorded no secret input: the write-only ones are the additions.
        expect(JSON.stringify(inputs), spec.name).not.toContain("ciphertext");
        const kind = spec.type.replace("serverscom:index:", "") as KindName;
        const secrets: string[] = [];
        for (const addition of ADDITIONS[kind] ?? []) {
          const value = additionValue(kind, addition.property);
          if (value === undefined) continue;
          inputs[addition.property] = value;
          if (addition.secret === true) secrets.push(addition.property);
        }
        program.push({
          type: spec.type,
          name: spec.name,
          ...(spec.parent === undefined ? {} : { parent: spec.parent }),
          inputs,
          secrets,
        });
      }
      const summary = await step("preview", { program });
      // Every resource and the stack itself, the same.
      expect(summary).toEqual({ same: specs.length + 1 });
      // Nothing imported twice, nothing lost; unrecorded only what another stack manages (and
      // its zone's record).
      const findings = await inventory.check(await exportState(setup, projectDir, STACK));
      expectOnlyOthersUnrecorded(
        findings,
        OWNED.map((name) => account.made.get(name)?.id),
      );
    });

    it("no secret in clear in any file the CLI wrote", () => {
      const keyLines = PRIVATE_KEY.split("\n").filter((line) => line.length >= 40);
      expect(
        secretsInFiles([setup.backend], [account.sim.token, PRIVATE_KEY.trim(), ...keyLines]),
      ).toEqual([]);
    });
  },
);
