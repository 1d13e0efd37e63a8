// One definition per kind is the source of truth: provider/<kind>/definition.ts (its property
// rules) and the class a program declares (provider/<kind>/resource.ts, read into the native
// schema provider/native/generated.json by scripts/schema/, which test/native/schema.test.ts keeps
// up to date) must name the same inputs and outputs. A property added to one and not the other
// fails here: an input the class accepts but the diff never compares, an output the diff reads
// that the class never declares, a secret the schema does not mark.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cloudInstanceKind } from "../../provider/cloud-instance/definition";
import { cloudSnapshotKind } from "../../provider/cloud-snapshot/definition";
import { cloudVolumeKind } from "../../provider/cloud-volume/definition";
import { cloudVolumeBackupKind } from "../../provider/cloud-volume-backup/definition";
import { dedicatedServerKind } from "../../provider/dedicated-server/definition";
import { dnsRecordKind } from "../../provider/dns-record/definition";
import { dnsZoneKind } from "../../provider/dns-zone/definition";
import type { ResourceKind } from "../../provider/framework/kind";
import { hostNetworkKind } from "../../provider/host-network/definition";
import { kubernetesBaremetalNodePowerKind } from "../../provider/kubernetes-baremetal-node-power/definition";
import { l2SegmentKind } from "../../provider/l2-segment/definition";
import { l4LoadBalancerKind } from "../../provider/l4-load-balancer/definition";
import { l7LoadBalancerKind } from "../../provider/l7-load-balancer/definition";
import { ptrRecordKind } from "../../provider/ptr-record/definition";
import { rbsVolumeKind } from "../../provider/rbs-volume/definition";
import { sbmServerKind } from "../../provider/sbm-server/definition";
import { sshKeyKind } from "../../provider/ssh-key/definition";
import { sslCertificateKind } from "../../provider/ssl-certificate/definition";
import { letsEncryptCertificateLabelsKind } from "../../provider/ssl-certificate/lets-encrypt";
import { subnetworkKind } from "../../provider/subnetwork/definition";

const kinds: ReadonlyArray<ResourceKind<object>> = [
  cloudInstanceKind as unknown as ResourceKind<object>,
  cloudSnapshotKind as unknown as ResourceKind<object>,
  cloudVolumeBackupKind as unknown as ResourceKind<object>,
  cloudVolumeKind as unknown as ResourceKind<object>,
  dedicatedServerKind as unknown as ResourceKind<object>,
  dnsRecordKind as unknown as ResourceKind<object>,
  dnsZoneKind as unknown as ResourceKind<object>,
  hostNetworkKind as unknown as ResourceKind<object>,
  kubernetesBaremetalNodePowerKind as unknown as ResourceKind<object>,
  l2SegmentKind as unknown as ResourceKind<object>,
  l4LoadBalancerKind as unknown as ResourceKind<object>,
  l7LoadBalancerKind as unknown as ResourceKind<object>,
  ptrRecordKind as unknown as ResourceKind<object>,
  rbsVolumeKind as unknown as ResourceKind<object>,
  sbmServerKind as unknown as ResourceKind<object>,
  sshKeyKind as unknown as ResourceKind<object>,
  sslCertificateKind as unknown as ResourceKind<object>,
  subnetworkKind as unknown as ResourceKind<object>,
  letsEncryptCertificateLabelsKind as unknown as ResourceKind<object>,
];

interface SchemaResource {
  readonly properties: Record<string, { readonly secret?: boolean }>;
  readonly inputProperties: Record<string, { readonly secret?: boolean }>;
}

const schema = JSON.parse(
  readFileSync(join(__dirname, "..", "..", "provider", "native", "generated.json"), "utf8"),
).schema as { resources: Record<string, SchemaResource> };

/** Inputs every class has besides its kind's properties (check.ts: the adoption input). */
const STANDARD_INPUTS = ["adoptId"];
/**
 * Kinds without a standard input, and why. KubernetesBaremetalNodePower manages one fact of the
 * node its `nodeId` names (provider/kubernetes-baremetal-node-power/definition.ts): its create
 * always takes that node, so there is nothing to adopt by another id.
 */
const WITHOUT_STANDARD: Readonly<Record<string, readonly string[]>> = {
  KubernetesBaremetalNodePower: ["adoptId"],
};

describe.each(kinds.map((kind) => [kind.name, kind] as const))("%s", (name, kind) => {
  const resource = schema.resources[`serverscom:index:${name}`];

  it("is in the native schema (generated from its class)", () => {
    expect(resource).toBeDefined();
  });

  it("the class takes every property the definition diffs, and no other input", () => {
    const declared = Object.keys(resource?.inputProperties ?? {}).sort();
    const standard = STANDARD_INPUTS.filter((input) => !WITHOUT_STANDARD[name]?.includes(input));
    const diffed = [...Object.keys(kind.properties), ...standard].sort();
    expect(declared).toEqual(diffed);
  });

  it("the class declares every output the definition compares an input with", () => {
    const outputs = Object.keys(resource?.properties ?? {});
    const compared = Object.entries(kind.properties)
      // Write-only values are never read back; an ignored one is never compared.
      .filter(([, rule]) => rule.writeOnly !== true && rule.rule !== "ignore")
      .map(([property, rule]) => rule.output ?? property);
    expect(compared.filter((output) => !outputs.includes(output))).toEqual([]);
  });

  it("the schema marks every secret of the definition (an output, or an input the state keeps)", () => {
    const marked = [
      ...Object.entries(resource?.properties ?? {}),
      ...Object.entries(resource?.inputProperties ?? {}),
    ]
      .filter(([, property]) => property.secret === true)
      .map(([output]) => output);
    expect(kind.secretOutputs.filter((output) => !marked.includes(output))).toEqual([]);
  });
});
