// The DnsRecord resource as a Pulumi program uses it.
import * as pulumi from "@pulumi/pulumi";
import type { DnsRecordType } from "../../sdk/areas/dns";
import { KindResource } from "../framework/resource";
import { dnsRecordKind } from "./definition";

export interface DnsRecordArgs {
  /** The DnsZone's id; changing it replaces the record. */
  readonly zoneId: pulumi.Input<string>;
  /** A, AAAA, CAA, CNAME, MX, NS, TXT, SRV or ALIAS; changing it replaces the record. */
  readonly type: pulumi.Input<DnsRecordType>;
  /** "@", a name within the zone ("www") or its FQDN ("www.example.com"). */
  readonly name: pulumi.Input<string>;
  /** The record's data in the type's text form: "192.0.2.1", "10 20 5060 sip.example.com". */
  readonly data: pulumi.Input<string>;
  /** Seconds, 0 to 604800; default: the zone's. */
  readonly ttl?: pulumi.Input<number>;
  /** MX and SRV only (and required there), 0 to 65535. */
  readonly priority?: pulumi.Input<number>;
  /** Take over the existing record "<zoneId>/<recordId>" instead of creating one. */
  readonly adoptId?: pulumi.Input<string>;
}

/**
 * A record of a DNS zone. Its id is `<zoneId>/<recordId>`. Records have no labels: a record with
 * the same zone, name, type and data found before a create stops it (take it over with the
 * `adoptId` property).
 *
 * Default timeouts (the custom timeouts resource option changes them): create, update and delete 5
 * minutes.
 */
export class DnsRecord extends KindResource {
  declare readonly zoneId: pulumi.Output<string>;
  /** The record's own id within the zone. */
  declare readonly recordId: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly type: pulumi.Output<string>;
  declare readonly data: pulumi.Output<string | null>;
  declare readonly ttl: pulumi.Output<number | null>;
  declare readonly priority: pulumi.Output<number | null>;
  declare readonly createdAt: pulumi.Output<string | null>;
  declare readonly updatedAt: pulumi.Output<string | null>;

  constructor(name: string, args: DnsRecordArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(dnsRecordKind, name, args, opts);
  }
}
