// What the host areas (dedicated, SBM, Kubernetes bare metal) share: collection names, host
// field checks, and small readers of stored JSON. Body reading and answers: framework/body.ts.
import { type Body, type FieldErrors, isObject, optionalString } from "../framework/body";
import { type Json, SimApiError, type WireRecord } from "../framework/contract";

export const DEDICATED = "dedicated_servers";
export const SBM = "sbm_servers";
export const K8S_NODES = "kubernetes_baremetal_nodes";
export const NETWORKS = "host_networks";
export const PTR_RECORDS = "host_ptr_records";
export const SSH_KEYS = "ssh_keys";
export const LOCATIONS = "locations";

/** Each host kind: its collection, its path segment under /v1/hosts and its `type` value. */
export interface HostKind {
  readonly collection: string;
  readonly segment: string;
  readonly type: string;
}

export const DEDICATED_KIND: HostKind = {
  collection: DEDICATED,
  segment: "dedicated_servers",
  type: "dedicated_server",
};
export const SBM_KIND: HostKind = { collection: SBM, segment: "sbm_servers", type: "sbm_server" };
export const K8S_NODE_KIND: HostKind = {
  collection: K8S_NODES,
  segment: "kubernetes_baremetal_nodes",
  type: "kubernetes_baremetal_node",
};

export const HOST_KINDS: readonly HostKind[] = [DEDICATED_KIND, SBM_KIND, K8S_NODE_KIND];

export function notFound(what: string, id: string): SimApiError {
  return new SimApiError(404, "NOT_FOUND", `${what} ${id} not found`);
}

/** 409 of a reinstall the host's state does not allow now (installing, not normal, released). */
export function reinstallRefused(server: WireRecord): SimApiError {
  return new SimApiError(
    409,
    "CONFLICT",
    `The server cannot be reinstalled now (status ${server.status}, operational_status ${server.operational_status})`,
  );
}

export function stringList(value: Json | undefined): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

export function numberList(value: Json | undefined): number[] {
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === "number") : [];
}

export function objectOf(value: Json | undefined): { [key: string]: Json } {
  return isObject(value) ? (value as { [key: string]: Json }) : {};
}

/** A calendar date (YYYY-MM-DD) of a simulated time, as lease_start_at is sent. */
export function dateOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** RFC 1123 host names: dot-separated labels of letters, digits and inner dashes, 253 at most. */
export function hostnameProblem(value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return "is required";
  if (typeof value !== "string") return "must be a string";
  if (value.length > 253) return "must be at most 253 characters";
  const label = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
  if (!value.split(".").every((part) => label.test(part))) {
    return "must be a valid host name (letters, digits, dashes and dots)";
  }
  return undefined;
}

/** Fingerprints must name SSH keys of the account; errors name the position of each bad one. */
export function checkFingerprints(
  store: { get(collection: string, key: string): WireRecord | undefined },
  value: unknown,
  field: string,
  errors: FieldErrors,
): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    errors[field] = "must be an array of SSH key fingerprints";
    return [];
  }
  const out: string[] = [];
  value.forEach((fingerprint, i) => {
    if (typeof fingerprint !== "string") errors[`${field}.${i}`] = "must be a string";
    else if (store.get(SSH_KEYS, fingerprint) === undefined) {
      errors[`${field}.${i}`] = `SSH key ${fingerprint} does not exist`;
    } else if (!out.includes(fingerprint)) out.push(fingerprint);
  });
  return out;
}

/** The optional extras of every install (order and reinstall); undefined where not sent. */
export interface InstallExtras {
  readonly fingerprints: string[] | undefined;
  readonly userData: string | null | undefined;
}

/** SSH keys to put on the host and user data, as an order or a reinstall sends them. */
export function checkInstallExtras(
  store: { get(collection: string, key: string): WireRecord | undefined },
  body: Body,
  errors: FieldErrors,
): InstallExtras {
  const fingerprints =
    body.ssh_key_fingerprints === undefined
      ? undefined
      : checkFingerprints(store, body.ssh_key_fingerprints, "ssh_key_fingerprints", errors);
  return { fingerprints, userData: optionalString(body, "user_data", errors) };
}
