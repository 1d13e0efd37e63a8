// SshKey through the real provider host, driven like `pulumi up` / `refresh` / `destroy`.
// Needs a current dist/ (npm test builds it first; alone: npm run build).
import { describe, expect } from "vitest";
import type { Program } from "./harness";
import { engineScenario } from "./scenario";

// Public halves of throwaway keys.
const KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICPDUkarrY7MnyS308g9l/aRCIDLkT8/4rUiYUMB9RJr";
const OTHER_KEY =
  "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIyB3A44B87Yo1njdPBzzpmTF6QX106HVCzqpqcVhtN5";

const key =
  (args: Record<string, unknown> = {}, opts: Record<string, unknown> = {}): Program =>
  (serverscom) => {
    new serverscom.SshKey(
      "deploy",
      { publicKey: KEY, labels: { team: "platform" }, ...args },
      opts,
    );
  };

const s = engineScenario({ kind: "SshKey", name: "deploy" });

const replaced = key({ publicKey: OTHER_KEY, name: "deploy-2" });

describe("an SshKey through the engine's steps", () => {
  s.up(key(), (resource) => {
    // The id is the fingerprint: colon-separated MD5 of the key.
    expect(resource.id).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    expect(resource.outputs).toMatchObject({
      fingerprint: resource.id,
      name: "deploy",
      labels: { team: "platform" },
    });
  });
  s.noChange(key());
  s.replacements({
    program: (opts) => key({}, opts),
    // One key per fingerprint: a replacement with the same key deletes first by default, and
    // creating first is refused by the API (409), which the error explains.
    newObject: false,
    refused: "this public key is already in the account",
    count: async (sim) => (await sim.control.records("ssh_keys")).length,
  });
  s.noChangeAfterRebuild(key());
  s.inPlace(key({ name: "deploy-key", labels: { team: "sre" } }), (resource) => {
    expect(resource.outputs).toMatchObject({ name: "deploy-key", labels: { team: "sre" } });
  });
  // Another public key is another key (another fingerprint).
  s.replace(replaced, async (_resource, sim) => {
    expect(await sim.control.records("ssh_keys")).toHaveLength(1);
  });
  s.drift(
    replaced,
    async (resource, sim) => {
      await sim.control.patch("ssh_keys", resource.id, { name: "renamed-by-hand" });
    },
    (resource) => {
      expect(resource.outputs.name).toBe("renamed-by-hand");
    },
  );
  s.deletedOutside(replaced, async (resource, sim) => {
    await sim.control.remove("ssh_keys", resource.id);
  });
  s.destroy(async (sim) => {
    expect(await sim.control.records("ssh_keys")).toEqual([]);
  });
  // The API answers at once: a create fails before the key exists, or not at all.
  s.failedCreate({
    failing: key(),
    faults: {
      rules: [
        {
          kind: "error5xx",
          status: 500,
          probability: 1,
          method: "POST",
          path: "/v1/ssh_keys",
          times: 1,
        },
      ],
    },
    partial: false,
    resume: key(),
    count: async (sim) => (await sim.control.records("ssh_keys")).length,
  });
});
