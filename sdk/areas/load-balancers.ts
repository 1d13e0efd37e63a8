// Load balancers (/load_balancers, /load_balancers/l4, /load_balancers/l7) and load balancer
// clusters (/load_balancer_clusters). api-spec.md does not describe this area: paths, bodies and
// records follow the official Go client (pkg/load_balancers.go, pkg/load_balancer_clusters.go,
// pkg/types.go, fixtures), the Ansible collection (module_utils/api.py, load_balancer.py, the
// load_balancer_instance_l4 / _l7 modules) and srvctl's list filters (docs/wire.md, "Load
// balancers"). Records keep only `id` required: no source promises the rest. Every list field
// (a Go `[]T`) is also nullable: the Go client marshals an empty (nil) slice as null, and srvctl's
// records show it so (`"vhost_zones": null` in its lb/get_l4.json, get_l7.json, update_l4.json,
// update_l7.json); readers take null as none (docs/wire.md, "Schema policy").
import { z } from "zod";
import type { CallOptions, ListOptions, PagePromise, Requester } from "../core/contract";
import { path, toWireQuery } from "../core/contract";
import type { StateTable } from "../wait";
import { checkLabels, type LabelsInput, LabelsSchema, TimestampSchema } from "./common";

const optionalNumber = z.number().nullable().optional();
const optionalBoolean = z.boolean().nullable().optional();
const optionalString = z.string().nullable().optional();

export const L4UpstreamSchema = z.object({
  ip: z.string(),
  port: z.number().int(),
  weight: optionalNumber,
  max_conns: optionalNumber,
  max_fails: optionalNumber,
  fail_timeout: optionalNumber,
  /** The health of the upstream: "online", "unknown"... (fixtures). */
  status: optionalString,
});

export const L4UpstreamZoneSchema = z.object({
  id: z.string(),
  method: optionalString,
  udp: optionalBoolean,
  hc_interval: optionalNumber,
  hc_jitter: optionalNumber,
  hc_fails: optionalNumber,
  hc_passes: optionalNumber,
  upstreams: z.array(L4UpstreamSchema).nullable().optional(),
});

export const L4VhostZoneSchema = z.object({
  id: z.string(),
  ports: z.array(z.number().int()).nullable().optional(),
  udp: optionalBoolean,
  proxy_protocol: optionalBoolean,
  upstream_id: optionalString,
  description: optionalString,
  acl_list: z.array(z.string()).nullable().optional(),
  acl_allow: optionalBoolean,
});

/** Fields every load balancer record has (GET /load_balancers lists them without zones). */
const loadBalancerFields = {
  id: z.string(),
  name: z.string().optional(),
  /** "l4" or "l7". */
  type: z.string().optional(),
  status: z.string().optional(),
  external_addresses: z.array(z.string()).nullable().optional(),
  location_id: z.number().int().optional(),
  location_code: z.string().optional(),
  store_logs: optionalBoolean,
  store_logs_region_id: optionalNumber,
  /** null on a shared cluster. */
  cluster_id: optionalString,
  /** Whether the balancer runs on a shared cluster (Go `LoadBalancer.SharedCluster`, srvctl's records). */
  shared_cluster: optionalBoolean,
  labels: LabelsSchema.optional(),
  created_at: TimestampSchema.optional(),
  updated_at: TimestampSchema.optional(),
};

export const LoadBalancerSchema = z.object(loadBalancerFields);
export type LoadBalancer = z.infer<typeof LoadBalancerSchema>;

export const L4LoadBalancerSchema = z.object({
  ...loadBalancerFields,
  proxy_protocol_enabled: optionalBoolean,
  vhost_zones: z.array(L4VhostZoneSchema).nullable().optional(),
  upstream_zones: z.array(L4UpstreamZoneSchema).nullable().optional(),
});
export type L4LoadBalancer = z.infer<typeof L4LoadBalancerSchema>;
export type L4VhostZone = z.infer<typeof L4VhostZoneSchema>;
export type L4UpstreamZone = z.infer<typeof L4UpstreamZoneSchema>;

export const L7UpstreamSchema = L4UpstreamSchema;

/**
 * The Go record `L7UpstreamZone` (types.go at abb982c9) and Ansible's documented output carry no
 * `hc_status` nor `tls_preset` here (both are inputs only, `L7UpstreamZoneInput`); they stay
 * optional for a service that echoes them.
 */
export const L7UpstreamZoneSchema = z.object({
  id: z.string(),
  method: optionalString,
  ssl: optionalBoolean,
  sticky: optionalBoolean,
  hc_interval: optionalNumber,
  hc_jitter: optionalNumber,
  hc_fails: optionalNumber,
  hc_passes: optionalNumber,
  hc_domain: optionalString,
  hc_path: optionalString,
  hc_method: optionalString,
  hc_mandatory: optionalBoolean,
  hc_status: optionalString,
  tls_preset: optionalString,
  grpc: optionalBoolean,
  hc_grpc_service: optionalString,
  hc_grpc_status: optionalNumber,
  upstreams: z.array(L7UpstreamSchema).nullable().optional(),
});

export const L7LocationZoneSchema = z.object({
  location: z.string(),
  upstream_id: z.string(),
  upstream_path: optionalString,
  /** Go `L7LocationZone.Redirect` (record only: the input has no such field). */
  redirect: optionalBoolean,
});

export const RealIpHeaderSchema = z.object({
  name: z.string(),
  networks: z.array(z.string()).nullable().optional(),
});

export const L7VhostZoneSchema = z.object({
  id: z.string(),
  ports: z.array(z.number().int()).nullable().optional(),
  ssl: optionalBoolean,
  http2: optionalBoolean,
  http_to_https_redirect: optionalBoolean,
  http2_push_preload: optionalBoolean,
  domains: z.array(z.string()).nullable().optional(),
  ssl_certificate_id: optionalString,
  /** The TLS preset in force: the record reports it here (Go `L7VHostZone.TLSPreset`, Ansible). */
  tls_preset: optionalString,
  location_zones: z.array(L7LocationZoneSchema).nullable().optional(),
  real_ip_header: RealIpHeaderSchema.nullable().optional(),
});

export const L7LoadBalancerSchema = z.object({
  ...loadBalancerFields,
  domains: z.array(z.string()).nullable().optional(),
  geoip: optionalBoolean,
  vhost_zones: z.array(L7VhostZoneSchema).nullable().optional(),
  upstream_zones: z.array(L7UpstreamZoneSchema).nullable().optional(),
});
export type L7LoadBalancer = z.infer<typeof L7LoadBalancerSchema>;
export type L7VhostZone = z.infer<typeof L7VhostZoneSchema>;
export type L7UpstreamZone = z.infer<typeof L7UpstreamZoneSchema>;

export const LoadBalancerClusterSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  location_id: z.number().int().optional(),
  location_code: z.string().optional(),
  status: z.string().optional(),
  created_at: TimestampSchema.optional(),
  updated_at: TimestampSchema.optional(),
});
export type LoadBalancerCluster = z.infer<typeof LoadBalancerClusterSchema>;

/**
 * A load balancer's `status`: "in_process" after a create (Go fixture), "active" when applied
 * (Ansible waits for it after create and update). Others: not shown (never settled, shown in
 * progress lines).
 */
export const loadBalancerStates: StateTable = {
  transitional: ["in_process", "pending", "deleting"],
  settled: ["active"],
  failed: [],
};

/** Filters of GET /load_balancers (srvctl: type, label_selector, search, location, cluster). */
export interface LoadBalancerListOptions extends ListOptions {
  readonly type?: "l4" | "l7";
  readonly locationId?: number;
  readonly clusterId?: string;
}

export type LoadBalancerClusterListOptions = Omit<ListOptions, "labelSelector">;

// --- bodies: what the Go client and Ansible send ---

export interface L4UpstreamBody {
  readonly ip: string;
  readonly port: number;
  readonly weight?: number;
  readonly max_conns?: number;
  readonly max_fails?: number;
  readonly fail_timeout?: number;
}

export interface L4UpstreamZoneBody {
  readonly id: string;
  readonly method?: string;
  readonly udp?: boolean;
  readonly hc_interval?: number;
  readonly hc_jitter?: number;
  readonly upstreams: readonly L4UpstreamBody[];
}

export interface L4VhostZoneBody {
  readonly id: string;
  readonly ports: readonly number[];
  readonly udp?: boolean;
  readonly proxy_protocol?: boolean;
  readonly upstream_id: string;
  readonly description?: string;
}

export interface L4LoadBalancerCreateBody {
  readonly name: string;
  readonly location_id: number;
  readonly store_logs?: boolean;
  readonly store_logs_region_id?: number;
  /** A dedicated cluster; absent: a shared one. */
  readonly cluster_id?: string;
  readonly vhost_zones: readonly L4VhostZoneBody[];
  readonly upstream_zones: readonly L4UpstreamZoneBody[];
  readonly labels?: LabelsInput;
}

/** Every field optional; zones and labels replace the whole set. */
export interface L4LoadBalancerUpdateBody {
  readonly name?: string;
  readonly store_logs?: boolean;
  readonly store_logs_region_id?: number;
  readonly cluster_id?: string;
  /** true moves the balancer to a shared cluster. */
  readonly shared_cluster?: boolean;
  readonly vhost_zones?: readonly L4VhostZoneBody[];
  readonly upstream_zones?: readonly L4UpstreamZoneBody[];
  readonly labels?: LabelsInput;
}

export interface L7UpstreamBody extends L4UpstreamBody {}

export interface L7UpstreamZoneBody {
  readonly id: string;
  readonly method?: string;
  readonly ssl?: boolean;
  readonly sticky?: boolean;
  readonly hc_interval?: number;
  readonly hc_jitter?: number;
  readonly hc_fails?: number;
  readonly hc_passes?: number;
  readonly hc_domain?: string;
  readonly hc_path?: string;
  readonly hc_method?: string;
  readonly hc_mandatory?: boolean;
  readonly hc_status?: string;
  readonly tls_preset?: string;
  readonly grpc?: boolean;
  readonly hc_grpc_service?: string;
  readonly hc_grpc_status?: number;
  readonly upstreams: readonly L7UpstreamBody[];
}

export interface L7LocationZoneBody {
  readonly location: string;
  readonly upstream_id: string;
  readonly upstream_path?: string;
}

export interface L7VhostZoneBody {
  readonly id: string;
  readonly ports: readonly number[];
  readonly ssl?: boolean;
  readonly http2?: boolean;
  readonly http_to_https_redirect?: boolean;
  readonly http2_push_preload?: boolean;
  readonly domains: readonly string[];
  readonly ssl_certificate_id?: string;
  readonly location_zones?: readonly L7LocationZoneBody[];
  readonly real_ip_header?: { readonly name: string; readonly networks: readonly string[] };
}

export interface L7LoadBalancerCreateBody {
  readonly name: string;
  readonly location_id: number;
  readonly store_logs?: boolean;
  readonly store_logs_region_id?: number;
  readonly geoip?: boolean;
  readonly cluster_id?: string;
  readonly vhost_zones: readonly L7VhostZoneBody[];
  readonly upstream_zones: readonly L7UpstreamZoneBody[];
  readonly labels?: LabelsInput;
}

export interface L7LoadBalancerUpdateBody {
  readonly name?: string;
  readonly store_logs?: boolean;
  readonly store_logs_region_id?: number;
  readonly geoip?: boolean;
  readonly cluster_id?: string;
  readonly shared_cluster?: boolean;
  readonly vhost_zones?: readonly L7VhostZoneBody[];
  readonly upstream_zones?: readonly L7UpstreamZoneBody[];
  readonly labels?: LabelsInput;
}

type LoadBalancerLayer = "l4" | "l7";

/**
 * The L4 and L7 balancers are one API at two paths, `/load_balancers/l4` and `/load_balancers/l7`
 * (Go client pkg/load_balancers.go; Ansible's load_balancer_instance_l4 and _l7 modules): the
 * same four verbs, each layer with its own record and bodies. These send them for either layer.
 */
function layerGet<T>(
  http: Requester,
  layer: LoadBalancerLayer,
  id: string,
  schema: z.ZodType<T>,
  options: CallOptions | undefined,
): Promise<T> {
  return http.request({ method: "GET", path: layerPath(layer, id), schema }, options);
}

/** POST a new balancer (202, status in_process) or PUT a change (200, or 202 while applied). */
function layerSend<T>(
  http: Requester,
  layer: LoadBalancerLayer,
  id: string | undefined,
  body: { readonly labels?: LabelsInput },
  schema: z.ZodType<T>,
  options: CallOptions | undefined,
): Promise<T> {
  checkLabels(body.labels);
  const spec =
    id === undefined
      ? ({ method: "POST", path: `/load_balancers/${layer}` } as const)
      : ({ method: "PUT", path: layerPath(layer, id) } as const);
  return http.request({ ...spec, body, schema }, options);
}

export class LoadBalancersApi {
  constructor(private readonly http: Requester) {}

  /** Every load balancer, without zones (Go `LoadBalancer`). */
  list(options?: LoadBalancerListOptions, callOptions?: CallOptions): PagePromise<LoadBalancer> {
    return this.http.list("/load_balancers", toWireQuery(options), LoadBalancerSchema, callOptions);
  }

  async getL4(id: string, options?: CallOptions): Promise<L4LoadBalancer> {
    return layerGet(this.http, "l4", id, L4LoadBalancerSchema, options);
  }

  /** 202 with the balancer in status in_process (Ansible's good code; Go fixture). */
  async createL4(body: L4LoadBalancerCreateBody, options?: CallOptions): Promise<L4LoadBalancer> {
    return layerSend(this.http, "l4", undefined, body, L4LoadBalancerSchema, options);
  }

  /** 200 (nothing to change) or 202 (being applied: wait for active), per Ansible. */
  async updateL4(
    id: string,
    body: L4LoadBalancerUpdateBody,
    options?: CallOptions,
  ): Promise<L4LoadBalancer> {
    return layerSend(this.http, "l4", id, body, L4LoadBalancerSchema, options);
  }

  /** 204 (Ansible); the balancer then disappears. */
  async deleteL4(id: string, options?: CallOptions): Promise<void> {
    return this.http.requestEmpty({ method: "DELETE", path: layerPath("l4", id) }, options);
  }

  async getL7(id: string, options?: CallOptions): Promise<L7LoadBalancer> {
    return layerGet(this.http, "l7", id, L7LoadBalancerSchema, options);
  }

  /** As createL4: 202 with the balancer in status in_process. */
  async createL7(body: L7LoadBalancerCreateBody, options?: CallOptions): Promise<L7LoadBalancer> {
    return layerSend(this.http, "l7", undefined, body, L7LoadBalancerSchema, options);
  }

  /** As updateL4: 200 or 202. */
  async updateL7(
    id: string,
    body: L7LoadBalancerUpdateBody,
    options?: CallOptions,
  ): Promise<L7LoadBalancer> {
    return layerSend(this.http, "l7", id, body, L7LoadBalancerSchema, options);
  }

  /** As deleteL4: 204. */
  async deleteL7(id: string, options?: CallOptions): Promise<void> {
    return this.http.requestEmpty({ method: "DELETE", path: layerPath("l7", id) }, options);
  }
  listClusters(
    options?: LoadBalancerClusterListOptions,
    callOptions?: CallOptions,
  ): PagePromise<LoadBalancerCluster> {
    return this.http.list(
      "/load_balancer_clusters",
      toWireQuery(options),
      LoadBalancerClusterSchema,
      callOptions,
    );
  }

  async getCluster(id: string, options?: CallOptions): Promise<LoadBalancerCluster> {
    return this.http.request(
      {
        method: "GET",
        path: path`/load_balancer_clusters/${id}`,
        schema: LoadBalancerClusterSchema,
      },
      options,
    );
  }
}

function layerPath(layer: LoadBalancerLayer, id: string): string {
  return layer === "l4" ? path`/load_balancers/l4/${id}` : path`/load_balancers/l7/${id}`;
}
