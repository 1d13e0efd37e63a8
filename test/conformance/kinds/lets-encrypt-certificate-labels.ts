// The LetsEncryptCertificateLabels row: the seeded Let's Encrypt certificate LeConf01, its labels
// brought to the declared ones. The API cannot issue such a certificate (it is ordered in the
// control panel), so the resource only takes charge of one that exists, by adoptId, and its delete
// leaves the certificate with its labels, the ownership label alone removed
// (ssl-certificate-lets-encrypt.test.ts: the ids it refuses, a delete after the certificate went,
// check).
import { expect } from "vitest";
import { OWNER_LABEL_KEY } from "../../../provider/framework/ownership";
import { letsEncryptCertificateLabelsKind } from "../../../provider/ssl-certificate/lets-encrypt";
import type { WireRecord } from "../../../simulator";
import type { KindRow } from "../row";
import { relabelledOutside } from "./changed-outside";

const CERTIFICATES = "ssl_certificates";
const CERTIFICATE = "LeConf01";
const LABELS = { env: "prod", team: "web" };

/** Issued in the control panel, with labels of its own the create replaces. */
const SEEDED: WireRecord = {
  id: CERTIFICATE,
  name: "shop.example.net",
  type: "letsencrypt",
  issuer: "R11",
  subject: "shop.example.net",
  domain_names: ["shop.example.net", "www.shop.example.net"],
  sha1_fingerprint: "5d0b7c1f3e9a2468ace013579bdf2468ace01357",
  expires_at: "2027-01-30T00:00:00.000Z",
  labels: { env: "staging", old: "yes" },
  created_at: "2026-11-01T00:00:00.000Z",
  updated_at: "2026-11-01T00:00:00.000Z",
};

/** The certificate as the outputs show it, with these labels. */
function outputsWith(labels: Readonly<Record<string, string>>) {
  return {
    name: "shop.example.net",
    type: "letsencrypt",
    issuer: "R11",
    subject: "shop.example.net",
    domainNames: ["shop.example.net", "www.shop.example.net"],
    expiresAt: "2027-01-30T00:00:00.000Z",
    sha1Fingerprint: "5d0b7c1f3e9a2468ace013579bdf2468ace01357",
    labels,
    createdAt: "2026-11-01T00:00:00.000Z",
    // Every relabelling (the ownership label's included) moves it on.
    updatedAt: expect.any(String),
    adoptId: CERTIFICATE,
  };
}

/** A record's labels. */
function labelsOf(record: Readonly<Record<string, unknown>> | undefined): Record<string, string> {
  return (record?.labels ?? {}) as Record<string, string>;
}

export const letsEncryptCertificateLabels: KindRow = {
  kind: letsEncryptCertificateLabelsKind,
  name: "shop",
  seed: { [CERTIFICATES]: [SEEDED] },
  collection: CERTIFICATES,
  adds: 0,
  inputs: () => ({ adoptId: CERTIFICATE, labels: LABELS }),
  id: () => CERTIFICATE,
  outputs: () => outputsWith(LABELS),
  // Exactly the declared ones (and the ownership label): the certificate's own labels are gone.
  labels: LABELS,
  readInputs: () => ({ adoptId: CERTIFICATE, labels: LABELS }),
  // The certificate stays, with the labels it had (as declared, or as a drift left them), the
  // ownership label alone removed; nothing is waited for or said.
  deleted: (record, _sim, before) => {
    expect(record).toMatchObject({ id: CERTIFICATE, type: "letsencrypt" });
    const { [OWNER_LABEL_KEY]: owner, ...kept } = labelsOf(before);
    expect(owner).toMatch(/^o[0-9a-f]{40}$/);
    expect(Object.keys(kept).length).toBeGreaterThan(0);
    expect(record?.labels).toEqual(kept);
  },
  deleteLines: () => [],
  update: {
    fields: () => ({ labels: { env: "staging" } }),
    updates: ["labels"],
    outputs: () => outputsWith({ env: "staging" }),
    labels: { env: "staging" },
    requests: { "PUT /v1/ssl_certificates/letsencrypt/:id": 1 },
  },
  // Another certificate: the old one is let go of first, or its delete would take the ownership
  // label off the new one's (the kind's replaceDeletesFirst).
  replace: [{ fields: () => ({ adoptId: "LeCert02" }), replaces: ["adoptId"] }],
  // Relabelled by hand (the ownership label kept): the update puts the declared labels back.
  drift: relabelledOutside(CERTIFICATES, { env: "dev" }),
  lostCreateAnswer: "no create request",
};
