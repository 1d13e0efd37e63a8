// Every record of the official clients (../shared/fixtures/official: the Go client's fixtures,
// newest and each older shape, and srvctl's test data, byte for byte, with a provenance table)
// parses with the SDK schema of what it is, or is listed below as not modelled, with the reason.
// The records are never copied into this repository: on a clone without ../shared the suite
// reports itself skipped, with that reason.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  AccountBalanceSchema,
  BandwidthOptionSchema,
  CloudBackupSchema,
  CloudFlavorSchema,
  CloudImageSchema,
  CloudInstanceSchema,
  CloudRegionCredentialsSchema,
  CloudRegionSchema,
  CloudSnapshotSchema,
  CloudVolumeSchema,
  DedicatedServerFeatureSchema,
  DedicatedServerSchema,
  DedicatedServerServiceSchema,
  DnsDelegationDataSchema,
  DnsDomainSchema,
  DnsRecordSchema,
  DriveModelSchema,
  HostDriveSlotSchema,
  HostPowerFeedSchema,
  HostSchema,
  InvoiceSchema,
  KubernetesBaremetalNodeSchema,
  KubernetesClusterNodeSchema,
  KubernetesClusterSchema,
  KubernetesNodeGroupSchema,
  L2LocationGroupSchema,
  L2MemberSchema,
  L2SegmentSchema,
  L4LoadBalancerSchema,
  L7LoadBalancerSchema,
  LoadBalancerClusterSchema,
  LoadBalancerSchema,
  LocationSchema,
  NetworkPoolSchema,
  NetworkSchema,
  NetworkUsageSchema,
  OobCredentialsSchema,
  OperatingSystemSchema,
  PtrRecordSchema,
  RackSchema,
  RamOptionSchema,
  RbsFlavorSchema,
  RbsVolumeCredentialsSchema,
  RbsVolumeSchema,
  SbmFlavorModelSchema,
  SbmServerSchema,
  ServerModelSchema,
  SshKeySchema,
  SslCertificateSchema,
  SubnetworkSchema,
  UplinkModelSchema,
} from "../../sdk";

export const officialDir = path.resolve(__dirname, "../../../shared/fixtures/official");
export const officialPresent = existsSync(officialDir);
export const SKIP_REASON =
  " (skipped: ../shared/fixtures/official, the official clients' records, is absent in this checkout)";

const list = <T extends z.ZodType>(schema: T) => z.array(schema);

/** Go client fixtures by their path below pkg/fixtures (every kept version has the same paths). */
const goClient: Readonly<Record<string, z.ZodType>> = {
  "account/get_balance_response.json": AccountBalanceSchema,
  "cloud_backups/create_response.json": CloudBackupSchema,
  "cloud_backups/delete_response.json": CloudBackupSchema,
  "cloud_backups/get_response.json": CloudBackupSchema,
  "cloud_backups/restore_response.json": CloudBackupSchema,
  "cloud_backups/update_response.json": CloudBackupSchema,
  "cloud_instances/approve_upgrade_response.json": CloudInstanceSchema,
  "cloud_instances/create_ptr_record_response.json": PtrRecordSchema,
  "cloud_instances/create_response.json": CloudInstanceSchema,
  "cloud_instances/get_response.json": CloudInstanceSchema,
  "cloud_instances/power_off_response.json": CloudInstanceSchema,
  "cloud_instances/power_on_response.json": CloudInstanceSchema,
  "cloud_instances/reboot_response.json": CloudInstanceSchema,
  "cloud_instances/reinstall_response.json": CloudInstanceSchema,
  "cloud_instances/rescue_response.json": CloudInstanceSchema,
  "cloud_instances/revert_upgrade_response.json": CloudInstanceSchema,
  "cloud_instances/unrescue_response.json": CloudInstanceSchema,
  "cloud_instances/update_response.json": CloudInstanceSchema,
  "cloud_instances/upgrade_response.json": CloudInstanceSchema,
  "cloud_regions/create_snapshot_response.json": CloudSnapshotSchema,
  "cloud_regions/credentials_list_response.json": CloudRegionCredentialsSchema,
  "cloud_regions/flavors_list_response.json": list(CloudFlavorSchema),
  "cloud_regions/images_list_response.json": list(CloudImageSchema),
  "cloud_regions/list_response.json": list(CloudRegionSchema),
  "cloud_regions/snapshots_list_response.json": list(CloudSnapshotSchema),
  "cloud_volumes/attach_response.json": CloudVolumeSchema,
  "cloud_volumes/create_response.json": CloudVolumeSchema,
  "cloud_volumes/delete_response.json": CloudVolumeSchema,
  "cloud_volumes/detach_response.json": CloudVolumeSchema,
  "cloud_volumes/get_response.json": CloudVolumeSchema,
  "cloud_volumes/update_response.json": CloudVolumeSchema,
  "dns/create_domain_response.json": DnsDomainSchema,
  "dns/create_record_response.json": DnsRecordSchema,
  "dns/delegation_data_response.json": DnsDelegationDataSchema,
  "dns/get_domain_response.json": DnsDomainSchema,
  "dns/get_record_response.json": DnsRecordSchema,
  "dns/list_records_response.json": list(DnsRecordSchema),
  "dns/update_domain_response.json": DnsDomainSchema,
  "dns/update_record_response.json": DnsRecordSchema,
  "hosts/dedicated_servers/abort_release_response.json": DedicatedServerSchema,
  "hosts/dedicated_servers/create_response.json": list(DedicatedServerSchema),
  "hosts/dedicated_servers/feature_action_response.json": DedicatedServerFeatureSchema,
  "hosts/dedicated_servers/get_network_response.json": NetworkSchema,
  "hosts/dedicated_servers/get_response.json": DedicatedServerSchema,
  "hosts/dedicated_servers/network_utilization.json": NetworkUsageSchema,
  "hosts/dedicated_servers/oob_credentials.json": OobCredentialsSchema,
  "hosts/dedicated_servers/power_feeds_response.json": list(HostPowerFeedSchema),
  "hosts/dedicated_servers/ptr_record_create_response.json": PtrRecordSchema,
  "hosts/dedicated_servers/schedule_release_response.json": DedicatedServerSchema,
  "hosts/dedicated_servers/ssh_keys/attach_response.json": list(SshKeySchema),
  "hosts/dedicated_servers/ssh_keys/get_response.json": SshKeySchema,
  "hosts/dedicated_servers/ssh_keys/list_response.json": list(SshKeySchema),
  "hosts/dedicated_servers/update_response.json": DedicatedServerSchema,
  "hosts/kubernetes_baremetal_nodes/get_response.json": KubernetesBaremetalNodeSchema,
  "hosts/kubernetes_baremetal_nodes/power_feeds_response.json": list(HostPowerFeedSchema),
  "hosts/kubernetes_baremetal_nodes/update_response.json": KubernetesBaremetalNodeSchema,
  "hosts/sbm_servers/create_response.json": list(SbmServerSchema),
  "hosts/sbm_servers/get_response.json": SbmServerSchema,
  "hosts/sbm_servers/power_feeds_response.json": list(HostPowerFeedSchema),
  "hosts/sbm_servers/ptr_record_create_response.json": PtrRecordSchema,
  "hosts/sbm_servers/release_response.json": SbmServerSchema,
  "hosts/sbm_servers/update_response.json": SbmServerSchema,
  "invoices/get_response.json": InvoiceSchema,
  "kubernetes_clusters/get_node_response.json": KubernetesClusterNodeSchema,
  "kubernetes_clusters/get_response.json": KubernetesClusterSchema,
  "kubernetes_clusters/move_nodes_response.json": list(KubernetesClusterNodeSchema),
  "kubernetes_clusters/node_group_response.json": KubernetesNodeGroupSchema,
  "kubernetes_clusters/update_node_response.json": KubernetesClusterNodeSchema,
  "kubernetes_clusters/update_response.json": KubernetesClusterSchema,
  "l2_segments/create_response.json": L2SegmentSchema,
  "l2_segments/get_response.json": L2SegmentSchema,
  "l2_segments/update_response.json": L2SegmentSchema,
  "load_balancer_clusters/get_response.json": LoadBalancerClusterSchema,
  "load_balancers/l4/create_response.json": L4LoadBalancerSchema,
  "load_balancers/l4/get_response.json": L4LoadBalancerSchema,
  "load_balancers/l4/update_response.json": L4LoadBalancerSchema,
  "load_balancers/l7/create_response.json": L7LoadBalancerSchema,
  "load_balancers/l7/get_response.json": L7LoadBalancerSchema,
  "load_balancers/l7/update_response.json": L7LoadBalancerSchema,
  "locations/bandwidth_option_get_response.json": BandwidthOptionSchema,
  "locations/drive_model_get_response.json": DriveModelSchema,
  "locations/get_response.json": LocationSchema,
  "locations/operating_system_option_get_response.json": OperatingSystemSchema,
  "locations/rbs_flavor_get_response.json": RbsFlavorSchema,
  "locations/sbm_flavor_get_response.json": SbmFlavorModelSchema,
  "locations/server_model_option_get_response.json": ServerModelSchema,
  "locations/uplink_option_get_response.json": UplinkModelSchema,
  "network_pools/create_subnetwork_response.json": SubnetworkSchema,
  "network_pools/get_response.json": NetworkPoolSchema,
  "network_pools/get_subnetwork_response.json": SubnetworkSchema,
  "network_pools/update_response.json": NetworkPoolSchema,
  "network_pools/update_subnetwork_response.json": SubnetworkSchema,
  "racks/get_response.json": RackSchema,
  "racks/update_response.json": RackSchema,
  "rbs_volumes/create_response.json": RbsVolumeSchema,
  "rbs_volumes/delete_response.json": RbsVolumeSchema,
  "rbs_volumes/get_credentials_response.json": RbsVolumeCredentialsSchema,
  "rbs_volumes/get_response.json": RbsVolumeSchema,
  "rbs_volumes/reset_credentials_response.json": RbsVolumeSchema,
  "rbs_volumes/update_response.json": RbsVolumeSchema,
  "ssh_keys/create_response.json": SshKeySchema,
  "ssh_keys/get_response.json": SshKeySchema,
  "ssh_keys/update_response.json": SshKeySchema,
  "ssl_certificates/create_custom_response.json": SslCertificateSchema,
  "ssl_certificates/get_custom_response.json": SslCertificateSchema,
  "ssl_certificates/get_le_response.json": SslCertificateSchema,
  "ssl_certificates/update_custom_response.json": SslCertificateSchema,
  "ssl_certificates/update_le_response.json": SslCertificateSchema,
};

const goClientNotModelled: Readonly<Record<string, string>> = {
  "kubernetes_clusters/autoscale_node_group_response.json":
    "node group autoscaling: only on the Go client's autoscale branch, in no release",
  "kubernetes_clusters/autoscale_node_group_disabled_response.json":
    "node group autoscaling: only on the Go client's autoscale branch, in no release",
  "kubernetes_clusters/autoscale_node_group_template_response.json":
    "node group autoscaling: only on the Go client's autoscale branch, in no release",
};

/** srvctl's records by their path below testdata/entities; `list*` files are arrays. */
const srvctlRecord: Readonly<Record<string, z.ZodType>> = {
  "account/get_balance": AccountBalanceSchema,
  "cloud-backups/get": CloudBackupSchema,
  "cloud-backups/list": CloudBackupSchema,
  "cloud-backups/restore": CloudBackupSchema,
  "cloud-backups/update": CloudBackupSchema,
  "cloud-instances/get": CloudInstanceSchema,
  "cloud-instances/list": CloudInstanceSchema,
  "cloud-regions/add_snapshot": CloudSnapshotSchema,
  "cloud-regions/get_credentials": CloudRegionCredentialsSchema,
  "cloud-regions/list": CloudRegionSchema,
  "cloud-regions/list_flavors": CloudFlavorSchema,
  "cloud-regions/list_images": CloudImageSchema,
  "cloud-regions/list_snapshots": CloudSnapshotSchema,
  "cloud-volumes/get": CloudVolumeSchema,
  "cloud-volumes/list": CloudVolumeSchema,
  "dns/delegation_data": DnsDelegationDataSchema,
  "dns/get": DnsDomainSchema,
  "dns/list": DnsDomainSchema,
  "dns/update": DnsDomainSchema,
  "dns/get_record": DnsRecordSchema,
  "dns/list_records": DnsRecordSchema,
  "dns/update_record": DnsRecordSchema,
  "drive-models/get": DriveModelSchema,
  "drive-models/list": DriveModelSchema,
  "hosts/create_ebm_resp": list(DedicatedServerSchema),
  "hosts/create_sbm_resp": list(SbmServerSchema),
  "hosts/features/feature_set": DedicatedServerFeatureSchema,
  "hosts/features/feature_set_host_rescue_mode": DedicatedServerFeatureSchema,
  "hosts/features/feature_set_private_ipxe_boot": DedicatedServerFeatureSchema,
  "hosts/features/list": DedicatedServerFeatureSchema,
  "hosts/get_ebm": DedicatedServerSchema,
  "hosts/get_ebm_network": NetworkSchema,
  "hosts/get_ebm_network_usage": NetworkUsageSchema,
  "hosts/get_kbm": KubernetesBaremetalNodeSchema,
  "hosts/get_sbm": SbmServerSchema,
  "hosts/get_sbm_network": NetworkSchema,
  "hosts/get_sbm_network_usage": NetworkUsageSchema,
  "hosts/list_drive_slots": HostDriveSlotSchema,
  "hosts/list_ebm": DedicatedServerSchema,
  "hosts/list_ebm_networks": NetworkSchema,
  "hosts/list_hosts": HostSchema,
  "hosts/list_kbm": KubernetesBaremetalNodeSchema,
  "hosts/list_kbm_networks": NetworkSchema,
  "hosts/list_power_feeds": HostPowerFeedSchema,
  "hosts/list_sbm": SbmServerSchema,
  "hosts/list_sbm_networks": NetworkSchema,
  "hosts/oob/get": OobCredentialsSchema,
  "hosts/release_ebm_resp": DedicatedServerSchema,
  "hosts/release_ebm_scheduled_resp": DedicatedServerSchema,
  "hosts/services/list": DedicatedServerServiceSchema,
  "hosts/set_kbm_power": KubernetesBaremetalNodeSchema,
  "hosts/update_ebm_resp": DedicatedServerSchema,
  "hosts/update_kbm_resp": KubernetesBaremetalNodeSchema,
  "hosts/update_sbm_resp": SbmServerSchema,
  "invoices/get": InvoiceSchema,
  "invoices/list": InvoiceSchema,
  "k8s/get": KubernetesClusterSchema,
  "k8s/get_node": KubernetesClusterNodeSchema,
  "k8s/list": KubernetesClusterSchema,
  "k8s/list_nodes": KubernetesClusterNodeSchema,
  "k8s/update": KubernetesClusterSchema,
  "l2-segments/get": L2SegmentSchema,
  "l2-segments/list": L2SegmentSchema,
  "l2-segments/list_groups": L2LocationGroupSchema,
  "l2-segments/list_members": L2MemberSchema,
  "l2-segments/list_networks": NetworkSchema,
  "l2-segments/update": L2SegmentSchema,
  "lb-clusters/get": LoadBalancerClusterSchema,
  "lb-clusters/list": LoadBalancerClusterSchema,
  "lb/get_l4": L4LoadBalancerSchema,
  "lb/get_l7": L7LoadBalancerSchema,
  "lb/list": LoadBalancerSchema,
  "lb/list_l4": LoadBalancerSchema,
  "lb/list_l7": LoadBalancerSchema,
  "lb/update_l4": L4LoadBalancerSchema,
  "lb/update_l7": L7LoadBalancerSchema,
  "locations/get": LocationSchema,
  "locations/list": LocationSchema,
  "network-pools/get": NetworkPoolSchema,
  "network-pools/get_subnet": SubnetworkSchema,
  "network-pools/list": NetworkPoolSchema,
  "network-pools/list_subnets": SubnetworkSchema,
  "network-pools/update": NetworkPoolSchema,
  "network-pools/update_subnet": SubnetworkSchema,
  "os-options/get": OperatingSystemSchema,
  "os-options/list": OperatingSystemSchema,
  "ptr/get": PtrRecordSchema,
  "ptr/list": PtrRecordSchema,
  "racks/get": RackSchema,
  "racks/list": RackSchema,
  "racks/update": RackSchema,
  "rbs-volumes/get": RbsVolumeSchema,
  "rbs-volumes/get_credentials": RbsVolumeCredentialsSchema,
  "rbs-volumes/list": RbsVolumeSchema,
  "sbm-models/get": SbmFlavorModelSchema,
  "sbm-models/list": SbmFlavorModelSchema,
  "server-models/get": ServerModelSchema,
  "server-models/list": ServerModelSchema,
  "server-ram-options/list": RamOptionSchema,
  "ssh-keys/get": SshKeySchema,
  "ssh-keys/list": SshKeySchema,
  "ssh-keys/update": SshKeySchema,
  "ssl/get": SslCertificateSchema,
  "ssl/get_custom": SslCertificateSchema,
  "ssl/get_le": SslCertificateSchema,
  "ssl/list": SslCertificateSchema,
  "ssl/list_custom": SslCertificateSchema,
  "ssl/list_le": SslCertificateSchema,
  "ssl/update_custom": SslCertificateSchema,
  "ssl/update_le": SslCertificateSchema,
  "uplink-bandwidths/get": BandwidthOptionSchema,
  "uplink-bandwidths/list": BandwidthOptionSchema,
  "uplink-models/get": UplinkModelSchema,
  "uplink-models/list": UplinkModelSchema,
};

/** A list file (`list*.json`, `*_all.json`) holds an array of what its base name holds. */
export function srvctlSchema(file: string): z.ZodType | undefined {
  const stem = file.replace(/\.json$/, "");
  const base = stem.replace(/_all$/, "").replace(/_all_/, "_");
  const schema = srvctlRecord[base] ?? srvctlRecord[base.replace(/list_all_/, "list_")];
  if (schema === undefined) return undefined;
  const name = path.posix.basename(stem);
  const isList = name.startsWith("list") && !(schema instanceof z.ZodArray);
  return isList ? z.array(schema) : schema;
}

/** Where a Go client fixture sits below pkg/fixtures, whichever version folder holds it. */
export function goFixturePath(file: string): string {
  return file.replace(/^go-client\/(versions\/[0-9a-f]+\/)?pkg\/fixtures\//, "");
}

export function officialFiles(): string[] {
  return readdirSync(officialDir, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => file.endsWith(".json") && !file.includes("LICENSE"))
    .sort();
}

export function readOfficial(file: string): unknown {
  return JSON.parse(readFileSync(path.join(officialDir, file), "utf8"));
}

function schemaOf(file: string): z.ZodType | string {
  if (file.startsWith("go-client/")) {
    const at = goFixturePath(file);
    return goClient[at] ?? goClientNotModelled[at] ?? "no row in this test";
  }
  const at = file.replace(/^srvctl\/testdata\/entities\//, "");
  return srvctlSchema(at) ?? "no row in this test";
}

describe.skipIf(!officialPresent)(
  `the official clients' records${officialPresent ? "" : SKIP_REASON}`,
  () => {
    const files = officialPresent ? officialFiles() : [];

    it("every record has a row: a schema, or the reason it is not modelled", () => {
      const unlisted = files.filter((file) => schemaOf(file) === "no row in this test");
      expect(unlisted).toEqual([]);
      expect(files.length).toBeGreaterThan(300);
    });

    it.each(files.filter((file) => typeof schemaOf(file) !== "string"))("%s parses", (file) => {
      const schema = schemaOf(file) as z.ZodType;
      const result = schema.safeParse(readOfficial(file));
      expect(result.error?.issues ?? []).toEqual([]);
    });
  },
);
