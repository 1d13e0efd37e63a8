// Lookup functions over things of the account other than hosts: SSL certificates (the seed's
// Let's Encrypt ones and two custom ones seeded here), an L2 segment ordered through the API and
// its members, and the seed's Kubernetes clusters and nodes.
import { describe, expect, it } from "vitest";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import {
  AmbiguousMatchError,
  getKubernetesCluster,
  getKubernetesClusterNode,
  getKubernetesClusterNodes,
  getKubernetesClusters,
  getL2Segment,
  getL2SegmentMembers,
  getSslCertificate,
  getSslCertificates,
  NoMatchError,
} from "../../provider/functions";
import { labelSelector } from "../../sdk/labels";
import type { WireRecord } from "../../simulator";
import { dedicatedServerOrder } from "../sdk-simulator/dedicated-order";
import { lookupBed } from "./functions-support";

const AT = "2026-01-01T00:00:00.000Z";
const EXPIRES = "2027-01-01T00:00:00.000Z";

function customCertificate(id: string, name: string, labels: Record<string, string>): WireRecord {
  return {
    id,
    name,
    type: "custom",
    issuer: "Example Test CA",
    subject: `${name.toLowerCase().replace(/\s+/g, "-")}.example.org`,
    domain_names: [`${name.toLowerCase().replace(/\s+/g, "-")}.example.org`],
    sha1_fingerprint: id === "CuCert01" ? "a".repeat(40) : "b".repeat(40),
    labels,
    expires_at: EXPIRES,
    created_at: AT,
    updated_at: AT,
  };
}

let segmentId: string;
let serverIds: string[];

const seed = {
  records: {
    ssl_certificates: [
      customCertificate("CuCert01", "Web frontend", {
        env: "prod",
        [OWNER_LABEL_KEY]: `o${"1".repeat(40)}`,
      }),
      customCertificate("CuCert02", "Web backend", { env: "staging" }),
    ],
  },
};

const { failure } = lookupBed({ seed }, async ({ client }) => {
  // Two orders: the labels of an order go to every server in it.
  const order = (hostnames: string[], role: string) =>
    client.dedicatedServers.create(
      dedicatedServerOrder(hostnames[0] ?? "", {
        hosts: hostnames.map((hostname) => ({ hostname })),
        labels: { role },
      }),
    );
  const servers = [
    ...(await order(["db-1.example.com", "db-2.example.com"], "db")),
    ...(await order(["app-1.example.com"], "app")),
  ];
  serverIds = servers.map((server) => server.id);
  const segment = await client.l2Segments.create({
    name: "backend",
    type: "private",
    location_group_id: 1,
    members: servers.map((server, i) => ({ id: server.id, mode: i === 2 ? "native" : "trunk" })),
    labels: { env: "prod" },
  });
  segmentId = segment.id;
});

describe("SSL certificates", () => {
  it("lists certificates of every type, by label selector, search pattern and type", async () => {
    const all = await getSslCertificates();
    expect(all.sslCertificates.map((c) => c.id).sort()).toEqual([
      "CuCert01",
      "CuCert02",
      "LeCert01",
      "LeCert02",
    ]);
    const prod = await getSslCertificates({ labelSelector: "env==prod" });
    expect(prod.sslCertificates.map((c) => c.id).sort()).toEqual(["CuCert01", "LeCert01"]);
    const custom = await getSslCertificates({ type: "custom" });
    expect(custom.sslCertificates.map((c) => c.id)).toEqual(["CuCert01", "CuCert02"]);
    const search = await getSslCertificates({ searchPattern: "api." });
    expect(search.sslCertificates.map((c) => c.id)).toEqual(["LeCert02"]);
  });

  it("returns camelCase records without the ownership label", async () => {
    const { sslCertificates } = await getSslCertificates({
      labelSelector: labelSelector().exists(OWNER_LABEL_KEY),
    });
    expect(sslCertificates).toEqual([
      {
        id: "CuCert01",
        name: "Web frontend",
        type: "custom",
        issuer: "Example Test CA",
        subject: "web-frontend.example.org",
        domainNames: ["web-frontend.example.org"],
        sha1Fingerprint: "a".repeat(40),
        labels: { env: "prod" },
        expiresAt: EXPIRES,
        createdAt: AT,
        updatedAt: AT,
      },
    ]);
  });

  // By id of either type, by an exact name, an id of another type: functions-lookups.test.ts.
  it("finds a custom one by id and type", async () => {
    expect((await getSslCertificate({ id: "CuCert02", type: "custom" })).name).toBe("Web backend");
  });

  it("finds one by words of its name, among custom and Let's Encrypt ones", async () => {
    expect((await getSslCertificate({ name: "frontend" })).id).toBe("CuCert01");
    const several = await failure(getSslCertificate({ name: "web" }));
    expect(several).toBeInstanceOf(AmbiguousMatchError);
    expect(several.message).toBe(
      'getSslCertificate: "web" matches 2 SSL certificates: Web frontend (id CuCert01), ' +
        "Web backend (id CuCert02); give the id or the full name",
    );
    const typo = await failure(getSslCertificate({ name: "web frontent" }));
    expect(typo.message).toBe(
      'getSslCertificate: no SSL certificate matches "web frontent"; close matches: Web frontend',
    );
  });
});

describe("L2 segments and members", () => {
  it("finds a segment by id and by name", async () => {
    const byId = await getL2Segment({ id: segmentId });
    expect(byId).toMatchObject({
      id: segmentId,
      name: "backend",
      type: "private",
      locationGroupId: 1,
      labels: { env: "prod" },
    });
    expect((await getL2Segment({ name: "BACKEND" })).id).toBe(segmentId);
    const typo = await failure(getL2Segment({ name: "backnd" }));
    expect(typo).toBeInstanceOf(NoMatchError);
    expect(typo.message).toBe(
      'getL2Segment: no L2 segment matches "backnd"; close matches: backend',
    );
    const unknown = await failure(getL2Segment({ id: "NoSeg001" }));
    expect(unknown.message).toMatch(/^getL2Segment: no L2 segment has id NoSeg001 \(GET /);
  });

  it("lists the members with their modes, by the servers' labels", async () => {
    const { members } = await getL2SegmentMembers({ l2SegmentId: segmentId });
    expect(members.map((m) => [m.id, m.title, m.mode, m.vlan === null])).toEqual([
      [serverIds[0], "db-1.example.com", "trunk", false],
      [serverIds[1], "db-2.example.com", "trunk", false],
      [serverIds[2], "app-1.example.com", "native", true],
    ]);
    expect(members[0]).toMatchObject({ status: "new", labels: { role: "db" } });
    const dbs = await getL2SegmentMembers({ l2SegmentId: segmentId, labelSelector: "role==db" });
    expect(dbs.members.map((m) => m.id)).toEqual(serverIds.slice(0, 2));
    const apps = await getL2SegmentMembers({
      l2SegmentId: segmentId,
      labelSelector: labelSelector().notIn("role", ["db"]),
    });
    expect(apps.members.map((m) => m.id)).toEqual(serverIds.slice(2));
  });

  it("reports the API's NOT_FOUND for the members of an unknown segment", async () => {
    const error = await failure(getL2SegmentMembers({ l2SegmentId: "NoSeg001" }));
    expect(error.message).toMatch(/404 NOT_FOUND/);
  });
});

describe("Kubernetes clusters and nodes", () => {
  it("lists clusters by label selector and location", async () => {
    const all = await getKubernetesClusters();
    expect(all.kubernetesClusters.map((c) => c.name)).toEqual(["k8s-prod", "k8s-staging"]);
    const prod = await getKubernetesClusters({ labelSelector: "team" });
    expect(prod.kubernetesClusters).toEqual([
      {
        id: "K8sProd1",
        name: "k8s-prod",
        status: "active",
        locationId: 1,
        locationCode: "AMS1",
        labels: { env: "prod", team: "platform" },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    const dallas = await getKubernetesClusters({ locationId: 2 });
    expect(dallas.kubernetesClusters.map((c) => c.id)).toEqual(["K8sStag1"]);
  });

  // By id and by its whole name: functions-lookups.test.ts.
  it("finds a cluster by words of its name", async () => {
    expect((await getKubernetesCluster({ name: "staging" })).id).toBe("K8sStag1");
    const several = await failure(getKubernetesCluster({ name: "k8s" }));
    expect(several).toBeInstanceOf(AmbiguousMatchError);
    const typo = await failure(getKubernetesCluster({ name: "k8s-prd" }));
    expect((typo as NoMatchError).closeMatches[0]).toBe("k8s-prod");
  });

  it("lists the nodes of a cluster, by label selector and search pattern", async () => {
    const { nodes } = await getKubernetesClusterNodes({ clusterId: "K8sProd1" });
    expect(nodes.map((n) => n.hostname)).toEqual([
      "k8s-prod-cloud-1",
      "k8s-prod-cloud-2",
      "k8s-prod-bm-3",
      "k8s-prod-bm-4",
      "k8s-prod-bm-5",
    ]);
    expect(nodes[2]).toMatchObject({
      id: "KnProd03",
      number: 3,
      type: "baremetal",
      role: "node",
      refId: "BmNode01",
      clusterId: "K8sProd1",
      locationCode: "AMS1",
      nodeGroup: { id: "NgBare01", name: "baremetal", description: "Bare metal workers" },
    });
    const masters = await getKubernetesClusterNodes({
      clusterId: "K8sProd1",
      labelSelector: "role==master",
    });
    expect(masters.nodes.map((n) => n.id)).toEqual(["KnProd01"]);
    const bareMetal = await getKubernetesClusterNodes({
      clusterId: "K8sProd1",
      searchPattern: "bm",
    });
    expect(bareMetal.nodes).toHaveLength(3);
  });

  // By id and by its hostname: functions-lookups.test.ts.
  it("finds a node by its exact hostname only", async () => {
    const partial = await failure(
      getKubernetesClusterNode({ clusterId: "K8sProd1", hostname: "k8s-prod-bm" }),
    );
    expect(partial.message).toMatch(
      /^getKubernetesClusterNode: no Kubernetes cluster node matches "k8s-prod-bm" in Kubernetes cluster K8sProd1; close matches: k8s-prod-bm-3, k8s-prod-bm-4, k8s-prod-bm-5/,
    );
  });
});
