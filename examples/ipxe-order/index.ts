// iPXE Boot, order-based flow: a dedicated server ordered with no operating system, the private
// iPXE Boot feature and an iPXE script. It boots from the network while it is installed and stays
// in iPXE Boot mode while the feature is active.
//
// The API token and URL come from the stack configuration (serverscom:apiToken as a secret,
// serverscom:apiUrl) or from SERVERSCOM_API_TOKEN and SERVERSCOM_API_URL.
import * as pulumi from "@pulumi/pulumi";
import * as serverscom from "pulumi-serverscom";

const config = new pulumi.Config();
// Where the boot menu lives: the script chains to it over the private network.
const bootServer = config.get("bootServer") ?? "http://10.0.0.10";

// First line `#!ipxe`, at most 64 KB.
const ipxeConfig = ["#!ipxe", "dhcp", `chain ${bootServer}/menu.ipxe`, ""].join("\n");

const location = serverscom.getLocationOutput({ code: "AMS1" });
const model = serverscom.getServerModelOutput({ locationId: location.id, name: "Dell R640" });
const order = { locationId: location.id, serverModelId: model.id };
const ssd = serverscom.getDriveModelOutput({ ...order, name: "D3-S4510" });
const privateUplink = serverscom.getUplinkModelOutput({ ...order, name: "private 1 gbps" });

// iPXE Boot must be offered where the server is ordered: fail early, with a clear message.
const feature = location.ipxeBoot.apply((support) => {
  if (!support.private) throw new Error("AMS1 does not offer private iPXE Boot");
  return "private_ipxe_boot";
});

const server = new serverscom.DedicatedServer("pxe-1", {
  ...order,
  // Private uplink only: the server boots from the private network.
  uplinkModels: { private: { id: privateUplink.id } },
  ramSize: 64,
  drives: {
    slots: [
      { position: 0, driveModelId: ssd.id },
      { position: 1, driveModelId: ssd.id },
    ],
  },
  // No operating system: that is what iPXE Boot takes.
  operatingSystemId: null,
  features: [feature],
  ipxeConfig,
  labels: { role: "pxe", env: "lab" },
});

export const serverId = server.id;
export const privateIp = server.privateIpv4Address;
export const ipxeBootFeature = server.ipxeBootFeature;
export const script = server.ipxeConfig;
