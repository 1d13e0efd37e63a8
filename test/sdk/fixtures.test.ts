// The SDK's response schemas against the public Go client's wire examples
// (../shared/fixtures/go-client, see its README). Every JSON file there is either parsed by the
// schema of the record it shows, or listed below as not modelled, with the reason.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  BandwidthOptionSchema,
  CloudFlavorSchema,
  CloudImageSchema,
  CloudInstanceSchema,
  CloudRegionSchema,
  CloudSnapshotSchema,
  DedicatedServerFeatureSchema,
  DedicatedServerSchema,
  DriveModelSchema,
  HostSchema,
  isDedicatedServer,
  isKubernetesBaremetalNode,
  isSbmServer,
  KubernetesBaremetalNodeSchema,
  KubernetesClusterNodeSchema,
  KubernetesClusterSchema,
  L2SegmentSchema,
  LocationSchema,
  NetworkSchema,
  OperatingSystemSchema,
  PtrRecordSchema,
  platformUuidOf,
  RbsFlavorSchema,
  RbsVolumeCredentialsSchema,
  RbsVolumeSchema,
  SbmFlavorModelSchema,
  SbmServerSchema,
  ServerModelSchema,
  SshKeySchema,
  SslCertificateSchema,
  supportsIpxeBoot,
  UplinkModelSchema,
} from "../../sdk";

const fixturesDir = path.resolve(__dirname, "../../../shared/fixtures/go-client");
const present = existsSync(fixturesDir);

/** Each modelled file and the schema of what it holds (arrays as arrays of the record). */
const modelled: Readonly<Record<string, z.ZodType>> = {
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
  "cloud_regions/flavors_list_response.json": z.array(CloudFlavorSchema),
  "cloud_regions/images_list_response.json": z.array(CloudImageSchema),
  "cloud_regions/list_response.json": z.array(CloudRegionSchema),
  "cloud_regions/snapshots_list_response.json": z.array(CloudSnapshotSchema),
  "hosts/dedicated_servers/abort_release_response.json": DedicatedServerSchema,
  "hosts/dedicated_servers/create_response.json": z.array(DedicatedServerSchema),
  "hosts/dedicated_servers/feature_action_response.json": DedicatedServerFeatureSchema,
  "hosts/dedicated_servers/get_network_response.json": NetworkSchema,
  "hosts/dedicated_servers/get_response.json": DedicatedServerSchema,
  "hosts/dedicated_servers/ptr_record_create_response.json": PtrRecordSchema,
  "hosts/dedicated_servers/schedule_release_response.json": DedicatedServerSchema,
  "hosts/dedicated_servers/ssh_keys/attach_response.json": z.array(SshKeySchema),
  "hosts/dedicated_servers/ssh_keys/list_response.json": z.array(SshKeySchema),
  "hosts/dedicated_servers/update_response.json": DedicatedServerSchema,
  "hosts/kubernetes_baremetal_nodes/get_response.json": KubernetesBaremetalNodeSchema,
  "hosts/kubernetes_baremetal_nodes/update_response.json": KubernetesBaremetalNodeSchema,
  "hosts/sbm_servers/create_response.json": z.array(SbmServerSchema),
  "hosts/sbm_servers/get_response.json": SbmServerSchema,
  "hosts/sbm_servers/ptr_record_create_response.json": PtrRecordSchema,
  "hosts/sbm_servers/release_response.json": SbmServerSchema,
  "hosts/sbm_servers/update_response.json": SbmServerSchema,
  "kubernetes_clusters/get_node_response.json": KubernetesClusterNodeSchema,
  "kubernetes_clusters/get_response.json": KubernetesClusterSchema,
  "kubernetes_clusters/update_response.json": KubernetesClusterSchema,
  "l2_segments/create_response.json": L2SegmentSchema,
  "l2_segments/get_response.json": L2SegmentSchema,
  "l2_segments/update_response.json": L2SegmentSchema,
  "locations/bandwidth_option_get_response.json": BandwidthOptionSchema,
  "locations/drive_model_get_response.json": DriveModelSchema,
  "locations/get_response.json": LocationSchema,
  "locations/operating_system_option_get_response.json": OperatingSystemSchema,
  "locations/rbs_flavor_get_response.json": RbsFlavorSchema,
  "locations/sbm_flavor_get_response.json": SbmFlavorModelSchema,
  "locations/server_model_option_get_response.json": ServerModelSchema,
  "locations/uplink_option_get_response.json": UplinkModelSchema,
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

/** Files of resources the SDK does not model, and why. */
const notModelled: Readonly<Record<string, string>> = {
  "cloud_regions/credentials_list_response.json":
    "cloud platform credentials of a region: secret, and nothing the provider manages needs them",
  "hosts/dedicated_servers/network_utilization.json":
    "traffic accounting: billing data, outside the spec",
  "hosts/dedicated_servers/oob_credentials.json":
    "out-of-band (IPMI) credentials: secret, outside the spec",
  "hosts/dedicated_servers/power_feeds_response.json": "power feeds: outside the spec",
  "hosts/kubernetes_baremetal_nodes/power_feeds_response.json": "power feeds: outside the spec",
  "hosts/sbm_servers/power_feeds_response.json": "power feeds: outside the spec",
};

const hostFixtures = [
  "hosts/dedicated_servers/get_response.json",
  "hosts/dedicated_servers/create_response.json",
  "hosts/sbm_servers/get_response.json",
  "hosts/sbm_servers/create_response.json",
  "hosts/kubernetes_baremetal_nodes/get_response.json",
];

function jsonFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.split(path.sep).join("/"))
    .sort();
}

function readFixture(file: string): unknown {
  return JSON.parse(readFileSync(path.join(fixturesDir, file), "utf8"));
}

describe.skipIf(!present)(
  `wire examples of the Go client${present ? "" : " (skipped: ../shared/fixtures/go-client, the official Go client's recorded wire examples, is absent in this checkout)"}`,
  () => {
    it("every JSON file is either modelled or listed as not modelled", () => {
      const classified = [...Object.keys(modelled), ...Object.keys(notModelled)].sort();
      expect(jsonFilesUnder(fixturesDir)).toEqual(classified);
    });

    describe("each modelled file parses with the schema of its record", () => {
      it.each(Object.entries(modelled))("%s", (file, schema) => {
        const result = schema.safeParse(readFixture(file));
        expect(result.error?.issues).toBeUndefined();
      });
    });

    describe("the schemas are not vacuous: a record stripped of its fields fails", () => {
      it.each(Object.entries(modelled))("%s", (file, schema) => {
        const empty = Array.isArray(readFixture(file)) ? [{}] : {};
        expect(schema.safeParse(empty).success).toBe(false);
      });
    });

    it("host creation answers an array, one record per hosts entry", () => {
      const created = z
        .array(DedicatedServerSchema)
        .parse(readFixture("hosts/dedicated_servers/create_response.json"));
      expect(created.map((server) => server.title)).toEqual(["example.aa", "example.bb"]);
      expect(created.every((server) => server.status === "init")).toBe(true);
    });

    it("records older than the spec parse without operational_status and power_status", () => {
      const server = DedicatedServerSchema.parse(
        readFixture("hosts/dedicated_servers/get_response.json"),
      );
      expect(server.operational_status).toBeUndefined();
      expect(server.power_status).toBeUndefined();
      const node = KubernetesBaremetalNodeSchema.parse(
        readFixture("hosts/kubernetes_baremetal_nodes/get_response.json"),
      );
      expect(node.power_status).toBe("powered_on");
      expect(node.configuration_details?.ram_size).toBeNull();
    });

    it.each(hostFixtures)("%s parses as a host of GET /hosts, of its own kind", (file) => {
      const raw = readFixture(file);
      for (const record of Array.isArray(raw) ? raw : [raw]) {
        const host = HostSchema.parse(record);
        const kinds = [isDedicatedServer(host), isSbmServer(host), isKubernetesBaremetalNode(host)];
        expect(kinds.filter(Boolean)).toHaveLength(1);
        expect(host.type).toBe((record as { type: string }).type);
      }
    });

    it("the cloud instance's platform UUID is read from openstack_uuid", () => {
      const instance = CloudInstanceSchema.parse(readFixture("cloud_instances/get_response.json"));
      expect(platformUuidOf(instance)).toBe("b9e388ff-e53b-498a-8ef4-764450236788");
    });

    it("a Let's Encrypt certificate parses without sha1_fingerprint", () => {
      const certificate = SslCertificateSchema.parse(
        readFixture("ssl_certificates/get_le_response.json"),
      );
      expect(certificate.sha1_fingerprint).toBeUndefined();
      expect(certificate.type).toBe("letsencrypt");
    });

    it("the fixture location does not name iPXE Boot, so it does not support it", () => {
      const location = LocationSchema.parse(readFixture("locations/get_response.json"));
      expect(supportsIpxeBoot(location)).toBe(false);
    });
  },
);
