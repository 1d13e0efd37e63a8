// Custom SSL certificates as a resource kind (provider/framework/kind.ts). Everything changes in
// place (PUT /ssl_certificates/custom/{id}), key material included, so a certificate attached to
// load balancers keeps its id through a renewal. The private key is a secret input: it reaches
// the API on create and on a key change only, and the outputs hold a digest of its public half
// instead (pem.ts says why that is enough and safe).
import type { SslCertificate } from "../../sdk/areas/ssl-certificates";
import type { ServersComClient } from "../../sdk/client";
import type { Checker, PropertyBag } from "../framework/check";
import type { ResourceKind } from "../framework/kind";
import { unlessNotFound } from "../framework/not-found";
import { allOf, withoutOwnerLabel } from "../framework/ownership";
import { listRead } from "../framework/read-snapshot";
import { isUnknown, UNKNOWN } from "../framework/unknowns";
import {
  certificateSha1,
  chainDigest,
  keyMatches,
  keyPairDigest,
  type Parsed,
  parseCertificate,
  parseChain,
  parsePrivateKey,
  sameDigest,
} from "./pem";
import { certificateOutputs, SSL_CERTIFICATE_RECORD_OUTPUTS } from "./record";

const MINUTE = 60_000;

/** The inputs as the provider receives them once check has passed. */
export interface SslCertificateInputs {
  readonly name: string;
  readonly publicKey: string;
  readonly privateKey: string;
  /** null or "" when there is no chain: the constructor always sends the property. */
  readonly chainKey?: string | null;
  readonly labels?: Readonly<Record<string, string>>;
  readonly adoptId?: string;
}

/** The key material: a change to any of it sends all of it (the API checks them together). */
const KEY_MATERIAL = ["publicKey", "privateKey", "chainKey"] as const;

/**
 * Outputs that must never be readable in clear: the private key's write-only output holds only a
 * digest, but an output of that name is registered secret all the same, so that nothing a
 * future change puts there could leak.
 */
export const SSL_CERTIFICATE_SECRET_OUTPUTS = ["privateKey"] as const;

export const SSL_CERTIFICATE_OUTPUTS = SSL_CERTIFICATE_RECORD_OUTPUTS;

/** A digest of one input for diff: unknown stays unknown, an unreadable value is check's. */
function digestOf<T>(
  value: unknown,
  parse: (text: string) => Parsed<T>,
  digest: (parsed: T) => string,
): unknown {
  if (isUnknown(value)) return UNKNOWN;
  if (typeof value !== "string") return undefined;
  const parsed = parse(value);
  return "value" in parsed ? digest(parsed.value) : undefined;
}

function hasChain(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

async function getCertificate(
  client: ServersComClient,
  id: string,
): Promise<SslCertificate | undefined> {
  return unlessNotFound(client.sslCertificates.getCustom(id));
}

/** The key material fields of a request body, from the complete inputs. */
function keyMaterial(news: PropertyBag) {
  const { publicKey, privateKey, chainKey } = news as unknown as SslCertificateInputs;
  return {
    public_key: publicKey,
    private_key: privateKey,
    ...(typeof chainKey === "string" && chainKey !== "" ? { chain_key: chainKey } : {}),
  };
}

/** A required PEM input: present, a string, and what `parse` accepts. */
function checkPem<T>(c: Checker, property: string, parse: (text: string) => Parsed<T>) {
  const value = c.news[property];
  if (value === undefined || value === null || value === "") {
    c.fail(property, `${property} is required`);
    return undefined;
  }
  if (isUnknown(value)) return undefined;
  // Never echo the value: this may be the private key.
  if (typeof value !== "string") {
    c.fail(property, `${property} must be a string of PEM text`);
    return undefined;
  }
  const parsed = parse(value);
  if ("problem" in parsed) {
    c.fail(property, parsed.problem);
    return undefined;
  }
  return parsed.value;
}

export const sslCertificateKind: ResourceKind<SslCertificate> = {
  name: "SslCertificate",
  noun: "SSL certificate",
  // The API answers every request at once; the only wait is delete's check that it is gone.
  defaultTimeouts: { create: 5 * MINUTE, update: 5 * MINUTE, delete: 5 * MINUTE },
  properties: {
    name: { rule: "update" },
    // The live certificate shows as its SHA-1 fingerprint, which the API returns: drift shows.
    publicKey: {
      rule: "update",
      output: "sha1Fingerprint",
      desired: (news) => digestOf(news.publicKey, parseCertificate, certificateSha1),
      equal: sameDigest,
    },
    // Never returned: the outputs keep the digest of the key pair's public half.
    privateKey: {
      rule: "update",
      writeOnly: true,
      desired: (news) => digestOf(news.privateKey, parsePrivateKey, keyPairDigest),
    },
    // Never returned either; absent (null) means "no chain", so removing it removes the chain.
    chainKey: {
      rule: "update",
      writeOnly: true,
      desired: (news) =>
        hasChain(news.chainKey) ? digestOf(news.chainKey, parseChain, chainDigest) : null,
    },
    // Absent labels mean no labels, so deleting the property removes every label.
    labels: { rule: "update", desired: (news) => news.labels ?? {} },
  },
  secretOutputs: SSL_CERTIFICATE_SECRET_OUTPUTS,
  outputNames: SSL_CERTIFICATE_OUTPUTS,

  check(c: Checker) {
    c.name();
    const certificate = checkPem(c, "publicKey", parseCertificate);
    const key = checkPem(c, "privateKey", parsePrivateKey);
    // The API refuses a pair that does not match; saying so here costs no request and no state.
    if (certificate !== undefined && key !== undefined && !keyMatches(certificate, key)) {
      c.fail(
        "privateKey",
        "privateKey does not match the certificate in publicKey: they must be one key pair " +
          "(renewing? change both together)",
      );
    }
    if (hasChain(c.news.chainKey) && !isUnknown(c.news.chainKey)) {
      const chain = c.news.chainKey;
      const parsed =
        typeof chain === "string"
          ? parseChain(chain)
          : { problem: "chainKey must be a string of PEM certificates" };
      if ("problem" in parsed) c.fail("chainKey", parsed.problem);
    }
    c.labels();
  },

  display: (bag: PropertyBag) => (typeof bag.name === "string" ? bag.name : "(unnamed)"),

  get: getCertificate,
  findByLabels: async (client, labelSelector) =>
    (await allOf(client.sslCertificates.list({ labelSelector }), "SSL certificates")).filter(
      (certificate) => certificate.type === "custom",
    ),
  // A refresh reads certificates from the list of every type (framework/read-snapshot.ts): only a
  // custom one is this kind's, as only a custom one answers GET /ssl_certificates/custom/{id}.
  listRead: listRead({
    list: (client, options) => client.sslCertificates.list(options),
    id: (certificate) => certificate.id,
    live: async (_client, certificate) => (certificate.type === "custom" ? certificate : undefined),
  }),
  create(client, inputs, labels) {
    const { name } = inputs as unknown as SslCertificateInputs;
    return client.sslCertificates.createCustom({ name, ...keyMaterial(inputs), labels });
  },
  update(client, id, changes, labels, context) {
    const { name } = changes as Partial<SslCertificateInputs>;
    const keyChanged = KEY_MATERIAL.some((property) => property in changes);
    return client.sslCertificates.updateCustom(id, {
      ...(name === undefined ? {} : { name }),
      // The API checks a new certificate against the stored key and a new key against the
      // stored certificate: a renewal changes both, so any change sends the whole material.
      ...(keyChanged ? keyMaterial(context.news) : {}),
      ...(labels === undefined ? {} : { labels }),
    });
  },
  delete: (client, id) => client.sslCertificates.deleteCustom(id),

  id: (record) => record.id,
  // A certificate has no status: it exists or it does not.
  state: () => "present",
  isReady: () => true,
  labels: (record) => record.labels,
  outputs: certificateOutputs,
  // Key material cannot be read back; the fingerprint and the digests stand for it in diffs.
  liveInputs: (record) => ({ name: record.name, labels: withoutOwnerLabel(record.labels) }),
};
