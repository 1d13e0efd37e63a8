// client.kubernetesBaremetalNodes against the simulator. The API cannot create or delete these
// hosts (they belong to a cluster ordered elsewhere), so the lifecycle is the seeded node's:
// read -> listed by label -> relabelled -> powered on, off and cycled -> networks, PTR records.
import { describe, expect, it } from "vitest";
import type { KubernetesBaremetalNode } from "../../sdk/areas/kubernetes-baremetal-nodes";
import { ConflictError, NotFoundError, PreconditionFailedError } from "../../sdk/core/errors";
import { hostPowerSettled, iterated, rejectionOf, useSdkSimulator, waitSettled } from "./support";

/** Seeded bare metal node hosts (simulator/seed/kubernetes.ts). */
const POWERED_ON = "BmNode01";
const POWERED_OFF = "BmNode02";
const NOT_READY = "BmNode03";

const power = hostPowerSettled<KubernetesBaremetalNode>();

describe("client.kubernetesBaremetalNodes on the simulator", () => {
  const bed = useSdkSimulator();

  it("reads and lists the nodes with their cluster fields", async () => {
    const api = bed().client.kubernetesBaremetalNodes;
    const node = await api.get(POWERED_ON);
    expect(node).toMatchObject({
      type: "kubernetes_baremetal_node",
      kubernetes_cluster_id: "K8sProd1",
      kubernetes_cluster_node_number: 3,
      power_status: "powered_on",
    });
    const all = await iterated(api.list({ perPage: 1 }), (node) => node.id);
    expect(all.sort()).toEqual([POWERED_ON, POWERED_OFF, NOT_READY].sort());
  });

  it("replaces labels on update, lists by them, and removes them all with {}", async () => {
    const api = bed().client.kubernetesBaremetalNodes;
    await api.update(POWERED_OFF, { labels: { pool: "gpu", env: "prod" } });
    expect((await api.update(POWERED_OFF, { labels: { pool: "gpu" } })).labels).toEqual({
      pool: "gpu",
    });
    const gpu = await api.list({ labelSelector: "pool==gpu,!env" }).toArray({ limit: 10 });
    expect(gpu.map((n) => n.id)).toEqual([POWERED_OFF]);
    expect((await api.update(POWERED_OFF, { labels: {} })).labels).toEqual({});
    expect((await api.list({ labelSelector: "pool" })).items).toEqual([]);
  });

  it("powers on through powering_on to powered_on; a second operation meanwhile is a conflict", async () => {
    const api = bed().client.kubernetesBaremetalNodes;
    const started = await api.powerOn(POWERED_OFF);
    expect(started.power_status).toBe("powering_on");
    const busy = await rejectionOf(api.powerOn(POWERED_OFF), ConflictError);
    expect(busy.code).toBe("CONFLICT");
    const { value, states } = await waitSettled(bed(), () => api.get(POWERED_OFF), power);
    expect(states).toEqual(["powering_on", "powered_on"]);
    expect(value.power_status).toBe("powered_on");

    expect((await api.powerOff(POWERED_OFF)).power_status).toBe("powering_off");
    expect((await waitSettled(bed(), () => api.get(POWERED_OFF), power)).value.power_status).toBe(
      "powered_off",
    );
    await api.powerOn(POWERED_OFF);
    await waitSettled(bed(), () => api.get(POWERED_OFF), power);
    expect((await api.powerCycle(POWERED_OFF)).power_status).toBe("power_cycling");
    expect((await waitSettled(bed(), () => api.get(POWERED_OFF), power)).value.power_status).toBe(
      "powered_on",
    );
  });

  it("answers PreconditionFailedError for a host that is not ready, NotFoundError for none", async () => {
    const api = bed().client.kubernetesBaremetalNodes;
    const notReady = await rejectionOf(api.powerOn(NOT_READY), PreconditionFailedError);
    expect(notReady.code).toBe("PRECONDITION_FAILED");
    const missing = await rejectionOf(api.powerOn("NoNode99"), NotFoundError);
    expect(missing.code).toBe("NOT_FOUND");
  });

  it("lists networks derived from the node's addresses, and keeps PTR records", async () => {
    const api = bed().client.kubernetesBaremetalNodes;
    const networks = await api.listNetworks(POWERED_ON).toArray({ limit: 10 });
    expect(networks.map((n) => n.interface_type).sort()).toEqual(["oob", "private", "public"]);
    const [first] = networks;
    expect(await api.getNetwork(POWERED_ON, first?.id ?? "")).toEqual(first);
    await rejectionOf(api.getNetwork(POWERED_ON, "NoNet001"), NotFoundError);
    const additional = await api.listNetworks(POWERED_ON, { additional: true });
    expect(additional.items).toEqual([]);
    const ptr = await api.createPtrRecord(POWERED_ON, {
      ip: "198.19.200.21",
      domain: "bm.example.com",
    });
    expect((await api.listPtrRecords(POWERED_ON)).items).toEqual([ptr]);
    await api.deletePtrRecord(POWERED_ON, ptr.id);
    expect((await api.listPtrRecords(POWERED_ON)).items).toEqual([]);
  });
});
