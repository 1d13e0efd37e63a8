// Shared bodies, record types and checks of the host suites: a valid order in each kind, so every
// test changes only the field it is about, and what every kind of host answers alike.
import { expect } from "vitest";
import type { Labels, TestSimulator } from "./helpers";

export const AMS1 = 1;
export const DFW1 = 2;
export const SIN1 = 3;

/** Test SSH keys, seeded through the `seed.records` option. */
export const SSH_KEY = {
  name: "deploy",
  fingerprint: "48:81:0c:43:99:12:71:5e:ba:fd:e7:2f:20:d7:95:e8",
  labels: {},
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};
export const SSH_KEY_2 = {
  ...SSH_KEY,
  name: "ops",
  fingerprint: "11:22:33:44:55:66:77:88:99:aa:bb:cc:dd:ee:ff:00",
};

/** Simulator options with both test keys in the account. */
export const SEED_WITH_SSH_KEYS = { seed: { records: { ssh_keys: [SSH_KEY, SSH_KEY_2] } } };

export interface Host {
  readonly id: string;
  readonly rack_id: string | null;
  readonly type: string;
  readonly title: string;
  readonly location_id: number;
  readonly location_code: string;
  readonly status: string;
  readonly operational_status: string;
  readonly power_status: string;
  readonly configuration: string;
  readonly private_ipv4_address: string | null;
  readonly public_ipv4_address: string | null;
  readonly oob_ipv4_address: string | null;
  readonly lease_start_at: string | null;
  readonly scheduled_release_at: string | null;
  readonly labels: Labels;
  readonly created_at: string;
  readonly updated_at: string;
  readonly configuration_details: Readonly<Record<string, string | number | null>>;
  readonly ipxe_config?: string | null;
}

export interface Feature {
  readonly name: string;
  readonly status: string;
}

export interface Network {
  readonly id: string;
  readonly title: string;
  readonly status: string;
  readonly cidr: string;
  readonly family: string;
  readonly interface_type: string;
  readonly distribution_method: string;
  readonly additional: boolean;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface PtrRecord {
  readonly id: string;
  readonly ip: string;
  readonly domain: string;
  readonly ttl: number;
  readonly priority: number;
}

export const IPXE_SCRIPT = "#!ipxe\ndhcp\nchain http://boot.example.com/menu.ipxe\n";

/**
 * What a dedicated server order in AMS1 buys, every iPXE feature offered there: model 101 with
 * both uplinks, 64 GB, two drives of model 202 in one layout, Ubuntu 22.04 (301). The SDK suite
 * (test/sdk-simulator) orders the same server through the client.
 */
export function dedicatedConfiguration() {
  return {
    location_id: AMS1,
    server_model_id: 101,
    uplink_models: { private: { id: 401 }, public: { id: 403, bandwidth_model_id: 501 } },
    ram_size: 64,
    drives: {
      slots: [
        { position: 0, drive_model_id: 202 },
        { position: 1, drive_model_id: 202 },
      ],
      layout: [{ slot_positions: [0, 1], ignore: false }],
    },
    operating_system_id: 301,
  };
}

/** A valid order of one dedicated server in AMS1 (every iPXE feature offered there). */
export function dedicatedOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...dedicatedConfiguration(),
    hosts: [{ hostname: "web1.example.com" }],
    labels: { env: "test" },
    ...overrides,
  };
}

/** The order-based iPXE flow: no operating system, the feature and a script. */
export function ipxeOrder(feature = "private_ipxe_boot", overrides: Record<string, unknown> = {}) {
  return dedicatedOrder({
    operating_system_id: null,
    features: [feature],
    ipxe_config: IPXE_SCRIPT,
    ...overrides,
  });
}

/** A valid order of one SBM server in AMS1 with flavor SBM-01 (private and public uplinks). */
export function sbmOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    location_id: AMS1,
    sbm_flavor_model_id: 601,
    operating_system_id: 302,
    hosts: [{ hostname: "sbm1.example.com", labels: { env: "test" } }],
    ...overrides,
  };
}

export const MINUTE = 60_000;
/** Longer than any transition of the default durations table except the 72-hour upgrade window. */
export const INSTALL_DONE = 25 * MINUTE;

/**
 * An SBM server as its order answers it (api-spec.md "SBM servers"): not installed yet, and "a
 * host ordered without network ids has null private and public addresses".
 */
export const SBM_ORDERED = {
  type: "sbm_server",
  status: "init",
  operational_status: "provisioning",
  power_status: "unknown",
  private_ipv4_address: null,
  public_ipv4_address: null,
} as const;

/** The statuses of an installed host, of every kind (api-spec.md "Hosts"). */
export const INSTALLED = {
  status: "active",
  operational_status: "normal",
  power_status: "powered_on",
} as const;

/**
 * Creates a PTR record of a host at `path` with only an ip and a domain and checks the answer:
 * 201 and the record with the defaults (ttl 60, priority 0), nothing else. Answers the record.
 */
export async function createDefaultPtr(
  sim: TestSimulator,
  path: string,
  ip: string,
  domain: string,
): Promise<PtrRecord> {
  const created = await sim.req<PtrRecord>("POST", path, { ip, domain });
  expect(created.status).toBe(201);
  expect(created.body).toEqual({ id: expect.any(String), ip, domain, ttl: 60, priority: 0 });
  return created.body;
}
