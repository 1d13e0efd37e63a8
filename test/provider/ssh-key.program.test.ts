// What a program declaring an SshKey registers with the engine (pulumi.runtime.setMocks).
import { beforeEach, describe, expect, it } from "vitest";
import { ownerLabelValue } from "../../provider/framework/ownership";
import { SshKey } from "../../provider/index";
import { captureRegistrations, type Registered, resolved } from "./mocks";

let registered: Registered[];

const FINGERPRINT = "48:81:0c:43:99:12:71:5e:ba:fd:e7:2f:20:d7:95:e8";

const PUBLIC_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB7x dev@laptop";

beforeEach(async () => {
  registered = await captureRegistrations({
    id: () => FINGERPRINT,
    state: (inputs) => ({ ...inputs, fingerprint: FINGERPRINT }),
  });
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
