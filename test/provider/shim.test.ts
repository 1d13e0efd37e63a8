// The serialised provider (`__provider`): what Pulumi stores, and how the provider host loads it.
// Each scenario runs in a fresh Node process on the built package (dist/), as the Pulumi program
// and the provider host do.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";

const REPO = join(__dirname, "..", "..");
const PROJECT = join(REPO, "test", "engine", "project");
const TOKEN = "tok-0123456789-very-secret";

/** Runs a CommonJS script in a fresh node process and parses the JSON it prints last. */
async function node(
  script: string,
  cwd = REPO,
  env: Record<string, string> = {},
): Promise<unknown> {
  const { stdout } = await promisify(execFile)(process.execPath, ["-e", script], {
    cwd,
    env: { PATH: process.env.PATH ?? "", REPO, ...env },
  });
  const lines = stdout.trim().split("\n");
  return JSON.parse(lines[lines.length - 1] ?? "null");
}

/**
 * Serialises every kind's provider the way dynamic.Resource does (dynamic/index.js,
 * serializeFunctionMaybeSecret: serializeFunction(() => provider, { allowSecrets: true })), after
 * configuring the implementation with a token and putting one in the environment: if the shim
 * reached any module state, the token would be captured.
 */
const SERIALISE = `
const { join } = require("node:path");
const repo = process.env.REPO;
process.env.SERVERSCOM_API_TOKEN = ${JSON.stringify(TOKEN)};
const { serializeFunction } = require(join(repo, "node_modules/@pulumi/pulumi/runtime/closure/serializeClosure"));
const { createShim } = require(join(repo, "dist/provider/shim.js"));
const { resourceKinds, resourceProvider } = require(join(repo, "dist/provider/registry.js"));
(async () => {
  const out = {};
  for (const kind of resourceKinds) {
    await resourceProvider(kind).configure({ config: { get: (key) => key === "serverscom:apiToken" ? ${JSON.stringify(TOKEN)} : undefined } });
    const provider = createShim(kind);
    out[kind] = (await serializeFunction(() => provider, { allowSecrets: true })).text;
  }
  console.log(JSON.stringify(out));
})();
`;

/** The text a program registers, captured from the mocks' newResource. */
const PROGRAM = `
const { join } = require("node:path");
const repo = process.env.REPO;
const pulumi = require(join(repo, "node_modules/@pulumi/pulumi"));
const serverscom = require(join(repo, "dist/provider/index.js"));
let text;
pulumi.runtime.setMocks({
  newResource: (args) => { text = args.inputs.__provider; return { id: "x", state: {} }; },
  call: () => ({}),
});
new serverscom.RbsVolume("data", { locationId: 1, flavorId: 1, size: 10 });
pulumi.runtime.waitForRPCs().then(() => console.log(JSON.stringify(text)));
`;

beforeAll(() => {
  if (!existsSync(join(REPO, "dist", "provider", "shim.js"))) {
    throw new Error("dist/ is missing: run `npm run build` first");
  }
});

describe("the serialised provider of each kind", () => {
  let first: Record<string, string>;

  beforeAll(async () => {
    first = (await node(SERIALISE)) as Record<string, string>;
  });

  it("is small, captures only the kind, and holds no token", () => {
    expect(Object.keys(first)).toContain("RbsVolume");
    for (const [kind, text] of Object.entries(first)) {
      console.info(`__provider of ${kind}: ${text.length} bytes`);
      expect(text.length).toBeLessThan(4096);
      expect(text).toContain(`kind: ${JSON.stringify(kind)}`);
      expect(text).not.toContain(TOKEN);
      // Nothing of the package is copied in: the implementation is required at run time.
      expect(text).not.toMatch(/zod|ServersComClient|Lifecycle|createHash/);
    }
  });

  it("is byte-identical from a fresh load, and equal to what a program registers", async () => {
    expect(await node(SERIALISE)).toEqual(first);
    expect(await node(PROGRAM)).toBe(first.RbsVolume);
  });
});

describe("loading the provider in the host's way (require-from-string, cwd = the project)", () => {
  /** What the host does with `__provider` (cmd/dynamic-provider/index.js, getProvider). */
  const HOST = `
const requireFromString = require(require("node:path").join(process.env.REPO, "node_modules/require-from-string"));
const provider = requireFromString(process.env.PROVIDER_TEXT).handler();
provider.check({}, JSON.parse(process.env.INPUTS)).then(
  (result) => console.log(JSON.stringify(result.failures)),
  (error) => console.log(JSON.stringify(error.message)),
);
`;
  let text: string;

  beforeAll(async () => {
    text = ((await node(SERIALISE)) as Record<string, string>).RbsVolume ?? "";
  });

  it("a plain require in the serialised text would not find the package from a project in this repository", async () => {
    const result = await node(
      `
const requireFromString = require(require("node:path").join(process.env.REPO, "node_modules/require-from-string"));
let outcome;
try { requireFromString('module.exports = require("pulumi-serverscom")'); outcome = "found"; }
catch (error) { outcome = error.code; }
console.log(JSON.stringify(outcome));`,
      PROJECT,
    );
    // The module has no filename, so Node cannot use the package's self-reference.
    expect(result).toBe("MODULE_NOT_FOUND");
  });

  it("the shim finds it (self-reference from the project's directory) and delegates to it", async () => {
    const inputs = { locationId: 1, flavorId: 1, size: 0, name: "x" };
    const result = await node(HOST, PROJECT, {
      PROVIDER_TEXT: text,
      INPUTS: JSON.stringify(inputs),
    });
    expect(result).toEqual([{ property: "size", reason: "size must be at least 1 GB (got 0 GB)" }]);
  });

  it("outside any project with the package, it says to install it", async () => {
    const empty = mkdtempSync(join(tmpdir(), "serverscom-empty-"));
    try {
      const result = await node(HOST, empty, { PROVIDER_TEXT: text, INPUTS: "{}" });
      expect(result).toMatch(
        new RegExp(
          `^pulumi-serverscom: the provider for RbsVolume cannot load the package from the Pulumi project's directory ${empty}: Cannot find module 'pulumi-serverscom'`,
        ),
      );
      expect(result).toMatch(
        /'pulumi-serverscom'\. Install it there: npm install pulumi-serverscom$/,
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
