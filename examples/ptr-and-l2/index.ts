// Two dedicated servers in Amsterdam, joined by a private L2 segment (a layer-2 network between
// them, untagged), and a PTR record for each one's public address, so that reverse DNS names
// them.
//
// The API token and URL come from the stack configuration (serverscom:apiToken as a secret,
// serverscom:apiUrl) or from SERVERSCOM_API_TOKEN and SERVERSCOM_API_URL.
import * as pulumi from "@pulumi/pulumi";
import * as serverscom from "pulumi-serverscom";

const config = new pulumi.Config();
const domain = config.get("domain") ?? "db.example.com";

const location = serverscom.getLocationOutput({ code: "AMS1" });
const model = serverscom.getServerModelOutput({ locationId: location.id, name: "Dell R640" });
const order = { locationId: location.id, serverModelId: model.id };
const ssd = serverscom.getDriveModelOutput({ ...order, name: "D3-S4510" });
const privateUplink = serverscom.getUplinkModelOutput({ ...order, name: "private 1 gbps" });
const publicUplink = serverscom.getUplinkModelOutput({ ...order, name: "public 1 gbps" });
const bandwidth = serverscom.getBandwidthOptionOutput({
  ...order,
  uplinkModelId: publicUplink.id,
  name: "20 TB",
});
const debian = serverscom.getOperatingSystemOutput({ ...order, name: "debian 12" });

const servers = ["db-1", "db-2"].map(
  (name) =>
    new serverscom.DedicatedServer(name, {
      ...order,
      uplinkModels: {
        private: { id: privateUplink.id },
        public: { id: publicUplink.id, bandwidthModelId: bandwidth.id },
      },
      ramSize: 64,
      drives: {
        slots: [
          { position: 0, driveModelId: ssd.id },
          { position: 1, driveModelId: ssd.id },
        ],
      },
      operatingSystemId: debian.id,
      hostname: `${name}.${domain}`,
      labels: { cluster: "db" },
    }),
);

// L2 location group 1 is "AMS1 private" (GET /v1/l2_segments/location_groups): its type must be
// the segment's. Group 5 would span AMS1 and DFW1.
const segment = new serverscom.L2Segment("db-replication", {
  type: "private",
  locationGroupId: 1,
  members: servers.map((server) => ({ id: server.id, mode: "native" as const })),
  labels: { cluster: "db" },
});

const ptrRecords = servers.map(
  (server, i) =>
    new serverscom.PtrRecord(`db-${i + 1}-ptr`, {
      hostId: server.id,
      hostType: "dedicated_server",
      // Every server here has a public uplink, hence a public address.
      ip: server.publicIpv4Address.apply((ip) => ip ?? ""),
      domain: `db-${i + 1}.${domain}`,
      ttl: 3600,
    }),
);

export const serverIps = servers.map((server) => server.publicIpv4Address);
export const segmentId = segment.id;
export const segmentStatus = segment.status;
export const reverseNames = ptrRecords.map((ptr) => pulumi.interpolate`${ptr.ip} -> ${ptr.domain}`);
