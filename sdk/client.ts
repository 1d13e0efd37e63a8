// The entry point of the SDK: one transport shared by one property per API area.

import { AccountApi } from "./areas/account";
import { CloudBackupsApi } from "./areas/cloud-backups";
import { CloudInstancesApi } from "./areas/cloud-instances";
import { CloudRegionsApi } from "./areas/cloud-regions";
import { CloudVolumesApi } from "./areas/cloud-volumes";
import { DedicatedServersApi } from "./areas/dedicated-servers";
import { DnsApi } from "./areas/dns";
import { HostsApi } from "./areas/hosts";
import { KubernetesBaremetalNodesApi } from "./areas/kubernetes-baremetal-nodes";
import { KubernetesClustersApi } from "./areas/kubernetes-clusters";
import { L2SegmentsApi } from "./areas/l2-segments";
import { LoadBalancersApi } from "./areas/load-balancers";
import { LocationsApi } from "./areas/locations";
import { MetricsApi } from "./areas/metrics";
import { NetworkPoolsApi } from "./areas/network-pools";
import { RbsVolumesApi } from "./areas/rbs-volumes";
import { SbmServersApi } from "./areas/sbm-servers";
import { SshKeysApi } from "./areas/ssh-keys";
import { SslCertificatesApi } from "./areas/ssl-certificates";
import { type ClientOptions, HttpClient } from "./core/transport";

/**
 * A client of the servers.com public API.
 *
 *   const client = new ServersComClient({ token: process.env.SERVERSCOM_API_TOKEN });
 *   for await (const host of client.hosts.list({ labelSelector: "env==prod" })) { ... }
 *   await client.close();
 *
 * All areas share one HttpClient, so one connection pool and one retry budget per call.
 */
export class ServersComClient {
  readonly #http: HttpClient;
  /** Hosts of every kind (GET /hosts). */
  readonly hosts: HostsApi;
  readonly dedicatedServers: DedicatedServersApi;
  readonly sbmServers: SbmServersApi;
  readonly kubernetesBaremetalNodes: KubernetesBaremetalNodesApi;
  readonly cloudInstances: CloudInstancesApi;
  readonly cloudRegions: CloudRegionsApi;
  readonly kubernetesClusters: KubernetesClustersApi;
  readonly rbsVolumes: RbsVolumesApi;
  readonly l2Segments: L2SegmentsApi;
  readonly sslCertificates: SslCertificatesApi;
  readonly sshKeys: SshKeysApi;
  /** Locations and their order options. */
  readonly locations: LocationsApi;
  /** L4 and L7 load balancers, and load balancer clusters. */
  readonly loadBalancers: LoadBalancersApi;
  /** Network pools and the subnetworks allocated from them. */
  readonly networkPools: NetworkPoolsApi;
  /** Cloud block storage volumes (attached to cloud instances) and their backups. */
  readonly cloudVolumes: CloudVolumesApi;
  readonly cloudBackups: CloudBackupsApi;
  /** The account: balance, invoices, racks, out-of-band credentials of its servers. */
  readonly account: AccountApi;
  /** DNS domains (zones) and their records. */
  readonly dns: DnsApi;
  /** Metrics of the account's hosts and racks (Prometheus text exposition, parsed). */
  readonly metrics: MetricsApi;

  /** Throws when no token is given and SERVERSCOM_API_TOKEN is unset. */
  constructor(options: ClientOptions = {}) {
    const http = new HttpClient(options);
    this.#http = http;
    this.hosts = new HostsApi(http);
    this.dedicatedServers = new DedicatedServersApi(http);
    this.sbmServers = new SbmServersApi(http);
    this.kubernetesBaremetalNodes = new KubernetesBaremetalNodesApi(http);
    this.cloudInstances = new CloudInstancesApi(http);
    this.cloudRegions = new CloudRegionsApi(http);
    this.kubernetesClusters = new KubernetesClustersApi(http);
    this.rbsVolumes = new RbsVolumesApi(http);
    this.l2Segments = new L2SegmentsApi(http);
    this.sslCertificates = new SslCertificatesApi(http);
    this.sshKeys = new SshKeysApi(http);
    this.locations = new LocationsApi(http);
    this.networkPools = new NetworkPoolsApi(http);
    this.loadBalancers = new LoadBalancersApi(http);
    this.cloudVolumes = new CloudVolumesApi(http);
    this.cloudBackups = new CloudBackupsApi(http);
    this.account = new AccountApi(http);
    this.dns = new DnsApi(http);
    this.metrics = new MetricsApi(http);
  }

  /** Closes the connection pool the client made; a dispatcher passed in is left open. */
  close(): Promise<void> {
    return this.#http.close();
  }
}
