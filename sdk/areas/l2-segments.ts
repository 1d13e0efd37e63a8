// L2 segments: /l2_segments. A segment joins dedicated servers of one location group into one
// layer-2 network; members are the servers, each in native or trunk mode.
import { z } from "zod";
import type { CallOptions, ListOptions, PagePromise, Requester } from "../core/contract";
import { path } from "../core/contract";
import type { StateTable } from "../wait";
import {
  CrudCollectionApi,
  type LabelsInput,
  LabelsSchema,
  type Network,
  NetworkSchema,
  type PagingOptions,
  RecordsAt,
  TimestampSchema,
} from "./common";

/**
 * api-spec.md does not describe the segment record (only its members), so by the schema policy
 * (docs/wire.md) only its id and status are required; `updated_at` is null on a segment never
 * updated.
 */
export const L2SegmentSchema = z.object({
  id: z.string(),
  name: z.string().nullable().optional(),
  type: z.string().optional(),
  status: z.string(),
  location_group_id: z.number().int().optional(),
  location_group_code: z.string().nullable().optional(),
  labels: LabelsSchema.optional(),
  created_at: TimestampSchema.nullable().optional(),
  updated_at: TimestampSchema.nullable().optional(),
});
export type L2Segment = z.infer<typeof L2SegmentSchema>;

export const L2MemberSchema = z.object({
  id: z.string(),
  title: z.string(),
  mode: z.string(),
  /** null when mode is native. */
  vlan: z.number().int().nullable(),
  status: z.string(),
  labels: LabelsSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type L2Member = z.infer<typeof L2MemberSchema>;

export const L2LocationGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  group_type: z.string().optional(),
  location_ids: z.array(z.number().int()).nullable().optional(),
  location_codes: z.array(z.string()).nullable().optional(),
  hyperscalers: z.array(z.string()).nullable().optional(),
});
export type L2LocationGroup = z.infer<typeof L2LocationGroupSchema>;

/** Segment `status`; the service answers 409 NOT_READY to changes while pending. */
export const l2SegmentStates: StateTable = {
  transitional: ["pending", "removing"],
  settled: ["active"],
  failed: [],
};

/** Member and segment-network `status`. */
export const l2MemberStates: StateTable = {
  transitional: ["new"],
  settled: ["active"],
  failed: [],
};

/** A member or network that left the segment: the goal of a removal, a failure otherwise. */
export const l2MemberGoneStatuses: readonly string[] = ["removed"];

export type L2SegmentType = "public" | "private";
export type L2MemberMode = "native" | "trunk";

export interface L2MemberInput {
  /** The id of a dedicated server. */
  readonly id: string;
  readonly mode: L2MemberMode;
}

export interface L2SegmentCreateBody {
  readonly name?: string;
  readonly type: L2SegmentType;
  readonly location_group_id: number;
  readonly members: readonly L2MemberInput[];
  readonly labels?: LabelsInput;
}

export interface L2SegmentUpdateBody {
  readonly name?: string;
  /** The complete member list. */
  readonly members?: readonly L2MemberInput[];
  /** Replaces the whole label set. */
  readonly labels?: LabelsInput;
}

/** Networks to add (by mask) and to remove (by id) in one change (from the Go client). */
export interface L2SegmentChangeNetworksBody {
  readonly create?: readonly {
    readonly mask: number;
    readonly distribution_method: "route" | "gateway";
  }[];
  readonly delete?: readonly string[];
}

export type L2SegmentListOptions = ListOptions;

/** The member list takes no sorting parameters (api-spec.md). */
export type L2MemberListOptions = Pick<ListOptions, "labelSelector" | "perPage" | "page">;

export interface L2LocationGroupListOptions extends PagingOptions {
  readonly groupType?: string;
}

/** `delete`'s answer is not documented and not read; the segment goes through `removing`. */
export class L2SegmentsApi extends CrudCollectionApi<
  L2Segment,
  L2SegmentListOptions,
  L2SegmentCreateBody,
  L2SegmentUpdateBody
> {
  readonly #locationGroups: RecordsAt<L2LocationGroup>;
  constructor(http: Requester) {
    super(http, "/l2_segments", L2SegmentSchema);
    this.#locationGroups = new RecordsAt(
      http,
      "/l2_segments/location_groups",
      L2LocationGroupSchema,
    );
  }

  listMembers(
    id: string,
    options?: L2MemberListOptions,
    callOptions?: CallOptions,
  ): PagePromise<L2Member> {
    return this.records.under(id, "members", L2MemberSchema).list(options, callOptions);
  }

  listNetworks(
    id: string,
    options?: PagingOptions,
    callOptions?: CallOptions,
  ): PagePromise<Network> {
    return this.records.under(id, "networks", NetworkSchema).list(options, callOptions);
  }

  async changeNetworks(
    id: string,
    body: L2SegmentChangeNetworksBody,
    options?: CallOptions,
  ): Promise<L2Segment> {
    return this.http.request(
      { method: "PUT", path: path`/l2_segments/${id}/networks`, body, schema: L2SegmentSchema },
      options,
    );
  }

  listLocationGroups(
    options?: L2LocationGroupListOptions,
    callOptions?: CallOptions,
  ): PagePromise<L2LocationGroup> {
    return this.#locationGroups.list(options, callOptions);
  }
}
