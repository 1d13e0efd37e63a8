// LetsEncryptCertificateLabels' provider implementation against the simulator, whose seed holds
// two Let's Encrypt certificates (LeCert01, LeCert02): the API cannot issue them, so the kind
// only adopts, manages labels, and leaves the certificate behind on delete.
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

describe("adoption and labels", () => {
  it("takes over the certificate, sets the declared labels and describes the certificate", async () => {
    const { inputs, id, outs } = await adopted();
    expect(id).toBe(SEEDED);
    expect(outs).toEqual({
      name: "example.com",
      type: "letsencrypt",
      issuer: "R11",
      subject: "example.com",
      domainNames: ["example.com", "www.example.com"],
      expiresAt: expect.any(String),
      sha1Fingerprint: expect.stringMatching(/^[0-9a-f]{40}$/),
      labels: { env: "prod", team: "web" },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      adoptId: SEEDED,
      __ownerLabel: inputs.__ownerLabel,
    });
    expect((await bed.sim.control.peek(CERTIFICATES, SEEDED))?.labels).toEqual({
      env: "prod",
      team: "web",
      [OWNER_LABEL_KEY]: inputs.__ownerLabel,
    });
    const read = await provider.read(id, outs);
    expect(read.props).toEqual(outs);
    expect(read.inputs).toEqual({
      labels: { env: "prod", team: "web" },
      adoptId: SEEDED,
      __ownerLabel: inputs.__ownerLabel,
    });
    expect(await provider.diff(id, outs, inputs)).toMatchObject({ changes: false });
  });

  it("changes the labels in place; another adoptId means another certificate (replace)", async () => {
    const { inputs, id, outs } = await adopted();
    const news = { ...inputs, labels: { env: "staging" } };
    expect(await provider.diff(id, outs, news)).toMatchObject({ updates: ["labels"] });
    const { outs: updated } = await provider.update(id, outs, news);
    expect(updated).toMatchObject({ labels: { env: "staging" } });
    expect(await provider.diff(id, outs, { ...inputs, adoptId: "LeCert02" })).toMatchObject({
      replaces: ["adoptId"],
      deleteBeforeReplace: true,
    });
  });

  it("delete leaves the certificate and its labels, removing only the ownership label", async () => {
    const { id, outs } = await adopted();
    await provider.delete(id, outs);
    const stored = await bed.sim.control.peek(CERTIFICATES, SEEDED);
    expect(stored?.labels).toEqual({ env: "prod", team: "web" });
    // Nothing is waited for: the certificate stays.
    expect(bed.lines).toEqual([]);
    // Deleted elsewhere meanwhile: nothing left to release.
    await bed.sim.control.remove(CERTIFICATES, SEEDED);
    await provider.delete(id, outs);
  });

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
});

describe("drift and deletion outside Pulumi", () => {
  it("sees labels changed outside Pulumi and puts them back", async () => {
    const { inputs, id, outs } = await adopted();
    await bed.sim.control.patch(CERTIFICATES, SEEDED, {
      labels: { env: "dev", [OWNER_LABEL_KEY]: String(inputs.__ownerLabel) },
    });
    const read = await provider.read(id, outs);
    expect(read.props).toMatchObject({ labels: { env: "dev" } });
    expect(await provider.diff(id, read.props as PropertyBag, inputs)).toMatchObject({
      changes: true,
      updates: ["labels"],
    });
    const { outs: fixed } = await provider.update(id, read.props as PropertyBag, inputs);
    expect(fixed).toMatchObject({ labels: { env: "prod", team: "web" } });
  });

  it("read answers {} when the certificate was deleted", async () => {
    const { id, outs } = await adopted();
    await bed.sim.control.remove(CERTIFICATES, SEEDED);
    expect(await provider.read(id, outs)).toEqual({});
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
