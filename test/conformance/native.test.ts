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
import { PluginHost } from "../../scripts/engine/plugin";
import { repoRoot } from "../../scripts/engine/repo";
import { secretValue } from "../../scripts/engine/secrets";
import { ServersComClient } from "../../sdk/client";
import { type Simulator, startSimulator } from "../../simulator";
import { KINDS, seedOf } from "./kinds";
import { type Created, changed } from "./row";

const PROJECT_DIR = join(repoRoot(), "test", "engine", "project");
/** PropertyDiff kinds (provider.proto): in place ADD, DELETE, UPDATE; replacing ones. */
const IN_PLACE = [0, 2, 4];
const REPLACING = [1, 3, 5];

let sim: Simulator;
/** Simulated milliseconds per real one: a simulated hour is 1.2 s. */
const SPEED = 3000;
let client: ServersComClient;
let host: PluginHost;
const logged: string[] = [];

beforeAll(async () => {
  sim = await startSimulator({ speed: SPEED, seed: { records: seedOf(KINDS) } });
  client = new ServersComClient({ token: sim.token, baseUrl: sim.url });
  host = await PluginHost.start({
    projectDir: PROJECT_DIR,
    project: "conformance",
    env: { SERVERSCOM_POLL_INTERVAL_MS: "5" },
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
});
