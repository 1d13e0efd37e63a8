// Issue 25, item 3: a Subnetwork by mask and the IPv4 HostNetworks (public on dedicated servers,
// private on SBM servers) are never ordered twice on a lost answer. A subnetwork by mask is
// ordered under its ownership labels (in its title, then set to the declared one): a lost answer
// is found by its create label, and a leftover of an interrupted create stops the next one. An
// IPv4 network is recognised by the host's list of networks before and after the POST; where
// two could be this order's, none is taken and both are named.
import { describe, expect, it } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { LATE_COMMIT_WINDOW_MS } from "../../provider/framework/late-commit";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { hostNetworkKind } from "../../provider/host-network/definition";
import { subnetworkKind } from "../../provider/subnetwork/definition";
import { orderedDedicatedServer } from "./host-network-support";
import { engineInputs, onceOnPost, requests, suiteBed } from "./support";

const { bed, failure } = suiteBed({ atLeast: 2 });

describe("Subnetwork by mask", () => {
  const POOL = "NpAms1Pr";
  const PATH = `/v1/network_pools/${POOL}/subnetworks`;
  const inputs = (fields: PropertyBag = {}) =>
    engineInputs("Subnetwork", "backend", { networkPoolId: POOL, mask: 29, ...fields });
  const subnetworks = () => bed.sim.control.records("subnetworks");

  it.each([
    ["an answer dropped after the order was applied", onceOnPost("dropResponseAfterApply", PATH)],
    ["a 504 committed 40 s later", onceOnPost("lateCommit", PATH, { delayMs: 40_000 })],
  ])("%s: the create finds its own order, titles it, and orders once", async (_name, rule) => {
    const provider = createKindProvider(subnetworkKind, bed.context);
    await bed.sim.control.setFaults({ rules: [rule] });
    const { id, outs } = await provider.create(inputs({ title: "backend" }));
    expect(outs).toMatchObject({ mask: 29, title: "backend" });
    expect((await subnetworks()).map((s) => s.title)).toEqual(["backend"]);
    expect(await requests(bed, "POST /v1/network_pools/:pool_id/subnetworks")).toBe(1);
    expect(bed.lines.join("\n")).toContain(`(${id}): the create request failed`);
  });

  it("an order committed after the look-up window stops the next create, named with adoptId", async () => {
    const provider = createKindProvider(subnetworkKind, bed.context);
    await bed.sim.control.setFaults({
      rules: [onceOnPost("lateCommit", PATH, { delayMs: LATE_COMMIT_WINDOW_MS + 60_000 })],
    });
    const first = await failure(provider.create(inputs()));
    expect(first.message).toMatch(/An order may still appear/);
    // The order is committed before the next request the API handles: the next create's.
    await bed.sim.control.advance(2 * 60_000);
    const second = await failure(provider.create(inputs()));
    expect(second.message).toMatch(/an interrupted create of this resource ordered .*set adoptId/);
    expect(await subnetworks()).toHaveLength(1);
    expect(await requests(bed, "POST /v1/network_pools/:pool_id/subnetworks")).toBe(1);
    // Another resource's order is none of this one's business: it orders its own.
    const other = createKindProvider(subnetworkKind, bed.context);
    await other.create(engineInputs("Subnetwork", "other", { networkPoolId: POOL, mask: 29 }));
    expect(await subnetworks()).toHaveLength(2);
  });
});

describe("IPv4 HostNetworks", () => {
  async function dedicatedServer(): Promise<string> {
    const hostId = await orderedDedicatedServer(bed.client);
    await bed.sim.control.advance(60 * 60_000);
    return hostId;
  }

  async function sbmServer(): Promise<string> {
    const [server] = await bed.client.sbmServers.create({
      location_id: 1,
      sbm_flavor_model_id: 601,
      operating_system_id: 302,
      hosts: [{ hostname: "sbm.example.com" }],
    });
    await bed.sim.control.advance(60 * 60_000);
    return server?.id ?? "";
  }

  const additional = async (hostType: string, hostId: string) => {
    const api = hostType === "sbm_server" ? bed.client.sbmServers : bed.client.dedicatedServers;
    return (await api.listNetworks(hostId, { additional: true }).toArray({ limit: 100 })).length;
  };

  it.each([
    ["public on a dedicated server", "dedicated_server", "public_ipv4"],
    ["private on a dedicated server", "dedicated_server", "private_ipv4"],
    ["private on an SBM server", "sbm_server", "private_ipv4"],
  ])("%s: a dropped answer finds its own network, ordered once", async (_n, hostType, type) => {
    const hostId = hostType === "sbm_server" ? await sbmServer() : await dedicatedServer();
    const segment = hostType === "sbm_server" ? "sbm_servers" : "dedicated_servers";
    const path = `/v1/hosts/${segment}/${hostId}/networks/${type}`;
    const provider = createKindProvider(hostNetworkKind, bed.context);
    await bed.sim.control.setFaults({ rules: [onceOnPost("dropResponseAfterApply", path)] });
    const { id } = await provider.create(
      engineInputs("HostNetwork", "extra", { hostId, hostType, type, mask: 29 }),
    );
    expect(id).toContain(hostId);
    expect(bed.lines.join("\n")).toContain("but the API had applied it");
    expect(await additional(hostType, hostId)).toBe(1);
    expect(await requests(bed, `POST /v1/hosts/${segment}/:id/networks/${type}`)).toBe(1);
  });

  it("two alike orders of one host lost at once: none is taken, both are named", async () => {
    const hostId = await dedicatedServer();
    const path = `/v1/hosts/dedicated_servers/${hostId}/networks/public_ipv4`;
    const provider = createKindProvider(hostNetworkKind, bed.context);
    // Two resources of one stack order a /29 of the same host together; both answers are lost.
    await bed.sim.control.setFaults({
      rules: [onceOnPost("dropResponseAfterApply", path, { times: 2 })],
    });
    const order = (name: string) =>
      failure(
        provider.create(
          engineInputs("HostNetwork", name, {
            hostId,
            hostType: "dedicated_server",
            type: "public_ipv4",
            mask: 29,
          }),
        ),
      );
    const errors = await Promise.all([order("a"), order("b")]);
    for (const error of errors) {
      expect(error.message).toMatch(/2 host networks matching it appeared: .*, .*\. Nothing tells/);
    }
    expect(await additional("dedicated_server", hostId)).toBe(2);
  });
});
