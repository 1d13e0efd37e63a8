// The provider host's side: what the serialised shim (shim.ts) reaches through the package's main
// entry. One provider per kind per process, sharing the stack settings and the client cache.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { cloudInstanceKind } from "./cloud-instance/definition";
import { dedicatedServerKind } from "./dedicated-server/definition";
import {
  ClientCache,
  resolveSettings,
  type StackSettings,
  settingsFromConfig,
} from "./framework/configuration";
import {
  createKindProvider,
  type KindProvider,
  type ProviderContext,
  type WaitTuning,
} from "./framework/lifecycle";
import { stderrSink } from "./framework/progress";
import { kubernetesBaremetalNodePowerKind } from "./kubernetes-baremetal-node-power/definition";
import { createKubernetesClusterProvider } from "./kubernetes-cluster/provider";
import { l2SegmentKind } from "./l2-segment/definition";
import { ptrRecordKind } from "./ptr-record/definition";
import { rbsVolumeKind } from "./rbs-volume/definition";
import { sbmServerKind } from "./sbm-server/definition";
import { sshKeyKind } from "./ssh-key/definition";
import { sslCertificateKind } from "./ssl-certificate/definition";
import { letsEncryptCertificateLabelsKind } from "./ssl-certificate/lets-encrypt";

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
};

/** The kinds this version knows. */
export const resourceKinds: readonly string[] = Object.keys(factories);

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
  if (!Number.isFinite(ms) || ms <= 0) {
    throw new Error(`${name} must be a positive number of milliseconds (got "${text}")`);
  }
  return ms;
}

let stackSettings: StackSettings = {};
const clients = new ClientCache();

const productionContext: ProviderContext = {
  configure(req: dynamic.ConfigureRequest) {
    stackSettings = settingsFromConfig(req);
  },
  client: () => clients.client(resolveSettings(stackSettings, process.env)),
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
    provider = factory(productionContext);
    providers.set(kind, provider);
  }
  return provider;
}
