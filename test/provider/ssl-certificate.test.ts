// SslCertificate's provider implementation (custom certificates) against the simulator. The
// private key is a secret input: besides what its conformance row
// (test/conformance/kinds/ssl-certificate.ts) asserts, these tests collect every output, progress
// line and error message and check that none of them holds any of the key.
import { createPrivateKey } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import type { KindProvider } from "../../provider/framework/kind-provider";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { sslCertificateKind } from "../../provider/ssl-certificate/definition";
import { failsOnEach } from "./check-cases";
import {
  CA,
  CERTIFICATE,
  KEY,
  keyLines,
  OTHER_KEY,
  RENEWED_CERTIFICATE,
  RENEWED_KEY,
  sha1,
} from "./ssl-certificate-support";
import { engineInputs, PROVIDER_TEXT, resetTestBed, startTestBed, type TestBed } from "./support";

/** The lines of every private key used here: none may appear anywhere but in requests. */
const SECRET_LINES = [KEY, OTHER_KEY, RENEWED_KEY].flatMap(keyLines);

let bed: TestBed;
let provider: KindProvider;
/** Everything the provider handed back or printed: checked for key material at the end. */
const seen: unknown[] = [];

beforeAll(async () => {
  bed = await startTestBed();
  provider = createKindProvider(sslCertificateKind, bed.context);
});

afterAll(async () => {
  const texts = [...bed.lines, ...seen.map((item) => JSON.stringify(item))];
  expect(texts.length).toBeGreaterThan(20);
  for (const text of texts) {
    expect(text).not.toContain(bed.sim.token);
    for (const line of SECRET_LINES) expect(text).not.toContain(line);
  }
  await bed.close();
});

beforeEach(() => resetTestBed(bed));

afterEach(() => {
  seen.push(...bed.lines);
  vi.restoreAllMocks();
});

const CERTIFICATES = "ssl_certificates";
const CREATE = "POST /v1/ssl_certificates/custom";

/** Inputs as the engine sends them: the constructor always sends chainKey (null for none). */
function certificateInputs(name: string, fields: PropertyBag = {}): Record<string, unknown> {
  return engineInputs("SslCertificate", name, {
    name,
    publicKey: CERTIFICATE,
    privateKey: KEY,
    chainKey: null,
    ...fields,
  });
}

const RENEWAL = { publicKey: RENEWED_CERTIFICATE, privateKey: RENEWED_KEY, chainKey: CA };

/** Outputs, read results and errors all go through here, into `seen`. */
function saw<T>(value: T): T {
  seen.push(value);
  return value;
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    saw({ message: error.message, ...(error as Partial<PartialResourceError>) });
    return error;
  }
  throw new Error("expected a failure");
}

async function created(name: string, fields: PropertyBag = {}) {
  const inputs = certificateInputs(name, fields);
  const result = saw(await provider.create(inputs));
  return { inputs, id: result.id, outs: result.outs as Record<string, unknown> };
}

async function updated(id: string, olds: PropertyBag, news: PropertyBag) {
  return saw(await provider.update(id, olds, news)).outs as Record<string, unknown>;
}

/**
 * The fields of each body the provider PUT from now on, sorted: spied on the SDK, because the
 * simulator keeps no request log (and a body holding the key must not be kept anywhere).
 */
function putFields(): () => string[][] {
  const spy = vi.spyOn(bed.client.sslCertificates, "updateCustom");
  return () => spy.mock.calls.map((call) => Object.keys(call[1]).sort());
}

describe("the lifecycle: create, read, update, delete", () => {
  it("renames and relabels without sending the key material again", async () => {
    const { inputs, id, outs } = await created("site", { labels: { env: "prod" } });
    const puts = putFields();
    const news = { ...inputs, name: "site-2", labels: { env: "staging" } };
    expect(await provider.diff(id, outs, news)).toMatchObject({
      changes: true,
      updates: ["name", "labels"],
    });
    const outs2 = await updated(id, outs, news);
    expect(outs2).toMatchObject({ name: "site-2", labels: { env: "staging" } });
    expect(puts()).toEqual([["labels", "name"]]);
  });

  // The row (test/conformance/kinds/ssl-certificate.ts) renews in place: outputs, stored
  // material, one PUT.
  it("renews with one PUT of all three; dropping the chain sends the material without it", async () => {
    const { inputs, id, outs } = await created("site");
    const news = { ...inputs, ...RENEWAL };
    const puts = putFields();
    const outs2 = await updated(id, outs, news);
    expect(outs2.privateKey).not.toBe(outs.privateKey);
    expect(puts()).toEqual([["chain_key", "private_key", "public_key"]]);
    expect(
      (await bed.sim.control.records(CERTIFICATES)).filter((r) => r.type === "custom"),
    ).toHaveLength(1);

    // The API then keeps no chain.
    const unchained = { ...news, chainKey: null };
    expect(await provider.diff(id, outs2, unchained)).toMatchObject({ updates: ["chainKey"] });
    const outs3 = await updated(id, outs2, unchained);
    expect(outs3.chainKey).toBeNull();
    expect((await bed.sim.control.peek(CERTIFICATES, id))?._chain_key).toBeNull();
  });

  it("sees no change in the same key written in another PEM encoding", async () => {
    const { inputs, id, outs } = await created("site");
    const pkcs1 = String(createPrivateKey(KEY).export({ type: "pkcs1", format: "pem" }));
    expect(pkcs1).toContain("BEGIN RSA PRIVATE KEY");
    expect(await provider.diff(id, outs, { ...inputs, privateKey: pkcs1 })).toMatchObject({
      changes: false,
    });
  });
});

describe("a chain update the API did not take (issue 12, item 6)", () => {
  it("keeps the old chain recorded, so the next up sends the new one again", async () => {
    const { inputs, id, outs } = await created("site");
    expect(outs.chainKey).toBeNull();
    await bed.sim.control.setFaults({
      rules: [{ kind: "error5xx", status: 503, probability: 1, method: "PUT" }],
    });
    const news = { ...inputs, chainKey: CA };
    const error = await failure(provider.update(id, outs, news));
    await bed.sim.control.setFaults({});
    expect(error).toBeInstanceOf(PartialResourceError);
    const recorded = (error as PartialResourceError).properties;
    // Not the new chain's digest: what the API is known to hold (no chain).
    expect(recorded.chainKey).toBeNull();
    expect(recorded.__pending).toBe("update");
    expect((await provider.diff(id, recorded, news)).updates).toContain("chainKey");
    const resumed = await updated(id, recorded, news);
    expect(resumed.chainKey).not.toBeNull();
    expect(resumed).not.toHaveProperty("__pending");
  });
});

// The row covers the drift's read and diff, and a deletion outside Pulumi.
describe("drift", () => {
  it("a certificate replaced outside Pulumi: the fix uploads the whole declared material", async () => {
    const { inputs, id, outs } = await created("site");
    await bed.sim.control.patch(CERTIFICATES, id, {
      name: "by-hand",
      sha1_fingerprint: sha1(RENEWED_CERTIFICATE),
      subject: "rotated.example.test",
    });
    const read = saw(await provider.read(id, outs));
    const puts = putFields();
    const fixed = await updated(id, read.props as PropertyBag, inputs);
    expect(fixed).toMatchObject({ name: "site", sha1Fingerprint: sha1(CERTIFICATE) });
    // So the API can check the certificate against the key.
    expect(puts()).toEqual([["name", "private_key", "public_key"]]);
  });
});

describe("idempotent create", () => {
  it("a later create never adopts the certificate an earlier one uploaded: it names it", async () => {
    await bed.sim.control.setFaults({
      rules: [{ kind: "dropResponseAfterApply", probability: 1, method: "POST", times: 1 }],
    });
    const inputs = certificateInputs("site");
    const lost = await failure(
      bed.client.sslCertificates.createCustom({
        name: "site",
        public_key: CERTIFICATE,
        private_key: KEY,
        labels: { [OWNER_LABEL_KEY]: String(inputs.__ownerLabel) },
      }),
    );
    expect(lost.name).toBe("ConnectionError");
    const result = saw(await provider.create(inputs));
    // Issue 12, item 1: it may be the generation a replacement deletes next.
    const custom = (await bed.sim.control.records(CERTIFICATES)).filter((r) => r.type === "custom");
    expect(custom).toHaveLength(2);
    const earlier = custom.find((record) => record.id !== result.id);
    expect(bed.lines.join("\n")).toContain(`not adopting ${earlier?.id}`);
    // The lost POST and this create's own.
    expect((await bed.sim.control.requestCounts())[CREATE]).toBe(2);
  });
});

describe("adoption by adoptId", () => {
  it("takes over an uploaded certificate; the same certificate needs no key material", async () => {
    const existing = await bed.client.sslCertificates.createCustom({
      name: "legacy",
      public_key: CERTIFICATE,
      private_key: KEY,
      labels: { old: "x" },
    });
    const puts = putFields();
    const inputs = certificateInputs("site", { adoptId: existing.id, labels: { env: "prod" } });
    const result = saw(await provider.create(inputs));
    expect(result.id).toBe(existing.id);
    expect(result.outs).toMatchObject({ name: "site", labels: { env: "prod" } });
    expect(puts()).toEqual([["labels", "name"]]);
    expect(await provider.diff(existing.id, result.outs as PropertyBag, inputs)).toMatchObject({
      changes: false,
    });
  });

  it("uploads the declared material when the adopted certificate is another one", async () => {
    const existing = await bed.client.sslCertificates.createCustom({
      name: "site",
      public_key: CERTIFICATE,
      private_key: KEY,
    });
    const inputs = certificateInputs("site", { adoptId: existing.id, ...RENEWAL });
    const result = saw(await provider.create(inputs));
    expect(result.outs).toMatchObject({ sha1Fingerprint: sha1(RENEWED_CERTIFICATE) });
    expect((await bed.sim.control.peek(CERTIFICATES, existing.id))?._private_key).toBe(RENEWED_KEY);
  });

  it("refuses an id that is not a custom certificate", async () => {
    const error = await failure(
      provider.create(certificateInputs("site", { adoptId: "LeCert01" })),
    );
    expect(error.message).toBe('adoptId: there is no SSL certificate with id "LeCert01" to adopt');
  });
});

describe("the private key stays secret", () => {
  it("is absent from a partial-create error's properties", async () => {
    const existing = await bed.client.sslCertificates.createCustom({
      name: "legacy",
      public_key: CERTIFICATE,
      private_key: KEY,
    });
    // The converging PUT of an adoption fails in a way that leaves its effect unknown.
    await bed.sim.control.setFaults({
      rules: [{ kind: "error5xx", probability: 1, method: "PUT", status: 500 }],
    });
    const error = await failure(
      provider.create(certificateInputs("site", { adoptId: existing.id, ...RENEWAL })),
    );
    expect(error).toBeInstanceOf(PartialResourceError);
    const properties = (error as PartialResourceError).properties;
    expect(properties.privateKey).toMatch(/^spki-sha256:/);
    expect(properties.__provider).toBe(PROVIDER_TEXT);
  });

  it("is absent from the API's refusal of a key that does not match", async () => {
    // Check would refuse this pair; the API's own refusal must not repeat the key either.
    const error = await failure(
      provider.create(certificateInputs("site", { privateKey: OTHER_KEY })),
    );
    expect(error.message).toContain("private_key: does not match the certificate");
  });
});

describe("check: every rule is a failure naming the property", () => {
  const valid = certificateInputs("site");

  async function reasons(news: PropertyBag) {
    // Check hands the inputs back to the engine (which keeps the key secret): only the
    // failures are the provider's own words.
    const result = await provider.check({}, news);
    return saw(result.failures ?? []);
  }

  it("accepts valid inputs, with or without a chain", async () => {
    expect(await reasons(valid)).toEqual([]);
    expect(await reasons({ ...valid, ...RENEWAL })).toEqual([]);
    expect(await reasons({ ...valid, chainKey: "" })).toEqual([]);
  });

  const encrypted = String(
    createPrivateKey(KEY).export({
      type: "pkcs8",
      format: "pem",
      cipher: "aes-256-cbc",
      passphrase: "pw",
    }),
  );

  failsOnEach(reasons, valid, [
    [{ name: "" }, "name", 'name must be a non-empty string (got "")'],
    [{ publicKey: undefined }, "publicKey", "publicKey is required"],
    [{ publicKey: 7 }, "publicKey", "publicKey must be a string of PEM text"],
    [
      { publicKey: "hello" },
      "publicKey",
      "publicKey must be a PEM certificate (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----)",
    ],
    [
      { publicKey: `${CERTIFICATE}${CA}` },
      "publicKey",
      "publicKey holds 2 certificates: pass the server's own certificate in publicKey and the " +
        "intermediate certificates in chainKey",
    ],
    [
      { publicKey: `${CERTIFICATE}${KEY}` },
      "publicKey",
      "publicKey holds a private key: pass the certificate in publicKey and the key in privateKey",
    ],
    [
      {
        publicKey: "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
      },
      "publicKey",
      "publicKey: the PEM certificate cannot be read (damaged or not X.509)",
    ],
    [{ privateKey: undefined }, "privateKey", "privateKey is required"],
    [{ privateKey: "" }, "privateKey", "privateKey is required"],
    [{ privateKey: 12 }, "privateKey", "privateKey must be a string of PEM text"],
    [
      { privateKey: CERTIFICATE },
      "privateKey",
      "privateKey must be a PEM private key (-----BEGIN PRIVATE KEY----- or " +
        "-----BEGIN RSA PRIVATE KEY----- ...)",
    ],
    [
      { privateKey: encrypted },
      "privateKey",
      "privateKey is encrypted: the API needs it without a passphrase " +
        "(`openssl pkey -in key.pem -out key-plain.pem` removes it)",
    ],
    [
      { privateKey: KEY.replace(/\n[A-Za-z0-9+/]{20,}\n/, "\nAAAA\n") },
      "privateKey",
      "privateKey: the PEM private key cannot be read (damaged?)",
    ],
    [
      { privateKey: OTHER_KEY },
      "privateKey",
      "privateKey does not match the certificate in publicKey: they must be one key pair " +
        "(renewing? change both together)",
    ],
    [
      { publicKey: RENEWED_CERTIFICATE },
      "privateKey",
      "privateKey does not match the certificate in publicKey: they must be one key pair " +
        "(renewing? change both together)",
    ],
    [
      { chainKey: "intermediates" },
      "chainKey",
      "chainKey must hold PEM certificates (-----BEGIN CERTIFICATE----- ...): the intermediate " +
        "certificates, or omit it",
    ],
    [
      { chainKey: `${CA}${KEY}` },
      "chainKey",
      "chainKey holds a private key: it takes only the intermediate certificates",
    ],
    [
      { chainKey: `${CA}-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n` },
      "chainKey",
      "chainKey: certificate 2 of 2 cannot be read",
    ],
    [{ chainKey: 3 }, "chainKey", "chainKey must be a string of PEM certificates"],
    [
      { labels: { env: "-x" } },
      "labels",
      "labels.env: a value must start and end with a Latin letter or digit",
    ],
  ]);

  it("tolerates values unknown during preview, and diffs them as possible changes", async () => {
    expect(
      await reasons({ ...valid, publicKey: UNKNOWN, privateKey: UNKNOWN, chainKey: UNKNOWN }),
    ).toEqual([]);
    const { id, outs } = await created("site");
    expect(
      await provider.diff(id, outs, { ...valid, privateKey: UNKNOWN, publicKey: UNKNOWN }),
    ).toMatchObject({ changes: true, updates: ["publicKey", "privateKey"] });
  });
});
