// The SshKey row.
import { expect } from "vitest";
import { sshKeyKind } from "../../../provider/ssh-key/definition";
import { fingerprintOf } from "../../../provider/ssh-key/public-key";
import type { KindRow } from "../row";
import { renamedOutside } from "./changed-outside";

// Public halves of throwaway keys.
const KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICPDUkarrY7MnyS308g9l/aRCIDLkT8/4rUiYUMB9RJr";
const OTHER_KEY =
  "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIyB3A44B87Yo1njdPBzzpmTF6QX106HVCzqpqcVhtN5";

export const sshKey: KindRow = {
  kind: sshKeyKind,
  name: "deploy",
  collection: "ssh_keys",
  inputs: () => ({ name: "deploy", publicKey: KEY, labels: { team: "ops", env: "a" } }),
  // The fingerprint (the API's) is the id, computed alike before the POST.
  id: () => fingerprintOf(KEY) ?? "not an OpenSSH key",
  outputs: ({ id }) => ({
    fingerprint: id,
    name: "deploy",
    labels: { team: "ops", env: "a" },
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  }),
  labels: { team: "ops", env: "a" },
  readInputs: () => ({ name: "deploy", labels: { team: "ops", env: "a" } }),
  deleteLines: ({ id }) => [`serverscom:SshKey deploy (${id}): gone`],
  update: {
    fields: () => ({ name: "deploy-2", labels: { team: "dev" } }),
    updates: ["name", "labels"],
    outputs: ({ id }) => ({ fingerprint: id, name: "deploy-2", labels: { team: "dev" } }),
    labels: { team: "dev" },
  },
  // Another public key is another key (another fingerprint); one key per fingerprint, so the
  // replacement deletes first.
  replace: [
    {
      fields: () => ({ publicKey: OTHER_KEY }),
      replaces: ["publicKey"],
    },
  ],
  drift: renamedOutside("ssh_keys", { team: "x" }),
  lostCreateAnswer: "adopts",
};
