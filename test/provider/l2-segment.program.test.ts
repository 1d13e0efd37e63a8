// What a program declaring an L2Segment registers with the engine (pulumi.runtime.setMocks).
import * as pulumi from "@pulumi/pulumi";
import { beforeEach, describe, expect, it } from "vitest";
import { ownerLabelValue } from "../../provider/framework/ownership";
import { L2Segment } from "../../provider/index";

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
  await useMocks((inputs) => ({ ...inputs, status: "active" }));
});

describe("a program declaring an L2Segment", () => {
  it("registers the type token, the inputs with the name defaulted, and the hidden inputs", async () => {
    const segment = new L2Segment(
      "backend",
      {
        type: "private",
        locationGroupId: 1,
        members: [
          { id: "L2Ams001", mode: "native" },
          { id: pulumi.output("L2Ams002"), mode: "trunk" },
        ],
        labels: { env: "prod" },
      },
      { customTimeouts: { update: "45m" } },
    );
    expect(await resolved(segment.status)).toBe("active");
    expect(registered).toHaveLength(1);
    const [entry] = registered;
    expect(entry?.type).toBe("pulumi-nodejs:dynamic/serverscom:L2Segment");
    expect(entry?.additionalSecretOutputs).toEqual([]);
    expect(entry?.inputs).toMatchObject({
      type: "private",
      locationGroupId: 1,
      members: [
        { id: "L2Ams001", mode: "native" },
        { id: "L2Ams002", mode: "trunk" },
      ],
      name: "backend",
      labels: { env: "prod" },
      __ownerLabel: owner("L2Segment", "backend"),
      __timeouts: { update: 45 * 60_000 },
    });
    expect(entry?.inputs).not.toHaveProperty("adoptId");
    expect(String(entry?.inputs.__provider)).toContain('kind: "L2Segment"');
    expect(await resolved(segment.name)).toBe("backend");
  });

  it("keeps a declared name and passes adoptId", async () => {
    const segment = new L2Segment("backend", {
      type: "public",
      locationGroupId: 2,
      members: [{ id: "L2Ams001", mode: "native" }],
      name: "edge",
      adoptId: "Seg00001",
    });
    expect(await resolved(segment.name)).toBe("edge");
    expect(registered[0]?.inputs).toMatchObject({ name: "edge", adoptId: "Seg00001" });
  });
});
