// LetsEncryptCertificateLabels' provider implementation against the simulator, whose seed holds
// two Let's Encrypt certificates (LeCert01, LeCert02): what its conformance row does not assert
// (test/conformance/kinds/lets-encrypt-certificate-labels.ts: the adoption, labels changed in
// place and by hand, another adoptId replacing, the delete leaving the certificate and its
// labels, deletion outside): the ids it refuses, a delete after the certificate went, check.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { letsEncryptCertificateLabelsKind } from "../../provider/ssl-certificate/lets-encrypt";
import { createdBy, engineInputs, kindSuite } from "./support";

const { bed, provider, failure } = kindSuite(letsEncryptCertificateLabelsKind);

const CERTIFICATES = "ssl_certificates";
const SEEDED = "LeCert01";

function labelsInputs(name: string, fields: PropertyBag = {}): Record<string, unknown> {
  return engineInputs("LetsEncryptCertificateLabels", name, {
    adoptId: SEEDED,
    ...fields,
  });
}

async function adopted(fields: PropertyBag = { labels: { env: "prod", team: "web" } }) {
  return createdBy(provider, labelsInputs("site", fields));
}

describe("adoption and release", () => {
  it("refuses a custom certificate's id, and an id that does not exist", async () => {
    const data = (name: string) =>
      readFileSync(join(__dirname, "..", "simulator", "data", name), "utf8");
    const custom = await bed.client.sslCertificates.createCustom({
      name: "uploaded",
      public_key: data("ssl-cert.pem"),
      private_key: data("ssl-key.pem"),
    });
    for (const adoptId of [custom.id, "nope0001"]) {
      const error = await failure(provider.create(labelsInputs("site", { adoptId })));
      expect(error.message).toBe(
        `adoptId: there is no Let's Encrypt certificate with id "${adoptId}" to adopt`,
      );
    }
    expect((await bed.sim.control.peek(CERTIFICATES, custom.id))?.labels).toEqual({});
  });

  it("delete after the certificate was deleted elsewhere: nothing left to release", async () => {
    const { inputs, id, outs } = await adopted();
    expect((await bed.sim.control.peek(CERTIFICATES, SEEDED))?.labels).toEqual({
      env: "prod",
      team: "web",
      [OWNER_LABEL_KEY]: inputs.__ownerLabel,
    });
    await bed.sim.control.remove(CERTIFICATES, SEEDED);
    await provider.delete(id, outs);
    expect(bed.lines).toEqual([]);
  });
});

describe("check", () => {
  it("requires adoptId, saying why", async () => {
    const { adoptId: _none, ...news } = labelsInputs("site");
    const result = await provider.check({}, news);
    expect(result.failures).toEqual([
      {
        property: "adoptId",
        reason:
          "adoptId is required: the API cannot issue Let's Encrypt certificates (order them in " +
          "the control panel); name the id of the existing certificate whose labels to manage",
      },
    ]);
  });

  it("checks labels, and tolerates unknowns", async () => {
    expect(
      (await provider.check({}, labelsInputs("site", { labels: { "a b": "c" } }))).failures,
    ).toEqual([
      {
        property: "labels",
        reason: expect.stringMatching(/^labels\["a b"\]: /),
      },
    ]);
    expect(
      (await provider.check({}, labelsInputs("site", { adoptId: UNKNOWN, labels: UNKNOWN })))
        .failures,
    ).toEqual([]);
  });
});
