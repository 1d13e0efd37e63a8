// The engine harness held against the real Pulumi CLI: the same commands on the same programs,
// through each door, the CLI's engine events and `pulumi stack export` on one side, the harness's
// journal and state on the other. Where they differ, the CLI is right and the harness is fixed
// (scripts/engine/harness.ts cites the engine's source for each rule); this test keeps them in
// step. The harness stays for what the CLI cannot do on demand (a fault at an exact point, speed).
//
// The sequence covers the shapes of step the engine takes: creates of three kinds (an RbsVolume
// with secret outputs, an SshKey that deletes before replacing, an SbmServer), a no-change up,
// in-place updates, a replacement of each order (the RbsVolume's diff asks to delete first, the
// SshKey's resource option does), `up --replace` (create first, no diff asked), drift made in the
// simulator then `pulumi preview --refresh --expect-no-changes` (fails), `pulumi refresh` and the
// `up` that puts it back, destroy; then a partial create (a create timeout the volume misses:
// recorded with its init error) and the `up` that resumes it; then a create lost past the
// look-up window (a placeholder), the `up` after its order appeared (the plugin's Read first,
// refresh_before_update) and a destroy.
//
// HELD_DOORS=plugin (or dynamic) runs one door only, when chasing a difference.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SSH_PUBLIC_KEY } from "../../../scripts/engine/samples";
import { byResource } from "./journal";
import {
  type Command,
  cliSide,
  type Declaration,
  type Door,
  harnessSide,
  SIMULATOR,
  type Side,
} from "./sides";

const OTHER_KEY =
  "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIyB3A44B87Yo1njdPBzzpmTF6QX106HVCzqpqcVhtN5";

const volume = (args: Declaration["args"] = {}, options?: Declaration["options"]): Declaration => ({
  kind: "RbsVolume",
  name: "data",
  args: { locationId: 1, flavorId: 1, size: 100, ...args },
  ...(options === undefined ? {} : { options }),
});
// A program of another language sets deleteBeforeReplace on an SshKey itself (README, "Other
// languages"); the TypeScript class defaults it to the same.
const key = (args: Declaration["args"] = {}): Declaration => ({
  kind: "SshKey",
  name: "deploy",
  args: { publicKey: SSH_PUBLIC_KEY, labels: { team: "platform" }, ...args },
  // A secret input: sent to the provider, stored sealed, and its output sealed too.
  secrets: ["labels"],
  options: { deleteBeforeReplace: true },
});
const server = (args: Declaration["args"] = {}): Declaration => ({
  kind: "SbmServer",
  name: "web",
  args: {
    locationId: 1,
    sbmFlavorModelId: 601,
    operatingSystemId: 302,
    hostname: "web-1",
    ...args,
  },
});

/** A late commit's delay: ten days of the simulator's clock, moved on by the test itself. */
const LATE_COMMIT_DELAY_MS = 10 * 24 * 3_600_000;

const first = [volume(), key(), server()];
const changed = [
  volume({ size: 200 }),
  key({ name: "deploy-key" }),
  server({ labels: { env: "prod" } }),
];
const replaced = [
  volume({ size: 200, locationId: 2, flavorId: 3 }),
  key({ name: "deploy-key", publicKey: OTHER_KEY }),
  server({ labels: { env: "prod" } }),
];

/** A step of the sequence: a command, and what to do to both simulators before it. */
interface Stage {
  readonly title: string;
  readonly command: Command;
  readonly before?: (side: Side) => Promise<void>;
  /**
   * Steps the CLI must show (each resource's own sequence): the engine's facts this test
   * documents, so that a comparison of two empty journals cannot pass for agreement.
   */
  readonly expect?: Readonly<Record<string, readonly string[]>>;
  /**
   * Objects whose progress lines must be the same on both sides. Most lines depend on timing
   * (what the first poll finds), so only those that cannot are compared.
   */
  readonly progress?: readonly string[];
}

/** The progress lines of the named objects. */
function pick(
  progress: Readonly<Record<string, string[]>>,
  subjects: readonly string[] = [],
): Record<string, string[]> {
  return Object.fromEntries(subjects.map((subject) => [subject, progress[subject] ?? []]));
}

/**
 * Transitions shown before the state they leave: each "A -> B" line needs an earlier line of
 * the same object that ends in A. The plugin's lines once reached the CLI out of order (each Log
 * call is served on its own goroutine; provider/native/server.ts now sends them one at a time).
 */
function outOfOrder(progress: Readonly<Record<string, string[]>>): string[] {
  const found: string[] = [];
  for (const [subject, lines] of Object.entries(progress)) {
    lines.forEach((line, index) => {
      const from = /: (\S+) -> \S+ after/.exec(line)?.[1];
      if (from === undefined) return;
      const before = lines.slice(0, index);
      if (
        !before.some(
          (earlier) => earlier.endsWith(`: ${from}`) || earlier.includes(`-> ${from} after`),
        )
      ) {
        found.push(`"${subject}${line}" before any line saying ${from}`);
      }
    });
  }
  return found;
}

const STAGES: readonly Stage[] = [
  {
    title: "up creates",
    command: { run: "up", program: first },
    expect: { "RbsVolume::data": ["create"], "SshKey::deploy": ["create"] },
    progress: ["serverscom:RbsVolume data"],
  },
  { title: "up without changes", command: { run: "up", program: first } },
  {
    title: "in-place changes",
    command: { run: "up", program: changed },
    expect: { "RbsVolume::data": ["update"], "SbmServer::web": ["update"] },
  },
  {
    // The volume's diff asks to delete first; the key's resource option does.
    title: "replacements (delete first)",
    command: { run: "up", program: replaced },
    expect: {
      "RbsVolume::data": ["delete-replaced", "replace", "create-replacement"],
      "SshKey::deploy": ["delete-replaced", "replace", "create-replacement"],
      "SbmServer::web": ["same"],
    },
  },
  {
    // No diff is asked: create first, the old generation deleted at the end.
    title: "up --replace (create first)",
    command: { run: "up", program: replaced, replace: ["RbsVolume::data"] },
    expect: { "RbsVolume::data": ["create-replacement", "replace", "delete-replaced"] },
  },
  {
    title: "preview --refresh --expect-no-changes after drift",
    command: { run: "preview-refresh", program: replaced },
    before: async (side) => {
      const id = await side.idOf("RbsVolume::data");
      await side.sim.control.patch("rbs_volumes", id, { name: "renamed-by-hand" });
    },
  },
  {
    title: "refresh",
    command: { run: "refresh" },
    expect: { "RbsVolume::data": ["refresh:update"], "SshKey::deploy": ["refresh:same"] },
  },
  { title: "up puts it back", command: { run: "up", program: replaced } },
  {
    // No program runs: the provider is configured from the state, with the token of the last up.
    title: "refresh after the token changed in the stack config",
    command: { run: "refresh" },
    before: (side) => side.setConfig("serverscom:apiToken", "not-the-token", true),
    expect: { "RbsVolume::data": ["refresh:same"] },
  },
  {
    // The program's provider takes the stack's token (a 401); the refresh before it still has
    // the state's.
    title: "preview --refresh with that token",
    command: { run: "preview-refresh", program: replaced },
  },
  {
    // Drift again, put back by one command.
    title: "up --refresh after drift",
    command: { run: "up", program: replaced, refresh: true },
    before: async (side) => {
      await side.setConfig("serverscom:apiToken", side.sim.token, true);
      const id = await side.idOf("RbsVolume::data");
      await side.sim.control.patch("rbs_volumes", id, { name: "renamed-again" });
    },
    expect: { "RbsVolume::data": ["refresh", "update"], "SshKey::deploy": ["refresh", "same"] },
  },
  {
    title: "preview --refresh --expect-no-changes in step",
    command: { run: "preview-refresh", program: replaced },
    before: async (side) => side.setConfig("serverscom:apiToken", side.sim.token, true),
  },
  { title: "destroy", command: { run: "destroy" } },
  {
    // The simulator's clock held (speed 0): the volume stays `creating` past the 1 ms create
    // timeout however loaded the machine is, so both sides record a partial create.
    title: "a partial create",
    command: { run: "up", program: [volume({}, { customTimeouts: { create: "1ms" } })] },
    before: (side) => side.sim.control.setSpeed(0),
  },
  {
    title: "up resumes it",
    command: { run: "up", program: [volume()] },
    before: (side) => side.sim.control.setSpeed(SIMULATOR.speed),
  },
  { title: "destroy again", command: { run: "destroy" } },
  {
    // Refused at check, nothing made: the engine's wording names the value (diag.ts).
    title: "a check failure",
    command: { run: "up", program: [volume({ size: 5000 })] },
  },
  {
    // A create answered 504 and committed far past the look-up window (3 s, sides.ts): it gives
    // up and records a placeholder as a partial create (provider/framework/placeholder.ts),
    // through the plugin with refresh_before_update.
    title: "a create lost past the look-up window",
    command: { run: "up", program: [volume()] },
    before: (side) =>
      side.sim.control.setFaults({
        rules: [
          {
            kind: "lateCommit",
            probability: 1,
            times: 1,
            method: "POST",
            path: "/v1/remote_block_storage/volumes",
            delayMs: LATE_COMMIT_DELAY_MS,
          },
        ],
      }),
  },
  {
    // The order appears. Plugin: the engine Reads the placeholder first, which answers the
    // order's id: no replacement. Dynamic (the host never sets the flag): replaced, a new order,
    // the late one deleted by its create label.
    title: "up after the lost create's order appeared",
    command: { run: "up", program: [volume()] },
    before: async (side) => {
      await side.sim.control.setFaults({});
      await side.sim.control.advance(LATE_COMMIT_DELAY_MS);
    },
  },
  { title: "destroy after the lost create", command: { run: "destroy" } },
];

/**
 * The partial failures a command's output states, in the engine's wording (InitError.Error():
 * "1 error occurred:\n\t* <reason>"), up to the resource the reason names (ids and timings
 * differ between the sides), each once.
 */
function initErrors(text: string): string[] {
  // The CLI's diagnostics indent the message's lines; the bullet keeps its tab.
  return [...text.matchAll(/(\d+ errors? occurred:)\n *\t\* (serverscom:\w+ [\w-]+)/g)]
    .map(([, head, subject]) => `${head} * ${subject}`)
    .filter((line, index, all) => all.indexOf(line) === index)
    .sort();
}

/**
 * The check failures a command's output states, in the engine's wording, each once (the CLI
 * shows one in its progress and again in its diagnostics), sorted.
 */
function problems(text: string): string[] {
  return [
    ...text.matchAll(/\S+ resource '[^']+'(?:: property \S+ value .*?)? has a problem: [^\n]*/g),
  ]
    .map(([line]) => line)
    .filter((line, index, all) => all.indexOf(line) === index)
    .sort();
}

/** The differences between two values, one line each, by path (objects compared key by key). */
function compare(path: string, cli: unknown, model: unknown): string[] {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  if (isObject(cli) && isObject(model)) {
    const keys = [...new Set([...Object.keys(cli), ...Object.keys(model)])].sort();
    return keys.flatMap((key) => compare(`${path}.${key}`, cli[key], model[key]));
  }
  const [a, b] = [JSON.stringify(cli), JSON.stringify(model)];
  return a === b ? [] : [`${path}\n    CLI:     ${a}\n    harness: ${b}`];
}

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "serverscom-held-"));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe.each<Door>(
  (process.env.HELD_DOORS?.split(",") as Door[] | undefined) ?? ["dynamic", "plugin"],
)("the harness against the real CLI (%s door)", (door) => {
  it("takes the same steps and records the same state, command after command", async () => {
    const cli = await cliSide(door, join(root, `${door}-cli`));
    const harness = await harnessSide(door, join(root, `${door}-harness`));
    const differences: string[] = [];
    try {
      for (const stage of STAGES) {
        await stage.before?.(cli);
        await stage.before?.(harness);
        const real = await cli.run(stage.command);
        const model = await harness.run(stage.command);
        const got = byResource(real.steps);
        for (const [resource, ops] of Object.entries(stage.expect ?? {})) {
          expect(got[resource], `${stage.title}: ${resource}`).toEqual(ops);
        }
        if (real.ok !== model.ok) {
          differences.push(`${stage.title}: CLI said\n${real.text}\nharness said\n${model.text}`);
        }
        differences.push(
          ...compare(`${stage.title}: exit code`, real.exitCode, model.exitCode),
          ...compare(`${stage.title}: check failures`, problems(real.text), problems(model.text)),
          ...compare(`${stage.title}: init errors`, initErrors(real.text), initErrors(model.text)),
          ...compare(`${stage.title}: steps`, byResource(real.steps), byResource(model.steps)),
          ...compare(`${stage.title}: state`, real.state, model.state),
          ...compare(
            `${stage.title}: progress lines`,
            pick(real.progress, stage.progress),
            pick(model.progress, stage.progress),
          ),
          ...outOfOrder(real.progress).map((line) => `${stage.title}: the CLI showed ${line}`),
        );
      }
    } finally {
      await cli.close();
      await harness.close();
    }
    expect(differences.join("\n\n")).toBe("");
  });
});
