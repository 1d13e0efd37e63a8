// client.sshKeys against the simulator: create (the fingerprint is the id) -> read -> listed by
// label and over several pages -> renamed and relabelled -> deleted -> gone; a duplicate key or
// name is ConflictError MUST_BE_UNIQUE.
import { describe, expect, it } from "vitest";
import { ConflictError, NotFoundError, UnprocessableEntityError } from "../../sdk/core/errors";
import { iterated, rejectionOf, useSdkSimulator } from "./support";

/** A structurally valid ed25519 public key line around 32 bytes of `fill`. */
function ed25519Key(fill: number): string {
  const part = (bytes: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  const blob = Buffer.concat([part(Buffer.from("ssh-ed25519")), part(Buffer.alloc(32, fill))]);
  return `ssh-ed25519 ${blob.toString("base64")} test@example`;
}

describe("client.sshKeys on the simulator", () => {
  const bed = useSdkSimulator();

  it("creates, reads, renames, relabels and deletes a key by its fingerprint", async () => {
    const api = bed().client.sshKeys;
    const created = await api.create({
      name: "deploy",
      public_key: ed25519Key(1),
      labels: { env: "test", team: "ops" },
    });
    expect(created.fingerprint).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    expect(created.labels).toEqual({ env: "test", team: "ops" });
    expect(await api.get(created.fingerprint)).toEqual(created);

    const found = await api.list({ labelSelector: "team==ops" }).toArray({ limit: 10 });
    expect(found.map((k) => k.fingerprint)).toEqual([created.fingerprint]);

    const renamed = await api.update(created.fingerprint, {
      name: "deploy-2",
      labels: { team: "ops" },
    });
    expect(renamed).toMatchObject({ name: "deploy-2", labels: { team: "ops" } });
    expect((await api.list({ labelSelector: "env" })).items).toEqual([]);
    expect((await api.update(created.fingerprint, { labels: {} })).labels).toEqual({});

    await api.delete(created.fingerprint);
    await rejectionOf(api.get(created.fingerprint), NotFoundError);
  });

  it("answers ConflictError MUST_BE_UNIQUE for a duplicate key and a duplicate name", async () => {
    const api = bed().client.sshKeys;
    await api.create({ name: "unique", public_key: ed25519Key(2) });
    const sameKey = await rejectionOf(
      api.create({ name: "other", public_key: ed25519Key(2) }),
      ConflictError,
    );
    expect(sameKey.code).toBe("MUST_BE_UNIQUE");
    const sameName = await rejectionOf(
      api.create({ name: "unique", public_key: ed25519Key(3) }),
      ConflictError,
    );
    expect(sameName.code).toBe("MUST_BE_UNIQUE");
  });

  it("refuses a text that is no public key with UnprocessableEntityError naming public_key", async () => {
    const error = await rejectionOf(
      bed().client.sshKeys.create({ name: "broken", public_key: "ssh-ed25519 AAAA" }),
      UnprocessableEntityError,
    );
    expect(Object.keys(error.errors)).toEqual(["public_key"]);
  });

  it("pages a list of several pages by iteration and with concurrent pages", async () => {
    const api = bed().client.sshKeys;
    for (const n of [10, 11, 12, 13, 14]) {
      await api.create({ name: `batch-${n}`, public_key: ed25519Key(n), labels: { batch: "k" } });
    }
    const names = await iterated(
      api.list({ labelSelector: "batch", perPage: 2, sorting: "name" }),
      (key) => key.name,
    );
    expect(names).toEqual(["batch-10", "batch-11", "batch-12", "batch-13", "batch-14"]);
    const collected = await api
      .list({ labelSelector: "batch", perPage: 2, sorting: "name", direction: "DESC" })
      .toArray({ limit: 4, concurrency: 2 });
    expect(collected.map((k) => k.name)).toEqual(["batch-14", "batch-13", "batch-12", "batch-11"]);
  });
});
