// What a program declaring a KubernetesBaremetalNodePower registers with the engine
// (pulumi.runtime.setMocks).
import * as pulumi from "@pulumi/pulumi";
import { beforeEach, describe, expect, it } from "vitest";
import { ownerLabelValue } from "../../provider/framework/ownership";
import { KubernetesBaremetalNodePower } from "../../provider/index";

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
  await useMocks((inputs) => ({ ...inputs, powerStatus: "powered_on" }));
});

describe("a program declaring a KubernetesBaremetalNodePower", () => {
  it("registers the type token, the node id, poweredOn defaulted to true and the hidden inputs", async () => {
    const power = new KubernetesBaremetalNodePower(
      "bm-4",
      { nodeId: "BmNode02" },
      { customTimeouts: { create: "20m" } },
    );
    expect(await resolved(power.powerStatus)).toBe("powered_on");
    expect(registered).toHaveLength(1);
    const [entry] = registered;
    expect(entry?.type).toBe("pulumi-nodejs:dynamic/serverscom:KubernetesBaremetalNodePower");
    expect(entry?.additionalSecretOutputs).toEqual([]);
    expect(entry?.inputs).toMatchObject({
      nodeId: "BmNode02",
      poweredOn: true,
      __ownerLabel: owner("KubernetesBaremetalNodePower", "bm-4"),
      __timeouts: { create: 20 * 60_000 },
    });
    expect(String(entry?.inputs.__provider)).toContain('kind: "KubernetesBaremetalNodePower"');
    expect(await resolved(power.poweredOn)).toBe(true);
  });

  it("takes the node id from another resource's output", async () => {
    const power = new KubernetesBaremetalNodePower("bm-4", {
      nodeId: pulumi.output({ refId: "BmNode02" }).apply((node) => node.refId),
    });
    expect(await resolved(power.nodeId)).toBe("BmNode02");
  });
});
