// The certificates and keys the SslCertificate tests upload (test/simulator/data), shared by
// ssl-certificate.test.ts and the kind's conformance row
// (test/conformance/kinds/ssl-certificate.ts).
import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const data = (name: string) =>
  readFileSync(join(__dirname, "..", "simulator", "data", name), "utf8");

/** Self-signed, CN example.test, SANs example.test and www.example.test. */
export const CERTIFICATE = data("ssl-cert.pem");
export const KEY = data("ssl-key.pem");
/** A key that is not the certificate's. */
export const OTHER_KEY = data("ssl-other-key.pem");

// The renewal: a certificate for rotated.example.test with a new (P-256) key, issued by a test
// CA whose certificate is the chain. Made with openssl for these tests; nothing else trusts them.
export const CA = data("ssl-renewal-ca.pem");
export const RENEWED_CERTIFICATE = data("ssl-renewed-cert.pem");
export const RENEWED_KEY = data("ssl-renewed-key.pem");

/** The lines of a PEM key's body: none may appear anywhere but in requests. */
export const keyLines = (pem: string) =>
  pem.split("\n").filter((line) => line.length > 20 && !line.startsWith("-----"));

/** The certificate's SHA-1 fingerprint as the API spells it: lowercase hex, no colons. */
export const sha1 = (pem: string) =>
  new X509Certificate(pem).fingerprint.replaceAll(":", "").toLowerCase();
