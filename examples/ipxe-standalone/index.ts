// iPXE Boot, standalone flow: a dedicated server without an operating system gets iPXE Boot (or
// a new script) in place, with no reinstall. Set `menu` in the stack configuration and the
// provider deactivates the iPXE feature if one is active, puts the new script, activates the
// feature, and (rebootOnIpxeChange) reboots the server so that the script applies at once.
//
// The API token and URL come from the stack configuration (serverscom:apiToken as a secret,
// serverscom:apiUrl) or from SERVERSCOM_API_TOKEN and SERVERSCOM_API_URL.
import * as pulumi from "@pulumi/pulumi";
import * as serverscom from "pulumi-serverscom";

const config = new pulumi.Config();
// The boot menu to chain to ("install", "rescue", ...); unset: no iPXE Boot, a bare server.
const menu = config.get("menu");
const bootServer = config.get("bootServer") ?? "http://10.0.0.10";

const location = serverscom.getLocationOutput({ code: "AMS1" });
const model = serverscom.getServerModelOutput({ locationId: location.id, name: "Dell R640" });
const order = { locationId: location.id, serverModelId: model.id };
const ssd = serverscom.getDriveModelOutput({ ...order, name: "D3-S4510" });
const privateUplink = serverscom.getUplinkModelOutput({ ...order, name: "private 1 gbps" });

const server = new serverscom.DedicatedServer("lab-1", {
  ...order,
  uplinkModels: { private: { id: privateUplink.id } },
  ramSize: 64,
  drives: {
    slots: [
      { position: 0, driveModelId: ssd.id },
      { position: 1, driveModelId: ssd.id },
    ],
  },
  // Never an operating system: the server boots whatever the menu serves.
  operatingSystemId: null,
  ...(menu === undefined
    ? {}
    : {
        features: ["private_ipxe_boot"],
        ipxeConfig: ["#!ipxe", "dhcp", `chain ${bootServer}/${menu}.ipxe`, ""].join("\n"),
      }),
  // Without it the provider prints that a reboot is needed and leaves the timing to you.
  rebootOnIpxeChange: true,
  labels: { role: "lab" },
});

export const serverId = server.id;
export const ipxeBootFeature = server.ipxeBootFeature;
export const script = server.ipxeConfig;
export const powerStatus = server.powerStatus;
