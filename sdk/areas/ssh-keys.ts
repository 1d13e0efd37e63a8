// The account's SSH keys: /ssh_keys. The fingerprint is the id.
import type { ListOptions, Requester } from "../core/contract";
import { CrudCollectionApi, type LabelsInput, type SshKey, SshKeySchema } from "./common";

export interface SshKeyCreateBody {
  readonly name: string;
  /** OpenSSH public key text. A duplicate key or name answers 409 MUST_BE_UNIQUE. */
  readonly public_key: string;
  readonly labels?: LabelsInput;
}

export interface SshKeyUpdateBody {
  readonly name?: string;
  /** Replaces the whole label set. */
  readonly labels?: LabelsInput;
}

export type SshKeyListOptions = ListOptions;

/**
 * The fingerprint is the id: `get`, `update` and `delete` take it, percent-encoded in the path
 * (its colons).
 */
export class SshKeysApi extends CrudCollectionApi<
  SshKey,
  SshKeyListOptions,
  SshKeyCreateBody,
  SshKeyUpdateBody
> {
  constructor(http: Requester) {
    super(http, "/ssh_keys", SshKeySchema);
  }
}
