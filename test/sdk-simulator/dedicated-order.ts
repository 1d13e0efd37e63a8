// The dedicated server order the suites place when what they test is not the order itself: the
// smallest one the seed catalogue sells in AMS1. One place, so a suite states only what it needs
// different (a model, an OS, labels) and the catalogue's ids are written once.

import type { DedicatedServer, DedicatedServerCreateBody } from "../../sdk/areas/dedicated-servers";
import type { ServersComClient } from "../../sdk/client";
import { AMS1 } from "../../simulator";

/**
 * One host in AMS1: server model 101 with 32 GB, one drive of model 201 (480 GB) in slot 0, a private
 * uplink (401) only, Debian 12 (303); `overrides` replace whole fields.
 */
export function dedicatedServerOrder(
  hostname: string,
  overrides: Partial<DedicatedServerCreateBody> = {},
): DedicatedServerCreateBody {
  return {
    location_id: AMS1,
    server_model_id: 101,
    uplink_models: { private: { id: 401 } },
    ram_size: 32,
    drives: { slots: [{ position: 0, drive_model_id: 201 }] },
    operating_system_id: 303,
    hosts: [{ hostname }],
    ...overrides,
  };
}

/** Orders that one host and answers its record as the order answers it (before any install). */
export async function orderDedicatedServer(
  client: ServersComClient,
  hostname: string,
  overrides: Partial<DedicatedServerCreateBody> = {},
): Promise<DedicatedServer> {
  const [server] = await client.dedicatedServers.create(dedicatedServerOrder(hostname, overrides));
  if (server === undefined) throw new Error(`the order of ${hostname} answered no record`);
  return server;
}
