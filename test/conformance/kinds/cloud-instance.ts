// The CloudInstance row.
import { expect } from "vitest";
import { cloudInstanceKind } from "../../../provider/cloud-instance/definition";
import type { KindRow } from "../row";
import { renamedOutside } from "./changed-outside";
import { waited } from "./waited";

/** Region 1 (AMS1) images: Ubuntu 24.04. */
const UBUNTU_24 = "6f1c3b4e-2d5a-4c8e-9b7f-1a2b3c4d5e01";
const DALLAS_UBUNTU_24 = "8a2d4c6e-3e6b-4d9f-8c1a-2b3c4d5e6f11";
// A key made with ssh-keygen, and what `ssh-keygen -l -E md5` prints for it.
const INSTANCE_KEY =
  "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMViyXPPKhVMabjHpguYG4rPeK3pNPcfCMaIotflOeM0 test@example";
const INSTANCE_KEY_FINGERPRINT = "06:61:cd:41:7d:c2:f7:f4:94:e4:1d:b7:b6:76:bb:bb";
const USER_DATA = "#cloud-config\npassword: hunter2-secret\n";
const INSTANCE_INPUTS = {
  name: "web",
  regionId: 1,
  flavorId: "SSD.50",
  imageId: UBUNTU_24,
  upgradeConfirmation: "approve",
  labels: { env: "prod" },
  gpnEnabled: true,
  ipv6Enabled: true,
  backupCopies: 2,
  sshKeyFingerprint: INSTANCE_KEY_FINGERPRINT,
  userData: USER_DATA,
};

export const cloudInstance: KindRow = {
  kind: cloudInstanceKind,
  name: "web",
  collection: "cloud_instances",
  secrets: ["hunter2"],
  prepare: async (client) => {
    await client.sshKeys.create({ name: "deploy", public_key: INSTANCE_KEY });
    return {};
  },
  inputs: () => INSTANCE_INPUTS,
  id: ({ record }) => String(record.id),
  // Every field in camelCase; the spec's platform_uuid is the wire's openstack_uuid.
  outputs: ({ record }) => ({
    status: "ACTIVE",
    name: "web",
    regionId: 1,
    regionCode: "AMS1",
    flavorId: "SSD.50",
    flavorName: "SSD.50",
    imageId: UBUNTU_24,
    imageName: "Ubuntu 24.04-server (64 bit)",
    ipv6Enabled: true,
    gpnEnabled: true,
    backupCopies: 2,
    publicPortBlocked: false,
    labels: { env: "prod" },
    awaitingUpgradeConfirmation: false,
    sshKeyFingerprint: INSTANCE_KEY_FINGERPRINT,
    userData: USER_DATA,
    platformUuid: record.openstack_uuid,
    publicIpv4Address: expect.any(String),
    privateIpv4Address: expect.any(String),
    localIpv4Address: expect.any(String),
    publicIpv6Address: expect.any(String),
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  }),
  labels: { env: "prod" },
  readInputs: () => ({
    name: "web",
    regionId: 1,
    flavorId: "SSD.50",
    imageId: UBUNTU_24,
    gpnEnabled: true,
    ipv6Enabled: true,
    backupCopies: 2,
    labels: { env: "prod" },
    sshKeyFingerprint: INSTANCE_KEY_FINGERPRINT,
    userData: USER_DATA,
  }),
  // The write-only inputs reach the API.
  stored: () => ({ _user_data: USER_DATA, _ssh_key_fingerprint: INSTANCE_KEY_FINGERPRINT }),
  // Write-only: the API never answers them.
  unrecorded: ["sshKeyFingerprint", "ipv4Enabled", "userData", "rebootTrigger"],
  createLines: ({ id }) =>
    waited(`serverscom:CloudInstance web (${id})`, "PROVISIONING", "ACTIVE", /1m \d+s/),
  deleteLines: ({ id }) => waited(`serverscom:CloudInstance web (${id})`, "DELETING", "gone"),
  // One PUT for them all.
  update: {
    fields: () => ({
      backupCopies: 3,
      gpnEnabled: false,
      ipv6Enabled: false,
      labels: { env: "dev" },
    }),
    updates: ["gpnEnabled", "ipv6Enabled", "backupCopies", "labels"],
    outputs: () => ({
      backupCopies: 3,
      gpnEnabled: false,
      ipv6Enabled: false,
      labels: { env: "dev" },
      publicIpv6Address: null,
    }),
    labels: { env: "dev" },
    requests: { "PUT /v1/cloud_computing/instances/:id": 1 },
  },
  // Creation-only properties, deleting first.
  replace: [
    {
      fields: () => ({ regionId: 2, imageId: DALLAS_UBUNTU_24 }),
      replaces: ["regionId"],
      updates: ["imageId"],
    },
    {
      fields: () => ({ userData: `${USER_DATA}x: 1\n` }),
      replaces: ["userData"],
    },
    {
      fields: () => ({ sshKeyFingerprint: "aa:bb:cc:dd:ee:ff:00:11:22:33:44:55:66:77:88:99" }),
      replaces: ["sshKeyFingerprint"],
    },
  ],
  drift: renamedOutside("cloud_instances", { env: "x" }),
  removeOutside: ({ id }, client) => client.cloudInstances.delete(id),
  partial: {
    timeoutMs: 10_000,
    properties: { status: "PROVISIONING", publicIpv4Address: null, userData: USER_DATA },
  },
  lostCreateAnswer: "adopts",
};
