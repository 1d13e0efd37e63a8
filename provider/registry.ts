// The provider host's side: what the serialised shim (shim.ts) reaches through the package's main
// entry. One provider per kind per process, sharing the stack settings and the client cache.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { cloudInstanceKind } from "./cloud-instance/definition";
import { cloudSnapshotKind } from "./cloud-snapshot/definition";
import { cloudVolumeKind } from "./cloud-volume/definition";
import { cloudVolumeBackupKind } from "./cloud-volume-backup/definition";
import { dedicatedServerKind } from "./dedicated-server/definition";
import { dnsRecordKind } from "./dns-record/definition";
import { dnsZoneKind } from "./dns-zone/definition";
import {
  ClientCache,
  checkedApiUrl,
  resolveSettings,
  type StackSettings,
  settingsFromConfig,
  withSettingHints,
} from "./framework/configuration";
import type { KindProvider, ProviderContext, WaitTuning } from "./framework/kind-provider";
import { createKindProvider } from "./framework/lifecycle";
import { orderBatchingFrom } from "./framework/order-batch";
import { stderrSink } from "./framework/progress";
import { checkReadSnapshotSetting } from "./framework/read-snapshot";
import { requestBudgetFrom } from "./framework/request-budget";
import { hostNetworkKind } from "./host-network/definition";
import { kubernetesBaremetalNodePowerKind } from "./kubernetes-baremetal-node-power/definition";
import { createKubernetesClusterProvider } from "./kubernetes-cluster/provider";
import { l2SegmentKind } from "./l2-segment/definition";
import { l4LoadBalancerKind } from "./l4-load-balancer/definition";
import { l7LoadBalancerKind } from "./l7-load-balancer/definition";
import { ptrRecordKind } from "./ptr-record/definition";
import { rbsVolumeKind } from "./rbs-volume/definition";
import { sbmServerKind } from "./sbm-server/definition";
import { sshKeyKind } from "./ssh-key/definition";
import { sslCertificateKind } from "./ssl-certificate/definition";
import { letsEncryptCertificateLabelsKind } from "./ssl-certificate/lets-encrypt";
import { subnetworkKind } from "./subnetwork/definition";

/** Every kind by name. A name, once released, must stay here: states refer to it. */
const factories: Readonly<Record<string, (context: ProviderContext) => KindProvider>> = {
  RbsVolume: (context) => createKindProvider(rbsVolumeKind, context),
  SbmServer: (context) => createKindProvider(sbmServerKind, context),
  CloudInstance: (context) => createKindProvider(cloudInstanceKind, context),
  // Its own lifecycle: it never creates or deletes a cluster (provider/kubernetes-cluster).
  KubernetesCluster: (context) => createKubernetesClusterProvider(context),
  L2Segment: (context) => createKindProvider(l2SegmentKind, context),
  KubernetesBaremetalNodePower: (context) =>
    createKindProvider(kubernetesBaremetalNodePowerKind, context),
  DedicatedServer: (context) => createKindProvider(dedicatedServerKind, context),
  SshKey: (context) => createKindProvider(sshKeyKind, context),
  SslCertificate: (context) => createKindProvider(sslCertificateKind, context),
  LetsEncryptCertificateLabels: (context) =>
    createKindProvider(letsEncryptCertificateLabelsKind, context),
  PtrRecord: (context) => createKindProvider(ptrRecordKind, context),
  Subnetwork: (context) => createKindProvider(subnetworkKind, context),
  HostNetwork: (context) => createKindProvider(hostNetworkKind, context),
  L4LoadBalancer: (context) => createKindProvider(l4LoadBalancerKind, context),
  L7LoadBalancer: (context) => createKindProvider(l7LoadBalancerKind, context),
  CloudVolume: (context) => createKindProvider(cloudVolumeKind, context),
  DnsZone: (context) => createKindProvider(dnsZoneKind, context),
  DnsRecord: (context) => createKindProvider(dnsRecordKind, context),
  CloudVolumeBackup: (context) => createKindProvider(cloudVolumeBackupKind, context),
  CloudSnapshot: (context) => createKindProvider(cloudSnapshotKind, context),
};

/** The kinds this version knows. */
export const resourceKinds: readonly string[] = Object.keys(factories);

/**
 * Every kind's provider over the given surroundings: the native plugin's door
 * (provider/native/) builds the same lifecycles as the shims reach, with its own configuration
 * and progress channel.
 */
export function createKindProviders(context: ProviderContext): Map<string, KindProvider> {
  return new Map(Object.entries(factories).map(([kind, factory]) => [kind, factory(context)]));
}

/**
 * The first poll delay, in milliseconds (default 1000; later delays back off to 30 times it).
 * For the local simulator at high speed, where a transition takes milliseconds.
 */
export const POLL_INTERVAL_ENV = "SERVERSCOM_POLL_INTERVAL_MS";

/**
 * How long a create looks for a late commit after an ambiguous failure, in milliseconds (default
 * LATE_COMMIT_WINDOW_MS, lifecycle.ts). For the local simulator at high speed, where minutes of
 * the service's time pass in milliseconds.
 */
export const LATE_COMMIT_WINDOW_ENV = "SERVERSCOM_LATE_COMMIT_WINDOW_MS";

export function waitTuningFrom(env: Readonly<Record<string, string | undefined>>): WaitTuning {
  const poll = positiveMs(env, POLL_INTERVAL_ENV);
  const window = positiveMs(env, LATE_COMMIT_WINDOW_ENV);
  return {
    ...(poll === undefined ? {} : { minDelayMs: poll, maxDelayMs: poll * 30 }),
    ...(window === undefined ? {} : { lateCommitWindowMs: window }),
  };
}

function positiveMs(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
): number | undefined {
  const text = env[name];
  if (text === undefined || text === "") return undefined;
  const ms = Number(text);
  if (text.trim() === "" || !Number.isFinite(ms) || ms <= 0) {
    throw new Error(
      `serverscom: the environment variable ${name} is "${text}", which is not a ` +
        "positive number of milliseconds: set it to one (such as 20, for a local simulator at " +
        "high speed), or unset it for the default",
    );
  }
  return ms;
}

let stackSettings: StackSettings = {};
const clients = new ClientCache();

const productionContext: ProviderContext = {
  configure(req: dynamic.ConfigureRequest) {
    const settings = settingsFromConfig(req);
    // Every setting is checked here, before the first request of any resource: a typo found
    // only when a wait starts would come after the order (and its bill).
    checkedApiUrl(settings, process.env);
    waitTuningFrom(process.env);
    checkReadSnapshotSetting(process.env);
    requestBudgetFrom(process.env);
    orderBatchingFrom(process.env);
    stackSettings = settings;
  },
  client: () =>
    clients.client(resolveSettings(stackSettings, process.env), requestBudgetFrom(process.env)),
  progress: stderrSink,
  waitTuning: () => waitTuningFrom(process.env),
};

const providers = new Map<string, KindProvider>();

/** The implementation behind a kind's shim. Part of the package's permanent contract. */
export function resourceProvider(kind: string): KindProvider {
  let provider = providers.get(kind);
  if (provider === undefined) {
    const factory = factories[kind];
    if (factory === undefined) {
      throw new Error(
        `pulumi-serverscom does not know the resource kind "${kind}" (known: ${Object.keys(factories).join(", ")}): ` +
          "the state was written by a different version of the package",
      );
    }
    // A refused token's error says where the token comes from (configuration.ts).
    provider = withSettingHints(factory(productionContext));
    providers.set(kind, provider);
  }
  return provider;
}
