// examples/ssh-keys: what it registers, and a round trip through the engine harness.
import { describe, expect, it } from "vitest";
import { byName, declared, opsByName, useExample } from "./support";

const example = useExample("ssh-keys");

describe("examples/ssh-keys", () => {
  it("registers one key per member, named by team, labelled", async () => {
    const { resources, outputs } = await example.registrations();
    expect(declared(resources)).toEqual(["SshKey alice", "SshKey bob"]);
    expect(byName(resources).alice?.inputs).toMatchObject({
      name: "platform-alice",
      publicKey: expect.stringMatching(/^ssh-ed25519 AAAA/),
      labels: { team: "platform", "managed-by": "pulumi" },
    });
    expect(byName(resources).bob?.inputs).toMatchObject({ name: "payments-bob" });
    expect([...outputs.keys()]).toEqual(["fingerprints"]);
  });

  it("takes the members from the stack configuration when set", async () => {
    const members = [{ name: "carol", team: "sre", publicKey: "ssh-ed25519 AAAA carol" }];
    const { resources } = await example.registrations({
      [example.configKey("members")]: JSON.stringify(members),
    });
    expect(declared(resources)).toEqual(["SshKey carol"]);
  });

  example.roundTripTest(
    "runs through the engine: up, an up without changes, a move to another team, destroy",
    {
      resources: 2,
      afterCreate: async (harness) => {
        const fingerprints = harness.outputs.get("fingerprints")?.value;
        expect(Object.keys(fingerprints as object)).toEqual(["alice", "bob"]);
        const keys = await example.sim().control.records("ssh_keys");
        expect(keys.map((k) => k.name).sort()).toEqual(["payments-bob", "platform-alice"]);
      },
      // Another team renames and relabels the key in place: same fingerprint.
      flow: async (harness, program) => {
        const members = [
          {
            name: "alice",
            team: "payments",
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
        harness.setConfig(example.configKey("members"), JSON.stringify(members));
        expect(opsByName(await harness.up(program))).toEqual({ alice: "update", bob: "same" });
        const keys = await example.sim().control.records("ssh_keys");
        expect(keys.map((k) => k.name).sort()).toEqual(["payments-alice", "payments-bob"]);
      },
    },
  );
});
