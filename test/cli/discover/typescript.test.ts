// The TypeScript door of discovery, through the real CLI: an account holding objects of every
// kind (test/provider/discover/account.ts; two of them another stack's) is discovered with
// `serverscom-discover --typescript`; the program it writes type-checks against the package and
// runs through the Automation API's inline runner (test/cli/support/inline.ts) with the
// additions in the stack configuration. Its first `up` adopts every object and sends the API
// no request that creates, deletes or changes anything on the servers; `preview
// --expect-no-changes` passes after; no object is recorded twice, and only the other stack's
// objects stay unrecorded.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDITIONS, type KindName } from "../../../provider/discover/kinds";
import { configKey } from "../../../provider/discover/write";
import { OWNER_LABEL_KEY, withoutOwnerLabel } from "../../../provider/framework/ownership";
import type { Program } from "../../../scripts/engine/program";
import { DEDICATED_SERVER, SSH_PUBLIC_KEY } from "../../../scripts/engine/samples";
import type { WireRecord } from "../../../simulator";
import {
  LABELLED_COLLECTIONS,
  OWNED,
  type SeededAccount,
  seededAccount,
} from "../../provider/discover/account";
import { type CliSetup, cliSetup, expectSuccess } from "../support/cli";
import { InlineStack } from "../support/inline";
import { Inventory } from "../support/inventory";
import { installPackage } from "../support/project";
import { exportState, secretsInFiles } from "../support/state";
import { CERTIFICATE, PRIVATE_KEY } from "../typescript/all-kinds";
import { discoverBin, expectOnlyOthersUnrecorded, type ImportSpec } from "./support";

let account: SeededAccount;
let root: string;
let setup: CliSetup;
let projectDir: string;
let inventory: Inventory;
let inline: InlineStack;
const STACK = "adopted";
const programFile = () => join(projectDir, "index.ts");

let specs: ImportSpec[] = [];

/** Every record of the collections, by "collection/key". */
async function recordsOf(collections: readonly string[]): Promise<Map<string, WireRecord>> {
  const out = new Map<string, WireRecord>();
  for (const collection of collections) {
    for (const record of await account.sim.control.records(collection)) {
      const key = collection === "ssh_keys" ? record.fingerprint : record.id;
      out.set(`${collection}/${String(key)}`, record);
    }
  }
  return out;
}

/** The additions' values: what the all-kinds program declared. */
function additionValue(kind: KindName, property: string): string | undefined {
  if (kind === "SshKey" && property === "publicKey") return SSH_PUBLIC_KEY;
  if (kind === "SslCertificate" && property === "publicKey") return CERTIFICATE;
  if (kind === "SslCertificate" && property === "privateKey") return PRIVATE_KEY;
  if (kind === "DedicatedServer" && property === "drives") {
    return JSON.stringify(DEDICATED_SERVER.drives);
  }
  if (kind === "CloudSnapshot" && property === "instanceId") return account.made.get("app")?.id;
  return undefined;
}

/** The program file as the inline runner runs it: compiled, required from the project. */
function compiled(source: string): Program {
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  return (serverscom, pulumi) => {
    const modules: Record<string, unknown> = {
      "pulumi-serverscom": serverscom,
      "@pulumi/pulumi": pulumi,
    };
    const load = (name: string) => {
      if (!(name in modules)) throw new Error(`the program requires ${name}`);
      return modules[name];
    };
    const module = { exports: {} };
    new Function("require", "module", "exports", js)(load, module, module.exports);
  };
}

beforeAll(async () => {
  account = await seededAccount();
  root = mkdtempSync(join(tmpdir(), "serverscom-cli-discover-ts-"));
  setup = cliSetup(root);
  projectDir = join(root, "project");
  mkdirSync(projectDir, { recursive: true });
  installPackage(projectDir);
  // The inventory's seed: the simulator's catalogue before any program ran is not known here,
  // so the objects another stack manages are expected as the only unrecorded ones (below).
  inventory = await Inventory.start(account.sim);
}, 180_000);
afterAll(async () => {
  await account?.sim.close();
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

describe("serverscom-discover --typescript through the real CLI", () => {
  it("writes a program that type-checks against the package", async () => {
    const plain = await discoverBin(setup, projectDir, account.sim, []);
    expect(plain.code, plain.stderr).toBe(0);
    specs = (JSON.parse(plain.stdout) as { resources: ImportSpec[] }).resources;
    const result = await discoverBin(setup, projectDir, account.sim, [
      "--typescript",
      "--out",
      programFile(),
    ]);
    expect(result.code, result.stderr).toBe(0);
    const program = ts.createProgram([programFile()], {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      esModuleInterop: true,
      skipLibCheck: true,
      types: [],
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(problems, readFileSync(programFile(), "utf8")).toEqual([]);
  });

  it("the first up adopts every object and changes nothing on the servers", async () => {
    const config: Record<string, { value: string; secret?: boolean }> = {
      "serverscom:apiToken": { value: account.sim.token, secret: true },
      "serverscom:apiUrl": { value: account.sim.url },
    };
    for (const spec of specs) {
      const kind = spec.type.replace("serverscom:index:", "") as KindName;
      for (const addition of ADDITIONS[kind] ?? []) {
        const value = additionValue(kind, addition.property);
        if (value === undefined) continue;
        config[configKey(spec.name, addition)] = { value, secret: addition.secret === true };
      }
    }
    inline = await InlineStack.create({
      setup,
      projectDir,
      project: "discovered",
      stack: STACK,
      program: compiled(readFileSync(programFile(), "utf8")),
      config,
    });
    const before = await recordsOf(LABELLED_COLLECTIONS);
    await account.sim.control.clearRequestCounts();
    expectSuccess(await inline.up());
    const counts = await account.sim.control.requestCounts();
    // Nothing created, deleted or acted on: no POST, no DELETE.
    const writes = Object.keys(counts).filter((route) => !route.startsWith("GET "));
    expect(writes.filter((route) => !route.startsWith("PUT "))).toEqual([]);
    // The PUTs put the ownership label on what the stack now manages (docs/architecture.md,
    // "Ownership"), so that another stack's discovery and adoptId leave it alone; every other
    // field of every object is as it was.
    const after = await recordsOf(LABELLED_COLLECTIONS);
    let labelled = 0;
    for (const [key, record] of before) {
      const now = after.get(key);
      const { labels: oldLabels, updated_at: _a, ...rest } = record;
      const { labels: newLabels, updated_at: _b, ...restNow } = now ?? {};
      expect(restNow, key).toEqual(rest);
      const { [OWNER_LABEL_KEY]: owner, ...userLabels } = (newLabels ?? {}) as Record<
        string,
        string
      >;
      const { [OWNER_LABEL_KEY]: oldOwner, ...oldUserLabels } = (oldLabels ?? {}) as Record<
        string,
        string
      >;
      // The provider's create label, left on an object its first create made, goes with the PUT.
      expect(withoutOwnerLabel(userLabels), key).toEqual(withoutOwnerLabel(oldUserLabels));
      if (oldOwner !== undefined) expect(owner, `${key} keeps its owner`).toBe(oldOwner);
      else if (owner !== undefined) labelled++;
    }
    const puts = writes.reduce((sum, route) => sum + (counts[route] ?? 0), 0);
    expect(puts).toBe(labelled);
    const state = await exportState(setup, projectDir, STACK);
    const adopted = state.resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/"));
    expect(adopted).toHaveLength(specs.length);
    // Nothing recorded twice; unrecorded only what another stack manages (and its zone's record).
    const findings = await inventory.check(state);
    expectOnlyOthersUnrecorded(
      findings,
      OWNED.map((name) => account.made.get(name)?.id),
    );
  });

  it("then preview --expect-no-changes passes", async () => {
    expectSuccess(await inline.preview({ expectNoChanges: true }));
  });

  it("no secret in clear in any file the CLI wrote", () => {
    const keyLines = PRIVATE_KEY.split("\n").filter((line) => line.length >= 40);
    expect(
      secretsInFiles([setup.backend], [account.sim.token, PRIVATE_KEY.trim(), ...keyLines]),
    ).toEqual([]);
  });
});
