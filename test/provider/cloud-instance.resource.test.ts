// What a program declaring a CloudInstance registers with the engine (pulumi.runtime.setMocks).
import * as pulumi from "@pulumi/pulumi";
import { beforeEach, describe, expect, it } from "vitest";
import { ownerLabelValue } from "../../provider/framework/ownership";
import { CloudInstance } from "../../provider/index";

interface Registered {
  readonly type: string;
  readonly name: string;
  readonly inputs: Record<string, unknown>;
  readonly additionalSecretOutputs: string[];
}

let registered: Registered[];

/** Records each registration, with the additionalSecretOutputs of the request the SDK sent. */
async function useMocks(): Promise<void> {
  registered = [];
  const secretsByName = new Map<string, string[]>();
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.push({
          type: args.type,
          name: args.name,
          inputs: args.inputs as Record<string, unknown>,
          additionalSecretOutputs: secretsByName.get(args.name) ?? [],
        });
        return { id: `${args.name}-id`, state: { ...args.inputs, status: "ACTIVE" } };
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

function settle(resource: pulumi.CustomResource): Promise<unknown> {
  return new Promise((resolve) => resource.id.apply(resolve));
}

beforeEach(async () => {
  await useMocks();
});

describe("a program declaring a CloudInstance", () => {
  it("registers the dynamic type token, the inputs, the hidden inputs and userData as secret", async () => {
    const instance = new CloudInstance(
      "web",
      {
        regionId: 1,
        flavorId: "SSD.50",
        imageId: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01",
        gpnEnabled: true,
        backupCopies: 2,
        userData: "#cloud-config\n",
        upgradeConfirmation: "leave",
        rebootTrigger: "2026-01-05",
        labels: { env: "prod" },
      },
      { customTimeouts: { update: "45m" } },
    );
    await settle(instance);
    expect(registered).toHaveLength(1);
    const [entry] = registered;
    expect(entry?.type).toBe("pulumi-nodejs:dynamic/serverscom:CloudInstance");
    expect(entry?.additionalSecretOutputs).toEqual(["userData"]);
    expect(entry?.inputs).toMatchObject({
      regionId: 1,
      flavorId: "SSD.50",
      imageId: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01",
      // The instance's name defaults to the resource name.
      name: "web",
      gpnEnabled: true,
      backupCopies: 2,
      // Sealed as a secret (the wire's secret envelope), so the state stores it encrypted.
      userData: {
        "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
        value: "#cloud-config\n",
      },
      upgradeConfirmation: "leave",
      rebootTrigger: "2026-01-05",
      labels: { env: "prod" },
      __ownerLabel: ownerLabelValue({
        project: "proj",
        stack: "dev",
        type: "pulumi-nodejs:dynamic/serverscom:CloudInstance",
        name: "web",
        parent: "",
      }),
      __timeouts: { update: 45 * 60_000 },
    });
    expect(entry?.inputs).not.toHaveProperty("ipv6Enabled");
    expect(entry?.inputs).not.toHaveProperty("sshKeyFingerprint");
    expect(String(entry?.inputs.__provider)).toContain('kind: "CloudInstance"');
    expect(await new Promise((resolve) => instance.status.apply(resolve))).toBe("ACTIVE");
  });

  it("keeps a declared name and passes adoptId through", async () => {
    const instance = new CloudInstance("web", {
      regionId: 1,
      flavorId: "SSD.50",
      imageId: "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01",
      name: "frontend-1",
      adoptId: "c7zNzFFe",
    });
    await settle(instance);
    expect(registered[0]?.inputs).toMatchObject({ name: "frontend-1", adoptId: "c7zNzFFe" });
    expect(registered[0]?.inputs).not.toHaveProperty("upgradeConfirmation");
  });
});
