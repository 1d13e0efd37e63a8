// A fleet of Scalable Bare Metal servers, labelled by fleet and role, then found again through
// the hosts list with a label selector: the way another program (a load balancer's, a
// monitoring setup's) would find them without knowing this stack.
//
// The API token and URL come from the stack configuration (serverscom:apiToken as a secret,
// serverscom:apiUrl) or from SERVERSCOM_API_TOKEN and SERVERSCOM_API_URL.
import * as pulumi from "@pulumi/pulumi";
import * as serverscom from "pulumi-serverscom";

const config = new pulumi.Config();
const fleet = config.get("fleet") ?? "web";
const size = config.getNumber("size") ?? 3;

const location = serverscom.getLocationOutput({ code: "AMS1" });
const flavor = serverscom.getSbmFlavorModelOutput({ locationId: location.id, name: "SBM-01" });
const debian = serverscom.getOperatingSystemOutput({
  locationId: location.id,
  sbmFlavorModelId: flavor.id,
  name: "debian 12",
});

const servers = Array.from(
  { length: size },
  (_, i) =>
    new serverscom.SbmServer(`${fleet}-${i + 1}`, {
      locationId: location.id,
      sbmFlavorModelId: flavor.id,
      operatingSystemId: debian.id,
      hostname: `${fleet}-${i + 1}.example.com`,
      // The first server is the canary: deployments reach it first.
      labels: { fleet, role: i === 0 ? "canary" : "stable" },
    }),
);

// Looked up once the servers exist (dependsOn); during a preview of new servers it is unknown.
const stable = serverscom.getHostsOutput(
  { labelSelector: `fleet==${fleet},role in (stable)`, type: "sbm_server" },
  { dependsOn: servers },
);

export const serverIds = servers.map((server) => server.id);
/** The stable servers, as the hosts list sees them, by title (a stable order: no output diff). */
export const stableHosts = stable.hosts.apply((hosts) =>
  hosts
    .map((host) => ({ title: host.title ?? host.id, publicIp: host.publicIpv4Address }))
    .sort((a, b) => a.title.localeCompare(b.title)),
);
