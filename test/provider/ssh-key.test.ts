// SshKey's provider implementation against the simulator, on virtual time.
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { PropertyBag } from "../../provider/framework/check";
import { PartialResourceError } from "../../provider/framework/errors";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { sshKeyKind } from "../../provider/ssh-key/definition";
import { fingerprintOf } from "../../provider/ssh-key/public-key";
import { failsOnEach } from "./check-cases";
import { createdBy, engineInputs, kindSuite, recordCount } from "./support";

const { bed, provider, checkFailures, failure } = kindSuite(sshKeyKind, { atLeast: 10 });

const KEYS = "ssh_keys";
const CREATE = "POST /v1/ssh_keys";

// --- OpenSSH public key lines, made here (RFC 4253 6.6, RFC 8709 4) ---

function sshString(data: Buffer | string): Buffer {
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** A fresh ed25519 key's .pub line. */
function ed25519Line(comment = "dev@laptop"): string {
  const { publicKey } = generateKeyPairSync("ed25519");
  const raw = Buffer.from(String(publicKey.export({ format: "jwk" }).x), "base64url");
  const blob = Buffer.concat([sshString("ssh-ed25519"), sshString(raw)]);
  return `ssh-ed25519 ${blob.toString("base64")} ${comment}`;
}

/** A fresh RSA key's .pub line (exponent and modulus as SSH mpints). */
function rsaLine(): string {
  const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
  const jwk = publicKey.export({ format: "jwk" });
  const mpint = (value: unknown) => {
    const bytes = Buffer.from(String(value), "base64url");
    // A set high bit would read as negative: mpints then start with a zero byte.
    return sshString((bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
  };
  const blob = Buffer.concat([sshString("ssh-rsa"), mpint(jwk.e), mpint(jwk.n)]);
  return `ssh-rsa ${blob.toString("base64")}`;
}

const KEY = ed25519Line();

/** Inputs as the engine would send them for an SshKey named `name` in project/stack p/s. */
function keyInputs(name: string, fields: PropertyBag = {}): Record<string, unknown> {
  return engineInputs("SshKey", name, {
    name,
    publicKey: KEY,
    ...fields,
  });
}

async function keyCount(): Promise<number> {
  return recordCount(bed, KEYS);
}

async function created(name: string, fields: PropertyBag = {}) {
  return createdBy(provider, keyInputs(name, fields));
}

// The lifecycle every kind shares (create, read, in-place update, replacement, delete, drift,
// deletion outside Pulumi, a lost create answer) is test/conformance's SshKey row; here, what is
// the SSH key's own.
describe("the key itself", () => {
  it("accepts RSA keys too, with the simulator's fingerprint: colon-separated MD5", async () => {
    const line = rsaLine();
    const { id } = await created("rsa", { publicKey: line });
    expect(id).toBe(fingerprintOf(line));
    expect(id).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    expect((await bed.sim.control.peek(KEYS, id))?.name).toBe("rsa");
  });

  it("the same key with another comment or spacing is the same key: no change", async () => {
    const { inputs, id, outs } = await created("deploy");
    const [type, data] = KEY.split(" ");
    const respelled = { ...inputs, publicKey: `  ${type}   ${data} other-comment\n` };
    expect(await provider.diff(id, outs, respelled)).toMatchObject({ changes: false });
  });

  it("removes every label when the labels input goes away", async () => {
    const { inputs, id, outs } = await created("deploy", { labels: { team: "ops" } });
    const { labels: _removed, ...news } = inputs;
    const { outs: updated } = await provider.update(id, outs, news);
    expect(updated).toMatchObject({ labels: {} });
    expect((await bed.sim.control.peek(KEYS, id))?.labels).toEqual({
      [OWNER_LABEL_KEY]: inputs.__ownerLabel,
    });
  });

  // Issue 25 (found by the soak): a delete-first replacement whose DELETE was applied but never
  // answered kept the deleted key recorded, and the next plain `up` saw no change.
  it("a DELETE applied with its answer lost, every resend dropped too: a GET's 404 says it is done", async () => {
    const { id, outs } = await created("deploy");
    const rule = { probability: 1, method: "DELETE", path: "/v1/ssh_keys/*" } as const;
    await bed.sim.control.setFaults({
      rules: [
        { kind: "dropResponseAfterApply", times: 1, ...rule },
        { kind: "dropConnection", times: 3, ...rule },
      ],
    });
    await provider.delete(id, outs);
    expect(await keyCount()).toBe(0);
    // An object still there after a lost answer is not taken for deleted.
    const second = await created("second");
    await bed.sim.control.setFaults({
      rules: [{ kind: "dropConnection", times: 4, ...rule }],
    });
    const error = await failure(provider.delete(second.id, second.outs));
    expect(error.message).toContain("connection failed");
    expect(await keyCount()).toBe(1);
  });
});

describe("idempotent create", () => {
  it("a later create never adopts a key with this resource's label: the 409 names it", async () => {
    // An interrupted create, or the generation a replacement deletes next (issue 12, item 1):
    // the account holds one key per fingerprint, so the create stops with the facts.
    const inputs = keyInputs("deploy", { labels: { team: "ops" } });
    await bed.client.sshKeys.create({
      name: "deploy",
      public_key: KEY,
      labels: { [OWNER_LABEL_KEY]: String(inputs.__ownerLabel) },
    });
    const error = await failure(provider.create(inputs));
    expect(error.message).toContain("this public key is already in the account");
    expect(error.message).toContain(`set adoptId: "${fingerprintOf(KEY)}"`);
    expect(bed.lines[0]).toContain(`not adopting ${fingerprintOf(KEY)}`);
    expect(await keyCount()).toBe(1);
  });

  it("after a lost answer, finds its key by the fingerprint and its create label", async () => {
    // An API whose key list ignores label_selector: the fingerprint GET finds the key, and the
    // create label says this call added it.
    const blind = createKindProvider({ ...sshKeyKind, findByLabels: async () => [] }, bed.context);
    await bed.sim.control.setFaults({
      rules: [{ kind: "dropResponseAfterApply", probability: 1, method: "POST", times: 1 }],
    });
    const result = await blind.create(keyInputs("deploy"));
    expect(result.id).toBe(fingerprintOf(KEY));
    expect(await keyCount()).toBe(1);
    const counts = await bed.sim.control.requestCounts();
    expect(counts[CREATE]).toBe(1);
    expect(counts["GET /v1/ssh_keys/:fingerprint"]).toBeGreaterThanOrEqual(1);
  });

  it("does not adopt the same public key without this resource's ownership label", async () => {
    await created("one");
    const error = await failure(provider.create(keyInputs("two")));
    expect(error.message).toContain("this public key is already in the account");
    expect(await keyCount()).toBe(1);
  });
});

describe("duplicates: 409 MUST_BE_UNIQUE says what is taken and how to adopt", () => {
  it("names the key that already holds the public key, and the adoptId that takes it over", async () => {
    const existing = await bed.client.sshKeys.create({ name: "laptop", public_key: KEY });
    const error = await failure(provider.create(keyInputs("deploy")));
    expect(error).not.toBeInstanceOf(PartialResourceError);
    expect(error.message).toBe(
      `this public key is already in the account, as the SSH key "laptop" (fingerprint ` +
        `${existing.fingerprint}) (the API answered 409 MUST_BE_UNIQUE). An account holds each ` +
        `public key once. To manage that key with this resource, set adoptId: ` +
        `"${existing.fingerprint}"; otherwise declare another key, or delete that one`,
    );
    // Taking the advice works.
    const adopted = await provider.create(keyInputs("deploy", { adoptId: existing.fingerprint }));
    expect(adopted.outs).toMatchObject({ name: "deploy" });
  });

  it("names the key that holds the name", async () => {
    const other = await bed.client.sshKeys.create({ name: "deploy", public_key: ed25519Line() });
    const error = await failure(provider.create(keyInputs("deploy")));
    expect(error.message).toBe(
      `the name "deploy" is taken by another SSH key of the account (fingerprint ` +
        `${other.fingerprint}, a different public key) (the API answered 409 MUST_BE_UNIQUE). ` +
        "Names are unique per account: choose another name, or rename or delete that key. To " +
        `manage that key with this resource instead, set adoptId: "${other.fingerprint}" and ` +
        "publicKey to its public key",
    );
    expect(await keyCount()).toBe(1);
  });

  it("refuses a rename to a taken name, leaving the key as it was", async () => {
    await bed.client.sshKeys.create({ name: "taken", public_key: ed25519Line() });
    const { inputs, id, outs } = await created("deploy");
    const error = await failure(provider.update(id, outs, { ...inputs, name: "taken" }));
    expect(error).not.toBeInstanceOf(PartialResourceError);
    expect(error.message).toContain('the name "taken" is taken by another SSH key');
    expect((await bed.sim.control.peek(KEYS, id))?.name).toBe("deploy");
  });
});

describe("adoption by adoptId", () => {
  it("takes over an existing key and brings it to the declared name and labels", async () => {
    const existing = await bed.client.sshKeys.create({
      name: "legacy",
      public_key: KEY,
      labels: { old: "yes" },
    });
    const inputs = keyInputs("deploy", { labels: { team: "ops" }, adoptId: existing.fingerprint });
    const { id, outs } = await provider.create(inputs);
    expect(id).toBe(existing.fingerprint);
    expect(outs).toMatchObject({ name: "deploy", labels: { team: "ops" }, adoptId: id });
    expect((await bed.sim.control.peek(KEYS, id))?.labels).toEqual({
      team: "ops",
      [OWNER_LABEL_KEY]: inputs.__ownerLabel,
    });
    expect(await provider.diff(id, outs as PropertyBag, inputs)).toMatchObject({ changes: false });
  });

  it("refuses a fingerprint that is not in the account", async () => {
    const error = await failure(provider.create(keyInputs("deploy", { adoptId: "00:11" })));
    expect(error.message).toBe('adoptId: there is no SSH key with id "00:11" to adopt');
  });

  it("refuses a key whose public key is not the declared one", async () => {
    const existing = await bed.client.sshKeys.create({ name: "x", public_key: ed25519Line() });
    const error = await failure(
      provider.create(keyInputs("deploy", { adoptId: existing.fingerprint })),
    );
    expect(error.message).toBe(
      `adoptId: the SSH key "${existing.fingerprint}" cannot be adopted as declared: publicKey ` +
        `is "${existing.fingerprint}" there but ${JSON.stringify(KEY)} in the program. These ` +
        "properties cannot be changed in place: make the program match the object.",
    );
  });
});

describe("check: every rule is a failure naming the property", () => {
  const valid = keyInputs("deploy");

  const reasons = (news: PropertyBag) => checkFailures(provider, news);

  it("accepts valid inputs and returns them", async () => {
    expect(await provider.check({}, valid)).toEqual({ inputs: valid, failures: [] });
  });

  const [type, data] = KEY.split(" ") as [string, string];
  const rsaData = rsaLine().split(" ")[1] ?? "";

  failsOnEach(reasons, valid, [
    [{ name: "" }, "name", 'name must be a non-empty string (got "")'],
    [{ publicKey: undefined }, "publicKey", "publicKey is required"],
    [{ publicKey: 42 }, "publicKey", "publicKey must be a string: an OpenSSH public key line"],
    [
      { publicKey: data },
      "publicKey",
      'publicKey must be an OpenSSH public key line "<type> <base64 key> [comment]", such as the ' +
        "content of ~/.ssh/id_ed25519.pub",
    ],
    [
      { publicKey: `ssh-foo ${data}` },
      "publicKey",
      'publicKey: the key type "ssh-foo" is not one of ssh-ed25519, ssh-rsa, ' +
        "ecdsa-sha2-nistp256, ecdsa-sha2-nistp384, ecdsa-sha2-nistp521, " +
        "sk-ssh-ed25519@openssh.com, sk-ecdsa-sha2-nistp256@openssh.com, ssh-dss",
    ],
    [
      { publicKey: `${type} not*base64` },
      "publicKey",
      'publicKey: the key data after "ssh-ed25519" is not base64',
    ],
    [
      { publicKey: `${type} ${data.slice(0, 40)}` },
      "publicKey",
      "publicKey: the key data is not a complete ssh-ed25519 key (cut short?)",
    ],
    [
      { publicKey: `ssh-ed25519 ${rsaData}` },
      "publicKey",
      'publicKey: the line says ssh-ed25519 but its key data holds a "ssh-rsa" key',
    ],
    [
      {
        publicKey:
          "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----",
      },
      "publicKey",
      "publicKey holds a private key, which must never leave your machine: pass the public key " +
        "instead (the .pub file, such as ~/.ssh/id_ed25519.pub)",
    ],
    [
      { labels: { "Team/x": "1" } },
      "labels",
      'labels["Team/x"]: a prefix may contain only lowercase letters, digits, dashes and dots',
    ],
    [
      { labels: { [OWNER_LABEL_KEY]: "x" } },
      "labels",
      `labels: the key ${OWNER_LABEL_KEY} is reserved for the provider`,
    ],
    [{ adoptId: "" }, "adoptId", 'adoptId must be a non-empty string (got "")'],
  ]);

  it("never repeats a private key pasted by mistake", async () => {
    const { privateKey } = generateKeyPairSync("ed25519");
    const pem = String(privateKey.export({ format: "pem", type: "pkcs8" }));
    const [failure] = await reasons({ ...valid, publicKey: pem });
    expect(failure?.reason).not.toContain(pem.split("\n")[1]);
  });

  it("tolerates values unknown during preview, and diffs them as possible changes", async () => {
    expect(await reasons({ ...valid, publicKey: UNKNOWN, name: UNKNOWN, labels: UNKNOWN })).toEqual(
      [],
    );
    const outs = { fingerprint: fingerprintOf(KEY), name: "deploy", labels: {} };
    expect(await provider.diff("fp", outs, { ...valid, publicKey: UNKNOWN })).toMatchObject({
      changes: true,
      replaces: ["publicKey"],
    });
    // The API may spell the fingerprint in capitals: still the same key.
    const upper = { ...outs, fingerprint: String(outs.fingerprint).toUpperCase() };
    expect(await provider.diff("fp", upper, valid)).toMatchObject({ changes: false });
  });
});
