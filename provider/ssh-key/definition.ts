// The account's SSH keys as a resource kind (provider/framework/kind.ts). The fingerprint is the
// key's id. The public key cannot change (another key has another fingerprint: a new key is a
// replacement); the name and the labels change in place.
import type { SshKey } from "../../sdk/areas/common";
import type { Checker, PropertyBag } from "../framework/check";
import { messageOf } from "../framework/errors";
import type { ResourceKind } from "../framework/kind";
import { UpdateRefused } from "../framework/kind-provider";
import { readFromList } from "../framework/listed";
import { withoutOwnerLabel } from "../framework/ownership";
import { isUnknown, UNKNOWN } from "../framework/unknowns";
import { explainDuplicate, keyOf } from "./duplicates";
import { fingerprintOf, parsePublicKey, sameFingerprint } from "./public-key";

const MINUTE = 60_000;

/** The inputs as the provider receives them once check has passed. */
export interface SshKeyInputs {
  readonly name: string;
  readonly publicKey: string;
  readonly labels?: Readonly<Record<string, string>>;
  readonly adoptId?: string;
}

/** Every output: the record's fields in camelCase. The API never returns the public key. */
export const SSH_KEY_OUTPUTS = ["fingerprint", "name", "labels", "createdAt", "updatedAt"] as const;

/**
 * The public key as diff sees it: its fingerprint, the only form of it the API returns. Unknown
 * during preview stays unknown ("may change"); an invalid key is check's business, not diff's.
 */
function desiredFingerprint(news: PropertyBag): unknown {
  const key = news.publicKey;
  if (isUnknown(key)) return UNKNOWN;
  return typeof key === "string" ? fingerprintOf(key) : undefined;
}

export const sshKeyKind: ResourceKind<SshKey> = {
  name: "SshKey",
  noun: "SSH key",
  // The API answers every request at once; the only wait is delete's check that the key is gone.
  defaultTimeouts: { create: 5 * MINUTE, update: 5 * MINUTE, delete: 5 * MINUTE },
  properties: {
    publicKey: {
      rule: "replace",
      output: "fingerprint",
      desired: desiredFingerprint,
      equal: sameFingerprint,
    },
    name: { rule: "update" },
    // Absent labels mean no labels, so deleting the property removes every label.
    labels: { rule: "update", desired: (news) => news.labels ?? {} },
  },
  secretOutputs: [],
  outputNames: SSH_KEY_OUTPUTS,
  // The account holds one key per fingerprint: a replacement that keeps the public key
  // (`up --replace`) can only delete first. With a new public key either order works.
  replaceDeletesFirst: {
    reason: "the account holds one key per fingerprint",
    required: false,
  },

  check(c: Checker) {
    c.name();
    const key = c.news.publicKey;
    if (key === undefined || key === null) {
      c.fail("publicKey", "publicKey is required");
    } else if (!isUnknown(key)) {
      const parsed =
        typeof key === "string"
          ? parsePublicKey(key)
          : { problem: "publicKey must be a string: an OpenSSH public key line" };
      if ("problem" in parsed) c.fail("publicKey", parsed.problem);
    }
    c.labels();
  },

  display: (bag: PropertyBag) => (typeof bag.name === "string" ? bag.name : "(unnamed)"),

  get: keyOf,
  // A refresh reads keys from their list (framework/read-snapshot.ts).
  ...readFromList(
    "SSH keys",
    (client, options) => client.sshKeys.list(options),
    (key) => key.fingerprint,
  ),
  /**
   * The declared public key, found by its fingerprint (a GET: no label selector involved). Never
   * adopted (kind.ts): the account holds one key per fingerprint, so a POST would be refused
   * with a 409 that duplicates.ts explains; after an ambiguous create failure, the key carrying
   * this call's create label is this create's.
   */
  async findByContent(client, inputs) {
    const fingerprint =
      typeof inputs.publicKey === "string" ? fingerprintOf(inputs.publicKey) : undefined;
    if (fingerprint === undefined) return [];
    const key = await keyOf(client, fingerprint);
    return key === undefined ? [] : [key];
  },
  async create(client, inputs, labels) {
    const { name, publicKey } = inputs as unknown as SshKeyInputs;
    try {
      return await client.sshKeys.create({ name, public_key: publicKey, labels });
    } catch (error) {
      throw await explainDuplicate(client, error, { name, publicKey });
    }
  },
  async update(client, id, changes, labels) {
    const { name } = changes as Partial<SshKeyInputs>;
    try {
      return await client.sshKeys.update(id, {
        ...(name === undefined ? {} : { name }),
        ...(labels === undefined ? {} : { labels }),
      });
    } catch (error) {
      const explained = await explainDuplicate(client, error, { name, fingerprint: id });
      // The API changed nothing: an UpdateRefused keeps the old state, as its 409 would have.
      throw explained === error ? error : new UpdateRefused(messageOf(explained), { cause: error });
    }
  },
  delete: (client, id) => client.sshKeys.delete(id),

  id: (record) => record.fingerprint,
  // A key has no status: it exists or it does not.
  state: () => "present",
  isReady: () => true,
  labels: (record) => record.labels,

  outputs: (record) => ({
    fingerprint: record.fingerprint,
    name: record.name,
    labels: withoutOwnerLabel(record.labels),
    createdAt: record.created_at,
    updatedAt: record.updated_at,
  }),
  // The public key cannot be read back; its fingerprint (an output) stands for it in diffs.
  liveInputs: (record) => ({
    name: record.name,
    labels: withoutOwnerLabel(record.labels),
  }),
};
