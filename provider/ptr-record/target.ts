// Where a PTR record lives: under a cloud instance or a host, each with its own list, create and
// delete (GET|POST .../{id}/ptr_records, DELETE .../{id}/ptr_records/{ptr_id}). A record's own id
// reaches nothing without its target's, so the resource's id is the record's path below /v1:
//   cloud_computing/instances/{instance_id}/ptr_records/{ptr_id}
//   hosts/{dedicated_servers|sbm_servers|kubernetes_baremetal_nodes}/{host_id}/ptr_records/{ptr_id}
// which is readable, unique, and all that read and delete (which get only the id and outputs)
// need.
import type { PtrRecord } from "../../sdk/areas/common";
import type { ServersComClient } from "../../sdk/client";
import type { PagePromise } from "../../sdk/core/contract";

/** The host kinds that carry PTR records, by their `type` value in host records. */
export const HOST_TYPES = ["dedicated_server", "sbm_server", "kubernetes_baremetal_node"] as const;
export type HostType = (typeof HOST_TYPES)[number];

/** The object a PTR record belongs to. */
export type PtrTarget =
  | { readonly type: "cloud_instance"; readonly id: string }
  | { readonly type: HostType; readonly id: string };

/** The path segment below /v1 of each target type. */
const SEGMENTS: Readonly<Record<PtrTarget["type"], string>> = {
  cloud_instance: "cloud_computing/instances",
  dedicated_server: "hosts/dedicated_servers",
  sbm_server: "hosts/sbm_servers",
  kubernetes_baremetal_node: "hosts/kubernetes_baremetal_nodes",
};

const TYPE_BY_SEGMENT = new Map(
  Object.entries(SEGMENTS).map(([type, segment]) => [segment, type as PtrTarget["type"]]),
);

export function isHostType(value: unknown): value is HostType {
  return typeof value === "string" && (HOST_TYPES as readonly string[]).includes(value);
}

/** A PTR record and its target: the live object of the PtrRecord kind. */
export interface PtrRecordOnTarget {
  readonly target: PtrTarget;
  readonly record: PtrRecord;
}

/** The resource id of a record: its path below /v1. */
export function ptrResourceId(target: PtrTarget, ptrId: string): string {
  return `${SEGMENTS[target.type]}/${target.id}/ptr_records/${ptrId}`;
}

/** The target and the record's own id of a resource id; an Error for anything else. */
export function parsePtrResourceId(id: string): { target: PtrTarget; ptrId: string } | Error {
  const match = /^(cloud_computing\/instances|hosts\/[a-z_]+)\/([^/]+)\/ptr_records\/([^/]+)$/.exec(
    id,
  );
  const type = match?.[1] === undefined ? undefined : TYPE_BY_SEGMENT.get(match[1]);
  if (match === null || type === undefined || match[2] === undefined || match[3] === undefined) {
    return new Error(
      `"${id}" is not a PtrRecord id: expected cloud_computing/instances/<id>/ptr_records/<id> ` +
        "or hosts/<dedicated_servers|sbm_servers|kubernetes_baremetal_nodes>/<id>/ptr_records/<id>",
    );
  }
  return { target: { type, id: match[2] } as PtrTarget, ptrId: match[3] };
}

/** A record to create, in the provider's words; each target spells the domain its own way. */
export interface PtrRecordToCreate {
  readonly ip: string;
  readonly domain: string;
  readonly ttl?: number;
  readonly priority?: number;
}

/** The PTR verbs of a target, with one create body whatever the target's wire spelling. */
export interface PtrRecordsApi {
  listPtrRecords(id: string): PagePromise<PtrRecord>;
  createPtrRecord(id: string, record: PtrRecordToCreate): Promise<PtrRecord>;
  deletePtrRecord(id: string, ptrRecordId: string): Promise<void>;
}

/**
 * The target's SDK area. Hosts take `{ip, domain}` (the Go client's PTRRecordCreateInput, the
 * Ansible collection's host PTR module); cloud instances take `{ip, data}` (api-spec.md). Sending
 * `data` to a host would be refused by the real API (docs/wire.md, PTR records).
 */
export function ptrRecordsApi(client: ServersComClient, target: PtrTarget): PtrRecordsApi {
  const area = areaOf(client, target);
  return {
    listPtrRecords: (id) => area.listPtrRecords(id),
    deletePtrRecord: (id, ptrRecordId) => area.deletePtrRecord(id, ptrRecordId),
    createPtrRecord: (id, { ip, domain, ttl, priority }) => {
      const optional = {
        ...(ttl === undefined ? {} : { ttl }),
        ...(priority === undefined ? {} : { priority }),
      };
      return target.type === "cloud_instance"
        ? client.cloudInstances.createPtrRecord(id, { ip, data: domain, ...optional })
        : areaOfHost(client, target.type).createPtrRecord(id, { ip, domain, ...optional });
    },
  };
}

function areaOf(
  client: ServersComClient,
  target: PtrTarget,
): Pick<PtrRecordsApi, "listPtrRecords" | "deletePtrRecord"> {
  return target.type === "cloud_instance" ? client.cloudInstances : areaOfHost(client, target.type);
}

function areaOfHost(client: ServersComClient, type: HostType) {
  switch (type) {
    case "dedicated_server":
      return client.dedicatedServers;
    case "sbm_server":
      return client.sbmServers;
    case "kubernetes_baremetal_node":
      return client.kubernetesBaremetalNodes;
  }
}
