// SSL certificates of the account: custom ones (uploaded) and Let's Encrypt ones (issued in the
// control panel), by label selector, or one of them by id or name.
import type { SslCertificate } from "../../sdk/areas/ssl-certificates";
import { NotFoundError } from "../../sdk/core/errors";
import { certificateOutputs } from "../ssl-certificate/record";
import { definedFields, oneOf, optionalChoice, optionalText, text } from "./framework/args";
import { NoMatchError } from "./framework/errors";
import { type Lookup, type LookupOptions, outputForm, promiseForm } from "./framework/invoke";
import { collect, collectFiltered, PAGE_SIZE } from "./framework/lists";
import { nameCandidate, pickBySearch } from "./framework/match";
import { type LabelSelector, selectorText } from "./framework/selector";

export type SslCertificateType = "custom" | "letsencrypt";
const TYPES: readonly SslCertificateType[] = ["custom", "letsencrypt"];

export interface GetSslCertificatesArgs {
  /** Only certificates whose labels match (text or a builder). */
  readonly labelSelector?: LabelSelector;
  /** Only certificates whose name contains this text. */
  readonly searchPattern?: string;
  /** Only certificates of this type (filtered here: the list has no type parameter). */
  readonly type?: SslCertificateType;
  /** The most certificates to read, 1 to 10,000 (default 1,000); more is an error. */
  readonly limit?: number;
}

/** One certificate by exactly one of id or name (case-insensitive). */
export interface GetSslCertificateArgs {
  /** The certificate's id (give exactly one of id and name). */
  readonly id?: string;
  /** The certificate's name, case-insensitive (give exactly one of id and name). */
  readonly name?: string;
  /** Its type; without it an id is tried as custom, then as Let's Encrypt. */
  readonly type?: SslCertificateType;
}

/** An SSL certificate of the account. */
export interface GetSslCertificateResult {
  /** The certificate's id. */
  readonly id: string;
  /** The certificate's name. */
  readonly name: string;
  /** "custom" or "letsencrypt". */
  readonly type: string;
  /** The issuer; null where the API does not say. */
  readonly issuer: string | null;
  /** The subject. */
  readonly subject: string;
  /** The domain names the certificate covers. */
  readonly domainNames: string[];
  /** 40 hexadecimal characters; null where the API leaves it out (Let's Encrypt). */
  readonly sha1Fingerprint: string | null;
  /** The labels, without the provider's ownership label. */
  readonly labels: Record<string, string>;
  /** When the certificate expires; null where the API does not say. */
  readonly expiresAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface GetSslCertificatesResult {
  /** The certificates, in the API's order. */
  readonly sslCertificates: GetSslCertificateResult[];
}

/**
 * The account's SSL certificates (custom and Let's Encrypt), filtered by labels, name and type.
 */
export function getSslCertificates(
  args: GetSslCertificatesArgs = {},
  opts?: LookupOptions,
): Promise<GetSslCertificatesResult> {
  return promiseForm("getSslCertificates", opts, async (lookup) => {
    const filters = definedFields({
      labelSelector: selectorText(lookup.fn, args.labelSelector),
      searchPattern: optionalText(lookup.fn, args, "searchPattern"),
    });
    const type = optionalChoice(lookup.fn, args, "type", TYPES);
    const certificates = await collectFiltered(
      lookup,
      {
        what: "SSL certificates match",
        limit: args.limit,
        narrowWith: "labelSelector or searchPattern",
      },
      filters,
      (query) => lookup.client.sslCertificates.list(query, lookup.call),
    );
    return {
      sslCertificates: certificates
        .filter((certificate) => type === undefined || certificate.type === type)
        .map(sslCertificateResult),
    };
  });
}

export const getSslCertificatesOutput = outputForm(getSslCertificates);

/**
 * One SSL certificate, by exactly one of id or name (case-insensitive), optionally of one type.
 */
export function getSslCertificate(
  args: GetSslCertificateArgs,
  opts?: LookupOptions,
): Promise<GetSslCertificateResult> {
  return promiseForm("getSslCertificate", opts, async (lookup) => {
    const type = optionalChoice(lookup.fn, args, "type", TYPES);
    const key = oneOf(lookup.fn, args, ["id", "name"]);
    if (key === "id") {
      return sslCertificateResult(await findById(lookup, text(lookup.fn, args, "id"), type));
    }
    const certificate = await pickBySearch(
      {
        fn: lookup.fn,
        what: "SSL certificate",
        query: text(lookup.fn, args, "name"),
        mode: "words",
      },
      async (searchPattern) =>
        (
          await collect(
            lookup.client.sslCertificates.list(
              { perPage: PAGE_SIZE, ...definedFields({ searchPattern }) },
              lookup.call,
            ),
            { fn: lookup.fn, what: "SSL certificates" },
          )
        )
          .filter((candidate) => type === undefined || candidate.type === type)
          .map(nameCandidate),
    );
    return sslCertificateResult(certificate);
  });
}

export const getSslCertificateOutput = outputForm(getSslCertificate);

/** GET by id has a path per type: each type is tried in turn when the type is not known. */
async function findById(
  lookup: Lookup,
  id: string,
  type: SslCertificateType | undefined,
): Promise<SslCertificate> {
  for (const candidate of type === undefined ? TYPES : [type]) {
    try {
      return candidate === "custom"
        ? await lookup.client.sslCertificates.getCustom(id, lookup.call)
        : await lookup.client.sslCertificates.getLetsEncrypt(id, lookup.call);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  const kinds = type === undefined ? "" : ` of type ${type}`;
  throw new NoMatchError(`${lookup.fn}: no SSL certificate${kinds} has id ${id}`);
}

/**
 * The fields the certificate resources output (one mapping for all), with the id; a
 * `sha1Fingerprint` the API omits is null here (a resource leaves it out).
 */
function sslCertificateResult(certificate: SslCertificate): GetSslCertificateResult {
  return {
    id: certificate.id,
    ...certificateOutputs(certificate),
    sha1Fingerprint: certificate.sha1_fingerprint ?? null,
  };
}
