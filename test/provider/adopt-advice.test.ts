// The fixed form in which an error names objects for adoptId (provider/framework/adopt-advice.ts):
// what the kinds without labels write when they stop at an object they cannot tell from another
// program's, read back by the same module (the fault soak's user takes the ids from it).
import { describe, expect, it } from "vitest";
import { cloudSnapshotKind } from "../../provider/cloud-snapshot/definition";
import { dnsRecordKind } from "../../provider/dns-record/definition";
import { adoptAdvice, adoptCandidates, candidateList } from "../../provider/framework/adopt-advice";
import { hostNetworkKind } from "../../provider/host-network/definition";
import { subnetworkKind } from "../../provider/subnetwork/definition";
import type { CloudSnapshot, DnsRecord, Network, Subnetwork } from "../../sdk";

/** Ids as the kinds make them: composite paths, and characters JSON must escape. */
const IDS = ["zone7/Rec01", "network_pools/NpAms1Pr/subnetworks/Sn02", 'odd "id" \\ here'];

describe("adoptId candidates in an error message", () => {
  it('one object: `set adoptId: "<id>"` reads back as that id', () => {
    for (const id of IDS) {
      const message = `serverscom:DnsRecord A www: the zone has it. To manage it, ${adoptAdvice(id)}; otherwise delete it`;
      expect(adoptCandidates(message)).toEqual([id]);
    }
  });

  it("several objects after a lost answer read back in the order named, none added", () => {
    const message =
      `serverscom:HostNetwork public_ipv4: the create request failed (POST -> 504), and since ` +
      `then 3 host networks matching it appeared: ${candidateList(IDS)}. Nothing tells which ` +
      "one this create made";
    expect(adoptCandidates(message)).toEqual(IDS);
  });

  it("a message naming no candidate gives none (prose mentioning adoptId included)", () => {
    for (const message of [
      "serverscom:RbsVolume data: POST /v1/remote_block_storage/volumes -> 503",
      "An order may still appear. The next `pulumi up` does not adopt it: adopt it instead (adoptId) or delete it",
      'set adoptId to the one that is this resource\'s: "Rec01"',
    ]) {
      expect(adoptCandidates(message)).toEqual([]);
    }
  });

  it("every kind that stops at an identical object names it in that form", () => {
    const record = { id: "Rec01", domain_id: "Zone1", type: "A", name: "www", data: "192.0.2.1" };
    const stops: [string | undefined, string][] = [
      [
        dnsRecordKind.conflict?.([record as unknown as DnsRecord], {
          zoneId: "Zone1",
          name: "www",
          type: "A",
          data: "192.0.2.1",
        }),
        "Zone1/Rec01",
      ],
      [
        cloudSnapshotKind.conflict?.(
          [{ regionId: 1, snapshot: { id: "Snap9", name: "golden" } as unknown as CloudSnapshot }],
          { regionId: 1, instanceId: "Inst1", name: "golden" },
        ),
        "1/Snap9",
      ],
      [
        subnetworkKind.conflict?.(
          [
            {
              networkPoolId: "NpAms1Pr",
              record: { id: "Sn02", cidr: "10.20.0.0/29", title: "db" } as unknown as Subnetwork,
            },
          ],
          { networkPoolId: "NpAms1Pr", cidr: "10.20.0.0/29", title: "db" },
        ),
        "network_pools/NpAms1Pr/subnetworks/Sn02",
      ],
      [
        hostNetworkKind.conflict?.(
          [
            {
              hostType: "dedicated_server",
              hostId: "Ds1",
              network: { id: "Net6", status: "active" } as unknown as Network,
            },
          ],
          { hostId: "Ds1", hostType: "dedicated_server", type: "public_ipv6" },
        ),
        "hosts/dedicated_servers/Ds1/networks/Net6",
      ],
    ];
    for (const [message, id] of stops) {
      expect(message).toBeDefined();
      expect(adoptCandidates(message ?? "")).toEqual([id]);
    }
  });
});
