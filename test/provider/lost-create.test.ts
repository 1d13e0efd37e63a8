// Issue 25, the last known limit: an order the API commits after the create gave up looking for
// it (LATE_COMMIT_WINDOW_MS). The create fails as a partial create with a placeholder id
// (provider/framework/placeholder.ts); Read answers the order's real id once it appeared, diff
// replaces a placeholder no Read resolved, delete deletes the order should it have appeared
// (lost-create.ts). RbsVolume for the kinds with labels, a dedicated server's public IPv4
// network for those without. The steps are the lifecycle's, as both doors call them; what only
// the real engine does (reading such a resource before the next `up`) is test/cli's.
import { describe, expect, it } from "vitest";
import { adoptCandidates } from "../../provider/framework/adopt-advice";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { OWNER_INPUT, PENDING_OUTPUT } from "../../provider/framework/hidden";
import { LATE_COMMIT_WINDOW_MS } from "../../provider/framework/late-commit";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { CREATE_LABEL_KEY } from "../../provider/framework/ownership";
import { LOST_CREATE_OUTPUT, lostCreateOf } from "../../provider/framework/placeholder";
import { hostNetworkKind } from "../../provider/host-network/definition";
import { rbsVolumeKind } from "../../provider/rbs-volume/definition";
import { judge } from "../../scripts/soak/errors";
import { orderedDedicatedServer } from "./host-network-support";
import { engineInputs, onceOnPost, requests, suiteBed, volumeInputs } from "./support";

const { bed, failure } = suiteBed({ atLeast: 3 });

const VOLUMES = "/v1/remote_block_storage/volumes";
const PAST_THE_WINDOW = LATE_COMMIT_WINDOW_MS + 60_000;

/** The partial create a lost create ends with: its placeholder id and recorded properties. */
async function lostCreate(
  create: Promise<unknown>,
): Promise<{ id: string; props: PropertyBag; error: PartialResourceError }> {
  const error = await failure(create);
  expect(error).toBeInstanceOf(PartialResourceError);
  const partial = error as PartialResourceError;
  expect(partial.id).toMatch(/^lost-create:/);
  expect(partial.refreshBeforeUpdate).toBe(true);
  expect(partial.properties[PENDING_OUTPUT]).toBe("create");
  return { id: partial.id, props: partial.properties, error: partial };
}

describe("a labelled order committed after the look-up window (RbsVolume)", () => {
  const provider = () => createKindProvider(rbsVolumeKind, bed.context);
  const volumes = () => bed.sim.control.records("rbs_volumes");
  const inputs = () => volumeInputs("data", { locationId: 1, flavorId: 1, size: 10 });
  const lateOrder = () =>
    bed.sim.control.setFaults({
      rules: [onceOnPost("lateCommit", VOLUMES, { delayMs: PAST_THE_WINDOW })],
    });

  it("records a placeholder that names its create label; Read keeps it until the order appears", async () => {
    await lateOrder();
    const { id, props, error } = await lostCreate(provider().create(inputs()));
    const lost = lostCreateOf(props);
    expect(id).toBe(`lost-create:${lost?.createLabel}`);
    expect(props).toMatchObject({ name: "data", size: 10, [OWNER_INPUT]: inputs()[OWNER_INPUT] });
    expect(error.message).toContain("An order may still appear, with the labels");
    expect(error.message).toContain("The next `pulumi up` looks for it first");
    expect(error.message).toContain("run `pulumi refresh` before it");
    // Not there yet: Read answers the placeholder as it was.
    const read = await provider().read(id, props);
    expect(read.id).toBe(id);
    expect(read.props).toEqual(props);
  });

  it("Read answers the order's real id once it appeared; the update then resumes it, one volume", async () => {
    await lateOrder();
    const { id, props } = await lostCreate(provider().create(inputs()));
    await bed.sim.control.advance(2 * 60_000);
    const read = await provider().read(id, props);
    const [volume] = await volumes();
    expect(read.id).toBe(volume?.id);
    expect((volume?.labels as Record<string, string> | undefined)?.[CREATE_LABEL_KEY]).toBe(
      lostCreateOf(props)?.createLabel,
    );
    // The pending create stays: diff asks for an update, which waits and converges.
    expect(read.props).toMatchObject({ [PENDING_OUTPUT]: "create", name: "data" });
    expect(read.props?.[LOST_CREATE_OUTPUT]).toBeUndefined();
    expect(bed.lines.join("\n")).toContain(
      `the order this resource's create lost (${id}) has appeared`,
    );
    const olds = read.props ?? {};
    const diff = await provider().diff(read.id ?? "", olds, inputs());
    expect(diff).toMatchObject({ changes: true, replaces: [] });
    const updated = await provider().update(read.id ?? "", olds, inputs());
    expect(updated.outs).toMatchObject({ status: "active", name: "data" });
    expect(updated.outs?.[PENDING_OUTPUT]).toBeUndefined();
    expect(await volumes()).toHaveLength(1);
    expect(await requests(bed, "POST /v1/remote_block_storage/volumes")).toBe(1);
  });

  it("a placeholder no Read resolved is replaced, and its delete deletes the order that appeared meanwhile", async () => {
    await lateOrder();
    const { id, props } = await lostCreate(provider().create(inputs()));
    const diff = await provider().diff(id, props, inputs());
    expect(diff).toMatchObject({ changes: true, replaces: [LOST_CREATE_OUTPUT] });
    expect(bed.lines.join("\n")).toMatch(
      /order has not been found: this `up` orders again, and deletes that order should it appear meanwhile/,
    );
    // The replacement creates first; the lost order appears before the placeholder's delete.
    const replacement = await provider().create(inputs());
    await bed.sim.control.advance(2 * 60_000);
    await provider().delete(id, props);
    expect((await volumes()).map((v) => v.id)).toEqual([replacement.id]);
    expect(bed.lines.join("\n")).toContain(
      `the order this resource's create lost (${id}) has appeared: deleting it`,
    );
  });

  it("an order that appeared since the last Read makes the diff an update that stops, asking for a refresh", async () => {
    await lateOrder();
    const { id, props } = await lostCreate(provider().create(inputs()));
    await bed.sim.control.advance(2 * 60_000);
    // Not a diff error (the engine diffs refreshed resources too), not a replacement.
    expect(await provider().diff(id, props, inputs())).toMatchObject({
      changes: true,
      replaces: [],
      updates: [LOST_CREATE_OUTPUT],
    });
    const stop = await failure(provider().update(id, props, inputs()));
    const [volume] = await volumes();
    expect(stop.message).toContain(
      `the order this resource's create lost (${id}) has appeared as ${volume?.id}: run \`pulumi refresh\``,
    );
    // One of our typed stops, as the fault soak's user reads it (it runs the refresh asked for).
    expect(judge(stop.message, ["RbsVolume"])).toMatchObject({
      clear: true,
      typed: "lost create: refresh",
    });
    expect(await volumes()).toHaveLength(1);
  });

  it("deleting a placeholder whose order never appeared deletes nothing and says what to look for", async () => {
    await lateOrder();
    const { id, props } = await lostCreate(provider().create(inputs()));
    await provider().delete(id, props);
    expect(bed.lines.join("\n")).toContain(
      `has not appeared: nothing to delete; should one appear later, it carries the labels`,
    );
    expect(await requests(bed, "DELETE /v1/remote_block_storage/volumes/:id")).toBe(0);
  });

  it("an update of a placeholder is refused in words; a placeholder without its record reads as gone", async () => {
    await lateOrder();
    const { id, props } = await lostCreate(provider().create(inputs()));
    const refused = await failure(provider().update(id, props, inputs()));
    expect(refused.message).toContain("nothing to update: run `pulumi refresh` to look for it");
    // `pulumi import` of such an id: no record of a lost create, nothing there.
    expect(await provider().read(id, {})).toEqual({});
  });

  it("adoptId cannot replace a labelled placeholder: its delete would delete the order adoptId may name", async () => {
    await lateOrder();
    const { id, props } = await lostCreate(provider().create(inputs()));
    const refused = await failure(provider().diff(id, props, { ...inputs(), adoptId: "Rbs1" }));
    expect(refused.message).toContain("adoptId cannot replace this resource's placeholder");
    expect(refused.message).toContain("Run `pulumi refresh` first");
  });
});

describe("an order without labels committed after the window (IPv4 HostNetwork)", () => {
  async function host(): Promise<string> {
    const hostId = await orderedDedicatedServer(bed.client);
    await bed.sim.control.advance(60 * 60_000);
    return hostId;
  }
  const provider = () => createKindProvider(hostNetworkKind, bed.context);
  const inputs = (hostId: string, name = "extra") =>
    engineInputs("HostNetwork", name, {
      hostId,
      hostType: "dedicated_server",
      type: "public_ipv4",
      mask: 29,
    });
  const path = (hostId: string) => `/v1/hosts/dedicated_servers/${hostId}/networks/public_ipv4`;
  const additional = async (hostId: string) =>
    (
      await bed.client.dedicatedServers
        .listNetworks(hostId, { additional: true })
        .toArray({ limit: 100 })
    ).map((n) => n.id);

  it("records the host's networks before; a network that appears later is named, never taken", async () => {
    const hostId = await host();
    // One network there before, which the placeholder must never name.
    await provider().create(inputs(hostId, "first"));
    const before = await additional(hostId);
    await bed.sim.control.setFaults({
      rules: [onceOnPost("lateCommit", path(hostId), { delayMs: PAST_THE_WINDOW })],
    });
    const { id, props, error } = await lostCreate(provider().create(inputs(hostId)));
    expect(lostCreateOf(props)?.before).toHaveLength(1);
    expect(error.message).toContain("a host network that appears later has no labels");
    // It appears: Read keeps the placeholder, naming it; the diff stops at it.
    await bed.sim.control.advance(2 * 60_000);
    const read = await provider().read(id, props);
    expect(read.id).toBe(id);
    const late = (await additional(hostId)).filter((n) => !before.includes(n));
    expect(late).toHaveLength(1);
    const candidates = lostCreateOf(read.props ?? {})?.candidates ?? [];
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toContain(late[0]);
    // The diff plans an update (a diff error would fail the engine's refresh), which stops.
    expect(await provider().diff(id, read.props ?? {}, inputs(hostId))).toMatchObject({
      changes: true,
      replaces: [],
    });
    const stop = await failure(provider().update(id, read.props ?? {}, inputs(hostId)));
    expect(stop.message).toContain("Nothing tells which one this create made");
    expect(adoptCandidates(stop.message)).toEqual(candidates);
    // The user adopts it: a replacement by adoptId; the placeholder's delete deletes nothing.
    const adopt = { ...inputs(hostId), adoptId: candidates[0] };
    expect(await provider().diff(id, read.props ?? {}, adopt)).toMatchObject({
      replaces: ["adoptId"],
    });
    const adopted = await provider().create(adopt);
    expect(adopted.id).toBe(candidates[0]);
    await provider().delete(id, read.props ?? {});
    expect(await additional(hostId)).toHaveLength(2);
    expect(bed.lines.join("\n")).toContain("not deleting");
  });

  it("nothing appeared: the diff replaces (orders again), the delete deletes nothing", async () => {
    const hostId = await host();
    await bed.sim.control.setFaults({
      rules: [onceOnPost("lateCommit", path(hostId), { delayMs: PAST_THE_WINDOW })],
    });
    const { id, props } = await lostCreate(provider().create(inputs(hostId)));
    const read = await provider().read(id, props);
    expect(lostCreateOf(read.props ?? {})?.candidates).toBeUndefined();
    expect(await provider().diff(id, read.props ?? {}, inputs(hostId))).toMatchObject({
      replaces: [LOST_CREATE_OUTPUT],
    });
    await provider().delete(id, read.props ?? {});
    expect(await additional(hostId)).toEqual([]);
  });

  it("an order that appeared, not read yet (TypeScript, no refresh): the diff's look-up stops the up, naming it", async () => {
    const hostId = await host();
    await bed.sim.control.setFaults({
      rules: [onceOnPost("lateCommit", path(hostId), { delayMs: PAST_THE_WINDOW })],
    });
    const { id, props } = await lostCreate(provider().create(inputs(hostId)));
    await bed.sim.control.advance(2 * 60_000);
    expect(await provider().diff(id, props, inputs(hostId))).toMatchObject({ replaces: [] });
    const stop = await failure(provider().update(id, props, inputs(hostId)));
    expect(adoptCandidates(stop.message)).toHaveLength(1);
    expect(await additional(hostId)).toHaveLength(1);
  });

  it("two alike orders lost at once: recorded with both named, and the next up stops there", async () => {
    const hostId = await host();
    await bed.sim.control.setFaults({
      rules: [onceOnPost("dropResponseAfterApply", path(hostId), { times: 2 })],
    });
    const [a, b] = await Promise.all([
      lostCreate(provider().create(inputs(hostId, "a"))),
      lostCreate(provider().create(inputs(hostId, "b"))),
    ]);
    for (const { id, props } of [a, b]) {
      expect(lostCreateOf(props)?.candidates).toHaveLength(2);
      const stop = await failure(provider().update(id, props, inputs(hostId)));
      expect(adoptCandidates(stop.message)).toHaveLength(2);
    }
    expect(await additional(hostId)).toHaveLength(2);
  });
});
