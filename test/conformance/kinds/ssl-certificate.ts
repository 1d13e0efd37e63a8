// The SslCertificate row (its material: test/provider/ssl-certificate-support.ts).
import { expect } from "vitest";
import { sslCertificateKind } from "../../../provider/ssl-certificate/definition";
import {
  CA,
  CERTIFICATE,
  KEY as CERTIFICATE_KEY,
  keyLines,
  RENEWED_CERTIFICATE,
  RENEWED_KEY,
  sha1,
} from "../../provider/ssl-certificate-support";
import type { KindRow } from "../row";
import { changedOutside } from "./changed-outside";

export const sslCertificate: KindRow = {
  kind: sslCertificateKind,
  name: "site",
  collection: "ssl_certificates",
  secretFields: ["_private_key"],
  inputs: () => ({
    name: "site",
    publicKey: CERTIFICATE,
    privateKey: CERTIFICATE_KEY,
    chainKey: null,
    labels: { env: "prod" },
  }),
  id: ({ record }) => String(record.id),
  // What the API read from the certificate, never the private key.
  outputs: () => ({
    name: "site",
    type: "custom",
    issuer: "example.test",
    subject: "example.test",
    domainNames: ["example.test", "www.example.test"],
    expiresAt: "2126-10-29T00:04:14.000Z",
    sha1Fingerprint: sha1(CERTIFICATE),
    labels: { env: "prod" },
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
    // Write-only: a digest of the key pair's public half, and "no chain".
    privateKey: expect.stringMatching(/^spki-sha256:[0-9a-f]{64}$/),
    chainKey: null,
  }),
  labels: { env: "prod" },
  stored: () => ({ _private_key: CERTIFICATE_KEY }),
  readInputs: () => ({
    name: "site",
    labels: { env: "prod" },
    privateKey: expect.stringMatching(/^spki-sha256:[0-9a-f]{64}$/),
    chainKey: null,
  }),
  unrecorded: ["privateKey", "chainKey"],
  deleteLines: ({ id }) => [`serverscom:SslCertificate site (${id}): gone`],
  // The renewal: the certificate, the key and the chain in place, one PUT.
  update: {
    fields: () => ({
      publicKey: RENEWED_CERTIFICATE,
      privateKey: RENEWED_KEY,
      chainKey: CA,
    }),
    updates: ["publicKey", "privateKey", "chainKey"],
    outputs: () => ({
      subject: "rotated.example.test",
      issuer: "Test Intermediate CA",
      domainNames: ["rotated.example.test", "www.rotated.example.test"],
      sha1Fingerprint: sha1(RENEWED_CERTIFICATE),
      privateKey: expect.stringMatching(/^spki-sha256:[0-9a-f]{64}$/),
      chainKey: expect.stringMatching(/^der-sha256:[0-9a-f]{64}$/),
    }),
    stored: () => ({ _private_key: RENEWED_KEY, _chain_key: CA }),
    requests: { "PUT /v1/ssl_certificates/custom/:id": 1 },
  },
  // Every property changes in place.
  replace: [],
  // Renewed by hand: the API reports another certificate (another fingerprint, subject and name)
  // than the declared one, before or after the row's update.
  drift: {
    change: changedOutside(
      "ssl_certificates",
      { name: "by-hand", sha1_fingerprint: "0".repeat(40), subject: "other.example.test" },
      { env: "x" },
    ),
    shows: { name: "by-hand", labels: { env: "x" } },
    updates: ["name", "publicKey", "labels"],
  },
  secrets: [...keyLines(CERTIFICATE_KEY), ...keyLines(RENEWED_KEY)],
  lostCreateAnswer: "adopts",
};
