// The account's SSH keys: /ssh_keys. The fingerprint is the id.
import type { CallOptions, ListOptions, PagePromise, Requester } from "../core/contract";
import { path, toWireQuery } from "../core/contract";
import { checkLabels, type LabelsInput, type SshKey, SshKeySchema } from "./common";

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
  constructor(private readonly http: Requester) {}

  list(options?: SshKeyListOptions, callOptions?: CallOptions): PagePromise<SshKey> {
    return this.http.list("/ssh_keys", toWireQuery(options), SshKeySchema, callOptions);
  }

  async get(fingerprint: string, options?: CallOptions): Promise<SshKey> {
    return this.http.request(
      { method: "GET", path: keyPath(fingerprint), schema: SshKeySchema },
      options,
    );
  }

  async create(body: SshKeyCreateBody, options?: CallOptions): Promise<SshKey> {
    checkLabels(body.labels);
    return this.http.request(
      { method: "POST", path: "/ssh_keys", body, schema: SshKeySchema },
      options,
    );
  }

  async update(
    fingerprint: string,
    body: SshKeyUpdateBody,
    options?: CallOptions,
  ): Promise<SshKey> {
    checkLabels(body.labels);
    return this.http.request(
      { method: "PUT", path: keyPath(fingerprint), body, schema: SshKeySchema },
      options,
    );
  }

  async delete(fingerprint: string, options?: CallOptions): Promise<void> {
    return this.http.requestEmpty({ method: "DELETE", path: keyPath(fingerprint) }, options);
  }
}

function keyPath(fingerprint: string): string {
  return path`/ssh_keys/${fingerprint}`;
}
