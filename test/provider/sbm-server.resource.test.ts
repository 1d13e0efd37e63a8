// What a program declaring an SbmServer registers with the engine (pulumi.runtime.setMocks).
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { SbmServer } from "../../provider/index";
import { inputsAnd, onlyRegistration, owner, registrationsOfEachTest, settle } from "./mocks";

const registered = registrationsOfEachTest({ state: inputsAnd({ status: "active" }) });

describe("a program declaring an SbmServer", () => {
  it("registers the dynamic type token, the inputs, the hidden inputs and userData as secret", async () => {
    const server = new SbmServer(
      "web",
      {
        locationId: 1,
        sbmFlavorModelId: 601,
        operatingSystemId: 301,
        hostname: "web.example.com",
        sshKeyFingerprints: ["06:61:cd:41:7d:c2:f7:f4:94:e4:1d:b7:b6:76:bb:bb"],
        userData: pulumi.secret("#cloud-config\n"),
        labels: { env: "prod" },
      },
      { customTimeouts: { create: "2h" } },
    );
    await settle(server);
    const entry = onlyRegistration(registered, "SbmServer");
    expect(entry.additionalSecretOutputs).toEqual(["userData"]);
    expect(entry.inputs).toMatchObject({
      locationId: 1,
      sbmFlavorModelId: 601,
      operatingSystemId: 301,
      hostname: "web.example.com",
      sshKeyFingerprints: ["06:61:cd:41:7d:c2:f7:f4:94:e4:1d:b7:b6:76:bb:bb"],
      // A secret input stays secret on its way to the engine.
      userData: {
        [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig,
        value: "#cloud-config\n",
      },
      labels: { env: "prod" },
      __ownerLabel: owner("SbmServer", "web"),
      __timeouts: { create: 2 * 3_600_000 },
    });
    expect(entry.inputs).not.toHaveProperty("publicIpv4NetworkId");
    expect(entry.inputs).not.toHaveProperty("adoptId");
    expect(await new Promise((resolve) => server.status.apply(resolve))).toBe("active");
  });

  it("passes adoptId and the network ids through", async () => {
    const server = new SbmServer("db", {
      locationId: 1,
      sbmFlavorModelId: 601,
      operatingSystemId: 301,
      hostname: "db.example.com",
      publicIpv4NetworkId: "net-pub",
      privateIpv4NetworkId: "net-priv",
      adoptId: "ho1M8Q9D",
    });
    await settle(server);
    expect(registered[0]?.inputs).toMatchObject({
      publicIpv4NetworkId: "net-pub",
      privateIpv4NetworkId: "net-priv",
      adoptId: "ho1M8Q9D",
    });
    expect(registered[0]?.inputs).not.toHaveProperty("__timeouts");
  });
});
