// The SslCertificate resource (custom certificates) as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import { KindResource } from "../framework/resource";
import { sslCertificateKind } from "./definition";

export interface SslCertificateArgs {
  /** The certificate, PEM (one -----BEGIN CERTIFICATE----- block). Changes in place. */
  readonly publicKey: pulumi.Input<string>;
  /**
   * The certificate's private key, PEM, unencrypted. Always stored as a secret, so the state holds
   * it encrypted; pass it from a secret configuration value so that it is never in clear in the
   * program either. Changes in place, together with the certificate.
   */
  readonly privateKey: pulumi.Input<string>;
  /** The intermediate certificates, PEM; omitted means none (removing it removes the chain). */
  readonly chainKey?: pulumi.Input<string>;
  /** The certificate's name; default: the Pulumi resource name. */
  readonly name?: pulumi.Input<string>;
  /** The complete label set; omitted means none. */
  readonly labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * Take over the existing custom certificate with this id instead of uploading one (from the
   * program itself, where `pulumi import` writes code). Name, labels and, when the certificate
   * differs, the key material are then brought to the declared values. The adopted certificate's
   * chain cannot be read: it is taken to be the declared one until `chainKey` changes.
   */
  readonly adoptId?: pulumi.Input<string>;
}

/**
 * A custom SSL certificate (an uploaded certificate, private key and chain). Let's Encrypt
 * certificates cannot be uploaded: see the LetsEncryptCertificateLabels resource.
 *
 * Renewal changes the certificate in place (same id): change `publicKey` and `privateKey` together.
 * The private key never appears in outputs, progress lines or messages: the API never returns it,
 * and the diff compares a digest of its public half (the `privateKey` output holds that digest,
 * secret all the same).
 *
 * Default timeouts (the custom timeouts resource option changes them): create, update and delete 5
 * minutes (the API answers at once; delete then checks that the certificate is gone).
 */
export class SslCertificate extends KindResource {
  declare readonly name: pulumi.Output<string>;
  /** `custom`. */
  declare readonly type: pulumi.Output<string>;
  /** The certificate's issuer; null where the API does not say. */
  declare readonly issuer: pulumi.Output<string | null>;
  /** The certificate's subject. */
  declare readonly subject: pulumi.Output<string>;
  /** The domain names the certificate covers. */
  declare readonly domainNames: pulumi.Output<string[]>;
  /** When the certificate expires; null where the API does not say. */
  declare readonly expiresAt: pulumi.Output<string | null>;
  /** 40 hexadecimal characters. */
  declare readonly sha1Fingerprint: pulumi.Output<string>;
  /** The labels, without the provider's ownership label. */
  declare readonly labels: pulumi.Output<Record<string, string>>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: SslCertificateArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(
      sslCertificateKind,
      name,
      {
        ...args,
        name: args.name ?? name,
        // Always sent, null for none: an absent input would not count as a change to remove.
        chainKey: args.chainKey ?? null,
      },
      opts,
    );
  }
}
