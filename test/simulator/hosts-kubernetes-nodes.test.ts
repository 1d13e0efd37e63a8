// Kubernetes bare metal nodes (api-spec.md "Kubernetes" and the power-on Errors rows): list,
// read, labels, power on (202 powering_on -> powered_on; 409 CONFLICT while another power
// operation is in process; 412 PRECONDITION_FAILED when not ready; 404), power off and cycle,
// networks, PTR records.
// The nodes come from the Kubernetes seed.
import { describe, expect, it } from "vitest";
import { K8S_BAREMETAL_HOST_IDS, K8S_PROD_CLUSTER_ID } from "../../simulator/seed/kubernetes";
import { type ApiErrorBody, useTestSimulator } from "./helpers";
import { createDefaultPtr, type Host, MINUTE, type Network } from "./hosts-fixtures";

const BASE = "/v1/hosts/kubernetes_baremetal_nodes";
const { poweredOn, poweredOff, notReady } = K8S_BAREMETAL_HOST_IDS;

interface Node extends Host {
  readonly kubernetes_cluster_id: string;
  readonly kubernetes_cluster_node_id: string;
  readonly kubernetes_cluster_node_number: number;
}

describe("Kubernetes bare metal nodes", () => {
  const sim = useTestSimulator();

  it("are listed and read with their cluster fields", async () => {
    const list = await sim().req<Node[]>("GET", BASE);
    expect(list.status).toBe(200);
    expect(list.body.map((n) => n.id)).toEqual(
      expect.arrayContaining([poweredOn, poweredOff, notReady]),
    );
    const one = await sim().req<Node>("GET", `${BASE}/${poweredOn}`);
    expect(one.body).toMatchObject({
      type: "kubernetes_baremetal_node",
      kubernetes_cluster_id: K8S_PROD_CLUSTER_ID,
    });
    expect(typeof one.body.kubernetes_cluster_node_number).toBe("number");
  });

  it("PUT replaces their labels", async () => {
    const res = await sim().req<Node>("PUT", `${BASE}/${poweredOn}`, { labels: { pool: "gpu" } });
    expect(res.status).toBe(200);
    expect(res.body.labels).toEqual({ pool: "gpu" });
  });

  it("power_on answers 202 with powering_on, then powered_on; 409 CONFLICT meanwhile", async () => {
    const res = await sim().req<Node>("POST", `${BASE}/${poweredOff}/power_on`);
    expect(res.status).toBe(202);
    expect(res.body.power_status).toBe("powering_on");
    const again = await sim().req<ApiErrorBody>("POST", `${BASE}/${poweredOff}/power_on`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("CONFLICT");
    const off = await sim().req<ApiErrorBody>("POST", `${BASE}/${poweredOff}/power_off`);
    expect(off.status).toBe(409);
    await sim().advance(MINUTE);
    expect((await sim().req<Node>("GET", `${BASE}/${poweredOff}`)).body.power_status).toBe(
      "powered_on",
    );
  });

  it.each([
    { operation: "power_off", node: poweredOn, during: "powering_off", after: "powered_off" },
    { operation: "power_cycle", node: poweredOff, during: "power_cycling", after: "powered_on" },
  ])(
    "$operation answers 202 with $during, then $after",
    async ({ operation, node, during, after }) => {
      const res = await sim().req<Node>("POST", `${BASE}/${node}/${operation}`);
      expect(res.status).toBe(202);
      expect(res.body.power_status).toBe(during);
      await sim().advance(MINUTE);
      expect((await sim().req<Node>("GET", `${BASE}/${node}`)).body.power_status).toBe(after);
    },
  );

  it("power_on answers 412 PRECONDITION_FAILED when the host is not ready", async () => {
    const res = await sim().req<ApiErrorBody>("POST", `${BASE}/${notReady}/power_on`);
    expect(res.status).toBe(412);
    expect(res.body.code).toBe("PRECONDITION_FAILED");
  });

  it("power_on answers 404 NOT_FOUND for a node that does not exist", async () => {
    const res = await sim().req<ApiErrorBody>("POST", `${BASE}/nope0000/power_on`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
  });

  it("list their networks, derived from their addresses, with filters", async () => {
    const res = await sim().req<Network[]>("GET", `${BASE}/${poweredOn}/networks`);
    expect(res.status).toBe(200);
    expect(res.body.map((n) => n.interface_type).sort()).toEqual(["oob", "private", "public"]);
    const priv = await sim().req<Network[]>(
      "GET",
      `${BASE}/${poweredOn}/networks?interface_type=private&family=ipv4`,
    );
    expect(priv.body).toHaveLength(1);
    expect(priv.body[0]?.cidr).toMatch(/\/29$/);
  });

  it("read one network by id; 404 for a network of another node", async () => {
    const [network] = (await sim().req<Network[]>("GET", `${BASE}/${poweredOn}/networks`)).body;
    const one = await sim().req<Network>("GET", `${BASE}/${poweredOn}/networks/${network?.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(network);
    const other = await sim().req<ApiErrorBody>(
      "GET",
      `${BASE}/${poweredOff}/networks/${network?.id}`,
    );
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("NOT_FOUND");
  });

  it("keep PTR records: created with the defaults, listed, deleted, never changed", async () => {
    const path = `${BASE}/${poweredOn}/ptr_records`;
    const created = await createDefaultPtr(sim(), path, "198.19.200.21", "bm1.example.com");
    expect((await sim().req<unknown[]>("GET", path)).body).toEqual([created]);
    expect((await sim().req("PUT", `${path}/${created.id}`, { ttl: 5 })).status).toBe(405);
    // Another node's list does not hold it, and cannot delete it.
    const elsewhere = `${BASE}/${poweredOff}/ptr_records`;
    expect((await sim().req<unknown[]>("GET", elsewhere)).body).toEqual([]);
    expect((await sim().req("DELETE", `${elsewhere}/${created.id}`)).status).toBe(404);
    expect((await sim().req("DELETE", `${path}/${created.id}`)).status).toBe(204);
    expect((await sim().req<unknown[]>("GET", path)).body).toEqual([]);
  });

  it("cannot be created or deleted", async () => {
    expect((await sim().req("POST", BASE, {})).status).toBe(405);
    expect((await sim().req("DELETE", `${BASE}/${poweredOn}`)).status).toBe(405);
  });
});
