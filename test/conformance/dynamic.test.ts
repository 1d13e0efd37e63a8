// The lifecycle conformance suite through the dynamic door: every row of kinds/ through its
// kind provider (createKindProvider, as the TypeScript door's provider host runs it) against the
// simulator on virtual time (test/provider/support.ts). The native door's twin: native.test.ts.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { TIMEOUTS_INPUT } from "../../provider/framework/hidden";
import {
  ADOPT_INPUT,
  type KindProvider,
  type LifecycleProvider,
  type ProviderContext,
} from "../../provider/framework/kind-provider";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { CREATE_LABEL_KEY, OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import { LOST_CREATE_OUTPUT } from "../../provider/framework/placeholder";
import {
  closeTestBed,
  engineInputs,
  failureOf,
  PROVIDER_TEXT,
  recordCount,
  requests,
  resetTestBed,
  startTestBed,
  type TestBed,
} from "../provider/support";
import { KINDS, seedOf } from "./kinds";
import * as late from "./lost-create";
import { type Created, changed, type KindRow, type Prepared } from "./row";

let bed: TestBed;
/** Every error message a provider produced, checked for the token at the end. */
const messages: string[] = [];

beforeAll(async () => {
  bed = await startTestBed({ seed: { records: seedOf(KINDS) } });
});

/** Secrets only the simulator knows (RBS passwords), looked for in every line and message. */
const secrets = new Set<string>(KINDS.flatMap((row) => row.secrets ?? []));

afterAll(() => closeTestBed(bed, messages, { atLeast: KINDS.length, secrets }));

beforeEach(() => resetTestBed(bed));

afterEach(async () => {
  for (const row of KINDS) {
    for (const record of await bed.sim.control.records(row.collection)) {
      for (const field of row.secretFields ?? []) secrets.add(String(record[field]));
    }
  }
});

const failure = (promise: Promise<unknown>) => failureOf(promise, messages);

interface Made {
  readonly provider: KindProvider;
  readonly created: Created;
  readonly inputs: PropertyBag;
  readonly outs: PropertyBag;
  /** How many objects of the kind the simulator held before the create (a zone's own records). */
  readonly before: number;
}

/**
 * The labels the object carries: the row's and this resource's owner label; after the create, its
 * create label too (one random value per create call, ownership.ts), which an update drops.
 */
function ownLabels(labels: Readonly<Record<string, string>>, inputs: PropertyBag, create = true) {
  return {
    ...labels,
    [OWNER_LABEL_KEY]: inputs.__ownerLabel,
    ...(create ? { [CREATE_LABEL_KEY]: expect.stringMatching(/^c[0-9a-f]{32}$/) } : {}),
  };
}

/** The resource as every progress line names it ("serverscom:<Kind> <name> (<id>)"). */
function labelOf(row: KindRow, created: Created): string {
  if (row.label !== undefined) return row.label(created);
  const line = String(row.deleteLines(created)[0]);
  return line.slice(0, line.indexOf(`(${created.id})`) + created.id.length + 2);
}

/**
 * The row's kind provider, as the dynamic door's provider host builds it (provider/registry.ts):
 * the framework's lifecycle, or the kind's own provider.
 */
function providerOf(row: KindRow, context: ProviderContext = bed.context): KindProvider {
  const { kind } = row;
  return "provider" in kind ? kind.provider(context) : createKindProvider(kind, context);
}

async function prepared(row: KindRow): Promise<Prepared> {
  return (await row.prepare?.(bed.client, bed.sim)) ?? {};
}

async function recordOf(row: KindRow, id: string): Promise<Record<string, unknown> | undefined> {
  return bed.sim.control.peek(row.collection, row.recordKey?.(id) ?? id);
}

/** Creates the row's resource: the create's request counts and progress lines are then reset. */
async function make(row: KindRow): Promise<Made> {
  const provider = providerOf(row);
  const ready = await prepared(row);
  const inputs = engineInputs(row.kind.name, row.name, row.inputs(ready));
  const before = await recordCount(bed, row.collection);
  const { id, outs } = await provider.create(inputs);
  const record = await recordOf(row, id);
  if (record === undefined) throw new Error(`no ${row.collection} record behind ${id}`);
  return {
    provider,
    inputs,
    outs: outs as PropertyBag,
    before,
    created: { id, prepared: ready, record },
  };
}

/** The POSTs since the request counts were cleared, by route. */
async function postCounts(): Promise<number[]> {
  return Object.entries(await bed.sim.control.requestCounts())
    .filter(([route]) => route.startsWith("POST "))
    .map(([, count]) => count);
}

/** Whether a read by id still finds the object (not deleted). */
function found(provider: KindProvider): (id: string) => Promise<boolean> {
  return async (id) => (await provider.read(id, {})).id === id;
}

/**
 * The look-up window of the lost-create steps, on the simulator's clock: past it the create
 * gives up. Shorter than the production five minutes only to spare look-ups.
 */
const WINDOW_MS = 10_000;

/** A lost create, with the provider that made it. */
interface Lost extends late.LostCreate {
  readonly provider: KindProvider;
}

/**
 * Creates the row's resource while the API commits its order only after the look-up window
 * (lost-create.ts): the create fails as a partial create whose id is a placeholder, and asks the
 * engine to read it before the next `up`.
 */
async function loseCreate(row: KindRow): Promise<Lost> {
  const short: ProviderContext = {
    ...bed.context,
    waitTuning: () => ({ ...bed.context.waitTuning(), lateCommitWindowMs: WINDOW_MS }),
  };
  const provider = providerOf(row, short);
  const ready = await prepared(row);
  const inputs = engineInputs(row.kind.name, row.name, row.inputs(ready));
  const before = new Set(await late.idsOf(bed.sim, row, ready));
  await bed.sim.control.clearRequestCounts();
  await bed.sim.control.setFaults(late.LATE_COMMITTED_CREATE);
  const error = await failure(provider.create(inputs));
  expect(error).toBeInstanceOf(PartialResourceError);
  const { id, message, reasons, properties, refreshBeforeUpdate } = error as PartialResourceError;
  expect(message).toMatch(
    new RegExp(
      `^serverscom:${row.kind.name} .*: the create request failed \\(.*504.*\\) and no .* it made appeared within ${WINDOW_MS / 1000} s\\. An order may still appear, `,
    ),
  );
  expect(reasons).toEqual([message]);
  expect(refreshBeforeUpdate).toBe(true);
  // The inputs (what a refresh, the next `up` and `destroy` need; write-only ones as the state
  // records them), the create still to finish, and what finds the order.
  expect(properties).toMatchObject({
    ...inputs,
    ...(provider as LifecycleProvider).writeOnlyValues(inputs),
    __pending: "create",
    [LOST_CREATE_OUTPUT]: { at: expect.any(String) },
  });
  // Nothing appeared yet, and the POST was sent once.
  expect(await late.idsOf(bed.sim, row, ready)).toEqual([...before]);
  expect(await postCounts()).toEqual([1]);
  return { provider, prepared: ready, inputs, before, placeholder: id, properties };
}

describe.each(KINDS.map((row) => [row.kind.name, row] as const))("%s", (_kind, row) => {
  const adds = row.adds ?? 1;

  it("creates: the id, the exact outputs, the object's labels", async () => {
    const { inputs, outs, created, before } = await make(row);
    expect(created.id).toBe(row.id(created));
    expect(outs).toEqual({ ...row.outputs(created), __ownerLabel: inputs.__ownerLabel });
    // The ownership label is on the object but hidden from the outputs.
    if (row.labels !== undefined)
      expect(created.record.labels).toEqual(ownLabels(row.labels, inputs, adds === 1));
    if (row.stored !== undefined) expect(created.record).toMatchObject(row.stored(created));
    expect(bed.lines).toEqual(row.createLines?.(created) ?? []);
    expect(await recordCount(bed, row.collection)).toBe(before + adds);
  });

  it("reads the live outputs and input values by id, and diffs them without changes", async () => {
    const { provider, inputs, outs, created } = await make(row);
    expect(await provider.read(created.id, outs)).toEqual({
      id: created.id,
      props: outs,
      inputs: { ...row.readInputs(created), __ownerLabel: inputs.__ownerLabel },
    });
    expect(await provider.diff(created.id, outs, inputs)).toMatchObject({
      changes: false,
      replaces: [],
      updates: [],
    });
  });

  const { update } = row;
  if (update !== undefined) {
    it("changes in place, and then diffs without changes", async () => {
      const { provider, inputs, outs, created } = await make(row);
      const news = changed(inputs, update.fields(created));
      expect(await provider.diff(created.id, outs, news)).toMatchObject({
        changes: true,
        replaces: [],
        updates: update.updates,
      });
      bed.lines.length = 0;
      await bed.sim.control.clearRequestCounts();
      const { outs: updated } = await provider.update(created.id, outs, news);
      expect(updated).toMatchObject(update.outputs(created));
      expect(bed.lines).toEqual(update.lines?.(created) ?? []);
      for (const [route, count] of Object.entries(update.requests ?? {})) {
        expect(await requests(bed, route), route).toBe(count);
      }
      if (update.labels !== undefined) {
        const labels = (await recordOf(row, created.id))?.labels;
        expect(labels).toEqual(ownLabels(update.labels, inputs, false));
      }
      if (update.stored !== undefined) {
        expect(await recordOf(row, created.id)).toMatchObject(update.stored(created));
      }
      expect(await provider.diff(created.id, updated as PropertyBag, news)).toMatchObject({
        changes: false,
      });
    });
  }

  // A kind whose API has labels.
  if (row.labels !== undefined) {
    it("removes every label but its own when the labels input goes away", async () => {
      const { provider, inputs, outs, created } = await make(row);
      const { labels: _removed, ...news } = inputs;
      expect(await provider.diff(created.id, outs, news)).toMatchObject({
        changes: true,
        replaces: [],
        updates: ["labels"],
      });
      const { outs: updated } = await provider.update(created.id, outs, news);
      expect(updated).toMatchObject({ labels: {} });
      expect((await recordOf(row, created.id))?.labels).toEqual(ownLabels({}, inputs, false));
    });
  }

  it.each(row.replace.map((change) => [change.replaces.join(", "), change] as const))(
    "replaces for another %s",
    async (_names, change) => {
      const { provider, inputs, outs, created } = await make(row);
      expect(
        await provider.diff(created.id, outs, changed(inputs, change.fields(created))),
      ).toMatchObject({
        changes: true,
        replaces: change.replaces,
        updates: change.updates ?? [],
        deleteBeforeReplace: change.deleteBeforeReplace ?? true,
      });
    },
  );

  it("deletes; a 404 counts as done; read then answers {} (or the object let go of)", async () => {
    const { provider, outs, created } = await make(row);
    bed.lines.length = 0;
    const before = await recordOf(row, created.id);
    await provider.delete(created.id, outs);
    const left = await recordOf(row, created.id);
    if (row.deleted === undefined) expect(left).toBeUndefined();
    else await row.deleted(left, bed.sim, before);
    expect(bed.lines).toEqual(row.deleteLines(created));
    await provider.delete(created.id, outs);
    const read = await provider.read(created.id, outs);
    if (adds === 0) expect(read.id).toBe(created.id);
    else expect(read).toEqual({});
  });

  it("drift: a read shows the change made outside Pulumi, the diff names it, the fix puts it back", async () => {
    const { provider, inputs, outs, created } = await make(row);
    await row.drift.change(created, bed.sim);
    const read = await provider.read(created.id, outs);
    expect(read.props).toMatchObject(row.drift.shows);
    expect(read.inputs).toMatchObject(row.drift.shows);
    const replaces = row.drift.replaces ?? [];
    expect(await provider.diff(created.id, read.props as PropertyBag, inputs)).toMatchObject({
      changes: true,
      replaces,
      updates: row.drift.updates,
    });
    // A replacement is the engine's: a create and a delete, each asserted above.
    if (replaces.length > 0) return;
    const { refused } = row.drift;
    if (refused !== undefined) {
      const error = await failure(provider.update(created.id, read.props as PropertyBag, inputs));
      expect(error).not.toBeInstanceOf(PartialResourceError);
      expect(error.message).toMatch(refused);
      return;
    }
    const { outs: fixed } = await provider.update(created.id, read.props as PropertyBag, inputs);
    expect(fixed).toEqual({ ...row.outputs(created), __ownerLabel: inputs.__ownerLabel });
  });

  it("deleted outside Pulumi: read answers {}, and update says to refresh", async () => {
    const { provider, inputs, outs, created } = await make(row);
    await bed.sim.control.remove(row.collection, row.recordKey?.(created.id) ?? created.id);
    expect(await provider.read(created.id, outs)).toEqual({});
    const error = await failure(provider.update(created.id, outs, inputs));
    expect(error.message).toContain("no longer exists");
    expect(error.message).toContain("pulumi refresh");
  });

  const { removeOutside, partial } = row;
  if (removeOutside !== undefined) {
    it("read answers {} while the object is being removed outside Pulumi; update refuses", async () => {
      const { provider, inputs, outs, created } = await make(row);
      await removeOutside(created, bed.client);
      expect(await provider.read(created.id, outs)).toEqual({});
      const error = await failure(provider.update(created.id, outs, inputs));
      expect(error.message).toContain("no longer exists");
    });
  }

  if (partial !== undefined) {
    it("a create whose wait fails records the id; the next update resumes the wait", async () => {
      const provider = providerOf(row);
      const ready = await prepared(row);
      const news = engineInputs(row.kind.name, row.name, row.inputs(ready));
      const inputs: PropertyBag = { ...news, [TIMEOUTS_INPUT]: { create: partial.timeoutMs } };
      const before = await recordCount(bed, row.collection);
      await bed.sim.control.clearRequestCounts();
      const error = await failure(provider.create(inputs));
      expect(error).toBeInstanceOf(PartialResourceError);
      const { id, message, reasons, properties } = error as PartialResourceError;
      const record = (await recordOf(row, id)) ?? {};
      const created = { id, prepared: ready, record };
      expect(id).toBe(row.id(created));
      const label = labelOf(row, created);
      expect(message.startsWith(`${label} was created but is not ready: timed out after `)).toBe(
        true,
      );
      const timeout = partial.timeoutText ?? `${partial.timeoutMs / 1000}s`;
      expect(message).toContain(`timed out after ${timeout}`);
      expect(reasons).toEqual([message]);
      // The inputs (with __provider, needed to load the provider on refresh) and the record so far.
      expect(properties).toMatchObject({
        __provider: PROVIDER_TEXT,
        __ownerLabel: inputs.__ownerLabel,
        [TIMEOUTS_INPUT]: { create: partial.timeoutMs },
        ...partial.properties,
      });
      for (const name of partial.absent ?? []) expect(properties).not.toHaveProperty(name);
      // The engine records the resource with init errors; the next `up` calls update.
      expect(await provider.diff(id, properties, news)).toMatchObject({ replaces: [] });
      const { outs } = await provider.update(id, properties, news);
      const done = { ...created, record: (await recordOf(row, id)) ?? {} };
      expect(outs).toEqual({ ...row.outputs(done), __ownerLabel: inputs.__ownerLabel });
      expect(await recordCount(bed, row.collection)).toBe(before + adds);
      expect(await postCounts()).toEqual([1]);
    });
  }

  it("a create answer lost after the API applied it: one object, never a second", async () => {
    const provider = providerOf(row);
    const ready = await prepared(row);
    const inputs = engineInputs(row.kind.name, row.name, row.inputs(ready));
    const before = await recordCount(bed, row.collection);
    await bed.sim.control.clearRequestCounts();
    await bed.sim.control.setFaults({
      rules: [{ kind: "dropResponseAfterApply", probability: 1, method: "POST", times: 1 }],
    });
    const lost = row.lostCreateAnswer;
    if (lost === "adopts" || lost === "no create request") {
      // Its own create label names the object: taken at once, and said so. Or no POST is sent,
      // and the create goes as without the fault.
      const { id, outs } = await provider.create(inputs);
      const created = { id, prepared: ready, record: (await recordOf(row, id)) ?? {} };
      expect(outs).toEqual({ ...row.outputs(created), __ownerLabel: inputs.__ownerLabel });
      if (lost === "adopts") {
        const escaped = labelOf(row, created).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        expect(bed.lines[0]).toMatch(
          new RegExp(`^${escaped}: the create request failed \\(.*\\) but the API had applied it`),
        );
      }
    } else {
      const error = await failure(provider.create(inputs));
      expect(error).not.toBeInstanceOf(PartialResourceError);
      expect(error.message).toMatch(lost);
    }
    expect(await recordCount(bed, row.collection)).toBe(before + adds);
    // One POST: a lost answer is never sent again.
    expect(await postCounts()).toEqual(lost === "no create request" ? [] : [1]);
  });

  const lostCase = late.lostCreateCase(row);
  if (lostCase === "label") {
    it("a create lost past the look-up window: Read takes its order once it appears; the update finishes it", async () => {
      const lost = await loseCreate(row);
      const { provider, prepared: ready, inputs, placeholder, properties } = lost;
      const createLabel = late.createLabelOf(placeholder);
      expect(createLabel).toMatch(/^c[0-9a-f]{32}$/);
      expect(properties[LOST_CREATE_OUTPUT]).toEqual({ createLabel, at: expect.any(String) });
      // Not committed yet: the placeholder again, as it was (the next `up` reads it again).
      expect(await provider.read(placeholder, properties)).toEqual({
        id: placeholder,
        props: properties,
      });
      await bed.sim.control.advance(late.COMMITTED_AFTER_MS);
      const read = await provider.read(placeholder, properties);
      const order = late.orderOf(await bed.sim.control.records(row.collection), createLabel);
      const id = row.id({ prepared: ready, record: order });
      expect(read.id).toBe(id);
      expect(bed.lines.join("\n")).toContain(
        `(${id}): the order this resource's create lost (${placeholder}) has appeared: taking it`,
      );
      // Still a create to finish: the diff asks for the update, which waits for the order and
      // brings it to the declared inputs.
      const props = read.props as PropertyBag;
      expect(props).toMatchObject({ __pending: "create" });
      expect(await provider.diff(id, props, inputs)).toMatchObject({
        changes: true,
        replaces: [],
      });
      const { outs } = await provider.update(id, props, inputs);
      const done = { id, prepared: ready, record: (await recordOf(row, id)) ?? {} };
      expect(outs).toEqual({ ...row.outputs(done), __ownerLabel: inputs.__ownerLabel });
      expect(await provider.diff(id, outs as PropertyBag, inputs)).toMatchObject({
        changes: false,
      });
      expect(await late.liveSince(bed.sim, row, lost, found(provider))).toEqual([id]);
      expect(await postCounts()).toEqual([1]);
    });

    it("a placeholder no Read resolved is replaced: a new order, and its delete deletes the late one", async () => {
      const lost = await loseCreate(row);
      const { provider, inputs, placeholder, properties } = lost;
      const diff = await provider.diff(placeholder, properties, inputs);
      // Created first unless two generations cannot exist at once (lost-create.ts).
      const first = late.deletesFirst(row);
      expect(diff).toMatchObject({
        changes: true,
        replaces: [LOST_CREATE_OUTPUT],
        updates: [],
        deleteBeforeReplace: first,
      });
      expect(bed.lines.join("\n")).toContain(
        "its order has not been found: this `up` orders again, and deletes that order should it " +
          "appear meanwhile",
      );
      // Not by adoption: the placeholder's delete would delete the order adoptId may name.
      const adopting = await failure(
        provider.diff(placeholder, properties, { ...inputs, [ADOPT_INPUT]: "any" }),
      );
      expect(adopting.message).toContain("adoptId cannot replace this resource's placeholder");
      // The engine's replacement, in the diff's order; the late order appears meanwhile.
      const deletePlaceholder = async () => {
        bed.lines.length = 0;
        await provider.delete(placeholder, properties);
        const deleted = late.deletedOrder(bed.lines);
        expect(deleted).toBeDefined();
        expect(await provider.read(String(deleted), {})).toEqual({});
      };
      let created: string | undefined;
      if (!first) created = (await provider.create(inputs)).id;
      await bed.sim.control.advance(late.COMMITTED_AFTER_MS);
      await deletePlaceholder();
      if (first) created = (await provider.create(inputs)).id;
      expect(await late.liveSince(bed.sim, row, lost, found(provider))).toEqual([created]);
      // The create route was POSTed twice, the lost order and the new one (a server's delete
      // POSTs its release besides).
      expect(await postCounts()).toContain(2);
    });
  }

  if (lostCase === "candidates") {
    it("a create lost past the look-up window, without labels: what appears is named for adoptId, never taken or deleted", async () => {
      const lost = await loseCreate(row);
      const { provider, prepared: ready, inputs, before, placeholder, properties } = lost;
      expect(placeholder).toMatch(/^lost-create:n[0-9a-f]{32}$/);
      expect(properties[LOST_CREATE_OUTPUT]).toEqual({
        before: expect.any(Array),
        at: expect.any(String),
      });
      expect(await provider.read(placeholder, properties)).toEqual({
        id: placeholder,
        props: properties,
      });
      // Nothing appeared: the next `up` orders again.
      expect(await provider.diff(placeholder, properties, inputs)).toMatchObject({
        changes: true,
        replaces: [LOST_CREATE_OUTPUT],
        updates: [],
      });
      await bed.sim.control.advance(late.COMMITTED_AFTER_MS);
      const read = await provider.read(placeholder, properties);
      const appeared = (await late.idsOf(bed.sim, row, ready)).filter((id) => !before.has(id));
      expect(appeared).toHaveLength(1);
      const candidate = appeared[0] ?? "";
      // Named, not taken: it could be another resource's order of the same content.
      expect(read).toEqual({
        id: placeholder,
        props: {
          ...properties,
          [LOST_CREATE_OUTPUT]: {
            ...(properties[LOST_CREATE_OUTPUT] as object),
            candidates: [candidate],
          },
        },
      });
      const props = read.props as PropertyBag;
      const stop = await failure(provider.diff(placeholder, props, inputs));
      expect(stop.message).toContain(
        `1 ${"noun" in row.kind ? row.kind.noun : ""} matching it appeared: ${JSON.stringify(candidate)}`,
      );
      expect(stop.message).toContain(
        "nothing is ordered: set adoptId to the one that is this resource's",
      );
      // The way out: adoptId names it.
      expect(
        await provider.diff(placeholder, props, { ...inputs, [ADOPT_INPUT]: candidate }),
      ).toMatchObject({
        changes: true,
        replaces: [ADOPT_INPUT],
      });
      // Deleting the placeholder names it and leaves it.
      bed.lines.length = 0;
      await provider.delete(placeholder, props);
      expect(bed.lines.join("\n")).toContain(`not deleting ${JSON.stringify(candidate)}`);
      expect(await late.liveSince(bed.sim, row, lost, found(provider))).toEqual([candidate]);
      expect(await postCounts()).toEqual([1]);
    });
  }
});
