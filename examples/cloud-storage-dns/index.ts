// Cloud block storage and DNS: a cloud instance in Amsterdam with a data volume attached, a
// backup of that volume and a snapshot of the instance, and a DNS zone whose records point at the
// instance. The account's balance is read alongside.
//
// The API token and URL come from the stack configuration (serverscom:apiToken as a secret,
// serverscom:apiUrl) or from SERVERSCOM_API_TOKEN and SERVERSCOM_API_URL.
import * as pulumi from "@pulumi/pulumi";
import * as serverscom from "pulumi-serverscom";

const config = new pulumi.Config();
// The zone to create: a name the account does not hold yet (one zone per name).
const zoneName = config.get("zone") ?? "example.com";
// false detaches the data volume in place (its data stays); true attaches it again.
const attached = config.getBoolean("attachData") ?? true;

const region = serverscom.getCloudRegionOutput({ code: "AMS1" });
const image = serverscom.getCloudImageOutput({ regionId: region.id, name: "ubuntu 24.04" });

const app = new serverscom.CloudInstance("app", {
  regionId: region.id,
  flavorId: "SSD.30",
  imageId: image.id,
  labels: { app: "shop" },
});

// Size is fixed once created: no official client resizes a cloud volume.
const data = new serverscom.CloudVolume("data", {
  regionId: region.id,
  size: 50,
  description: "shop database",
  ...(attached ? { instanceId: app.id } : {}),
  labels: { app: "shop", tier: "data" },
});

// A backup of an attached volume has to be forced.
const nightly = new serverscom.CloudVolumeBackup("nightly", {
  volumeId: data.id,
  force: true,
  labels: { app: "shop" },
});

const golden = new serverscom.CloudSnapshot("golden", {
  regionId: region.id,
  instanceId: app.id,
  name: "shop-golden",
});

const zone = new serverscom.DnsZone("zone", {
  name: zoneName,
  email: `hostmaster@${zoneName}`,
  ttl: 3600,
  labels: { app: "shop" },
});

new serverscom.DnsRecord("www", {
  zoneId: zone.id,
  name: "www",
  type: "A",
  // A cloud instance has a public IPv4 address once active; an empty one would fail the check.
  data: app.publicIpv4Address.apply((ip) => ip ?? ""),
  ttl: 300,
});

new serverscom.DnsRecord("mail", {
  zoneId: zone.id,
  name: "@",
  type: "MX",
  data: `mail.${zoneName}`,
  priority: 10,
});

const balance = serverscom.getAccountBalanceOutput();

export const instanceIp = app.publicIpv4Address;
export const dataVolume = { id: data.id, status: data.status, device: data.device };
export const backup = { id: nightly.id, status: nightly.status, size: nightly.size };
export const snapshot = { id: golden.id, status: golden.status };
export const dns = { zoneId: zone.id, delegationStatus: zone.delegationStatus };
export const accountBalance = balance.apply((b) => `${b.currentBalance} ${b.currency}`);
