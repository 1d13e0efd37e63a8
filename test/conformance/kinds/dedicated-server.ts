// The DedicatedServer row.
import { expect } from "vitest";
import { dedicatedServerKind } from "../../../provider/dedicated-server/definition";
import { ed25519Key, ORDER, UBUNTU_22 } from "../../provider/dedicated-server-support";
import type { KindRow } from "../row";
import { changedOutside } from "./changed-outside";
import { HOST_FIELDS } from "./host-fields";

const SERVER_USER_DATA = "#cloud-config\nruncmd: [echo hello]\n";
const DRIVE_SLOT = {
  interface: "SATA3",
  formFactor: "2.5",
  driveModel: {
    id: 201,
    name: "Intel D3-S4510 480GB",
    capacity: 480,
    interface: "SATA3",
    formFactor: "2.5",
    mediaType: "SSD",
  },
};
const SERVER = "/v1/hosts/dedicated_servers/:id";

export const dedicatedServer: KindRow = {
  kind: dedicatedServerKind,
  name: "web-1",
  collection: "dedicated_servers",
  secrets: ["runcmd"],
  prepare: async (client) => {
    const key = async (name: string) =>
      (await client.sshKeys.create({ name, public_key: ed25519Key(name) })).fingerprint;
    return { alice: await key("alice"), bob: await key("bob"), carol: await key("carol") };
  },
  inputs: ({ alice, bob }) => ({
    hostname: "web-1",
    ...ORDER,
    labels: { env: "prod", team: "a" },
    sshKeyFingerprints: [alice, bob],
    userData: SERVER_USER_DATA,
  }),
  id: ({ record }) => String(record.id),
  // Every field; the write-only inputs in their normal form.
  outputs: ({ prepared }) => ({
    hostname: "web-1",
    title: "web-1",
    type: "dedicated_server",
    locationId: 1,
    locationCode: "AMS1",
    status: "active",
    operationalStatus: "normal",
    powerStatus: "powered_on",
    configuration: "Dell R640 / 64 GB RAM / 2 x Intel D3-S4510 480GB",
    scheduledReleaseAt: null,
    labels: { env: "prod", team: "a" },
    ramSize: 64,
    serverModelId: 101,
    serverModelName: "Dell R640",
    privateUplinkId: 401,
    privateUplinkName: "Private 1 Gbps without redundancy",
    publicUplinkId: 403,
    publicUplinkName: "Public 1 Gbps without redundancy",
    bandwidthId: 501,
    bandwidthName: "20 TB",
    operatingSystemId: UBUNTU_22,
    operatingSystemFullName: "Ubuntu 22.04-server x86_64",
    uplinkModels: ORDER.uplinkModels,
    ipxeConfig: null,
    features: [],
    ipxeBootFeature: null,
    featureStatuses: expect.objectContaining({
      private_ipxe_boot: "deactivated",
      public_ipxe_boot: "deactivated",
      no_private_ip: "deactivated",
    }),
    sshKeyFingerprints: [prepared.alice, prepared.bob].sort(),
    driveSlots: [
      { position: 0, ...DRIVE_SLOT },
      { position: 1, ...DRIVE_SLOT },
    ],
    drives: ORDER.drives,
    ipv6: false,
    userData: SERVER_USER_DATA,
    rebootOnIpxeChange: false,
    ...HOST_FIELDS,
  }),
  labels: { env: "prod", team: "a" },
  stored: () => ({ _user_data: SERVER_USER_DATA }),
  readInputs: ({ prepared }) => ({
    ...ORDER,
    features: [],
    hostname: "web-1",
    sshKeyFingerprints: [prepared.alice, prepared.bob].sort(),
    labels: { env: "prod", team: "a" },
    ipv6: false,
    userData: SERVER_USER_DATA,
    rebootOnIpxeChange: false,
  }),
  unrecorded: ["drives", "ipv6", "userData", "rebootOnIpxeChange", "rebootTrigger"],
  // One line per state change of the install, none per poll.
  createLines: ({ id }) => [
    `serverscom:DedicatedServer web-1 (${id}): init/provisioning/unknown`,
    expect.stringMatching(
      /: init\/provisioning\/unknown -> pending\/provisioning\/powered_on after \d+m \d+s$/,
    ),
    expect.stringMatching(
      /: pending\/provisioning\/powered_on -> pending\/installation\/powered_on after \d+m \d+s$/,
    ),
    expect.stringMatching(
      /: pending\/installation\/powered_on -> active\/normal\/powered_on after 2\dm \d+s$/,
    ),
  ],
  // The delete schedules the release: the server then counts as gone.
  deleted: (record) => expect(typeof record?.scheduled_release_at).toBe("string"),
  deleteLines: ({ id }) => [`serverscom:DedicatedServer web-1 (${id}): gone`],
  // Title, labels and keys in place: no reinstall, no reboot, no waits.
  update: {
    fields: ({ prepared }) => ({
      hostname: "web-1.example.com",
      labels: { env: "staging" },
      sshKeyFingerprints: [prepared.carol, prepared.bob],
    }),
    updates: ["hostname", "sshKeyFingerprints", "labels"],
    outputs: ({ prepared }) => ({
      hostname: "web-1.example.com",
      title: "web-1.example.com",
      labels: { env: "staging" },
      sshKeyFingerprints: [prepared.bob, prepared.carol].sort(),
      operatingSystemId: UBUNTU_22,
      status: "active",
    }),
    labels: { env: "staging" },
    stored: ({ prepared }) => ({ _ssh_key_fingerprints: [prepared.bob, prepared.carol] }),
    requests: {
      [`PUT ${SERVER}`]: 1,
      [`POST ${SERVER}/ssh_keys`]: 1,
      [`DELETE ${SERVER}/ssh_keys/:fingerprint`]: 1,
      [`POST ${SERVER}/reinstall`]: 0,
    },
  },
  // New hardware, location, uplinks, drives or ipv6, deleting first.
  replace: [
    { fields: () => ({ locationId: 2 }), replaces: ["locationId"] },
    {
      fields: () => ({ serverModelId: 102 }),
      replaces: ["serverModelId"],
    },
    { fields: () => ({ ramSize: 128 }), replaces: ["ramSize"] },
    {
      fields: () => ({ uplinkModels: { private: { id: 402 } } }),
      replaces: ["uplinkModels"],
    },
    {
      fields: () => ({ drives: { slots: [{ position: 0, driveModelId: 202 }] } }),
      replaces: ["drives"],
    },
    { fields: () => ({ ipv6: true }), replaces: ["ipv6"] },
  ],
  drift: {
    change: changedOutside("dedicated_servers", { title: "renamed" }, { env: "dev" }),
    shows: { hostname: "renamed", labels: { env: "dev" } },
    updates: ["hostname", "labels"],
  },
  removeOutside: ({ id }, client) => client.dedicatedServers.scheduleRelease(id),
  partial: {
    timeoutMs: 300_000,
    timeoutText: "5m 0s",
    // Write-only inputs in their normal form, so the next diff compares like with like.
    properties: {
      status: "pending",
      operationalStatus: "provisioning",
      hostname: "web-1",
      ipv6: false,
      drives: ORDER.drives,
    },
  },
  lostCreateAnswer: "adopts",
};
