// The SbmServer row.
import { expect } from "vitest";
import { sbmServerKind } from "../../../provider/sbm-server/definition";
import type { KindRow } from "../row";
import { changedOutside } from "./changed-outside";
import { HOST_FIELDS } from "./host-fields";

const SBM_ORDER = { locationId: 1, sbmFlavorModelId: 601, operatingSystemId: 301 };

export const sbmServer: KindRow = {
  kind: sbmServerKind,
  name: "web",
  collection: "sbm_servers",
  inputs: () => ({ ...SBM_ORDER, hostname: "web.example.com", labels: { env: "prod" } }),
  id: ({ record }) => String(record.id),
  // Every field; no configurationDetails.
  outputs: () => ({
    title: "web.example.com",
    type: "sbm_server",
    locationId: 1,
    locationCode: "AMS1",
    status: "active",
    operationalStatus: "normal",
    powerStatus: "powered_on",
    sbmFlavorModelId: 601,
    sbmFlavorModelName: "SBM-01",
    operatingSystemId: 301,
    operatingSystemFullName: "Ubuntu 22.04-server x86_64",
    ramSize: 32,
    scheduledReleaseAt: null,
    labels: { env: "prod" },
    ...HOST_FIELDS,
    configuration: expect.any(String),
    bandwidthName: expect.any(String),
    privateUplinkName: expect.any(String),
    publicUplinkName: expect.any(String),
    bandwidthId: expect.any(Number),
    privateUplinkId: expect.any(Number),
    publicUplinkId: expect.any(Number),
  }),
  // The ownership label travels in the host entry.
  labels: { env: "prod" },
  readInputs: () => ({ ...SBM_ORDER, hostname: "web.example.com", labels: { env: "prod" } }),
  unrecorded: ["publicIpv4NetworkId", "privateIpv4NetworkId", "sshKeyFingerprints", "userData"],
  createLines: ({ id }) => [
    `serverscom:SbmServer web.example.com (${id}): init/provisioning/unknown`,
    expect.stringMatching(/: init\/provisioning\/unknown -> init\/installation\/powered_on after /),
    expect.stringMatching(/: init\/installation\/powered_on -> active\/normal\/powered_on after /),
  ],
  // Released at the end of the billing hour: the delete ends once that is scheduled, saying when.
  deleted: (record) => expect(typeof record?.scheduled_release_at).toBe("string"),
  deleteLines: ({ id, record }) => [
    `serverscom:SbmServer web.example.com (${id}): release scheduled for ` +
      `${new Date(Date.parse(String(record.created_at)) + 3_600_000).toISOString()} (the end of ` +
      "its billing hour): it is billed until then and removed by the service, with its " +
      "networks and PTR records; nothing more to wait for",
  ],
  // Labels with one PUT and no reinstall (every other change reinstalls: sbm-server.test.ts).
  update: {
    fields: () => ({ labels: { env: "staging", team: "a" } }),
    updates: ["labels"],
    outputs: () => ({ labels: { env: "staging", team: "a" }, status: "active" }),
    labels: { env: "staging", team: "a" },
    requests: { "PUT /v1/hosts/sbm_servers/:id": 1, "POST /v1/hosts/sbm_servers/:id/reinstall": 0 },
  },
  replace: [
    {
      fields: () => ({ sbmFlavorModelId: 602 }),
      replaces: ["sbmFlavorModelId"],
    },
    {
      fields: () => ({ locationId: 2, sbmFlavorModelId: 602 }),
      replaces: ["locationId", "sbmFlavorModelId"],
    },
    // A creation-only input set after the create: through the native door too (it once took any
    // write-only value the outputs lack on trust, as after an import, and saw no change).
    {
      fields: () => ({ publicIpv4NetworkId: "n1" }),
      replaces: ["publicIpv4NetworkId"],
    },
  ],
  drift: {
    change: changedOutside("sbm_servers", {}, { env: "dev" }),
    shows: { labels: { env: "dev" } },
    updates: ["labels"],
  },
  removeOutside: ({ id }, client) => client.sbmServers.release(id),
  partial: {
    timeoutMs: 60_000,
    timeoutText: "1m 0s",
    properties: {
      status: "init",
      operationalStatus: "provisioning",
      hostname: "web.example.com",
    },
  },
  lostCreateAnswer: "adopts",
};
