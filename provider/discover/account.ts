// What an account holds, read through the SDK's lists: every list is read once, whole (every
// page, 100 objects a page), and shared by the kinds that need it (a cloud instance's list serves
// the CloudInstance kind and the PTR records on instances). Objects that live under another one
// (PTR records, a host's additional networks, DNS records, subnetworks, snapshots) have no list
// of their own across the account: they are read from their parent's list, one list per parent.
import type { CloudBackup } from "../../sdk/areas/cloud-backups";
import type { CloudInstance } from "../../sdk/areas/cloud-instances";
import type { CloudRegion, CloudSnapshot } from "../../sdk/areas/cloud-regions";
import type { CloudVolume } from "../../sdk/areas/cloud-volumes";
import type { Network, PtrRecord, SshKey } from "../../sdk/areas/common";
import type { DedicatedServer } from "../../sdk/areas/dedicated-servers";
import type { DnsDomain, DnsRecord } from "../../sdk/areas/dns";
import type { KubernetesBaremetalNode } from "../../sdk/areas/kubernetes-baremetal-nodes";
import type { KubernetesCluster } from "../../sdk/areas/kubernetes-clusters";
import type { L2Segment } from "../../sdk/areas/l2-segments";
import type { LoadBalancer } from "../../sdk/areas/load-balancers";
import type { NetworkPool, Subnetwork } from "../../sdk/areas/network-pools";
import type { RbsVolume } from "../../sdk/areas/rbs-volumes";
import type { SbmServer } from "../../sdk/areas/sbm-servers";
import type { SslCertificate } from "../../sdk/areas/ssl-certificates";
import type { ServersComClient } from "../../sdk/client";
import type { PagePromise } from "../../sdk/core/contract";

/** The API's largest page (api-spec.md, pagination): the fewest requests per list. */
const PER_PAGE = 100;
/** Objects one list may hold: past it discovery stops with an error rather than cut silently. */
export const LIST_LIMIT = 100_000;
/** Sub-lists (one per parent) read at once. */
const CONCURRENCY = 8;

/** Called after each list is read: what was listed and how many objects it held. */
export type OnListed = (what: string, count: number) => void;
/** Called after each parent's sub-list is read: how many of how many parents are done. */
export type OnProgress = (what: string, done: number, total: number) => void;

/** Every item of a list, or an error past LIST_LIMIT. */
export async function whole<T>(list: PagePromise<T>, what: string): Promise<T[]> {
  const items = await list.toArray({ limit: LIST_LIMIT + 1 });
  if (items.length > LIST_LIMIT) {
    throw new Error(
      `the list of ${what} holds more than ${LIST_LIMIT} objects, more than one discovery ` +
        "reads: narrow it with --kinds, --locations or --selector",
    );
  }
  return items;
}

/** fn over every item, at most `limit` at once, results in the items' order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** A host with the networks and PTR records listed under it. */
export type HostCollectionName = "dedicated_server" | "sbm_server" | "kubernetes_baremetal_node";

export class Account {
  readonly #lists = new Map<string, Promise<unknown>>();

  constructor(
    readonly client: ServersComClient,
    private readonly onListed: OnListed = () => {},
    private readonly onProgress: OnProgress = () => {},
  ) {}

  /** One list, read once however many kinds ask for it. */
  #once<T>(key: string, read: () => Promise<T[]>): Promise<T[]> {
    let found = this.#lists.get(key) as Promise<T[]> | undefined;
    if (found === undefined) {
      found = read().then((items) => {
        this.onListed(key, items.length);
        return items;
      });
      this.#lists.set(key, found);
    }
    return found;
  }

  #all<T>(key: string, list: () => PagePromise<T>): Promise<T[]> {
    return this.#once(key, () => whole(list(), key));
  }

  /** Sub-lists of every parent, flattened, each item with its parent. */
  #under<P, T>(
    key: string,
    parents: () => Promise<P[]>,
    list: (parent: P) => PagePromise<T>,
  ): Promise<{ parent: P; item: T }[]> {
    return this.#once(key, async () => {
      const all = await parents();
      let done = 0;
      const each = await mapLimit(all, CONCURRENCY, async (parent) => {
        const items = (await whole(list(parent), key)).map((item) => ({ parent, item }));
        this.onProgress(key, ++done, all.length);
        return items;
      });
      return each.flat();
    });
  }

  rbsVolumes = () =>
    this.#all<RbsVolume>("RBS volumes", () => this.client.rbsVolumes.list({ perPage: PER_PAGE }));
  dedicatedServers = () =>
    this.#all<DedicatedServer>("dedicated servers", () =>
      this.client.dedicatedServers.list({ perPage: PER_PAGE }),
    );
  sbmServers = () =>
    this.#all<SbmServer>("SBM servers", () => this.client.sbmServers.list({ perPage: PER_PAGE }));
  kubernetesBaremetalNodes = () =>
    this.#all<KubernetesBaremetalNode>("Kubernetes bare metal nodes", () =>
      this.client.kubernetesBaremetalNodes.list({ perPage: PER_PAGE }),
    );
  cloudInstances = () =>
    this.#all<CloudInstance>("cloud instances", () =>
      this.client.cloudInstances.list({ perPage: PER_PAGE }),
    );
  cloudRegions = () =>
    this.#all<CloudRegion>("cloud regions", () =>
      this.client.cloudRegions.list({ perPage: PER_PAGE }),
    );
  kubernetesClusters = () =>
    this.#all<KubernetesCluster>("Kubernetes clusters", () =>
      this.client.kubernetesClusters.list({ perPage: PER_PAGE }),
    );
  l2Segments = () =>
    this.#all<L2Segment>("L2 segments", () => this.client.l2Segments.list({ perPage: PER_PAGE }));
  sshKeys = () =>
    this.#all<SshKey>("SSH keys", () => this.client.sshKeys.list({ perPage: PER_PAGE }));
  sslCertificates = () =>
    this.#all<SslCertificate>("SSL certificates", () =>
      this.client.sslCertificates.list({ perPage: PER_PAGE }),
    );
  loadBalancers = (type: "l4" | "l7") =>
    this.#all<LoadBalancer>(`${type.toUpperCase()} load balancers`, () =>
      this.client.loadBalancers.list({ type, perPage: PER_PAGE }),
    );
  cloudVolumes = () =>
    this.#all<CloudVolume>("cloud volumes", () =>
      this.client.cloudVolumes.list({ perPage: PER_PAGE }),
    );
  cloudBackups = () =>
    this.#all<CloudBackup>("cloud volume backups", () =>
      this.client.cloudBackups.list({ perPage: PER_PAGE }),
    );
  dnsZones = () =>
    this.#all<DnsDomain>("DNS zones", () => this.client.dns.listDomains({ perPage: PER_PAGE }));
  networkPools = () =>
    this.#all<NetworkPool>("network pools", () =>
      this.client.networkPools.list({ perPage: PER_PAGE }),
    );

  /** Every zone's records. */
  dnsRecords = () =>
    this.#under<DnsDomain, DnsRecord>("DNS records", this.dnsZones, (zone) =>
      this.client.dns.listRecords(zone.id, { perPage: PER_PAGE }),
    );
  /** Every pool's subnetworks. */
  subnetworks = () =>
    this.#under<NetworkPool, Subnetwork>("subnetworks", this.networkPools, (pool) =>
      this.client.networkPools.listSubnetworks(pool.id, { perPage: PER_PAGE }),
    );
  /** Every region's snapshots. */
  cloudSnapshots = () =>
    this.#under<CloudRegion, CloudSnapshot>("cloud snapshots", this.cloudRegions, (region) =>
      this.client.cloudRegions.listSnapshots(region.id, { perPage: PER_PAGE }),
    );
  /** The PTR records of every cloud instance. */
  instancePtrRecords = () =>
    this.#under<CloudInstance, PtrRecord>(
      "PTR records of cloud instances",
      this.cloudInstances,
      (i) => this.client.cloudInstances.listPtrRecords(i.id, { perPage: PER_PAGE }),
    );
  /** The PTR records of every host of one kind. */
  hostPtrRecords = (type: HostCollectionName) =>
    this.#under<{ id: string }, PtrRecord>(
      `PTR records of ${type} hosts`,
      this.hostsOf(type),
      (h) => this.hostApi(type).listPtrRecords(h.id, { perPage: PER_PAGE }),
    );
  /** The additional networks of every dedicated or SBM server. */
  hostNetworks = (type: "dedicated_server" | "sbm_server") =>
    this.#under<{ id: string }, Network>(
      `additional networks of ${type} hosts`,
      this.hostsOf(type),
      (h) => this.hostApi(type).listNetworks(h.id, { additional: true, perPage: PER_PAGE }),
    );

  hostsOf(type: HostCollectionName): () => Promise<{ id: string }[]> {
    if (type === "dedicated_server") return this.dedicatedServers;
    if (type === "sbm_server") return this.sbmServers;
    return this.kubernetesBaremetalNodes;
  }

  hostApi(type: HostCollectionName) {
    if (type === "dedicated_server") return this.client.dedicatedServers;
    if (type === "sbm_server") return this.client.sbmServers;
    return this.client.kubernetesBaremetalNodes;
  }
}
