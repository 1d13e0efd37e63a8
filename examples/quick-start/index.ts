// The quick start: an SSH key, a Scalable Bare Metal server in Amsterdam that trusts it, and a
// remote block storage volume next to it. The catalogue ids (location, flavor, operating system,
// RBS flavor) come from lookup functions, by name.
//
// The API token and URL come from the stack configuration (serverscom:apiToken as a secret,
// serverscom:apiUrl) or from SERVERSCOM_API_TOKEN and SERVERSCOM_API_URL.
import * as pulumi from "@pulumi/pulumi";
import * as serverscom from "pulumi-serverscom";

const config = new pulumi.Config();
// Your own key: `pulumi config set publicKey "$(cat ~/.ssh/id_ed25519.pub)"`. The default is a
// throwaway key whose private half nobody kept: fine for the simulator, useless on a real server.
const publicKey =
  config.get("publicKey") ??
  "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICPDUkarrY7MnyS308g9l/aRCIDLkT8/4rUiYUMB9RJr quick-start";

const location = serverscom.getLocationOutput({ code: config.get("location") ?? "AMS1" });
const flavor = serverscom.getSbmFlavorModelOutput({ locationId: location.id, name: "SBM-01" });
const ubuntu = serverscom.getOperatingSystemOutput({
  locationId: location.id,
  sbmFlavorModelId: flavor.id,
  name: "ubuntu 24.04",
});
const standard = serverscom.getRbsFlavorOutput({ locationId: location.id, name: "standard" });

const key = new serverscom.SshKey("deploy", {
  publicKey,
  labels: { app: "quick-start" },
});

const server = new serverscom.SbmServer("web", {
  locationId: location.id,
  sbmFlavorModelId: flavor.id,
  operatingSystemId: ubuntu.id,
  hostname: "web-1",
  sshKeyFingerprints: [key.fingerprint],
  labels: { app: "quick-start", role: "web" },
});

const volume = new serverscom.RbsVolume("data", {
  locationId: location.id,
  flavorId: standard.id,
  size: 100,
  labels: { app: "quick-start" },
});

export const sshKeyFingerprint = key.fingerprint;
export const serverId = server.id;
export const serverPublicIp = server.publicIpv4Address;
export const volumeTarget = pulumi.interpolate`${volume.ipAddress}:3260 ${volume.targetIqn}`;
// Secret: the resource registers the iSCSI credentials as secret outputs.
export const volumePassword = volume.password;
