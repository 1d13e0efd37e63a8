// The account's SSH keys as a team's list: one SshKey per person, named and labelled. A key's id
// is its fingerprint, which server orders and reinstalls take (`sshKeyFingerprints`).
//
// The API token and URL come from the stack configuration (serverscom:apiToken as a secret,
// serverscom:apiUrl) or from SERVERSCOM_API_TOKEN and SERVERSCOM_API_URL.
import * as pulumi from "@pulumi/pulumi";
import * as serverscom from "pulumi-serverscom";

interface Member {
  readonly name: string;
  readonly team: string;
  readonly publicKey: string;
}

// Public halves of throwaway keys. Replace them, or set the whole list:
// `pulumi config set --path 'members[0].publicKey' "$(cat ~/.ssh/id_ed25519.pub)"`, etc.
const defaults: Member[] = [
  {
    name: "alice",
    team: "platform",
    publicKey:
      "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIyB3A44B87Yo1njdPBzzpmTF6QX106HVCzqpqcVhtN5 alice@laptop",
  },
  {
    name: "bob",
    team: "payments",
    publicKey:
      "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINvWNjjlWrl88bu2Gqte2YLciyme0C7j21PbdPN6dmq2 bob@laptop",
  },
];

const config = new pulumi.Config();
const members = config.getObject<Member[]>("members") ?? defaults;

/** Fingerprint per member: what server orders take in `sshKeyFingerprints`. */
export const fingerprints = Object.fromEntries(
  members.map((member) => {
    const key = new serverscom.SshKey(member.name, {
      publicKey: member.publicKey,
      // Names are unique in the account: the team prefix keeps two teams' "alice" apart.
      name: `${member.team}-${member.name}`,
      labels: { team: member.team, "managed-by": "pulumi" },
    });
    return [member.name, key.fingerprint];
  }),
);
