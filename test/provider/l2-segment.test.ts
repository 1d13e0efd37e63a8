// L2Segment's provider implementation against the simulator, on virtual time. The member servers
// are seeded by the suite itself (the simulator seeds no dedicated servers).
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { TIMEOUTS_INPUT } from "../../provider/framework/hidden";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { l2SegmentKind } from "../../provider/l2-segment/definition";
import type { ServersComClient } from "../../sdk/client";
import type { Simulator } from "../../simulator";
import { seededServer } from "../conformance/kinds/seeded-server";
import { failsOnEach } from "./check-cases";
import { createdBy, engineInputs, kindSuite, PROVIDER_TEXT } from "./support";

const SEGMENTS = "l2_segments";

const server = seededServer;

const { bed, provider, checkFailures, failure } = kindSuite(l2SegmentKind, {
  simulator: {
    seed: {
      records: {
        dedicated_servers: [
          server("L2Ams001", 1),
          server("L2Ams002", 1),
          server("L2Ams003", 1),
          server("L2Dfw001", 2),
        ],
      },
    },
  },
});
// Short names for the bed's parts.
let sim: Simulator;
let client: ServersComClient;
let lines: string[];

beforeAll(() => {
  ({ sim, client, lines } = bed);
});

/** Inputs as the engine sends them for an L2Segment named `name` in project/stack p/s. */
function segmentInputs(name: string, fields: PropertyBag = {}): Record<string, unknown> {
  return engineInputs("L2Segment", name, {
    name,
    type: "private",
    locationGroupId: 1,
    members: [
      { id: "L2Ams002", mode: "trunk" },
      { id: "L2Ams001", mode: "native" },
    ],
    ...fields,
  });
}

async function created(name: string, fields: PropertyBag = {}) {
  return createdBy(provider, segmentInputs(name, fields));
}

async function segmentCount(): Promise<number> {
  return (await sim.control.records(SEGMENTS)).length;
}

const PENDING_TO_ACTIVE = /: pending -> active after 2m \d+s$/;

// The lifecycle every kind shares (create with every field, read, an in-place change and its wait,
// label removal, replacement, delete, drift, deletion outside Pulumi, a partial create, a lost
// create answer) is test/conformance's L2Segment row; here, what is the segment's own.
describe("members and changes in place", () => {
  it("the members' order makes no diff", async () => {
    const { inputs, id, outs } = await created("backend");
    const reordered = { ...inputs, members: [...(inputs.members as unknown[])].reverse() };
    expect(await provider.diff(id, outs, reordered)).toMatchObject({ changes: false });
  });

  it("sends a label-only change (the Terraform provider drops it) and waits for it", async () => {
    const { inputs, id, outs } = await created("backend", { labels: { env: "prod" } });
    const news = { ...inputs, labels: { env: "prod", team: "net" } };
    expect(await provider.diff(id, outs, news)).toMatchObject({ updates: ["labels"] });
    await sim.control.clearRequestCounts();
    lines.length = 0;
    const { outs: updated } = await provider.update(id, outs, news);
    expect(updated).toMatchObject({ labels: { env: "prod", team: "net" }, status: "active" });
    expect((await sim.control.requestCounts())["PUT /v1/l2_segments/:id"]).toBe(1);
    expect(lines[1]).toMatch(PENDING_TO_ACTIVE);
  });

  it("waits until the members are active again after a member change", async () => {
    const { inputs, id, outs } = await created("backend");
    const news = { ...inputs, members: [{ id: "L2Ams003", mode: "native" }] };
    const { outs: updated } = await provider.update(id, outs, news);
    expect(updated).toMatchObject({
      status: "active",
      members: [{ id: "L2Ams003", mode: "native", status: "active" }],
    });
    // The API's own view, after the wait: nothing is left pending.
    const members = await client.l2Segments.listMembers(id).toArray({ limit: 10 });
    expect(members.map((m) => [m.id, m.status])).toEqual([["L2Ams003", "active"]]);
  });

  it("passes the API's refusal of a member outside the location group through, unchanged", async () => {
    const { inputs, id, outs } = await created("backend");
    const error = await failure(
      provider.update(id, outs, { ...inputs, members: [{ id: "L2Dfw001", mode: "native" }] }),
    );
    expect(error.message).toContain("422");
    expect(error.message).toContain("outside the location group");
    expect(error).not.toBeInstanceOf(PartialResourceError);
  });
});

describe("409 NOT_READY while the segment applies a change: repeated within the timeout", () => {
  it("deletes a segment whose create timed out: the refused DELETE is repeated until accepted", async () => {
    const error = await failure(
      provider.create(segmentInputs("slow", { [TIMEOUTS_INPUT]: { create: 5_000 } })),
    );
    expect(error).toBeInstanceOf(PartialResourceError);
    const partial = error as PartialResourceError;
    expect(partial.properties).toMatchObject({ status: "pending", __provider: PROVIDER_TEXT });
    lines.length = 0;
    await provider.delete(partial.id, partial.properties);
    expect(await sim.control.peek(SEGMENTS, partial.id)).toBeUndefined();
    const prefix = `serverscom:L2Segment slow (${partial.id})`;
    const busy = "busy (the segment is applying a change: 409 NOT_READY)";
    expect(lines).toEqual([
      `${prefix}: ${busy}`,
      expect.stringMatching(
        new RegExp(`^${escapeRegExp(`${prefix}: ${busy} -> accepted after`)} \\d`),
      ),
      `${prefix}: removing`,
      expect.stringMatching(/: removing -> gone after/),
    ]);
  });

  it("repeats an update that another change made pending in the meantime", async () => {
    const { inputs, id, outs } = await created("backend");
    const update = client.l2Segments.update.bind(client.l2Segments);
    // Someone renames the segment between the provider's read and its PUT.
    const spy = vi
      .spyOn(client.l2Segments, "update")
      .mockImplementationOnce(async (segmentId, body, options) => {
        await update(segmentId, { name: "someone-else" });
        return update(segmentId, body, options);
      });
    try {
      lines.length = 0;
      const { outs: updated } = await provider.update(id, outs, {
        ...inputs,
        labels: { env: "prod" },
      });
      expect(updated).toMatchObject({ status: "active", labels: { env: "prod" } });
      expect(lines[0]).toBe(
        `serverscom:L2Segment backend (${id}): busy (the segment is applying a change: 409 NOT_READY)`,
      );
      expect(lines[1]).toMatch(/busy \(.*\) -> accepted after 2m \d+s$/);
    } finally {
      spy.mockRestore();
    }
  });

  it("gives up at the timeout, naming the refusal", async () => {
    const error = await failure(
      provider.create(segmentInputs("slow", { [TIMEOUTS_INPUT]: { create: 5_000 } })),
    );
    const partial = error as PartialResourceError;
    const props = { ...partial.properties, [TIMEOUTS_INPUT]: { delete: 10_000 } };
    const refused = await failure(provider.delete(partial.id, props));
    expect(refused.message).toMatch(/^timed out after 10s \(timeout 10s\)/);
    expect(refused.message).toContain(
      'the last state seen was "busy (the segment is applying a change: 409 NOT_READY)"',
    );
    expect((await sim.control.peek(SEGMENTS, partial.id))?.status).toBe("pending");
  });
});

describe("idempotent create: the ownership label", () => {
  it("a later create never adopts the segment an earlier one made: it names it", async () => {
    const inputs = segmentInputs("backend");
    const earlier = await client.l2Segments.create({
      name: "backend",
      type: "private",
      location_group_id: 1,
      members: [{ id: "L2Ams001", mode: "native" }],
      labels: { [OWNER_LABEL_KEY]: String(inputs.__ownerLabel) },
    });
    const result = await provider.create(inputs);
    // Issue 12, item 1: it may be the generation a replacement deletes next.
    expect(result.id).not.toBe(earlier.id);
    expect(await segmentCount()).toBe(2);
    expect(lines.join("\n")).toContain(`not adopting ${earlier.id}`);
  });

  it("does not adopt the segment of another resource, or one of another location group", async () => {
    const { inputs } = await created("one");
    await created("two");
    await provider.create({
      ...inputs,
      locationGroupId: 5,
      members: [{ id: "L2Dfw001", mode: "native" }],
    });
    expect(await segmentCount()).toBe(3);
  });
});

describe("adoption by adoptId", () => {
  it("takes over an existing segment and brings name, members and labels to the program", async () => {
    const existing = await client.l2Segments.create({
      name: "legacy",
      type: "private",
      location_group_id: 1,
      members: [{ id: "L2Ams003", mode: "trunk" }],
      labels: { keep: "no" },
    });
    const inputs = segmentInputs("backend", { labels: { env: "prod" }, adoptId: existing.id });
    const { id, outs } = await provider.create(inputs);
    expect(id).toBe(existing.id);
    expect(outs).toMatchObject({
      name: "backend",
      status: "active",
      labels: { env: "prod" },
      adoptId: existing.id,
      members: [
        { id: "L2Ams001", mode: "native" },
        { id: "L2Ams002", mode: "trunk" },
      ],
    });
    expect(await segmentCount()).toBe(1);
    expect(await provider.diff(id, outs as PropertyBag, inputs)).toMatchObject({ changes: false });
  });

  it("refuses an id that does not exist, and a segment of another location group", async () => {
    const missing = await failure(
      provider.create(segmentInputs("backend", { adoptId: "nope1234" })),
    );
    expect(missing.message).toBe('adoptId: there is no L2 segment with id "nope1234" to adopt');
    const existing = await client.l2Segments.create({
      type: "private",
      location_group_id: 5,
      members: [{ id: "L2Ams001", mode: "native" }],
    });
    const mismatch = await failure(
      provider.create(segmentInputs("backend", { adoptId: existing.id })),
    );
    expect(mismatch.message).toContain("locationGroupId is 5 there but 1 in the program");
  });
});

describe("check: every rule is a failure naming the property", () => {
  const valid = segmentInputs("backend");

  const reasons = (news: PropertyBag) => checkFailures(provider, news);

  it("accepts valid inputs and returns them", async () => {
    expect(await provider.check({}, valid)).toEqual({ inputs: valid, failures: [] });
  });

  failsOnEach(reasons, valid, [
    [{ type: undefined }, "type", "type is required"],
    [{ type: "shared" }, "type", 'type must be public or private (got "shared")'],
    [{ locationGroupId: undefined }, "locationGroupId", "locationGroupId is required"],
    [{ locationGroupId: 0 }, "locationGroupId", "locationGroupId must be at least 1 (got 0)"],
    [
      { members: undefined },
      "members",
      "members is required: list at least one dedicated server as {id, mode}",
    ],
    [{ members: [] }, "members", "members must be a non-empty list of {id, mode}"],
    [{ members: "L2Ams001" }, "members", "members must be a non-empty list of {id, mode}"],
    [
      { members: ["L2Ams001"] },
      "members",
      'members[0] must be an object {id, mode} (got "L2Ams001")',
    ],
    [
      { members: [{ id: "", mode: "native" }] },
      "members",
      'members[0].id must be a dedicated server id (got "")',
    ],
    [
      { members: [{ id: "L2Ams001", mode: "access" }] },
      "members",
      'members[0].mode must be native or trunk (got "access")',
    ],
    [
      {
        members: [
          { id: "L2Ams001", mode: "native" },
          { id: "L2Ams001", mode: "trunk" },
        ],
      },
      "members",
      "members[1].id: the server L2Ams001 is listed twice (a server joins a segment once)",
    ],
    [{ name: "" }, "name", 'name must be a non-empty string (got "")'],
    [{ labels: "env=prod" }, "labels", "labels must be an object of string keys to string values"],
    [
      { labels: { [OWNER_LABEL_KEY]: "x" } },
      "labels",
      `labels: the key ${OWNER_LABEL_KEY} is reserved for the provider`,
    ],
    [{ adoptId: "" }, "adoptId", 'adoptId must be a non-empty string (got "")'],
  ]);

  it("tolerates values unknown during preview, at any depth", async () => {
    expect(
      await reasons({
        ...valid,
        type: UNKNOWN,
        locationGroupId: UNKNOWN,
        members: [UNKNOWN, { id: UNKNOWN, mode: "native" }, { id: "L2Ams003", mode: UNKNOWN }],
      }),
    ).toEqual([]);
    expect(await reasons({ ...valid, members: UNKNOWN })).toEqual([]);
  });

  it("treats an unknown member as a possible change in diff", async () => {
    const outs = { ...valid, members: [{ id: "L2Ams001", mode: "native" }], labels: {} };
    expect(
      await provider.diff("s1", outs, { ...valid, members: [{ id: UNKNOWN, mode: "native" }] }),
    ).toMatchObject({ changes: true, updates: ["members"] });
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
