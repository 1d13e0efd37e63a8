// The PtrRecord row: a record of a cloud instance made through the API first. The API can only
// create and delete records, so every property replaces and nothing changes in place; records
// have no labels (ptr-record.test.ts: a host's records, canonical spellings, adoptId).
import { ptrRecordKind } from "../../../provider/ptr-record/definition";
import { activeCloudInstance } from "../../provider/cloud-instance-support";
import { CLOUD_RECORDS, HOST, HOST_IP } from "../../provider/ptr-record-support";
import type { KindRow } from "../row";

const DECLARED = { domain: "web.example.com" };

export const ptrRecord: KindRow = {
  kind: ptrRecordKind,
  name: "rdns",
  collection: CLOUD_RECORDS,
  // cloud_computing/instances/<instance>/ptr_records/<record>
  recordKey: (id) => id.split("/").at(-1) ?? "",
  prepare: async (client, sim) => {
    const instance = await activeCloudInstance(client, sim);
    return { instanceId: instance.id, ip: instance.ip };
  },
  inputs: ({ instanceId, ip }) => ({ cloudInstanceId: instanceId, ip, ...DECLARED }),
  // The record's path below /v1.
  id: ({ prepared, record }) =>
    `cloud_computing/instances/${prepared.instanceId}/ptr_records/${String(record.id)}`,
  // The service defaults ttl and priority.
  outputs: ({ prepared, record }) => ({
    cloudInstanceId: prepared.instanceId,
    ip: prepared.ip,
    ...DECLARED,
    ttl: 60,
    priority: 0,
    ptrRecordId: record.id,
  }),
  readInputs: ({ prepared }) => ({
    cloudInstanceId: prepared.instanceId,
    ip: prepared.ip,
    ...DECLARED,
    ttl: 60,
    priority: 0,
  }),
  deleteLines: ({ id }) => [`serverscom:PtrRecord web.example.com (${id}): gone`],
  // Any change replaces, deleting first: another target too.
  replace: [
    { fields: () => ({ domain: "www.example.com" }), replaces: ["domain"] },
    { fields: () => ({ ttl: 300 }), replaces: ["ttl"] },
    { fields: () => ({ priority: 5 }), replaces: ["priority"] },
    { fields: () => ({ ip: "203.0.113.9" }), replaces: ["ip"] },
    { fields: () => ({ cloudInstanceId: "other" }), replaces: ["cloudInstanceId"] },
    {
      fields: () => ({ cloudInstanceId: undefined, ...HOST, ip: HOST_IP }),
      replaces: ["hostId", "hostType", "ip"],
    },
  ],
  // Changed by hand: the next up replaces it. The ttl was never declared (the service's default),
  // so its change alone replaces nothing.
  drift: {
    change: async ({ record }, sim) => {
      await sim.control.patch(CLOUD_RECORDS, String(record.id), {
        domain: "hijacked.example.com",
        ttl: 5,
      });
    },
    shows: { domain: "hijacked.example.com", ttl: 5 },
    updates: [],
    replaces: ["domain"],
  },
  // The record with the declared target, address and domain that was not there before the create
  // is its own.
  lostCreateAnswer: "adopts",
};
