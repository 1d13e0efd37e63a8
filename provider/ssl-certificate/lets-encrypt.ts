// The labels of an existing Let's Encrypt certificate, as a resource kind. The API cannot issue
// Let's Encrypt certificates (they are ordered in the control panel) and can only relabel or
// delete them (PUT|DELETE /ssl_certificates/letsencrypt/{id}), so this kind only adopts: create
// takes over the certificate named by adoptId and brings its labels to the declared ones. Delete
// never deletes the certificate, which the program did not create and could not recreate: it
// leaves the certificate and its labels, removing only the provider's ownership label.
import type { SslCertificate } from "../../sdk/areas/ssl-certificates";
import type { ServersComClient } from "../../sdk/client";
import type { Checker, PropertyBag } from "../framework/check";
import type { ResourceKind } from "../framework/kind";
import { unlessNotFound } from "../framework/not-found";
import { allOf, OWNER_LABEL_KEY, withoutOwnerLabel } from "../framework/ownership";
import { certificateOutputs, SSL_CERTIFICATE_RECORD_OUTPUTS } from "./record";

const MINUTE = 60_000;

export const LETS_ENCRYPT_CERTIFICATE_LABELS_OUTPUTS = SSL_CERTIFICATE_RECORD_OUTPUTS;

async function getCertificate(
  client: ServersComClient,
  id: string,
): Promise<SslCertificate | undefined> {
  // A custom certificate's id is not found on this path either: it is not one to adopt here.
  return unlessNotFound(client.sslCertificates.getLetsEncrypt(id));
}

export const letsEncryptCertificateLabelsKind: ResourceKind<SslCertificate> = {
  name: "LetsEncryptCertificateLabels",
  noun: "Let's Encrypt certificate",
  defaultTimeouts: { create: 5 * MINUTE, update: 5 * MINUTE, delete: 5 * MINUTE },
  properties: {
    // Absent labels mean no labels, so deleting the property removes every label.
    labels: { rule: "update", desired: (news) => news.labels ?? {} },
  },
  secretOutputs: [],
  outputNames: LETS_ENCRYPT_CERTIFICATE_LABELS_OUTPUTS,
  // One certificate, two generations: the old one's delete would release the new one's.
  replaceDeletesFirst: {
    reason:
      "both generations would label the same certificate, and the old one's delete " +
      "would release it from the new one",
    required: true,
  },
  keepsObjectOnDelete: true,

  check(c: Checker) {
    // The framework checks adoptId's form; here it is also required.
    const adoptId = c.news.adoptId;
    if (adoptId === undefined || adoptId === null) {
      c.fail(
        "adoptId",
        "adoptId is required: the API cannot issue Let's Encrypt certificates (order them in " +
          "the control panel); name the id of the existing certificate whose labels to manage",
      );
    }
    c.labels();
  },

  display: (bag: PropertyBag) => {
    if (typeof bag.name === "string") return bag.name;
    return typeof bag.adoptId === "string" ? bag.adoptId : "(unnamed)";
  },

  get: getCertificate,
  findByLabels: async (client, labelSelector) =>
    (await allOf(client.sslCertificates.list({ labelSelector }), "SSL certificates")).filter(
      (certificate) => certificate.type === "letsencrypt",
    ),
  // Check requires adoptId, so create always adopts; this is the answer if it ever gets here.
  create() {
    return Promise.reject(
      new Error(
        "Let's Encrypt certificates cannot be created through the API: set adoptId to the id " +
          "of an existing one (see the certificate list: type letsencrypt)",
      ),
    );
  },
  update: (client, id, _changes, labels) =>
    labels === undefined
      ? client.sslCertificates.getLetsEncrypt(id)
      : client.sslCertificates.updateLetsEncrypt(id, { labels }),
  /**
   * Releases the certificate: it stays, with its labels; only the ownership label goes, so the
   * provider no longer counts it as this resource's. A 404 (deleted elsewhere) is done.
   */
  async delete(client, id) {
    const certificate = await client.sslCertificates.getLetsEncrypt(id);
    if (certificate.labels[OWNER_LABEL_KEY] === undefined) return;
    await client.sslCertificates.updateLetsEncrypt(id, {
      labels: withoutOwnerLabel(certificate.labels),
    });
  },

  id: (record) => record.id,
  state: () => "present",
  isReady: () => true,
  labels: (record) => record.labels,
  outputs: certificateOutputs,
  liveInputs: (record) => ({ labels: withoutOwnerLabel(record.labels) }),
};
