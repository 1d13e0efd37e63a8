// HostNetwork through the real provider host, driven like `pulumi up` / `refresh` / `destroy`:
// an additional network of a dedicated server declared in the same program. Networks cannot be
// changed: every change replaces. Needs a current dist/ (npm test builds it first).
import { describe, expect } from "vitest";
import { hostNetworkKind } from "../../provider/host-network/definition";
import { OperationFailed, type Program } from "./harness";
import { engineScenario } from "./scenario";

const NETWORKS = "host_networks";

const network =
  (args: Record<string, unknown> = {}, opts: Record<string, unknown> = {}): Program =>
  (serverscom) => {
    const server = new serverscom.DedicatedServer("db", {
      locationId: 1,
      serverModelId: 101,
      uplinkModels: { private: { id: 401 }, public: { id: 403, bandwidthModelId: 501 } },
      ramSize: 64,
      drives: { slots: [{ position: 0, driveModelId: 201 }] },
      operatingSystemId: 301,
      hostname: "db-1",
    });
    new serverscom.HostNetwork(
      "extra",
      { hostId: server.id, hostType: "dedicated_server", type: "public_ipv4", mask: 29, ...args },
      opts,
    );
  };

/** The network's own id: the last part of the resource's id (its path below /v1). */
const networkId = (id: string) => id.split("/").at(-1) ?? id;

const s = engineScenario({
  kind: "HostNetwork",
  name: "extra",
  // A network takes 10 simulated minutes, 200 ms: the 1 ms create timeout fails for sure.
  simulator: { speed: 3000, durations: { host_network: 600_000 } },
});

const replaced = network({ mask: 28, distributionMethod: "gateway" });

describe("a HostNetwork through the engine's steps", () => {
  s.up(network(), (resource) => {
    expect(resource.id).toMatch(/^hosts\/dedicated_servers\/[^/]+\/networks\/[^/]+$/);
    expect(resource.outputs).toMatchObject({
      status: "active",
      mask: 29,
      type: "public_ipv4",
      additional: true,
    });
  });
  s.noChange(network());
  s.noChangeAfterRebuild(network());
  s.replacements({
    program: (opts) => network({}, opts),
    // Deleted first by default (replaceDeletesFirst): the old generation is gone before the
    // create, so there is nothing to name; `count` shows no duplicate either way. A
    // public IPv4 network, made first with deleteBeforeReplace: false, carries no label or content
    // that could name the old one.
    newObject: false,
    count: async (sim) =>
      (await sim.control.records(NETWORKS)).filter(
        (n) => n.additional === true && n.status !== "removing",
      ).length,
  });
  s.notApplicable(
    "an in-place change",
    "a network cannot be changed: every change replaces it",
    () => {
      const rules = Object.values(hostNetworkKind.properties).map((property) => property.rule);
      expect(new Set(rules)).toEqual(new Set(["replace"]));
    },
  );
  s.replace(replaced, async (resource, sim) => {
    expect(resource.outputs).toMatchObject({ mask: 28, status: "active" });
    const live = (await sim.control.records(NETWORKS)).filter(
      (n) => n.additional === true && n.status !== "removing",
    );
    expect(live.map((n) => n.id)).toEqual([networkId(resource.id)]);
  });
  s.drift(
    replaced,
    async (resource, sim) => {
      await sim.control.patch(NETWORKS, networkId(resource.id), { distribution_method: "route" });
    },
    (resource) => {
      expect(resource.outputs.distributionMethod).toBe("route");
    },
    "replace",
  );
  s.deletedOutside(replaced, async (resource, sim) => {
    await sim.control.remove(NETWORKS, networkId(resource.id));
  });
  s.destroy(async (sim) => {
    const left = (await sim.control.records(NETWORKS)).filter((n) => n.additional === true);
    expect(left.every((n) => n.status === "removing")).toBe(true);
  });
  s.failedCreate({
    // A create timeout far shorter than the network's setup: the wait fails after the POST.
    failing: network({}, { customTimeouts: { create: "1ms" } }),
    partial: true,
    resume: network(),
    count: async (sim) =>
      (await sim.control.records(NETWORKS)).filter(
        (n) => n.additional === true && n.status !== "removing",
      ).length,
  });
  const additional = async (family: string) =>
    (await s.sim().control.records(NETWORKS)).filter(
      (n) => n.additional === true && n.status !== "removing" && n.family === family,
    );
  // Issue 25, item 3: an IPv4 order whose answer is lost (applied, the connection dropped) is
  // told by the host's networks before and after the POST: found, recorded, ordered once.
  s.each("IPv4: a lost answer finds its own network by the host's list, ordered once", async () => {
    const h = s.harness();
    const sim = s.sim();
    await sim.control.setFaults({
      rules: [
        {
          kind: "dropResponseAfterApply",
          probability: 1,
          times: 1,
          method: "POST",
          path: "/v1/hosts/dedicated_servers/*/networks",
        },
      ],
    });
    await h.up(network());
    await sim.control.setFaults({});
    const networks = await additional("ipv4");
    expect(networks).toHaveLength(1);
    expect(networkId(s.stored().id)).toBe(String(networks[0]?.id));
    await h.destroy();
    expect(await additional("ipv4")).toEqual([]);
  });
  // Issue 25, item 2: the server's IPv6 network ordered, answered 504 and never applied while
  // another program activated it (the simulator's foreignTwin): never taken, named with adoptId.
  s.each(
    "IPv6: a 504 not applied beside another program's activation is named, never taken",
    async () => {
      const h = s.harness();
      const sim = s.sim();
      const ipv6 = network({ type: "public_ipv6", mask: undefined });
      await sim.control.setFaults({
        rules: [
          {
            kind: "foreignTwin",
            probability: 1,
            times: 1,
            method: "POST",
            path: "/v1/hosts/dedicated_servers/*/networks/public_ipv6",
          },
        ],
      });
      const failed = await h.up(ipv6).catch((caught: unknown) => caught);
      await sim.control.setFaults({});
      expect(failed).toBeInstanceOf(OperationFailed);
      const [twin] = await additional("ipv6");
      expect((failed as Error).message).toContain("504");
      expect((failed as Error).message).toContain(String(twin?.id));
      expect((failed as Error).message).toContain("adoptId");
      expect(() => s.stored()).toThrow(/no HostNetwork extra in the state/);
      const again = await h.up(ipv6).catch((caught: unknown) => caught);
      expect((again as Error).message).toContain("the server already has its public IPv6 network");
      expect(await additional("ipv6")).toHaveLength(1);
      await h.destroy();
    },
  );
});
