// Remote block storage: two volumes in Amsterdam, one per flavor, with labels. The iSCSI
// credentials are secret outputs: `pulumi stack output --show-secrets` reveals them.
//
// The API token and URL come from the stack configuration (serverscom:apiToken as a secret,
// serverscom:apiUrl) or from SERVERSCOM_API_TOKEN and SERVERSCOM_API_URL.
import * as pulumi from "@pulumi/pulumi";
import * as serverscom from "pulumi-serverscom";

const config = new pulumi.Config();
// Gigabytes; a volume can grow in place, never shrink.
const dataSize = config.getNumber("dataSize") ?? 100;

// The RBS catalogue of location 1 (AMS1): flavor 1 is "Standard", flavor 2 "Ultra" (at least
// 50 GB). Flavor ids differ per location (GET /v1/rbs/locations/{id}/flavors).
const AMS1 = 1;
const STANDARD = 1;
const ULTRA = 2;

const data = new serverscom.RbsVolume("data", {
  locationId: AMS1,
  flavorId: STANDARD,
  size: dataSize,
  labels: { app: "billing", tier: "data" },
});

const journal = new serverscom.RbsVolume("journal", {
  locationId: AMS1,
  flavorId: ULTRA,
  size: 50,
  name: "billing-journal",
  labels: { app: "billing", tier: "journal" },
});

export const dataVolume = {
  id: data.id,
  status: data.status,
  iops: data.iops,
  target: pulumi.interpolate`${data.ipAddress}:3260 ${data.targetIqn}`,
};
export const journalVolume = { id: journal.id, flavor: journal.flavorName, iops: journal.iops };
// Secret, because the resource marks its credentials secret.
export const dataCredentials = { username: data.username, password: data.password };
