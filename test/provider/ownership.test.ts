// Ownership, late commits and unfinished steps (issue 12, items 1-9), on RbsVolume (the model
// kind) and PTR records (no labels), against the simulator on virtual time.
import { describe, expect, it } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { PENDING_OUTPUT } from "../../provider/framework/hidden";
import type { ResourceKind } from "../../provider/framework/kind";
import type { KindProvider } from "../../provider/framework/kind-provider";
import { LATE_COMMIT_WINDOW_MS } from "../../provider/framework/late-commit";
import { createKindProvider } from "../../provider/framework/lifecycle";
import {
  allOf,
  CREATE_LABEL_KEY,
  OWNED_LOOKUP_LIMIT,
  OWNER_LABEL_KEY,
} from "../../provider/framework/ownership";
import { rbsVolumeKind } from "../../provider/rbs-volume/definition";
import type { RbsVolume as RbsVolumeRecord } from "../../sdk/areas/rbs-volumes";
import { ServersComClient } from "../../sdk/client";
import { lostAnswerUnderSpentBudget } from "../support/lost-answer-faults";
import { kindSuite, onceOnPost, recordCount, volumeInputs } from "./support";

const { bed, provider, failure } = kindSuite(rbsVolumeKind, { atLeast: 3 });

const AMS1 = { locationId: 1, flavorId: 1, size: 10 };
const VOLUMES = "/v1/remote_block_storage/volumes";

async function volumes() {
  return bed.sim.control.records("rbs_volumes");
}

/** A create answered by a gateway's 504 (or a dropped connection) and committed later. */
async function lateCommit(delayMs: number, status?: number) {
  await bed.sim.control.setFaults({
    rules: [
      onceOnPost("lateCommit", VOLUMES, { delayMs, ...(status === undefined ? {} : { status }) }),
    ],
  });
}

describe("late commits: a create the API applies after the client gave up (item 2)", () => {
  it("keeps looking for this call's create label and continues with the object found", async () => {
    await lateCommit(40_000);
    const result = await provider.create(volumeInputs("data", AMS1));
    const all = await volumes();
    expect(all).toHaveLength(1);
    expect(result.id).toBe(all[0]?.id);
    expect(result.outs).toMatchObject({ status: "active", name: "data" });
    expect(bed.lines[0]).toMatch(
      /the create request failed \(.*504.*\); looking for the RBS volume/,
    );
    expect(bed.lines.join("\n")).toContain("but the API had applied it");
  });

  it("also after a dropped connection", async () => {
    await lateCommit(90_000, 0);
    const result = await provider.create(volumeInputs("data", AMS1));
    expect((await volumes()).map((v) => v.id)).toEqual([result.id]);
  });

  it("says, past the window, that an order may still appear, with its labels", async () => {
    await lateCommit(LATE_COMMIT_WINDOW_MS + 60_000);
    const inputs = volumeInputs("data", AMS1);
    const error = await failure(provider.create(inputs));
    // Recorded as a placeholder that the next `up` resolves (test/provider/lost-create.test.ts).
    expect(error).toBeInstanceOf(PartialResourceError);
    expect((error as PartialResourceError).id).toMatch(/^lost-create:c[0-9a-f]{32}$/);
    expect(error.message).toContain("no RBS volume it made appeared within 300 s");
    expect(error.message).toContain("An order may still appear, with the labels");
    expect(error.message).toContain(`${OWNER_LABEL_KEY}=${String(inputs.__ownerLabel)}`);
    expect(error.message).toContain("The next `pulumi up` looks for it first");
    // A next `up` that did not find it replaces the placeholder, creating first: deleting the
    // placeholder afterwards deletes an order committed meanwhile (lost-create.ts, diffLost).
    const partial = error as PartialResourceError;
    const diff = await provider.diff(partial.id, partial.properties, inputs);
    expect(diff.replaces).toContain("__lostCreate");
    expect(diff.deleteBeforeReplace).toBe(false);
    // It appears: a new create (one the engine makes without the placeholder: a new resource
    // with a copied URN) names it and does not take it.
    await bed.sim.control.advance(120_000);
    expect(await recordCount(bed, "rbs_volumes")).toBe(0); // applied on the next request
    const result = await provider.create(inputs);
    const all = await volumes();
    expect(all).toHaveLength(2);
    const late = all.find((v) => v.id !== result.id);
    expect(bed.lines.join("\n")).toContain(`not adopting ${late?.id}`);
  });
});

describe("a lost create answer whose look-up the request budget would refuse (issue 25)", () => {
  /**
   * The soak's case: an answer before the POST says the budget is spent until tomorrow but for
   * one request (the POST spends it), then the POST is applied and its answer lost. The look-up
   * for this call's create label would wait for the reset, an hour at most, past the 10 minutes a
   * request waits: refused, it failed the create, and the next `up` ordered a second volume.
   */
  const spentAfterThePost = () => bed.sim.control.setFaults(lostAnswerUnderSpentBudget(VOLUMES));

  /** A provider with a client of its own: the budget it learns must not reach other tests. */
  function freshProvider(): { provider: KindProvider; close: () => Promise<void> } {
    const client = new ServersComClient({
      token: bed.sim.token,
      baseUrl: bed.sim.url,
      retry: { sleep: async () => {} },
    });
    return {
      provider: createKindProvider(rbsVolumeKind, { ...bed.context, client: () => client }),
      close: () => client.close(),
    };
  }

  it("the look-up goes anyway: the create takes its volume, and records it", async () => {
    await spentAfterThePost();
    const fresh = freshProvider();
    try {
      const error = await failure(fresh.provider.create(volumeInputs("data", AMS1)));
      // Found: the volume's id is recorded (a partial create), so nothing is ordered again. The
      // wait for it to be ready is refused by the same budget, as every request after it is.
      expect(error).toBeInstanceOf(PartialResourceError);
      const all = await volumes();
      expect(all).toHaveLength(1);
      expect((error as PartialResourceError).id).toBe(all[0]?.id);
      expect(error.message).toMatch(/was created but is not ready: GET .*: rate limit: /);
      expect(bed.lines.join("\n")).toContain("but the API had applied it");
      // Only the look-up passes the budget: the next create is refused before any request.
      const refused = await failure(fresh.provider.create(volumeInputs("other", AMS1)));
      expect(refused.message).toMatch(/rate limit: .*, so the request was not sent/);
      expect(await volumes()).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});

describe("several objects with this resource's label (the orphan report)", () => {
  it("takes only its own after a late commit, and names one that appeared meanwhile", async () => {
    const inputs = volumeInputs("data", AMS1);
    await bed.sim.control.setFaults({
      rules: [
        onceOnPost("lateCommit", VOLUMES, { delayMs: 30_000 }),
        onceOnPost("lateCommit", VOLUMES, { delayMs: 60_000 }),
      ],
    });
    // Someone else's create, with a copied owner label, committed while ours is looked for.
    await failure(
      bed.client.rbsVolumes.create({
        name: "theirs",
        location_id: 1,
        flavor_id: 1,
        size: 10,
        labels: { [OWNER_LABEL_KEY]: String(inputs.__ownerLabel) },
      }),
    );
    const result = await provider.create(inputs);
    const all = await volumes();
    expect(all).toHaveLength(2);
    const theirs = all.find((v) => v.name === "theirs");
    expect(result.id).not.toBe(theirs?.id);
    expect(bed.lines.join("\n")).toContain(`not adopting ${theirs?.id}, which appeared`);
  });
});

describe("no adoption of an object a completed create returned (items 1 and 4)", () => {
  it("a create-before-delete replacement makes its own object; deleting the old leaves it", async () => {
    const inputs = volumeInputs("data", AMS1);
    const old = await provider.create(inputs);
    // `up --replace`: the engine creates the new generation first, without a diff.
    const replacement = await provider.create(inputs);
    expect(replacement.id).not.toBe(old.id);
    expect(bed.lines.join("\n")).toContain(`not adopting ${old.id}`);
    await provider.delete(old.id, old.outs);
    expect((await volumes()).map((v) => v.id)).toEqual([replacement.id]);
  });

  it("a foreign volume with a copied ownership label is left untouched, and named", async () => {
    const inputs = volumeInputs("data", AMS1);
    const foreign = await bed.client.rbsVolumes.create({
      name: "theirs",
      location_id: 1,
      flavor_id: 1,
      size: 10,
      labels: { team: "db", [OWNER_LABEL_KEY]: String(inputs.__ownerLabel) },
    });
    const ours = await provider.create(inputs);
    expect(ours.id).not.toBe(foreign.id);
    expect(bed.lines[0]).toContain(`not adopting ${foreign.id}`);
    const after = await bed.sim.control.peek("rbs_volumes", foreign.id);
    expect(after).toMatchObject({
      name: "theirs",
      labels: { team: "db", [OWNER_LABEL_KEY]: String(inputs.__ownerLabel) },
    });
  });

  it("adoptId refuses an object that carries another resource's ownership label", async () => {
    const other = await provider.create(volumeInputs("other", AMS1));
    const error = await failure(
      provider.create(volumeInputs("data", { ...AMS1, adoptId: other.id })),
    );
    expect(error.message).toContain(`adoptId: the RBS volume "${other.id}" carries the ownership`);
    expect(error.message).toContain("two resources manage it");
  });
});

describe("the owned look-up never trusts label_selector (item 8)", () => {
  // A list that ignores the selector: it answers with every volume of the account.
  const careless: ResourceKind<RbsVolumeRecord> = {
    ...rbsVolumeKind,
    findByLabels: (client) => allOf(client.rbsVolumes.list({}), "RBS volumes"),
  };

  it("checks the labels of what comes back, on every page", async () => {
    for (let i = 0; i < 120; i++) {
      await bed.client.rbsVolumes.create({
        name: `v${i}`,
        location_id: 1,
        flavor_id: 1,
        size: 10,
        labels: { [OWNER_LABEL_KEY]: "oforeign" },
      });
    }
    await lateCommit(30_000);
    const result = await createKindProvider(careless, bed.context).create(
      volumeInputs("data", AMS1),
    );
    const mine = await bed.sim.control.peek("rbs_volumes", result.id);
    expect(mine?.name).toBe("data");
    expect(await recordCount(bed, "rbs_volumes")).toBe(121);
    // None of the 120 carried this resource's label: none is named as a candidate.
    expect(bed.lines.join("\n")).not.toContain("not adopting");
  });

  it("stops with a clear error past the bound instead of cutting the list", async () => {
    const huge = { toArray: async () => new Array(OWNED_LOOKUP_LIMIT + 1).fill({}) };
    const error = await failure(allOf(huge, "RBS volumes"));
    expect(error.message).toContain(`read more than ${OWNED_LOOKUP_LIMIT} objects`);
    expect(error.message).toContain("stopped rather than miss one");
  });
});

describe("write-only values are recorded as applied only once the API accepted them (item 6)", () => {
  // RbsVolume with a write-only property carried by the update (like an SBM server's userData).
  const withNote: ResourceKind<RbsVolumeRecord> = {
    ...rbsVolumeKind,
    properties: { ...rbsVolumeKind.properties, note: { rule: "update", writeOnly: true } },
    update: (client, id, changes, labels, context) => {
      const { note: _note, ...rest } = changes;
      // The note travels with the name, so the PUT always carries it.
      return rbsVolumeKind.update(
        client,
        id,
        { ...rest, name: context.news.name },
        labels,
        context,
      );
    },
  };

  it("a PUT answered 503 keeps the old value and marks the update pending", async () => {
    const noted = createKindProvider(withNote, bed.context);
    const inputs = volumeInputs("data", { ...AMS1, note: "v1" });
    const { id, outs } = await noted.create(inputs);
    expect(outs.note).toBe("v1");
    await bed.sim.control.setFaults({
      rules: [{ kind: "error5xx", status: 503, probability: 1, method: "PUT" }],
    });
    const news = { ...inputs, note: "v2" };
    const error = await failure(noted.update(id, outs, news));
    expect(error).toBeInstanceOf(PartialResourceError);
    const recorded = (error as PartialResourceError).properties;
    expect(recorded.note).toBe("v1");
    expect(recorded[PENDING_OUTPUT]).toBe("update");
    // The next `up` sees the change again and sends it.
    await bed.sim.control.setFaults({});
    expect((await noted.diff(id, recorded, news)).updates).toContain("note");
    const resumed = await noted.update(id, recorded, news);
    expect(resumed.outs?.note).toBe("v2");
    expect(resumed.outs).not.toHaveProperty(PENDING_OUTPUT);
  });
});

describe("an unfinished create stays visible across a refresh (item 9)", () => {
  it("read keeps the pending mark, diff reports a change, update resumes and settles", async () => {
    const inputs = volumeInputs("data", { ...AMS1, __timeouts: { create: 1_000 } });
    const error = await failure(provider.create(inputs));
    expect(error).toBeInstanceOf(PartialResourceError);
    const partial = error as PartialResourceError;
    expect(partial.properties[PENDING_OUTPUT]).toBe("create");
    // `pulumi refresh`: the engine clears the init errors; our mark stays in the outputs.
    const read = await provider.read(partial.id, partial.properties);
    expect(read.props?.[PENDING_OUTPUT]).toBe("create");
    expect(read.inputs).not.toHaveProperty(PENDING_OUTPUT);
    const news = volumeInputs("data", AMS1);
    expect((await provider.diff(partial.id, read.props ?? {}, news)).changes).toBe(true);
    const resumed = await provider.update(partial.id, read.props ?? {}, news);
    expect(resumed.outs).toMatchObject({ status: "active" });
    expect(resumed.outs).not.toHaveProperty(PENDING_OUTPUT);
    expect((await provider.diff(partial.id, resumed.outs ?? {}, news)).changes).toBe(false);
  });
});

describe("the create label", () => {
  it("is on the object a create makes, and hidden from the labels output", async () => {
    const { id, outs } = await provider.create(
      volumeInputs("data", { ...AMS1, labels: { a: "b" } }),
    );
    const stored = (await bed.sim.control.peek("rbs_volumes", id))?.labels as PropertyBag;
    expect(stored[CREATE_LABEL_KEY]).toMatch(/^c[0-9a-f]{32}$/);
    expect(outs.labels).toEqual({ a: "b" });
  });
});
