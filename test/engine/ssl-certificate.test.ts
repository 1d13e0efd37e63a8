// SslCertificate (a custom certificate) and LetsEncryptCertificateLabels through the real provider
// host, driven like `pulumi up` / `refresh` / `destroy`. The private key never reaches the stored
// state or the provider's output. Needs a current dist/ (npm test builds it first).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sslCertificateKind } from "../../provider/ssl-certificate/definition";
import type { Program } from "./harness";
import { engineScenario } from "./scenario";

const data = (name: string) =>
  readFileSync(join(__dirname, "..", "simulator", "data", name), "utf8");
/** Self-signed, CN example.test (test/simulator/data). */
const CERTIFICATE = data("ssl-cert.pem");
const KEY = data("ssl-key.pem");
/** The key's lines of base64: a private key must not appear even reformatted. */
const KEY_LINES = KEY.split("\n").filter((line) => line.length > 0 && !line.startsWith("-----"));

const certificate =
  (args: Record<string, unknown> = {}, opts: Record<string, unknown> = {}): Program =>
  (serverscom) => {
    new serverscom.SslCertificate(
      "site",
      {
        publicKey: CERTIFICATE,
        privateKey: KEY,
        labels: { env: "prod" },
        ...args,
      },
      opts,
    );
  };

const s = engineScenario({
  kind: "SslCertificate",
  name: "site",
  secrets: async (sim) => [
    KEY,
    ...KEY_LINES,
    ...(await sim.control.records("ssl_certificates")).flatMap((c) =>
      typeof c._private_key === "string" ? [c._private_key] : [],
    ),
  ],
});

const renamed = certificate({ name: "site-2", labels: { env: "staging" } });

describe("an SslCertificate through the engine's steps", () => {
  s.up(certificate(), (resource) => {
    expect(resource.outputs).toMatchObject({
      name: "site",
      type: "custom",
      subject: expect.stringContaining("example.test"),
      labels: { env: "prod" },
    });
    // Registered as a secret input by the resource: sealed in the state, in and out.
    expect(resource.secretInputs).toContain("privateKey");
  });
  s.noChange(certificate());
  s.replacements({
    program: (opts) => certificate({}, opts),
    newObject: true,
    count: async (sim) =>
      (await sim.control.records("ssl_certificates")).filter((c) => c.type === "custom").length,
  });
  s.noChangeAfterRebuild(certificate());
  s.inPlace(renamed, (resource) => {
    expect(resource.outputs).toMatchObject({ name: "site-2", labels: { env: "staging" } });
  });
  s.notApplicable(
    "a replacing change",
    "every property changes in place: a renewal keeps the certificate's id",
    () => {
      const rules = Object.values(sslCertificateKind.properties).map((property) => property.rule);
      expect(new Set(rules)).toEqual(new Set(["update"]));
    },
  );
  s.drift(
    renamed,
    async (resource, sim) => {
      await sim.control.patch("ssl_certificates", resource.id, { name: "renamed-by-hand" });
    },
    (resource) => {
      expect(resource.outputs.name).toBe("renamed-by-hand");
    },
  );
  s.deletedOutside(renamed, async (resource, sim) => {
    await sim.control.remove("ssl_certificates", resource.id);
  });
  s.destroy(async (sim, last) => {
    expect(await sim.control.peek("ssl_certificates", last.id)).toBeUndefined();
  });
  s.failedCreate({
    failing: certificate(),
    faults: {
      rules: [
        {
          kind: "error5xx",
          status: 500,
          probability: 1,
          method: "POST",
          path: "/v1/ssl_certificates/custom",
          times: 1,
        },
      ],
    },
    partial: false,
    resume: certificate(),
    count: async (sim) =>
      (await sim.control.records("ssl_certificates")).filter((c) => c.type === "custom").length,
  });
});

describe("a write-only update the API did not take, through the engine (issue 12, item 6)", () => {
  it("fails as a partial update, and the next up sends it again", async () => {
    const h = s.harness();
    await h.up(certificate());
    expect(s.stored().outputs.chainKey).toBeNull();
    // Every PUT answered 503 (the SDK's retries included): the chain never reaches the API.
    await s.sim().control.setFaults({
      rules: [{ kind: "error5xx", status: 503, probability: 1, method: "PUT" }],
    });
    // The certificate itself as its chain: any valid PEM chain does.
    const chained = certificate({ chainKey: CERTIFICATE });
    const error = await h.up(chained).catch((e: unknown) => e);
    await s.sim().control.setFaults({});
    expect(error).toBeInstanceOf(Error);
    expect(s.stored().outputs.chainKey).toBeNull();
    // A refresh in between changes nothing: the next up is still an update.
    await h.refresh();
    const steps = await h.up(chained);
    expect(steps.find((step) => step.urn.endsWith("::site"))?.op).toBe("update");
    expect(s.stored().outputs.chainKey).not.toBeNull();
    expect((await h.up(chained)).map((step) => step.op)).toEqual(["same"]);
    await h.destroy();
  });
});
