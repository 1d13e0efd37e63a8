// A create whose order the API commits after the look-up window (provider/framework/
// placeholder.ts), through both doors of the engine harness, as the engine treats it:
// - the failed `up` records the placeholder as a partial create; through the native plugin with
//   refresh_before_update, which the dynamic provider host never sets (harness.ts);
// - native: the next `up` (or `preview`, or `destroy`) Reads it first, and the Read answers the
//   order's real id: no replacement, no second order;
// - dynamic: the next `up` replaces it (a new order, the late one deleted by its create label),
//   unless `pulumi refresh` ran first;
// - a Read before the order appeared keeps the init errors and the flag (native, a partial
//   Read), or clears them (dynamic, a plain answer);
// - `destroy` of a placeholder deletes the order that appeared.
// RbsVolume is replaced create-first, SshKey delete-first (the API keeps keys unique). A
// Subnetwork by CIDR has no labels: an object that appears is named for adoptId, never taken,
// and neither the Read first nor `refresh` may stop at it (the user could never go on).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adoptCandidates } from "../../provider/framework/adopt-advice";
import { isPlaceholder, lostCreateOf } from "../../provider/framework/placeholder";
import { type Simulator, startSimulator } from "../../simulator";
import {
  type EngineHarness,
  OperationFailed,
  type Program,
  requireDist,
  type StoredResource,
  simulatorHarness,
} from "./harness";
import { rbsVolume, sshKey, subnetwork } from "./programs";

type Door = "dynamic" | "plugin";
const DOORS: readonly Door[] = ["dynamic", "plugin"];

/**
 * When the late order is committed: ten days of the simulator's clock after its 504, far past
 * the look-up window and past any test's run at speed 3000 (4.8 real minutes); each test moves
 * the clock itself (control.advance) when the order is to appear.
 */
const COMMIT_DELAY_MS = 10 * 24 * 3_600_000;

interface Case {
  readonly kind: string;
  readonly name: string;
  /** The program; with `args` over its inputs (adoptId). */
  readonly program: (args?: Record<string, unknown>) => Program;
  /** The kind's create route, as the simulator's fault rules name it. */
  readonly path: string;
  readonly collection: string;
  /** The record's field the API's id is (an SSH key's is its fingerprint). */
  readonly idField: string;
}

const CASES: readonly Case[] = [
  {
    kind: "RbsVolume",
    name: "data",
    program: rbsVolume,
    path: "/v1/remote_block_storage/volumes",
    collection: "rbs_volumes",
    idField: "id",
  },
  {
    kind: "SshKey",
    name: "deploy",
    program: sshKey,
    path: "/v1/ssh_keys",
    collection: "ssh_keys",
    idField: "fingerprint",
  },
];

/** A kind without labels: its object is only ever named, never taken. */
const UNLABELLED: Case = {
  kind: "Subnetwork",
  name: "private",
  program: subnetwork,
  path: "/v1/network_pools/*/subnetworks",
  collection: "subnetworks",
  idField: "id",
};

let sim: Simulator;
let stacks = 0;

beforeAll(async () => {
  requireDist();
  sim = await startSimulator({ speed: 3000 });
});

afterAll(async () => {
  await sim?.close();
});

for (const c of [...CASES, UNLABELLED]) {
  const type = `pulumi-nodejs:dynamic/serverscom:${c.kind}`;

  /** A stack of the test's own (its owner labels its own), with a look-up window of 300 ms. */
  const harnessFor = (door: Door): EngineHarness => {
    stacks += 1;
    return simulatorHarness(sim, {
      door,
      stack: `late-${c.kind.toLowerCase()}-${door}-${stacks}`,
      env: { SERVERSCOM_LATE_COMMIT_WINDOW_MS: "300" },
    });
  };

  /** The kind's objects made since `before` (the seed's and other tests' left out). */
  const ids = async () =>
    (await sim.control.records(c.collection)).map((record) => String(record[c.idField]));
  const madeSince = async (before: ReadonlySet<string>) =>
    (await ids()).filter((id) => !before.has(id));

  /**
   * The first `up`, whose create is answered 504 and committed COMMIT_DELAY_MS later: it fails
   * and records the placeholder. Returns what existed before it.
   */
  const lostUp = async (h: EngineHarness, door: Door): Promise<Set<string>> => {
    const before = new Set(await ids());
    await sim.control.setFaults({
      rules: [
        {
          kind: "lateCommit",
          probability: 1,
          times: 1,
          method: "POST",
          path: c.path,
          delayMs: COMMIT_DELAY_MS,
        },
      ],
    });
    const failed = await h.up(c.program()).catch((caught: unknown) => caught);
    await sim.control.setFaults({});
    expect(failed).toBeInstanceOf(OperationFailed);
    expect((failed as Error).message).toContain("The next `pulumi up` looks for it first");
    const placeholder = stored(h);
    expect(isPlaceholder(placeholder.id)).toBe(true);
    expect(placeholder.initErrors).toHaveLength(1);
    // Only the native plugin asks for the Read first (the dynamic host never sets the flag).
    expect(placeholder.refreshBeforeUpdate).toBe(door === "plugin");
    expect(await madeSince(before)).toEqual([]);
    return before;
  };

  /** The order appears: the clock passes its commit, applied at the next API request. */
  const orderAppears = () => sim.control.advance(COMMIT_DELAY_MS);

  /** A stack of `door` whose first up lost its create, and whose order then appeared. */
  const lostThenAppeared = async (door: Door) => {
    const h = harnessFor(door);
    const before = await lostUp(h, door);
    await orderAppears();
    return { h, before };
  };

  /** `destroy` leaves none of the kind's objects made since `before`. */
  const destroyedAll = async (h: EngineHarness, before: ReadonlySet<string>) => {
    await h.destroy();
    expect(await madeSince(before)).toEqual([]);
  };

  const stored = (h: EngineHarness): StoredResource => {
    const resource = h.resource(type, c.name);
    if (resource === undefined) throw new Error(`no ${c.kind} ${c.name} in the state`);
    return resource;
  };

  /** The engine's steps for the resource under test since the journal held `from` entries. */
  const opsSince = (h: EngineHarness, from: number) =>
    h.journal.slice(from).filter((entry) => entry.urn === stored(h).urn);

  if (c === UNLABELLED) {
    describe(`a lost create of ${c.kind} (no labels) whose order appears after the window`, () => {
      for (const door of DOORS) {
        it(`${door}: the up stops naming it, orders nothing more, and adoptId takes it`, async () => {
          const { h, before } = await lostThenAppeared(door);
          // Native: the Read first names it (it used to fail at its diff), and the update stops
          // with it, ordering nothing. Dynamic (no Read): the diff looks once more before
          // replacing, finds it, and plans the same update that stops (lost-create.ts).
          const stopped = await h.up(c.program()).catch((caught: unknown) => caught);
          // (The late commit is applied at the first API request after the clock moved.)
          const [late] = await madeSince(before);
          expect(stopped).toBeInstanceOf(OperationFailed);
          const message = (stopped as Error).message;
          expect(message).toContain("so nothing is ordered: set adoptId");
          expect(message).toContain(String(late));
          expect(await madeSince(before)).toEqual([late]);
          let candidate: string | undefined;
          if (door === "plugin") {
            // A refresh reads it, and names it in the state (it used to fail at the diff too).
            await h.refresh();
            expect(isPlaceholder(stored(h).id)).toBe(true);
            [candidate] = lostCreateOf(stored(h).outputs)?.candidates ?? [];
          } else {
            // The state keeps the placeholder; the message names the candidate in its one form.
            expect(isPlaceholder(stored(h).id)).toBe(true);
            [candidate] = adoptCandidates(message);
          }
          expect(candidate?.endsWith(`/${late}`)).toBe(true);
          // The user adopts it.
          await h.up(c.program({ adoptId: candidate }));
          expect(stored(h).id).toBe(candidate);
          expect(await madeSince(before)).toEqual([late]);
          await destroyedAll(h, before);
        });
      }
    });
    continue;
  }

  describe(`a lost create of ${c.kind} whose order appears after the window`, () => {
    it("native: the next up Reads the placeholder first and takes the order, nothing replaced", async () => {
      const { h, before } = await lostThenAppeared("plugin");
      const from = h.journal.length;
      const steps = await h.up(c.program());
      const [late] = await madeSince(before);
      expect(late).toBeDefined();
      // The Read comes before any step of the up, and answers the order's real id.
      expect(opsSince(h, from)[0]).toMatchObject({ op: "refresh" });
      expect(steps.map((step) => step.op)).not.toContain("replace");
      expect(steps.map((step) => step.op)).not.toContain("create");
      expect(stored(h)).toMatchObject({ id: late, initErrors: [], refreshBeforeUpdate: false });
      expect(await madeSince(before)).toEqual([late]);
      // The mark is gone: the next up reads nothing first.
      const next = h.journal.length;
      expect((await h.up(c.program())).map((step) => step.op)).toEqual(["same"]);
      expect(opsSince(h, next).map((entry) => entry.op)).toEqual(["same"]);
      await destroyedAll(h, before);
    });

    it("native: a preview Reads it first too, and plans no replacement (nothing kept)", async () => {
      const { h, before } = await lostThenAppeared("plugin");
      const { refresh, steps } = await h.preview(c.program());
      expect(refresh.map((step) => step.urn)).toEqual([stored(h).urn]);
      expect(steps.map((step) => step.op)).not.toContain("replace");
      // A preview changes no state: the placeholder and its mark stay for the up.
      expect(isPlaceholder(stored(h).id)).toBe(true);
      expect(stored(h).refreshBeforeUpdate).toBe(true);
      await h.up(c.program());
      expect(await madeSince(before)).toEqual([stored(h).id]);
      await destroyedAll(h, before);
    });

    it("dynamic: the next up finds the order before replacing, and stops asking for a refresh", async () => {
      const { h, before } = await lostThenAppeared("dynamic");
      const from = h.journal.length;
      const stopped = await h.up(c.program()).catch((caught: unknown) => caught);
      // No Read first: the dynamic host never asked for one. The diff looked, and planned an
      // update that stops rather than a replacement that would cancel the order.
      expect(opsSince(h, from).map((entry) => entry.op)).not.toContain("refresh");
      expect(stopped).toBeInstanceOf(OperationFailed);
      const [late] = await madeSince(before);
      expect((stopped as Error).message).toContain(
        `has appeared as ${late}: run \`pulumi refresh\` to take it`,
      );
      expect(isPlaceholder(stored(h).id)).toBe(true);
      expect(await madeSince(before)).toEqual([late]);
      // The refresh it asks for takes it; the up then finishes it.
      await h.refresh();
      expect(stored(h).id).toBe(late);
      expect((await h.up(c.program())).map((step) => step.op)).not.toContain("replace");
      expect(await madeSince(before)).toEqual([late]);
      await destroyedAll(h, before);
    });

    for (const door of DOORS) {
      it(`${door}: \`pulumi refresh\` first takes the order, and the up replaces nothing`, async () => {
        const { h, before } = await lostThenAppeared(door);
        await h.refresh();
        const [late] = await madeSince(before);
        expect(stored(h)).toMatchObject({ id: late, initErrors: [], refreshBeforeUpdate: false });
        const steps = await h.up(c.program());
        expect(steps.map((step) => step.op)).not.toContain("replace");
        expect(await madeSince(before)).toEqual([late]);
        await destroyedAll(h, before);
      });

      it(`${door}: a Read before the order appears keeps the placeholder; the next up still resolves it or replaces it`, async () => {
        const h = harnessFor(door);
        const before = await lostUp(h, door);
        await h.refresh();
        const still = stored(h);
        expect(isPlaceholder(still.id)).toBe(true);
        if (door === "plugin") {
          // A partial Read: its init errors and flag are recorded (step.go:1740-1760, :1799).
          expect(still.initErrors).toHaveLength(1);
          expect(still.initErrors[0]).toContain("has not been found yet");
          expect(still.refreshBeforeUpdate).toBe(true);
        } else {
          // A plain answer: no init error, no flag.
          expect(still.initErrors).toEqual([]);
          expect(still.refreshBeforeUpdate).toBe(false);
        }
        await orderAppears();
        if (door === "dynamic") {
          // Never read before the up: its diff finds the order and stops, asking for a refresh.
          const stopped = await h.up(c.program()).catch((caught: unknown) => caught);
          expect((stopped as Error).message).toContain("run `pulumi refresh` to take it");
          await h.refresh();
        }
        const steps = await h.up(c.program());
        const [first, second] = await madeSince(before);
        expect(second).toBeUndefined();
        expect(stored(h).id).toBe(first);
        expect(steps.map((step) => step.op)).not.toContain("replace");
        await destroyedAll(h, before);
      });

      it(`${door}: destroy of the placeholder deletes the order that appeared`, async () => {
        const { h, before } = await lostThenAppeared(door);
        const from = h.journal.length;
        await h.destroy();
        expect(h.state.size).toBe(0);
        expect(await madeSince(before)).toEqual([]);
        // Native: Read first, which answered the real id that Delete was given.
        const ops = h.journal.slice(from).map((entry) => entry.op);
        expect(ops).toEqual(door === "plugin" ? ["refresh", "delete"] : ["delete"]);
      });
    }
  });
}
