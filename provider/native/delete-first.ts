// The kinds whose two generations cannot exist at once (they manage an object that exists once,
// or one the API keeps unique by its content): a replacement must delete the old generation
// before it creates the new one. The TypeScript classes default the resource option
// `deleteBeforeReplace` to true for them (framework/resource.ts, replaceDeletesFirst); a plugin
// cannot set a resource option, so the native door does what the protocol lets it:
//
// - a normal replacement: the engine asks Diff, and takes the answer's deleteBeforeReplace unless
//   the resource option says otherwise (pulumi/pulumi v3.274.1
//   pkg/resource/deploy/step_generator.go:2139-2146); server.ts sets it for these kinds;
// - a targeted replacement (`pulumi up --replace`, `--target-replace`, `pulumi state taint`)
//   never asks Diff (step_generator.go:3026-3029, `diff`: isTargetedReplace, :250-257), nor
//   Check with the old inputs (:1421-1428), so the engine creates first unless the option is set.
//   Create then finds the old generation still holding the object (`occupied` below) and fails
//   before any request that changes anything, naming the option to set in each language. The old
//   object and its state stay as they were.
//
// A KubernetesCluster is told by the ownership label its resource stamps on the cluster while it
// manages it (kubernetes-cluster/changes.ts, planLabels). One case cannot be told apart this way,
// and needs the option set by hand (README, "Replacement"): a DnsRecord, CloudSnapshot,
// Subnetwork or HostNetwork that declares adoptId (it names the object the old generation holds, on purpose,
// and such objects have no labels).
import type { ServersComClient } from "../../sdk/client";
import { NotFoundError } from "../../sdk/core/errors";
import { cloudSnapshotKind } from "../cloud-snapshot/definition";
import { dnsRecordKind } from "../dns-record/definition";
import { dnsZoneKind } from "../dns-zone/definition";
import type { PropertyBag } from "../framework/check";
import { OWNER_INPUT } from "../framework/hidden";
import type { ReplaceDeletesFirst, ResourceKind } from "../framework/kind";
import { ADOPT_INPUT } from "../framework/kind-provider";
import { OWNER_LABEL_KEY } from "../framework/ownership";
import { hostNetworkKind } from "../host-network/definition";
import {
  KUBERNETES_CLUSTER_KIND,
  KUBERNETES_CLUSTER_NOUN,
  KUBERNETES_CLUSTER_REPLACEMENT,
} from "../kubernetes-cluster/definition";
import { sshKeyKind } from "../ssh-key/definition";
import { letsEncryptCertificateLabelsKind } from "../ssl-certificate/lets-encrypt";
import { subnetworkKind } from "../subnetwork/definition";

/** The resource option in each language's words. */
export const DELETE_BEFORE_REPLACE_OPTION =
  "TypeScript: `{ deleteBeforeReplace: true }`; YAML: `deleteBeforeReplace: true` under the " +
  "resource's `options:`; Python: `opts=pulumi.ResourceOptions(delete_before_replace=True)`; " +
  "Go: `pulumi.DeleteBeforeReplace(true)`; C#: `new CustomResourceOptions { " +
  "DeleteBeforeReplace = true }`; Java: " +
  "`CustomResourceOptions.builder().deleteBeforeReplace(true).build()`";

/** What holds the object a create of these inputs needs. */
export interface Occupant {
  /** What it is, in words: a sentence of its own (no final stop). */
  readonly said: string;
  /** True when it carries this resource's ownership label (so it is an earlier generation). */
  readonly ours: boolean;
}

type Finder = (client: ServersComClient, inputs: PropertyBag) => Promise<Occupant | undefined>;

/** An object that carries the ownership label of the resource `inputs` belong to. */
function labelled<Live extends object>(
  kind: ResourceKind<Live>,
  find: (client: ServersComClient, inputs: PropertyBag) => Promise<readonly Live[]>,
): Finder {
  return async (client, inputs) => {
    const owner = inputs[OWNER_INPUT];
    if (typeof owner !== "string") return undefined;
    const record = (await find(client, inputs)).find(
      (candidate) => kind.labels(candidate)[OWNER_LABEL_KEY] === owner,
    );
    if (record === undefined) return undefined;
    return {
      said:
        `the ${kind.noun} ${kind.id(record)} carries this resource's ownership label: an ` +
        "earlier generation of this resource still holds it",
      ours: true,
    };
  };
}

/**
 * An object the API keeps unique by content, without labels: the kind's own conflict rule says
 * whether it blocks this create; whose it is cannot be known.
 */
function unique<Live extends object>(kind: ResourceKind<Live>): Finder {
  return async (client, inputs) => {
    // Adoption names the object on purpose (it matches by content, as the old generation's
    // would): nothing tells a first adoption from a replacement's here (README, "Replacement").
    if (inputs[ADOPT_INPUT] !== undefined && inputs[ADOPT_INPUT] !== null) return undefined;
    const found = (await kind.findByContent?.(client, inputs)) ?? [];
    const conflict = found.length === 0 ? undefined : kind.conflict?.(found, inputs);
    return conflict === undefined ? undefined : { said: conflict, ours: false };
  };
}

/**
 * The kinds whose replacement deletes first, each with its rule from its definition
 * (replaceDeletesFirst: the TypeScript classes default the option from the same rule) and what
 * finds the object a create of it needs.
 */
const DELETING_FIRST: ReadonlyArray<readonly [string, ReplaceDeletesFirst | undefined, Finder]> = [
  [
    sshKeyKind.name,
    sshKeyKind.replaceDeletesFirst,
    labelled(
      sshKeyKind,
      (client, inputs) => sshKeyKind.findByContent?.(client, inputs) ?? Promise.resolve([]),
    ),
  ],
  [
    dnsZoneKind.name,
    dnsZoneKind.replaceDeletesFirst,
    labelled(
      dnsZoneKind,
      (client, inputs) => dnsZoneKind.findByContent?.(client, inputs) ?? Promise.resolve([]),
    ),
  ],
  [
    letsEncryptCertificateLabelsKind.name,
    letsEncryptCertificateLabelsKind.replaceDeletesFirst,
    labelled(letsEncryptCertificateLabelsKind, async (client, inputs) => {
      const id = inputs.adoptId;
      if (typeof id !== "string") return [];
      const record = await letsEncryptCertificateLabelsKind.get(client, id);
      return record === undefined ? [] : [record];
    }),
  ],
  [
    KUBERNETES_CLUSTER_KIND,
    KUBERNETES_CLUSTER_REPLACEMENT,
    async (client, inputs) => {
      const owner = inputs[OWNER_INPUT];
      const id = inputs.clusterId;
      if (typeof owner !== "string" || typeof id !== "string") return undefined;
      const cluster = await client.kubernetesClusters.get(id).catch((error: unknown) => {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      });
      if (cluster?.labels[OWNER_LABEL_KEY] !== owner) return undefined;
      return {
        said:
          `the ${KUBERNETES_CLUSTER_NOUN} ${id} carries this resource's ownership label: an ` +
          "earlier generation of this resource still manages it",
        ours: true,
      };
    },
  ],
  [dnsRecordKind.name, dnsRecordKind.replaceDeletesFirst, unique(dnsRecordKind)],
  [cloudSnapshotKind.name, cloudSnapshotKind.replaceDeletesFirst, unique(cloudSnapshotKind)],
  [subnetworkKind.name, subnetworkKind.replaceDeletesFirst, unique(subnetworkKind)],
  [hostNetworkKind.name, hostNetworkKind.replaceDeletesFirst, unique(hostNetworkKind)],
];

/** Why a kind's replacement deletes first: the reason its definition gives. */
export const DELETE_FIRST: Readonly<Record<string, string>> = Object.fromEntries(
  DELETING_FIRST.map(([name, rule]) => [name, rule?.reason ?? "its definition says so"]),
);

const OCCUPANTS: Readonly<Record<string, Finder>> = Object.fromEntries(
  DELETING_FIRST.map(([name, , find]) => [name, find]),
);

/**
 * Fails when the object a create of this kind needs is still held, most likely by the old
 * generation of a replacement that creates first; does nothing for other kinds.
 */
export async function refuseCreateFirst(
  kind: string,
  resourceName: string,
  client: ServersComClient,
  inputs: PropertyBag,
): Promise<void> {
  const reason = DELETE_FIRST[kind];
  const find = OCCUPANTS[kind];
  if (reason === undefined || find === undefined) return;
  const occupant = await find(client, inputs);
  if (occupant === undefined) return;
  const advice =
    `a ${kind} cannot have two generations at once (${reason}), so a replacement that creates ` +
    "the new one first (`pulumi up --replace`, `--target-replace`, `pulumi state taint`, or the " +
    `option deleteBeforeReplace: false) cannot work: set the resource option ` +
    `deleteBeforeReplace to true on ${resourceName} and run again (${DELETE_BEFORE_REPLACE_OPTION})`;
  throw new Error(
    occupant.ours
      ? `serverscom:index:${kind} ${resourceName}: ${occupant.said}. ${capitalised(advice)}. ` +
          "Nothing was changed. (Not a replacement? Then the object was left by an interrupted " +
          "create or removed from the state: adopt it with adoptId or `pulumi import`, or delete it)"
      : `serverscom:index:${kind} ${resourceName}: ${occupant.said}. If this resource is being ` +
          `replaced, ${advice}. Nothing was changed`,
  );
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
