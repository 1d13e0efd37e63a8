// Every record of the official clients (../shared/fixtures/official: the Go client's fixtures,
// newest and each older shape, and srvctl's test data, byte for byte, with a provenance table)
// parses with the SDK schema of what it is, or is listed as not modelled, with the reason
// (test/support/official-records.ts, the one file-to-schema table). The older Go client fixture
// set (v1.0.32, ../shared/fixtures/go-client) is a subset of these records, so its checks live
// here too. Without ../shared the suite reports itself skipped.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CloudInstanceSchema,
  DedicatedServerSchema,
  HostSchema,
  isDedicatedServer,
  isKubernetesBaremetalNode,
  isSbmServer,
  KubernetesBaremetalNodeSchema,
  LocationSchema,
  platformUuidOf,
  SslCertificateSchema,
  supportsIpxeBoot,
} from "../../sdk";
import {
  officialFiles,
  officialPresent,
  readOfficial,
  SKIP_REASON,
  schemaOf,
} from "../support/official-records";

/** The newest Go client fixture at its path below pkg/fixtures. */
const go = (file: string): unknown => readOfficial(`go-client/pkg/fixtures/${file}`);

const hostFixtures = [
  "hosts/dedicated_servers/get_response.json",
  "hosts/dedicated_servers/create_response.json",
  "hosts/sbm_servers/get_response.json",
  "hosts/sbm_servers/create_response.json",
  "hosts/kubernetes_baremetal_nodes/get_response.json",
];

describe.skipIf(!officialPresent)(
  `the official clients' records${officialPresent ? "" : SKIP_REASON}`,
  () => {
    const files = officialPresent ? officialFiles() : [];
    const modelled = files.filter((file) => typeof schemaOf(file) !== "string");

    it("every record has a row: a schema, or the reason it is not modelled", () => {
      const unlisted = files.filter((file) => schemaOf(file) === "no row in this test");
      expect(unlisted).toEqual([]);
      expect(files.length).toBeGreaterThan(300);
    });

    it.each(modelled)("%s parses", (file) => {
      const schema = schemaOf(file) as z.ZodType;
      const result = schema.safeParse(readOfficial(file));
      expect(result.error?.issues ?? []).toEqual([]);
    });

    describe("the schemas are not vacuous: a record stripped of its fields fails", () => {
      // A record whose every field is optional in the sources (the account's balance, DNS
      // delegation data, network usage: 7 files) accepts {}; the count keeps that list short.
      const lenient = modelled.filter((file) => {
        const schema = schemaOf(file) as z.ZodType;
        return schema.safeParse(Array.isArray(readOfficial(file)) ? [{}] : {}).success;
      });
      it("few schemas accept an empty record", () => {
        expect(lenient.length).toBeLessThan(modelled.length / 4);
      });
      it.each(modelled.filter((file) => !lenient.includes(file)))("%s", (file) => {
        const schema = schemaOf(file) as z.ZodType;
        const empty = Array.isArray(readOfficial(file)) ? [{}] : {};
        expect(schema.safeParse(empty).success).toBe(false);
      });
    });

    it("host creation answers an array, one record per hosts entry", () => {
      const created = z
        .array(DedicatedServerSchema)
        .parse(go("hosts/dedicated_servers/create_response.json"));
      expect(created.map((server) => server.title)).toEqual(["example.aa", "example.bb"]);
      expect(created.every((server) => server.status === "init")).toBe(true);
    });

    it("records older than the spec parse without operational_status and power_status", () => {
      const server = DedicatedServerSchema.parse(go("hosts/dedicated_servers/get_response.json"));
      expect(server.operational_status).toBeUndefined();
      expect(server.power_status).toBeUndefined();
      const node = KubernetesBaremetalNodeSchema.parse(
        go("hosts/kubernetes_baremetal_nodes/get_response.json"),
      );
      expect(node.power_status).toBe("powered_on");
      expect(node.configuration_details?.ram_size).toBeNull();
    });

    it.each(hostFixtures)("%s parses as a host of GET /hosts, of its own kind", (file) => {
      const raw = go(file);
      for (const record of Array.isArray(raw) ? raw : [raw]) {
        const host = HostSchema.parse(record);
        const kinds = [isDedicatedServer(host), isSbmServer(host), isKubernetesBaremetalNode(host)];
        expect(kinds.filter(Boolean)).toHaveLength(1);
        expect(host.type).toBe((record as { type: string }).type);
      }
    });

    it("the cloud instance's platform UUID is read from openstack_uuid", () => {
      const instance = CloudInstanceSchema.parse(go("cloud_instances/get_response.json"));
      expect(platformUuidOf(instance)).toBe("b9e388ff-e53b-498a-8ef4-764450236788");
    });

    it("a Let's Encrypt certificate parses without sha1_fingerprint", () => {
      const certificate = SslCertificateSchema.parse(go("ssl_certificates/get_le_response.json"));
      expect(certificate.sha1_fingerprint).toBeUndefined();
      expect(certificate.type).toBe("letsencrypt");
    });

    it("the fixture location does not name iPXE Boot, so it does not support it", () => {
      const location = LocationSchema.parse(go("locations/get_response.json"));
      expect(supportsIpxeBoot(location)).toBe(false);
    });
  },
);
