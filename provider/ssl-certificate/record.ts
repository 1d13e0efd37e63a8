// What every SSL certificate record shows, custom or Let's Encrypt: the outputs both kinds share.
import type { SslCertificate } from "../../sdk/areas/ssl-certificates";
import { withoutOwnerLabel } from "../framework/ownership";

/** The record's fields in camelCase; `sha1Fingerprint` is absent where the API omits it. */
export const SSL_CERTIFICATE_RECORD_OUTPUTS = [
  "name",
  "type",
  "issuer",
  "subject",
  "domainNames",
  "expiresAt",
  "sha1Fingerprint",
  "labels",
  "createdAt",
  "updatedAt",
] as const;

/** The outputs of every certificate kind; getSslCertificate(s) shows the same, with the id. */
export function certificateOutputs(record: SslCertificate) {
  return {
    name: record.name,
    type: record.type,
    issuer: record.issuer,
    subject: record.subject,
    domainNames: [...(record.domain_names ?? [])],
    expiresAt: record.expires_at,
    sha1Fingerprint: record.sha1_fingerprint,
    labels: withoutOwnerLabel(record.labels),
    createdAt: record.created_at,
    updatedAt: record.updated_at,
  };
}
