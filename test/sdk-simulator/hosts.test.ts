// client.hosts (GET /hosts, every kind) against the simulator: hosts ordered through the kind
// areas appear in the all-hosts list with their kind, are found by label and by location,
// page over several pages, and leave the list when released.
import { describe, expect, it } from "vitest";
import { isDedicatedServer, isKubernetesBaremetalNode, isSbmServer } from "../../sdk";
import type { Host } from "../../sdk/areas/hosts";
import { orderDedicatedServer } from "./dedicated-order";
import {
  expectSelectorRefused,
  hostReady,
  useSdkSimulator,
  waitGone,
  waitSettled,
} from "./support";

const ready = hostReady<Host>();

describe("client.hosts on the simulator", () => {
  const bed = useSdkSimulator();

  /** The host as the all-hosts list shows it (found through a label selector on its id). */
  async function listed(id: string): Promise<Host> {
    for await (const host of bed().client.hosts.list({ labelSelector: `host-id==${id}` })) {
      if (host.id === id) return host;
    }
    throw new Error(`host ${id} is not in GET /hosts`);
  }

  it("shows hosts of every kind through their whole lifecycle", async () => {
    const client = bed().client;
    const [sbm] = await client.sbmServers.create({
      location_id: 2,
      sbm_flavor_model_id: 601,
      operating_system_id: 302,
      hosts: [{ hostname: "all1.example.com" }],
    });
    if (sbm === undefined) throw new Error("one host ordered");
    await client.sbmServers.update(sbm.id, { labels: { "host-id": sbm.id, fleet: "blue" } });

    const { value, states } = await waitSettled(bed(), () => listed(sbm.id), ready);
    expect(isSbmServer(value)).toBe(true);
    expect(states.at(-1)).toBe("active/normal/powered_on");
    expect(value.labels).toEqual({ "host-id": sbm.id, fleet: "blue" });

    const kinds = new Set<string>();
    for await (const host of client.hosts.list({ perPage: 2 })) kinds.add(host.type);
    expect([...kinds].sort()).toEqual(["kubernetes_baremetal_node", "sbm_server"]);

    await client.sbmServers.update(sbm.id, { labels: { "host-id": sbm.id } });
    expect((await client.hosts.list({ labelSelector: "fleet==blue" })).items).toEqual([]);

    await client.sbmServers.release(sbm.id);
    await waitGone(bed(), () => client.sbmServers.get(sbm.id));
    expect((await client.hosts.list({ labelSelector: `host-id==${sbm.id}` })).items).toEqual([]);
  });

  it("narrows hosts by kind with the type filter and the guards", async () => {
    const client = bed().client;
    const dedicated = await orderDedicatedServer(client, "ded1.example.com", {
      server_model_id: 104,
      ram_size: 16,
      operating_system_id: 304,
      labels: { fleet: "green" },
    });
    const onlyDedicated = await client.hosts
      .list({ type: "dedicated_server" })
      .toArray({ limit: 50 });
    expect(onlyDedicated.map((h) => h.id)).toEqual([dedicated.id]);
    expect(onlyDedicated.every(isDedicatedServer)).toBe(true);
    const nodes = await client.hosts
      .list({ type: "kubernetes_baremetal_node" })
      .toArray({ limit: 50 });
    expect(nodes).toHaveLength(3);
    expect(nodes.every(isKubernetesBaremetalNode)).toBe(true);
  });

  it("filters by location id and code, and pages with toArray and concurrency", async () => {
    const client = bed().client;
    const all = await client.hosts.list({ perPage: 1 }).toArray({ limit: 100, concurrency: 4 });
    const ids = all.map((h) => h.id);
    expect(new Set(ids).size).toBe(ids.length);
    const first = await client.hosts.list({ perPage: 1 });
    expect(first.total).toBe(all.length);
    expect(all.length).toBeGreaterThan(1);

    const ams = await client.hosts.list({ locationId: 1 }).toArray({ limit: 100 });
    const amsByCode = await client.hosts.list({ locationCode: "AMS1" }).toArray({ limit: 100 });
    expect(amsByCode.map((h) => h.id)).toEqual(ams.map((h) => h.id));
    expect(ams.every((h) => h.location_code === "AMS1")).toBe(true);
    const dfw = await client.hosts.list({ locationCode: "DFW1" }).toArray({ limit: 100 });
    expect(dfw.every((h) => h.location_id === 2)).toBe(true);
  });

  it("answers BadRequestError naming label_selector for a malformed selector", async () => {
    await expectSelectorRefused(bed().client.hosts.list({ labelSelector: "env===prod" }));
  });
});
