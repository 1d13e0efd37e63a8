// The look-up the native plugin's Create makes for the kinds that must delete before they
// replace (provider/native/delete-first.ts), against the simulator: an object this resource's old
// generation still holds stops the create with the option named in each language; another's is
// left to the kind's own rules; a free slot passes. test/cli/yaml/replacement.test.ts runs the
// same through the real CLI for SshKey, DnsZone, DnsRecord, Subnetwork and
// LetsEncryptCertificateLabels; CloudSnapshot is here, where an instance is quick to make.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWNER_INPUT } from "../../provider/framework/hidden";
import { OWNER_LABEL_KEY, ownerLabelForUrn } from "../../provider/framework/ownership";
import { DELETE_FIRST, refuseCreateFirst } from "../../provider/native/delete-first";
import { AMS1_UBUNTU_IMAGE, SSH_PUBLIC_KEY } from "../../scripts/engine/samples";
import { ServersComClient } from "../../sdk/client";
import { type Simulator, startSimulator } from "../../simulator";

let sim: Simulator;
let client: ServersComClient;

beforeAll(async () => {
  sim = await startSimulator({ speed: 0 });
  client = new ServersComClient({ token: sim.token, baseUrl: sim.url });
});
afterAll(async () => {
  await client?.close();
  await sim?.close();
});

const OPTION_SPELLINGS = [
  "deleteBeforeReplace: true",
  "delete_before_replace=True",
  "pulumi.DeleteBeforeReplace(true)",
  "DeleteBeforeReplace = true",
  "CustomResourceOptions.builder().deleteBeforeReplace(true).build()",
];

describe("the delete-first kinds", () => {
  it("are the eight the TypeScript classes default deleteBeforeReplace for", () => {
    expect(Object.keys(DELETE_FIRST).sort()).toEqual(
      [
        "CloudSnapshot",
        "DnsRecord",
        "DnsZone",
        "HostNetwork",
        "KubernetesCluster",
        "LetsEncryptCertificateLabels",
        "SshKey",
        "Subnetwork",
      ].sort(),
    );
  });

  it("an SSH key with this resource's ownership label stops the create; another's does not", async () => {
    const urn = "urn:pulumi:dev::p::serverscom:index:SshKey::deploy";
    const owner = ownerLabelForUrn(urn);
    const inputs = { publicKey: SSH_PUBLIC_KEY, [OWNER_INPUT]: owner };
    await expect(refuseCreateFirst("SshKey", "deploy", client, inputs)).resolves.toBeUndefined();
    await client.sshKeys.create({
      name: "deploy",
      public_key: SSH_PUBLIC_KEY,
      labels: { [OWNER_LABEL_KEY]: ownerLabelForUrn(`${urn}-other`) },
    });
    // Another resource's key: the lifecycle's own rules answer (a 409 explained), not this.
    await expect(refuseCreateFirst("SshKey", "deploy", client, inputs)).resolves.toBeUndefined();
    const [key] = await client.sshKeys.list().toArray({ limit: 10 });
    await client.sshKeys.update(String(key?.fingerprint), { labels: { [OWNER_LABEL_KEY]: owner } });
    const refused = refuseCreateFirst("SshKey", "deploy", client, inputs);
    await expect(refused).rejects.toThrow(/carries this resource's ownership label/);
    for (const spelling of OPTION_SPELLINGS) await expect(refused).rejects.toThrow(spelling);
  });

  it("a snapshot of the same name stops the create, whose it is unknown; another name passes", async () => {
    const instance = await client.cloudInstances.create({
      name: "app",
      region_id: 1,
      flavor_id: "SSD.30",
      image_id: AMS1_UBUNTU_IMAGE,
    });
    await sim.control.advance(3_600_000);
    await client.cloudRegions.createSnapshot(1, { name: "golden", instance_id: instance.id });
    const inputs = { regionId: 1, instanceId: instance.id, name: "golden" };
    const refused = refuseCreateFirst("CloudSnapshot", "golden", client, inputs);
    await expect(refused).rejects.toThrow(/already has a snapshot named golden/);
    await expect(refused).rejects.toThrow(
      "If this resource is being replaced, a CloudSnapshot cannot have two generations at once",
    );
    await expect(
      refuseCreateFirst("CloudSnapshot", "golden", client, { ...inputs, name: "silver" }),
    ).resolves.toBeUndefined();
    // Adopting it is what adoptId is for: the lifecycle's adoption rules answer.
    const [snapshot] = await client.cloudRegions.listSnapshots(1).toArray({ limit: 10 });
    await expect(
      refuseCreateFirst("CloudSnapshot", "golden", client, {
        ...inputs,
        adoptId: `1/${snapshot?.id}`,
      }),
    ).resolves.toBeUndefined();
  });

  // KubernetesCluster makes one: test/provider/kubernetes-node-groups.test.ts.
  it("the other kinds make no look-up", async () => {
    const noRequests = new ServersComClient({ token: "unused", baseUrl: "http://127.0.0.1:9" });
    for (const kind of ["RbsVolume", "SbmServer"]) {
      await expect(
        refuseCreateFirst(kind, "x", noRequests, { clusterId: "K8sProd1" }),
      ).resolves.toBeUndefined();
    }
    await noRequests.close();
  });
});
