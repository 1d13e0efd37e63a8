// GET /hosts: every host of the account, whatever its kind. Per-kind operations live in the
// kind areas (dedicated-servers, sbm-servers, kubernetes-baremetal-nodes).
import { z } from "zod";
import type { CallOptions, PagePromise, Requester } from "../core/contract";
import { toWireQuery } from "../core/contract";
import { type DedicatedServer, DedicatedServerSchema } from "./dedicated-servers";
import { type HostKind, type HostListOptions, hostKinds, hostRecordFields } from "./host-common";
import {
  type KubernetesBaremetalNode,
  KubernetesBaremetalNodeSchema,
} from "./kubernetes-baremetal-nodes";
import { type SbmServer, SbmServerSchema } from "./sbm-servers";

/**
 * A host of a kind this SDK does not know yet. Its `type` is never one of the known kinds: a
 * malformed dedicated server must fail validation, not pass here silently.
 */
export const UnknownHostSchema = z.object({
  ...hostRecordFields,
  title: z.string().nullable(),
  type: z.string().refine((type) => !(hostKinds as readonly string[]).includes(type), {
    message: "a known host type must match its own record schema",
  }),
});
export type UnknownHost = z.infer<typeof UnknownHostSchema>;

export const HostSchema = z.union([
  z.discriminatedUnion("type", [
    DedicatedServerSchema,
    SbmServerSchema,
    KubernetesBaremetalNodeSchema,
  ]),
  UnknownHostSchema,
]);
/**
 * One item of GET /hosts. The fallback's `type` is a plain string, so `host.type === "..."` does
 * not narrow the union: use the guards below.
 */
export type Host = DedicatedServer | SbmServer | KubernetesBaremetalNode | UnknownHost;

export function isDedicatedServer(host: Host): host is DedicatedServer {
  return host.type === "dedicated_server";
}

export function isSbmServer(host: Host): host is SbmServer {
  return host.type === "sbm_server";
}

export function isKubernetesBaremetalNode(host: Host): host is KubernetesBaremetalNode {
  return host.type === "kubernetes_baremetal_node";
}

export interface AllHostsListOptions extends HostListOptions {
  /** Only hosts of this kind. */
  readonly type?: HostKind;
}

export class HostsApi {
  constructor(private readonly http: Requester) {}

  list(options?: AllHostsListOptions, callOptions?: CallOptions): PagePromise<Host> {
    return this.http.list("/hosts", toWireQuery(options), HostSchema, callOptions);
  }
}
