// The account's SSH keys: /ssh_keys. The fingerprint is the id.
import type { CallOptions, ListOptions, PagePromise, Requester } from "../core/contract";
import { type LabelsInput, RecordsAt, type SshKey, SshKeySchema } from "./common";

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

export class SshKeysApi {
  readonly #keys: RecordsAt<SshKey>;
  constructor(http: Requester) {
    this.#keys = new RecordsAt(http, "/ssh_keys", SshKeySchema);
  }

  list(options?: SshKeyListOptions, callOptions?: CallOptions): PagePromise<SshKey> {
    return this.#keys.list(options, callOptions);
  }

  /** By fingerprint, percent-encoded in the path (its colons). */
  async get(fingerprint: string, options?: CallOptions): Promise<SshKey> {
    return this.#keys.get(fingerprint, options);
  }

  async create(body: SshKeyCreateBody, options?: CallOptions): Promise<SshKey> {
    return this.#keys.create(body, options);
  }

  async update(
    fingerprint: string,
    body: SshKeyUpdateBody,
    options?: CallOptions,
  ): Promise<SshKey> {
    return this.#keys.update(fingerprint, body, options);
  }

  async delete(fingerprint: string, options?: CallOptions): Promise<void> {
    return this.#keys.delete(fingerprint, options);
  }
}
