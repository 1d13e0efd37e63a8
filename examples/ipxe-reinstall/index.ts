// iPXE Boot, reinstall-based flow: a dedicated server installed with Ubuntu, moved to iPXE Boot
// by setting `ipxe` in the stack configuration. The provider then activates the public iPXE Boot
// feature and reinstalls the server with no operating system and the script (its drives are
// wiped; its id and addresses stay). Unsetting `ipxe` goes back: the feature is deactivated
// first, then the server is reinstalled with Ubuntu. `reinstallTrigger` follows the mode, so
// each switch carries the consent a reinstall needs.
//
// The API token and URL come from the stack configuration (serverscom:apiToken as a secret,
// serverscom:apiUrl) or from SERVERSCOM_API_TOKEN and SERVERSCOM_API_URL.
import * as pulumi from "@pulumi/pulumi";
import * as serverscom from "pulumi-serverscom";

const config = new pulumi.Config();
const ipxe = config.getBoolean("ipxe") ?? false;
const imageUrl = config.get("imageUrl") ?? "http://boot.example.com/rescue";

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
const ubuntu = serverscom.getOperatingSystemOutput({ ...order, name: "ubuntu 22.04" });

// Public iPXE Boot fetches the kernel from the internet: the script boots a rescue image.
const script = [
  "#!ipxe",
  "dhcp",
  `kernel ${imageUrl}/vmlinuz initrd=initrd.img`,
  `initrd ${imageUrl}/initrd.img`,
  "boot",
  "",
].join("\n");

const server = new serverscom.DedicatedServer("app-1", {
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
  ...(ipxe
    ? { operatingSystemId: null, features: ["public_ipxe_boot"], ipxeConfig: script }
    : { operatingSystemId: ubuntu.id }),
  // A reinstall erases the drives: the provider makes one only when this changes in the same
  // update. Naming the boot mode makes every switch of `ipxe` the consent to its reinstall.
  reinstallTrigger: ipxe ? "ipxe" : "disk",
  labels: { role: "app", boot: ipxe ? "ipxe" : "disk" },
});

export const serverId = server.id;
export const publicIp = server.publicIpv4Address;
export const operatingSystem = server.operatingSystemFullName;
export const ipxeBootFeature = server.ipxeBootFeature;
