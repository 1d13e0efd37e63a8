// The LetsEncryptCertificateLabels resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import { KindResource } from "../framework/resource";
import { letsEncryptCertificateLabelsKind } from "./lets-encrypt";

export interface LetsEncryptCertificateLabelsArgs {
  /** The id of the existing Let's Encrypt certificate (required: the API cannot issue one). */
  readonly adoptId: pulumi.Input<string>;
  /** The certificate's complete label set; omitted means none. */
  readonly labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
}

/**
 * The labels of an existing Let's Encrypt certificate. Such certificates are ordered in the control
 * panel, never through the API, so this resource only takes one over (the `adoptId` property) and
 * manages its labels; its outputs describe the certificate.
 *
 * Destroying the resource leaves the certificate and its labels in place: only the provider's
 * ownership label is removed. Changing `adoptId` moves the management to another certificate.
 */
export class LetsEncryptCertificateLabels extends KindResource {
  /** The certificate's name. */
  declare readonly name: pulumi.Output<string>;
  /** `letsencrypt`. */
  declare readonly type: pulumi.Output<string>;
  /** The certificate's issuer; null where the API does not say. */
  declare readonly issuer: pulumi.Output<string | null>;
  /** The certificate's subject. */
  declare readonly subject: pulumi.Output<string>;
  /** The domain names the certificate covers. */
  declare readonly domainNames: pulumi.Output<string[]>;
  /** When the certificate expires; null where the API does not say. */
  declare readonly expiresAt: pulumi.Output<string | null>;
  /** Absent when the API does not report it for the certificate. */
  declare readonly sha1Fingerprint: pulumi.Output<string | undefined>;
  /** The labels, without the provider's ownership label. */
  declare readonly labels: pulumi.Output<Record<string, string>>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(
    name: string,
    args: LetsEncryptCertificateLabelsArgs,
    opts: pulumi.CustomResourceOptions = {},
  ) {
    super(letsEncryptCertificateLabelsKind, name, args, opts);
  }
}
