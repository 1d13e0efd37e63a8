// What a program declaring an SslCertificate or a LetsEncryptCertificateLabels registers with
// the engine (pulumi.runtime.setMocks). The point: the private key goes to the engine as a
// secret however the program passes it, so the state keeps it encrypted (the engine stores a
// secret input encrypted, and marks an output of the same name secret too, since the dynamic
// provider host does not accept secrets: pkg/resource/plugin/provider_plugin.go,
// annotateSecrets after Check, Create, Read and Update).
import * as pulumi from "@pulumi/pulumi";
import { beforeEach, describe, expect, it } from "vitest";
import { ownerLabelValue } from "../../provider/framework/ownership";
import { LetsEncryptCertificateLabels, SslCertificate } from "../../provider/index";

interface Registered {
  readonly type: string;
  readonly name: string;
  /** The RegisterResourceRequest's object as sent: secrets still wrapped. */
  readonly wire: Record<string, unknown>;
  readonly additionalSecretOutputs: string[];
}

let registered: Registered[];

/**
 * Mocks whose monitor records each RegisterResourceRequest as sent, because newResource sees the
 * inputs with secrets already unwrapped and without the resource options.
 */
async function useMocks(): Promise<void> {
  registered = [];
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => ({ id: `${args.name}-id`, state: { type: "custom" } }),
      call: () => ({}),
    },
    "proj",
    "dev",
  );
  const monitor = pulumi.runtime.getMonitor() as unknown as {
    registerResource(
      req: {
        getType(): string;
        getName(): string;
        getAdditionalsecretoutputsList(): string[];
        getObject(): { toJavaScript(): Record<string, unknown> } | undefined;
      },
      callback: unknown,
    ): void;
  };
  const original = monitor.registerResource.bind(monitor);
  monitor.registerResource = (req, callback) => {
    registered.push({
      type: req.getType(),
      name: req.getName(),
      wire: req.getObject()?.toJavaScript() ?? {},
      additionalSecretOutputs: req.getAdditionalsecretoutputsList(),
    });
    original(req, callback);
  };
}

/** A value as the engine receives a secret. */
function secret(value: unknown) {
  return { [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig, value };
}

async function settle(...resources: pulumi.CustomResource[]): Promise<void> {
  await Promise.all(resources.map((r) => new Promise((resolve) => r.id.apply(resolve))));
}

const CERTIFICATE = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";
const KEY = "-----BEGIN PRIVATE KEY-----\nMIIEsecret\n-----END PRIVATE KEY-----\n";

beforeEach(async () => {
  await useMocks();
});

describe("a program declaring an SslCertificate", () => {
  it("registers the private key as a secret even when passed in clear, and privateKey as a secret output", async () => {
    const certificate = new SslCertificate("site", {
      publicKey: CERTIFICATE,
      privateKey: KEY,
      labels: { env: "prod" },
    });
    await settle(certificate);
    const [entry] = registered;
    expect(entry?.type).toBe("pulumi-nodejs:dynamic/serverscom:SslCertificate");
    expect(entry?.additionalSecretOutputs).toEqual(["privateKey"]);
    expect(entry?.wire).toMatchObject({
      name: "site",
      publicKey: CERTIFICATE,
      privateKey: secret(KEY),
      // No chain is sent as null, so that removing a chain is a change.
      chainKey: null,
      labels: { env: "prod" },
      __ownerLabel: ownerLabelValue({
        project: "proj",
        stack: "dev",
        type: "pulumi-nodejs:dynamic/serverscom:SslCertificate",
        name: "site",
        parent: "",
      }),
    });
    // The serialised provider is the shim alone: no key material in it.
    expect(String(entry?.wire.__provider)).not.toContain("MIIEsecret");
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
      privateKey: secret(KEY),
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
    const [entry] = registered;
    expect(entry?.type).toBe("pulumi-nodejs:dynamic/serverscom:LetsEncryptCertificateLabels");
    expect(entry?.additionalSecretOutputs).toEqual([]);
    expect(entry?.wire).toMatchObject({ adoptId: "LeCert01", labels: { env: "prod" } });
    expect(typeof entry?.wire.__ownerLabel).toBe("string");
  });
});
