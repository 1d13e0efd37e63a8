// The account's SSH keys. The fingerprint is the id: the MD5 of the decoded key blob as
// colon-separated hex ("48:81:0c:..."), as `ssh-keygen -l -E md5` prints it. Names and keys are
// unique per account (409 MUST_BE_UNIQUE, wire-notes.md).
import { createHash } from "node:crypto";
import {
  type FieldErrors,
  isNonEmptyString,
  noContent,
  ok,
  readBody,
  readLabels,
  validationFailed,
} from "../framework/body";
import { registerCollection } from "../framework/collection";
import {
  type Area,
  type AreaHandler,
  type AreaHelpers,
  type Router,
  SimApiError,
  type WireRecord,
} from "../framework/contract";

const KEYS = "ssh_keys";
const BASE = "/v1/ssh_keys";

/** How many length-prefixed strings each key type's blob holds (RFC 4253, 5656, 8709). */
const BLOB_PARTS: Readonly<Record<string, number>> = {
  "ssh-rsa": 3,
  "ssh-dss": 5,
  "ssh-ed25519": 2,
  "ecdsa-sha2-nistp256": 3,
  "ecdsa-sha2-nistp384": 3,
  "ecdsa-sha2-nistp521": 3,
  "sk-ssh-ed25519@openssh.com": 3,
  "sk-ecdsa-sha2-nistp256@openssh.com": 4,
};

/** The blob's length-prefixed strings, or undefined when the lengths do not add up exactly. */
function splitBlob(blob: Buffer): Buffer[] | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < blob.length) {
    if (at + 4 > blob.length) return undefined;
    const length = blob.readUInt32BE(at);
    at += 4;
    if (at + length > blob.length) return undefined;
    parts.push(blob.subarray(at, at + length));
    at += length;
  }
  return parts;
}

/** The MD5 fingerprint of an OpenSSH public key line ("type base64 [comment]"), if it is one. */
export function sshFingerprint(publicKey: string): string | undefined {
  const [type, encoded] = publicKey.trim().split(/\s+/);
  if (type === undefined || encoded === undefined) return undefined;
  const expectedParts = BLOB_PARTS[type];
  if (expectedParts === undefined || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return undefined;
  const blob = Buffer.from(encoded, "base64");
  const parts = splitBlob(blob);
  // The blob names its own type first; a line whose two type names disagree is corrupt.
  if (parts === undefined || parts.length !== expectedParts || parts[0]?.toString() !== type) {
    return undefined;
  }
  const hex = createHash("md5").update(blob).digest("hex");
  return hex.match(/../g)?.join(":");
}

function mustBeUnique(what: string): SimApiError {
  return new SimApiError(409, "MUST_BE_UNIQUE", `An SSH key with this ${what} already exists`);
}

const createKey: AreaHandler = (ctx, helpers, req) => {
  const body = readBody(req);
  const errors: FieldErrors = {};
  if (!isNonEmptyString(body.name)) errors.name = "is required";
  const fingerprint =
    typeof body.public_key === "string" ? sshFingerprint(body.public_key) : undefined;
  if (fingerprint === undefined) errors.public_key = "is not a valid OpenSSH public key";
  const labels = readLabels(helpers, body, errors) ?? {};
  if (fingerprint === undefined || Object.keys(errors).length > 0) throw validationFailed(errors);
  if (ctx.store.get(KEYS, fingerprint) !== undefined) throw mustBeUnique("public key");
  if (ctx.store.all(KEYS).some((key) => key.name === body.name)) throw mustBeUnique("name");
  const now = ctx.clock.iso();
  const record: WireRecord = {
    name: String(body.name),
    fingerprint,
    labels,
    created_at: now,
    updated_at: now,
    _public_key: String(body.public_key).trim(),
  };
  return ok(ctx.store.insert(KEYS, record, [], fingerprint), 201);
};

const updateKey: AreaHandler = (ctx, helpers, req) => {
  const fingerprint = req.params.fingerprint ?? "";
  helpers.getOr404(ctx, KEYS, fingerprint);
  const body = readBody(req);
  const errors: FieldErrors = {};
  if (body.name !== undefined && !isNonEmptyString(body.name)) {
    errors.name = "must not be empty";
  }
  const labels = readLabels(helpers, body, errors);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const clash = ctx.store
    .all(KEYS)
    .some((key) => key.name === body.name && key.fingerprint !== fingerprint);
  if (clash) throw mustBeUnique("name");
  const patch: WireRecord = {};
  if (typeof body.name === "string") patch.name = body.name;
  if (labels !== undefined) patch.labels = labels;
  return ok(ctx.store.update(KEYS, fingerprint, patch));
};

const deleteKey: AreaHandler = (ctx, helpers, req) => {
  const fingerprint = req.params.fingerprint ?? "";
  helpers.getOr404(ctx, KEYS, fingerprint);
  ctx.store.remove(KEYS, fingerprint);
  return noContent();
};

function register(router: Router, helpers: AreaHelpers): void {
  registerCollection(router, helpers, {
    path: BASE,
    collection: KEYS,
    param: "fingerprint",
    list: {
      // SSH keys have no id: the default sort ("id") keeps the order they were added in.
      sortable: ["name", "fingerprint", "created_at", "updated_at"],
      searchField: "name",
      labelSelector: true,
    },
    create: createKey,
    update: updateKey,
    remove: deleteKey,
  });
}

export const sshKeysArea: Area = {
  name: "ssh_keys",
  register,
};
