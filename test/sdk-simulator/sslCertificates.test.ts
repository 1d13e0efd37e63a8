// client.sslCertificates against the simulator: a custom certificate uploaded -> read (fields
// taken from the certificate itself) -> listed by label with the Let's Encrypt ones -> renamed
// and relabelled -> deleted -> gone; Let's Encrypt certificates (seeded: the API cannot make
// them) relabelled and deleted. The PEM files are the simulator suite's test certificate.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SslCertificateCustomCreateBody } from "../../sdk/areas/ssl-certificates";
import { NotFoundError, UnprocessableEntityError } from "../../sdk/core/errors";
import { expectSelectorRefused, rejectionOf, useSdkSimulator } from "./support";

const data = (name: string) =>
  readFileSync(join(__dirname, "..", "simulator", "data", name), "utf8");
const CERTIFICATE = data("ssl-cert.pem");
const KEY = data("ssl-key.pem");
const OTHER_KEY = data("ssl-other-key.pem");

function upload(
  overrides: Partial<SslCertificateCustomCreateBody> = {},
): SslCertificateCustomCreateBody {
  return {
    name: "example",
    public_key: CERTIFICATE,
    private_key: KEY,
    labels: { env: "test", site: "www" },
    ...overrides,
  };
}

describe("client.sslCertificates on the simulator", () => {
  const bed = useSdkSimulator();

  it("uploads a custom certificate and reads back what the certificate says", async () => {
    const api = bed().client.sslCertificates;
    const created = await api.createCustom(upload());
    expect(created).toMatchObject({
      name: "example",
      type: "custom",
      subject: "example.test",
      domain_names: ["example.test", "www.example.test"],
      sha1_fingerprint: "a05aed1662cf3df3dc12db4b7c4c6337c34fe299",
      labels: { env: "test", site: "www" },
    });
    expect(created.expires_at).toMatch(/^2126-/);
    expect(await api.getCustom(created.id)).toEqual(created);
    // A custom certificate is not found on the Let's Encrypt path.
    await rejectionOf(api.getLetsEncrypt(created.id), NotFoundError);
  });

  it("lists every type, by label selector and over several pages", async () => {
    const api = bed().client.sslCertificates;
    const all: string[] = [];
    for await (const certificate of api.list({ perPage: 1 })) all.push(certificate.type);
    expect(all.filter((t) => t === "letsencrypt")).toHaveLength(2);
    const both = await api.list({ perPage: 1 }).toArray({ limit: 10, concurrency: 3 });
    expect(both.map((c) => c.type)).toEqual(all);
    const www = await api.list({ labelSelector: "site==www" }).toArray({ limit: 10 });
    expect(www.every((c) => c.type === "custom")).toBe(true);
    expect(www.length).toBeGreaterThan(0);
    const prod = await api.list({ labelSelector: "env==prod" }).toArray({ limit: 10 });
    expect(prod.map((c) => c.id)).toEqual(["LeCert01"]);
  });

  it("renames, replaces the labels, and deletes a custom certificate", async () => {
    const api = bed().client.sslCertificates;
    const created = await api.createCustom(upload({ name: "to-change" }));
    const updated = await api.updateCustom(created.id, {
      name: "changed",
      labels: { owner: "web" },
    });
    expect(updated).toMatchObject({ name: "changed", labels: { owner: "web" } });
    expect((await api.updateCustom(created.id, { labels: {} })).labels).toEqual({});
    const mismatch = await rejectionOf(
      api.updateCustom(created.id, { private_key: OTHER_KEY }),
      UnprocessableEntityError,
    );
    expect(Object.keys(mismatch.errors)).toEqual(["private_key"]);
    await api.deleteCustom(created.id);
    await rejectionOf(api.getCustom(created.id), NotFoundError);
  });

  it("relabels and deletes a Let's Encrypt certificate", async () => {
    const api = bed().client.sslCertificates;
    const seeded = await api.getLetsEncrypt("LeCert02");
    expect(seeded).toMatchObject({
      type: "letsencrypt",
      issuer: "R11",
      labels: { env: "staging" },
    });
    expect((await api.updateLetsEncrypt("LeCert02", { labels: { env: "qa" } })).labels).toEqual({
      env: "qa",
    });
    expect((await api.updateLetsEncrypt("LeCert02", { labels: {} })).labels).toEqual({});
    await api.deleteLetsEncrypt("LeCert02");
    await rejectionOf(api.getLetsEncrypt("LeCert02"), NotFoundError);
  });

  it("refuses a text that is no certificate with UnprocessableEntityError naming public_key", async () => {
    const error = await rejectionOf(
      bed().client.sslCertificates.createCustom(upload({ public_key: "not a certificate" })),
      UnprocessableEntityError,
    );
    expect(Object.keys(error.errors)).toEqual(["public_key"]);
  });

  it("answers BadRequestError naming label_selector for a malformed selector", async () => {
    await expectSelectorRefused(
      bed().client.sslCertificates.list({ labelSelector: "env notin ()" }),
    );
  });
});
