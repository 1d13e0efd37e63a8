// What a program declaring an SslCertificate or a LetsEncryptCertificateLabels registers with
// the engine (pulumi.runtime.setMocks). The point: the private key goes to the engine as a
// secret however the program passes it, so the state keeps it encrypted (the engine stores a
// secret input encrypted, and marks an output of the same name secret too, since the dynamic
// provider host does not accept secrets: pkg/resource/plugin/provider_plugin.go,
// annotateSecrets after Check, Create, Read and Update).
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { LetsEncryptCertificateLabels, SslCertificate } from "../../provider/index";
import { onlyRegistration, owner, registrationsOfEachTest, secretEnvelope, settle } from "./mocks";

const CERTIFICATE = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";
const KEY = "-----BEGIN PRIVATE KEY-----\nMIIEsecret\n-----END PRIVATE KEY-----\n";

const registered = registrationsOfEachTest({ state: () => ({ type: "custom" }) });

describe("a program declaring an SslCertificate", () => {
  it("registers the private key as a secret even when passed in clear, and privateKey as a secret output", async () => {
    const certificate = new SslCertificate("site", {
      publicKey: CERTIFICATE,
      privateKey: KEY,
      labels: { env: "prod" },
    });
    await settle(certificate);
    const entry = onlyRegistration(registered, "SslCertificate");
    expect(entry.additionalSecretOutputs).toEqual(["privateKey"]);
    expect(entry.wire).toMatchObject({
      name: "site",
      publicKey: CERTIFICATE,
      privateKey: secretEnvelope(KEY),
      // No chain is sent as null, so that removing a chain is a change.
      chainKey: null,
      labels: { env: "prod" },
      __ownerLabel: owner("SslCertificate", "site"),
    });
    // The serialised provider is the shim alone: no key material in it.
    expect(String(entry.wire.__provider)).not.toContain("MIIEsecret");
  });

  it("keeps a key that is already secret (pulumi.secret, a secret config value) secret once", async () => {
    const certificate = new SslCertificate("site", {
      name: "www",
      publicKey: pulumi.output(CERTIFICATE),
      privateKey: pulumi.secret(KEY),
      chainKey: CERTIFICATE,
    });
    await settle(certificate);
    expect(registered[0]?.wire).toMatchObject({
      name: "www",
      privateKey: secretEnvelope(KEY),
      chainKey: CERTIFICATE,
    });
  });
});

describe("a program declaring a LetsEncryptCertificateLabels", () => {
  it("registers the certificate to adopt and its labels, with no secrets", async () => {
    const labels = new LetsEncryptCertificateLabels("site", {
      adoptId: "LeCert01",
      labels: { env: "prod" },
    });
    await settle(labels);
    const entry = onlyRegistration(registered, "LetsEncryptCertificateLabels");
    expect(entry.additionalSecretOutputs).toEqual([]);
    expect(entry.wire).toMatchObject({ adoptId: "LeCert01", labels: { env: "prod" } });
    expect(typeof entry.wire.__ownerLabel).toBe("string");
  });
});
