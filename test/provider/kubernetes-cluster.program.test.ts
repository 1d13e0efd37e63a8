// What a program declaring a KubernetesCluster registers with the engine (pulumi.runtime.setMocks).
import { beforeEach, describe, expect, it } from "vitest";
import { KubernetesCluster } from "../../provider/index";
import { captureRegistrations, owner, type Registered, resolved } from "./mocks";

let registered: Registered[];

beforeEach(async () => {
  registered = await captureRegistrations({
    state: (inputs) => ({ ...inputs, name: "k8s-prod", status: "active", nodes: [] }),
  });
});

describe("a program declaring a KubernetesCluster", () => {
  it("registers the type token, the cluster id, what it manages and the hidden inputs", async () => {
    const cluster = new KubernetesCluster(
      "prod",
      {
        clusterId: "K8sProd1",
        labels: { env: "prod" },
        nodeGroups: { KnProd03: "NgSpare1" },
      },
      { customTimeouts: { create: "1h" } },
    );
    expect(await resolved(cluster.status)).toBe("active");
    expect(registered).toHaveLength(1);
    const [entry] = registered;
    expect(entry?.type).toBe("pulumi-nodejs:dynamic/serverscom:KubernetesCluster");
    expect(entry?.additionalSecretOutputs).toEqual([]);
    expect(entry?.inputs).toMatchObject({
      clusterId: "K8sProd1",
      labels: { env: "prod" },
      nodeGroups: { KnProd03: "NgSpare1" },
      // Computed for every kind; this one never stamps it on the cluster.
      __ownerLabel: owner("KubernetesCluster", "prod"),
      __timeouts: { create: 60 * 60_000 },
    });
    expect(String(entry?.inputs.__provider)).toContain('kind: "KubernetesCluster"');
    expect(await resolved(cluster.name)).toBe("k8s-prod");
    expect(await resolved(cluster.clusterId)).toBe("K8sProd1");
  });

  it("sends neither labels nor nodeGroups when the program leaves them out", async () => {
    const cluster = new KubernetesCluster("prod", { clusterId: "K8sProd1" });
    await resolved(cluster.id);
    expect(registered[0]?.inputs).not.toHaveProperty("labels");
    expect(registered[0]?.inputs).not.toHaveProperty("nodeGroups");
  });
});
