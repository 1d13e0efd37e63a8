// The Node.js version the package needs, and the guard that says so. The minimum is the highest
// of what the package's dependencies need (undici 8: `>=22.19.0`; on 22.12 undici throws a
// TypeError while loading), `engines.node` states it, and the guard compares major, minor and
// patch: 22.18 is refused with the guard's message, 22.19 and later load.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import * as semver from "semver";
import { describe, expect, it } from "vitest";
import { isNodeTooOld, MINIMUM_NODE, nodeTooOldMessage } from "../../sdk/core/node-version";

const root = join(__dirname, "..", "..");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

interface Requirement {
  readonly name: string;
  readonly range: string;
}

/**
 * The `engines.node` of every package a user's program loads: the dependencies (@pulumi/pulumi
 * among them) and any peer, with everything they depend on, as installed here.
 */
function dependencyRequirements(): Requirement[] {
  const seen = new Set<string>();
  const found: Requirement[] = [];
  const visit = (name: string, from: string) => {
    let file: string;
    try {
      file = createRequire(join(from, "noop.js")).resolve(`${name}/package.json`);
    } catch {
      return; // an optional dependency not installed on this platform
    }
    if (seen.has(file)) return;
    seen.add(file);
    const pkg = JSON.parse(readFileSync(file, "utf8")) as {
      engines?: { node?: string };
      dependencies?: Record<string, string>;
    };
    if (pkg.engines?.node !== undefined) found.push({ name, range: pkg.engines.node });
    for (const dependency of Object.keys(pkg.dependencies ?? {})) visit(dependency, dirname(file));
  };
  for (const name of [
    ...Object.keys(manifest.dependencies),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ]) {
    visit(name, root);
  }
  return found;
}

describe("the minimum Node.js version", () => {
  it("is what engines.node states", () => {
    expect(manifest.engines.node).toBe(`>=${MINIMUM_NODE}`);
  });

  it("satisfies every dependency's engines.node, and is the lowest that does", () => {
    const requirements = dependencyRequirements();
    expect(requirements.map((r) => r.name)).toContain("undici");
    const refusing = (version: string) =>
      requirements.filter((r) => !semver.satisfies(version, r.range));
    expect(refusing(MINIMUM_NODE)).toEqual([]);
    // One patch, one minor below: some dependency refuses it (otherwise the minimum is too high).
    const [major, minor, patch] = MINIMUM_NODE.split(".").map(Number) as [number, number, number];
    const below = patch > 0 ? `${major}.${minor}.${patch - 1}` : `${major}.${minor - 1}.99`;
    expect(refusing(below).length).toBeGreaterThan(0);
  });
});

describe("the guard's version logic", () => {
  it("compares major, minor and patch", () => {
    for (const old of [
      "22.18.0",
      "v22.18.0",
      "22.18.9",
      "22.0.0",
      "21.99.99",
      "20.20.2",
      "18.0.0",
    ]) {
      expect(isNodeTooOld(old), old).toBe(true);
    }
    for (const fine of [
      "22.19.0",
      "v22.19.0",
      "22.19.1",
      "22.20.0",
      "23.0.0",
      "24.21.0",
      "30.1.2",
    ]) {
      expect(isNodeTooOld(fine), fine).toBe(false);
    }
  });

  it("never stops a Node.js whose version it cannot read", () => {
    expect(isNodeTooOld("")).toBe(false);
    expect(isNodeTooOld("nightly")).toBe(false);
  });

  it("says what is needed, what was found and what to do", () => {
    expect(nodeTooOldMessage("22.18.0", "/usr/bin/node")).toBe(
      "pulumi-serverscom needs Node.js 22.19.0 or newer, but runs on Node.js v22.18.0 " +
        "(/usr/bin/node): install a newer Node.js (24 LTS is the one tested) and run Pulumi " +
        "with it on PATH",
    );
  });
});

/** Loads a built entry point in a child Node.js that reports `version` as its own. */
function loadAs(version: string, entry: string) {
  const script =
    `Object.defineProperty(process.versions, "node", { value: ${JSON.stringify(version)} });` +
    `require(${JSON.stringify(join(root, entry))}); console.log("loaded");`;
  return spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
}

const entries = ["dist/provider/index.js", "dist/sdk/index.js", "dist/simulator/index.js"];
/** The plugin executable starts serving once loaded: only its refusal is tested. */
const refusingEntries = [...entries, "dist/provider/native/main.js"];

describe("the built entry points", () => {
  it("refuse to load on 22.18 with the guard's message, not undici's TypeError", () => {
    for (const entry of refusingEntries) {
      const run = loadAs("22.18.0", entry);
      expect(run.status, entry).not.toBe(0);
      expect(run.stderr).toContain(
        "pulumi-serverscom needs Node.js 22.19.0 or newer, but runs on Node.js v22.18.0",
      );
      expect(run.stdout).not.toContain("loaded");
    }
  });

  it("load on 22.19", () => {
    for (const entry of entries) {
      const run = loadAs("22.19.0", entry);
      expect(run.stderr, entry).toBe("");
      expect(run.stdout.trim()).toBe("loaded");
    }
  });
});

/** A real Node.js binary older than the minimum, if this machine has one (the system's is 20). */
function oldNode(): string | undefined {
  for (const candidate of ["/usr/bin/node", "/bin/node", "/usr/local/bin/node"]) {
    if (!existsSync(candidate)) continue;
    const version = spawnSync(candidate, ["--version"], { encoding: "utf8" }).stdout.trim();
    if (isNodeTooOld(version)) return candidate;
  }
  return undefined;
}

const node = oldNode();

describe("the entry points on a real Node.js that is too old", () => {
  it.skipIf(node === undefined)(
    "refuse to load, naming the version needed and the one found (skipped: no Node.js older than 22.19 on this machine)",
    () => {
      for (const entry of refusingEntries) {
        const run = spawnSync(node ?? "", ["-e", `require(${JSON.stringify(join(root, entry))})`], {
          encoding: "utf8",
        });
        expect(run.status).not.toBe(0);
        expect(run.stderr).toMatch(
          /pulumi-serverscom needs Node\.js 22\.19\.0 or newer, but runs on Node\.js v\d+\./,
        );
        expect(run.stderr).not.toMatch(/Cannot read properties of undefined/);
      }
    },
  );
});
