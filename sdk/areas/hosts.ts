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
 * malformed dedicated server must fail validation, not pass here silently. No source describes
 * such a record, so only its id, status and type are required (docs/wire.md, Schema policy).
 */
export const UnknownHostSchema = z.object({
  ...z.object(hostRecordFields).partial().shape,
  id: hostRecordFields.id,
  status: hostRecordFields.status,
  title: z.string().nullable().optional(),
  type: z.string().refine((type) => !(hostKinds as readonly string[]).includes(type), {
    message: "a known host type must match its own record schema",
  }),
});
export type UnknownHost = z.infer<typeof UnknownHostSchema>;

/** The record schema of each known host kind, by its `type`. */
const hostSchemaByType: Readonly<Record<HostKind, z.ZodType<Host>>> = {
  dedicated_server: DedicatedServerSchema,
  sbm_server: SbmServerSchema,
  kubernetes_baremetal_node: KubernetesBaremetalNodeSchema,
};

function hostSchemaOf(value: unknown): z.ZodType<Host> {
  const type = typeof value === "object" && value !== null ? Reflect.get(value, "type") : undefined;
  return typeof type === "string" && Object.hasOwn(hostSchemaByType, type)
    ? hostSchemaByType[type as HostKind]
    : UnknownHostSchema;
}

/**
 * One item of GET /hosts, checked by the schema its `type` names (the fallback for other types).
 * Dispatched by hand rather than as a union: a union that fails reports only "Invalid input" at
 * the item, while this reports the failing field itself, `items.3.configuration_details.ram_size`.
 */
export const HostSchema: z.ZodType<Host> = z.unknown().transform((value, context) => {
  const result = hostSchemaOf(value).safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    context.addIssue({ code: "custom", message: issue.message, path: issue.path });
  }
  return z.NEVER;
});
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
