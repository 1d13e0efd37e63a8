// The 20 resource kinds as discovery sees them: where each kind's objects are listed, the id
// `pulumi import` needs for one (README.md, "Other languages and `pulumi import`", the import
// table), the words its name is made of, its labels and locations (for the filters and the
// ownership label), the object it lives on (the import file's `parent`), what the API never
// returns (the table's last column), and its live inputs for a TypeScript program.
import { cloudInstanceKind } from "../cloud-instance/definition";
import { cloudSnapshotKind } from "../cloud-snapshot/definition";
import { cloudVolumeKind } from "../cloud-volume/definition";
import { cloudVolumeBackupKind } from "../cloud-volume-backup/definition";
import { dedicatedServerKind } from "../dedicated-server/definition";
import { dnsRecordKind, dnsRecordResourceId } from "../dns-record/definition";
import { dnsZoneKind } from "../dns-zone/definition";
import { hostNetworkKind, hostNetworkResourceId } from "../host-network/definition";
import { kubernetesBaremetalNodePowerKind } from "../kubernetes-baremetal-node-power/definition";
import { l2SegmentKind } from "../l2-segment/definition";
import { l4LoadBalancerKind } from "../l4-load-balancer/definition";
import { l7LoadBalancerKind } from "../l7-load-balancer/definition";
import { ptrRecordKind } from "../ptr-record/definition";
import { ptrResourceId } from "../ptr-record/target";
import { rbsVolumeKind } from "../rbs-volume/definition";
import { sbmServerKind } from "../sbm-server/definition";
import { sshKeyKind } from "../ssh-key/definition";
import { sslCertificateKind } from "../ssl-certificate/definition";
import { letsEncryptCertificateLabelsKind } from "../ssl-certificate/lets-encrypt";
import { subnetworkKind, subnetworkResourceId } from "../subnetwork/definition";
import type { Account, HostCollectionName } from "./account";

/** The kinds, in the order the output lists them (objects others live on first). */
export const KIND_NAMES = [
  "SshKey",
  "SslCertificate",
  "LetsEncryptCertificateLabels",
  "DedicatedServer",
  "SbmServer",
  "KubernetesCluster",
  "KubernetesBaremetalNodePower",
  "CloudInstance",
  "RbsVolume",
  "L2Segment",
  "HostNetwork",
  "PtrRecord",
  "Subnetwork",
  "L4LoadBalancer",
  "L7LoadBalancer",
  "CloudVolume",
  "CloudVolumeBackup",
  "CloudSnapshot",
  "DnsZone",
  "DnsRecord",
] as const;
export type KindName = (typeof KIND_NAMES)[number];

/** An input the API never returns, which the user adds (README's import table). */
export interface Addition {
  readonly property: string;
  /** Required by the kind: the import warns, and a program without it fails its check. */
  readonly required: boolean;
  /** A secret: the TypeScript program reads it with requireSecret. */
  readonly secret?: boolean;
  /** Structured (not a string): read with requireObject. */
  readonly object?: boolean;
  /** What it is, in words. */
  readonly what: string;
}

/** README.md's import table, last column. */
export const ADDITIONS: Readonly<Partial<Record<KindName, readonly Addition[]>>> = {
  SbmServer: [
    { property: "userData", required: false, secret: true, what: "its user data, if used" },
  ],
  DedicatedServer: [
    { property: "drives", required: true, object: true, what: "its drive layout" },
    { property: "userData", required: false, secret: true, what: "its user data, if used" },
  ],
  CloudInstance: [
    { property: "userData", required: false, secret: true, what: "its user data, if used" },
  ],
  SshKey: [{ property: "publicKey", required: true, what: "the key's public half" }],
  SslCertificate: [
    { property: "publicKey", required: true, what: "the certificate (PEM)" },
    { property: "privateKey", required: true, secret: true, what: "its private key (PEM)" },
    { property: "chainKey", required: false, what: "its chain (PEM), if any" },
  ],
  CloudSnapshot: [
    { property: "instanceId", required: true, what: "the id of the instance it was taken from" },
  ],
};

/** One object of the account, as one import entry or one resource. */
export interface Discovered {
  readonly kind: KindName;
  /** The id `pulumi import` and `adoptId` take (a path for some kinds). */
  readonly id: string;
  /** The words the resource's name is made of. */
  readonly words: string;
  /** The object's labels; undefined for kinds whose objects carry none. */
  readonly labels?: Readonly<Record<string, string>>;
  /** Location or region codes (upper case); empty for objects of no location. */
  readonly locations: readonly string[];
  /** The object it lives on (deleted with it): a host, an instance, a zone. */
  readonly parent?: { readonly kind: KindName; readonly id: string };
  /**
   * For objects without labels: the labels of what they live on (a host, an instance, a zone, a
   * network pool), which stand for theirs in --selector and in the ownership check.
   */
  readonly parentLabels?: Readonly<Record<string, string>>;
  /** Why it is left out whatever the filters say, or undefined. */
  readonly skip?: string;
  /** The values of its inputs as the API holds them (a TypeScript program's inputs). */
  liveInputs(): Promise<Record<string, unknown>>;
}

const codes = (...values: (string | null | undefined)[]): string[] =>
  values.filter((v): v is string => typeof v === "string" && v !== "").map((v) => v.toUpperCase());

/** A kind whose GET answers more than its list (zones, members, features): one GET each. */
const byGet =
  <Live extends object>(
    account: Account,
    kind: {
      get(c: Account["client"], id: string): Promise<Live | undefined>;
      liveInputs(r: Live): Record<string, unknown>;
    },
    id: string,
    noun: string,
  ) =>
  async () => {
    const live = await kind.get(account.client, id);
    if (live === undefined) throw new Error(`the ${noun} ${id} disappeared during discovery`);
    return kind.liveInputs(live);
  };

const HOST_PTR_TYPES: readonly HostCollectionName[] = [
  "dedicated_server",
  "sbm_server",
  "kubernetes_baremetal_node",
];
/** The kind whose resource is the host itself: a parent for what lives on it. */
const HOST_KIND: Readonly<Record<HostCollectionName, KindName | undefined>> = {
  dedicated_server: "DedicatedServer",
  sbm_server: "SbmServer",
  // A KubernetesBaremetalNodePower manages a node's power, not the node: no parent.
  kubernetes_baremetal_node: undefined,
};

/** How each kind's objects are found. */
export const LISTERS: Readonly<Record<KindName, (account: Account) => Promise<Discovered[]>>> = {
  async RbsVolume(a) {
    return (await a.rbsVolumes())
      .filter((v) => !rbsVolumeKind.isGone?.(v))
      .map((v) => ({
        kind: "RbsVolume",
        id: v.id,
        words: v.name,
        labels: v.labels ?? {},
        locations: codes(v.location_code),
        liveInputs: async () => rbsVolumeKind.liveInputs(v),
      }));
  },
  async SbmServer(a) {
    return (await a.sbmServers())
      .filter((s) => !sbmServerKind.isGone?.(s))
      .map((s) => ({
        kind: "SbmServer",
        id: s.id,
        words: s.title ?? "",
        labels: s.labels ?? {},
        locations: codes(s.location_code),
        liveInputs: async () => sbmServerKind.liveInputs(s),
      }));
  },
  async DedicatedServer(a) {
    return (await a.dedicatedServers())
      .filter((s) => !dedicatedServerKind.isGone?.({ server: s }))
      .map((s) => ({
        kind: "DedicatedServer",
        id: s.id,
        words: s.title ?? "",
        labels: s.labels ?? {},
        locations: codes(s.location_code),
        // Features and attached keys have lists of their own under each server.
        liveInputs: byGet(a, dedicatedServerKind, s.id, dedicatedServerKind.noun),
      }));
  },
  async CloudInstance(a) {
    return (await a.cloudInstances())
      .filter((i) => !cloudInstanceKind.isGone?.(i))
      .map((i) => ({
        kind: "CloudInstance",
        id: i.id,
        words: i.name,
        labels: i.labels ?? {},
        locations: codes(i.region_code),
        liveInputs: async () => cloudInstanceKind.liveInputs(i),
      }));
  },
  async KubernetesCluster(a) {
    return (await a.kubernetesClusters()).map((c) => ({
      kind: "KubernetesCluster",
      id: c.id,
      words: c.name,
      labels: c.labels ?? {},
      locations: codes(c.location_code),
      // Labels and node groups only to take charge of them (README): the cluster alone.
      liveInputs: async () => ({ clusterId: c.id }),
    }));
  },
  async KubernetesBaremetalNodePower(a) {
    return (await a.kubernetesBaremetalNodes()).map((n) => {
      const inputs = kubernetesBaremetalNodePowerKind.liveInputs(n);
      return {
        kind: "KubernetesBaremetalNodePower",
        id: n.id,
        words: `${n.title ?? n.id} power`,
        labels: n.labels ?? {},
        locations: codes(n.location_code),
        // The resource keeps a node powered on: importing a node that is off would switch it on.
        ...(inputs.poweredOn === true
          ? {}
          : {
              skip:
                `it is ${n.power_status ?? "not powered on"}; a KubernetesBaremetalNodePower ` +
                "keeps a node powered on, so its first `up` would switch it on",
            }),
        liveInputs: async () => inputs,
      };
    });
  },
  async L2Segment(a) {
    return (await a.l2Segments())
      .filter((s) => s.status !== "removing")
      .map((s) => ({
        kind: "L2Segment",
        id: s.id,
        words: s.name ?? s.id,
        labels: s.labels ?? {},
        locations: codes(s.location_group_code),
        // The members have a list of their own under each segment.
        liveInputs: byGet(a, l2SegmentKind, s.id, l2SegmentKind.noun),
      }));
  },
  async SshKey(a) {
    return (await a.sshKeys()).map((k) => ({
      kind: "SshKey",
      id: k.fingerprint,
      words: k.name,
      labels: k.labels ?? {},
      locations: [],
      liveInputs: async () => sshKeyKind.liveInputs(k),
    }));
  },
  async SslCertificate(a) {
    return (await a.sslCertificates())
      .filter((c) => c.type === "custom")
      .map((c) => ({
        kind: "SslCertificate",
        id: c.id,
        words: c.name,
        labels: c.labels ?? {},
        locations: [],
        liveInputs: async () => sslCertificateKind.liveInputs(c),
      }));
  },
  async LetsEncryptCertificateLabels(a) {
    return (await a.sslCertificates())
      .filter((c) => c.type === "letsencrypt")
      .map((c) => ({
        kind: "LetsEncryptCertificateLabels",
        id: c.id,
        words: `${c.name} certificate`,
        labels: c.labels ?? {},
        locations: [],
        liveInputs: async () => letsEncryptCertificateLabelsKind.liveInputs(c),
      }));
  },
  async PtrRecord(a) {
    const out: Discovered[] = [];
    for (const { parent, item } of await a.instancePtrRecords()) {
      const target = { type: "cloud_instance", id: parent.id } as const;
      out.push({
        kind: "PtrRecord",
        id: ptrResourceId(target, item.id),
        words: `${item.domain} ptr`,
        locations: codes(parent.region_code),
        parent: { kind: "CloudInstance", id: parent.id },
        parentLabels: parent.labels ?? {},
        liveInputs: async () => ptrRecordKind.liveInputs({ target, record: item }),
      });
    }
    for (const type of HOST_PTR_TYPES) {
      const hosts = new Map((await a.hostsOf(type)()).map((h) => [h.id, h]));
      for (const { parent, item } of await a.hostPtrRecords(type)) {
        const target = { type, id: parent.id } as const;
        const host = hosts.get(parent.id) as
          | { location_code?: string; labels?: Record<string, string> | null }
          | undefined;
        const parentKind = HOST_KIND[type];
        out.push({
          kind: "PtrRecord",
          id: ptrResourceId(target, item.id),
          words: `${item.domain} ptr`,
          locations: codes(host?.location_code),
          ...(parentKind === undefined ? {} : { parent: { kind: parentKind, id: parent.id } }),
          parentLabels: host?.labels ?? {},
          liveInputs: async () => ptrRecordKind.liveInputs({ target, record: item }),
        });
      }
    }
    return out;
  },
  async HostNetwork(a) {
    const out: Discovered[] = [];
    for (const hostType of ["dedicated_server", "sbm_server"] as const) {
      const hosts = new Map(
        (await a.hostsOf(hostType)()).map((h) => [
          h.id,
          h as { title?: string; location_code?: string; labels?: Record<string, string> | null },
        ]),
      );
      for (const { parent, item } of await a.hostNetworks(hostType)) {
        if (item.additional !== true || item.status === "removing") continue;
        const host = hosts.get(parent.id);
        out.push({
          kind: "HostNetwork",
          id: hostNetworkResourceId(hostType, parent.id, item.id),
          words: `${host?.title ?? parent.id} ${item.cidr ?? item.title ?? item.id}`,
          locations: codes(host?.location_code),
          parent: { kind: HOST_KIND[hostType] as KindName, id: parent.id },
          parentLabels: host?.labels ?? {},
          liveInputs: async () =>
            hostNetworkKind.liveInputs({ hostType, hostId: parent.id, network: item }),
        });
      }
    }
    return out;
  },
  async Subnetwork(a) {
    return (await a.subnetworks()).map(({ parent, item }) => ({
      kind: "Subnetwork",
      id: subnetworkResourceId(parent.id, item.id),
      words: item.title ?? item.cidr ?? item.id,
      locations: codes(...(parent.location_codes ?? [])),
      parentLabels: parent.labels ?? {},
      // Pools carry labels; their subnetworks none: the pool's stand for them in --selector.
      liveInputs: async () => subnetworkKind.liveInputs({ networkPoolId: parent.id, record: item }),
    }));
  },
  async L4LoadBalancer(a) {
    return (await a.loadBalancers("l4"))
      .filter((b) => b.status !== "deleting")
      .map((b) => ({
        kind: "L4LoadBalancer",
        id: b.id,
        words: b.name ?? b.id,
        labels: b.labels ?? {},
        locations: codes(b.location_code),
        // The list holds balancers without their zones.
        liveInputs: byGet(a, l4LoadBalancerKind, b.id, l4LoadBalancerKind.noun),
      }));
  },
  async L7LoadBalancer(a) {
    return (await a.loadBalancers("l7"))
      .filter((b) => b.status !== "deleting")
      .map((b) => ({
        kind: "L7LoadBalancer",
        id: b.id,
        words: b.name ?? b.id,
        labels: b.labels ?? {},
        locations: codes(b.location_code),
        liveInputs: byGet(a, l7LoadBalancerKind, b.id, l7LoadBalancerKind.noun),
      }));
  },
  async CloudVolume(a) {
    return (await a.cloudVolumes())
      .filter((v) => !cloudVolumeKind.isGone?.(v))
      .map((v) => ({
        kind: "CloudVolume",
        id: v.id,
        words: v.name ?? v.id,
        labels: v.labels ?? {},
        locations: codes(v.region_code),
        liveInputs: async () => cloudVolumeKind.liveInputs(v),
      }));
  },
  async CloudVolumeBackup(a) {
    const backups = (await a.cloudBackups()).filter((b) => !cloudVolumeBackupKind.isGone?.(b));
    const volumes = backups.length === 0 ? [] : await a.cloudVolumes();
    return backups.map((b) => ({
      kind: "CloudVolumeBackup",
      id: b.id,
      words: b.name ?? b.id,
      labels: b.labels ?? {},
      locations: codes(b.region_code),
      liveInputs: async () => {
        // The backup's volume, named by the platform's uuid (as the import finds it).
        const volume = volumes.find((v) => v.openstack_uuid === b.openstack_volume_uuid);
        return {
          ...cloudVolumeBackupKind.liveInputs(b),
          ...(volume === undefined ? {} : { volumeId: volume.id }),
        };
      },
    }));
  },
  async CloudSnapshot(a) {
    return (await a.cloudSnapshots())
      .filter(({ item }) => item.status !== "pending_delete")
      .map(({ parent, item }) => ({
        kind: "CloudSnapshot",
        id: `${parent.id}/${item.id}`,
        words: item.name,
        locations: codes(parent.code),
        ...(item.is_backup === true
          ? { skip: "it is a volume backup's snapshot (the CloudVolumeBackup is the object)" }
          : {}),
        liveInputs: async () =>
          cloudSnapshotKind.liveInputs({ regionId: parent.id, snapshot: item }),
      }));
  },
  async DnsZone(a) {
    return (await a.dnsZones()).map((z) => ({
      kind: "DnsZone",
      id: z.id,
      words: z.name,
      labels: z.labels ?? {},
      locations: [],
      liveInputs: async () => dnsZoneKind.liveInputs(z),
    }));
  },
  async DnsRecord(a) {
    return (await a.dnsRecords())
      .filter(({ item }) => item.type !== "SOA")
      .map(({ parent, item }) => ({
        kind: "DnsRecord",
        id: dnsRecordResourceId(item),
        words: `${item.name === "" || item.name === "@" ? "" : `${item.name} `}${parent.name} ${item.type}`,
        locations: [],
        parent: { kind: "DnsZone", id: parent.id },
        parentLabels: parent.labels ?? {},
        liveInputs: async () => dnsRecordKind.liveInputs(item),
      }));
  },
};
