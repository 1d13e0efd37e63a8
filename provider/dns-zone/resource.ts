// The DnsZone resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import { KindResource } from "../framework/resource";
import { dnsZoneKind } from "./definition";

export interface DnsZoneArgs {
  /** The zone's domain name, lower case (example.com); changing it replaces the zone. */
  readonly name: pulumi.Input<string>;
  /** The SOA contact. Fixed once created: the API changes only labels. */
  readonly email: pulumi.Input<string>;
  /** The default TTL of the zone's records, 0 to 604800 seconds. Fixed once created. */
  readonly ttl?: pulumi.Input<number>;
  /** The complete label set; omitted means none. */
  readonly labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Take over the existing zone with this id (its name must match); labels are converged. */
  readonly adoptId?: pulumi.Input<string>;
}

/**
 * A DNS zone (the API's DNS domain). A repeated create finds the zone it made by the ownership
 * label; a zone of the same name that is not this resource's stops the create (take it over with
 * the `adoptId` property).
 *
 * Default timeouts (the custom timeouts resource option changes them): create, update and delete 5
 * minutes.
 */
export class DnsZone extends KindResource {
  declare readonly name: pulumi.Output<string>;
  declare readonly email: pulumi.Output<string | null>;
  declare readonly ttl: pulumi.Output<number | null>;
  /** `undelegated`, `verified` or `delegated`. */
  declare readonly delegationStatus: pulumi.Output<string | null>;
  /** The labels, without the provider's ownership label. */
  declare readonly labels: pulumi.Output<Record<string, string>>;
  /**
   * When the zone stops being published (for example once delegation has failed for long); null
   * when no such date is set.
   */
  declare readonly unpublishDate: pulumi.Output<string | null>;
  declare readonly createdAt: pulumi.Output<string | null>;
  declare readonly updatedAt: pulumi.Output<string | null>;

  constructor(name: string, args: DnsZoneArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(dnsZoneKind, name, args, opts);
  }
}
