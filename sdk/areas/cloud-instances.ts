// Cloud instances: /cloud_computing/instances. Every action answers the instance in its new
// (upper-case) status.
import { z } from "zod";
import type { CallOptions, ListOptions, Requester } from "../core/contract";
import type { StateTable } from "../wait";
import {
  type CloudInstancePtrRecordCreateBody,
  type LabelsInput,
  LabelsSchema,
  PtrRecordOwnerApi,
  TimestampSchema,
} from "./common";

const base = "/cloud_computing/instances";

// --- Records ---

/**
 * api-spec.md names the instance's UUID on the underlying cloud platform `platform_uuid`, a
 * neutral word in place of the vendor's; the wire (and so this schema) spells it
 * `openstack_uuid`. Read it with `platformUuidOf` to keep the spec's word in calling code.
 */
export const cloudInstancePlatformUuidField = "openstack_uuid" as const;

export const CloudInstanceSchema = z.object({
  id: z.string(),
  /**
   * The spec's `platform_uuid`: see cloudInstancePlatformUuidField. Null or absent while the
   * instance is provisioning (the Ansible collection's cloud_computing_instance documentation).
   */
  openstack_uuid: z.string().nullable().optional(),
  /** Upper case; see cloudInstanceStates. */
  status: z.string(),
  name: z.string(),
  region_id: z.number().int().optional(),
  region_code: z.string().optional(),
  flavor_id: z.string(),
  image_id: z.string(),
  // Addresses: null or absent while provisioning, without the network, or detached (Ansible
  // documentation: "may be null if detached"; the Go client decodes them into pointers).
  public_ipv4_address: z.string().nullable().optional(),
  private_ipv4_address: z.string().nullable().optional(),
  public_ipv6_address: z.string().nullable().optional(),
  labels: LabelsSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  // The spec lists these on the record; the fixtures' older records lack them.
  flavor_name: z.string().optional(),
  image_name: z.string().nullable().optional(),
  local_ipv4_address: z.string().nullable().optional(),
  ipv6_enabled: z.boolean().optional(),
  gpn_enabled: z.boolean().optional(),
  backup_copies: z.number().int().optional(),
  public_port_blocked: z.boolean().optional(),
});
export type CloudInstance = z.infer<typeof CloudInstanceSchema>;

/**
 * The spec's `platform_uuid` of an instance (the wire's `openstack_uuid`); undefined while the
 * instance is provisioning and the platform has not named it yet.
 */
export function platformUuidOf(instance: CloudInstance): string | undefined {
  return instance.openstack_uuid ?? undefined;
}

/**
 * Instance `status` (docs/wire.md). Which settled status an operation ends in depends on the
 * operation (ACTIVE after a reboot, SWITCHED_OFF after power off, AWAITING_UPGRADE_CONFIRM after
 * an upgrade), so waiters pick their target from `settled`.
 */
export const cloudInstanceStates: StateTable = {
  transitional: [
    "PENDING",
    "CREATING",
    "BUILDING",
    "PROVISIONING",
    "REBOOTING",
    "REBUILDING",
    "UPGRADING",
    "REVERTING_UPGRADE",
    "SWITCHING_ON",
    "SWITCHING_OFF",
    "CREATING_SNAPSHOT",
    "RESCUING",
    "DELETING",
    "BUSY",
  ],
  settled: ["ACTIVE", "SWITCHED_OFF", "AWAITING_UPGRADE_CONFIRM", "RESCUE"],
  failed: ["ERROR", "QUOTA_EXCEEDED", "KEYPAIR_NOT_FOUND"],
};

/**
 * The status of a deleted instance, which may also answer 404 instead. Neither settled nor
 * failed: it is the goal of a delete and a failure of anything else.
 */
export const cloudInstanceGoneStatuses: readonly string[] = ["DELETED"];

// --- Request bodies ---

export interface CloudInstanceCreateBody {
  readonly name: string;
  readonly region_id: number;
  readonly flavor_id: string;
  readonly image_id: string;
  readonly gpn_enabled?: boolean;
  /**
   * false creates the instance without a public IPv4 address; the service's default is true
   * (the Go client's CloudComputingInstanceCreateInput, the Ansible collection's `ipv4`).
   */
  readonly ipv4_enabled?: boolean;
  readonly ipv6_enabled?: boolean;
  /** One key, unlike hosts. */
  readonly ssh_key_fingerprint?: string;
  readonly backup_copies?: number;
  readonly user_data?: string;
  readonly labels?: LabelsInput;
}

export interface CloudInstanceUpdateBody {
  readonly name?: string;
  readonly backup_copies?: number;
  readonly gpn_enabled?: boolean;
  readonly ipv6_enabled?: boolean;
  /** Replaces the whole label set. */
  readonly labels?: LabelsInput;
}

export interface CloudInstanceUpgradeBody {
  /** A higher configuration; the instance is down for up to 10 minutes. */
  readonly flavor_id: string;
}

export interface CloudInstanceReinstallBody {
  readonly image_id: string;
}

export interface CloudInstanceListOptions extends ListOptions {
  readonly regionId?: number;
}

// --- Verbs ---

export class CloudInstancesApi extends PtrRecordOwnerApi<
  CloudInstance,
  CloudInstanceListOptions,
  CloudInstanceUpdateBody,
  CloudInstancePtrRecordCreateBody
> {
  constructor(http: Requester) {
    super(http, base, CloudInstanceSchema);
  }

  async create(body: CloudInstanceCreateBody, options?: CallOptions): Promise<CloudInstance> {
    return this.records.create(body, options);
  }

  /** Answers the instance with status DELETING. */
  async delete(id: string, options?: CallOptions): Promise<CloudInstance> {
    return this.http.request(
      { method: "DELETE", path: this.records.at(id), schema: CloudInstanceSchema },
      options,
    );
  }

  /** Answers REBOOTING. 409 CONFLICT when locked; CLOUD_REGION_MAINTENANCE in maintenance. */
  async reboot(id: string, options?: CallOptions): Promise<CloudInstance> {
    return this.records.action(id, "reboot", undefined, options);
  }

  /** Answers UPGRADING; AWAITING_UPGRADE_CONFIRM follows, confirmed on its own after 72 h. */
  async upgrade(
    id: string,
    body: CloudInstanceUpgradeBody,
    options?: CallOptions,
  ): Promise<CloudInstance> {
    return this.records.action(id, "upgrade", body, options);
  }

  async approveUpgrade(id: string, options?: CallOptions): Promise<CloudInstance> {
    return this.records.action(id, "approve_upgrade", undefined, options);
  }

  async revertUpgrade(id: string, options?: CallOptions): Promise<CloudInstance> {
    return this.records.action(id, "revert_upgrade", undefined, options);
  }

  async reinstall(
    id: string,
    body: CloudInstanceReinstallBody,
    options?: CallOptions,
  ): Promise<CloudInstance> {
    return this.records.action(id, "reinstall", body, options);
  }

  async rescue(id: string, options?: CallOptions): Promise<CloudInstance> {
    return this.records.action(id, "rescue", undefined, options);
  }

  async unrescue(id: string, options?: CallOptions): Promise<CloudInstance> {
    return this.records.action(id, "unrescue", undefined, options);
  }

  /**
   * POST .../switch_on (the Ansible collection and the 2020 OpenAPI document; docs/wire.md says
   * why not the Go client's switch_power_on); answers SWITCHING_ON.
   */
  async powerOn(id: string, options?: CallOptions): Promise<CloudInstance> {
    return this.records.action(id, "switch_on", undefined, options);
  }

  /** POST .../switch_off; answers SWITCHING_OFF, then SWITCHED_OFF. */
  async powerOff(id: string, options?: CallOptions): Promise<CloudInstance> {
    return this.records.action(id, "switch_off", undefined, options);
  }
}
