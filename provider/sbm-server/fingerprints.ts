// SSH key fingerprints as inputs: "colon-separated hexadecimal groups" (api-spec.md, SSH key),
// the MD5 form the API uses as a key's id. Shared by the SBM server and cloud instance kinds.
import { shown } from "../framework/check";

const FINGERPRINT = /^[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2})+$/;

/** Why the value is not a fingerprint (to follow the property's name), or undefined. */
export function fingerprintProblem(value: unknown): string | undefined {
  if (typeof value === "string" && FINGERPRINT.test(value)) return undefined;
  return (
    'must be an SSH key fingerprint such as "aa:bb:cc:..." (colon-separated hexadecimal ' +
    `pairs; got ${shown(value)})`
  );
}
