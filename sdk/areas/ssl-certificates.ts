// SSL certificates: /ssl_certificates. Custom certificates are uploaded and managed here;
// Let's Encrypt ones are issued elsewhere and can only be relabelled or deleted.
import { z } from "zod";
import type { CallOptions, ListOptions, PagePromise, Requester } from "../core/contract";
import { type LabelsInput, LabelsSchema, RecordsAt, TimestampSchema } from "./common";

export const SslCertificateSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `custom` or `letsencrypt`. */
  type: z.string(),
  issuer: z.string().nullable(),
  subject: z.string(),
  domain_names: z.array(z.string()).nullable().optional(),
  /** 40 hexadecimal characters; Let's Encrypt records do not carry it. */
  sha1_fingerprint: z.string().optional(),
  labels: LabelsSchema,
  expires_at: TimestampSchema.nullable(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type SslCertificate = z.infer<typeof SslCertificateSchema>;

/** PEM texts. `private_key` is secret: never log a create or update body. */
export interface SslCertificateCustomCreateBody {
  readonly name: string;
  readonly public_key: string;
  readonly private_key: string;
  readonly chain_key?: string;
  readonly labels?: LabelsInput;
}

/** The key material fields come from the Go client, which sends them on update too. */
export interface SslCertificateCustomUpdateBody {
  readonly name?: string;
  readonly public_key?: string;
  readonly private_key?: string;
  readonly chain_key?: string;
  /** Replaces the whole label set. */
  readonly labels?: LabelsInput;
}

export interface SslCertificateLetsEncryptUpdateBody {
  /** Replaces the whole label set. */
  readonly labels?: LabelsInput;
}

export interface SslCertificateListOptions extends ListOptions {
  readonly sorting?: "id" | "created_at" | "updated_at";
}

export class SslCertificatesApi {
  readonly #all: RecordsAt<SslCertificate>;
  readonly #custom: RecordsAt<SslCertificate>;
  readonly #letsEncrypt: RecordsAt<SslCertificate>;
  constructor(http: Requester) {
    this.#all = new RecordsAt(http, "/ssl_certificates", SslCertificateSchema);
    this.#custom = new RecordsAt(http, "/ssl_certificates/custom", SslCertificateSchema);
    this.#letsEncrypt = new RecordsAt(http, "/ssl_certificates/letsencrypt", SslCertificateSchema);
  }

  /** Certificates of every type. */
  list(
    options?: SslCertificateListOptions,
    callOptions?: CallOptions,
  ): PagePromise<SslCertificate> {
    return this.#all.list(options, callOptions);
  }

  async getCustom(id: string, options?: CallOptions): Promise<SslCertificate> {
    return this.#custom.get(id, options);
  }

  async createCustom(
    body: SslCertificateCustomCreateBody,
    options?: CallOptions,
  ): Promise<SslCertificate> {
    return this.#custom.create(body, options);
  }

  async updateCustom(
    id: string,
    body: SslCertificateCustomUpdateBody,
    options?: CallOptions,
  ): Promise<SslCertificate> {
    return this.#custom.update(id, body, options);
  }

  async deleteCustom(id: string, options?: CallOptions): Promise<void> {
    return this.#custom.delete(id, options);
  }

  async getLetsEncrypt(id: string, options?: CallOptions): Promise<SslCertificate> {
    return this.#letsEncrypt.get(id, options);
  }

  async updateLetsEncrypt(
    id: string,
    body: SslCertificateLetsEncryptUpdateBody,
    options?: CallOptions,
  ): Promise<SslCertificate> {
    return this.#letsEncrypt.update(id, body, options);
  }

  async deleteLetsEncrypt(id: string, options?: CallOptions): Promise<void> {
    return this.#letsEncrypt.delete(id, options);
  }
}
