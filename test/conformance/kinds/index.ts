// The lifecycle conformance table: one row per kind (../row.ts), run through both doors by
// dynamic.test.ts (the kind provider, as TypeScript programs reach it) and native.test.ts (the
// native plugin over gRPC, as every other language and `pulumi import` reach it). A kind's own
// test files keep only what is specific to it. Each row is a module of this folder;
// adding a kind means adding its module and listing its row here.

import type { WireRecord } from "../../../simulator";
import type { KindRow } from "../row";
import { cloudInstance } from "./cloud-instance";
import { cloudSnapshot } from "./cloud-snapshot";
import { cloudVolume } from "./cloud-volume";
import { cloudVolumeBackup } from "./cloud-volume-backup";
import { dedicatedServer } from "./dedicated-server";
import { dnsRecord } from "./dns-record";
import { dnsZone } from "./dns-zone";
import { hostNetwork } from "./host-network";
import { kubernetesBaremetalNodePower } from "./kubernetes-baremetal-node-power";
import { kubernetesCluster } from "./kubernetes-cluster";
import { l2Segment } from "./l2-segment";
import { l4LoadBalancer } from "./l4-load-balancer";
import { l7LoadBalancer } from "./l7-load-balancer";
import { letsEncryptCertificateLabels } from "./lets-encrypt-certificate-labels";
import { ptrRecord } from "./ptr-record";
import { rbsVolume } from "./rbs-volume";
import { sbmServer } from "./sbm-server";
import { sshKey } from "./ssh-key";
import { sslCertificate } from "./ssl-certificate";
import { subnetwork } from "./subnetwork";

export const KINDS: readonly KindRow[] = [
  sshKey,
  dnsZone,
  dnsRecord,
  rbsVolume,
  cloudInstance,
  l2Segment,
  dedicatedServer,
  sbmServer,
  cloudVolume,
  subnetwork,
  sslCertificate,
  ptrRecord,
  hostNetwork,
  cloudSnapshot,
  cloudVolumeBackup,
  l4LoadBalancer,
  l7LoadBalancer,
  kubernetesBaremetalNodePower,
  kubernetesCluster,
  letsEncryptCertificateLabels,
];

/** Every row's seed records, one simulator's seed. */
export function seedOf(rows: readonly KindRow[]): Record<string, WireRecord[]> {
  const records: Record<string, WireRecord[]> = {};
  for (const row of rows) {
    for (const [collection, seeded] of Object.entries(row.seed ?? {})) {
      records[collection] = [...(records[collection] ?? []), ...seeded];
    }
  }
  return records;
}
