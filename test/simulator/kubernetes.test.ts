// Conformance of the simulator's Kubernetes area (api-spec.md "Kubernetes cluster", "Kubernetes
// cluster node", "Kubernetes"; wire-notes.md "Kubernetes"), over raw HTTP.
import { beforeEach, describe, expect, it } from "vitest";
import {
  K8S_BAREMETAL_HOST_IDS,
  K8S_NODE_GROUP_IDS,
  K8S_PROD_CLUSTER_ID,
  K8S_STAGING_CLUSTER_ID,
} from "../../simulator/seed/kubernetes";
import { type ApiErrorBody, type Labels, parseLinks, useTestSimulator } from "./helpers";

interface Cluster {
  id: string;
  name: string;
  status: string;
  location_id: number;
  location_code: string;
  labels: Labels;
  created_at: string;
  updated_at: string;
}

interface NodeGroup {
  id: string;
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

interface ClusterNode {
  id: string;
  number: number;
  hostname: string;
  configuration: string;
  type: string;
  role: string;
  status: string;
  private_ipv4_address: string | null;
  public_ipv4_address: string | null;
  location_id: number;
  location_code: string;
  ref_id: string;
  cluster_id: string;
  node_group: NodeGroup;
  labels: Labels;
  created_at: string;
  updated_at: string;
}

const CLUSTERS = "/v1/kubernetes_clusters";
const PROD = `${CLUSTERS}/${K8S_PROD_CLUSTER_ID}`;

describe("kubernetes area", () => {
  const sim = useTestSimulator();

  beforeEach(async () => {
    await sim().control.reset();
  });

  describe("clusters", () => {
    it("lists the seeded clusters with every field of the record and no internals", async () => {
      const response = await sim().req<Cluster[]>("GET", CLUSTERS);
      expect(response.status).toBe(200);
      const prod = response.body.find((cluster) => cluster.id === K8S_PROD_CLUSTER_ID);
      expect(prod).toEqual({
        id: K8S_PROD_CLUSTER_ID,
        name: "k8s-prod",
        status: "active",
        location_id: 1,
        location_code: "AMS1",
        labels: expect.any(Object),
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
    });

    it("filters by search pattern and label selector, and pages", async () => {
      const searched = await sim().req<Cluster[]>("GET", `${CLUSTERS}?search_pattern=STAG`);
      expect(searched.body.map((cluster) => cluster.id)).toEqual([K8S_STAGING_CLUSTER_ID]);
      const selected = await sim().req<Cluster[]>(
        "GET",
        `${CLUSTERS}?label_selector=${encodeURIComponent("env in (prod, qa)")}`,
      );
      expect(selected.body.map((cluster) => cluster.id)).toEqual([K8S_PROD_CLUSTER_ID]);
      const paged = await sim().req<Cluster[]>(
        "GET",
        `${CLUSTERS}?per_page=1&sorting=name&direction=DESC`,
      );
      expect(paged.body.map((cluster) => cluster.name)).toEqual(["k8s-staging"]);
      expect(parseLinks(paged.headers.link)).toHaveProperty("next");
    });

    it("answers 404 NOT_FOUND for an unknown cluster", async () => {
      const response = await sim().req<ApiErrorBody>("GET", `${CLUSTERS}/nope0000`);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe("NOT_FOUND");
    });

    it("PUT labels replaces the whole set and answers the cluster", async () => {
      const response = await sim().req<Cluster>("PUT", PROD, { labels: { owner: "sre" } });
      expect(response.status).toBe(200);
      expect(response.body.labels).toEqual({ owner: "sre" });
      expect((await sim().req<Cluster>("GET", PROD)).body.labels).toEqual({ owner: "sre" });
    });

    it("PUT refuses labels with the reserved or an invalid key", async () => {
      const response = await sim().req<ApiErrorBody>("PUT", PROD, { labels: { "a b": "c" } });
      expect(response.status).toBe(422);
      expect(response.body.errors).toHaveProperty("labels");
    });

    it("cannot be created or deleted through the API", async () => {
      expect((await sim().req("POST", CLUSTERS, { name: "new" })).status).toBe(405);
      expect((await sim().req("DELETE", PROD)).status).toBe(405);
    });
  });

  describe("nodes", () => {
    it("lists nodes with every field of the record, cloud and bare metal, in node groups", async () => {
      const response = await sim().req<ClusterNode[]>("GET", `${PROD}/nodes`);
      expect(response.status).toBe(200);
      expect(new Set(response.body.map((node) => node.type))).toEqual(
        new Set(["cloud", "baremetal"]),
      );
      const groups = new Set(response.body.map((node) => node.node_group.id));
      expect(groups.size).toBeGreaterThanOrEqual(2);
      const bareMetal = response.body.find(
        (node) => node.ref_id === K8S_BAREMETAL_HOST_IDS.poweredOff,
      );
      expect(bareMetal).toEqual({
        id: expect.any(String),
        number: expect.any(Number),
        hostname: expect.any(String),
        configuration: expect.any(String),
        type: "baremetal",
        role: expect.any(String),
        status: "active",
        private_ipv4_address: expect.any(String),
        public_ipv4_address: expect.any(String),
        location_id: 1,
        location_code: "AMS1",
        ref_id: K8S_BAREMETAL_HOST_IDS.poweredOff,
        cluster_id: K8S_PROD_CLUSTER_ID,
        node_group: {
          id: K8S_NODE_GROUP_IDS.prodBareMetal,
          name: expect.any(String),
          description: expect.any(String),
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
        labels: expect.any(Object),
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
    });

    it("filters nodes by search pattern and label selector, sorts and pages them", async () => {
      const searched = await sim().req<ClusterNode[]>("GET", `${PROD}/nodes?search_pattern=-bm-`);
      expect(searched.body.every((node) => node.type === "baremetal")).toBe(true);
      expect(searched.body).toHaveLength(3);
      const masters = await sim().req<ClusterNode[]>(
        "GET",
        `${PROD}/nodes?label_selector=role%3Dmaster`,
      );
      expect(masters.body.map((node) => node.role)).toEqual(["master"]);
      const page = await sim().req<ClusterNode[]>(
        "GET",
        `${PROD}/nodes?sorting=number&direction=DESC&per_page=2&page=2`,
      );
      expect(page.body.map((node) => node.number)).toEqual([3, 2]);
      expect(page.headers["x-total"]).toBe("5");
    });

    it("only lists the cluster's own nodes, and 404 for an unknown cluster", async () => {
      const staging = await sim().req<ClusterNode[]>(
        "GET",
        `${CLUSTERS}/${K8S_STAGING_CLUSTER_ID}/nodes`,
      );
      expect(staging.body.every((node) => node.cluster_id === K8S_STAGING_CLUSTER_ID)).toBe(true);
      const missing = await sim().req<ApiErrorBody>("GET", `${CLUSTERS}/nope0000/nodes`);
      expect(missing.status).toBe(404);
    });

    it("reassigns a node to another node group and answers the node with it", async () => {
      const nodes = await sim().req<ClusterNode[]>("GET", `${PROD}/nodes?type=cloud`);
      const node = nodes.body[0];
      expect(node).toBeDefined();
      const path = `${PROD}/nodes/${node?.id}`;
      const response = await sim().req<ClusterNode>("PUT", path, {
        node_group_id: K8S_NODE_GROUP_IDS.prodSpare,
      });
      expect(response.status).toBe(200);
      expect(response.body.node_group).toMatchObject({
        id: K8S_NODE_GROUP_IDS.prodSpare,
        name: "spare",
      });
      expect((await sim().req<ClusterNode>("GET", path)).body.node_group.id).toBe(
        K8S_NODE_GROUP_IDS.prodSpare,
      );
    });

    it("answers 422 errors.node_group_id for a group that is not the cluster's", async () => {
      const path = `${PROD}/nodes/KnProd01`;
      for (const groupId of ["NoSuchGr", K8S_NODE_GROUP_IDS.stagingCloud]) {
        const response = await sim().req<ApiErrorBody>("PUT", path, { node_group_id: groupId });
        expect(response.status).toBe(422);
        expect(response.body.errors).toHaveProperty("node_group_id");
      }
    });

    it("answers 404 for a node of another cluster", async () => {
      const response = await sim().req<ApiErrorBody>(
        "GET",
        `${CLUSTERS}/${K8S_STAGING_CLUSTER_ID}/nodes/KnProd01`,
      );
      expect(response.status).toBe(404);
      expect(response.body.code).toBe("NOT_FOUND");
    });
  });

  describe("bare metal node hosts (seeded here, served by the hosts area)", () => {
    it("seeds one host powered off, one powered on and one not ready", async () => {
      const on = await sim().control.peek(
        "kubernetes_baremetal_nodes",
        K8S_BAREMETAL_HOST_IDS.poweredOn,
      );
      const off = await sim().control.peek(
        "kubernetes_baremetal_nodes",
        K8S_BAREMETAL_HOST_IDS.poweredOff,
      );
      const pending = await sim().control.peek(
        "kubernetes_baremetal_nodes",
        K8S_BAREMETAL_HOST_IDS.notReady,
      );
      expect(on).toMatchObject({
        type: "kubernetes_baremetal_node",
        status: "active",
        power_status: "powered_on",
      });
      expect(off).toMatchObject({
        status: "active",
        operational_status: "normal",
        power_status: "powered_off",
      });
      expect(pending).toMatchObject({ status: "pending" });
      expect(off).toMatchObject({
        kubernetes_cluster_id: K8S_PROD_CLUSTER_ID,
        kubernetes_cluster_node_id: "KnProd04",
      });
    });
  });
});
