// OpenSSH public key lines ("<type> <base64 key> [comment]"): what check accepts, and the key's
// fingerprint. The API never returns a key's public key, only its fingerprint, which is also the
// key's id; and the fingerprint follows from the public key alone (the MD5 of the decoded key as
// colon-separated hex, as `ssh-keygen -l -E md5` prints it). So diff compares the fingerprint of
// the declared key with the live one, and create can look a key up before POSTing it.
import { createHash } from "node:crypto";

/**
 * The key types OpenSSH writes to .pub files, and how many length-prefixed strings each one's
 * key data holds (RFC 4253 6.6, RFC 5656 3.1, RFC 8709 4; OpenSSH PROTOCOL.u2f for the sk- ones).
 * The first string is always the type itself.
 */
const KEY_PARTS: Readonly<Record<string, number>> = {
  "ssh-ed25519": 2,
  "ssh-rsa": 3,
  "ecdsa-sha2-nistp256": 3,
  "ecdsa-sha2-nistp384": 3,
  "ecdsa-sha2-nistp521": 3,
  "sk-ssh-ed25519@openssh.com": 3,
  "sk-ecdsa-sha2-nistp256@openssh.com": 4,
  "ssh-dss": 5,
};

export const SSH_KEY_TYPES: readonly string[] = Object.keys(KEY_PARTS);

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** Long enough to recognise a mistyped type, short enough to keep a pasted blob out of messages. */
const MAX_QUOTED = 40;

export interface PublicKey {
  readonly type: string;
  /** Colon-separated lowercase hex of the MD5 of the key data: the API's id of the key. */
  readonly fingerprint: string;
}

/** The parsed key, or why the text is not an OpenSSH public key line (for a check failure). */
export function parsePublicKey(text: string): PublicKey | { readonly problem: string } {
  // A private key pasted by mistake: say so without repeating any of it.
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)) {
    return {
      problem:
        "publicKey holds a private key, which must never leave your machine: " +
        "pass the public key instead (the .pub file, such as ~/.ssh/id_ed25519.pub)",
    };
  }
  // Anything after the key data is a comment, which the fingerprint ignores.
  const [type, data] = text.trim().split(/\s+/);
  if (type === undefined || type === "" || data === undefined) {
    return {
      problem:
        'publicKey must be an OpenSSH public key line "<type> <base64 key> [comment]", such as ' +
        "the content of ~/.ssh/id_ed25519.pub",
    };
  }
  const parts = KEY_PARTS[type];
  if (parts === undefined) {
    return {
      problem: `publicKey: the key type ${quote(type)} is not one of ${SSH_KEY_TYPES.join(", ")}`,
    };
  }
  if (!BASE64.test(data) || data.length % 4 !== 0) {
    return { problem: `publicKey: the key data after "${type}" is not base64` };
  }
  const blob = Buffer.from(data, "base64");
  const strings = splitStrings(blob);
  // The key data names its own type first: a line whose two names disagree is corrupt.
  const named = strings?.[0]?.toString("latin1");
  if (named !== undefined && named !== type && KEY_PARTS[named] !== undefined) {
    return {
      problem: `publicKey: the line says ${type} but its key data holds a ${quote(named)} key`,
    };
  }
  if (strings === undefined || strings.length !== parts || named !== type) {
    return { problem: `publicKey: the key data is not a complete ${type} key (cut short?)` };
  }
  return { type, fingerprint: md5Fingerprint(blob) };
}

/** The fingerprint of a valid key line, else undefined (check reports why). */
export function fingerprintOf(text: string): string | undefined {
  const key = parsePublicKey(text);
  return "fingerprint" in key ? key.fingerprint : undefined;
}

/** Fingerprints are hex: the API may answer them in either case. */
export function sameFingerprint(a: unknown, b: unknown): boolean {
  return typeof a === "string" && typeof b === "string" && a.toLowerCase() === b.toLowerCase();
}

function md5Fingerprint(blob: Buffer): string {
  return (createHash("md5").update(blob).digest("hex").match(/../g) ?? []).join(":");
}

/** The blob's length-prefixed strings (RFC 4251 5), or undefined when they do not add up. */
function splitStrings(blob: Buffer): Buffer[] | undefined {
  const strings: Buffer[] = [];
  let at = 0;
  while (at < blob.length) {
    if (at + 4 > blob.length) return undefined;
    const length = blob.readUInt32BE(at);
    at += 4;
    if (at + length > blob.length) return undefined;
    strings.push(blob.subarray(at, at + length));
    at += length;
  }
  return strings;
}

function quote(text: string): string {
  return JSON.stringify(text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}...` : text);
}
