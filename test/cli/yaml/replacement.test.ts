// Replacement of the kinds that cannot have two generations at once (provider/native/
// delete-first.ts), in YAML through the real CLI, with no resource option set:
// - a normal replacement deletes the old generation first: the plugin's Diff says so, and the
//   engine's events show delete-replaced before create-replacement;
// - a targeted one (`up --replace`), where the engine asks no Diff and creates first, fails in
//   Create naming the option in each language, and leaves the old object and the state intact;
// - with `deleteBeforeReplace: true`, the same `up --replace` works.
// KubernetesCluster is in test/cli/yaml/kubernetes-node-groups.test.ts; HostNetwork and
// CloudSnapshot need a server or an instance and are covered through both doors elsewhere
// (test/native/delete-first.test.ts checks every kind's Diff and Create look-up).
import { generateKeyPairSync } from "node:crypto";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { expectSuccess } from "../support/cli";
import { readEventLog } from "../support/event-log";
import { ref } from "./program";
import { useYamlStack } from "./stack";

/** A fresh ed25519 public key in OpenSSH form. */
function sshPublicKey(): string {
  const der = generateKeyPairSync("ed25519").publicKey.export({ format: "der", type: "spki" });
  const raw = der.subarray(der.length - 32);
  const field = (bytes: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  const blob = Buffer.concat([field(Buffer.from("ssh-ed25519")), field(raw)]);
  return `ssh-ed25519 ${blob.toString("base64")}`;
}

interface Shape {
  readonly publicKey: string;
  readonly zone: string;
  readonly cidr: string;
  readonly deleteFirst?: boolean;
}

const NAMES = ["key", "zone", "www", "private", "le"] as const;

function body(shape: Shape): string {
  const options = shape.deleteFirst === true ? { options: { deleteBeforeReplace: true } } : {};
  const resource = (type: string, properties: Record<string, unknown>) => ({
    type: `serverscom:index:${type}`,
    properties,
    ...options,
  });
  return stringify(
    {
      resources: {
        key: resource("SshKey", { publicKey: shape.publicKey }),
        zone: resource("DnsZone", { name: shape.zone, email: "admin@example.com" }),
        www: resource("DnsRecord", {
          zoneId: ref("zone.id"),
          name: "www",
          type: "A",
          data: "192.0.2.1",
          ttl: 300,
        }),
        private: resource("Subnetwork", {
          networkPoolId: "NpAms1Pr",
          cidr: shape.cidr,
          title: "db",
        }),
        le: resource("LetsEncryptCertificateLabels", {
          adoptId: "LeCert01",
          labels: { team: "web" },
        }),
      },
    },
    { aliasDuplicateObjects: false, lineWidth: 0 },
  );
}

/** The engine's step ops per resource name, in the order of the event log. */
function stepOps(eventLog: string): Map<string, string[]> {
  const ops = new Map<string, string[]>();
  for (const event of readEventLog(eventLog)) {
    const metadata = event.resourcePreEvent?.metadata;
    if (metadata?.urn === undefined || metadata.op === undefined) continue;
    const name = metadata.urn.split("::").at(-1) ?? metadata.urn;
    ops.set(name, [...(ops.get(name) ?? []), metadata.op]);
  }
  return ops;
}

/**
 * `up` with the engine's event log (a flag the CLI shows only with PULUMI_DEBUG_COMMANDS:
 * pulumi/pulumi v3.274.1 pkg/cmd/pulumi/operations/up.go:1023-1028), the inventory checked after.
 */
async function upWithEvents(args: readonly string[], log: string): Promise<Map<string, string[]>> {
  const result = expectSuccess(
    await bed.stack.raw(["up", "--yes", "--event-log", log, ...args], {
      PULUMI_DEBUG_COMMANDS: "true",
    }),
  );
  await bed.stack.inventory.expectClean(
    await bed.stack.state(),
    `${result.command}\n${result.stdout}`,
  );
  return stepOps(log);
}

const first: Shape = { publicKey: sshPublicKey(), zone: "example.com", cidr: "10.20.0.0/29" };

const bed = useYamlStack("yaml-replacement", () => body(first));
beforeAll(async () => {
  expectSuccess(await bed.stack.run(["up", "--yes"]));
});

describe("delete-first kinds replaced in YAML without the resource option", () => {
  it("a normal replacement deletes the old generation first (the plugin's Diff decides)", async () => {
    bed.stack.program = body({
      publicKey: sshPublicKey(),
      zone: "example.org",
      cidr: "10.20.0.8/29",
    });
    const ops = await upWithEvents([], join(bed.root, "normal-replacement.json"));
    for (const name of ["key", "zone", "www", "private"]) {
      const steps = ops.get(name) ?? [];
      expect(steps, name).toContain("delete-replaced");
      expect(steps.indexOf("delete-replaced"), name).toBeLessThan(
        steps.indexOf("create-replacement"),
      );
    }
  });

  for (const name of NAMES) {
    it(`up --replace ${name} fails before any change, naming the option in each language`, async () => {
      const before = await bed.stack.state();
      const old = before.resources.find((r) => r.name === name);
      if (old === undefined) throw new Error(`no ${name} in the state`);
      const result = await bed.stack.run(
        ["up", "--yes", "--replace", old.urn],
        [old.type.split(":").at(-1) ?? ""],
      );
      expect(result.code, result.stdout).toBe(1);
      const output = `${result.stdout}\n${result.stderr}`;
      expect(output).toContain(`set the resource option deleteBeforeReplace to true on ${name}`);
      for (const spelling of [
        "deleteBeforeReplace: true",
        "delete_before_replace=True",
        "pulumi.DeleteBeforeReplace(true)",
        "DeleteBeforeReplace = true",
        "CustomResourceOptions.builder().deleteBeforeReplace(true)",
      ]) {
        expect(output).toContain(spelling);
      }
      const after = await bed.stack.state();
      expect(after.resources.find((r) => r.name === name)?.id).toBe(old.id);
      expect(after.pendingDeletes).toEqual([]);
      // The state and the simulator still agree, and nothing else changed.
      expectSuccess(await bed.stack.run(["preview", "--refresh", "--expect-no-changes"]));
    });
  }

  it("with deleteBeforeReplace: true, up --replace of each works", async () => {
    const current = { publicKey: "", zone: "example.org", cidr: "10.20.0.8/29" };
    const state = await bed.stack.state();
    current.publicKey = String(
      state.resources.find((r) => r.name === "key")?.inputs.publicKey ?? "",
    );
    bed.stack.program = body({ ...current, deleteFirst: true });
    expectSuccess(await bed.stack.run(["up", "--yes"]));
    const urns = NAMES.flatMap((name) => [
      "--replace",
      state.resources.find((r) => r.name === name)?.urn ?? name,
    ]);
    const ops = await upWithEvents(urns, join(bed.root, "targeted.json"));
    for (const name of NAMES) {
      const steps = ops.get(name) ?? [];
      expect(steps.indexOf("delete-replaced"), name).toBeGreaterThanOrEqual(0);
      expect(steps.indexOf("delete-replaced"), name).toBeLessThan(
        steps.indexOf("create-replacement"),
      );
    }
    expectSuccess(await bed.stack.run(["preview", "--refresh", "--expect-no-changes"]));
  });

  it("destroy leaves nothing", async () => {
    expectSuccess(await bed.stack.run(["destroy", "--yes"]));
    expect((await bed.stack.state()).resources).toEqual([]);
  });
});
