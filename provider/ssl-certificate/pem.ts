// The key material of a custom certificate, as check validates it and diff compares it. The API
// never returns the certificate, the private key or the chain, only the certificate's SHA-1
// fingerprint; so diff compares digests computed here:
// - the certificate: its SHA-1 fingerprint, which the API does return (drift shows);
// - the private key: the SHA-256 of its PUBLIC half (the SubjectPublicKeyInfo), the same value
//   for every encoding of one key, and public by nature (the certificate holds the same public
//   key). The outputs keep this digest, never the key nor a hash of its secret part;
// - the chain: the SHA-256 of its certificates' DER encodings, whitespace and PEM layout aside.
// Messages never quote key material: a failure names the rule, not the text.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  X509Certificate,
} from "node:crypto";

const CERTIFICATE_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;
const PRIVATE_KEY_MARKER = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/;

export type Parsed<T> = { readonly value: T } | { readonly problem: string };

/** The one certificate of `publicKey`. */
export function parseCertificate(pem: string): Parsed<X509Certificate> {
  if (PRIVATE_KEY_MARKER.test(pem)) {
    return {
      problem:
        "publicKey holds a private key: pass the certificate in publicKey and the key in privateKey",
    };
  }
  const blocks = pem.match(CERTIFICATE_BLOCK) ?? [];
  if (blocks.length === 0) {
    return {
      problem:
        "publicKey must be a PEM certificate (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----)",
    };
  }
  if (blocks.length > 1) {
    return {
      problem:
        `publicKey holds ${blocks.length} certificates: pass the server's own certificate in ` +
        "publicKey and the intermediate certificates in chainKey",
    };
  }
  const certificate = certificateOf(blocks[0] ?? "");
  return certificate === undefined
    ? { problem: "publicKey: the PEM certificate cannot be read (damaged or not X.509)" }
    : { value: certificate };
}

/** The private key of `privateKey`; problems never repeat any of the text. */
export function parsePrivateKey(pem: string): Parsed<KeyObject> {
  if (!PRIVATE_KEY_MARKER.test(pem)) {
    return {
      problem:
        "privateKey must be a PEM private key (-----BEGIN PRIVATE KEY----- or " +
        "-----BEGIN RSA PRIVATE KEY----- ...)",
    };
  }
  if (/-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type: 4,ENCRYPTED/.test(pem)) {
    return {
      problem:
        "privateKey is encrypted: the API needs it without a passphrase " +
        "(`openssl pkey -in key.pem -out key-plain.pem` removes it)",
    };
  }
  try {
    return { value: createPrivateKey({ key: pem, format: "pem" }) };
  } catch (error) {
    // OpenSSL's reason could in principle echo input: the message states the rule only.
    if (error instanceof Error) {
      return { problem: "privateKey: the PEM private key cannot be read (damaged?)" };
    }
    throw error;
  }
}

/** The certificates of `chainKey`, in order. */
export function parseChain(pem: string): Parsed<X509Certificate[]> {
  if (PRIVATE_KEY_MARKER.test(pem)) {
    return { problem: "chainKey holds a private key: it takes only the intermediate certificates" };
  }
  const blocks = pem.match(CERTIFICATE_BLOCK) ?? [];
  if (blocks.length === 0) {
    return {
      problem:
        "chainKey must hold PEM certificates (-----BEGIN CERTIFICATE----- ...): the " +
        "intermediate certificates, or omit it",
    };
  }
  const certificates: X509Certificate[] = [];
  for (const [index, block] of blocks.entries()) {
    const certificate = certificateOf(block);
    if (certificate === undefined) {
      return { problem: `chainKey: certificate ${index + 1} of ${blocks.length} cannot be read` };
    }
    certificates.push(certificate);
  }
  return { value: certificates };
}

/** Whether the key is the certificate's: the API refuses a pair that does not match. */
export function keyMatches(certificate: X509Certificate, key: KeyObject): boolean {
  return certificate.checkPrivateKey(key);
}

/** SHA-1 of the certificate's DER as 40 lowercase hex digits: the API's `sha1_fingerprint`. */
export function certificateSha1(certificate: X509Certificate): string {
  return createHash("sha1").update(certificate.raw).digest("hex");
}

/** The key pair's public half, digested; what the outputs keep in place of the private key. */
export function keyPairDigest(key: KeyObject): string {
  // createPublicKey derives the public key from a private one.
  const der = createPublicKey(key).export({ type: "spki", format: "der" });
  return `spki-sha256:${createHash("sha256").update(der).digest("hex")}`;
}

/** The chain's certificates, digested in order. */
export function chainDigest(certificates: readonly X509Certificate[]): string {
  const hash = createHash("sha256");
  for (const certificate of certificates) hash.update(certificate.raw);
  return `der-sha256:${hash.digest("hex")}`;
}

/** Hex digests are compared without regard to case (the API may answer either). */
export function sameDigest(a: unknown, b: unknown): boolean {
  return typeof a === "string" && typeof b === "string" && a.toLowerCase() === b.toLowerCase();
}

// Uploaded text is untrusted: whatever OpenSSL rejects reads as "not a certificate".
function certificateOf(pem: string): X509Certificate | undefined {
  try {
    return new X509Certificate(pem);
  } catch (error) {
    if (error instanceof Error) return undefined;
    throw error;
  }
}
