// The SshKey resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import { KindResource } from "../framework/resource";
import { sshKeyKind } from "./definition";

export interface SshKeyArgs {
  /**
   * The OpenSSH public key line, such as the content of ~/.ssh/id_ed25519.pub (types ssh-ed25519,
   * ssh-rsa, ecdsa-sha2-nistp256/384/521, the sk- security key types, ssh-dss). Changing it
   * replaces the key: another public key is another key, with another fingerprint.
   */
  readonly publicKey: pulumi.Input<string>;
  /** The key's name, unique in the account; default: the Pulumi resource name. */
  readonly name?: pulumi.Input<string>;
  /** The complete label set; omitted means none. */
  readonly labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * Take over the account's key with this fingerprint instead of adding one (from the program
   * itself, where `pulumi import` writes code). Its public key must be the declared one; the name
   * and labels are then brought to the declared values.
   */
  readonly adoptId?: pulumi.Input<string>;
}

/**
 * An SSH key of the account, for server orders and reinstalls (the `sshKeyFingerprints` property of
 * servers). The resource's id is the key's fingerprint.
 *
 * An account holds each public key and each name once: adding a key that is already there fails
 * with a message naming the key that holds it and how to take it over. A create whose answer is
 * lost finds the key it added by its fingerprint and the label unique to that create. A replacement
 * that keeps the public key deletes the old key first.
 *
 * Default timeouts (the custom timeouts resource option changes them): create, update and delete 5
 * minutes (the API answers at once; delete then checks that the key is gone).
 */
export class SshKey extends KindResource {
  /** Colon-separated hexadecimal MD5 of the key, as `ssh-keygen -l -E md5` prints it. */
  declare readonly fingerprint: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  /** The labels, without the provider's ownership label. */
  declare readonly labels: pulumi.Output<Record<string, string>>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: SshKeyArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(sshKeyKind, name, { ...args, name: args.name ?? name }, opts);
  }
}
