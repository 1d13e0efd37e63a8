// Network pools and their subnetworks: /network_pools, /network_pools/{id}/subnetworks.
// api-spec.md does not describe this area; paths, bodies and records follow the official Go
// client (pkg/network_pools.go, pkg/types.go NetworkPool, Subnetwork, SubnetworkCreateInput),
// its wire fixtures, and srvctl's list filters (docs/wire.md, "Network pools and subnetworks").
import { z } from "zod";
import { parseCidr } from "../core/cidr";
import type { CallOptions, ListOptions, PagePromise, Requester } from "../core/contract";
import { InputValidationError } from "../core/errors";
import {
  type LabelsInput,
  LabelsSchema,
  RecordsAt,
  TimestampSchema,
  UpdatableCollectionApi,
} from "./common";

/**
 * A pool of addresses the account holds (made by servers.com, not through the API). Only `id` is
 * required: no source promises the rest, and the Go client reads `title` as nullable.
 */
export const NetworkPoolSchema = z.object({
  id: z.string(),
  title: z.string().nullable().optional(),
  cidr: z.string().optional(),
  /** "private" or "public" (srvctl's type filter). */
  type: z.string().optional(),
  location_ids: z.array(z.number().int()).nullable().optional(),
  location_codes: z.array(z.string()).nullable().optional(),
  labels: LabelsSchema.optional(),
  created_at: TimestampSchema.optional(),
  updated_at: TimestampSchema.optional(),
});
export type NetworkPool = z.infer<typeof NetworkPoolSchema>;

/**
 * A subnetwork allocated from a pool. It has no status and no labels in any source: it exists
 * from the create's answer on. `attached` is true while a server uses it.
 */
export const SubnetworkSchema = z.object({
  id: z.string(),
  network_pool_id: z.string().optional(),
  title: z.string().nullable().optional(),
  cidr: z.string().optional(),
  attached: z.boolean().optional(),
  /** The pool's type: "private" or "public". */
  interface_type: z.string().optional(),
  created_at: TimestampSchema.optional(),
  updated_at: TimestampSchema.optional(),
});
export type Subnetwork = z.infer<typeof SubnetworkSchema>;

/** Filters of GET /network_pools (srvctl: --location-id, --type; label_selector, search). */
export interface NetworkPoolListOptions extends ListOptions {
  readonly locationId?: number;
  readonly type?: "private" | "public";
}

/** Filters of GET /network_pools/{id}/subnetworks (srvctl: search, --attached). */
export interface SubnetworkListOptions extends Omit<ListOptions, "labelSelector"> {
  /** True selects only subnetworks attached to a server. */
  readonly attached?: boolean;
}

export interface NetworkPoolUpdateBody {
  /** null clears the title. */
  readonly title?: string | null;
  /** Replaces the whole label set. */
  readonly labels?: LabelsInput;
}

/** Exactly one of `cidr` (a given range of the pool) and `mask` (any free range of that size). */
export type SubnetworkCreateBody =
  | { readonly title?: string | null; readonly cidr: string; readonly mask?: undefined }
  | { readonly title?: string | null; readonly mask: number; readonly cidr?: undefined };

export interface SubnetworkUpdateBody {
  /** The only field the API changes; null clears it (the Go client sends it always). */
  readonly title: string | null;
}

/** A prefix length: a whole number from 1 to 128 (IPv6's width; IPv4 pools stop at 32). */
export const MAX_SUBNETWORK_MASK = 128;

export function checkSubnetworkCreate(body: SubnetworkCreateBody): void {
  const hasCidr = body.cidr !== undefined;
  const hasMask = body.mask !== undefined;
  if (hasCidr === hasMask) {
    throw new InputValidationError(
      "cidr",
      "exactly one of cidr and mask is required: cidr takes that range, mask any free range of that size",
    );
  }
  if (hasCidr) {
    const parsed = parseCidr(String(body.cidr));
    if (typeof parsed === "string") throw new InputValidationError("cidr", parsed);
  } else if (
    !Number.isSafeInteger(body.mask) ||
    Number(body.mask) < 1 ||
    Number(body.mask) > MAX_SUBNETWORK_MASK
  ) {
    throw new InputValidationError(
      "mask",
      `must be a whole number from 1 to ${MAX_SUBNETWORK_MASK} (got ${String(body.mask)})`,
    );
  }
}

export class NetworkPoolsApi extends UpdatableCollectionApi<
  NetworkPool,
  NetworkPoolListOptions,
  NetworkPoolUpdateBody
> {
  constructor(http: Requester) {
    super(http, "/network_pools", NetworkPoolSchema);
  }

  listSubnetworks(
    networkPoolId: string,
    options?: SubnetworkListOptions,
    callOptions?: CallOptions,
  ): PagePromise<Subnetwork> {
    return this.#subnetworks(networkPoolId).list(options, callOptions);
  }

  async getSubnetwork(
    networkPoolId: string,
    id: string,
    options?: CallOptions,
  ): Promise<Subnetwork> {
    return this.#subnetworks(networkPoolId).get(id, options);
  }

  /** Answers the subnetwork, usable at once (it has no status). */
  async createSubnetwork(
    networkPoolId: string,
    body: SubnetworkCreateBody,
    options?: CallOptions,
  ): Promise<Subnetwork> {
    checkSubnetworkCreate(body);
    return this.#subnetworks(networkPoolId).create(body, options);
  }

  async updateSubnetwork(
    networkPoolId: string,
    id: string,
    body: SubnetworkUpdateBody,
    options?: CallOptions,
  ): Promise<Subnetwork> {
    return this.#subnetworks(networkPoolId).update(id, body, options);
  }

  /** The Go client reads no body from this request. */
  async deleteSubnetwork(networkPoolId: string, id: string, options?: CallOptions): Promise<void> {
    return this.#subnetworks(networkPoolId).delete(id, options);
  }

  /** The subnetworks of one pool: /network_pools/{id}/subnetworks. */
  #subnetworks(networkPoolId: string): RecordsAt<Subnetwork> {
    return this.records.under(networkPoolId, "subnetworks", SubnetworkSchema);
  }
}
