// The lifecycle conformance suite through the native door: every row of kinds/ through the
// native plugin (`pulumi-resource-serverscom`, started from the package's bin as the CLI starts
// it; scripts/engine/plugin.ts) over gRPC, against a simulator. Each row's tests run in order on
// one resource, as successive `pulumi` commands do: create, import, in-place change, replacing
// diffs, drift, delete. The dynamic door's twin: dynamic.test.ts.
// Needs a current dist/ (npm test builds it first; alone: npm run build).
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { UNRECORDED_OUTPUT } from "../../provider/framework/hidden";
import { OWNER_LABEL_KEY, ownerLabelForUrn } from "../../provider/framework/ownership";
import { LOST_CREATE_OUTPUT } from "../../provider/framework/placeholder";
import { InitError } from "../../scripts/engine/host";
import { PluginHost } from "../../scripts/engine/plugin";
import { repoRoot } from "../../scripts/engine/repo";
import { secretValue } from "../../scripts/engine/secrets";
import { ServersComClient } from "../../sdk/client";
import { type Simulator, startSimulator } from "../../simulator";
import { failureOf } from "../provider/support";
import { KINDS, seedOf } from "./kinds";
import * as late from "./lost-create";
import { type Created, changed, type KindRow, type Prepared } from "./row";

const PROJECT_DIR = join(repoRoot(), "test", "engine", "project");
/** PropertyDiff kinds (provider.proto): in place ADD, DELETE, UPDATE; replacing ones. */
const IN_PLACE = [0, 2, 4];
const REPLACING = [1, 3, 5];

/**
 * The plugin's late-commit look-up window, in real milliseconds: a lost create's steps hold the
 * simulator's clock meanwhile, so its order cannot appear within it.
 */
const WINDOW_MS = 50;

let sim: Simulator;
/** Simulated milliseconds per real one: a simulated hour is 1.2 s. */
const SPEED = 3000;
/**
 * The clock of a lost create's steps once it runs again, ten times faster: nothing there races
 * it (its order appears only when the step moves the clock on), and they wait for a server's
 * order and its replacement's.
 */
const LOST_SPEED = 10 * SPEED;
let client: ServersComClient;
let host: PluginHost;
const logged: string[] = [];

beforeAll(async () => {
  sim = await startSimulator({ speed: SPEED, seed: { records: seedOf(KINDS) } });
  client = new ServersComClient({ token: sim.token, baseUrl: sim.url });
  host = await PluginHost.start({
    projectDir: PROJECT_DIR,
    project: "conformance",
    env: {
      SERVERSCOM_POLL_INTERVAL_MS: "5",
      SERVERSCOM_LATE_COMMIT_WINDOW_MS: String(WINDOW_MS),
    },
    onStderr: (line) => logged.push(line),
  });
  await host.configure({
    "serverscom:apiToken": secretValue(sim.token),
    "serverscom:apiUrl": sim.url,
  });
});

/** Secrets only the simulator knows (RBS passwords), collected while their objects live. */
const secrets = new Set<string>(KINDS.flatMap((row) => row.secrets ?? []));

afterEach(async () => {
  // A lost create's steps hold the clock (loseCreate): it runs again whatever they found.
  await sim.control.setSpeed(SPEED);
  for (const row of KINDS) {
    for (const record of await sim.control.records(row.collection)) {
      for (const field of row.secretFields ?? []) secrets.add(String(record[field]));
    }
  }
});

afterAll(async () => {
  // What the plugin logged never holds the token, or a secret only the simulator knows.
  expect(logged.length).toBeGreaterThan(0);
  for (const line of logged) {
    for (const secret of [sim.token, ...secrets]) expect(line).not.toContain(secret);
  }
  await host?.stop();
  await client?.close();
  await sim?.close();
});

/** The property names of a detailedDiff, each of a kind among `kinds`. */
function detailedNames(detailed: Record<string, number>, kinds: readonly number[]): string[] {
  for (const kind of Object.values(detailed)) expect(kinds).toContain(kind);
  return Object.keys(detailed).sort();
}

/** A detailedDiff names `updates` as in-place changes and every other property as replacing. */
function expectDetailed(
  detailed: Record<string, number>,
  replaces: readonly string[],
  updates: readonly string[],
): void {
  const replacing = Object.fromEntries(
    Object.entries(detailed).filter(([name]) => !updates.includes(name)),
  );
  expect(detailedNames(replacing, REPLACING)).toEqual([...replaces].sort());
  const inPlace = Object.fromEntries(
    Object.entries(detailed).filter(([name]) => updates.includes(name)),
  );
  expect(detailedNames(inPlace, IN_PLACE)).toEqual([...updates].sort());
}

/** Whether a read by id alone (`pulumi import`) still finds the object (not deleted). */
function found(urn: string): (id: string) => Promise<boolean> {
  return async (id) => (await host.importRead(urn, id)).id === id;
}

/** The partial failure a call ends with: an InitError, which asks for a Read before the next up. */
async function initError(call: Promise<unknown>): Promise<InitError> {
  const error = await failureOf(call);
  expect(error).toBeInstanceOf(InitError);
  expect((error as InitError).refreshBeforeUpdate).toBe(true);
  return error as InitError;
}

/**
 * Creates the row's resource (of the objects the row's first create prepared: this simulator is
 * never reset) while the API commits its order only after the look-up window, the simulator's
 * clock held: a partial create whose id is a placeholder. The clock stays held.
 */
async function loseCreate(row: KindRow, urn: string, prepared: Prepared): Promise<late.LostCreate> {
  const { inputs } = await host.check(urn, {}, row.inputs(prepared));
  const before = new Set(await late.idsOf(sim, row, prepared));
  await sim.control.setSpeed(0);
  await sim.control.setFaults(late.LATE_COMMITTED_CREATE);
  const error = await initError(host.create(urn, inputs));
  expect(error.reasons).toHaveLength(1);
  expect(error.reasons[0]).toMatch(
    new RegExp(
      `^serverscom:${row.kind.name} .*: the create request failed \\(.*504.*\\) and no .* it made appeared within \\d+ s\\. An order may still appear, `,
    ),
  );
  // The inputs and what finds the order; no hidden input but those two marks.
  expect(error.properties).toMatchObject({
    __pending: "create",
    [LOST_CREATE_OUTPUT]: { at: expect.any(String) },
  });
  expect(Object.keys(error.properties)).toEqual(expect.arrayContaining(Object.keys(inputs)));
  expect(await late.idsOf(sim, row, prepared)).toEqual([...before]);
  return { prepared, inputs, before, placeholder: error.id, properties: error.properties };
}

/**
 * Before the order is committed, Read is a partial failure again, the placeholder kept as it was
 * (the next `up` reads it again); then the clock moves on past the commit, and runs again.
 */
async function readThenCommit(urn: string, lost: late.LostCreate): Promise<void> {
  const { placeholder, properties, inputs } = lost;
  const again = await initError(host.read(urn, placeholder, properties, inputs));
  expect(again.id).toBe(placeholder);
  expect(again.properties).toEqual(properties);
  await sim.control.advance(late.COMMITTED_AFTER_MS);
  await sim.control.setSpeed(LOST_SPEED);
}

describe.each(KINDS.map((row) => [row.kind.name, row] as const))("%s", (_kind, row) => {
  const urn = `urn:pulumi:dev::conformance::serverscom:index:${row.kind.name}::${row.name}`;
  /** The state as the engine keeps it between the tests, in order. */
  let created: Created;
  let inputs: PropertyBag = {};
  let outputs: PropertyBag = {};

  it("Check passes the inputs; Create answers the outputs the dynamic door answers", async () => {
    const prepared = (await row.prepare?.(client, sim)) ?? {};
    const checked = await host.check(urn, {}, row.inputs(prepared));
    expect(checked.failures).toEqual([]);
    inputs = checked.inputs;
    const made = await host.create(urn, inputs);
    const record = await sim.control.peek(row.collection, row.recordKey?.(made.id) ?? made.id);
    if (record === undefined) throw new Error(`no ${row.collection} record behind ${made.id}`);
    created = { id: made.id, prepared, record };
    expect(made.id).toBe(row.id(created));
    // No hidden input among the outputs.
    expect(made.properties).toEqual(row.outputs(created));
    outputs = made.properties;
    if (row.stored !== undefined) expect(record).toMatchObject(row.stored(created));
    // The ownership label: the hash of the URN, by the dynamic door's rule.
    if (row.labels !== undefined) {
      expect(record.labels).toMatchObject({
        ...row.labels,
        [OWNER_LABEL_KEY]: ownerLabelForUrn(urn),
      });
    }
  });

  it("Read by id alone (pulumi import) gives the inputs and outputs; Diff then finds no change", async () => {
    const read = await host.importRead(urn, created.id);
    expect(read.id).toBe(created.id);
    const unrecorded = row.unrecorded ?? [];
    const without = (bag: PropertyBag) =>
      Object.fromEntries(Object.entries(bag).filter(([name]) => !unrecorded.includes(name)));
    const marked = unrecorded.length > 0 ? { [UNRECORDED_OUTPUT]: unrecorded } : {};
    const imported = row.imported?.(created) ?? { inputs: row.readInputs(created), outputs };
    expect(read.inputs).toEqual({ ...without(imported.inputs), ...marked });
    expect(read.properties).toEqual({ ...without(imported.outputs), ...marked });
    expect(await host.diff(urn, created.id, outputs, inputs, inputs)).toMatchObject({
      changes: "none",
      detailed: {},
    });
  });

  const { update } = row;
  if (update !== undefined) {
    it("an in-place change: Diff details each property as an update; Update answers the new outputs", async () => {
      const news = changed(inputs, update.fields(created));
      const diff = await host.diff(urn, created.id, outputs, news, inputs);
      expect(diff).toMatchObject({ changes: "some", replaces: [] });
      expect(detailedNames(diff.detailed, IN_PLACE)).toEqual([...update.updates].sort());
      const updated = await host.update(urn, created.id, outputs, news, inputs);
      expect(updated).toMatchObject(update.outputs(created));
      expect(await host.diff(urn, created.id, updated, news, news)).toMatchObject({
        changes: "none",
      });
      // The state the next tests start from.
      inputs = news;
      outputs = updated;
    });
  }

  it.each(row.replace.map((change) => [change.replaces.join(", "), change] as const))(
    "Diff of another %s: a replacement, detailed so, deleting first as the kind says",
    async (_names, change) => {
      const news = changed(inputs, change.fields(created));
      const diff = await host.diff(urn, created.id, outputs, news, inputs);
      expect(diff).toMatchObject({
        changes: "some",
        replaces: change.replaces,
        deleteBeforeReplace: change.deleteBeforeReplace ?? true,
      });
      expectDetailed(diff.detailed, change.replaces, change.updates ?? []);
    },
  );

  it("drift: Read (refresh) shows the change made outside Pulumi, and Diff names it", async () => {
    await row.drift.change(created, sim);
    const read = await host.read(urn, created.id, outputs, inputs);
    expect(read.properties).toMatchObject(row.drift.shows);
    expect(read.inputs).toMatchObject(row.drift.shows);
    const diff = await host.diff(urn, created.id, read.properties, inputs, inputs);
    const replaces = row.drift.replaces ?? [];
    expect(diff).toMatchObject({ changes: "some", replaces });
    expectDetailed(diff.detailed, replaces, row.drift.updates);
    outputs = read.properties;
  });

  it("Delete removes the object; Read by id then finds nothing", async () => {
    // A row whose delete leaves the object for a while (a release at the end of its billing
    // hour, under 1.2 s of real time at SPEED) is checked with the clock held: a loaded machine
    // would otherwise let the release happen before the look.
    if (row.deleted !== undefined) await sim.control.setSpeed(0);
    try {
      const key = row.recordKey?.(created.id) ?? created.id;
      const before = await sim.control.peek(row.collection, key);
      await host.delete(urn, created.id, outputs, inputs);
      const left = await sim.control.peek(row.collection, key);
      if (row.deleted === undefined) expect(left).toBeUndefined();
      else await row.deleted(left, sim, before);
    } finally {
      await sim.control.setSpeed(SPEED);
    }
    // An object the resource let go of is still there.
    expect((await host.importRead(urn, created.id)).id).toBe(row.adds === 0 ? created.id : "");
  });
  const lostCase = late.lostCreateCase(row);
  if (lostCase === "label") {
    it("a create lost past the look-up window: Read takes its order once it appears; Update finishes it", async () => {
      const lost = await loseCreate(row, urn, created.prepared);
      const { prepared, inputs, placeholder, properties } = lost;
      const createLabel = late.createLabelOf(placeholder);
      expect(createLabel).toMatch(/^c[0-9a-f]{32}$/);
      expect(properties[LOST_CREATE_OUTPUT]).toEqual({ createLabel, at: expect.any(String) });
      await readThenCommit(urn, lost);
      const read = await host.read(urn, placeholder, properties, inputs);
      const order = late.orderOf(await sim.control.records(row.collection), createLabel);
      const id = row.id({ prepared, record: order });
      expect(read.id).toBe(id);
      // Still a create to finish: Diff asks for the update, which brings it to the inputs.
      expect(read.properties).toMatchObject({ __pending: "create" });
      expect(await host.diff(urn, id, read.properties, inputs, inputs)).toMatchObject({
        changes: "some",
        replaces: [],
      });
      const updated = await host.update(urn, id, read.properties, inputs, inputs);
      const record = (await sim.control.peek(row.collection, row.recordKey?.(id) ?? id)) ?? {};
      expect(updated).toEqual(row.outputs({ id, prepared, record }));
      expect(await late.liveSince(sim, row, lost, found(urn))).toEqual([id]);
      await host.delete(urn, id, updated, inputs);
    });

    it("a placeholder no Read resolved is replaced: a new order, and its Delete deletes the late one", async () => {
      const lost = await loseCreate(row, urn, created.prepared);
      const { inputs, placeholder, properties } = lost;
      await sim.control.setSpeed(LOST_SPEED);
      const first = late.deletesFirst(row);
      const diff = await host.diff(urn, placeholder, properties, inputs, inputs);
      expect(diff).toMatchObject({
        changes: "some",
        replaces: [LOST_CREATE_OUTPUT],
        deleteBeforeReplace: first,
      });
      expectDetailed(diff.detailed, [LOST_CREATE_OUTPUT], []);
      // Not by adoption: the placeholder's delete would delete the order adoptId may name.
      const adopting = await failureOf(
        host.diff(urn, placeholder, properties, { ...inputs, adoptId: "any" }, inputs),
      );
      expect(adopting.message).toContain("adoptId cannot replace this resource's placeholder");
      // The engine's replacement, in the diff's order; the late order appears meanwhile.
      const deletePlaceholder = async () => {
        const from = logged.length;
        await host.delete(urn, placeholder, properties, inputs);
        const deleted = late.deletedOrder(logged.slice(from));
        expect(deleted).toBeDefined();
        expect((await host.importRead(urn, String(deleted))).id).toBe("");
      };
      let replacement: { id: string; properties: PropertyBag } | undefined;
      if (!first) replacement = await host.create(urn, inputs);
      await sim.control.advance(late.COMMITTED_AFTER_MS);
      await deletePlaceholder();
      if (first) replacement = await host.create(urn, inputs);
      expect(await late.liveSince(sim, row, lost, found(urn))).toEqual([replacement?.id]);
      await host.delete(urn, replacement?.id ?? "", replacement?.properties ?? {}, inputs);
    });
  }

  if (lostCase === "candidates") {
    it("a create lost past the look-up window, without labels: what appears is named for adoptId, never taken or deleted", async () => {
      const lost = await loseCreate(row, urn, created.prepared);
      const { prepared, inputs, before, placeholder, properties } = lost;
      expect(placeholder).toMatch(/^lost-create:n[0-9a-f]{32}$/);
      expect(properties[LOST_CREATE_OUTPUT]).toEqual({
        before: expect.any(Array),
        at: expect.any(String),
      });
      await readThenCommit(urn, lost);
      // Named, not taken: it could be another resource's order of the same content.
      const seen = await initError(host.read(urn, placeholder, properties, inputs));
      const appeared = (await late.idsOf(sim, row, prepared)).filter((id) => !before.has(id));
      expect(appeared).toHaveLength(1);
      const candidate = appeared[0] ?? "";
      expect(seen.id).toBe(placeholder);
      expect(seen.properties).toEqual({
        ...properties,
        [LOST_CREATE_OUTPUT]: {
          ...(properties[LOST_CREATE_OUTPUT] as object),
          candidates: [candidate],
        },
      });
      const stop = await failureOf(host.diff(urn, placeholder, seen.properties, inputs, inputs));
      expect(stop.message).toContain(`matching it appeared: ${JSON.stringify(candidate)}`);
      expect(stop.message).toContain("set adoptId to the one that is this resource's");
      // Deleting the placeholder leaves it.
      await host.delete(urn, placeholder, seen.properties, inputs);
      expect(await late.liveSince(sim, row, lost, found(urn))).toEqual([candidate]);
      await sim.control.remove(row.collection, row.recordKey?.(candidate) ?? candidate);
    });
  }
});
