// Shared by the DedicatedServer suites: inputs as the engine sends them, a valid order in AMS1 from
// the simulator's seed catalogue, SSH keys for the account, and small readers of the simulator.
import { createHash } from "node:crypto";
import type { PropertyBag } from "../../provider/framework/check";
import { engineInputs, recordCount, type TestBed } from "./support";

/** Seed ids (simulator/seed/catalogue.ts). */
export const AMS1 = 1;
export const SIN1 = 3;
export const UBUNTU_22 = 301;
export const DEBIAN_12 = 303;
export const WINDOWS_2022 = 305;

/** Simulated durations (simulator/framework/durations.ts). */
export const INSTALL_MS = 20 * 60_000;
export const REINSTALL_MS = 15 * 60_000;

/** A Dell R640 in AMS1 with two 480 GB SSDs in one layout, private and public uplinks. */
export const ORDER = {
  locationId: AMS1,
  serverModelId: 101,
  uplinkModels: { private: { id: 401 }, public: { id: 403, bandwidthModelId: 501 } },
  ramSize: 64,
  drives: {
    slots: [
      { position: 0, driveModelId: 201 },
      { position: 1, driveModelId: 201 },
    ],
    layout: [{ slotPositions: [0, 1], ignore: false }],
  },
  operatingSystemId: UBUNTU_22,
};

export const SCRIPT = "#!ipxe\ndhcp\nchain http://boot.example.com/menu.ipxe\n";
export const OTHER_SCRIPT = "#!ipxe\ndhcp\nchain http://boot.example.com/rescue.ipxe\n";

/** Inputs as the engine would send them for a DedicatedServer named `name` in project/stack p/s. */
export function serverInputs(name: string, fields: PropertyBag = {}): Record<string, unknown> {
  return engineInputs("DedicatedServer", name, { hostname: name, ...ORDER, ...fields });
}

/** An iPXE Boot order: no operating system, the feature and the script. */
export function ipxeFields(feature = "private_ipxe_boot", script = SCRIPT): PropertyBag {
  return { operatingSystemId: null, features: [feature], ipxeConfig: script };
}

/** A syntactically valid OpenSSH ed25519 public key line, distinct per seed. */
export function ed25519Key(seed: string): string {
  const length = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  const type = Buffer.from("ssh-ed25519");
  const key = createHash("sha256").update(seed).digest();
  return `ssh-ed25519 ${Buffer.concat([length(type.length), type, length(key.length), key]).toString("base64")} ${seed}@example`;
}

/** Adds an SSH key to the account and answers its fingerprint. */
export async function addSshKey(bed: TestBed, name: string): Promise<string> {
  const key = await bed.client.sshKeys.create({ name, public_key: ed25519Key(name) });
  return key.fingerprint;
}

export async function serverCount(bed: TestBed): Promise<number> {
  return recordCount(bed, "dedicated_servers");
}

/** The server's feature statuses as the simulator stores them. */
export async function storedFeatures(bed: TestBed, id: string): Promise<Record<string, unknown>> {
  const stored = await bed.sim.control.peek("dedicated_servers", id);
  return (stored?._features ?? {}) as Record<string, unknown>;
}

export { requests } from "./support";
