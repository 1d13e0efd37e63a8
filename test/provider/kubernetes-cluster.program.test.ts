// What a program declaring a KubernetesCluster registers with the engine (pulumi.runtime.setMocks).
import * as pulumi from "@pulumi/pulumi";
import { beforeEach, describe, expect, it } from "vitest";
import { ownerLabelValue } from "../../provider/framework/ownership";
import { KubernetesCluster } from "../../provider/index";

interface Registered {
  readonly type: string;
  readonly name: string;
  readonly inputs: Record<string, unknown>;
  readonly additionalSecretOutputs: string[];
}

let registered: Registered[];

/**
 * Mocks that record each registration. newResource does not see resource options, so the
 * monitor's registerResource is wrapped to read additionalSecretOutputs from the request.
 */
async function useMocks(state: (inputs: Record<string, unknown>) => Record<string, unknown>) {
  registered = [];
  const secretsByName = new Map<string, string[]>();
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        const inputs = args.inputs as Record<string, unknown>;
        registered.push({
          type: args.type,
          name: args.name,
          inputs,
          additionalSecretOutputs: secretsByName.get(args.name) ?? [],
        });
        return { id: `${args.name}-id`, state: state(inputs) };
      },
      call: () => ({}),
    },
    "proj",
    "dev",
  );
  const monitor = pulumi.runtime.getMonitor() as unknown as {
    registerResource(
      req: { getName(): string; getAdditionalsecretoutputsList(): string[] },
      callback: unknown,
    ): void;
  };
  const original = monitor.registerResource.bind(monitor);
  monitor.registerResource = (req, callback) => {
    secretsByName.set(req.getName(), req.getAdditionalsecretoutputsList());
    original(req, callback);
  };
}

function resolved<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply(resolve));
}

function owner(kind: string, name: string): string {
  return ownerLabelValue({
    project: "proj",
    stack: "dev",
    type: `pulumi-nodejs:dynamic/serverscom:${kind}`,
    name,
    parent: "",
  });
}

beforeEach(async () => {
  await useMocks((inputs) => ({ ...inputs, name: "k8s-prod", status: "active", nodes: [] }));
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
