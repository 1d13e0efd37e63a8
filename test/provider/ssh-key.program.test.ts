// What a program declaring an SshKey registers with the engine (pulumi.runtime.setMocks).
import * as pulumi from "@pulumi/pulumi";
import { beforeEach, describe, expect, it } from "vitest";
import { ownerLabelValue } from "../../provider/framework/ownership";
import { SshKey } from "../../provider/index";

interface Registered {
  readonly type: string;
  readonly name: string;
  readonly inputs: Record<string, unknown>;
  readonly additionalSecretOutputs: string[];
}

let registered: Registered[];

/** Mocks that record each registration, additionalSecretOutputs read from the request. */
async function useMocks(): Promise<void> {
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
        return {
          id: "48:81:0c:43:99:12:71:5e:ba:fd:e7:2f:20:d7:95:e8",
          state: { ...inputs, fingerprint: "48:81:0c:43:99:12:71:5e:ba:fd:e7:2f:20:d7:95:e8" },
        };
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

const PUBLIC_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB7x dev@laptop";

beforeEach(async () => {
  await useMocks();
});

describe("a program declaring an SshKey", () => {
  it("registers the type token, the inputs with the name defaulted, and the ownership label", async () => {
    const key = new SshKey("deploy", { publicKey: PUBLIC_KEY, labels: { team: "ops" } });
    expect(await resolved(key.fingerprint)).toBe("48:81:0c:43:99:12:71:5e:ba:fd:e7:2f:20:d7:95:e8");
    const [entry] = registered;
    expect(entry?.type).toBe("pulumi-nodejs:dynamic/serverscom:SshKey");
    // A public key is no secret.
    expect(entry?.additionalSecretOutputs).toEqual([]);
    expect(entry?.inputs).toMatchObject({
      publicKey: PUBLIC_KEY,
      name: "deploy",
      labels: { team: "ops" },
      __ownerLabel: ownerLabelValue({
        project: "proj",
        stack: "dev",
        type: "pulumi-nodejs:dynamic/serverscom:SshKey",
        name: "deploy",
        parent: "",
      }),
    });
    expect(String(entry?.inputs.__provider)).toContain('kind: "SshKey"');
  });

  it("keeps a declared name and passes adoptId", async () => {
    const key = new SshKey("deploy", {
      publicKey: PUBLIC_KEY,
      name: "laptop",
      adoptId: "48:81:0c:43:99:12:71:5e:ba:fd:e7:2f:20:d7:95:e8",
    });
    await resolved(key.id);
    expect(registered[0]?.inputs).toMatchObject({
      name: "laptop",
      adoptId: "48:81:0c:43:99:12:71:5e:ba:fd:e7:2f:20:d7:95:e8",
    });
  });
});
