// The PtrRecord resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import { KindResource } from "../framework/resource";
import { ptrRecordKind } from "./definition";
import type { HostType } from "./target";

/** Exactly one target: `cloudInstanceId`, or `hostId` with `hostType`. */
export interface PtrRecordArgs {
  /** The cloud instance whose address this is. */
  readonly cloudInstanceId?: pulumi.Input<string>;
  /** The host whose address this is (with hostType). */
  readonly hostId?: pulumi.Input<string>;
  /** What kind of host hostId names. */
  readonly hostType?: pulumi.Input<HostType>;
  /** The address, IPv4 or IPv6 (for a cloud instance: one of its public addresses). */
  readonly ip: pulumi.Input<string>;
  /** The name the address resolves to (sent as `data`), without a trailing dot. */
  readonly domain: pulumi.Input<string>;
  /** Seconds, 1 to 604800; default: the service's (60). */
  readonly ttl?: pulumi.Input<number>;
  /** 0 to 65535; default: the service's (0). */
  readonly priority?: pulumi.Input<number>;
  /**
   * Take over the existing record with this id (the resource id form,
   * `cloud_computing/instances/<id>/ptr_records/<record id>`) instead of adding one. Its target,
   * address, domain, ttl and priority must be the declared ones.
   */
  readonly adoptId?: pulumi.Input<string>;
}

/**
 * A PTR (reverse DNS) record of a cloud instance or a host. Records cannot be changed: any change
 * replaces the record (the old one is deleted first).
 *
 * The resource's id is the record's API path below /v1, e.g. `cloud_computing/instances/<instance
 * id>/ptr_records/<record id>`; the `ptrRecordId` output is the record's own id. Records have no
 * labels: a create never takes over a record that already has the declared target, address and
 * domain (another resource's, an earlier generation's, or one made by hand): it names it and adds
 * its own, so two resources never share one record. To manage an existing record, name it with the
 * `adoptId` property.
 *
 * Default timeouts (the custom timeouts resource option changes them): create, update and delete 5
 * minutes.
 */
export class PtrRecord extends KindResource {
  declare readonly cloudInstanceId: pulumi.Output<string | undefined>;
  declare readonly hostId: pulumi.Output<string | undefined>;
  declare readonly hostType: pulumi.Output<HostType | undefined>;
  /** The address in canonical form (IPv6 compressed, lower case). */
  declare readonly ip: pulumi.Output<string>;
  /** The domain, lower case. */
  declare readonly domain: pulumi.Output<string>;
  declare readonly ttl: pulumi.Output<number>;
  declare readonly priority: pulumi.Output<number>;
  /** The record's id in the API. */
  declare readonly ptrRecordId: pulumi.Output<string>;

  constructor(name: string, args: PtrRecordArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(ptrRecordKind, name, args, opts);
  }
}
