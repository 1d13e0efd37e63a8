// What a program declaring an SshKey registers with the engine (pulumi.runtime.setMocks).
import { describe, expect, it } from "vitest";
import { SshKey } from "../../provider/index";
import { inputsAnd, onlyRegistration, owner, registrationsOfEachTest, resolved } from "./mocks";

const FINGERPRINT = "48:81:0c:43:99:12:71:5e:ba:fd:e7:2f:20:d7:95:e8";

const PUBLIC_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB7x dev@laptop";

const registered = registrationsOfEachTest({
  id: () => FINGERPRINT,
  state: inputsAnd({ fingerprint: FINGERPRINT }),
});

describe("a program declaring an SshKey", () => {
  it("registers the type token, the inputs with the name defaulted, and the ownership label", async () => {
    const key = new SshKey("deploy", { publicKey: PUBLIC_KEY, labels: { team: "ops" } });
    expect(await resolved(key.fingerprint)).toBe("48:81:0c:43:99:12:71:5e:ba:fd:e7:2f:20:d7:95:e8");
    const entry = onlyRegistration(registered, "SshKey");
    // A public key is no secret.
    expect(entry.additionalSecretOutputs).toEqual([]);
    expect(entry.inputs).toMatchObject({
      publicKey: PUBLIC_KEY,
      name: "deploy",
      labels: { team: "ops" },
      __ownerLabel: owner("SshKey", "deploy"),
    });
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
