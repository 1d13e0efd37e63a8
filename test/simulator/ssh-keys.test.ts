// Conformance of the simulator's account SSH keys (api-spec.md "SSH key"; wire-notes.md "SSH keys
// (account)"), over raw HTTP.
import { beforeEach, describe, expect, it } from "vitest";
import { type ApiErrorBody, type Labels, parseLinks, useTestSimulator } from "./helpers";

// Keys made with ssh-keygen; the fingerprints are what `ssh-keygen -l -E md5` printed for them.
const ED25519_KEY =
  "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMViyXPPKhVMabjHpguYG4rPeK3pNPcfCMaIotflOeM0 test@example";
const ED25519_FINGERPRINT = "06:61:cd:41:7d:c2:f7:f4:94:e4:1d:b7:b6:76:bb:bb";
const RSA_KEY =
  "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQDLjkV/N5L1LBwEblkwJpd7zKIKjD/1Tt2mmhbNqyeqcUtU9AvHivHZhniCx4S93s6oGl8hXr0BCjo8YL8skpDQbIXyJ4wLN4Opd05Y3dn2fZTfZ6u4unoCXFFA6PvvxDeJQ9CTqjkhY03R+PRCCy9MajquP90g0V+e3OQSj6MwQhiU0s2MRwGOZNjPoEEOhLHmmdjUzJWLab04fihC5lEnCd343F7A4oDGT5xHWVKGBjUzNcjyo8NzaPuulyx06aomCw5EafPI0NCNEpUyEZCAE7oM/6jZ3MjG1t+OtkJ6duUCKd246dqmz4E0sYd5AxSmwjlfov9CMACoWrl2zUiD rsa@example";
const RSA_FINGERPRINT = "57:ef:1c:7a:b9:7b:75:a1:00:fb:67:95:46:25:d3:21";

const KEYS = "/v1/ssh_keys";

interface SshKey {
  name: string;
  fingerprint: string;
  labels: Labels;
  created_at: string;
  updated_at: string;
}

/** A structurally valid ed25519 key line around 32 given bytes. */
function ed25519Line(fill: number): string {
  const type = Buffer.from("ssh-ed25519");
  const key = Buffer.alloc(32, fill);
  const length = (n: number) => {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(n);
    return buffer;
  };
  return `ssh-ed25519 ${Buffer.concat([length(type.length), type, length(key.length), key]).toString("base64")}`;
}

describe("ssh keys area", () => {
  const sim = useTestSimulator();

  beforeEach(async () => {
    await sim().control.reset();
  });

  async function add(name: string, publicKey: string, labels?: Labels) {
    return sim().req<SshKey & ApiErrorBody>("POST", KEYS, {
      name,
      public_key: publicKey,
      ...(labels === undefined ? {} : { labels }),
    });
  }

  it("creates a key whose fingerprint is the MD5 of the key, as ssh-keygen prints it", async () => {
    const response = await add("laptop", ED25519_KEY, { env: "test" });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      name: "laptop",
      fingerprint: ED25519_FINGERPRINT,
      labels: { env: "test" },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await add("rsa", RSA_KEY)).body.fingerprint).toBe(RSA_FINGERPRINT);
  });

  it("gets, renames and deletes a key by its fingerprint", async () => {
    await add("laptop", ED25519_KEY, { a: "1", b: "2" });
    const path = `${KEYS}/${encodeURIComponent(ED25519_FINGERPRINT)}`;
    expect((await sim().req<SshKey>("GET", path)).body.name).toBe("laptop");
    const updated = await sim().req<SshKey>("PUT", path, { name: "desktop", labels: { b: "3" } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: "desktop",
      fingerprint: ED25519_FINGERPRINT,
      labels: { b: "3" },
    });
    const cleared = await sim().req<SshKey>("PUT", path, { labels: {} });
    expect(cleared.body).toMatchObject({ name: "desktop", labels: {} });
    expect((await sim().req("DELETE", path)).status).toBe(204);
    const gone = await sim().req<ApiErrorBody>("GET", path);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe("NOT_FOUND");
  });

  it("answers 409 MUST_BE_UNIQUE for a duplicate key or a duplicate name", async () => {
    await add("laptop", ED25519_KEY);
    const sameKey = await add("other", ED25519_KEY);
    expect(sameKey.status).toBe(409);
    expect(sameKey.body.code).toBe("MUST_BE_UNIQUE");
    const sameName = await add("laptop", RSA_KEY);
    expect(sameName.status).toBe(409);
    expect(sameName.body.code).toBe("MUST_BE_UNIQUE");
    await add("rsa", RSA_KEY);
    const rename = await sim().req<ApiErrorBody>("PUT", `${KEYS}/${RSA_FINGERPRINT}`, {
      name: "laptop",
    });
    expect(rename.status).toBe(409);
    expect(rename.body.code).toBe("MUST_BE_UNIQUE");
  });

  it("answers 422 errors.public_key for a text that is no public key", async () => {
    const truncated = ED25519_KEY.slice(0, 40);
    const mislabelled = ED25519_KEY.replace("ssh-ed25519", "ssh-rsa");
    for (const publicKey of ["not a key", truncated, mislabelled]) {
      const response = await add("bad", publicKey);
      expect(response.status).toBe(422);
      expect(response.body.code).toBe("UNPROCESSABLE_ENTITY");
      expect(response.body.errors).toHaveProperty("public_key");
    }
  });

  it("refuses invalid labels with 422", async () => {
    const response = await add("laptop", ED25519_KEY, { "servers.com/team": "x" });
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty("labels");
  });

  it("lists with search pattern, label selector and pages", async () => {
    await add("alice-laptop", ed25519Line(1), { owner: "alice" });
    await add("alice-desktop", ed25519Line(2), { owner: "alice" });
    await add("bob-laptop", ed25519Line(3), { owner: "bob" });
    const laptops = await sim().req<SshKey[]>("GET", `${KEYS}?search_pattern=LAPTOP&sorting=name`);
    expect(laptops.body.map((key) => key.name)).toEqual(["alice-laptop", "bob-laptop"]);
    const bobs = await sim().req<SshKey[]>("GET", `${KEYS}?label_selector=owner%3D%3Dbob`);
    expect(bobs.body.map((key) => key.name)).toEqual(["bob-laptop"]);
    const page = await sim().req<SshKey[]>("GET", `${KEYS}?per_page=2&page=2`);
    expect(page.body.map((key) => key.name)).toEqual(["bob-laptop"]);
    expect(page.headers["x-total"]).toBe("3");
    expect(parseLinks(page.headers.link)).toHaveProperty("prev");
  });
});
