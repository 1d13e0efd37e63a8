// The SSL certificate area: one list of every type, custom certificates (uploaded PEM, parsed
// here to fill subject, issuer, domain names, expiry and fingerprint) and Let's Encrypt ones,
// which the API cannot create (seeded). The private key is kept internal and never answered.
import { createHash, createPrivateKey, type KeyObject, X509Certificate } from "node:crypto";
import {
  type FieldErrors,
  noContent,
  ok,
  readBody,
  readLabels,
  validationFailed,
} from "../framework/body";
import {
  type Area,
  type AreaHandler,
  type AreaHelpers,
  type Router,
  SimApiError,
  type SimContext,
  type WireRecord,
} from "../framework/contract";

const CERTIFICATES = "ssl_certificates";
const BASE = "/v1/ssl_certificates";
const DAY = 24 * 60 * 60 * 1000;

type CertificateType = "custom" | "letsencrypt";

/**
 * The Go client sends every key field on update, empty when unchanged: an empty string is
 * "not given", so such clients do not wipe their key material.
 */
function given(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "";
}

// Uploaded text is untrusted: whatever OpenSSL rejects, the answer is the same field error.
function parseCertificate(pem: string): X509Certificate | undefined {
  try {
    return new X509Certificate(pem);
  } catch (error) {
    if (error instanceof Error) return undefined;
    throw error;
  }
}

function parsePrivateKey(pem: string): KeyObject | undefined {
  try {
    return createPrivateKey(pem);
  } catch (error) {
    if (error instanceof Error) return undefined;
    throw error;
  }
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

function validChain(pem: string): boolean {
  const blocks = pem.match(PEM_CERTIFICATE) ?? [];
  return blocks.length > 0 && blocks.every((block) => parseCertificate(block) !== undefined);
}

/** The common name of an OpenSSL distinguished name ("CN=a\nO=b"), else the whole name. */
function commonName(name: string): string {
  const lines = name.split("\n");
  const cn = lines.find((line) => line.startsWith("CN="));
  return cn === undefined ? lines.join(", ") : cn.slice(3);
}

/** The wire fields a certificate's own content decides. */
function describe(certificate: X509Certificate): WireRecord {
  const issuer = certificate.issuer.trim();
  return {
    subject: commonName(certificate.subject),
    issuer: issuer === "" ? null : commonName(issuer),
    domain_names: (certificate.subjectAltName ?? "")
      .split(", ")
      .filter((entry) => entry.startsWith("DNS:"))
      .map((entry) => entry.slice(4)),
    expires_at: new Date(certificate.validTo).toISOString(),
    sha1_fingerprint: certificate.fingerprint.replaceAll(":", "").toLowerCase(),
  };
}

interface KeyMaterial {
  readonly publicKey: string;
  readonly privateKey: string;
  readonly chainKey: string | null;
}

/** Checks the certificate, the key and the chain together; returns the certificate's fields. */
function checkKeyMaterial(material: KeyMaterial, errors: FieldErrors): WireRecord {
  const certificate = parseCertificate(material.publicKey);
  if (certificate === undefined) errors.public_key = "is not a valid PEM certificate";
  const key = parsePrivateKey(material.privateKey);
  if (key === undefined) errors.private_key = "is not a valid PEM private key";
  else if (certificate !== undefined && !certificate.checkPrivateKey(key)) {
    errors.private_key = "does not match the certificate";
  }
  if (material.chainKey !== null && !validChain(material.chainKey)) {
    errors.chain_key = "is not a valid PEM certificate chain";
  }
  return certificate === undefined ? {} : describe(certificate);
}

const createCustom: AreaHandler = (ctx, helpers, req) => {
  const body = readBody(req);
  const errors: FieldErrors = {};
  if (!given(body.name)) errors.name = "is required";
  if (!given(body.public_key)) errors.public_key = "is required";
  if (!given(body.private_key)) errors.private_key = "is required";
  const chainKey = given(body.chain_key) ? body.chain_key : null;
  const fields =
    given(body.public_key) && given(body.private_key)
      ? checkKeyMaterial(
          { publicKey: body.public_key, privateKey: body.private_key, chainKey },
          errors,
        )
      : {};
  const labels = readLabels(helpers, body, errors) ?? {};
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const now = ctx.clock.iso();
  const record: WireRecord = {
    id: ctx.newId(),
    name: String(body.name),
    type: "custom",
    ...fields,
    labels,
    created_at: now,
    updated_at: now,
    _public_key: String(body.public_key),
    _private_key: String(body.private_key),
    _chain_key: chainKey,
  };
  return ok(ctx.store.insert(CERTIFICATES, record), 201);
};

function certificateOr404(ctx: SimContext, type: CertificateType, id: string): WireRecord {
  const record = ctx.store.get(CERTIFICATES, id);
  // A certificate of the other type is not found on this path, as on the real service.
  if (record === undefined || record.type !== type) {
    throw new SimApiError(404, "NOT_FOUND", `The ${type} SSL certificate ${id} was not found`);
  }
  return record;
}

const updateCustom: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  const record = certificateOr404(ctx, "custom", id);
  const body = readBody(req);
  const errors: FieldErrors = {};
  if (body.name !== undefined && body.name !== "" && !given(body.name))
    errors.name = "must not be blank";
  const patch: WireRecord = {};
  if (given(body.public_key) || given(body.private_key) || given(body.chain_key)) {
    // A new certificate must match the stored key, and a new key the stored certificate.
    const material: KeyMaterial = {
      publicKey: given(body.public_key) ? body.public_key : String(record._public_key),
      privateKey: given(body.private_key) ? body.private_key : String(record._private_key),
      chainKey: given(body.chain_key) ? body.chain_key : null,
    };
    Object.assign(patch, checkKeyMaterial(material, errors), {
      _public_key: material.publicKey,
      _private_key: material.privateKey,
      _chain_key: material.chainKey,
    });
  }
  const labels = readLabels(helpers, body, errors);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  if (given(body.name)) patch.name = body.name;
  if (labels !== undefined) patch.labels = labels;
  return ok(ctx.store.update(CERTIFICATES, id, patch));
};

const updateLetsEncrypt: AreaHandler = (ctx, helpers, req) => {
  const id = req.params.id ?? "";
  certificateOr404(ctx, "letsencrypt", id);
  const body = readBody(req);
  if (body.labels === undefined) return ok(certificateOr404(ctx, "letsencrypt", id));
  return ok(ctx.store.update(CERTIFICATES, id, { labels: helpers.checkLabels(body.labels) }));
};

function registerTyped(router: Router, type: CertificateType): void {
  const path = `${BASE}/${type}/:id`;
  router.add("GET", path, (req, ctx) => ok(certificateOr404(ctx, type, req.params.id ?? "")));
  router.add("DELETE", path, (req, ctx) => {
    const id = req.params.id ?? "";
    certificateOr404(ctx, type, id);
    ctx.store.remove(CERTIFICATES, id);
    return noContent();
  });
}

function register(router: Router, helpers: AreaHelpers): void {
  router.add("GET", BASE, (req, ctx) =>
    helpers.list(req, ctx.store.all(CERTIFICATES), {
      sortable: ["id", "created_at", "updated_at"],
      searchField: "name",
      labelSelector: true,
      filters: { type: "type" },
    }),
  );
  router.add("POST", `${BASE}/custom`, (req, ctx) => createCustom(ctx, helpers, req));
  router.add("PUT", `${BASE}/custom/:id`, (req, ctx) => updateCustom(ctx, helpers, req));
  router.add("PUT", `${BASE}/letsencrypt/:id`, (req, ctx) => updateLetsEncrypt(ctx, helpers, req));
  registerTyped(router, "custom");
  registerTyped(router, "letsencrypt");
}

/** Let's Encrypt certificates come from the control panel, never from the API: seed two. */
function seed(ctx: SimContext): void {
  const now = ctx.clock.now();
  const issued = new Date(now - 30 * DAY).toISOString();
  const expires = new Date(now + 60 * DAY).toISOString();
  const seeds = [
    { id: "LeCert01", domains: ["example.com", "www.example.com"], labels: { env: "prod" } },
    { id: "LeCert02", domains: ["api.example.com"], labels: { env: "staging" } },
  ];
  for (const { id, domains, labels } of seeds) {
    const subject = domains[0] ?? "";
    ctx.store.insert(CERTIFICATES, {
      id,
      name: subject,
      type: "letsencrypt",
      issuer: "R11",
      subject,
      domain_names: domains,
      sha1_fingerprint: createHash("sha1").update(id).digest("hex"),
      expires_at: expires,
      labels,
      created_at: issued,
      updated_at: issued,
    });
  }
}

export const sslArea: Area = {
  name: "ssl",
  register,
  seed,
};
