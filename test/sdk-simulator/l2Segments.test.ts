// client.l2Segments against the simulator: location groups -> create (pending, NOT_READY) ->
// active with active members -> read -> listed by label -> relabelled and re-membered (through
// pending) -> delete (removing) -> gone. The members are dedicated servers ordered first.
import { beforeAll, describe, expect, it } from "vitest";
import { hostStatusStates } from "../../sdk";
import type { DedicatedServer } from "../../sdk/areas/dedicated-servers";
import {
  type L2Member,
  type L2Segment,
  l2MemberStates,
  l2SegmentStates,
} from "../../sdk/areas/l2-segments";
import { ConflictError, NotFoundError, UnprocessableEntityError } from "../../sdk/core/errors";
import { orderDedicatedServer } from "./dedicated-order";
import {
  rejectionOf,
  type SdkBed,
  type StatusCheck,
  useSdkSimulator,
  waitGone,
  waitSettled,
} from "./support";

const settled: readonly StatusCheck<L2Segment>[] = [[l2SegmentStates, (s) => s.status]];

/** Every member of the segment settled: the members list as one value. */
const membersSettled: readonly StatusCheck<L2Member[]>[] = [
  [
    l2MemberStates,
    (members) =>
      members.every((m) => m.status === "active")
        ? "active"
        : (members.find((m) => m.status !== "active")?.status ?? "new"),
  ],
];

async function server(bed: SdkBed, hostname: string): Promise<DedicatedServer> {
  const created = await orderDedicatedServer(bed.client, hostname, {
    server_model_id: 104,
    ram_size: 16,
    operating_system_id: 301,
    labels: { role: hostname.split(".")[0] ?? "" },
  });
  const { value } = await waitSettled(bed, () => bed.client.dedicatedServers.get(created.id), [
    [hostStatusStates, (s) => s.status],
  ]);
  return value;
}

describe("client.l2Segments on the simulator", () => {
  const bed = useSdkSimulator();
  let a: DedicatedServer;
  let b: DedicatedServer;
  beforeAll(async () => {
    a = await server(bed(), "alpha.example.com");
    b = await server(bed(), "beta.example.com");
  });

  it("lists the location groups, by type over several pages", async () => {
    const api = bed().client.l2Segments;
    const all = await api.listLocationGroups({ perPage: 2 }).toArray({ limit: 20, concurrency: 2 });
    expect(all.map((g) => g.code)).toContain("ams1-private");
    const publicGroups = await api
      .listLocationGroups({ groupType: "public" })
      .toArray({ limit: 20 });
    expect(publicGroups.every((g) => g.group_type === "public")).toBe(true);
  });

  it("runs a segment from pending to active, through changes, to gone", async () => {
    const api = bed().client.l2Segments;
    const created = await api.create({
      name: "backend",
      type: "private",
      location_group_id: 1,
      members: [{ id: a.id, mode: "native" }],
      labels: { env: "test", net: "backend" },
    });
    expect(created).toMatchObject({ status: "pending", type: "private", location_group_id: 1 });
    const notReady = await rejectionOf(api.update(created.id, { name: "x" }), ConflictError);
    expect(notReady.code).toBe("NOT_READY");
    const pendingMembers = await api.listMembers(created.id).toArray({ limit: 10 });
    expect(pendingMembers).toMatchObject([{ id: a.id, status: "new", mode: "native", vlan: null }]);

    const { states } = await waitSettled(bed(), () => api.get(created.id), settled);
    expect(states).toEqual(["pending", "active"]);
    const { value: members } = await waitSettled(
      bed(),
      () => api.listMembers(created.id).toArray({ limit: 10 }),
      membersSettled,
    );
    expect(members.map((m) => m.title)).toEqual(["alpha.example.com"]);

    const found = await api.list({ labelSelector: "net==backend" }).toArray({ limit: 10 });
    expect(found.map((s) => s.id)).toEqual([created.id]);

    // Labels replace the whole set, and a label-only change goes through pending too.
    const relabelled = await api.update(created.id, { labels: { net: "backend" } });
    expect(relabelled).toMatchObject({ status: "pending", labels: { net: "backend" } });
    await waitSettled(bed(), () => api.get(created.id), settled);
    expect((await api.list({ labelSelector: "env" })).items).toEqual([]);

    await api.update(created.id, {
      members: [
        { id: a.id, mode: "native" },
        { id: b.id, mode: "trunk" },
      ],
      labels: {},
    });
    await waitSettled(bed(), () => api.get(created.id), settled);
    const both = await api.listMembers(created.id, { perPage: 1 }).toArray({ limit: 10 });
    expect(both.map((m) => [m.title, m.mode, typeof m.vlan])).toEqual([
      ["alpha.example.com", "native", "object"],
      ["beta.example.com", "trunk", "number"],
    ]);
    expect((await api.get(created.id)).labels).toEqual({});
    const trunkOnly = await api.listMembers(created.id, { labelSelector: "role==beta" });
    expect(trunkOnly.items.map((m) => m.id)).toEqual([b.id]);

    await api.delete(created.id);
    expect((await api.get(created.id)).status).toBe("removing");
    await waitGone(bed(), () => api.get(created.id));
    await rejectionOf(api.listMembers(created.id), NotFoundError);
  });

  it("adds and removes networks of a segment, each change through pending", async () => {
    const api = bed().client.l2Segments;
    const created = await api.create({
      type: "private",
      location_group_id: 1,
      members: [{ id: a.id, mode: "native" }],
    });
    await waitSettled(bed(), () => api.get(created.id), settled);
    expect((await api.listNetworks(created.id)).items).toEqual([]);

    const changing = await api.changeNetworks(created.id, {
      create: [
        { mask: 29, distribution_method: "gateway" },
        { mask: 30, distribution_method: "route" },
      ],
    });
    expect(changing.status).toBe("pending");
    await waitSettled(bed(), () => api.get(created.id), settled);
    const networks = await api.listNetworks(created.id, { perPage: 1 }).toArray({ limit: 10 });
    // Sorted by id (the default), which is random: compare the set.
    expect(networks.map((n) => `${n.status} ${n.distribution_method}`).sort()).toEqual([
      "active gateway",
      "active route",
    ]);
    const [first] = networks;
    await api.changeNetworks(created.id, { delete: [first?.id ?? ""] });
    await waitSettled(bed(), () => api.get(created.id), settled);
    expect((await api.listNetworks(created.id)).items.map((n) => n.id)).toEqual(
      networks.slice(1).map((n) => n.id),
    );
    const bad = await rejectionOf(
      api.changeNetworks(created.id, { create: [{ mask: 8, distribution_method: "route" }] }),
      UnprocessableEntityError,
    );
    expect(Object.keys(bad.errors)).toEqual(["create.0.mask"]);
  });

  it("refuses members outside the location group with UnprocessableEntityError", async () => {
    const error = await rejectionOf(
      bed().client.l2Segments.create({
        type: "private",
        location_group_id: 3,
        members: [{ id: a.id, mode: "native" }],
      }),
      UnprocessableEntityError,
    );
    expect(Object.keys(error.errors)).toEqual(["members.0.id"]);
  });
});
