// Conformance of the simulator's SSL certificate area (api-spec.md "SSL certificate", "SSL
// certificates"; wire-notes.md "SSL certificates"), over raw HTTP. The certificate is a
// self-signed test certificate (CN example.test, SANs example.test and www.example.test, expiring
// in 2126) made with openssl, with its key and an unrelated key, in ./data.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { type ApiErrorBody, type Labels, parseLinks, useTestSimulator } from "./helpers";

const data = (name: string) => readFileSync(join(__dirname, "data", name), "utf8");
const certificatePem = data("ssl-cert.pem");
const privateKeyPem = data("ssl-key.pem");
const otherKeyPem = data("ssl-other-key.pem");
/** `openssl x509 -noout -fingerprint -sha1 -in ssl-cert.pem`, lower-cased without colons. */
const CERTIFICATE_SHA1 = "a05aed1662cf3df3dc12db4b7c4c6337c34fe299";

const CERTIFICATES = "/v1/ssl_certificates";
const CUSTOM = `${CERTIFICATES}/custom`;

interface Certificate {
  id: string;
  name: string;
  type: string;
  issuer: string | null;
  subject: string;
  domain_names: string[];
  sha1_fingerprint: string;
  labels: Labels;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

describe("ssl area", () => {
  const sim = useTestSimulator();

  beforeEach(async () => {
    await sim().control.reset();
  });

  async function upload(extra: Record<string, unknown> = {}) {
    return sim().req<Certificate & ApiErrorBody>("POST", CUSTOM, {
      name: "example",
      public_key: certificatePem,
      private_key: privateKeyPem,
      labels: { env: "test" },
      ...extra,
    });
  }

  async function letsEncrypt(): Promise<Certificate> {
    const list = await sim().req<Certificate[]>("GET", `${CERTIFICATES}?type=letsencrypt`);
    const first = list.body[0];
    if (first === undefined) throw new Error("the seed has Let's Encrypt certificates");
    return first;
  }

  describe("custom certificates", () => {
    it("reads subject, issuer, domain names, expiry and SHA-1 fingerprint from the certificate", async () => {
      const response = await upload({ chain_key: certificatePem });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.stringMatching(/^[A-Za-z0-9]{8}$/),
        name: "example",
        type: "custom",
        issuer: "example.test",
        subject: "example.test",
        domain_names: ["example.test", "www.example.test"],
        sha1_fingerprint: CERTIFICATE_SHA1,
        labels: { env: "test" },
        expires_at: expect.stringMatching(/^2126-/),
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
    });

    it("never answers the private key", async () => {
      const created = await upload();
      const keyBody = privateKeyPem.split("\n")[1] ?? "";
      const bodies = [
        created.body,
        (await sim().req("GET", `${CUSTOM}/${created.body.id}`)).body,
        (await sim().req("GET", CERTIFICATES)).body,
        (await sim().req("PUT", `${CUSTOM}/${created.body.id}`, { name: "renamed" })).body,
      ];
      for (const body of bodies) {
        const text = JSON.stringify(body);
        expect(text).not.toContain(keyBody);
        expect(text).not.toContain("private_key");
      }
    });

    it("answers 422 errors.public_key for a text that is no certificate", async () => {
      const response = await upload({
        public_key: "-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----",
      });
      expect(response.status).toBe(422);
      expect(response.body.code).toBe("UNPROCESSABLE_ENTITY");
      expect(response.body.errors).toHaveProperty("public_key");
    });

    it("answers 422 errors.private_key when the key does not match the certificate", async () => {
      const response = await upload({ private_key: otherKeyPem });
      expect(response.status).toBe(422);
      expect(response.body.errors?.private_key).toMatch(/does not match/);
    });

    it("answers 422 for a missing name and an invalid chain", async () => {
      const response = await upload({ name: "", chain_key: "garbage" });
      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors ?? {}).sort()).toEqual(["chain_key", "name"]);
    });

    it("updates the name, replaces the labels and checks new key material", async () => {
      const created = await upload({ labels: { a: "1", b: "2" } });
      const path = `${CUSTOM}/${created.body.id}`;
      const updated = await sim().req<Certificate>("PUT", path, {
        name: "renamed",
        labels: { c: "3" },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        name: "renamed",
        labels: { c: "3" },
        sha1_fingerprint: CERTIFICATE_SHA1,
      });
      const mismatched = await sim().req<ApiErrorBody>("PUT", path, { private_key: otherKeyPem });
      expect(mismatched.status).toBe(422);
      expect(mismatched.body.errors).toHaveProperty("private_key");
      const rekeyed = await sim().req<Certificate>("PUT", path, {
        public_key: certificatePem,
        private_key: privateKeyPem,
      });
      expect(rekeyed.status).toBe(200);
    });

    it("deletes: 204, then 404", async () => {
      const created = await upload();
      const path = `${CUSTOM}/${created.body.id}`;
      expect((await sim().req("DELETE", path)).status).toBe(204);
      const gone = await sim().req<ApiErrorBody>("GET", path);
      expect(gone.status).toBe(404);
      expect(gone.body.code).toBe("NOT_FOUND");
    });
  });

  describe("Let's Encrypt certificates", () => {
    it("are seeded with every field of the record", async () => {
      const certificate = await letsEncrypt();
      expect(certificate).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        type: "letsencrypt",
        issuer: expect.any(String),
        subject: expect.any(String),
        domain_names: expect.arrayContaining([expect.any(String)]),
        sha1_fingerprint: expect.stringMatching(/^[0-9a-f]{40}$/),
        labels: expect.any(Object),
        expires_at: expect.any(String),
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
    });

    it("PUT changes the labels only; DELETE removes it", async () => {
      const certificate = await letsEncrypt();
      const path = `${CERTIFICATES}/letsencrypt/${certificate.id}`;
      const updated = await sim().req<Certificate>("PUT", path, {
        labels: { owner: "web" },
        name: "ignored",
      });
      expect(updated.body).toMatchObject({ labels: { owner: "web" }, name: certificate.name });
      expect((await sim().req("DELETE", path)).status).toBe(204);
      expect((await sim().req("GET", path)).status).toBe(404);
    });

    it("cannot be created through the API, nor read on the custom path", async () => {
      expect((await sim().req("POST", `${CERTIFICATES}/letsencrypt`, { name: "x" })).status).toBe(
        404,
      );
      const certificate = await letsEncrypt();
      expect((await sim().req("GET", `${CUSTOM}/${certificate.id}`)).status).toBe(404);
    });
  });

  describe("the list of all certificates", () => {
    it("holds every type; filters by search pattern and label selector; sorts and pages", async () => {
      await upload({ name: "shop", labels: { env: "prod" } });
      await upload({ name: "blog", labels: { env: "dev" } });
      const all = await sim().req<Certificate[]>("GET", CERTIFICATES);
      expect(new Set(all.body.map((certificate) => certificate.type))).toEqual(
        new Set(["custom", "letsencrypt"]),
      );
      const searched = await sim().req<Certificate[]>("GET", `${CERTIFICATES}?search_pattern=SHO`);
      expect(searched.body.map((certificate) => certificate.name)).toEqual(["shop"]);
      const selected = await sim().req<Certificate[]>(
        "GET",
        `${CERTIFICATES}?label_selector=env%3Ddev`,
      );
      expect(selected.body.map((certificate) => certificate.name)).toEqual(["blog"]);
      const page = await sim().req<Certificate[]>(
        "GET",
        `${CERTIFICATES}?per_page=1&sorting=created_at&direction=DESC`,
      );
      expect(page.body).toHaveLength(1);
      expect(parseLinks(page.headers.link)).toHaveProperty("next");
    });

    it("answers 400 BAD_REQUEST naming page for an invalid page, and sorting for a field it cannot sort by", async () => {
      const badPage = await sim().req<ApiErrorBody>("GET", `${CERTIFICATES}?page=0`);
      expect(badPage.status).toBe(400);
      expect(badPage.body.code).toBe("BAD_REQUEST");
      expect(badPage.body.params).toEqual(["page"]);
      const badSorting = await sim().req<ApiErrorBody>("GET", `${CERTIFICATES}?sorting=name`);
      expect(badSorting.body.params).toEqual(["sorting"]);
    });
  });
});
