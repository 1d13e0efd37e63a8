// The API answers 409 MUST_BE_UNIQUE when a public key or a name is already in the account, and
// its message need not say which. The user needs to know which one, which key holds it, and what
// to do: adopt that key (adoptId takes the fingerprint) or change the program. One lookup each
// tells them apart; the answer is built only after a refusal, so the usual create costs nothing.
import type { SshKey } from "../../sdk/areas/common";
import type { ServersComClient } from "../../sdk/client";
import { ConflictError } from "../../sdk/core/errors";
import { messageOf } from "../framework/errors";
import { unlessNotFound } from "../framework/not-found";
import { fingerprintOf, sameFingerprint } from "./public-key";

/** What the refused request asked for. */
export interface KeyClaim {
  readonly name?: string | undefined;
  /** On create: the key being added. */
  readonly publicKey?: string | undefined;
  /** On update: the key being renamed, which holds its own name and key already. */
  readonly fingerprint?: string | undefined;
}

/** A clear error for a 409 about a duplicate; any other error (or an unexplained 409) as is. */
export async function explainDuplicate(
  client: ServersComClient,
  error: unknown,
  claim: KeyClaim,
): Promise<unknown> {
  if (!(error instanceof ConflictError)) return error;
  const refusal = `(the API answered ${error.status} ${error.code ?? "CONFLICT"})`;
  try {
    const fingerprint = claim.publicKey === undefined ? undefined : fingerprintOf(claim.publicKey);
    const sameKey = fingerprint === undefined ? undefined : await keyOf(client, fingerprint);
    if (sameKey !== undefined) {
      return new Error(
        `this public key is already in the account, as the SSH key ${JSON.stringify(sameKey.name)} ` +
          `(fingerprint ${sameKey.fingerprint}) ${refusal}. An account holds each public key ` +
          `once. To manage that key with this resource, set adoptId: "${sameKey.fingerprint}"; ` +
          "otherwise declare another key, or delete that one",
        { cause: error },
      );
    }
    const holder = claim.name === undefined ? undefined : await keyNamed(client, claim.name);
    if (holder !== undefined && !sameFingerprint(holder.fingerprint, claim.fingerprint)) {
      return new Error(
        `the name ${JSON.stringify(claim.name)} is taken by another SSH key of the account ` +
          `(fingerprint ${holder.fingerprint}, a different public key) ${refusal}. Names are ` +
          "unique per account: choose another name, or rename or delete that key. To manage " +
          `that key with this resource instead, set adoptId: "${holder.fingerprint}" and ` +
          "publicKey to its public key",
        { cause: error },
      );
    }
  } catch (lookup) {
    return new Error(
      `${messageOf(error)}; looking up which key holds the public key or the name failed too ` +
        `(${messageOf(lookup)})`,
      { cause: error },
    );
  }
  // Gone again by the time we looked (a concurrent change): the API's own words are all we have.
  return error;
}

/** The account's key with this fingerprint, or undefined (404). */
export async function keyOf(
  client: ServersComClient,
  fingerprint: string,
): Promise<SshKey | undefined> {
  return unlessNotFound(client.sshKeys.get(fingerprint));
}

/** The key with exactly this name; the search matches substrings, so it is bounded and filtered. */
async function keyNamed(client: ServersComClient, name: string): Promise<SshKey | undefined> {
  const candidates = await client.sshKeys.list({ searchPattern: name }).toArray({ limit: 100 });
  return candidates.find((key) => key.name === name);
}
