// A cloud instance whose flavor comes from the stack configuration: raising it upgrades the
// instance in place (same id and addresses; it is down for up to ten minutes), and the provider
// confirms the upgrade at once (`upgradeConfirmation: "approve"`, the default).
//
// The API token and URL come from the stack configuration (serverscom:apiToken as a secret,
// serverscom:apiUrl) or from SERVERSCOM_API_TOKEN and SERVERSCOM_API_URL.
import * as pulumi from "@pulumi/pulumi";
import * as serverscom from "pulumi-serverscom";

const config = new pulumi.Config();
// Smallest first: SSD.30, SSD.50, SSD.80, SSD.120. A smaller flavor than the live one is refused.
const flavorName = config.get("flavor") ?? "SSD.30";
// "leave" keeps an upgrade awaiting confirmation, to approve or revert by hand.
const upgradeConfirmation = config.get("upgradeConfirmation") === "leave" ? "leave" : "approve";

const region = serverscom.getCloudRegionOutput({ code: "AMS1" });
const flavor = serverscom.getCloudFlavorOutput({ regionId: region.id, name: flavorName });
const image = serverscom.getCloudImageOutput({ regionId: region.id, name: "ubuntu 24.04" });

const instance = new serverscom.CloudInstance("app", {
  regionId: region.id,
  flavorId: flavor.id,
  imageId: image.id,
  backupCopies: 1,
  labels: { app: "billing", env: "staging" },
  upgradeConfirmation,
});

export const instanceId = instance.id;
export const flavorNow = instance.flavorName;
export const publicIp = instance.publicIpv4Address;
export const awaitingUpgradeConfirmation = instance.awaitingUpgradeConfirmation;
