// On a Node.js older than 22 the entry points fail at once with a message that says so, instead
// of undici's TypeError from deep inside it. Needs an old Node.js on this machine: the system's
// (/usr/bin/node) is one on the development and CI machines, which run the suite on the Node 24
// the project installs.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MINIMUM_NODE_MAJOR } from "../../sdk/core/node-version";

const root = join(__dirname, "..", "..");

/** A Node.js binary older than the minimum, if this machine has one. */
function oldNode(): string | undefined {
  for (const candidate of ["/usr/bin/node", "/bin/node", "/usr/local/bin/node"]) {
    if (!existsSync(candidate)) continue;
    const version = spawnSync(candidate, ["--version"], { encoding: "utf8" }).stdout.trim();
    if (Number.parseInt(version.replace(/^v/, ""), 10) < MINIMUM_NODE_MAJOR) return candidate;
  }
  return undefined;
}

const node = oldNode();

describe("the entry points on a Node.js that is too old", () => {
  it.skipIf(node === undefined)(
    "refuse to load, naming the version needed and the one found (skipped: no Node.js older than 22 on this machine)",
    () => {
      for (const entry of [
        "dist/provider/index.js",
        "dist/sdk/index.js",
        "dist/provider/native/main.js",
      ]) {
        const run = spawnSync(node ?? "", ["-e", `require(${JSON.stringify(join(root, entry))})`], {
          encoding: "utf8",
        });
        expect(run.status).not.toBe(0);
        expect(run.stderr).toMatch(
          /pulumi-serverscom needs Node\.js 22 or newer, but runs on Node\.js v\d+\./,
        );
        expect(run.stderr).not.toMatch(/Cannot read properties of undefined/);
      }
    },
  );
});
