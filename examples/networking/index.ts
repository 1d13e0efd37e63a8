// Networking in Amsterdam: a subnetwork allocated from the account's private network pool, an SBM
// server with an additional private network, and two load balancers in front of it: an L4 one for
// PostgreSQL and an L7 one that terminates TLS with a certificate of the account.
//
// The API token and URL come from the stack configuration (serverscom:apiToken as a secret,
// serverscom:apiUrl) or from SERVERSCOM_API_TOKEN and SERVERSCOM_API_URL.
import * as pulumi from "@pulumi/pulumi";
import * as serverscom from "pulumi-serverscom";

const config = new pulumi.Config();
// Your pool's title, or look it up by CIDR: getNetworkPoolOutput({ cidr: "10.20.0.0/16" }).
const poolTitle = config.get("networkPool") ?? "AMS1 private";
// The certificate the L7 balancer presents (an SslCertificate resource's id works too).
const certificateName = config.get("certificate") ?? "example.com";
// How many web upstreams (the server's private address on ports 8080, 8081...).
const webPorts = config.getNumber("webPorts") ?? 1;

const location = serverscom.getLocationOutput({ code: "AMS1" });
const pool = serverscom.getNetworkPoolOutput({
  locationId: location.id,
  type: "private",
  title: poolTitle,
});
const flavor = serverscom.getSbmFlavorModelOutput({ locationId: location.id, name: "SBM-01" });
const ubuntu = serverscom.getOperatingSystemOutput({
  locationId: location.id,
  sbmFlavorModelId: flavor.id,
  name: "ubuntu 24.04",
});
const certificate = serverscom.getSslCertificateOutput({ name: certificateName });

// A /29 the API picks from the pool (give `cidr` instead to choose the range).
const subnetwork = new serverscom.Subnetwork("backend", {
  networkPoolId: pool.id,
  mask: 29,
  title: "backend",
});

const server = new serverscom.SbmServer("app", {
  locationId: location.id,
  sbmFlavorModelId: flavor.id,
  operatingSystemId: ubuntu.id,
  hostname: "app-1",
  labels: { app: "networking" },
});

// SBM servers take additional private IPv4 networks of /26 to /29 (gateway distribution).
const extraNetwork = new serverscom.HostNetwork("app-private", {
  hostId: server.id,
  hostType: "sbm_server",
  type: "private_ipv4",
  mask: 29,
});

const upstreamIp = server.privateIpv4Address.apply((ip) => ip ?? "");

const database = new serverscom.L4LoadBalancer("postgres", {
  locationId: location.id,
  vhostZones: [{ id: "postgres", ports: [5432], upstreamId: "db" }],
  upstreamZones: [{ id: "db", upstreams: [{ ip: upstreamIp, port: 5432 }] }],
  labels: { app: "networking" },
});

const web = new serverscom.L7LoadBalancer("web", {
  locationId: location.id,
  vhostZones: [
    {
      id: "site",
      ports: [443],
      ssl: true,
      http2: true,
      domains: [certificateName],
      sslCertificateId: certificate.id,
      locationZones: [{ location: "/", upstreamId: "app" }],
    },
  ],
  upstreamZones: [
    {
      id: "app",
      hcPath: "/healthz",
      upstreams: Array.from({ length: webPorts }, (_, i) => ({ ip: upstreamIp, port: 8080 + i })),
    },
  ],
  labels: { app: "networking" },
});

export const subnetworkCidr = subnetwork.cidr;
export const extraNetworkCidr = extraNetwork.cidr;
export const postgresAddresses = database.externalAddresses;
export const webAddresses = web.externalAddresses;
export const webDomains = web.domains;
export const loadBalancerStatuses = pulumi.all([database.status, web.status]);
