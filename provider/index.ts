// The Pulumi provider's public entry point (`pulumi-serverscom`).
// First, before anything loads undici: a clear error on a Node.js that is too old.
import "../sdk/core/node-version";

export {
  CloudInstance,
  type CloudInstanceArgs,
  type UpgradeConfirmation,
} from "./cloud-instance/resource";
export { CloudSnapshot, type CloudSnapshotArgs } from "./cloud-snapshot/resource";
export { CloudVolume, type CloudVolumeArgs } from "./cloud-volume/resource";
export {
  CloudVolumeBackup,
  type CloudVolumeBackupArgs,
} from "./cloud-volume-backup/resource";
export {
  DedicatedServer,
  type DedicatedServerArgs,
  type DedicatedServerDrivesArgs,
  type DedicatedServerUplinkModelsArgs,
} from "./dedicated-server/resource";
export { DnsRecord, type DnsRecordArgs } from "./dns-record/resource";
export { DnsZone, type DnsZoneArgs } from "./dns-zone/resource";
/** Lookup functions: getX (a Promise) and getXOutput (an Output) per kind of thing looked up. */
export * from "./functions";
export type { HostNetworkType, NetworkHostType } from "./host-network/definition";
export { HostNetwork, type HostNetworkArgs } from "./host-network/resource";
export {
  KubernetesBaremetalNodePower,
  type KubernetesBaremetalNodePowerArgs,
} from "./kubernetes-baremetal-node-power/resource";
export { KubernetesCluster, type KubernetesClusterArgs } from "./kubernetes-cluster/resource";
export { L2Segment, type L2SegmentArgs, type L2SegmentMemberArgs } from "./l2-segment/resource";
export {
  L4LoadBalancer,
  type L4LoadBalancerArgs,
  type L4UpstreamZoneArgs,
  type L4VhostZoneArgs,
} from "./l4-load-balancer/resource";
export {
  L7LoadBalancer,
  type L7LoadBalancerArgs,
  type L7LocationZoneArgs,
  type L7UpstreamZoneArgs,
  type L7VhostZoneArgs,
} from "./l7-load-balancer/resource";
export type { LoadBalancerUpstreamArgs } from "./load-balancer/resource";
export { PtrRecord, type PtrRecordArgs } from "./ptr-record/resource";
export type { HostType } from "./ptr-record/target";
export { RbsVolume, type RbsVolumeArgs } from "./rbs-volume/resource";
/**
 * @internal The implementation behind the serialised provider of each resource kind: the shim
 * stored in every state calls it (provider/shim.ts). Not for programs; kept for compatibility.
 */
export { resourceProvider } from "./registry";
export { SbmServer, type SbmServerArgs } from "./sbm-server/resource";
export { SshKey, type SshKeyArgs } from "./ssh-key/resource";
export {
  LetsEncryptCertificateLabels,
  type LetsEncryptCertificateLabelsArgs,
} from "./ssl-certificate/lets-encrypt-resource";
export { SslCertificate, type SslCertificateArgs } from "./ssl-certificate/resource";
export { Subnetwork, type SubnetworkArgs } from "./subnetwork/resource";
